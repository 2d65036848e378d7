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
#include "verifier/tags.h"

/* r0..r9, then the 64 stack slots of the loop's frame */
#define VL_LOCS	   VT_LOCS
#define VL_MAX_THR 512 /* widening thresholds from the code */

/* After this many rounds bounds that still move go to the extremes. */
#define VL_THR_ROUNDS 12

/* The sign of a location that falls by a right shift (in 64 bits, or in
 * its low half): dmin and dmax count bits. */
#define VL_SHR	 2
#define VL_SHR32 3

struct vsum {
	uint32_t loop, pc, frame;
	struct bc_vchk *w; /* current header state */
	uint32_t rounds, arrivals;
	uint64_t *thr_u; /* widening thresholds, sorted */
	int64_t *thr_s;
	uint32_t thr_cnt;
	/* the bounds the loop's tests put on its tagged locations (b - d
	 * of a test of X_h + d against b, X location loc): tried before
	 * thr_u, so that a counter reaches its bound in one widening, not
	 * step by step; and they tell when a loop is about to end (peel) */
	struct vl_bound {
		uint64_t b;
		uint8_t loc;
	} * tb;
	uint32_t tb_cnt;
	int8_t sign[VL_LOCS]; /* 0 not seen yet, +1, -1, VL_SHR* */
	bool bad[VL_LOCS], w32[VL_LOCS];
	uint32_t dmin[VL_LOCS], dmax[VL_LOCS]; /* |step| seen */
	/* the hull of a ranking location's values at the back edges */
	bool arr_set[VL_LOCS];
	struct bc_scalar arr[VL_LOCS];
	/*
	 * Derived pointers: at the header the address of pointer location p
	 * is rel_a[p] + rel_k[p] * (the value of scalar location rel_v[p]),
	 * found at the first back edge from the constants on entry and
	 * checked on every later one (rel_v: -1 none).
	 */
	bool ent_c[VL_LOCS];
	int64_t ent_v[VL_LOCS]; /* constant on entry (address offset) */
	int8_t rel_v[VL_LOCS];
	int64_t rel_k[VL_LOCS], rel_a[VL_LOCS];
	/*
	 * A pointer whose address on entry is a range (an outer loop's
	 * walker): ent_v is its least address, ent_span the width, and a
	 * relation found for it holds as P_h in rel_a + k * V_h +
	 * [0, rel_span] (each run keeps P_h - k * V_h at its entry value).
	 */
	bool ent_a[VL_LOCS];
	int64_t ent_span[VL_LOCS], rel_span[VL_LOCS];
	bool rel_used[VL_LOCS]; /* a relation narrowed a range */
	bool rel_32[VL_LOCS]; /* it holds in the low halves only */
	/* a walker beside a counter in a w register that goes through
	 * zero: P = rel_a + rel_k * (s32)V, V's low half sign-extended */
	bool rel_s32[VL_LOCS];
	/*
	 * Congruence: a scalar location constant on entry whose every step
	 * is a multiple of cong[j] only takes values ent_v[j] + cong[j] * k
	 * at the header (0 not known yet, 1 nothing learnt).
	 */
	uint32_t cong[VL_LOCS];
	bool cong_used[VL_LOCS];
	/* signed range of each scalar location on entry */
	bool ent_r[VL_LOCS];
	int64_t ent_lo[VL_LOCS], ent_hi[VL_LOCS];
	/*
	 * A bound by a loop-invariant location: the test at lt_pc compares
	 * X_h + lt_dx with Y_h (Y unchanged around the loop), leaves the
	 * loop when they are equal, and X steps by exactly +1; then
	 * X_h + lt_dx <= Y_h at every header visit (lt: 0 none, 1 valid,
	 * -1 not usable).
	 */
	int8_t lt, lt_x, lt_y, lt_dx;
	uint32_t lt_pc, lt_yiv, lt_yl; /* Y's tag (an enclosing loop's, or */
	int32_t lt_yd; /* this one's with step 0) */
	bool lt_used;
	/*
	 * Variable steps: location p moves by some d in [rr_lo, rr_hi] on
	 * every back edge while counter rr_v moves by exactly rr_dv, so
	 * P_h lies in P_0 + [rr_lo * n, rr_hi * n] after n = (V_h - V_0) /
	 * rr_dv rounds (rr_v: -1 not looked for yet, -2 none).
	 */
	int8_t rr_v[VL_LOCS];
	int32_t rr_lo[VL_LOCS], rr_hi[VL_LOCS], rr_dv[VL_LOCS];
	bool rr_used[VL_LOCS];
	/* the most bytes a round's packet check proved past data + X_h
	 * (X location j): a candidate for the header's fact on X */
	int32_t pk_chk[VL_LOCS];
	/* header visits before this summary started (peeled rounds) */
	uint32_t peel;
	bool peeled; /* a path left it for a peeled round */
};

/*
 * At a prune point, before anything else: summaries whose loop the path
 * has left are closed (their tags dropped).
 */
void vl_leave(struct venv *e, uint32_t pc);

/*
 * At the header of natural loop `loop`: 0 not summarised (explore as
 * usual), 1 the state is contained in the loop's header state (pruned),
 * 2 the search goes on from a (new) header state, 3 a round is peeled
 * (explored as usual, its header visits counted), < 0 error or abort.
 */
int vl_header(struct venv *e, uint32_t pc, uint32_t loop, const uint16_t *live);

/*
 * Tags after the instruction at pc ran (before holds its dst register);
 * called only while a summary is active on the path.
 */
void vl_after_insn(struct venv *e, const struct bpf_insn *in,
		   const struct bc_vreg *before, bool src_const, int64_t k);

/* At the entry of a callback called repeatedly: widen against the last
 * entry on this path. */
void vl_callback(struct venv *e, uint32_t pc);

/* Is pc's innermost loop summarised on the current path? */
bool vl_inside(const struct venv *e, uint32_t pc);

/* At a prune point: ranges shared between values tagged alike. */
void vl_sync(struct venv *e);

/*
 * After an accepting run: prove every summary terminates; on failure set
 * e->sum_abort. Fills the result's loop figures.
 */
void vl_finish(struct venv *e);
void vl_free(struct venv *e);

/* Shared with ivrel.c and trip.c. */
struct vsum *vl_sum(struct venv *e, uint32_t id);
void vl_abort(struct venv *e, const struct vsum *s, const char *fmt, ...);
/* Location j of frame f (r0..r9, then spilled stack slots), or NULL. */
struct bc_vreg *vl_loc(struct bc_vframe *f, int j);
bool vl_in_loop(const struct bc_cfg *cfg, uint32_t loop, uint32_t pc);
/* A pointer whose address a loop may step (map value, stack, memory). */
bool vl_walker(const struct bc_vreg *r);
/* A constant scalar, or a walker's constant address. */
bool vl_loc_const(const struct bc_vreg *r, int64_t *v);
/* Does loop l's body step register reg by a constant? */
bool vl_step_dst(const struct bc_cfg *cfg, uint32_t l, int reg);
/* dst += c / dst -= c with c a nonzero immediate (|c| in *c). */
bool vl_is_step(const struct bpf_insn *in, int64_t *c);
void vl_loc_name(int j, char *buf, size_t len);

/* Visit the instructions of loop l's body. */
#define FOR_BODY_INSNS(cfg, l, i)                                               \
	for (uint32_t _b = 0; _b < (cfg)->loops[l].body_cnt; _b++)              \
		for (uint32_t                                                   \
			     i = (cfg)->blocks[(cfg)->loops[l].body[_b]].first, \
			     _e = (cfg)->blocks[(cfg)->loops[l].body[_b]].last; \
		     i != BC_NONE && i <= _e; i++)

#endif
