// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The Linux verifier log / llvm-objdump syntax: "r1 = *(u32 *)(r6 +76)",
 * "w1 += w2", "if r2 > r3 goto pc+5", "r0 = 0x1122334455667788 ll".
 */
#include <ctype.h>
#include <stdlib.h>

#include "isa/insn.h"
#include "asm/asm_priv.h"

static const struct {
	const char *op;
	uint8_t code;
	int16_t off;
} alu_ops[] = {
	{ "s>>=", BPF_ARSH, 0 }, { "s/=", BPF_DIV, 1 }, { "s%=", BPF_MOD, 1 },
	{ "<<=", BPF_LSH, 0 },	 { ">>=", BPF_RSH, 0 }, { "+=", BPF_ADD, 0 },
	{ "-=", BPF_SUB, 0 },	 { "*=", BPF_MUL, 0 },	{ "/=", BPF_DIV, 0 },
	{ "%=", BPF_MOD, 0 },	 { "|=", BPF_OR, 0 },	{ "&=", BPF_AND, 0 },
	{ "^=", BPF_XOR, 0 },
};

static const struct {
	const char *op;
	uint8_t code;
} jmp_ops[] = {
	{ "s>=", BPF_JSGE }, { "s<=", BPF_JSLE }, { "s>", BPF_JSGT },
	{ "s<", BPF_JSLT },  { "==", BPF_JEQ },	  { "!=", BPF_JNE },
	{ ">=", BPF_JGE },   { "<=", BPF_JLE },	  { ">", BPF_JGT },
	{ "<", BPF_JLT },    { "&", BPF_JSET },
};

static int width_check(struct cur *p, bool w1, bool w2)
{
	if (w1 != w2)
		return bc_asm_fail(p->c, "mixed 32-bit and 64-bit registers");
	return 0;
}

/* "rD = addr_space_cast(rS, TO, FROM)": mov64 with off 1, imm TO << 16 |
 * FROM (Linux's disasm). */
static int k_addr_space_cast(struct cur *p, int dst, bool w)
{
	int64_t to, from;
	bool sw;
	int src, k;

	if ((k = bc_asm_need_reg(p, &src, &sw)))
		return k;
	if (w || sw)
		return bc_asm_fail(p->c, "addr_space_cast takes 64-bit "
					 "registers");
	if (!bc_asm_lit(p, ","))
		return bc_asm_expected(p, "','");
	if ((k = bc_asm_need_num(p, NUM_IMM32, &to)))
		return k;
	if (!bc_asm_lit(p, ","))
		return bc_asm_expected(p, "','");
	if ((k = bc_asm_need_num(p, NUM_IMM32, &from)))
		return k;
	if (to < 0 || to > 0xffff || from < 0 || from > 0xffff)
		return bc_asm_fail(p->c, "address spaces are 0 to 65535");
	if (!bc_asm_lit(p, ")"))
		return bc_asm_expected(p, "')'");
	bc_asm_emit(p->c, BPF_ALU64 | BPF_X | BPF_MOV, dst, src,
		    BC_ADDR_SPACE_CAST, (int32_t)(to << 16 | from));
	return bc_asm_end_of_line(p);
}

static int k_alu_op(struct cur *p, int dst, bool w)
{
	uint8_t cls = w ? BPF_ALU : BPF_ALU64;
	bool sw;
	int64_t v;
	size_t i;
	int k, src;

	for (i = 0; i < BC_ARRAY_SIZE(alu_ops); i++)
		if (bc_asm_lit(p, alu_ops[i].op))
			break;
	if (i == BC_ARRAY_SIZE(alu_ops))
		return bc_asm_expected(p, "'=' or an operator such as '+='");
	k = bc_asm_reg_or_imm(p, &src, &sw, &v);
	if (k < 0)
		return k;
	if (k == 1) {
		if ((k = width_check(p, w, sw)))
			return k;
		bc_asm_emit(p->c, cls | BPF_X | alu_ops[i].code, dst, src,
			    alu_ops[i].off, 0);
	} else {
		bc_asm_emit(p->c, cls | BPF_K | alu_ops[i].code, dst, 0,
			    alu_ops[i].off, (int32_t)v);
	}
	return bc_asm_end_of_line(p);
}

static void opt_ll(struct cur *p)
{
	bc_asm_word(p, "ll");
}

/* "map[NAME]", "map[idx:N]", "map[fd:N]", then optional "[0]+OFF". */
static int k_map(struct cur *p, int dst)
{
	char name[128];
	int src = BPF_PSEUDO_MAP_IDX;
	int64_t v = 0, off = 0;
	int32_t idx;
	int k;

	if (bc_asm_lit(p, "fd:"))
		src = BPF_PSEUDO_MAP_FD;
	if (src == BPF_PSEUDO_MAP_FD || bc_asm_lit(p, "idx:")) {
		if ((k = bc_asm_need_num(p, NUM_IMM32, &v)))
			return k;
		idx = (int32_t)v;
	} else if (bc_asm_map_ident(p, name, sizeof(name))) {
		if (!bc_asm_find_map(p->c, name, &idx))
			return bc_asm_fail(p->c, "unknown map '%s'", name);
	} else {
		return bc_asm_expected(p, "a map name");
	}
	if (!bc_asm_lit(p, "]"))
		return bc_asm_expected(p, "']'");
	if (bc_asm_lit(p, "[")) {
		if (!bc_asm_lit(p, "0") || !bc_asm_lit(p, "]"))
			return bc_asm_expected(p, "'[0]'");
		src = src == BPF_PSEUDO_MAP_FD ? BPF_PSEUDO_MAP_VALUE :
						 BPF_PSEUDO_MAP_IDX_VALUE;
		bc_asm_ws(p);
		if (*p->s == '+' && (k = bc_asm_need_num(p, NUM_IMM32, &off)))
			return k;
	}
	opt_ll(p);
	bc_asm_emit_lddw(p->c, dst, src,
			 (uint32_t)idx | ((uint64_t)(uint32_t)off << 32));
	return bc_asm_end_of_line(p);
}

static int k_lddw_special(struct cur *p, int dst)
{
	char name[128];
	bool is_label;
	int64_t v;
	int k;

	if (bc_asm_lit(p, "map["))
		return k_map(p, dst);
	if (bc_asm_lit(p, "btf_id[")) {
		if ((k = bc_asm_need_num(p, NUM_IMM32, &v)))
			return k;
		if (!bc_asm_lit(p, "]"))
			return bc_asm_expected(p, "']'");
		opt_ll(p);
		bc_asm_emit_lddw(p->c, dst, BPF_PSEUDO_BTF_ID, (uint32_t)v);
		return bc_asm_end_of_line(p);
	}
	/* func[pc+N] or func[label] */
	if (!bc_asm_lit(p, "func["))
		return bc_asm_expected(p, "func[");
	k = bc_asm_target(p, NUM_IMM32, &v, &is_label, name, sizeof(name));
	if (k)
		return k;
	if (!bc_asm_lit(p, "]"))
		return bc_asm_expected(p, "']'");
	if (is_label) {
		bc_asm_emit_lddw(p->c, dst, BPF_PSEUDO_FUNC, 0);
		bc_asm_add_fix(p->c, name, FIX_FUNC); /* at the second slot */
	} else {
		bc_asm_emit_lddw(p->c, dst, BPF_PSEUDO_FUNC, (uint32_t)v);
		bc_asm_add_func(p->c, (int64_t)p->c->cnt - 1 + v);
	}
	opt_ll(p);
	return bc_asm_end_of_line(p);
}

/* "atomic64_fetch_add((u64 *)(r1 +0), r2)" and friends, after "rD = ". */
static int k_atomic_fetch(struct cur *p, int dst)
{
	static const struct {
		const char *n;
		int32_t imm;
	} ops[] = {
		{ "fetch_add", BPF_ADD | BPF_FETCH },
		{ "fetch_and", BPF_AND | BPF_FETCH },
		{ "fetch_or", BPF_OR | BPF_FETCH },
		{ "fetch_xor", BPF_XOR | BPF_FETCH },
		{ "xchg", BPF_XCHG },
		{ "cmpxchg", BPF_CMPXCHG },
	};
	int size, base, src, k;
	bool sx, w2;
	int16_t off;
	size_t i;

	if (!bc_asm_lit(p, "64_"))
		bc_asm_lit(p, "_");
	for (i = 0; i < BC_ARRAY_SIZE(ops); i++)
		if (bc_asm_word(p, ops[i].n))
			break;
	if (i == BC_ARRAY_SIZE(ops))
		return bc_asm_expected(p, "an atomic operation");
	if (!bc_asm_lit(p, "("))
		return bc_asm_expected(p, "'('");
	if ((k = bc_asm_cast(p, &size, &sx)))
		return k;
	if (sx || (size != BPF_W && size != BPF_DW))
		return bc_asm_fail(p->c, "atomic operations are u32 or u64");
	if ((k = bc_asm_memref(p, '(', &base, &off)))
		return k;
	if (!bc_asm_lit(p, ","))
		return bc_asm_expected(p, "','");
	if ((k = bc_asm_need_reg(p, &src, &w2)))
		return k;
	if (ops[i].imm == BPF_CMPXCHG) {
		if (dst != 0 || src != 0)
			return bc_asm_fail(p->c,
					   "cmpxchg compares and returns r0");
		if (!bc_asm_lit(p, ","))
			return bc_asm_expected(p, "','");
		if ((k = bc_asm_need_reg(p, &src, &w2)))
			return k;
	} else if (src != dst) {
		return bc_asm_fail(
			p->c, "atomic fetch returns into its source register");
	}
	if (!bc_asm_lit(p, ")"))
		return bc_asm_expected(p, "')'");
	bc_asm_emit(p->c, BPF_STX | BPF_ATOMIC | size, base, src, off,
		    ops[i].imm);
	return bc_asm_end_of_line(p);
}

/*
 * LLVM's spelling: "r2 = xchg_64(r3 + 0, r2)", "w2 = xchg32_32(r3 + 0, w2)",
 * "r0 = cmpxchg_64(r3 + 0, r0, r5)", "w0 = cmpxchg32_32(...)".
 */
static int k_llvm_xchg(struct cur *p, int dst, bool cmp)
{
	int base, src, k;
	int64_t off = 0;
	bool is32;

	if (bc_asm_lit(p, "_64("))
		is32 = false;
	else if (bc_asm_lit(p, "32_32("))
		is32 = true;
	else
		return bc_asm_expected(p, "_64( or 32_32(");
	if ((k = bc_asm_need_reg(p, &base, NULL)))
		return k;
	bc_asm_ws(p);
	if ((*p->s == '+' || *p->s == '-') &&
	    (k = bc_asm_need_num(p, NUM_OFF16, &off)))
		return k;
	if (!bc_asm_lit(p, ","))
		return bc_asm_expected(p, "','");
	if ((k = bc_asm_need_reg(p, &src, NULL)))
		return k;
	if (cmp) {
		if (dst != 0 || src != 0)
			return bc_asm_fail(p->c,
					   "cmpxchg compares and returns r0");
		if (!bc_asm_lit(p, ",") || (k = bc_asm_need_reg(p, &src, NULL)))
			return k ? k : bc_asm_expected(p, "','");
	} else if (src != dst) {
		return bc_asm_fail(p->c,
				   "xchg returns into its source register");
	}
	if (!bc_asm_lit(p, ")"))
		return bc_asm_expected(p, "')'");
	bc_asm_emit(p->c, BPF_STX | BPF_ATOMIC | (is32 ? BPF_W : BPF_DW), base,
		    src, (int16_t)off, cmp ? BPF_CMPXCHG : BPF_XCHG);
	return bc_asm_end_of_line(p);
}

/* "skb[14]" or "skb[r1 +2]" after "r0 = *(u8 *)". */
static int k_ldabs(struct cur *p, int dst, int size)
{
	int64_t v = 0;
	int r = 0, k;
	bool ind;

	if (dst != 0)
		return bc_asm_fail(p->c, "legacy packet loads return into r0");
	k = bc_asm_reg(p, &r, NULL);
	if (k < 0)
		return k;
	ind = k;
	if (ind) {
		/* "skb[r1 + 2]", "skb[r1 + -2]", "skb[r1 -2]", "skb[r1]" */
		bc_asm_ws(p);
		if (*p->s == '+')
			p->s++; /* the number may carry its own sign */
		if (*p->s != ']' && (k = bc_asm_need_num(p, NUM_IMM32, &v)))
			return k;
	} else if ((k = bc_asm_need_num(p, NUM_IMM32, &v))) {
		return k;
	}
	if (!bc_asm_lit(p, "]"))
		return bc_asm_expected(p, "']'");
	bc_asm_emit(p->c, BPF_LD | size | (ind ? BPF_IND : BPF_ABS), 0, r, 0,
		    (int32_t)v);
	return bc_asm_end_of_line(p);
}

/* After "rD = *": "(u32 *)(r6 +76)", "(s8 *)(r1 -2)", "(u8 *)skb[14]". */
static int k_load(struct cur *p, int dst)
{
	int size, src, k;
	int16_t off;
	bool sx;

	if ((k = bc_asm_cast(p, &size, &sx)))
		return k;
	if (bc_asm_lit(p, "skb[")) {
		if (sx)
			return bc_asm_fail(p->c,
					   "legacy packet loads are unsigned");
		return k_ldabs(p, dst, size);
	}
	if ((k = bc_asm_memref(p, '(', &src, &off)))
		return k;
	if (sx && size == BPF_DW)
		return bc_asm_fail(p->c, "no sign-extending 64-bit load");
	bc_asm_emit(p->c, BPF_LDX | (sx ? BPF_MEMSX : BPF_MEM) | size, dst, src,
		    off, 0);
	return bc_asm_end_of_line(p);
}

/* "be16 rD", "le32 rD", "bswap64 rD"; 1 (cursor unmoved) if not one. */
static int k_bswap(struct cur *p, int dst)
{
	static const char *const ends[] = { "be", "le", "bswap" };
	const char *save;
	int src, k;
	size_t i;

	for (i = 0; i < BC_ARRAY_SIZE(ends); i++) {
		save = p->s;
		if (bc_asm_lit(p, ends[i]) && isdigit((unsigned char)*p->s)) {
			char *end;
			long bits = strtol(p->s, &end, 10);

			p->s = end;
			if (bits != 16 && bits != 32 && bits != 64)
				return bc_asm_fail(
					p->c,
					"byte swap width must be 16, 32 or 64");
			if ((k = bc_asm_need_reg(p, &src, NULL)))
				return k;
			if (src != dst)
				return bc_asm_fail(
					p->c,
					"byte swap works in place (r%d = %s%ld r%d)",
					dst, ends[i], bits, dst);
			bc_asm_emit(p->c,
				    (i == 2 ? BPF_ALU64 : BPF_ALU) | BPF_END |
					    (i == 0 ? BPF_X : BPF_K),
				    dst, 0, 0, (int32_t)bits);
			return bc_asm_end_of_line(p);
		}
		p->s = save;
	}
	return 1;
}

static int k_assign(struct cur *p, int dst, bool w)
{
	uint8_t cls = w ? BPF_ALU : BPF_ALU64;
	int src, k;
	bool sw;
	int64_t v;
	const char *save;

	if (bc_asm_lit(p, "*"))
		return k_load(p, dst);
	k = k_bswap(p, dst);
	if (k <= 0)
		return k;
	if (bc_asm_lit(p, "atomic"))
		return k_atomic_fetch(p, dst);
	if (bc_asm_lit(p, "xchg"))
		return k_llvm_xchg(p, dst, false);
	if (bc_asm_lit(p, "cmpxchg"))
		return k_llvm_xchg(p, dst, true);
	save = p->s;
	if (bc_asm_lit(p, "map[") || bc_asm_lit(p, "btf_id[") ||
	    bc_asm_lit(p, "func[")) {
		p->s = save;
		return k_lddw_special(p, dst);
	}
	bc_asm_ws(p);
	if (p->s[0] == '-' && (p->s[1] == 'r' || p->s[1] == 'w')) {
		p->s++;
		if ((k = bc_asm_need_reg(p, &src, &sw)))
			return k;
		if (src != dst || sw != w)
			return bc_asm_fail(
				p->c, "negation works in place (r%d = -r%d)",
				dst, dst);
		bc_asm_emit(p->c, cls | BPF_NEG, dst, 0, 0, 0);
		return bc_asm_end_of_line(p);
	}
	if (bc_asm_lit(p, "addr_space_cast("))
		return k_addr_space_cast(p, dst, w);
	if (bc_asm_lit(p, "(")) {
		int bits;
		char *end;

		if (*p->s != 's')
			return bc_asm_expected(p, "(s8), (s16) or (s32)");
		bits = (int)strtol(p->s + 1, &end, 10);
		p->s = end;
		if ((bits != 8 && bits != 16 && bits != 32) ||
		    !bc_asm_lit(p, ")"))
			return bc_asm_expected(p, "(s8), (s16) or (s32)");
		if ((k = bc_asm_need_reg(p, &src, &sw)))
			return k;
		if ((k = width_check(p, w, sw)))
			return k;
		bc_asm_emit(p->c, cls | BPF_X | BPF_MOV, dst, src, bits, 0);
		return bc_asm_end_of_line(p);
	}
	k = bc_asm_reg(p, &src, &sw);
	if (k < 0)
		return k;
	if (k) {
		if ((k = width_check(p, w, sw)))
			return k;
		bc_asm_emit(p->c, cls | BPF_X | BPF_MOV, dst, src, 0, 0);
		return bc_asm_end_of_line(p);
	}
	/* a number: lddw when "ll" follows, else mov imm32 */
	save = p->s;
	k = bc_asm_num(p, NUM_IMM64, &v);
	if (k < 0)
		return k;
	if (k == 0)
		return bc_asm_expected(
			p, "a register, a number or a memory operand");
	if (bc_asm_word(p, "ll")) {
		if (w)
			return bc_asm_fail(p->c,
					   "lddw loads a 64-bit register");
		bc_asm_emit_lddw(p->c, dst, 0, (uint64_t)v);
		return bc_asm_end_of_line(p);
	}
	p->s = save;
	if ((k = bc_asm_need_num(p, NUM_IMM32, &v)))
		return k;
	bc_asm_emit(p->c, cls | BPF_K | BPF_MOV, dst, 0, 0, (int32_t)v);
	return bc_asm_end_of_line(p);
}

int bc_asm_linux_reg(struct cur *p, int dst, bool w)
{
	const char *save = p->s;

	if (bc_asm_lit(p, "=") && *p->s != '=')
		return k_assign(p, dst, w);
	p->s = save;
	return k_alu_op(p, dst, w);
}

/* "*(u64 *)(r10 -8) = r1" / "= 7"; or "lock *(u64 *)(r1 +0) += r2". */
int bc_asm_linux_store(struct cur *p, bool locked)
{
	int size, base, src = 0, k;
	int16_t off;
	int64_t v = 0;
	bool sx, w;
	size_t i;

	if ((k = bc_asm_cast(p, &size, &sx)))
		return k;
	if (sx)
		return bc_asm_fail(p->c, "stores take an unsigned size");
	if ((k = bc_asm_memref(p, '(', &base, &off)))
		return k;
	if (locked) {
		for (i = 0; i < BC_ARRAY_SIZE(alu_ops); i++)
			if (bc_asm_lit(p, alu_ops[i].op))
				break;
		if (i == BC_ARRAY_SIZE(alu_ops) || alu_ops[i].off ||
		    (alu_ops[i].code != BPF_ADD && alu_ops[i].code != BPF_OR &&
		     alu_ops[i].code != BPF_AND && alu_ops[i].code != BPF_XOR))
			return bc_asm_expected(p, "'+=', '|=', '&=' or '^='");
		if ((k = bc_asm_need_reg(p, &src, &w)))
			return k;
		if (size != BPF_W && size != BPF_DW)
			return bc_asm_fail(p->c,
					   "atomic operations are u32 or u64");
		bc_asm_emit(p->c, BPF_STX | BPF_ATOMIC | size, base, src, off,
			    alu_ops[i].code);
		return bc_asm_end_of_line(p);
	}
	if (!bc_asm_lit(p, "="))
		return bc_asm_expected(p, "'='");
	k = bc_asm_reg_or_imm(p, &src, &w, &v);
	if (k < 0)
		return k;
	if (k == 1)
		bc_asm_emit(p->c, BPF_STX | BPF_MEM | size, base, src, off, 0);
	else
		bc_asm_emit(p->c, BPF_ST | BPF_MEM | size, base, 0, off,
			    (int32_t)v);
	return bc_asm_end_of_line(p);
}

int bc_asm_linux_if(struct cur *p)
{
	int dst, src = 0, k;
	bool w, sw, x;
	int64_t v = 0;
	size_t i;

	if ((k = bc_asm_need_reg(p, &dst, &w)))
		return k;
	for (i = 0; i < BC_ARRAY_SIZE(jmp_ops); i++)
		if (bc_asm_lit(p, jmp_ops[i].op))
			break;
	if (i == BC_ARRAY_SIZE(jmp_ops))
		return bc_asm_expected(p, "a comparison such as '>'");
	k = bc_asm_reg_or_imm(p, &src, &sw, &v);
	if (k < 0)
		return k;
	x = k == 1;
	if (x && (k = width_check(p, w, sw)))
		return k;
	if (!bc_asm_word(p, "goto"))
		return bc_asm_expected(p, "'goto'");
	k = bc_asm_jump_to(p,
			   (w ? BPF_JMP32 : BPF_JMP) | jmp_ops[i].code |
				   (x ? BPF_X : BPF_K),
			   dst, x ? src : 0, x ? 0 : (int32_t)v, FIX_OFF);
	return k ? k : bc_asm_end_of_line(p);
}
