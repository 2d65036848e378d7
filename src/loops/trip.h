/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Trip counts of summarised loops (trip.c): when to peel a round instead
 * of widening (docs/LOOPS.md, "Peeled rounds"), the locations that rank a
 * loop at its back edges (a constant step of one sign, or a right shift);
 * vl_finish, the termination proof, is declared in induction.h. Private
 * to the verifier.
 */
#ifndef BC_VTRIP_H
#define BC_VTRIP_H

#include "loops/induction.h"

/* A round is peeled when the loop ends within this many header visits,
 * and only while fewer than VL_PEEL_MAX visits were peeled before. */
#define VL_PEEL	    2
#define VL_PEEL_MAX 6

/* At summary s's back edge, with its header frame f: ending soon? */
bool vl_near_end(const struct vsum *s, uint32_t id, struct bc_vframe *f);

/* Before a round of loop with no summary on the path: ending soon? */
bool vl_entry_near_end(struct venv *e, uint32_t loop);

/* A back edge of summary s (instance id): which locations still rank the
 * loop, and by how much they moved. */
void vl_mark_ranking_locs(struct venv *e, struct vsum *s, uint32_t id);

#endif
