/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Disassembler in the Linux verifier-log / llvm-objdump syntax. */
#ifndef BC_DISASM_H
#define BC_DISASM_H

#include <stdio.h>

#include "prog.h"

/*
 * Format the instruction at insns[pc] (two slots for lddw) into buf.
 * prog may be NULL (then map references print by index). Returns the number
 * of slots consumed (1 or 2).
 */
int bc_disasm_insn(const struct bc_prog *prog, const struct bpf_insn *insns,
		   uint32_t cnt, uint32_t pc, char *buf, size_t len);

enum {
	BC_DISASM_LINES = 1 << 0,	/* print source lines from BTF */
	BC_DISASM_RAW = 1 << 1,		/* print raw bytes too */
};

/* Print a whole program: "   5: r1 = *(u32 *)(r6 +76)" per instruction. */
void bc_disasm_prog(FILE *f, const struct bc_prog *prog, unsigned flags);

#endif
