/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Conditional jumps of the verifier (jmp.c). */
#ifndef BC_VJMP_H
#define BC_VJMP_H

#include <stdint.h>

#include "isa/insn.h"
#include "verifier/env.h"

/*
 * Conditional jump (or may_goto) at pc (Linux's check_cond_jmp_op):
 * *next is where the current path goes; the other way, if possible, is
 * pushed.
 */
int vc_jmp(struct venv *e, uint32_t pc, const struct bpf_insn *in,
	   uint32_t *next);

#endif
