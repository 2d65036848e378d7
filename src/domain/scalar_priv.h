/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Internals shared by scalar.c, scalar_sync.c, scalar_alu.c and
 * scalar_branch.c: the bounds' extremes and the small steps every part
 * takes on them.
 */
#ifndef BC_SCALAR_PRIV_H
#define BC_SCALAR_PRIV_H

#include "domain/scalar.h"

#define S64_MIN INT64_MIN
#define S64_MAX INT64_MAX
#define U64_MAX UINT64_MAX
#define S32_MIN INT32_MIN
#define S32_MAX INT32_MAX
#define U32_MAX UINT32_MAX

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

static inline void unbounded64(struct bc_scalar *s)
{
	s->umin = 0;
	s->umax = U64_MAX;
	s->smin = S64_MIN;
	s->smax = S64_MAX;
}

static inline void unbounded32(struct bc_scalar *s)
{
	s->u32_min = 0;
	s->u32_max = U32_MAX;
	s->s32_min = S32_MIN;
	s->s32_max = S32_MAX;
}

static inline void unbounded(struct bc_scalar *s)
{
	unbounded64(s);
	unbounded32(s);
}

static inline void set_const32(struct bc_scalar *s, uint32_t v)
{
	s->var_off = tnum_const_subreg(s->var_off, v);
	s->u32_min = s->u32_max = v;
	s->s32_min = s->s32_max = (int32_t)v;
}

static inline void tighten_s32(struct bc_scalar *s, int32_t lo, int32_t hi)
{
	s->s32_min = MAX(s->s32_min, lo);
	s->s32_max = MIN(s->s32_max, hi);
}

static inline void tighten_u32(struct bc_scalar *s, uint32_t lo, uint32_t hi)
{
	s->u32_min = MAX(s->u32_min, lo);
	s->u32_max = MIN(s->u32_max, hi);
}

#endif
