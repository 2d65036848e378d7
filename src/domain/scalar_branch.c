// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Conditional jumps on scalars: whether "if a OP b" is decided by the
 * operands' bounds, and what each direction teaches about both operands.
 */
#include <linux/bpf.h>

#include "domain/scalar_priv.h"

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
	case BPF_JSET: return jset_taken(a, b, jmp32);
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
	default: return -1;
	}
}

#define JSET_FALSE 0xf0 /* internal: "(a & b) == 0", the negation of JSET */

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

void bc_scalar_refine_ne_low(struct bc_scalar *a, const struct bc_scalar *c)
{
	uint64_t v = c->var_off.value;

	if (!bc_scalar_is_const(c) || (a->var_off.mask >> 32) ||
	    (a->var_off.value >> 32) != (v >> 32))
		return;
	refine_ne(a, v, true);
	bc_scalar_sync(a);
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
	case BPF_JEQ: refine_eq(x, y, jmp32); break;
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
	case BPF_JSLT: refine_less(x, y, op, jmp32); break;
	default: break;
	}
	bc_scalar_sync(a);
	bc_scalar_sync(b);
}
