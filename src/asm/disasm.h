/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Disassembler in the Linux verifier-log / llvm-objdump syntax. */
#ifndef BC_DISASM_H
#define BC_DISASM_H

#include <stdio.h>

#include "prog/prog.h"

/*
 * Format the instruction at insns[pc] (two slots for lddw) into buf.
 * prog may be NULL (then map references print by index). Returns the number
 * of slots consumed (1 or 2).
 */
int bc_disasm_insn(const struct bc_prog *prog, const struct bpf_insn *insns,
		   uint32_t cnt, uint32_t pc, char *buf, size_t len);

enum {
	BC_DISASM_LINES = 1 << 0, /* print source lines from BTF */
	BC_DISASM_RAW = 1 << 1, /* print raw bytes too */
};

/*
 * Print a whole program: ".section", ".type" and ".map" directives (for
 * the maps it uses), then
 * "    5: (61) r1 = *(u32 *)(r6 +76)" per instruction, "name:" at each
 * function start, "; source text @ file.c:12" when the line changes
 * (BC_DISASM_LINES). The output reads back through bc_asm_open().
 */
void bc_disasm_prog(FILE *f, const struct bc_prog *prog, unsigned flags);
/*
 * "; source text @ file:line" for instruction i when its line differs
 * from *last (then *last is updated), as Linux's verifier log shows it.
 */
void bc_disasm_line(FILE *f, const struct bc_prog *prog, uint32_t i,
		    const struct bc_line **last);

/* Can map m be referred to by name ("map[NAME]") in assembly text? */
bool bc_disasm_map_named(const struct bc_map *m);

/* libbpf-style map type name ("hash", "array", ...) or NULL. */
const char *bc_asm_map_type_name(uint32_t type);

#endif
