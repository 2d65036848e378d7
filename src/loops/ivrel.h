/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Facts between the locations of a loop summary (ivrel.c), used by
 * induction.c. Private to the verifier.
 */
#ifndef BC_IVREL_H
#define BC_IVREL_H

#include "verifier/env.h"
#include "loops/induction.h"

/* Bounds onto the tnum's known low bits (a refinement of the set). */
void vrel_align_scalar(struct bc_scalar *s);
void vrel_align_reg(struct bc_vreg *r, void *arg);

/*
 * Derived locations: P = a + k * V at the header for a counter V (found
 * at the first back edge, checked at every later one by vrel_relate);
 * vrel_relate_narrow narrows P (and V when k is 1 or -1) in frame f.
 */
void vrel_relate(struct venv *e, struct vsum *s, uint32_t id);
void vrel_relate_narrow(struct vsum *s, uint32_t id, struct bc_vframe *f);
/*
 * Variable steps: P moves by a bounded amount each round (a range tag)
 * beside a counter V (vsum's rr_*): found and checked at each back edge
 * by vrel_range, applied to P in frame f by vrel_range_narrow (never
 * below keep's values of P, when keep is given: a header state from before
 * the step's range was known).
 */
void vrel_range(struct venv *e, struct vsum *s, uint32_t id);
void vrel_range_narrow(struct vsum *s, uint32_t id, struct bc_vframe *f,
		       const struct bc_vframe *keep);
/* Across tags of two related locations (k = 1). */
void vrel_cross_narrow(struct vsum *s, uint32_t id, const struct bc_vreg *x,
		       struct bc_vreg *y);

/* Congruences: learnt and applied at a back edge, applied to W. */
void vrel_congruence(struct venv *e, struct vsum *s, uint32_t id);
void vrel_cong_header(const struct vsum *s, struct bc_vframe *f);

/* A counter bounded by a loop-invariant location (vsum's lt). */
void vrel_lt_arrive(struct venv *e, struct vsum *s, uint32_t id);
bool vrel_lt_narrow(struct vsum *s, struct bc_vframe *f);

/*
 * Before a conditional jump, while a summary is active: checks and finds
 * the lt test, and a test of a tagged value (header value of location j
 * + d) against a constant b gives the loop a widening threshold b - d.
 */
void vl_jump(struct venv *e, const struct bpf_insn *in);

#endif
