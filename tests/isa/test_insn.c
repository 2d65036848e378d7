// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* ISA validity: each malformed encoding gets Linux's message and its index. */
#include <stdio.h>
#include <string.h>

#include "isa/insn.h"

#define I(c, d, s, o, i)                                                       \
	((struct bpf_insn){ .code = (c),                                       \
			    .dst_reg = (d),                                    \
			    .src_reg = (s),                                    \
			    .off = (o),                                        \
			    .imm = (i) })
#define EXIT_INSN I(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)
#define MOV0	  I(BPF_ALU64 | BPF_MOV | BPF_K, 0, 0, 0, 0)

static int failures, cases;

/* Program: mov r0,0; <bad>; exit — the bad insn is at index 1. */
static void expect(const char *what, struct bpf_insn bad, const char *msg)
{
	struct bpf_insn p[3] = { MOV0, bad, EXIT_INSN };
	struct bc_err err;
	int r;

	cases++;
	bc_err_init(&err);
	r = bc_insn_check(p, 3, &err);
	if (!msg) {
		if (r) {
			printf("FAIL %s: rejected: %s\n", what, err.msg);
			failures++;
		}
		return;
	}
	if (!r || strcmp(err.msg, msg) || err.insn != 1) {
		printf("FAIL %s: got r=%d insn=%lld '%s', want insn 1 '%s'\n",
		       what, r, (long long)err.insn, err.msg, msg);
		failures++;
	}
}

static void lddw_cases(void)
{
	struct bpf_insn last[2] = { MOV0,
				    I(BPF_LD | BPF_IMM | BPF_DW, 1, 0, 0, 5) };
	struct bpf_insn badhi[4] = { MOV0,
				     I(BPF_LD | BPF_IMM | BPF_DW, 1, 0, 0, 5),
				     I(0, 1, 0, 0, 0), EXIT_INSN };
	struct bpf_insn good[4] = { MOV0,
				    I(BPF_LD | BPF_IMM | BPF_DW, 1, 0, 0, 5),
				    I(0, 0, 0, 0, 7), EXIT_INSN };
	struct bpf_insn pseudo[4] = { MOV0,
				      I(BPF_LD | BPF_IMM | BPF_DW, 1, 9, 0, 5),
				      I(0, 0, 0, 0, 0), EXIT_INSN };
	struct bc_err err;

	cases += 4;
	bc_err_init(&err);
	if (!bc_insn_check(last, 2, &err) ||
	    strcmp(err.msg, "invalid bpf_ld_imm64 insn"))
		printf("FAIL lddw last: '%s'\n", err.msg), failures++;
	bc_err_init(&err);
	if (!bc_insn_check(badhi, 4, &err) ||
	    strcmp(err.msg, "invalid bpf_ld_imm64 insn"))
		printf("FAIL lddw bad second half: '%s'\n", err.msg),
			failures++;
	bc_err_init(&err);
	if (bc_insn_check(good, 4, &err))
		printf("FAIL lddw good: '%s'\n", err.msg), failures++;
	bc_err_init(&err);
	if (!bc_insn_check(pseudo, 4, &err) ||
	    strcmp(err.msg, "unrecognized bpf_ld_imm64 insn"))
		printf("FAIL lddw pseudo 9: '%s'\n", err.msg), failures++;
}

int main(void)
{
	/* Valid encodings of every class. */
	expect("add64 imm", I(BPF_ALU64 | BPF_ADD | BPF_K, 1, 0, 0, 5), NULL);
	expect("sdiv32 reg", I(BPF_ALU | BPF_DIV | BPF_X, 1, 2, 1, 0), NULL);
	expect("smod64 imm", I(BPF_ALU64 | BPF_MOD | BPF_K, 1, 0, 1, 3), NULL);
	expect("movsx8", I(BPF_ALU64 | BPF_MOV | BPF_X, 1, 2, 8, 0), NULL);
	expect("movsx32 64", I(BPF_ALU64 | BPF_MOV | BPF_X, 1, 2, 32, 0), NULL);
	expect("be16", I(BPF_ALU | BPF_END | BPF_TO_BE, 1, 0, 0, 16), NULL);
	expect("bswap64", I(BPF_ALU64 | BPF_END | BPF_TO_LE, 1, 0, 0, 64),
	       NULL);
	expect("gotol", I(BPF_JMP32 | BPF_JA, 0, 0, 0, 0), NULL);
	expect("may_goto", I(BPF_JMP | BPF_JCOND, 0, 0, 3, 0), NULL);
	expect("may_goto +0", I(BPF_JMP | BPF_JCOND, 0, 0, 0, 0), NULL);
	expect("jset32", I(BPF_JMP32 | BPF_JSET | BPF_K, 1, 0, 0, 4), NULL);
	expect("ldxsx", I(BPF_LDX | BPF_MEMSX | BPF_B, 1, 10, -8, 0), NULL);
	expect("atomic fetch add",
	       I(BPF_STX | BPF_ATOMIC | BPF_DW, 10, 1, -8, BPF_ADD | BPF_FETCH),
	       NULL);
	expect("cmpxchg",
	       I(BPF_STX | BPF_ATOMIC | BPF_W, 10, 1, -8, BPF_CMPXCHG), NULL);
	expect("ld_abs", I(BPF_LD | BPF_ABS | BPF_H, 0, 0, 0, 12), NULL);
	expect("ld_ind", I(BPF_LD | BPF_IND | BPF_W, 0, 3, 0, 0), NULL);
	expect("call helper", I(BPF_JMP | BPF_CALL, 0, 0, 0, 1), NULL);
	expect("kfunc", I(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_KFUNC_CALL, 3, 100),
	       NULL);

	/* Unknown opcodes. */
	expect("opcode 8f", I(0x8f, 0, 0, 0, 0), "unknown opcode 8f");
	expect("neg reg", I(BPF_ALU64 | BPF_NEG | BPF_X, 1, 0, 0, 0),
	       "unknown opcode 8f");
	expect("alu op e0", I(BPF_ALU | 0xe0 | BPF_K, 1, 0, 0, 0),
	       "unknown opcode e4");
	expect("call32", I(BPF_JMP32 | BPF_CALL, 0, 0, 0, 1),
	       "unknown opcode 86");
	expect("ld_abs dw", I(BPF_LD | BPF_ABS | BPF_DW, 0, 0, 0, 0),
	       "unknown opcode 38");
	expect("ld imm w", I(BPF_LD | BPF_IMM | BPF_W, 0, 0, 0, 0),
	       "unknown opcode 00");
	expect("st atomic", I(BPF_ST | BPF_ATOMIC | BPF_DW, 0, 0, 0, 0),
	       "unknown opcode da");
	expect("bswap be", I(BPF_ALU64 | BPF_END | BPF_TO_BE, 1, 0, 0, 16),
	       "unknown opcode df");

	/* Reserved fields. */
	expect("add imm src", I(BPF_ALU64 | BPF_ADD | BPF_K, 1, 2, 0, 5),
	       "BPF_ALU uses reserved fields");
	expect("add reg imm", I(BPF_ALU64 | BPF_ADD | BPF_X, 1, 2, 0, 5),
	       "BPF_ALU uses reserved fields");
	expect("add off", I(BPF_ALU64 | BPF_ADD | BPF_K, 1, 0, 1, 5),
	       "BPF_ALU uses reserved fields");
	expect("mov imm off", I(BPF_ALU64 | BPF_MOV | BPF_K, 1, 0, 8, 5),
	       "BPF_MOV uses reserved fields");
	expect("movsx32 on alu32", I(BPF_ALU | BPF_MOV | BPF_X, 1, 2, 32, 0),
	       "BPF_MOV uses reserved fields");
	expect("neg imm", I(BPF_ALU | BPF_NEG, 1, 0, 0, 1),
	       "BPF_NEG uses reserved fields");
	expect("end width", I(BPF_ALU | BPF_END | BPF_TO_LE, 1, 0, 0, 8),
	       "BPF_END uses reserved fields");
	/* refused by the verifier where reached (check_alu_op), not here */
	expect("div by zero", I(BPF_ALU64 | BPF_DIV | BPF_K, 1, 0, 0, 0), NULL);
	expect("shift 64", I(BPF_ALU64 | BPF_LSH | BPF_K, 1, 0, 0, 64), NULL);
	expect("shift32 32", I(BPF_ALU | BPF_RSH | BPF_K, 1, 0, 0, 32), NULL);
	expect("ja imm", I(BPF_JMP | BPF_JA, 0, 0, 0, 3),
	       "BPF_JA uses reserved fields");
	expect("gotol off", I(BPF_JMP32 | BPF_JA, 0, 0, 2, 0),
	       "BPF_JA uses reserved fields");
	expect("exit imm", I(BPF_JMP | BPF_EXIT, 0, 0, 0, 1),
	       "BPF_EXIT uses reserved fields");
	expect("may_goto imm", I(BPF_JMP | BPF_JCOND, 0, 0, 2, 7),
	       "invalid may_goto off 2 imm 7");
	expect("may_goto src", I(BPF_JMP | BPF_JCOND, 0, 1, 2, 0),
	       "invalid may_goto off 2 imm 0");
	expect("may_goto dst", I(BPF_JMP | BPF_JCOND, 3, 0, -4, 0),
	       "invalid may_goto off -4 imm 0");
	expect("jcond32", I(BPF_JMP32 | BPF_JCOND, 0, 0, 2, 0),
	       "unknown opcode e6");
	expect("jcond x", I(BPF_JMP | BPF_JCOND | BPF_X, 0, 0, 2, 0),
	       "unknown opcode ed");
	expect("call dst", I(BPF_JMP | BPF_CALL, 1, 0, 0, 1),
	       "BPF_CALL uses reserved fields");
	expect("call src 3", I(BPF_JMP | BPF_CALL, 0, 3, 0, 1),
	       "BPF_CALL uses reserved fields");
	expect("jeq imm src", I(BPF_JMP | BPF_JEQ | BPF_K, 1, 2, 0, 0),
	       "BPF_JMP/JMP32 uses reserved fields");
	expect("jeq reg imm", I(BPF_JMP | BPF_JEQ | BPF_X, 1, 2, 0, 4),
	       "BPF_JMP/JMP32 uses reserved fields");
	expect("ldx imm", I(BPF_LDX | BPF_MEM | BPF_W, 1, 2, 0, 4),
	       "BPF_LDX uses reserved fields");
	expect("ldx mode abs", I(BPF_LDX | BPF_ABS | BPF_W, 1, 2, 0, 0),
	       "BPF_LDX uses reserved fields");
	expect("st src", I(BPF_ST | BPF_MEM | BPF_W, 10, 1, -4, 0),
	       "BPF_ST uses reserved fields");
	expect("stx imm", I(BPF_STX | BPF_MEM | BPF_W, 10, 1, -4, 1),
	       "BPF_STX uses reserved fields");
	expect("atomic op", I(BPF_STX | BPF_ATOMIC | BPF_W, 10, 1, -4, 0x10),
	       "BPF_ATOMIC uses invalid atomic opcode 10");
	expect("ld_abs src", I(BPF_LD | BPF_ABS | BPF_W, 0, 1, 0, 0),
	       "BPF_LD_[ABS|IND] uses reserved fields");
	expect("ld_ind dst", I(BPF_LD | BPF_IND | BPF_W, 2, 1, 0, 0),
	       "BPF_LD_[ABS|IND] uses reserved fields");

	/* Registers. */
	expect("dst r11", I(BPF_ALU64 | BPF_MOV | BPF_K, 11, 0, 0, 0),
	       "R11 is invalid");
	expect("src r12", I(BPF_ALU64 | BPF_ADD | BPF_X, 1, 12, 0, 0),
	       "R12 is invalid");
	/* as in Linux, a write to r10 is an error of the path that runs
	 * it (check_reg_arg), not of the encoding: dead code may hold one */
	expect("write r10", I(BPF_ALU64 | BPF_MOV | BPF_K, 10, 0, 0, 0), NULL);
	expect("ldx into r10", I(BPF_LDX | BPF_MEM | BPF_DW, 10, 1, 0, 0),
	       NULL);
	expect("jmp r15", I(BPF_JMP | BPF_JGT | BPF_X, 1, 15, 0, 0),
	       "R15 is invalid");

	lddw_cases();
	if (!bc_helper_name(1) ||
	    strcmp(bc_helper_name(1), "bpf_map_lookup_elem") ||
	    bc_helper_name(0) || bc_helper_name(100000))
		printf("FAIL helper names\n"), failures++;
	cases++;
	printf("%d passed, %d failed\n", cases - failures, failures);
	return failures != 0;
}
