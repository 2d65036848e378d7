// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Trip counts of summarised loops: the guesses that peel a round (a loop
 * about to end is explored round by round), the locations that rank a
 * loop, and the termination proof that turns a summary's header state
 * into a trip bound. See trip.h and docs/LOOPS.md.
 */
#include <stdio.h>

#include "verifier/env.h"
#include "loops/induction.h"
#include "loops/trip.h"
#include "verifier/tags.h"

/* Is b fewer than n steps of c ahead of v (in the low w bits)? */
static bool steps_ahead(uint64_t v, uint64_t b, int64_t c, uint64_t n,
			unsigned w)
{
	uint64_t step = c > 0 ? (uint64_t)c : -(uint64_t)c;
	uint64_t dist = c > 0 ? b - v : v - b;

	if (w == 32)
		dist = (uint32_t)dist;
	return dist < n * step;
}

/*
 * Will the loop end within VL_PEEL header visits? Some location of the
 * header frame f holds a constant that moved by its tag's step d since
 * the header (in its low 32 bits at least), and a bound the loop tested
 * it against lies less than a step ahead of it (the visit at the bound
 * may be followed by one more, when the test is strict).
 */
bool vl_near_end(const struct vsum *s, uint32_t id, struct bc_vframe *f)
{
	for (int j = 0; j < VL_LOCS; j++) {
		const struct bc_vreg *r = vl_loc(f, j);
		int64_t v;

		if (!r || r->kind != VK_SCALAR || r->iv != id || r->ivl != j ||
		    r->ivw < 32 || !r->ivd)
			continue;
		/* a narrow spill's low half may be all that is known */
		if (r->ivw == 32 && r->s.u32_min == r->s.u32_max)
			v = r->s.u32_min;
		else if (!vl_loc_const(r, &v))
			continue;
		for (uint32_t i = 0; i < s->tb_cnt; i++)
			if (s->tb[i].loc == j &&
			    steps_ahead((uint64_t)v, s->tb[i].b, r->ivd,
					VL_PEEL - 1, r->ivw))
				return true;
	}
	return false;
}

/* A constant location of frame f fewer than n steps of c short of b. */
static bool const_near(struct bc_vframe *f, uint64_t b, int64_t c, uint64_t n)
{
	for (int j = 0; j < VL_LOCS; j++) {
		int64_t v;

		/* b itself is more likely the bound kept in a register */
		if (vl_loc_const(vl_loc(f, j), &v) &&
		    vl_loc(f, j)->kind == VK_SCALAR && (uint64_t)v != b &&
		    steps_ahead((uint64_t)v, b, c, n, 64))
			return true;
	}
	return false;
}

/* Is insn i in loop's body and in none of its inner loops? */
static bool own_insn(const struct bc_cfg *cfg, uint32_t loop, uint32_t i)
{
	return cfg->blocks[cfg->insn_block[i]].loop == loop;
}

/*
 * The step c of register reg in loop's own body, and whether it comes
 * before insn t in t's block (a test of reg there sees the stepped value).
 */
static bool reg_step(const struct bc_cfg *cfg, uint32_t loop, uint32_t t,
		     uint8_t reg, int64_t *c, bool *before)
{
	bool found = false;

	*before = false;
	FOR_BODY_INSNS(cfg, loop, i)
	{
		const struct bpf_insn *in = &cfg->prog->insns[i];
		int64_t k;

		if (!own_insn(cfg, loop, i) || in->dst_reg != reg ||
		    !vl_is_step(in, &k))
			continue;
		*c = (bc_op(in) == BPF_SUB) == (in->imm < 0) ? k : -k;
		found = true;
		if (i < t && cfg->insn_block[i] == cfg->insn_block[t]) {
			*before = true;
			return true;
		}
	}
	return found;
}

/*
 * Before a loop's first round, a guess (a wrong one costs a round): will
 * it end within VL_PEEL header visits? A register the body (not an inner
 * loop) steps by a constant is tested there against a constant that some
 * location of the frame is that close to, counting the step when the test
 * follows it.
 */
bool vl_entry_near_end(struct venv *e, uint32_t loop)
{
	const struct bc_cfg *cfg = e->cfg;
	struct bc_vframe *f = vc_frame(e);

	FOR_BODY_INSNS(cfg, loop, i)
	{
		const struct bpf_insn *in = &cfg->prog->insns[i];
		uint64_t b = (uint64_t)(int64_t)in->imm;
		int64_t c;
		bool before;

		if (!own_insn(cfg, loop, i) || !bc_is_cond_jmp(in) ||
		    bc_srcbit(in) ||
		    !reg_step(cfg, loop, i, in->dst_reg, &c, &before))
			continue;
		if (const_near(f, before ? b - (uint64_t)c : b, c, VL_PEEL))
			return true;
	}
	return false;
}

/* ---- termination ---- */

#define HULL_LO(a, b) ((b) < (a) ? (a) = (b) : (a))
#define HULL_HI(a, b) ((b) > (a) ? (a) = (b) : (a))

/* Widen the hull of location j's values at the back edges to r. */
static void arrival_hull(struct vsum *s, int j, const struct bc_scalar *r)
{
	struct bc_scalar *h = &s->arr[j];

	if (!s->arr_set[j]) {
		*h = *r;
		s->arr_set[j] = true;
		return;
	}
	HULL_LO(h->umin, r->umin);
	HULL_HI(h->umax, r->umax);
	HULL_LO(h->smin, r->smin);
	HULL_HI(h->smax, r->smax);
	HULL_LO(h->u32_min, r->u32_min);
	HULL_HI(h->u32_max, r->u32_max);
	HULL_LO(h->s32_min, r->s32_min);
	HULL_HI(h->s32_max, r->s32_max);
}

/*
 * Location j, at a back edge, moved by d (sign sg: up, down, or a right
 * shift by d bits): a ranking location keeps one sign on every path.
 */
static bool rank_loc(struct vsum *s, int j, int8_t sg, uint32_t d, bool w32)
{
	if (s->sign[j] && s->sign[j] != sg) {
		s->bad[j] = true;
		return false;
	}
	if (!s->sign[j] || d < s->dmin[j])
		s->dmin[j] = d;
	if (d > s->dmax[j])
		s->dmax[j] = d;
	s->sign[j] = sg;
	if (w32)
		s->w32[j] = true;
	return true;
}

/*
 * A right shift of location j's header value fell, unless that value was
 * 0: the shift was from a value not 0, a branch since proved the header
 * value not 0 (the tag's flag), or the shifted value is not 0.
 */
static bool shift_fell(const struct bc_vreg *r)
{
	return r->ivr ||
	       (r->ivw == VL_W_SHR32 ? r->s.u32_min != 0 : r->s.umin != 0);
}

void vl_mark_ranking_locs(struct venv *e, struct vsum *s, uint32_t id)
{
	struct bc_vframe *f = vc_frame(e);
	bool any = false;

	for (int j = 0; j < VL_LOCS; j++) {
		struct bc_vreg *r;
		bool ok;

		if (s->bad[j])
			continue;
		r = vl_loc(f, j);
		if (!r || r->kind != VK_SCALAR || r->iv != id || r->ivl != j) {
			s->bad[j] = true;
			continue;
		}
		if (vt_is_shift(r))
			ok = shift_fell(r) &&
			     rank_loc(s, j,
				      r->ivw == VL_W_SHR32 ? VL_SHR32 : VL_SHR,
				      (uint32_t)r->ivd, false);
		else if (r->ivw < 32 || !r->ivd ||
			 r->ivd >= (int32_t)VT_MAX_STEP ||
			 r->ivd <= -(int32_t)VT_MAX_STEP)
			ok = false;
		else
			ok = rank_loc(s, j, r->ivd > 0 ? 1 : -1,
				      r->ivd > 0 ? (uint32_t)r->ivd :
						   (uint32_t)-r->ivd,
				      r->ivw == 32);
		if (!ok) {
			s->bad[j] = true;
			continue;
		}
		arrival_hull(s, j, &r->s);
		any = true;
	}
	if (!any && !e->cfg->loops[s->loop].may_goto_bound)
		vl_abort(e, s,
			 "no register or stack slot changes by a "
			 "constant step of one sign on every path around it");
}

/*
 * Header visits when the location's values at the header lie in [lo, hi]
 * at a width whose maximum is max, and its values at the back edges in
 * [alo, ahi]; 0 when a step may wrap. Without wrap-around each step is an
 * arithmetic one: counting up from v >= lo, the k-th back edge brings at
 * least v + k * dmin, and at most ahi; so k <= (ahi - lo) / dmin.
 */
static uint64_t visits(int8_t sign, uint64_t lo, uint64_t hi, uint64_t max,
		       uint64_t dmin, uint64_t dmax, uint64_t alo, uint64_t ahi)
{
	if (lo > hi || (sign > 0 ? hi > max - dmax : lo < dmax))
		return 0;
	if (sign > 0 && ahi < hi)
		hi = ahi < lo ? lo : ahi;
	if (sign < 0 && alo > lo)
		lo = alo > hi ? hi : alo;
	return (hi - lo) / dmin + 1;
}

/*
 * Header visits of a location at most hi at the header that every round
 * shifts right by dmin bits or more, from a value that was not 0: the
 * k-th back edge needs hi >> ((k - 1) * dmin) >= 1 still.
 */
static uint64_t halvings(uint64_t hi, uint64_t dmin)
{
	if (!hi)
		return 1;
	return (uint64_t)(63 - __builtin_clzll(hi)) / dmin + 2;
}

#define S64_U(x) ((uint64_t)(x) ^ (1ull << 63))
#define S32_U(x) ((uint32_t)(x) ^ 0x80000000u)

/*
 * Trip bound of location j in header state f, or 0 when none: the fewest
 * header visits over the views in which the steps cannot wrap. A tag at 64
 * bits also holds for the low 32 bits, so the 32-bit views always count.
 * Signed views shift by 2^(w-1) to compare as unsigned.
 */
static uint64_t trip(const struct vsum *s, struct bc_vframe *f, int j)
{
	struct bc_vreg *r = vl_loc(f, j);
	uint64_t dmax = s->dmax[j], dmin = s->dmin[j], best = 0, v[4];
	const struct bc_scalar *a = &s->arr[j];
	int8_t sg = s->sign[j];

	if (s->bad[j] || !sg || !r || r->kind != VK_SCALAR || !s->arr_set[j])
		return 0;
	if (sg == VL_SHR || sg == VL_SHR32)
		return halvings(sg == VL_SHR ? r->s.umax : r->s.u32_max, dmin);
	v[0] = s->w32[j] ? 0 :
			   visits(sg, r->s.umin, r->s.umax, UINT64_MAX, dmin,
				  dmax, a->umin, a->umax);
	v[1] = s->w32[j] ? 0 :
			   visits(sg, S64_U(r->s.smin), S64_U(r->s.smax),
				  UINT64_MAX, dmin, dmax, S64_U(a->smin),
				  S64_U(a->smax));
	v[2] = visits(sg, r->s.u32_min, r->s.u32_max, UINT32_MAX, dmin, dmax,
		      a->u32_min, a->u32_max);
	v[3] = visits(sg, S32_U(r->s.s32_min), S32_U(r->s.s32_max), UINT32_MAX,
		      dmin, dmax, S32_U(a->s32_min), S32_U(a->s32_max));
	for (int i = 0; i < 4; i++)
		if (v[i] && (!best || v[i] < best))
			best = v[i];
	return best;
}

void vl_finish(struct venv *e)
{
	struct bc_verify_result *res = e->res;

	res->loops_proven += e->peel_entries;
	for (uint32_t i = 0; i < e->sum_cnt && !e->sum_abort; i++) {
		struct vsum *s = &e->sums[i];
		struct bc_vframe *f = s->w->st.frames[s->frame];
		uint64_t best = 0;
		int bj = -1;

		/* a peeled round ends, or the next visit starts a summary */
		if (s->peeled && e->loop_trip[s->loop] < s->peel + 2ull)
			e->loop_trip[s->loop] = s->peel + 2ull;
		if (!s->arrivals) { /* the body never comes back */
			res->loops_proven++;
			if (e->loop_trip[s->loop] < 1 + s->peel)
				e->loop_trip[s->loop] = 1 + s->peel;
			continue;
		}
		for (int j = 0; j < VL_LOCS; j++) {
			uint64_t t = trip(s, f, j);

			if (t && (!best || t < best)) {
				best = t;
				bj = j;
			}
		}
		/* each round spends the frame's may_goto budget: at most
		 * BPF_MAX_LOOPS back edges */
		if (e->cfg->loops[s->loop].may_goto_bound &&
		    (bj < 0 || best > BC_MAX_LOOPS + 1ull)) {
			best = BC_MAX_LOOPS + 1ull;
			bj = 0;
		}
		if (bj < 0) {
			char n[16] = "";

			for (int j = 0; j < VL_LOCS && !n[0]; j++)
				if (!s->bad[j] && s->sign[j])
					vl_loc_name(j, n, sizeof(n));
			if (n[0])
				vl_abort(e, s,
					 "%s steps by a constant but its "
					 "range at the header is not bounded "
					 "without wrap-around",
					 n);
			else
				vl_abort(e, s, "no induction variable");
			return;
		}
		res->loops_proven++;
		best = best > UINT64_MAX - s->peel ? UINT64_MAX :
						     best + s->peel;
		if (best > e->loop_trip[s->loop])
			e->loop_trip[s->loop] = best;
	}
	for (uint32_t l = 0; l < e->cfg->loop_cnt && !e->sum_abort; l++)
		if (e->loop_trip[l] > res->max_trip)
			res->max_trip = e->loop_trip[l];
}
