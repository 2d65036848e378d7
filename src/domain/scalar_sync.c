// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Keeping a scalar's five parts consistent. Each transfer function
 * computes, for its operation, a sound tnum and sound 64- and 32-bit
 * intervals (any part it cannot compute it resets to "unbounded"/"unknown"
 * rather than keeping a stale value), then calls bc_scalar_sync(), which
 * is Linux's reg_bounds_sync():
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
 */
#include "domain/scalar_priv.h"

static void single_value(struct bc_scalar *s);

static _Thread_local unsigned old_flags;

void bc_scalar_old_set(unsigned flags)
{
	old_flags = flags;
}

unsigned bc_scalar_old_get(void)
{
	return old_flags;
}

static void bounds_from_tnum(struct bc_scalar *s)
{
	struct tnum t = s->var_off;
	struct tnum t32 = tnum_subreg(t);

	s->smin = MAX(s->smin, (int64_t)(t.value | (t.mask & (1ULL << 63))));
	s->smax = MIN(s->smax, (int64_t)(t.value | (t.mask & ~(1ULL << 63))));
	s->umin = MAX(s->umin, t.value);
	s->umax = MIN(s->umax, t.value | t.mask);

	s->s32_min =
		MAX(s->s32_min,
		    (int32_t)(uint32_t)(t32.value | (t32.mask & 0x80000000u)));
	s->s32_max =
		MIN(s->s32_max,
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

	if (tnum_is_const(t) || (old_flags & BC_OLD_NO_CONST_COLLAPSE))
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

/* What the 64-bit bounds say about the low 32 bits. */
static void deduce_32_from_64(struct bc_scalar *s)
{
	if (old_flags & BC_OLD_32_FROM_64_FITS) {
		if (s->umax <= U32_MAX)
			tighten_u32(s, (uint32_t)s->umin, (uint32_t)s->umax);
		if (s->smin >= S32_MIN && s->smax <= S32_MAX)
			tighten_s32(s, (int32_t)s->smin, (int32_t)s->smax);
		return;
	}
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
	} else if (old_flags & BC_OLD_NO_SIGN_WRAP) {
		return;
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
	} else if (old_flags & BC_OLD_NO_SIGN_WRAP) {
		return;
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
	struct tnum t64 =
		tnum_intersect(s->var_off, tnum_range(s->umin, s->umax));
	struct tnum low = tnum_subreg(
		old_flags & BC_OLD_SUBREG_OFFSET ? s->var_off : t64);
	struct tnum t32 =
		tnum_intersect(low, tnum_range(s->u32_min, s->u32_max));

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
