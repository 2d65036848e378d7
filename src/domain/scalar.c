// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The scalar abstract domain: one tnum plus four intervals (u64, s64, u32,
 * s32). A concrete x belongs to a scalar when it lies in all five at once:
 * x in var_off, umin <= x <= umax, smin <= (s64)x <= smax, and the same for
 * the low 32 bits against the 32-bit bounds.
 *
 * How the five are kept consistent. Each transfer function computes, for
 * its operation, a sound tnum and sound 64- and 32-bit intervals (any part
 * it cannot compute it resets to "unbounded"/"unknown" rather than keeping
 * a stale value), then calls bc_scalar_sync(), which is Linux's
 * reg_bounds_sync():
 *   1. bounds from tnum: tighten every interval to the tnum's min/max;
 *   2. deduce, three rounds: 64 -> 32 (when the upper halves of the u64 or
 *      s64 bounds agree, or differ by one with the low halves straddling
 *      the s32 sign), 32 u<->s and 64 u<->s (when a range does not cross
 *      the sign boundary, or a crossing s64 range overlaps one end of the
 *      u64 range), and 32 -> 64 (the 32-bit bounds replace the low halves
 *      of the 64-bit bounds);
 *   3. tnum from bounds: intersect var_off with tnum_range(umin, umax) and
 *      its low half with tnum_range(u32_min, u32_max);
 *   4. bounds from tnum again, which also collapses the scalar to a
 *      constant when the tnum and [umin, umax] share exactly one value.
 * Every step only intersects sets that each contain all concrete values,
 * so the result stays sound; an empty intersection means the state is
 * unreachable (e.g. a branch that cannot be taken).
 * ALU32 results are zero-extended: the 64-bit parts are rebuilt from the
 * 32-bit ones (bc_scalar_zext32) before the sync.
 *
 * The results are the Linux 6.18 verifier's, including where it gives up
 * (division and modulo give an unknown scalar, ALU32 results it cannot
 * compute are unknown in all 64 bits, JSET's fall-through forgets the
 * ranges, 64-bit JEQ intersects only the 64-bit parts, movsx keeps
 * little). tests/scalar/test_kernel_parity.c checks this state by state
 * against the live kernel's log. bc_scalar_alu_tight tracks div/mod
 * ranges and folds every operation on constants exactly instead.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <linux/bpf.h>

#include "domain/scalar.h"
#include "isa/alu.h"

#define S64_MIN INT64_MIN
#define S64_MAX INT64_MAX
#define U64_MAX UINT64_MAX
#define S32_MIN INT32_MIN
#define S32_MAX INT32_MAX
#define U32_MAX UINT32_MAX

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

/* ---- construction ---------------------------------------------------- */

static void unbounded64(struct bc_scalar *s)
{
	s->umin = 0;
	s->umax = U64_MAX;
	s->smin = S64_MIN;
	s->smax = S64_MAX;
}

static void unbounded32(struct bc_scalar *s)
{
	s->u32_min = 0;
	s->u32_max = U32_MAX;
	s->s32_min = S32_MIN;
	s->s32_max = S32_MAX;
}

static void unbounded(struct bc_scalar *s)
{
	unbounded64(s);
	unbounded32(s);
}

void bc_scalar_unknown(struct bc_scalar *s)
{
	s->var_off = tnum_unknown;
	unbounded(s);
}

static void set_const32(struct bc_scalar *s, uint32_t v)
{
	s->var_off = tnum_const_subreg(s->var_off, v);
	s->u32_min = s->u32_max = v;
	s->s32_min = s->s32_max = (int32_t)v;
}

void bc_scalar_const(struct bc_scalar *s, uint64_t v)
{
	s->var_off = tnum_const(v);
	s->umin = s->umax = v;
	s->smin = s->smax = (int64_t)v;
	s->u32_min = s->u32_max = (uint32_t)v;
	s->s32_min = s->s32_max = (int32_t)v;
}

void bc_scalar_urange(struct bc_scalar *s, uint64_t lo, uint64_t hi)
{
	bc_scalar_unknown(s);
	s->var_off = tnum_range(lo, hi);
	s->umin = lo;
	s->umax = hi;
	bc_scalar_sync(s);
}

void bc_scalar_load(struct bc_scalar *s, int size, bool sign_extend)
{
	int bits = size * 8;

	if (size >= 8) {
		bc_scalar_unknown(s);
		return;
	}
	if (!sign_extend) {
		bc_scalar_urange(s, 0, (1ULL << bits) - 1);
		return;
	}
	bc_scalar_unknown(s);
	s->smin = -(int64_t)(1ULL << (bits - 1));
	s->smax = (int64_t)(1ULL << (bits - 1)) - 1;
	bc_scalar_sync(s);
}

bool bc_scalar_is_const(const struct bc_scalar *s)
{
	return tnum_is_const(s->var_off);
}

bool bc_scalar_is_unknown(const struct bc_scalar *s)
{
	return tnum_is_unknown(s->var_off) && s->umin == 0 &&
	       s->umax == U64_MAX && s->smin == S64_MIN && s->smax == S64_MAX &&
	       s->u32_min == 0 && s->u32_max == U32_MAX &&
	       s->s32_min == S32_MIN && s->s32_max == S32_MAX;
}

/* ---- bounds synchronisation (reg_bounds_sync) ------------------------ */

static void single_value(struct bc_scalar *s);

static void bounds_from_tnum(struct bc_scalar *s)
{
	struct tnum t = s->var_off;
	struct tnum t32 = tnum_subreg(t);

	s->smin = MAX(s->smin, (int64_t)(t.value | (t.mask & (1ULL << 63))));
	s->smax = MIN(s->smax, (int64_t)(t.value | (t.mask & ~(1ULL << 63))));
	s->umin = MAX(s->umin, t.value);
	s->umax = MIN(s->umax, t.value | t.mask);

	s->s32_min = MAX(s->s32_min,
			 (int32_t)(uint32_t)(t32.value | (t32.mask & 0x80000000u)));
	s->s32_max = MIN(s->s32_max,
			 (int32_t)(uint32_t)(t32.value | (t32.mask & 0x7fffffffu)));
	s->u32_min = MAX(s->u32_min, (uint32_t)t32.value);
	s->u32_max = MIN(s->u32_max, (uint32_t)(t32.value | t32.mask));
	single_value(s);
}

/* Smallest member of t above z, if any. */
static bool tnum_next_gt(struct tnum t, uint64_t z, uint64_t *out)
{
	return z != U64_MAX && tnum_next_ge(t, z + 1, out);
}

/*
 * The tnum and [umin, umax] share exactly one value: a constant. As Linux
 * 6.18 (__update_reg64_bounds), which misses the case where umin is the
 * tnum's largest member: there it keeps the non-constant form.
 */
static void single_value(struct bc_scalar *s)
{
	struct tnum t = s->var_off;
	uint64_t f, nx;

	if (tnum_is_const(t))
		return;
	if (tnum_contains(t, s->umin)) {
		if (tnum_next_gt(t, s->umin, &nx) && nx > s->umax)
			bc_scalar_const(s, s->umin);
		return;
	}
	if (!tnum_next_ge(t, s->umin, &f) || f > s->umax)
		return;
	if (f == (t.value | t.mask) ||
	    (tnum_next_gt(t, f, &nx) && nx > s->umax))
		bc_scalar_const(s, f);
}

static void tighten_s32(struct bc_scalar *s, int32_t lo, int32_t hi)
{
	s->s32_min = MAX(s->s32_min, lo);
	s->s32_max = MIN(s->s32_max, hi);
}

static void tighten_u32(struct bc_scalar *s, uint32_t lo, uint32_t hi)
{
	s->u32_min = MAX(s->u32_min, lo);
	s->u32_max = MIN(s->u32_max, hi);
}

/* What the 64-bit bounds say about the low 32 bits. */
static void deduce_32_from_64(struct bc_scalar *s)
{
	if ((s->umin >> 32) == (s->umax >> 32)) {
		tighten_u32(s, (uint32_t)s->umin, (uint32_t)s->umax);
		if ((int32_t)s->umin <= (int32_t)s->umax)
			tighten_s32(s, (int32_t)s->umin, (int32_t)s->umax);
	}
	if ((s->smin >> 32) == (s->smax >> 32)) {
		if ((uint32_t)s->smin <= (uint32_t)s->smax)
			tighten_u32(s, (uint32_t)s->smin, (uint32_t)s->smax);
		if ((int32_t)s->smin <= (int32_t)s->smax)
			tighten_s32(s, (int32_t)s->smin, (int32_t)s->smax);
	}
	/* Upper halves consecutive, low halves going from negative to
	 * non-negative: the low halves still form one s32 range. */
	if ((uint32_t)(s->umin >> 32) + 1 == (uint32_t)(s->umax >> 32) &&
	    (int32_t)s->umin < 0 && (int32_t)s->umax >= 0)
		tighten_s32(s, (int32_t)s->umin, (int32_t)s->umax);
	if ((uint32_t)((uint64_t)s->smin >> 32) + 1 ==
		    (uint32_t)((uint64_t)s->smax >> 32) &&
	    (int32_t)s->smin < 0 && (int32_t)s->smax >= 0)
		tighten_s32(s, (int32_t)s->smin, (int32_t)s->smax);
}

static void deduce_32_sign(struct bc_scalar *s)
{
	if ((int32_t)s->u32_min <= (int32_t)s->u32_max)
		tighten_s32(s, (int32_t)s->u32_min, (int32_t)s->u32_max);
	if ((uint32_t)s->s32_min <= (uint32_t)s->s32_max) {
		tighten_u32(s, (uint32_t)s->s32_min, (uint32_t)s->s32_max);
	} else if (s->u32_max < (uint32_t)s->s32_min) {
		/* s32 range wraps; u32 range only meets its low part */
		s->s32_min = (int32_t)s->u32_min;
		s->u32_max = MIN(s->u32_max, (uint32_t)s->s32_max);
	} else if ((uint32_t)s->s32_max < s->u32_min) {
		/* ... or only its high part */
		s->s32_max = (int32_t)s->u32_max;
		s->u32_min = MAX(s->u32_min, (uint32_t)s->s32_min);
	}
}

static void deduce_64_sign(struct bc_scalar *s)
{
	if ((int64_t)s->umin <= (int64_t)s->umax) {
		s->smin = MAX(s->smin, (int64_t)s->umin);
		s->smax = MIN(s->smax, (int64_t)s->umax);
	}
	if ((uint64_t)s->smin <= (uint64_t)s->smax) {
		s->umin = MAX(s->umin, (uint64_t)s->smin);
		s->umax = MIN(s->umax, (uint64_t)s->smax);
	} else if (s->umax < (uint64_t)s->smin) {
		/* s64 range wraps; u64 range only meets its low part */
		s->smin = (int64_t)s->umin;
		s->umax = MIN(s->umax, (uint64_t)s->smax);
	} else if ((uint64_t)s->smax < s->umin) {
		/* ... or only its high part */
		s->smax = (int64_t)s->umax;
		s->umin = MAX(s->umin, (uint64_t)s->smin);
	}
}

/* What the 32-bit bounds say about the 64-bit ones. */
static void deduce_64_from_32(struct bc_scalar *s)
{
	uint64_t hi_umin = s->umin & ~0xffffffffULL;
	uint64_t hi_umax = s->umax & ~0xffffffffULL;
	uint64_t hi_smin = (uint64_t)s->smin & ~0xffffffffULL;
	uint64_t hi_smax = (uint64_t)s->smax & ~0xffffffffULL;

	s->umin = MAX(s->umin, hi_umin | s->u32_min);
	s->umax = MIN(s->umax, hi_umax | s->u32_max);
	s->smin = MAX(s->smin, (int64_t)(hi_smin | s->u32_min));
	s->smax = MIN(s->smax, (int64_t)(hi_smax | s->u32_max));

	/* A sign-extended 32-bit value with non-negative low half. */
	if (s->s32_min >= 0 && s->smin >= S32_MIN && s->smax <= S32_MAX) {
		s->smin = s->s32_min;
		s->smax = s->s32_max;
		s->umin = (uint64_t)s->s32_min;
		s->umax = (uint64_t)s->s32_max;
		s->var_off = tnum_intersect(s->var_off,
					    tnum_range(s->umin, s->umax));
	}
}

static void deduce_bounds(struct bc_scalar *s)
{
	deduce_32_from_64(s);
	deduce_32_sign(s);
	deduce_64_sign(s);
	deduce_64_from_32(s);
}

static void tnum_from_bounds(struct bc_scalar *s)
{
	struct tnum t64 = tnum_intersect(s->var_off,
					 tnum_range(s->umin, s->umax));
	struct tnum t32 = tnum_intersect(tnum_subreg(t64),
					 tnum_range(s->u32_min, s->u32_max));

	s->var_off = tnum_or(tnum_clear_subreg(t64), t32);
}

void bc_scalar_sync(struct bc_scalar *s)
{
	bounds_from_tnum(s);
	deduce_bounds(s);
	deduce_bounds(s);
	deduce_bounds(s);
	tnum_from_bounds(s);
	bounds_from_tnum(s);
}

/* 64-bit bounds of a zero-extended 32-bit result. */
static void assign_32_into_64(struct bc_scalar *s)
{
	s->umin = s->u32_min;
	s->umax = s->u32_max;
	if (s->s32_min >= 0 && s->s32_max >= 0) {
		s->smin = s->s32_min;
		s->smax = s->s32_max;
	} else {
		s->smin = 0;
		s->smax = U32_MAX;
	}
}

void bc_scalar_zext32(struct bc_scalar *s)
{
	s->var_off = tnum_subreg(s->var_off);
	assign_32_into_64(s);
}

/* ---- arithmetic ------------------------------------------------------ */

static void add32(struct bc_scalar *d, const struct bc_scalar *s)
{
	int64_t lo = (int64_t)d->s32_min + s->s32_min;
	int64_t hi = (int64_t)d->s32_max + s->s32_max;
	uint64_t ulo = (uint64_t)d->u32_min + s->u32_min;
	uint64_t uhi = (uint64_t)d->u32_max + s->u32_max;

	if (lo < S32_MIN || hi > S32_MAX) {
		d->s32_min = S32_MIN;
		d->s32_max = S32_MAX;
	} else {
		d->s32_min = (int32_t)lo;
		d->s32_max = (int32_t)hi;
	}
	/* Either no sum or every sum wraps: the wrapped range is exact. */
	if (ulo <= U32_MAX && uhi > U32_MAX) {
		d->u32_min = 0;
		d->u32_max = U32_MAX;
	} else {
		d->u32_min = (uint32_t)ulo;
		d->u32_max = (uint32_t)uhi;
	}
}

static void add64(struct bc_scalar *d, const struct bc_scalar *s)
{
	int64_t lo, hi;
	uint64_t ulo, uhi;
	bool lo_ov = __builtin_add_overflow(d->umin, s->umin, &ulo);
	bool hi_ov = __builtin_add_overflow(d->umax, s->umax, &uhi);

	if (__builtin_add_overflow(d->smin, s->smin, &lo) ||
	    __builtin_add_overflow(d->smax, s->smax, &hi)) {
		d->smin = S64_MIN;
		d->smax = S64_MAX;
	} else {
		d->smin = lo;
		d->smax = hi;
	}
	if (!lo_ov && hi_ov) {
		d->umin = 0;
		d->umax = U64_MAX;
	} else {
		d->umin = ulo;
		d->umax = uhi;
	}
}

static void sub32(struct bc_scalar *d, const struct bc_scalar *s)
{
	int64_t lo = (int64_t)d->s32_min - s->s32_max;
	int64_t hi = (int64_t)d->s32_max - s->s32_min;
	bool lo_uf = d->u32_min < s->u32_max;
	bool hi_uf = d->u32_max < s->u32_min;
	uint32_t ulo = d->u32_min - s->u32_max;
	uint32_t uhi = d->u32_max - s->u32_min;

	if (lo < S32_MIN || hi > S32_MAX) {
		d->s32_min = S32_MIN;
		d->s32_max = S32_MAX;
	} else {
		d->s32_min = (int32_t)lo;
		d->s32_max = (int32_t)hi;
	}
	if (lo_uf && !hi_uf) {
		d->u32_min = 0;
		d->u32_max = U32_MAX;
	} else {
		d->u32_min = ulo;
		d->u32_max = uhi;
	}
}

static void sub64(struct bc_scalar *d, const struct bc_scalar *s)
{
	int64_t lo, hi;
	bool lo_uf = d->umin < s->umax;
	bool hi_uf = d->umax < s->umin;
	uint64_t ulo = d->umin - s->umax;
	uint64_t uhi = d->umax - s->umin;

	if (__builtin_sub_overflow(d->smin, s->smax, &lo) ||
	    __builtin_sub_overflow(d->smax, s->smin, &hi)) {
		d->smin = S64_MIN;
		d->smax = S64_MAX;
	} else {
		d->smin = lo;
		d->smax = hi;
	}
	if (lo_uf && !hi_uf) {
		d->umin = 0;
		d->umax = U64_MAX;
	} else {
		d->umin = ulo;
		d->umax = uhi;
	}
}

static void mul32(struct bc_scalar *d, const struct bc_scalar *s)
{
	uint64_t ulo = (uint64_t)d->u32_min * s->u32_min;
	uint64_t uhi = (uint64_t)d->u32_max * s->u32_max;
	int64_t p[4] = {
		(int64_t)d->s32_min * s->s32_min,
		(int64_t)d->s32_min * s->s32_max,
		(int64_t)d->s32_max * s->s32_min,
		(int64_t)d->s32_max * s->s32_max,
	};
	int64_t lo = p[0], hi = p[0];
	int i;

	if (uhi > U32_MAX) {
		d->u32_min = 0;
		d->u32_max = U32_MAX;
	} else {
		d->u32_min = (uint32_t)ulo;
		d->u32_max = (uint32_t)uhi;
	}
	for (i = 1; i < 4; i++) {
		lo = MIN(lo, p[i]);
		hi = MAX(hi, p[i]);
	}
	if (lo < S32_MIN || hi > S32_MAX) {
		d->s32_min = S32_MIN;
		d->s32_max = S32_MAX;
	} else {
		d->s32_min = (int32_t)lo;
		d->s32_max = (int32_t)hi;
	}
}

static void mul64(struct bc_scalar *d, const struct bc_scalar *s)
{
	uint64_t ulo, uhi;
	int64_t p[4], lo, hi;
	bool ov;
	int i;

	if (__builtin_mul_overflow(d->umax, s->umax, &uhi) ||
	    __builtin_mul_overflow(d->umin, s->umin, &ulo)) {
		d->umin = 0;
		d->umax = U64_MAX;
	} else {
		d->umin = ulo;
		d->umax = uhi;
	}
	ov = __builtin_mul_overflow(d->smin, s->smin, &p[0]);
	ov |= __builtin_mul_overflow(d->smin, s->smax, &p[1]);
	ov |= __builtin_mul_overflow(d->smax, s->smin, &p[2]);
	ov |= __builtin_mul_overflow(d->smax, s->smax, &p[3]);
	if (ov) {
		d->smin = S64_MIN;
		d->smax = S64_MAX;
		return;
	}
	lo = hi = p[0];
	for (i = 1; i < 4; i++) {
		lo = MIN(lo, p[i]);
		hi = MAX(hi, p[i]);
	}
	d->smin = lo;
	d->smax = hi;
}

/* ---- bitwise --------------------------------------------------------- */

/* s32 bounds from u32 bounds when they do not cross the sign boundary. */
static void s32_from_u32(struct bc_scalar *d)
{
	if ((int32_t)d->u32_min <= (int32_t)d->u32_max) {
		d->s32_min = (int32_t)d->u32_min;
		d->s32_max = (int32_t)d->u32_max;
	} else {
		d->s32_min = S32_MIN;
		d->s32_max = S32_MAX;
	}
}

static void s64_from_u64(struct bc_scalar *d)
{
	if ((int64_t)d->umin <= (int64_t)d->umax) {
		d->smin = (int64_t)d->umin;
		d->smax = (int64_t)d->umax;
	} else {
		d->smin = S64_MIN;
		d->smax = S64_MAX;
	}
}

/* The bitwise ops expect d->var_off to hold the result tnum already. */
static void and32(struct bc_scalar *d, const struct bc_scalar *s,
		  bool both_const)
{
	struct tnum t = tnum_subreg(d->var_off);

	if (both_const) {
		set_const32(d, (uint32_t)t.value);
		return;
	}
	d->u32_min = (uint32_t)t.value;
	d->u32_max = MIN(d->u32_max, s->u32_max);
	s32_from_u32(d);
}

static void and64(struct bc_scalar *d, const struct bc_scalar *s,
		  bool both_const)
{
	if (both_const) {
		bc_scalar_const(d, d->var_off.value);
		return;
	}
	d->umin = d->var_off.value;
	d->umax = MIN(d->umax, s->umax);
	s64_from_u64(d);
}

static void or32(struct bc_scalar *d, const struct bc_scalar *s,
		 bool both_const)
{
	struct tnum t = tnum_subreg(d->var_off);

	if (both_const) {
		set_const32(d, (uint32_t)t.value);
		return;
	}
	d->u32_min = MAX(d->u32_min, s->u32_min);
	d->u32_max = (uint32_t)(t.value | t.mask);
	s32_from_u32(d);
}

static void or64(struct bc_scalar *d, const struct bc_scalar *s,
		 bool both_const)
{
	if (both_const) {
		bc_scalar_const(d, d->var_off.value);
		return;
	}
	d->umin = MAX(d->umin, s->umin);
	d->umax = d->var_off.value | d->var_off.mask;
	s64_from_u64(d);
}

static void xor32(struct bc_scalar *d, bool both_const)
{
	struct tnum t = tnum_subreg(d->var_off);

	if (both_const) {
		set_const32(d, (uint32_t)t.value);
		return;
	}
	d->u32_min = (uint32_t)t.value;
	d->u32_max = (uint32_t)(t.value | t.mask);
	s32_from_u32(d);
}

static void xor64(struct bc_scalar *d, bool both_const)
{
	if (both_const) {
		bc_scalar_const(d, d->var_off.value);
		return;
	}
	d->umin = d->var_off.value;
	d->umax = d->var_off.value | d->var_off.mask;
	s64_from_u64(d);
}

/* ---- shifts (by a constant below the width) -------------------------- */

static void lsh32_bounds(struct bc_scalar *d, uint64_t sh)
{
	d->s32_min = S32_MIN;
	d->s32_max = S32_MAX;
	if (sh > 31 || d->u32_max > (1ULL << (31 - sh))) {
		d->u32_min = 0;
		d->u32_max = U32_MAX;
	} else {
		d->u32_min <<= sh;
		d->u32_max <<= sh;
	}
}

static void lsh32(struct bc_scalar *d, uint64_t sh)
{
	struct tnum sub = tnum_subreg(d->var_off);

	lsh32_bounds(d, sh);
	d->var_off = tnum_subreg(tnum_lshift(sub, (uint8_t)sh));
	unbounded64(d);
}

static void lsh64(struct bc_scalar *d, uint64_t sh)
{
	/* x << 32 is (s32)x * 2^32: the common sign-extension idiom */
	if (sh == 32) {
		d->smax = (int64_t)((uint64_t)(int64_t)d->s32_max << 32);
		d->smin = (int64_t)((uint64_t)(int64_t)d->s32_min << 32);
	} else {
		d->smax = S64_MAX;
		d->smin = S64_MIN;
	}
	if (d->umax > (1ULL << (63 - sh))) {
		d->umin = 0;
		d->umax = U64_MAX;
	} else {
		d->umin <<= sh;
		d->umax <<= sh;
	}
	lsh32_bounds(d, sh);
	d->var_off = tnum_lshift(d->var_off, (uint8_t)sh);
}

static void rsh32(struct bc_scalar *d, uint64_t sh)
{
	struct tnum sub = tnum_subreg(d->var_off);

	d->s32_min = S32_MIN;
	d->s32_max = S32_MAX;
	d->var_off = tnum_rshift(sub, (uint8_t)sh);
	d->u32_min >>= sh;
	d->u32_max >>= sh;
	unbounded64(d);
}

static void rsh64(struct bc_scalar *d, uint64_t sh)
{
	d->smin = S64_MIN;
	d->smax = S64_MAX;
	d->var_off = tnum_rshift(d->var_off, (uint8_t)sh);
	d->umin >>= sh;
	d->umax >>= sh;
	unbounded32(d);
}

static void arsh32(struct bc_scalar *d, uint64_t sh)
{
	d->s32_min >>= sh;
	d->s32_max >>= sh;
	d->var_off = tnum_arshift(tnum_subreg(d->var_off), (uint8_t)sh, 32);
	d->u32_min = 0;
	d->u32_max = U32_MAX;
	unbounded64(d);
}

static void arsh64(struct bc_scalar *d, uint64_t sh)
{
	d->smin >>= sh;
	d->smax >>= sh;
	d->var_off = tnum_arshift(d->var_off, (uint8_t)sh, 64);
	d->umin = 0;
	d->umax = U64_MAX;
	unbounded32(d);
}

/* ---- division and modulo (bc_scalar_alu_tight only) ------------------ */

/* Unsigned quotient range of [lo,hi] / [dlo,dhi]. */
static void udiv_range(uint64_t lo, uint64_t hi, uint64_t dlo, uint64_t dhi,
		       uint64_t *rlo, uint64_t *rhi)
{
	if (dhi == 0) {
		*rlo = *rhi = 0;
	} else if (dlo == 0) {
		*rlo = 0;		/* x / 0 = 0 */
		*rhi = hi;		/* x / y <= x */
	} else {
		*rlo = lo / dhi;
		*rhi = hi / dlo;
	}
}

/* Unsigned remainder range of [lo,hi] % [dlo,dhi]. */
static void umod_range(uint64_t lo, uint64_t hi, uint64_t dlo, uint64_t dhi,
		       uint64_t *rlo, uint64_t *rhi)
{
	if (dhi == 0 || hi < dlo) {
		*rlo = lo;		/* x % 0 = x; x % y = x when x < y */
		*rhi = hi;
	} else if (dlo == 0) {
		*rlo = 0;
		*rhi = hi;
	} else {
		*rlo = 0;
		*rhi = MIN(hi, dhi - 1);
	}
}

/*
 * Signed quotient range of [lo,hi] / [dlo,dhi] with divisors of one sign
 * (dlo..dhi all > 0 or all < 0): the quotient is monotone in each operand,
 * so the extremes are at the corners. INT_MIN / -1 is handled by the caller.
 */
static void sdiv_corners(int64_t lo, int64_t hi, int64_t dlo, int64_t dhi,
			 int64_t *rlo, int64_t *rhi)
{
	int64_t c[4] = { lo / dlo, lo / dhi, hi / dlo, hi / dhi };
	int i;

	*rlo = *rhi = c[0];
	for (i = 1; i < 4; i++) {
		*rlo = MIN(*rlo, c[i]);
		*rhi = MAX(*rhi, c[i]);
	}
}

static void sdiv_range(int64_t lo, int64_t hi, int64_t dlo, int64_t dhi,
		       int64_t tmin, int64_t *rlo, int64_t *rhi)
{
	bool any = false;
	int64_t a, b;

	*rlo = 0;
	*rhi = 0;
	/* INT_MIN / -1 wraps to INT_MIN: give up on that combination */
	if (lo == tmin && dlo <= -1 && dhi >= -1) {
		*rlo = tmin;
		*rhi = -(tmin + 1);
		return;
	}
	if (dlo <= 0 && dhi >= 0)
		any = true;		/* x / 0 = 0 */
	if (dhi >= 1) {
		sdiv_corners(lo, hi, MAX(dlo, 1), dhi, &a, &b);
		*rlo = any ? MIN(*rlo, a) : a;
		*rhi = any ? MAX(*rhi, b) : b;
		any = true;
	}
	if (dlo <= -1) {
		sdiv_corners(lo, hi, dlo, MIN(dhi, -1), &a, &b);
		*rlo = any ? MIN(*rlo, a) : a;
		*rhi = any ? MAX(*rhi, b) : b;
	}
}

static uint64_t uabs(int64_t v)
{
	return v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
}

/*
 * Signed remainder: it has the dividend's sign and |x % y| < |y|, and
 * |x % y| <= |x|; x % 0 = x.
 */
static void smod_range(int64_t lo, int64_t hi, int64_t dlo, int64_t dhi,
		       int64_t *rlo, int64_t *rhi)
{
	uint64_t ym = MAX(uabs(dlo), uabs(dhi));	/* largest |y| */
	int64_t bound = ym ? (int64_t)(ym - 1) : 0;	/* |result| <= bound */

	*rlo = lo < 0 ? MAX(lo, -bound) : 0;
	*rhi = hi > 0 ? MIN(hi, bound) : 0;
	if (lo >= 0 && hi < dlo && dlo > 0) {
		*rlo = lo;		/* 0 <= x < y: x % y = x */
		*rhi = hi;
	}
	if (dlo <= 0 && dhi >= 0) {
		*rlo = MIN(*rlo, lo);	/* divisor may be 0 */
		*rhi = MAX(*rhi, hi);
	}
}

static void divmod32(struct bc_scalar *d, const struct bc_scalar *s,
		     uint8_t op, bool sign)
{
	if (!sign) {
		uint64_t lo, hi;

		if (op == BPF_DIV)
			udiv_range(d->u32_min, d->u32_max, s->u32_min,
				   s->u32_max, &lo, &hi);
		else
			umod_range(d->u32_min, d->u32_max, s->u32_min,
				   s->u32_max, &lo, &hi);
		unbounded32(d);
		d->u32_min = (uint32_t)lo;
		d->u32_max = (uint32_t)hi;
	} else {
		int64_t lo, hi;

		if (op == BPF_DIV)
			sdiv_range(d->s32_min, d->s32_max, s->s32_min,
				   s->s32_max, S32_MIN, &lo, &hi);
		else
			smod_range(d->s32_min, d->s32_max, s->s32_min,
				   s->s32_max, &lo, &hi);
		unbounded32(d);
		d->s32_min = (int32_t)lo;
		d->s32_max = (int32_t)hi;
	}
	d->var_off = tnum_unknown;
	unbounded64(d);
}

static void divmod64(struct bc_scalar *d, const struct bc_scalar *s,
		     uint8_t op, bool sign)
{
	if (!sign) {
		uint64_t lo, hi;

		if (op == BPF_DIV)
			udiv_range(d->umin, d->umax, s->umin, s->umax, &lo, &hi);
		else
			umod_range(d->umin, d->umax, s->umin, s->umax, &lo, &hi);
		unbounded(d);
		d->umin = lo;
		d->umax = hi;
	} else {
		int64_t lo, hi;

		if (op == BPF_DIV)
			sdiv_range(d->smin, d->smax, s->smin, s->smax, S64_MIN,
				   &lo, &hi);
		else
			smod_range(d->smin, d->smax, s->smin, s->smax, &lo, &hi);
		unbounded(d);
		d->smin = lo;
		d->smax = hi;
	}
	d->var_off = tnum_unknown;
}

/* ---- mov / movsx ----------------------------------------------------- */

/*
 * Range of the sign extension of [min, max] (upper bits equal, both
 * extended values of one sign), as Linux's coerce_reg_to_size_sx.
 */
static bool sext_range(uint64_t min, uint64_t max, int bits, int64_t *lo,
		       int64_t *hi)
{
	int64_t a = bc_sext(min, bits), b = bc_sext(max, bits);

	if ((min >> bits) != (max >> bits))
		return false;
	*lo = MIN(a, b);
	*hi = MAX(a, b);
	return (*lo >= 0) == (*hi >= 0);
}

/*
 * s = sign extension of its low `bits` bits, as a 64-bit value. The cases
 * and their order follow what Linux 6.18 computes (checked against the
 * live kernel): a constant folds; a range whose upper bits agree
 * and whose extended ends share a sign maps exactly; s32 bounds already
 * inside [-2^(bits-1), 2^(bits-1)) carry over; otherwise the full range.
 */
static void sext64(struct bc_scalar *s, int bits)
{
	int64_t lo = -(int64_t)(1ULL << (bits - 1));
	int64_t hi = (int64_t)(1ULL << (bits - 1)) - 1;
	int64_t a, b;

	if (tnum_is_const(s->var_off)) {
		bc_scalar_const(s, (uint64_t)bc_sext(s->var_off.value, bits));
		return;
	}
	if (sext_range((uint64_t)s->smin, (uint64_t)s->smax, bits, &a, &b)) {
		s->smin = a;
		s->smax = b;
		s->umin = (uint64_t)a;
		s->umax = (uint64_t)b;
		s->s32_min = (int32_t)a;
		s->s32_max = (int32_t)b;
		s->u32_min = (uint32_t)a;
		s->u32_max = (uint32_t)b;
		s->var_off = tnum_range((uint64_t)a, (uint64_t)b);
		return;
	}
	if (s->s32_min >= lo && s->s32_max <= hi) {
		/* the low half is already a sign-extended `bits` value */
		s->var_off = tnum_unknown;
		unbounded64(s);
		s->smin = s->s32_min;
		s->smax = s->s32_max;
		return;
	}
	s->var_off = tnum_unknown;
	unbounded(s);
	s->smin = s->s32_min = (int32_t)lo;
	s->smax = s->s32_max = (int32_t)hi;
}

/* Low 32 bits = sign extension of their low `bits` bits (w = (s8)w). */
static void sext32(struct bc_scalar *s, int bits)
{
	int32_t lo = (int32_t)-(1LL << (bits - 1));
	int32_t hi = (int32_t)((1LL << (bits - 1)) - 1);
	struct tnum sub = tnum_subreg(s->var_off);
	int64_t a, b;

	if (tnum_is_const(sub)) {
		set_const32(s, (uint32_t)bc_sext(sub.value, bits));
		return;
	}
	if (sext_range((uint32_t)s->s32_min, (uint32_t)s->s32_max, bits,
		       &a, &b)) {
		s->s32_min = (int32_t)a;
		s->s32_max = (int32_t)b;
		s->u32_min = (uint32_t)a;
		s->u32_max = (uint32_t)b;
		s->var_off = tnum_with_subreg(s->var_off,
			tnum_range((uint32_t)a, (uint32_t)b));
		return;
	}
	s->var_off = tnum_with_subreg(s->var_off, TNUM(0, 0xffffffffULL));
	s->s32_min = lo;
	s->s32_max = hi;
	s->u32_min = 0;
	s->u32_max = U32_MAX;
}

static void mov(struct bc_scalar *d, const struct bc_scalar *s, bool alu32,
		int16_t off)
{
	*d = *s;
	if (alu32 && (off == 8 || off == 16))
		sext32(d, off);
	else if (!alu32 && (off == 8 || off == 16 || off == 32))
		sext64(d, off);
	if (alu32)
		bc_scalar_zext32(d);
	bc_scalar_sync(d);
}

/* ---- ALU dispatch ---------------------------------------------------- */

static bool is_const32(const struct bc_scalar *s)
{
	return tnum_is_const(tnum_subreg(s->var_off)) &&
	       s->s32_min == s->s32_max && s->u32_min == s->u32_max;
}

static bool is_const64(const struct bc_scalar *s)
{
	return tnum_is_const(s->var_off) && s->smin == s->smax &&
	       s->umin == s->umax;
}

/*
 * Can Linux compute a range for this op (is_safe_to_compute_dst_reg_range)?
 * Tight: division and modulo too.
 */
static bool computable(uint8_t op, const struct bc_scalar *s, bool alu32,
		       bool tight)
{
	bool c = alu32 ? is_const32(s) : is_const64(s);

	switch (op) {
	case BPF_ADD: case BPF_SUB: case BPF_NEG: case BPF_AND:
	case BPF_XOR: case BPF_OR: case BPF_MUL:
		return true;
	case BPF_LSH: case BPF_RSH: case BPF_ARSH:
		return c && s->umax < (alu32 ? 32u : 64u);
	case BPF_DIV: case BPF_MOD:
		return tight;
	default:
		return false;
	}
}

static void bitwise(struct bc_scalar *d, const struct bc_scalar *s, uint8_t op)
{
	bool c32 = tnum_is_const(tnum_subreg(d->var_off)) &&
		   tnum_is_const(tnum_subreg(s->var_off));
	bool c64 = tnum_is_const(d->var_off) && tnum_is_const(s->var_off);

	switch (op) {
	case BPF_AND:
		d->var_off = tnum_and(d->var_off, s->var_off);
		and32(d, s, c32);
		and64(d, s, c64);
		break;
	case BPF_OR:
		d->var_off = tnum_or(d->var_off, s->var_off);
		or32(d, s, c32);
		or64(d, s, c64);
		break;
	default:
		d->var_off = tnum_xor(d->var_off, s->var_off);
		xor32(d, c32);
		xor64(d, c64);
		break;
	}
}

static void shift(struct bc_scalar *d, const struct bc_scalar *s, uint8_t op,
		  bool alu32)
{
	uint64_t sh = alu32 ? s->u32_min : s->umin;

	switch (op) {
	case BPF_LSH:
		if (alu32)
			lsh32(d, sh);
		else
			lsh64(d, sh);
		break;
	case BPF_RSH:
		if (alu32)
			rsh32(d, sh);
		else
			rsh64(d, sh);
		break;
	default:
		if (alu32)
			arsh32(d, sh);
		else
			arsh64(d, sh);
		break;
	}
}

/*
 * A shift by the width or more is undefined in eBPF (interpreter and JITs
 * mask the amount differently): never fold it, the result is unknown.
 */
static bool oversized_shift(uint8_t op, const struct bc_scalar *s, bool alu32)
{
	if (op != BPF_LSH && op != BPF_RSH && op != BPF_ARSH)
		return false;
	return s->umax >= (alu32 ? 32u : 64u);
}

static void scalar_alu(struct bc_scalar *dst, const struct bc_scalar *src,
		       uint8_t op, bool alu32, int16_t off, bool tight)
{
	struct bc_scalar s = *src, d;

	if (op == BPF_MOV) {
		mov(dst, &s, alu32, off);
		return;
	}
	if (op == BPF_NEG) {
		s = *dst;
		bc_scalar_const(dst, 0);
		op = BPF_SUB;
	}
	if (tight && (alu32 ? is_const32(dst) && is_const32(&s) :
		      is_const64(dst) && is_const64(&s)) &&
	    !oversized_shift(op, &s, alu32)) {
		bc_scalar_const(dst, bc_alu_eval(op, alu32, off,
						 dst->var_off.value,
						 s.var_off.value));
		return;
	}
	if (!computable(op, &s, alu32, tight)) {
		bc_scalar_unknown(dst);
		if (alu32 && tight) {
			bc_scalar_zext32(dst);
			bc_scalar_sync(dst);
		}
		return;
	}
	d = *dst;
	switch (op) {
	case BPF_ADD:
		add32(&d, &s);
		add64(&d, &s);
		d.var_off = tnum_add(d.var_off, s.var_off);
		break;
	case BPF_SUB:
		sub32(&d, &s);
		sub64(&d, &s);
		d.var_off = tnum_sub(d.var_off, s.var_off);
		break;
	case BPF_MUL:
		d.var_off = tnum_mul(d.var_off, s.var_off);
		mul32(&d, &s);
		mul64(&d, &s);
		break;
	case BPF_DIV:
	case BPF_MOD:
		if (alu32)
			divmod32(&d, &s, op, off == 1);
		else
			divmod64(&d, &s, op, off == 1);
		break;
	case BPF_AND:
	case BPF_OR:
	case BPF_XOR:
		bitwise(&d, &s, op);
		break;
	default:
		shift(&d, &s, op, alu32);
		break;
	}
	if (alu32)
		bc_scalar_zext32(&d);
	bc_scalar_sync(&d);
	*dst = d;
}

void bc_scalar_alu(struct bc_scalar *dst, const struct bc_scalar *src,
		   uint8_t op, bool alu32, int16_t off)
{
	scalar_alu(dst, src, op, alu32, off, false);
}

void bc_scalar_alu_tight(struct bc_scalar *dst, const struct bc_scalar *src,
			 uint8_t op, bool alu32, int16_t off)
{
	scalar_alu(dst, src, op, alu32, off, true);
}

int bc_scalar_fork_width(const struct bc_scalar *dst, uint8_t op,
			 const struct bc_scalar *src)
{
	if ((op != BPF_AND && op != BPF_OR) || !tnum_is_const(src->var_off))
		return 0;
	if (dst->smin == -1 && dst->smax == 0)
		return 64;
	if (dst->s32_min == -1 && dst->s32_max == 0)
		return 32;
	return 0;
}

void bc_scalar_fork_set(struct bc_scalar *dst, int width, bool minus_one)
{
	if (width == 64) {
		bc_scalar_const(dst, minus_one ? ~0ULL : 0);
		return;
	}
	set_const32(dst, minus_one ? 0xffffffffu : 0);
	bc_scalar_sync(dst);
}

/* ---- byte swaps ------------------------------------------------------ */

void bc_scalar_end(struct bc_scalar *dst, bool to_be, bool alu64, int width)
{
	if (width != 16 && width != 32)
		width = 64;
	if (!alu64 && !to_be) {
		/* to little endian on a little-endian machine: truncation */
		if (width == 64 || dst->umax < (1ULL << width))
			return;
		if (width == 32) {
			bc_scalar_zext32(dst);	/* the low half is unchanged */
			bc_scalar_sync(dst);
			return;
		}
		dst->var_off = tnum_cast(dst->var_off, 2);
		unbounded32(dst);
		dst->smin = S64_MIN;
		dst->smax = S64_MAX;
		if ((dst->umin >> 16) == (dst->umax >> 16)) {
			dst->umin &= 0xffff;
			dst->umax &= 0xffff;
		} else {
			dst->umin = 0;
			dst->umax = 0xffff;
		}
		bc_scalar_sync(dst);
		return;
	} else {
		struct tnum t = tnum_cast(dst->var_off, (uint8_t)(width / 8));

		dst->var_off = TNUM(bc_bswap(t.value, width),
				    bc_bswap(t.mask, width));
	}
	unbounded(dst);
	bc_scalar_sync(dst);
}

/* ---- branches -------------------------------------------------------- */

/* The view of a scalar a comparison of the given width sees. */
struct view {
	struct tnum t;
	uint64_t umin, umax;
	int64_t smin, smax;
};

static struct view view_of(const struct bc_scalar *s, bool w32)
{
	struct view v;

	if (w32) {
		v.t = tnum_subreg(s->var_off);
		v.umin = s->u32_min;
		v.umax = s->u32_max;
		v.smin = s->s32_min;
		v.smax = s->s32_max;
	} else {
		v.t = s->var_off;
		v.umin = s->umin;
		v.umax = s->umax;
		v.smin = s->smin;
		v.smax = s->smax;
	}
	return v;
}

static bool is_const_w(const struct bc_scalar *s, bool w32)
{
	return tnum_is_const(w32 ? tnum_subreg(s->var_off) : s->var_off);
}

/* Can a == b hold at all? */
static bool may_equal(const struct bc_scalar *a, const struct bc_scalar *b,
		      bool w32)
{
	struct view x = view_of(a, w32), y = view_of(b, w32);

	if (x.umin > y.umax || x.umax < y.umin)
		return false;
	if (x.smin > y.smax || x.smax < y.smin)
		return false;
	if ((x.t.value ^ y.t.value) & ~(x.t.mask | y.t.mask))
		return false;
	if (!w32) {
		if (a->u32_min > b->u32_max || a->u32_max < b->u32_min)
			return false;
		if (a->s32_min > b->s32_max || a->s32_max < b->s32_min)
			return false;
	}
	return true;
}

static int jset_taken(const struct bc_scalar *a, const struct bc_scalar *b,
		      bool w32)
{
	struct view x = view_of(a, w32), y = view_of(b, w32);

	if (!is_const_w(b, w32)) {
		struct view tmp = x;

		x = y;
		y = tmp;
		if (!is_const_w(a, w32))
			return -1;
	}
	if (x.t.value & y.t.value)
		return 1;
	if (!((x.t.value | x.t.mask) & y.t.value))
		return 0;
	return -1;
}

int bc_scalar_branch_taken(const struct bc_scalar *a, const struct bc_scalar *b,
			   uint8_t op, bool jmp32)
{
	struct view x = view_of(a, jmp32), y = view_of(b, jmp32);

	switch (op) {
	case BPF_JEQ:
	case BPF_JNE: {
		int eq = -1;

		if (tnum_is_const(x.t) && tnum_is_const(y.t))
			eq = x.t.value == y.t.value;
		else if (!may_equal(a, b, jmp32))
			eq = 0;
		if (eq < 0)
			return -1;
		return op == BPF_JEQ ? eq : !eq;
	}
	case BPF_JSET:
		return jset_taken(a, b, jmp32);
	case BPF_JGT:
		if (x.umin > y.umax)
			return 1;
		if (x.umax <= y.umin)
			return 0;
		return -1;
	case BPF_JGE:
		if (x.umin >= y.umax)
			return 1;
		if (x.umax < y.umin)
			return 0;
		return -1;
	case BPF_JLT:
		if (x.umax < y.umin)
			return 1;
		if (x.umin >= y.umax)
			return 0;
		return -1;
	case BPF_JLE:
		if (x.umax <= y.umin)
			return 1;
		if (x.umin > y.umax)
			return 0;
		return -1;
	case BPF_JSGT:
		if (x.smin > y.smax)
			return 1;
		if (x.smax <= y.smin)
			return 0;
		return -1;
	case BPF_JSGE:
		if (x.smin >= y.smax)
			return 1;
		if (x.smax < y.smin)
			return 0;
		return -1;
	case BPF_JSLT:
		if (x.smax < y.smin)
			return 1;
		if (x.smin >= y.smax)
			return 0;
		return -1;
	case BPF_JSLE:
		if (x.smax <= y.smin)
			return 1;
		if (x.smin > y.smax)
			return 0;
		return -1;
	default:
		return -1;
	}
}

#define JSET_FALSE 0xf0	/* internal: "(a & b) == 0", the negation of JSET */

static uint8_t negate_op(uint8_t op)
{
	switch (op) {
	case BPF_JEQ: return BPF_JNE;
	case BPF_JNE: return BPF_JEQ;
	case BPF_JGT: return BPF_JLE;
	case BPF_JLE: return BPF_JGT;
	case BPF_JGE: return BPF_JLT;
	case BPF_JLT: return BPF_JGE;
	case BPF_JSGT: return BPF_JSLE;
	case BPF_JSLE: return BPF_JSGT;
	case BPF_JSGE: return BPF_JSLT;
	case BPF_JSLT: return BPF_JSGE;
	case BPF_JSET: return JSET_FALSE;
	default: return op;
	}
}

/* "a > b" is "b < a": the greater-than family maps onto less-than. */
static uint8_t swap_op(uint8_t op)
{
	switch (op) {
	case BPF_JGT: return BPF_JLT;
	case BPF_JGE: return BPF_JLE;
	case BPF_JSGT: return BPF_JSLT;
	case BPF_JSGE: return BPF_JSLE;
	default: return op;
	}
}

static void refine_eq(struct bc_scalar *a, struct bc_scalar *b, bool w32)
{
	if (w32) {
		struct tnum t;

		tighten_u32(a, b->u32_min, b->u32_max);
		tighten_s32(a, b->s32_min, b->s32_max);
		b->u32_min = a->u32_min;
		b->u32_max = a->u32_max;
		b->s32_min = a->s32_min;
		b->s32_max = a->s32_max;
		t = tnum_intersect(tnum_subreg(a->var_off),
				   tnum_subreg(b->var_off));
		a->var_off = tnum_with_subreg(a->var_off, t);
		b->var_off = tnum_with_subreg(b->var_off, t);
		return;
	}
	/* as Linux: the 32-bit bounds follow from the sync only */
	a->umin = MAX(a->umin, b->umin);
	a->umax = MIN(a->umax, b->umax);
	a->smin = MAX(a->smin, b->smin);
	a->smax = MIN(a->smax, b->smax);
	a->var_off = tnum_intersect(a->var_off, b->var_off);
	b->umin = a->umin;
	b->umax = a->umax;
	b->smin = a->smin;
	b->smax = a->smax;
	b->var_off = a->var_off;
}

/* a != const: step over the constant when it is an edge of a's range. */
static void refine_ne(struct bc_scalar *a, uint64_t v, bool w32)
{
	if (w32) {
		if (a->u32_min == (uint32_t)v)
			a->u32_min++;
		if (a->u32_max == (uint32_t)v)
			a->u32_max--;
		if (a->s32_min == (int32_t)v)
			a->s32_min = (int32_t)((uint32_t)a->s32_min + 1);
		if (a->s32_max == (int32_t)v)
			a->s32_max = (int32_t)((uint32_t)a->s32_max - 1);
		return;
	}
	if (a->umin == v)
		a->umin++;
	if (a->umax == v)
		a->umax--;
	if (a->smin == (int64_t)v)
		a->smin = (int64_t)((uint64_t)a->smin + 1);
	if (a->smax == (int64_t)v)
		a->smax = (int64_t)((uint64_t)a->smax - 1);
}

static void refine_jset(struct bc_scalar *a, uint64_t v, bool w32, bool taken)
{
	struct tnum t = w32 ? tnum_subreg(a->var_off) : a->var_off;

	if (w32)
		v = (uint32_t)v;
	if (taken) {
		/* only a single tested bit tells which bit is set */
		if (!v || (v & (v - 1)))
			return;
		t = tnum_or(t, tnum_const(v));
	} else {
		/* Linux forgets the ranges here (dead-branch safety) */
		unbounded(a);
		t = tnum_and(t, tnum_const(~v));
	}
	a->var_off = w32 ? tnum_with_subreg(a->var_off, t) : t;
}

/* Wrapping +-1, to stay clear of signed overflow. */
static int64_t s64_add(int64_t a, int64_t d)
{
	return (int64_t)((uint64_t)a + (uint64_t)d);
}

static int32_t s32_add(int32_t a, int32_t d)
{
	return (int32_t)((uint32_t)a + (uint32_t)d);
}

/* a OP b for OP in LE, LT, SLE, SLT. */
static void refine_less(struct bc_scalar *a, struct bc_scalar *b, uint8_t op,
			bool w32)
{
	bool strict = op == BPF_JLT || op == BPF_JSLT;
	bool sign = op == BPF_JSLE || op == BPF_JSLT;

	if (w32 && !sign) {
		a->u32_max = MIN(a->u32_max, b->u32_max - strict);
		b->u32_min = MAX(a->u32_min + strict, b->u32_min);
	} else if (w32) {
		a->s32_max = MIN(a->s32_max, s32_add(b->s32_max, -(int)strict));
		b->s32_min = MAX(s32_add(a->s32_min, strict), b->s32_min);
	} else if (!sign) {
		a->umax = MIN(a->umax, b->umax - strict);
		b->umin = MAX(a->umin + strict, b->umin);
	} else {
		a->smax = MIN(a->smax, s64_add(b->smax, -(int)strict));
		b->smin = MAX(s64_add(a->smin, strict), b->smin);
	}
}

void bc_scalar_refine(struct bc_scalar *a, struct bc_scalar *b, uint8_t op,
		      bool jmp32, bool taken)
{
	struct bc_scalar *x = a, *y = b;

	if (!taken)
		op = negate_op(op);
	if (swap_op(op) != op) {
		op = swap_op(op);
		x = b;
		y = a;
	}
	switch (op) {
	case BPF_JEQ:
		refine_eq(x, y, jmp32);
		break;
	case BPF_JNE:
	case BPF_JSET:
	case JSET_FALSE:
		if (!is_const_w(y, jmp32)) {
			struct bc_scalar *t = x;

			x = y;
			y = t;
		}
		if (!is_const_w(y, jmp32))
			break;
		if (op == BPF_JNE)
			refine_ne(x, y->var_off.value, jmp32);
		else
			refine_jset(x, y->var_off.value, jmp32, op == BPF_JSET);
		break;
	case BPF_JLE:
	case BPF_JLT:
	case BPF_JSLE:
	case BPF_JSLT:
		refine_less(x, y, op, jmp32);
		break;
	default:
		break;
	}
	bc_scalar_sync(a);
	bc_scalar_sync(b);
}

/* ---- lattice --------------------------------------------------------- */

bool bc_scalar_subsumes(const struct bc_scalar *old, const struct bc_scalar *cur)
{
	return old->umin <= cur->umin && old->umax >= cur->umax &&
	       old->smin <= cur->smin && old->smax >= cur->smax &&
	       old->u32_min <= cur->u32_min && old->u32_max >= cur->u32_max &&
	       old->s32_min <= cur->s32_min && old->s32_max >= cur->s32_max &&
	       tnum_in(old->var_off, cur->var_off);
}

void bc_scalar_join(struct bc_scalar *dst, const struct bc_scalar *other)
{
	dst->var_off = tnum_union(dst->var_off, other->var_off);
	dst->umin = MIN(dst->umin, other->umin);
	dst->umax = MAX(dst->umax, other->umax);
	dst->smin = MIN(dst->smin, other->smin);
	dst->smax = MAX(dst->smax, other->smax);
	dst->u32_min = MIN(dst->u32_min, other->u32_min);
	dst->u32_max = MAX(dst->u32_max, other->u32_max);
	dst->s32_min = MIN(dst->s32_min, other->s32_min);
	dst->s32_max = MAX(dst->s32_max, other->s32_max);
	bc_scalar_sync(dst);
}

bool bc_scalar_equal(const struct bc_scalar *a, const struct bc_scalar *b)
{
	return a->var_off.value == b->var_off.value &&
	       a->var_off.mask == b->var_off.mask &&
	       a->umin == b->umin && a->umax == b->umax &&
	       a->smin == b->smin && a->smax == b->smax &&
	       a->u32_min == b->u32_min && a->u32_max == b->u32_max &&
	       a->s32_min == b->s32_min && a->s32_max == b->s32_max;
}

bool bc_scalar_is_empty(const struct bc_scalar *s)
{
	return s->umin > s->umax || s->smin > s->smax ||
	       s->u32_min > s->u32_max || s->s32_min > s->s32_max ||
	       (s->var_off.value & s->var_off.mask);
}

bool bc_scalar_contains(const struct bc_scalar *s, uint64_t v)
{
	uint32_t v32 = (uint32_t)v;

	return tnum_contains(s->var_off, v) &&
	       s->umin <= v && v <= s->umax &&
	       s->smin <= (int64_t)v && (int64_t)v <= s->smax &&
	       s->u32_min <= v32 && v32 <= s->u32_max &&
	       s->s32_min <= (int32_t)v32 && (int32_t)v32 <= s->s32_max;
}

/* ---- formatting (Linux's print_scalar_ranges) ------------------------ */

struct out {
	char *buf;
	size_t len, n;
};

__attribute__((format(printf, 2, 3)))
static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int k;

	va_start(ap, fmt);
	k = vsnprintf(o->n < o->len ? o->buf + o->n : NULL,
		      o->n < o->len ? o->len - o->n : 0, fmt, ap);
	va_end(ap);
	if (k > 0)
		o->n += (size_t)k;
}

/* Linux prints small numbers in decimal, others in hex. */
static void put_unum(struct out *o, uint64_t v)
{
	if (v <= 0xffff)
		put(o, "%llu", (unsigned long long)v);
	else
		put(o, "0x%llx", (unsigned long long)v);
}

static bool snum_decimal(int64_t v)
{
	return v >= -32768 && v <= 32767;
}

static void put_snum(struct out *o, int64_t v)
{
	if (snum_decimal(v))
		put(o, "%lld", (long long)v);
	else
		put(o, "0x%llx", (unsigned long long)v);
}

struct minmax {
	const char *name;
	uint64_t val;
	bool omit;
};

static void put_ranges(struct out *o, const struct bc_scalar *s)
{
	struct minmax m[8] = {
		{ "smin", (uint64_t)s->smin, s->smin == S64_MIN },
		{ "smax", (uint64_t)s->smax, s->smax == S64_MAX },
		{ "umin", s->umin, s->umin == 0 },
		{ "umax", s->umax, s->umax == U64_MAX },
		{ "smin32", snum_decimal(s->s32_min) ? (uint64_t)(int64_t)s->s32_min :
			    (uint32_t)s->s32_min, s->s32_min == S32_MIN },
		{ "smax32", snum_decimal(s->s32_max) ? (uint64_t)(int64_t)s->s32_max :
			    (uint32_t)s->s32_max, s->s32_max == S32_MAX },
		{ "umin32", s->u32_min, s->u32_min == 0 },
		{ "umax32", s->u32_max, s->u32_max == U32_MAX },
	};
	const char *sep = "";
	int i, j;

	for (i = 0; i < 8; i++) {
		bool neg = m[i].name[0] == 's' && (int64_t)m[i].val < 0;

		if (m[i].omit)
			continue;
		put(o, "%s%s=", sep, m[i].name);
		sep = ",";
		/* fold equal bounds of the same kind: smin=umin=..=5 */
		for (j = i + 2; j < 8; j += 2) {
			bool neg2 = m[j].name[0] == 's' && (int64_t)m[j].val < 0;

			if (m[j].omit || m[j].val != m[i].val || neg2 != neg)
				continue;
			m[j].omit = true;
			put(o, "%s=", m[j].name);
		}
		if (m[i].name[0] == 's')
			put_snum(o, (int64_t)m[i].val);
		else
			put_unum(o, m[i].val);
	}
	if (!tnum_is_unknown(s->var_off))
		put(o, "%svar_off=(0x%llx; 0x%llx)", sep,
		    (unsigned long long)s->var_off.value,
		    (unsigned long long)s->var_off.mask);
}

int bc_scalar_fmt(const struct bc_scalar *s, char *buf, size_t len)
{
	struct out o = { buf, len, 0 };

	if (len)
		buf[0] = '\0';
	if (tnum_is_const(s->var_off)) {
		put_snum(&o, (int64_t)s->var_off.value);
		return (int)o.n;
	}
	put(&o, "scalar(");
	put_ranges(&o, s);
	put(&o, ")");
	return (int)o.n;
}
