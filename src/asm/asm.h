/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Assembler: reads the Linux verifier-log / llvm-objdump syntax
 * ("r1 = *(u32 *)(r6 +76)", "if r2 > r3 goto pc+5", labels allowed) and the
 * bpf_conformance syntax ("mov %r0, 1", "jgt %r1, 5, +2").
 */
#ifndef BC_ASM_H
#define BC_ASM_H

#include "prog/prog.h"

/*
 * Assemble text into instructions. On success *insns (malloc'd) and *cnt
 * are set. Errors give the line number: "line 3: unknown mnemonic 'foo'".
 */
int bc_asm(const char *text, size_t len, struct bpf_insn **insns, uint32_t *cnt,
	   struct bc_err *err);

/*
 * Open assembly text as an object with one program: named after the file
 * (basename up to the first '.'), section "asm" (or .section S), type from
 * opts->type, else .type T, else socket_filter; maps from .map directives
 * (BC_MAP_ASM, contents from .init); prog->funcs from call and func[]
 * targets and .func. Errors read "NAME: line 3: ...". The full syntax is
 * described at the top of asm.c; bc_disasm_prog's output reads back.
 */
int bc_asm_open(const char *name, const char *text, size_t len,
		const struct bc_open_opts *opts, struct bc_object *obj,
		struct bc_err *err);

#endif
