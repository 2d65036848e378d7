/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Verifier calls (vcheck_call.c). */
#ifndef BC_VCALL_H
#define BC_VCALL_H

#include "verifier/check.h"

/* Helper, bpf-to-bpf or callback call at pc; *next is the next insn. */
int vc_call(struct venv *e, uint32_t pc, const struct bpf_insn *in,
	    uint32_t *next);
/* exit from a subprogram frame: pop it, set e->cur.pc. */
int vc_return(struct venv *e, uint32_t pc);

int vc_check_read(struct venv *e, uint32_t pc, int r);
void vc_for_each_reg(struct venv *e, void (*fn)(struct bc_vreg *, void *),
		     void *arg);
int vc_push(struct venv *e, uint32_t pc);
void vc_release_ref(struct venv *e, uint32_t ref);

#endif
