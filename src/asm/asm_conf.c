// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The bpf_conformance syntax: "mov %r0, 1", "jgt %r1, 5, +2",
 * "ldxw %r0, [%r1+4]", "lock fetch add [%r10-8], %r1".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/insn.h"
#include "asm/asm_priv.h"

static const struct {
	const char *n;
	uint8_t op;
} c_alu[] = {
	{ "add", BPF_ADD },  { "sub", BPF_SUB },  { "mul", BPF_MUL },
	{ "div", BPF_DIV },  { "or", BPF_OR },	  { "and", BPF_AND },
	{ "lsh", BPF_LSH },  { "rsh", BPF_RSH },  { "mod", BPF_MOD },
	{ "xor", BPF_XOR },  { "mov", BPF_MOV },  { "arsh", BPF_ARSH },
	{ "sdiv", BPF_DIV }, { "smod", BPF_MOD }, { "neg", BPF_NEG },
};

static const struct {
	const char *n;
	uint8_t op;
} c_jmp[] = {
	{ "jeq", BPF_JEQ },   { "jgt", BPF_JGT },   { "jge", BPF_JGE },
	{ "jset", BPF_JSET }, { "jne", BPF_JNE },   { "jsgt", BPF_JSGT },
	{ "jsge", BPF_JSGE }, { "jlt", BPF_JLT },   { "jle", BPF_JLE },
	{ "jslt", BPF_JSLT }, { "jsle", BPF_JSLE },
};

static int comma(struct cur *p, const char *mn)
{
	if (!bc_asm_lit(p, ","))
		return bc_asm_fail(p->c, "wrong number of operands for '%s'",
				   mn);
	return 0;
}

/* Operand count check at the end of a conformance instruction. */
static int c_end(struct cur *p, const char *mn)
{
	if (!bc_asm_at_end(p))
		return bc_asm_fail(p->c, "wrong number of operands for '%s'",
				   mn);
	return 0;
}

static int c_need_reg(struct cur *p, const char *mn, int *r)
{
	if (bc_asm_at_end(p))
		return bc_asm_fail(p->c, "wrong number of operands for '%s'",
				   mn);
	return bc_asm_need_reg(p, r, NULL);
}

/* strip a "32" suffix */
static bool suffix32(char *mn)
{
	size_t n = strlen(mn);

	if (n > 2 && !strcmp(mn + n - 2, "32")) {
		mn[n - 2] = '\0';
		return true;
	}
	return false;
}

static int c_alu_insn(struct cur *p, const char *full, char *mn, bool is32)
{
	uint8_t cls = is32 ? BPF_ALU : BPF_ALU64;
	int dst, src, k;
	int64_t v;
	size_t i;
	bool w;

	for (i = 0; i < BC_ARRAY_SIZE(c_alu); i++)
		if (!strcmp(mn, c_alu[i].n))
			break;
	if (i == BC_ARRAY_SIZE(c_alu))
		return 1;
	if ((k = c_need_reg(p, full, &dst)))
		return k;
	if (c_alu[i].op == BPF_NEG) {
		if ((k = c_end(p, full)))
			return k;
		bc_asm_emit(p->c, cls | BPF_NEG, dst, 0, 0, 0);
		return 0;
	}
	if ((k = comma(p, full)))
		return k;
	k = bc_asm_reg_or_imm(p, &src, &w, &v);
	if (k < 0)
		return k;
	if (k == 1)
		bc_asm_emit(p->c, cls | BPF_X | c_alu[i].op, dst, src,
			    mn[0] == 's', 0);
	else
		bc_asm_emit(p->c, cls | BPF_K | c_alu[i].op, dst, 0,
			    mn[0] == 's', (int32_t)v);
	return c_end(p, full);
}

static int c_jmp_insn(struct cur *p, const char *full, char *mn, bool is32)
{
	int dst, src = 0, k;
	int64_t v = 0;
	size_t i;
	bool w;

	for (i = 0; i < BC_ARRAY_SIZE(c_jmp); i++)
		if (!strcmp(mn, c_jmp[i].n))
			break;
	if (i == BC_ARRAY_SIZE(c_jmp))
		return 1;
	if ((k = c_need_reg(p, full, &dst)) || (k = comma(p, full)))
		return k;
	k = bc_asm_reg_or_imm(p, &src, &w, &v);
	if (k < 0)
		return k;
	{
		bool x = k == 1;

		if ((k = comma(p, full)))
			return k;
		k = bc_asm_jump_to(p,
				   (is32 ? BPF_JMP32 : BPF_JMP) | c_jmp[i].op |
					   (x ? BPF_X : BPF_K),
				   dst, x ? src : 0, x ? 0 : (int32_t)v,
				   FIX_OFF);
	}
	return k ? k : c_end(p, full);
}

/* ldx/st/stx/ldabs/ldind mnemonics; 1 if not one of them. */
static int c_mem_insn(struct cur *p, const char *mn)
{
	static const struct {
		const char *n;
		int sz;
	} sizes[] = {
		{ "dw", BPF_DW },
		{ "b", BPF_B },
		{ "h", BPF_H },
		{ "w", BPF_W },
	};
	const char *rest;
	int kind, size = -1, dst, src, k;
	int16_t off;
	int64_t v;
	size_t i;

	if (!strncmp(mn, "ldxs", 4) && strcmp(mn, "ldxsdw")) {
		kind = 's';
		rest = mn + 4;
	} else if (!strncmp(mn, "ldx", 3)) {
		kind = 'l';
		rest = mn + 3;
	} else if (!strncmp(mn, "stx", 3)) {
		kind = 'x';
		rest = mn + 3;
	} else if (!strncmp(mn, "st", 2)) {
		kind = 's' + 1;
		rest = mn + 2;
	} else if (!strncmp(mn, "ldabs", 5)) {
		kind = 'a';
		rest = mn + 5;
	} else if (!strncmp(mn, "ldind", 5)) {
		kind = 'i';
		rest = mn + 5;
	} else {
		return 1;
	}
	for (i = 0; i < BC_ARRAY_SIZE(sizes); i++)
		if (!strcmp(rest, sizes[i].n))
			size = sizes[i].sz;
	if (size < 0 || ((kind == 'a' || kind == 'i') && size == BPF_DW))
		return 1;
	switch (kind) {
	case 's':
	case 'l':
		if ((k = c_need_reg(p, mn, &dst)) || (k = comma(p, mn)) ||
		    (k = bc_asm_memref(p, '[', &src, &off)))
			return k;
		bc_asm_emit(p->c,
			    BPF_LDX | (kind == 's' ? BPF_MEMSX : BPF_MEM) |
				    size,
			    dst, src, off, 0);
		break;
	case 'x':
	case 's' + 1:
		if (bc_asm_at_end(p))
			return bc_asm_fail(
				p->c, "wrong number of operands for '%s'", mn);
		if ((k = bc_asm_memref(p, '[', &dst, &off)) ||
		    (k = comma(p, mn)))
			return k;
		if (kind == 'x') {
			if ((k = c_need_reg(p, mn, &src)))
				return k;
			bc_asm_emit(p->c, BPF_STX | BPF_MEM | size, dst, src,
				    off, 0);
		} else {
			if ((k = bc_asm_need_num(p, NUM_IMM32, &v)))
				return k;
			bc_asm_emit(p->c, BPF_ST | BPF_MEM | size, dst, 0, off,
				    (int32_t)v);
		}
		break;
	case 'a':
		if ((k = bc_asm_need_num(p, NUM_IMM32, &v)))
			return k;
		bc_asm_emit(p->c, BPF_LD | BPF_ABS | size, 0, 0, 0, (int32_t)v);
		break;
	default:
		if ((k = c_need_reg(p, mn, &src)) || (k = comma(p, mn)) ||
		    (k = bc_asm_need_num(p, NUM_IMM32, &v)))
			return k;
		bc_asm_emit(p->c, BPF_LD | BPF_IND | size, 0, src, 0,
			    (int32_t)v);
		break;
	}
	return c_end(p, mn);
}

/* "lock [fetch] OP[32] [%rD+off], %rS" */
int bc_asm_conf_lock(struct cur *p)
{
	static const struct {
		const char *n;
		int32_t imm;
	} ops[] = {
		{ "add", BPF_ADD },   { "and", BPF_AND },
		{ "or", BPF_OR },     { "xor", BPF_XOR },
		{ "xchg", BPF_XCHG }, { "cmpxchg", BPF_CMPXCHG },
	};
	char mn[32];
	bool fetch, is32;
	int dst, src, k;
	int16_t off;
	int32_t imm;
	size_t i;

	fetch = bc_asm_word(p, "fetch");
	if (!bc_asm_ident(p, mn, sizeof(mn)))
		return bc_asm_fail(p->c, "wrong number of operands for 'lock'");
	is32 = suffix32(mn);
	for (i = 0; i < BC_ARRAY_SIZE(ops); i++)
		if (!strcmp(mn, ops[i].n))
			break;
	if (i == BC_ARRAY_SIZE(ops))
		return bc_asm_fail(p->c, "unknown atomic operation 'lock %s'",
				   mn);
	imm = ops[i].imm;
	if (fetch && imm != BPF_XCHG && imm != BPF_CMPXCHG)
		imm |= BPF_FETCH;
	if (bc_asm_at_end(p))
		return bc_asm_fail(p->c, "wrong number of operands for 'lock'");
	if ((k = bc_asm_memref(p, '[', &dst, &off)))
		return k;
	if (bc_asm_at_end(p) || !bc_asm_lit(p, ","))
		return bc_asm_fail(p->c, "wrong number of operands for 'lock'");
	if ((k = bc_asm_need_reg(p, &src, NULL)))
		return k;
	bc_asm_emit(p->c, BPF_STX | BPF_ATOMIC | (is32 ? BPF_W : BPF_DW), dst,
		    src, off, imm);
	return c_end(p, "lock");
}

int bc_asm_conf_insn(struct cur *p, const char *word0)
{
	char mn[64];
	bool is32;
	int dst, src, k;
	int64_t v;

	snprintf(mn, sizeof(mn), "%s", word0);
	if (!strcmp(mn, "lddw")) {
		if ((k = c_need_reg(p, mn, &dst)) || (k = comma(p, mn)))
			return k;
		if ((k = bc_asm_need_num(p, NUM_IMM64, &v)))
			return k;
		bc_asm_emit_lddw(p->c, dst, 0, (uint64_t)v);
		return c_end(p, mn);
	}
	if (!strcmp(mn, "ja") || !strcmp(mn, "ja32")) {
		bool l = mn[2] == '3';

		if (bc_asm_at_end(p))
			return bc_asm_fail(
				p->c, "wrong number of operands for '%s'", mn);
		k = bc_asm_jump_to(p, (l ? BPF_JMP32 : BPF_JMP) | BPF_JA, 0, 0,
				   0, l ? FIX_IMM : FIX_OFF);
		return k ? k : c_end(p, mn);
	}
	if (!strncmp(mn, "movsx", 5)) {
		int from = 0, to = 0;

		const char *q = mn + 5;

		from = q[0] == '8' ?
			       8 :
			       (int)strtol((char[3]){ q[0], q[0] ? q[1] : 0,
						      0 },
					   NULL, 10);
		q += from == 8 ? 1 : (q[0] && q[1] ? 2 : strlen(q));
		to = (!strcmp(q, "32") || !strcmp(q, "64")) ? atoi(q) : 0;
		if ((from != 8 && from != 16 && from != 32) ||
		    (to != 32 && to != 64) || from >= to)
			return bc_asm_fail(p->c, "unknown mnemonic '%s'", mn);
		if ((k = c_need_reg(p, mn, &dst)) || (k = comma(p, mn)) ||
		    (k = c_need_reg(p, mn, &src)))
			return k;
		bc_asm_emit(p->c,
			    (to == 64 ? BPF_ALU64 : BPF_ALU) | BPF_X | BPF_MOV,
			    dst, src, from, 0);
		return c_end(p, mn);
	}
	{
		static const struct {
			const char *n;
			uint8_t code;
		} sw[] = {
			{ "be", BPF_ALU | BPF_END | BPF_X },
			{ "le", BPF_ALU | BPF_END | BPF_K },
			{ "swap", BPF_ALU64 | BPF_END | BPF_K },
			{ "bswap", BPF_ALU64 | BPF_END | BPF_K },
		};
		size_t i, n;

		for (i = 0; i < BC_ARRAY_SIZE(sw); i++) {
			n = strlen(sw[i].n);
			if (strncmp(mn, sw[i].n, n) ||
			    (strcmp(mn + n, "16") && strcmp(mn + n, "32") &&
			     strcmp(mn + n, "64")))
				continue;
			if ((k = c_need_reg(p, mn, &dst)))
				return k;
			bc_asm_emit(p->c, sw[i].code, dst, 0, 0, atoi(mn + n));
			return c_end(p, mn);
		}
	}
	k = c_mem_insn(p, mn);
	if (k <= 0)
		return k;
	is32 = suffix32(mn);
	k = c_alu_insn(p, word0, mn, is32);
	if (k <= 0)
		return k;
	k = c_jmp_insn(p, word0, mn, is32);
	if (k <= 0)
		return k;
	return bc_asm_fail(p->c, "unknown mnemonic '%s'", word0);
}
