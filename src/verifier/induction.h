/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Bounded loops by induction (docs/LOOPS.md): at the header of a natural
 * loop the search installs a header state W, explores the body once from
 * it, and closes the loop when the state on every back edge is contained
 * in W (joining and widening W to thresholds from the loop's own tests
 * until it is). Termination is proven by a ranking induction variable:
 * every value carries a tag "header value + d" through the transfer
 * functions; a location whose tag moves by a nonzero step of one sign on
 * every back edge, and whose range in W is bounded without wrap-around,
 * bounds the trip count. Private to the verifier.
 */
#ifndef BC_VLOOP_H
#define BC_VLOOP_H

#include "verifier/env.h"

/* r0..r9, then the 64 stack slots of the loop's frame */
#define VL_LOCS (10 + BC_SLOTS)

struct vsum {
	uint32_t loop, pc, frame;
	struct bc_vchk *w;		/* current header state */
	uint32_t rounds, arrivals;
	uint64_t *thr_u;		/* widening thresholds, sorted */
	int64_t *thr_s;
	uint32_t thr_cnt;
	int8_t sign[VL_LOCS];		/* 0 not seen yet, +1, -1 */
	bool bad[VL_LOCS], w32[VL_LOCS];
	uint32_t dmin[VL_LOCS], dmax[VL_LOCS];	/* |step| seen */
	/*
	 * Derived pointers: at the header the address of pointer location p
	 * is rel_a[p] + rel_k[p] * (the value of scalar location rel_v[p]),
	 * found at the first back edge from the constants on entry and
	 * checked on every later one (rel_v: -1 none).
	 */
	bool ent_c[VL_LOCS];
	int64_t ent_v[VL_LOCS];		/* constant on entry (address offset) */
	int8_t rel_v[VL_LOCS];
	int64_t rel_k[VL_LOCS], rel_a[VL_LOCS];
};

/*
 * At a prune point, before anything else: summaries whose loop the path
 * has left are closed (their tags dropped).
 */
void vl_leave(struct venv *e, uint32_t pc);

/*
 * At the header of natural loop `loop`: 0 not summarised (explore as
 * usual), 1 the state is contained in the loop's header state (pruned),
 * 2 the search goes on from a (new) header state, < 0 error or abort.
 */
int vl_header(struct venv *e, uint32_t pc, uint32_t loop,
	      const uint16_t *live);

/*
 * Tags after the instruction at pc ran (before holds its dst register);
 * called only while a summary is active on the path.
 */
void vl_after_insn(struct venv *e, const struct bpf_insn *in,
		   const struct bc_vreg *before, bool src_const, int64_t k);

/* At the entry of a callback called repeatedly: widen against the last
 * entry on this path. */
void vl_callback(struct venv *e, uint32_t pc);

/* At a prune point: ranges shared between values tagged alike. */
void vl_sync(struct venv *e);

/*
 * After an accepting run: prove every summary terminates; on failure set
 * e->sum_abort. Fills the result's loop figures.
 */
void vl_finish(struct venv *e);
void vl_free(struct venv *e);

#endif
