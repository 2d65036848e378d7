// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * What a loop summary knows between its locations (see ivrel.h): bounds
 * pulled onto known low bits and onto congruences, derived counters
 * related to the one that bounds the trip, a counter bounded by a
 * loop-invariant location, and widening thresholds from the tests of
 * tagged values. Each fact is checked on every back edge; one that a
 * summary used and a later path broke voids the run (ban, and the
 * summaries run again without it).
 */
#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "verifier/env.h"
#include "loops/induction.h"
#include "loops/ivrel.h"
#include "verifier/mem.h"
#include "verifier/tags.h"

/*
 * Bounds pulled onto the known low bits of the tnum: with the low t bits
 * of every value known to be r, no value lies between a bound and the
 * nearest number ending in r. A counter stepping by 8 from 0 that was
 * widened to a threshold of 7993 is at most 7992, and after "+= 8" and a
 * "!= 8000" exit at most 7992 again, so the back edge is contained. A
 * plain refinement of the concrete set (Linux's bounds do not do it, so
 * it runs only on the states of a summary).
 */
static uint64_t low_known(struct tnum t)
{
	return t.mask ? (t.mask & -t.mask) - 1 : 0;
}

void vrel_align_scalar(struct bc_scalar *s)
{
	uint64_t low = low_known(s->var_off), r = s->var_off.value & low;
	uint64_t b;
	struct bc_scalar n = *s;

	if (!low || s->var_off.mask == 0)
		return;
	b = (n.umin & ~low) | r;
	if (b >= n.umin || b + low + 1 > b)
		n.umin = b >= n.umin ? b : b + low + 1;
	b = (n.umax & ~low) | r;
	if (b <= n.umax || b - low - 1 < b)
		n.umax = b <= n.umax ? b : b - low - 1;
	b = ((uint64_t)n.smin & ~low) | r;
	if ((int64_t)b >= n.smin)
		n.smin = (int64_t)b;
	else if ((int64_t)(b + low + 1) > n.smin)
		n.smin = (int64_t)(b + low + 1);
	b = ((uint64_t)n.smax & ~low) | r;
	if ((int64_t)b <= n.smax)
		n.smax = (int64_t)b;
	else if ((int64_t)(b - low - 1) < n.smax)
		n.smax = (int64_t)(b - low - 1);
	bc_scalar_sync(&n);
	if (!bc_scalar_is_empty(&n) && n.umin >= s->umin && n.umax <= s->umax &&
	    n.smin >= s->smin && n.smax <= s->smax)
		*s = n;
}

void vrel_align_reg(struct bc_vreg *r, void *arg)
{
	(void)arg;
	if (r->kind == VK_SCALAR)
		vrel_align_scalar(&r->s);
}

/*
 * Is r, tagged as location j of summary id, exactly (in 64 bits) its
 * header value plus its tag's step? A 64-bit tag says so; a 32-bit tag
 * (a counter in a w register) too when the value is zero-extended both at
 * the header and now, and the low half cannot have wrapped on the way
 * from any header value of W.
 */
static bool exact64(const struct vsum *s, uint32_t id, const struct bc_vreg *r,
		    int j)
{
	const struct bc_vreg *h;

	if (!r || r->iv != id || r->ivl != j ||
	    (r->kind != VK_SCALAR && !vl_walker(r)))
		return false;
	if (r->ivw == 64)
		return true;
	if (r->ivw != 32 || r->kind != VK_SCALAR || r->s.umax > UINT32_MAX ||
	    !s->w)
		return false;
	h = vl_loc(s->w->st.frames[s->frame], j);
	if (!h || h->kind != VK_SCALAR || h->s.umax > UINT32_MAX)
		return false;
	return r->ivd >= 0 ? h->s.umax + (uint64_t)r->ivd <= UINT32_MAX :
			     h->s.umin >= (uint64_t) - (int64_t)r->ivd;
}

/* Tagged as location j of summary id, with the low half exact. */
static bool exact32(uint32_t id, const struct bc_vreg *r, int j)
{
	return r && r->kind == VK_SCALAR && r->iv == id && r->ivl == j &&
	       r->ivw >= 32;
}

/*
 * V's low half, sign-extended, moved by exactly its tag's step from the
 * header: no value of V in W's signed 32-bit range overflows on the way.
 */
static bool sext_steps(const struct vsum *s, const struct bc_vreg *V, int v)
{
	const struct bc_vreg *h = vl_loc(s->w->st.frames[s->frame], v);

	return h && h->kind == VK_SCALAR &&
	       (int64_t)h->s.s32_min + V->ivd >= INT32_MIN &&
	       (int64_t)h->s.s32_max + V->ivd <= INT32_MAX;
}

/*
 * A relation in the low halves: P = a + k * V (mod 2^32) at the header,
 * so P = k * V + (dP - k * dV + a) (mod 2^32) now. Where k * V + c over
 * V's 32-bit range stays within one multiple of 2^32, P's low half lies
 * in it.
 */
static bool narrow32(struct vsum *s, int p, struct bc_vreg *P,
		     const struct bc_vreg *V)
{
	int64_t k = s->rel_k[p], lo, hi, t;
	uint64_t c = (uint64_t)(int64_t)P->ivd - (uint64_t)k * V->ivd +
		     (uint64_t)s->rel_a[p];
	struct bc_scalar n = P->s;

	lo = k * (int64_t)V->s.u32_min + (int64_t)(uint32_t)c;
	hi = k * (int64_t)V->s.u32_max + (int64_t)(uint32_t)c;
	if (lo > hi)
		t = lo, lo = hi, hi = t;
	if ((lo >> 32) != (hi >> 32))
		return false;
	t = lo >> 32;
	lo -= t * (1ll << 32);
	hi -= t * (1ll << 32);
	if ((uint64_t)lo > n.u32_min)
		n.u32_min = (uint32_t)lo;
	if ((uint64_t)hi < n.u32_max)
		n.u32_max = (uint32_t)hi;
	bc_scalar_sync(&n);
	if (bc_scalar_is_empty(&n) || bc_scalar_equal(&n, &P->s))
		return false;
	P->s = n;
	return true;
}

/* x := x within the signed range [lo, hi]; true when x changed. */
static bool narrow_to(struct bc_scalar *x, int64_t lo, int64_t hi)
{
	struct bc_scalar n = *x;

	if (lo > n.smin)
		n.smin = lo;
	if (hi < n.smax)
		n.smax = hi;
	/* [lo, hi] of one sign is a range in the unsigned view too */
	if ((lo >= 0 || hi < 0) && (uint64_t)lo > n.umin)
		n.umin = (uint64_t)lo;
	if ((lo >= 0 || hi < 0) && (uint64_t)hi < n.umax)
		n.umax = (uint64_t)hi;
	bc_scalar_sync(&n);
	if (bc_scalar_is_empty(&n) || bc_scalar_equal(&n, x))
		return false;
	*x = n;
	return true;
}

/*
 * A walker's variable offset := within [lo, hi]. Below its fixed offset
 * (a walk down), the split moves down to lo first: a pointer's variable
 * part may not be negative, and a base that moved one step each round
 * would never let the header state settle.
 */
static bool narrow_walker(struct bc_vreg *P, int64_t lo, int64_t hi)
{
	struct bc_scalar d;
	int64_t off = (int64_t)P->off + lo;

	if (P->kind == VK_SCALAR || lo >= 0 || P->s.smin < 0 ||
	    off != (int32_t)off || off < -BC_MAX_VAR_OFF)
		return narrow_to(&P->s, lo, hi);
	bc_scalar_const(&d, (uint64_t)-lo);
	bc_scalar_alu(&P->s, &d, BPF_ADD, false, 0);
	/* a packet range is relative to the split: as many fewer bytes
	 * past the higher variable part */
	P->range = P->range > 0 && P->range + lo > 0 ?
			   (int32_t)(P->range + lo) :
			   0;
	P->off = (int32_t)off;
	narrow_to(&P->s, 0, hi - lo);
	return true;
}

/*
 * A walker P = a + k * (s32)V at the header, so P = k * (s32)V + c now:
 * P's variable part lies in k * V's signed 32-bit range + c.
 */
static bool narrow_s32(struct vsum *s, int p, struct bc_vreg *P,
		       const struct bc_vreg *V)
{
	int64_t k = s->rel_k[p], lo, hi, t;
	int64_t c = (int64_t)P->ivd - k * V->ivd + s->rel_a[p] - P->off;

	if (!sext_steps(s, V, s->rel_v[p]) || k > (1 << 20) || k < -(1 << 20))
		return false;
	lo = k * V->s.s32_min + c;
	hi = k * V->s.s32_max + c;
	if (lo > hi)
		t = lo, lo = hi, hi = t;
	return narrow_walker(P, lo, hi);
}

/*
 * With P = k * V + c now (c from the tags), a scalar P bounds V back when
 * k is 1 or -1: V = k * (P - c).
 */
static bool narrow_back(struct bc_vreg *P, struct bc_vreg *V, int64_t k,
			int64_t c)
{
	int64_t lo, hi, t;

	if (P->kind != VK_SCALAR || (k != 1 && k != -1) ||
	    __builtin_sub_overflow(P->s.smin, c, &lo) ||
	    __builtin_sub_overflow(P->s.smax, c, &hi))
		return false;
	if (k < 0) {
		if (lo == INT64_MIN || hi == INT64_MIN)
			return false;
		t = -lo, lo = -hi, hi = t;
	}
	return narrow_to(&V->s, lo, hi);
}

void vrel_relate_narrow(struct vsum *s, uint32_t id, struct bc_vframe *f)
{
	for (int p = 0; p < VL_LOCS; p++) {
		struct bc_vreg *P = vl_loc(f, p), *V;
		int64_t k = s->rel_k[p], c, lo, hi, t;

		if (id && s->rel_v[p] >= 0 && s->rel_s32[p]) {
			V = vl_loc(f, s->rel_v[p]);
			if (exact64(s, id, P, p) &&
			    exact32(id, V, s->rel_v[p]) &&
			    narrow_s32(s, p, P, V))
				s->rel_used[p] = true;
			continue;
		}
		if (id && s->rel_v[p] >= 0 && s->rel_32[p]) {
			V = vl_loc(f, s->rel_v[p]);
			if (exact32(id, P, p) && exact32(id, V, s->rel_v[p]) &&
			    narrow32(s, p, P, V))
				s->rel_used[p] = true;
			continue;
		}
		if (!id || s->rel_v[p] < 0 || !exact64(s, id, P, p))
			continue;
		V = vl_loc(f, s->rel_v[p]);
		if (!V || V->kind != VK_SCALAR ||
		    !exact64(s, id, V, s->rel_v[p]))
			continue;
		c = (int64_t)P->ivd - k * V->ivd + s->rel_a[p] -
		    (P->kind == VK_SCALAR ? 0 : P->off);
		if (!s->rel_span[p] && narrow_back(P, V, k, c))
			s->rel_used[p] = true;
		if (V->s.smin < 0 || V->s.smax > (1ll << 40) ||
		    __builtin_mul_overflow(k, V->s.smin, &lo) ||
		    __builtin_mul_overflow(k, V->s.smax, &hi))
			continue;
		if (lo > hi)
			t = lo, lo = hi, hi = t;
		if (__builtin_add_overflow(lo, c, &lo) ||
		    __builtin_add_overflow(hi, c, &hi) ||
		    __builtin_add_overflow(hi, s->rel_span[p], &hi))
			continue;
		if (narrow_walker(P, lo, hi))
			s->rel_used[p] = true;
	}
}

/*
 * At a back edge: find (first time) or check each derived pointer's
 * relation. A relation that fails after it may have been used aborts.
 */
static bool banned(const struct venv *e, const struct vsum *s, int j,
		   uint8_t what)
{
	return e->no_rel && (e->no_rel[s->loop * VL_LOCS + j] & what);
}

/* A relation (1) or vrel_congruence (2) used and then broken: try without. */
static void ban(struct venv *e, struct vsum *s, int j, uint8_t what,
		const char *why)
{
	if (e->no_rel) {
		e->no_rel[s->loop * VL_LOCS + j] |= what;
		e->sum_retry = true;
	}
	vl_abort(e, s, "%s", why);
}

static bool rel_holds(const struct vsum *s, uint32_t id, int p,
		      const struct bc_vreg *P, const struct bc_vreg *V)
{
	int v = s->rel_v[p];

	if (!V || V->kind != VK_SCALAR)
		return false;
	/* P = V_h + dP, V = V_h + dV: P = V + (dP - dV) at the header */
	if (P && P->iv == id && P->ivl == v && P->ivl != p)
		return s->rel_k[p] == 1 && !s->rel_32[p] &&
		       exact64(s, id, P, v) && exact64(s, id, V, v) &&
		       (int64_t)P->ivd - V->ivd == s->rel_a[p];
	if (s->rel_s32[p])
		return exact64(s, id, P, p) && exact32(id, V, v) &&
		       (int64_t)P->ivd == s->rel_k[p] * V->ivd &&
		       sext_steps(s, V, v);
	if (s->rel_32[p])
		return exact32(id, P, p) && exact32(id, V, v) &&
		       (uint32_t)((uint64_t)(int64_t)P->ivd -
				  (uint64_t)s->rel_k[p] * V->ivd) == 0;
	return exact64(s, id, P, p) && exact64(s, id, V, v) &&
	       (int64_t)P->ivd == s->rel_k[p] * V->ivd;
}

/*
 * A walker whose entry address is a range: a counter V constant on entry
 * that it steps with exactly (64 bits), P's step a multiple of V's.
 */
static void rel_find_span(struct vsum *s, uint32_t id, struct bc_vframe *f,
			  int p)
{
	struct bc_vreg *P = vl_loc(f, p);

	if (!P->ivd)
		return;
	for (int v = 0; v < VL_LOCS; v++) {
		struct bc_vreg *V = vl_loc(f, v);

		if (v == p || !V || V->kind != VK_SCALAR || !s->ent_c[v] ||
		    !V->ivd || P->ivd % V->ivd || !exact64(s, id, V, v) ||
		    s->ent_v[v] < -(1ll << 32) || s->ent_v[v] > (1ll << 32))
			continue;
		s->rel_v[p] = (int8_t)v;
		s->rel_32[p] = false;
		s->rel_k[p] = P->ivd / V->ivd;
		s->rel_a[p] = s->ent_v[p] - s->rel_k[p] * s->ent_v[v];
		s->rel_span[p] = s->ent_span[p];
		return;
	}
}

/* A walker P stepping with a counter V in a w register that may go
 * through zero (and so is not exact in 64 bits). */
static void rel_set_s32(struct vsum *s, int p, int v, int64_t k)
{
	s->rel_v[p] = (int8_t)v;
	s->rel_32[p] = false;
	s->rel_s32[p] = true;
	s->rel_k[p] = k;
	s->rel_a[p] = s->ent_v[p] - k * (int32_t)s->ent_v[v];
}

/* Relate P to counter V when P's step is a multiple of V's (rel_find). */
static bool rel_try(struct vsum *s, uint32_t id, struct bc_vframe *f, int p,
		    int v, bool p64)
{
	struct bc_vreg *P = vl_loc(f, p), *V = vl_loc(f, v);
	bool v64;

	if (v == p || !V || V->kind != VK_SCALAR || !s->ent_c[v] || !V->ivd ||
	    P->ivd % V->ivd)
		return false;
	v64 = exact64(s, id, V, v);
	/* a counter in a w register: its signed low half, which may go
	 * through zero (a 64-bit relation may not) */
	if (p64 && V->ivw == 32 && P->kind != VK_SCALAR && exact32(id, V, v) &&
	    sext_steps(s, V, v)) {
		rel_set_s32(s, p, v, P->ivd / V->ivd);
		return true;
	}
	if (!(p64 && v64) && (P->kind != VK_SCALAR || !exact32(id, V, v)))
		return false;
	s->rel_v[p] = (int8_t)v;
	/* a scalar beside a counter in a w register: in the low halves,
	 * which need no argument about wrapping */
	s->rel_32[p] = P->kind == VK_SCALAR && (P->ivw != 64 || V->ivw != 64);
	s->rel_k[p] = P->ivd / V->ivd;
	s->rel_a[p] = (int64_t)((uint64_t)s->ent_v[p] -
				(uint64_t)s->rel_k[p] * s->ent_v[v]);
	return true;
}

static uint32_t abs_step(const struct bc_vreg *V)
{
	return V->ivd < 0 ? -(uint32_t)V->ivd : (uint32_t)V->ivd;
}

/*
 * Find a counter V that P steps with: P's step a multiple of V's. The
 * smallest step first: after one round an accumulator may step as P
 * does, and a loop's index steps by one.
 */
static void rel_find(struct vsum *s, uint32_t id, struct bc_vframe *f, int p)
{
	struct bc_vreg *P = vl_loc(f, p), *V;
	bool p64 = exact64(s, id, P, p), tried[VL_LOCS] = { false };

	if (P && P->kind == VK_SCALAR && P->iv == id && P->ivl != p &&
	    P->ivl < VL_LOCS && s->ent_c[p] && s->ent_c[P->ivl]) {
		/* a copy of another location's header value plus d */
		int v = P->ivl;

		V = vl_loc(f, v);
		if (!V || V->kind != VK_SCALAR || !exact64(s, id, V, v) ||
		    !exact64(s, id, P, v) ||
		    s->ent_v[p] - s->ent_v[v] != (int64_t)P->ivd - V->ivd)
			return;
		s->rel_v[p] = (int8_t)v;
		s->rel_32[p] = false;
		s->rel_k[p] = 1;
		s->rel_a[p] = (int64_t)P->ivd - V->ivd;
		return;
	}
	if (s->ent_a[p] && p64 && P->kind != VK_SCALAR) {
		rel_find_span(s, id, f, p);
		return;
	}
	if (!s->ent_c[p] || !P->ivd || (!p64 && !exact32(id, P, p)))
		return;
	for (;;) {
		int best = -1;

		for (int v = 0; v < VL_LOCS; v++) {
			V = vl_loc(f, v);
			if (!tried[v] && V && V->kind == VK_SCALAR && V->ivd &&
			    (best < 0 ||
			     abs_step(V) < abs_step(vl_loc(f, best))))
				best = v;
		}
		if (best < 0 || rel_try(s, id, f, p, best, p64))
			return;
		tried[best] = true;
	}
}

static void rr_seed_exact(struct venv *e, const struct vsum *s, uint32_t id,
			  int p);

void vrel_relate(struct venv *e, struct vsum *s, uint32_t id)
{
	struct bc_vframe *f = vc_frame(e);

	for (int p = 0; p < VL_LOCS; p++) {
		struct bc_vreg *P = vl_loc(f, p);

		if (s->rel_v[p] >= 0) {
			struct bc_vreg *V = vl_loc(f, s->rel_v[p]);

			if (rel_holds(s, id, p, P, V))
				continue;
			/* a 64-bit relation not used yet may still hold in
			 * the low halves */
			if (!s->rel_used[p] && !s->rel_32[p] && P &&
			    P->kind == VK_SCALAR) {
				s->rel_32[p] = true;
				if (rel_holds(s, id, p, P, V))
					continue;
			}
			/* never used: forget it; used: the proof is void,
			 * and a variable step is tried from the start */
			if (s->rel_used[p])
				rr_seed_exact(e, s, id, p);
			if (s->rel_used[p])
				ban(e, s, p, 1,
				    "a location does not step "
				    "with its counter on every path");
			s->rel_v[p] = -2;
			continue;
		}
		if (s->rel_v[p] == -1 && P && !banned(e, s, p, 1) &&
		    (vl_walker(P) || P->kind == VK_SCALAR) && P->iv == id)
			rel_find(s, id, f, p);
		if (s->rel_v[p] == -1)
			s->rel_v[p] = -2; /* none: never look again */
	}
}

/* ---- variable steps ---- */

/*
 * The offsets from its header value that P (location p of summary id)
 * may have, as exact 64-bit integers: an exact tag's step, or a range
 * tag's range; in the low half (32) only when no header value of W
 * wraps by them.
 */
static bool step_range(const struct vsum *s, uint32_t id,
		       const struct bc_vreg *P, int p, int64_t *lo, int64_t *hi)
{
	const struct bc_vreg *h;

	if (!P || (P->kind != VK_SCALAR && !vl_walker(P)) || P->iv != id ||
	    P->ivl != p)
		return false;
	if (exact64(s, id, P, p)) {
		*lo = *hi = P->ivd;
		return true;
	}
	if ((P->ivw != VL_W_RNG && P->ivw != VL_W_RNG32) ||
	    !vt_delta(P, lo, hi))
		return false;
	if (P->ivw == VL_W_RNG)
		return true;
	if (P->kind != VK_SCALAR)
		return false;
	h = s->w ? vl_loc(s->w->st.frames[s->frame], p) : NULL;
	return P->s.umax <= UINT32_MAX && h && h->kind == VK_SCALAR &&
	       h->s.umax <= UINT32_MAX && h->s.umax + *hi <= UINT32_MAX &&
	       (int64_t)h->s.umin + *lo >= 0;
}

/* P's values (a pointer's addresses) on entry. */
static bool rr_entry(const struct vsum *s, int p, int64_t *lo, int64_t *hi)
{
	if (s->ent_r[p] || s->ent_c[p] || s->ent_a[p]) {
		*lo = s->ent_r[p] ? s->ent_lo[p] : s->ent_v[p];
		*hi = s->ent_r[p] ?
			      s->ent_hi[p] :
			      s->ent_v[p] + (s->ent_a[p] ? s->ent_span[p] : 0);
		return *lo > -(1ll << 60) && *hi < (1ll << 60);
	}
	return false;
}

/* Can location v count rounds: constant on entry, within 2^40? */
static bool counter_ok(const struct vsum *s, int v)
{
	return s->ent_c[v] && s->ent_v[v] > -(1ll << 40) &&
	       s->ent_v[v] < (1ll << 40);
}

/*
 * A counter for P: constant on entry, moved by an exact nonzero step, the
 * smallest (rel_find).
 */
static int rr_counter(const struct vsum *s, uint32_t id, struct bc_vframe *f,
		      int p)
{
	int best = -1;

	for (int v = 0; v < VL_LOCS; v++) {
		const struct bc_vreg *V = vl_loc(f, v);

		if (v != p && V && V->kind == VK_SCALAR && counter_ok(s, v) &&
		    V->ivd && exact64(s, id, V, v) &&
		    (best < 0 || abs_step(V) < abs_step(vl_loc(f, best))))
			best = v;
	}
	return best;
}

static void rr_set(struct vsum *s, int p, int v, int64_t lo, int64_t hi,
		   int32_t dv)
{
	s->rr_v[p] = (int8_t)v;
	s->rr_lo[p] = (int32_t)lo;
	s->rr_hi[p] = (int32_t)hi;
	s->rr_dv[p] = dv;
}

/* The hull a later run assumes: the one seen, and [lo, hi] too. */
static void rr_seed(struct venv *e, const struct vsum *s, int p, int v,
		    int64_t lo, int64_t hi, int32_t dv)
{
	int32_t *sd = e->rr_seed ? e->rr_seed[s->loop * VL_LOCS + p] : NULL;

	if (!sd)
		return;
	if (s->rr_v[p] == v) {
		lo = lo < s->rr_lo[p] ? lo : s->rr_lo[p];
		hi = hi > s->rr_hi[p] ? hi : s->rr_hi[p];
	}
	sd[0] = v + 1;
	sd[1] = (int32_t)lo;
	sd[2] = (int32_t)hi;
	sd[3] = dv;
}

/*
 * P's exact relation to counter V broke on a variable step: the next run
 * assumes a range relation from the start, its hull the exact step and
 * this one.
 */
static void rr_seed_exact(struct venv *e, const struct vsum *s, uint32_t id,
			  int p)
{
	struct bc_vframe *f = vc_frame(e);
	const struct bc_vreg *P = vl_loc(f, p), *V = vl_loc(f, s->rel_v[p]);
	int64_t lo, hi, k, elo, ehi;

	if (!V || !exact64(s, id, V, s->rel_v[p]) || s->rel_32[p] ||
	    s->rel_s32[p] || s->rel_span[p] || !rr_entry(s, p, &elo, &ehi) ||
	    !step_range(s, id, P, p, &lo, &hi) ||
	    __builtin_mul_overflow(s->rel_k[p], (int64_t)V->ivd, &k) ||
	    k <= -(int64_t)VT_MAX_STEP || k >= (int64_t)VT_MAX_STEP)
		return;
	rr_seed(e, s, p, s->rel_v[p], lo < k ? lo : k, hi > k ? hi : k, V->ivd);
}

/*
 * At a back edge: P moved by some d in [lo, hi] this round, V by exactly
 * its step. A relation not used yet takes a wider step in; one used is
 * void, and the next run assumes the wider one from the start.
 */
static void rr_check(struct venv *e, struct vsum *s, uint32_t id,
		     struct bc_vframe *f, int p, int64_t lo, int64_t hi)
{
	const struct bc_vreg *V = vl_loc(f, s->rr_v[p]);
	bool counts = V && V->kind == VK_SCALAR &&
		      exact64(s, id, V, s->rr_v[p]) && V->ivd == s->rr_dv[p];

	if (counts && lo >= s->rr_lo[p] && hi <= s->rr_hi[p])
		return;
	if (counts && !s->rr_used[p]) {
		rr_set(s, p, s->rr_v[p], lo < s->rr_lo[p] ? lo : s->rr_lo[p],
		       hi > s->rr_hi[p] ? hi : s->rr_hi[p], s->rr_dv[p]);
		return;
	}
	if (!s->rr_used[p]) {
		s->rr_v[p] = -2;
		return;
	}
	/* a hull that grew once more than the last run assumed may go on
	 * growing with the header state (an accumulator): none */
	if (counts && !(e->rr_seed && e->rr_seed[s->loop * VL_LOCS + p][0])) {
		rr_seed(e, s, p, s->rr_v[p], lo, hi, s->rr_dv[p]);
		e->sum_retry = true;
		vl_abort(e, s, "a location steps further than assumed");
		return;
	}

	ban(e, s, p, 8,
	    counts ? "a location's variable step keeps growing" :
		     "a location does not step with its counter");
}

/* At P's first back edge: a counter beside it, or the seeded one. */
static void rr_find(struct venv *e, struct vsum *s, uint32_t id,
		    struct bc_vframe *f, int p, int64_t lo, int64_t hi)
{
	const int32_t *sd = e->rr_seed ? e->rr_seed[s->loop * VL_LOCS + p] :
					 NULL;
	int64_t elo, ehi;
	int v;

	s->rr_v[p] = -2;
	if (!rr_entry(s, p, &elo, &ehi) || banned(e, s, p, 8))
		return;
	if (sd && sd[0]) {
		/* assumed, and checked from this first round on */
		if (!counter_ok(s, sd[0] - 1))
			return;
		rr_set(s, p, sd[0] - 1, sd[1], sd[2], sd[3]);
		rr_check(e, s, id, f, p, lo, hi);
		return;
	}
	v = rr_counter(s, id, f, p);
	if (v >= 0)
		rr_set(s, p, v, lo, hi, vl_loc(f, v)->ivd);
}

void vrel_range(struct venv *e, struct vsum *s, uint32_t id)
{
	struct bc_vframe *f = vc_frame(e);

	for (int p = 0; p < VL_LOCS && !e->sum_abort; p++) {
		const struct bc_vreg *P = vl_loc(f, p);
		int64_t lo, hi;
		bool moved = step_range(s, id, P, p, &lo, &hi);

		/* from the first round on, or the rounds before it would
		 * not be covered */
		if (s->rr_v[p] == -1 && moved && s->arrivals == 1)
			rr_find(e, s, id, f, p, lo, hi);
		else if (s->rr_v[p] >= 0 && moved)
			rr_check(e, s, id, f, p, lo, hi);
		else if (s->rr_v[p] >= 0 && s->rr_used[p])
			ban(e, s, p, 8, "a location loses its step's bounds");
		else if (s->rr_v[p] >= 0)
			s->rr_v[p] = -2;
	}
}

/* The rounds n = (V_h - V_0) / dv that V's range allows, from 0. */
static bool rr_rounds(const struct vsum *s, int p, const struct bc_vreg *V,
		      int64_t *nlo, int64_t *nhi)
{
	int64_t v0 = s->ent_v[s->rr_v[p]], dv = s->rr_dv[p], a, b, t;

	/* V_0 is within 2^40 (rr_counter), V's step within VT_MAX_STEP */
	if (V->s.smin < -(1ll << 40) || V->s.smax > (1ll << 40) || !dv)
		return false;
	a = V->s.smin - V->ivd - v0;
	b = V->s.smax - V->ivd - v0;
	if (dv < 0)
		t = a, a = -b, b = -t, dv = -dv;
	/* the rounds whose V_h lies in V's range: ceil(a / dv) up */
	*nlo = a > 0 ? (a + dv - 1) / dv : 0;
	*nhi = b >= 0 ? b / dv : -1;
	return *nlo <= *nhi;
}

/*
 * [lo, hi] grown to hold keep's values (a pointer's addresses) of location
 * p, of P's kind (NULL: none).
 */
static void rr_keep(const struct bc_vframe *keep, int p,
		    const struct bc_vreg *P, int64_t *lo, int64_t *hi)
{
	const struct bc_vreg *k = keep ? vl_loc((struct bc_vframe *)keep, p) :
					 NULL;
	int64_t off, a, b;

	if (!k || k->kind != P->kind)
		return;
	off = k->kind == VK_SCALAR ? 0 : k->off;
	if (__builtin_add_overflow(k->s.smin, off, &a) ||
	    __builtin_add_overflow(k->s.smax, off, &b)) {
		*lo = INT64_MIN;
		*hi = INT64_MAX;
		return;
	}
	if (a < *lo)
		*lo = a;
	if (b > *hi)
		*hi = b;
}

void vrel_range_narrow(struct vsum *s, uint32_t id, struct bc_vframe *f,
		       const struct bc_vframe *keep)
{
	for (int p = 0; p < VL_LOCS; p++) {
		struct bc_vreg *P = vl_loc(f, p), *V;
		int64_t nlo, nhi, dlo, dhi, a, b, lo, hi, elo, ehi;

		/* an exact step so far is vrel_relate's */
		if (s->rr_v[p] < 0 || s->rr_lo[p] == s->rr_hi[p] ||
		    !step_range(s, id, P, p, &dlo, &dhi))
			continue;
		V = vl_loc(f, s->rr_v[p]);
		if (!V || V->kind != VK_SCALAR ||
		    !exact64(s, id, V, s->rr_v[p]) ||
		    !rr_rounds(s, p, V, &nlo, &nhi))
			continue;
		if (__builtin_mul_overflow(s->rr_lo[p], nlo, &a) ||
		    __builtin_mul_overflow(s->rr_lo[p], nhi, &b))
			continue;
		lo = a < b ? a : b;
		if (__builtin_mul_overflow(s->rr_hi[p], nlo, &a) ||
		    __builtin_mul_overflow(s->rr_hi[p], nhi, &b))
			continue;
		hi = a > b ? a : b;
		if (!rr_entry(s, p, &elo, &ehi) ||
		    __builtin_add_overflow(lo, elo + dlo, &lo) ||
		    __builtin_add_overflow(hi, ehi + dhi, &hi))
			continue;
		rr_keep(keep, p, P, &lo, &hi);
		/* a pointer's variable part, past its fixed offset */
		if (P->kind != VK_SCALAR &&
		    (__builtin_sub_overflow(lo, (int64_t)P->off, &lo) ||
		     __builtin_sub_overflow(hi, (int64_t)P->off, &hi)))
			continue;
		if (narrow_walker(P, lo, hi))
			s->rr_used[p] = true;
	}
}

/* ---- vrel_congruence ---- */

static uint64_t gcd_u64(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

static uint64_t umod(uint64_t x, uint64_t g)
{
	return x % g;
}

static uint64_t smod(int64_t x, uint64_t g)
{
	int64_t r = x % (int64_t)g;

	return (uint64_t)(r < 0 ? r + (int64_t)g : r);
}

/*
 * x's bounds onto the values c0 + g * k (in the unsigned view when uview,
 * in the signed one when sview). True when a bound moved.
 */
static bool round_cong(struct bc_scalar *x, uint64_t g, int64_t c0, bool uview,
		       bool sview)
{
	struct bc_scalar n = *x;
	uint64_t d;

	if (g < 2)
		return false;
	if (uview) {
		d = (umod((uint64_t)c0, g) + g - umod(n.umin, g)) % g;
		if (n.umin + d >= n.umin)
			n.umin += d;
		d = (umod(n.umax, g) + g - umod((uint64_t)c0, g)) % g;
		if (n.umax - d <= n.umax)
			n.umax -= d;
	}
	if (sview) {
		d = (smod(c0, g) + g - smod(n.smin, g)) % g;
		if (n.smin <= INT64_MAX - (int64_t)d)
			n.smin += (int64_t)d;
		d = (smod(n.smax, g) + g - smod(c0, g)) % g;
		if (n.smax >= INT64_MIN + (int64_t)d)
			n.smax -= (int64_t)d;
	}
	bc_scalar_sync(&n);
	if (bc_scalar_is_empty(&n) || bc_scalar_equal(&n, x))
		return false;
	*x = n;
	return true;
}

/*
 * At a back edge: learn each location's vrel_congruence from its step, then
 * pull the arriving value onto it. The value arriving is v_h + d for a
 * header value v_h in W and the tag's d; where that sum cannot wrap in a
 * view, v_h = c0 (mod g) by induction gives v_h + d = c0 (mod g) there.
 */
void vrel_congruence(struct venv *e, struct vsum *s, uint32_t id)
{
	struct bc_vframe *f = vc_frame(e), *w = s->w->st.frames[s->frame];

	for (int j = 0; j < VL_LOCS; j++) {
		struct bc_vreg *r = vl_loc(f, j), *h = vl_loc(w, j);
		uint64_t d, g;
		bool uv, sv;

		if (!s->ent_c[j] || s->cong[j] == 1 || banned(e, s, j, 2))
			continue;
		if (!r || r->kind != VK_SCALAR || !exact64(s, id, r, j) || !h ||
		    h->kind != VK_SCALAR) {
			if (s->cong_used[j])
				ban(e, s, j, 2,
				    "a location does not keep its "
				    "step on every path");
			s->cong[j] = 1;
			continue;
		}
		d = r->ivd < 0 ? -(uint64_t)(int64_t)r->ivd : (uint64_t)r->ivd;
		g = d ? (s->cong[j] ? gcd_u64(s->cong[j], d) : d) : s->cong[j];
		if (s->cong[j] && g != s->cong[j] && s->cong_used[j])
			ban(e, s, j, 2,
			    "a location does not keep its step "
			    "on every path");
		s->cong[j] = (uint32_t)g;
		if (g < 2)
			continue;
		uv = r->ivd >= 0 ? h->s.umax <= UINT64_MAX - d : h->s.umin >= d;
		sv = r->ivd >= 0 ? h->s.smax <= INT64_MAX - (int64_t)d :
				   h->s.smin >= INT64_MIN + (int64_t)d;
		if (round_cong(&r->s, g, s->ent_v[j], uv, sv))
			s->cong_used[j] = true;
	}
}

/* The header state's locations onto their congruences (checked after). */
void vrel_cong_header(const struct vsum *s, struct bc_vframe *f)
{
	for (int j = 0; j < VL_LOCS; j++) {
		struct bc_vreg *r = vl_loc(f, j);

		if (s->ent_c[j] && s->cong[j] > 1 && r && r->kind == VK_SCALAR)
			round_cong(&r->s, s->cong[j], s->ent_v[j], true, true);
	}
}

/* Remember b as a bound tested on tagged location loc of summary s. */
static void tb_insert(struct vsum *s, uint8_t loc, uint64_t b)
{
	for (uint32_t i = 0; i < s->tb_cnt; i++)
		if (s->tb[i].b == b && s->tb[i].loc == loc)
			return;
	if (s->tb_cnt >= VL_MAX_THR)
		return;
	s->tb = bc_xrealloc(s->tb, (s->tb_cnt + 1) * sizeof(*s->tb));
	s->tb[s->tb_cnt].b = b;
	s->tb[s->tb_cnt++].loc = loc;
}

/* Add b and its neighbours to summary s's thresholds (kept sorted). */
static void thr_insert(struct vsum *s, uint64_t b)
{
	for (int o = -1; o <= 1; o++) {
		uint64_t v = b + (uint64_t)(int64_t)o;
		uint32_t i = 0, n = s->thr_cnt;

		if (n >= 2 * VL_MAX_THR)
			return;
		while (i < n && s->thr_u[i] < v)
			i++;
		if (i < n && s->thr_u[i] == v)
			continue;
		s->thr_u = bc_xrealloc(s->thr_u, (n + 1) * sizeof(uint64_t));
		s->thr_s = bc_xrealloc(s->thr_s, (n + 1) * sizeof(int64_t));
		memmove(s->thr_u + i + 1, s->thr_u + i,
			(n - i) * sizeof(uint64_t));
		s->thr_u[i] = v;
		for (i = 0; i < n && s->thr_s[i] < (int64_t)v; i++)
			;
		memmove(s->thr_s + i + 1, s->thr_s + i,
			(n - i) * sizeof(int64_t));
		s->thr_s[i] = (int64_t)v;
		s->thr_cnt = n + 1;
	}
}

static bool const_of(const struct bc_vreg *r, int64_t *v)
{
	if (r->kind != VK_SCALAR || !bc_scalar_is_const(&r->s))
		return false;
	*v = (int64_t)r->s.var_off.value;
	return true;
}

/* ---- a counter bounded by a loop-invariant location ---- */

static void lt_drop(struct venv *e, struct vsum *s, const char *why)
{
	if (s->lt_used)
		ban(e, s, s->lt_x, 4, why);
	s->lt = -1;
}

/* The test at pc leaves loop l on equality and runs once per trip. */
static bool lt_shape(const struct venv *e, const struct vsum *s, uint32_t pc,
		     const struct bpf_insn *in)
{
	const struct bc_cfg *cfg = e->cfg;
	const struct bc_loop *l = &cfg->loops[s->loop];
	uint32_t b = cfg->insn_block[pc];
	uint32_t eq = bc_op(in) == BPF_JEQ ? pc + 1 + in->off : pc + 1;

	if (cfg->blocks[b].loop != s->loop || vl_in_loop(cfg, s->loop, eq))
		return false;
	for (uint32_t i = 0; i < l->latch_cnt; i++)
		if (!bc_cfg_dominates(cfg, b, l->latches[i]))
			return false;
	return true;
}

/* Does r hold the value tagged (iv, l, d), exactly in 64 bits? */
static bool same_tag(const struct bc_vreg *r, uint32_t iv, uint32_t l,
		     int32_t d)
{
	return r && r->kind == VK_SCALAR && r->iv == iv && r->ivl == l &&
	       r->ivd == d && r->ivw == 64;
}

/* The candidate's operands, in either order? */
static bool lt_operands(const struct vsum *s, const struct bc_vreg *x,
			const struct bc_vreg *y)
{
	return x->kind == VK_SCALAR && x->ivl == s->lt_x &&
	       x->ivd == s->lt_dx && x->ivw == 64 &&
	       same_tag(y, s->lt_yiv, s->lt_yl, s->lt_yd);
}

/* Every run of a candidate's test, on every path, must see its values. */
static void lt_check(struct venv *e, const struct bpf_insn *in)
{
	const struct bc_vreg *a = vc_reg(e, in->dst_reg);
	const struct bc_vreg *b = vc_reg(e, in->src_reg);

	for (uint32_t i = 0; i < e->cur.nsum; i++) {
		uint32_t id = e->cur.sums[i];
		struct vsum *s = vl_sum(e, id);
		uint8_t op = bc_op(in);

		if (s->lt != 1 || s->lt_pc != e->cur.pc)
			continue;
		if ((op == BPF_JEQ || op == BPF_JNE) && bc_srcbit(in) &&
		    bc_class(in) == BPF_JMP &&
		    ((a->iv == id && exact64(s, id, a, s->lt_x) &&
		      lt_operands(s, a, b)) ||
		     (b->iv == id && exact64(s, id, b, s->lt_x) &&
		      lt_operands(s, b, a))))
			continue;
		lt_drop(e, s,
			"a counter's bound test sees other values on "
			"another path");
	}
}

/*
 * "if x == y" (or !=) with x tagged X_h + dx (dx 0 or 1) by the loop the
 * test is in, and y the value register Y held at the header (its tag
 * unchanged): the first such test becomes the candidate.
 */
static void lt_try(struct venv *e, const struct bpf_insn *in, int rx, int ry)
{
	uint32_t pc = e->cur.pc;
	const struct bc_vreg *x = vc_reg(e, rx), *y = vc_reg(e, ry);
	struct bc_vframe *wf;
	struct vsum *s;

	if (x->kind != VK_SCALAR || y->kind != VK_SCALAR || !x->iv ||
	    !vt_active(&e->cur, x->iv) || !y->iv || !vt_active(&e->cur, y->iv))
		return;
	s = vl_sum(e, x->iv);
	if (s->frame != e->cur.curframe || s->lt)
		return;
	wf = s->w->st.frames[s->frame];
	if (x->ivd < 0 || x->ivd > 1 || x->ivl >= VL_LOCS || x->ivl == ry ||
	    banned(e, s, x->ivl, 4) || !exact64(s, x->iv, x, x->ivl) ||
	    !same_tag(y, y->iv, y->ivl, y->ivd) ||
	    !same_tag(vl_loc(wf, ry), y->iv, y->ivl, y->ivd) ||
	    !s->ent_r[x->ivl] || !s->ent_r[ry] ||
	    s->ent_hi[x->ivl] >= INT64_MAX - 1 ||
	    s->ent_hi[x->ivl] + x->ivd > s->ent_lo[ry] ||
	    !lt_shape(e, s, pc, in))
		return;
	s->lt = 1;
	s->lt_pc = pc;
	s->lt_x = (int8_t)x->ivl;
	s->lt_y = (int8_t)ry;
	s->lt_dx = (int8_t)x->ivd;
	s->lt_yiv = y->iv;
	s->lt_yl = y->ivl;
	s->lt_yd = y->ivd;
}

/* X := X within X + lt_dx <= Y (true when it narrowed). */
bool vrel_lt_narrow(struct vsum *s, struct bc_vframe *f)
{
	struct bc_vreg *x = vl_loc(f, s->lt_x), *y = vl_loc(f, s->lt_y);

	if (!x || !y || x->kind != VK_SCALAR || y->kind != VK_SCALAR)
		return false;
	return narrow_to(&x->s, INT64_MIN, y->s.smax - s->lt_dx);
}

/* At a back edge: X stepped by exactly 1, Y not at all. */
void vrel_lt_arrive(struct venv *e, struct vsum *s, uint32_t id)
{
	struct bc_vframe *f = vc_frame(e);
	struct bc_vreg *x, *y;

	if (s->lt != 1)
		return;
	x = vl_loc(f, s->lt_x);
	y = vl_loc(f, s->lt_y);
	if (!x || !y || x->kind != VK_SCALAR || !exact64(s, id, x, s->lt_x) ||
	    x->ivd != 1 || !same_tag(y, s->lt_yiv, s->lt_yl, s->lt_yd) ||
	    !same_tag(vl_loc(s->w->st.frames[s->frame], s->lt_y), s->lt_yiv,
		      s->lt_yl, s->lt_yd)) {
		lt_drop(e, s,
			"a counter bounded by another location does not "
			"step by one on every path");
		return;
	}
	if (vrel_lt_narrow(s, f))
		s->lt_used = true;
}

void vl_jump(struct venv *e, const struct bpf_insn *in)
{
	uint8_t op = bc_op(in);
	const struct bc_vreg *d = vc_reg(e, in->dst_reg), *t = NULL;
	int64_t b;

	if (op == BPF_JA || op == BPF_CALL || op == BPF_EXIT ||
	    op == BPF_JSET || in->dst_reg > 10 || in->src_reg > 10)
		return;
	lt_check(e, in);
	if ((op == BPF_JEQ || op == BPF_JNE) && bc_srcbit(in) &&
	    bc_class(in) == BPF_JMP) {
		lt_try(e, in, in->dst_reg, in->src_reg);
		lt_try(e, in, in->src_reg, in->dst_reg);
	}
	if (!bc_srcbit(in)) {
		b = bc_class(in) == BPF_JMP32 ? (int64_t)(uint32_t)in->imm :
						in->imm;
		t = d;
	} else if (const_of(vc_reg(e, in->src_reg), &b)) {
		t = d;
	} else if (const_of(d, &b)) {
		t = vc_reg(e, in->src_reg);
	}
	if (!t || t->kind != VK_SCALAR || !t->iv || t->ivw < 32 ||
	    !vt_active(&e->cur, t->iv))
		return;
	if (bc_class(in) == BPF_JMP32 || t->ivw == 32)
		b = (int64_t)(uint32_t)((uint64_t)b -
					(uint64_t)(int64_t)t->ivd);
	else
		b = (int64_t)((uint64_t)b - (uint64_t)(int64_t)t->ivd);
	thr_insert(vl_sum(e, t->iv), (uint64_t)b);
	tb_insert(vl_sum(e, t->iv), t->ivl, (uint64_t)b);
}

/*
 * Values tagged from two locations A and B related by A_h = B_h + a at the
 * header (a relation with k = 1): x = A_h + dx and y = B_h + dy give
 * y = x + (dy - dx - a), so a range learnt for x holds for y shifted.
 */
void vrel_cross_narrow(struct vsum *s, uint32_t id, const struct bc_vreg *x,
		       struct bc_vreg *y)
{
	int A = x->ivl, B = y->ivl;
	int64_t delta, lo, hi;

	if (x->iv != id || y->iv != id || A >= VL_LOCS || B >= VL_LOCS ||
	    s->rel_v[A] != B || s->rel_k[A] != 1 || s->rel_32[A] ||
	    s->rel_s32[A] || s->rel_span[A] || !exact64(s, id, x, A) ||
	    !exact64(s, id, y, B))
		return;
	delta = (int64_t)y->ivd - x->ivd - s->rel_a[A];
	if (__builtin_add_overflow(x->s.smin, delta, &lo) ||
	    __builtin_add_overflow(x->s.smax, delta, &hi))
		return;
	if (narrow_to(&y->s, lo, hi))
		s->rel_used[A] = true;
}
