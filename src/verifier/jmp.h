/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Conditional jumps of the verifier (jmp.c). */
#ifndef BC_VJMP_H
#define BC_VJMP_H

#include <stdint.h>

#include "isa/insn.h"
#include "verifier/env.h"

/*
 * Conditional jump at pc (Linux's check_cond_jmp_op):
 * *next is where the current path goes; the other way, if possible, is
 * pushed.
 */
int vc_jmp(struct venv *e, uint32_t pc, const struct bpf_insn *in,
	   uint32_t *next);

/*
 * may_goto at pc (BPF_JCOND in check_cond_jmp_op): the path goes on at
 * the target, as when the frame's budget is spent; the fall-through,
 * with one more unit of the budget spent (may_goto_depth), is pushed.
 */
int vc_may_goto(struct venv *e, uint32_t pc, const struct bpf_insn *in,
		uint32_t *next);

/*
 * Linux's find_prev_entry: the state of an earlier round at pc on the
 * current path (fewer may_goto or next() rounds), or NULL; and
 * widen_imprecise_scalars: st's scalars that changed since that round and
 * that no decision depended on become unknown, so that rounds converge.
 */
const struct bc_vchk *vc_prev_round(const struct venv *e, uint32_t pc);
void vc_widen_round(const struct bc_vchk *prev, struct bc_vstate *st);

#endif
