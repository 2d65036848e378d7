// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The scalar domain's ALU transfer functions: for each operation, sound
 * 64- and 32-bit bounds and tnum of the result, as Linux 6.18 computes
 * them (bc_scalar_alu), or tighter where Linux gives up
 * (bc_scalar_alu_tight); byte swaps; and the state forks Linux makes
 * before some AND and OR.
 */
#include <linux/bpf.h>

#include "domain/scalar_priv.h"
#include "isa/alu.h"

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
		*rlo = 0; /* x / 0 = 0 */
		*rhi = hi; /* x / y <= x */
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
		*rlo = lo; /* x % 0 = x; x % y = x when x < y */
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
		any = true; /* x / 0 = 0 */
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
	uint64_t ym = MAX(uabs(dlo), uabs(dhi)); /* largest |y| */
	int64_t bound = ym ? (int64_t)(ym - 1) : 0; /* |result| <= bound */

	*rlo = lo < 0 ? MAX(lo, -bound) : 0;
	*rhi = hi > 0 ? MIN(hi, bound) : 0;
	if (lo >= 0 && hi < dlo && dlo > 0) {
		*rlo = lo; /* 0 <= x < y: x % y = x */
		*rhi = hi;
	}
	if (dlo <= 0 && dhi >= 0) {
		*rlo = MIN(*rlo, lo); /* divisor may be 0 */
		*rhi = MAX(*rhi, hi);
	}
}

static void divmod32(struct bc_scalar *d, const struct bc_scalar *s, uint8_t op,
		     bool sign)
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

static void divmod64(struct bc_scalar *d, const struct bc_scalar *s, uint8_t op,
		     bool sign)
{
	if (!sign) {
		uint64_t lo, hi;

		if (op == BPF_DIV)
			udiv_range(d->umin, d->umax, s->umin, s->umax, &lo,
				   &hi);
		else
			umod_range(d->umin, d->umax, s->umin, s->umax, &lo,
				   &hi);
		unbounded(d);
		d->umin = lo;
		d->umax = hi;
	} else {
		int64_t lo, hi;

		if (op == BPF_DIV)
			sdiv_range(d->smin, d->smax, s->smin, s->smax, S64_MIN,
				   &lo, &hi);
		else
			smod_range(d->smin, d->smax, s->smin, s->smax, &lo,
				   &hi);
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
	int32_t lo = (int32_t) - (1LL << (bits - 1));
	int32_t hi = (int32_t)((1LL << (bits - 1)) - 1);
	struct tnum sub = tnum_subreg(s->var_off);
	int64_t a, b;

	if (tnum_is_const(sub)) {
		set_const32(s, (uint32_t)bc_sext(sub.value, bits));
		return;
	}
	if (sext_range((uint32_t)s->s32_min, (uint32_t)s->s32_max, bits, &a,
		       &b)) {
		s->s32_min = (int32_t)a;
		s->s32_max = (int32_t)b;
		s->u32_min = (uint32_t)a;
		s->u32_max = (uint32_t)b;
		s->var_off = tnum_with_subreg(
			s->var_off, tnum_range((uint32_t)a, (uint32_t)b));
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
	case BPF_ADD:
	case BPF_SUB:
	case BPF_NEG:
	case BPF_AND: return true;
	case BPF_XOR:
	case BPF_OR:
	case BPF_MUL:
		return c || !(bc_scalar_old_get() & BC_OLD_CONST_SRC_BITOPS);
	case BPF_LSH:
	case BPF_RSH:
	case BPF_ARSH: return c && s->umax < (alu32 ? 32u : 64u);
	case BPF_DIV:
	case BPF_MOD: return tight;
	default: return false;
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
	if (tight &&
	    (alu32 ? is_const32(dst) && is_const32(&s) :
		     is_const64(dst) && is_const64(&s)) &&
	    !oversized_shift(op, &s, alu32)) {
		bc_scalar_const(dst,
				bc_alu_eval(op, alu32, off, dst->var_off.value,
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
	case BPF_XOR: bitwise(&d, &s, op); break;
	default: shift(&d, &s, op, alu32); break;
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
			bc_scalar_zext32(dst); /* the low half is unchanged */
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

		dst->var_off =
			TNUM(bc_bswap(t.value, width), bc_bswap(t.mask, width));
	}
	unbounded(dst);
	bc_scalar_sync(dst);
}
