/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Global functions: calls checked by prototype, verified once on their own. */
#ifndef BC_VGLOBAL_H
#define BC_VGLOBAL_H

#include <stdbool.h>
#include <stdint.h>

#include "verifier/env.h"

/* The global function starting at insn start (BTF linkage global), or NULL. */
const struct bc_func *vg_global_func(const struct venv *e, uint32_t start);
/*
 * A call at pc to global function f: the arguments against its
 * prototype; then r0 is an unknown scalar, r1-r5 are clobbered, and f is
 * due to be verified. 0 or -1 (rejected).
 */
int vg_call(struct venv *e, uint32_t pc, const struct bc_func *f);
/*
 * The next global function called but not verified yet becomes the
 * current state (its entry, arguments from its prototype); false: none.
 */
bool vg_next(struct venv *e);

/* Does subprogram sp, or one it calls, contain a tail call? */
bool vg_sub_tail_calls(struct venv *e, uint32_t sp);
/* May subprogram sp or one it calls change the packet (or tail call)? */
bool vg_sub_changes_pkt(struct venv *e, uint32_t sp);

#endif
