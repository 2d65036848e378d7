// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The scalar abstract domain: one tnum plus four intervals (u64, s64, u32,
 * s32). A concrete x belongs to a scalar when it lies in all five at once:
 * x in var_off, umin <= x <= umax, smin <= (s64)x <= smax, and the same for
 * the low 32 bits against the 32-bit bounds.
 *
 * This file builds, compares, joins and prints scalars. The transfer
 * functions are in scalar_alu.c, branch outcomes and refinement in
 * scalar_branch.c; each ends with bc_scalar_sync (scalar_sync.c), which
 * makes the five agree.
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

#include "domain/scalar_priv.h"

/* ---- construction ---------------------------------------------------- */

void bc_scalar_unknown(struct bc_scalar *s)
{
	s->var_off = tnum_unknown;
	unbounded(s);
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

/* ---- lattice --------------------------------------------------------- */

bool bc_scalar_subsumes(const struct bc_scalar *old,
			const struct bc_scalar *cur)
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
	       a->var_off.mask == b->var_off.mask && a->umin == b->umin &&
	       a->umax == b->umax && a->smin == b->smin && a->smax == b->smax &&
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

	return tnum_contains(s->var_off, v) && s->umin <= v && v <= s->umax &&
	       s->smin <= (int64_t)v && (int64_t)v <= s->smax &&
	       s->u32_min <= v32 && v32 <= s->u32_max &&
	       s->s32_min <= (int32_t)v32 && (int32_t)v32 <= s->s32_max;
}

/* ---- formatting (Linux's print_scalar_ranges) ------------------------ */

struct out {
	char *buf;
	size_t len, n;
};

__attribute__((format(printf, 2, 3))) static void put(struct out *o,
						      const char *fmt, ...)
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
		{ "smin32",
		  snum_decimal(s->s32_min) ? (uint64_t)(int64_t)s->s32_min :
					     (uint32_t)s->s32_min,
		  s->s32_min == S32_MIN },
		{ "smax32",
		  snum_decimal(s->s32_max) ? (uint64_t)(int64_t)s->s32_max :
					     (uint32_t)s->s32_max,
		  s->s32_max == S32_MAX },
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
			bool neg2 = m[j].name[0] == 's' &&
				    (int64_t)m[j].val < 0;

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
