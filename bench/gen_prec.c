// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The generator's precision blocks (see gen_priv.h): values left by
 * several branches whose precision decides whether an access is safe.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <linux/bpf.h>

#include "gen_priv.h"

/*
 * Several independent branches leave different values (constants, or
 * ranges [lo, lo + 2^k - 1]) in a target, a register or a spilled stack
 * slot, and in "noise" targets; then a use where the value does not
 * matter (stored to a map value, returned, overwritten, folded into r0),
 * or, for the target, one where it does: after 0-2 movs, ALU ops,
 * spill/fill, 32-bit ops or a linked copy refined by a branch, it is
 * added to a map value, stack or packet pointer and dereferenced; tight
 * (the largest value reaches the last byte), or in some programs one byte
 * too far on the path(s) leaving the largest value. A verifier that prunes
 * on a scalar it did not mark precise skips exactly those paths.
 */

struct pival {
	int64_t lo, hi;
};

#define PREC_MAX_VALS 32

struct pset {
	struct pival v[PREC_MAX_VALS];
	int n;
};

/* A target: register reg (>= 0) or the stack slot at r10 + slot. */
struct ptgt {
	int reg, slot;
};

/* A free register (r0..r9, not reserved), reserved for the block; -1 if
 * none. */
static int prec_reg(struct g *g)
{
	int c[11], n = 0;

	for (int r = 0; r <= 9; r++)
		if (writable(g, r))
			c[n++] = r;
	if (!n)
		return -1;
	n = c[below(g, n)];
	g->reserved |= 1u << n;
	return n;
}

/* A fresh unknown into r (for conditions and ranges). */
static void prec_unknown(struct g *g, int r)
{
	int k = (int)below(g, 4);

	if (g->pkt && g->pkt_range >= 1 && k < 2)
		emit(g, "r%d = *(u8 *)(r7 +%u)", r,
		     (unsigned)below(g, g->pkt_range));
	else if (g->rk[9] == RK_MAPV && k < 3)
		emit(g, "r%d = *(u32 *)(r9 +%u)", r,
		     (unsigned)(4 * below(g, g->mapv_size / 4)));
	else if (g->p->type != BPF_PROG_TYPE_XDP)
		emit(g, "r%d = *(u32 *)(r6 +0)", r); /* skb->len */
	else if (g->pkt && g->pkt_range >= 2)
		emit(g, "r%d = *(u16 *)(r7 +%u)", r,
		     (unsigned)below(g, g->pkt_range - 1));
	else
		emit(g, "r%d = *(u32 *)(r6 +16)", r); /* rx_queue_index */
	g->rk[r] = RK_SCALAR;
}

/* "if c OP K goto target", c a fresh unknown. */
static void prec_cond(struct g *g, int c, const char *target)
{
	static const char *const ops[] = {
		">", ">=", "<", "<=", "==", "!=", "&", "s>", "s<",
	};
	const char *op = ops[below(g, sizeof(ops) / sizeof(ops[0]))];
	long long k;

	prec_unknown(g, c);
	if (!strcmp(op, "&"))
		k = 1ll << below(g, 8);
	else if (op[0] == '=' || op[0] == '!')
		k = (long long)below(g, chance(g, 50) ? 4 : 256);
	else
		k = (long long)below(g, 256);
	emit(g, "if %c%d %s %lld goto %s", chance(g, 30) ? 'w' : 'r', c, op, k,
	     target);
}

/* A value in [0, w]: a constant, or a range when ranges are allowed. */
static struct pival prec_pick(struct g *g, int64_t w, bool range)
{
	struct pival v;

	v.lo = (int64_t)below(g, (uint64_t)w + 1);
	v.hi = v.lo;
	if (range && w > v.lo && chance(g, 40)) {
		int64_t m = 1;

		while (m * 2 - 1 <= w - v.lo && chance(g, 70))
			m *= 2;
		v.hi = v.lo + m - 1;
	}
	return v;
}

/* Leave v in target t; tmp is a scratch register. */
static void prec_set(struct g *g, const struct ptgt *t, struct pival v, int tmp)
{
	int r = t->reg >= 0 ? t->reg : tmp;

	if (v.lo == v.hi) {
		if (t->reg < 0 && chance(g, 50)) {
			emit(g, "*(u64 *)(r10 %d) = %lld", t->slot,
			     (long long)v.lo);
			return;
		}
		emit(g, "%c%d = %lld", chance(g, 30) ? 'w' : 'r', r,
		     (long long)v.lo);
	} else {
		prec_unknown(g, r);
		emit(g, "r%d &= %lld", r, (long long)(v.hi - v.lo));
		if (v.lo)
			emit(g, "%c%d += %lld", chance(g, 30) ? 'w' : 'r', r,
			     (long long)v.lo);
	}
	g->rk[r] = RK_SCALAR;
	if (t->reg < 0)
		emit(g, "*(u64 *)(r10 %d) = r%d", t->slot, r);
}

static void pset_add(struct pset *s, struct pival v)
{
	if (s->n < PREC_MAX_VALS)
		s->v[s->n++] = v;
}

/* Fill slot target t into a register (reserved); -1 if none is free. */
static int prec_fill(struct g *g, const struct ptgt *t)
{
	int r;

	if (t->reg >= 0)
		return t->reg;
	r = prec_reg(g);
	if (r >= 0) {
		emit(g, "r%d = *(u64 *)(r10 %d)", r, t->slot);
		g->rk[r] = RK_SCALAR;
	}
	return r;
}

/* A use of t where its value does not matter; mp: a map value pointer
 * register (or -1) of value size msize; c: scratch for conditions. */
static void prec_dont_care(struct g *g, const struct ptgt *t, int mp,
			   uint32_t msize, int c)
{
	int k = (int)below(g, 4), r, l;

	if (k == 0) { /* overwritten */
		if (t->reg >= 0)
			emit(g, "r%d = %lld", t->reg, (long long)below(g, 9));
		else
			emit(g, "*(u64 *)(r10 %d) = 0", t->slot);
		return;
	}
	if (k == 3 && t->reg >= 0)
		return; /* folded into r0 by the epilogue */
	r = prec_fill(g, t);
	if (r < 0)
		return;
	if (k == 1 && mp >= 0) { /* stored to a map value */
		uint32_t s = msize >= 8 && chance(g, 50) ? 8 : 4;

		emit(g, "*(u%u *)(r%d +%u) = r%d", s * 8, mp,
		     (unsigned)(s * below(g, msize / s)), r);
		return;
	}
	/* returned on some path */
	l = new_label(g);
	{
		char tl[16];

		snprintf(tl, sizeof(tl), "L%d", l);
		prec_cond(g, c, tl);
	}
	emit(g, "r0 = r%d", r);
	emit(g, "exit");
	label(g, l);
}

/* The branches: nbr of them, each a triangle or a diamond. */
static void prec_branches(struct g *g, const struct ptgt *x, struct pset *xs,
			  const struct ptgt *noise, int nn, int c, int64_t w,
			  bool range)
{
	int nbr = 2 + (int)below(g, 3);

	for (int b = 0; b < nbr; b++) {
		bool diamond = chance(g, 40);
		int arms = diamond ? 2 : 1, assigned = 0;
		struct pival got[2];
		int la = new_label(g), lb = diamond ? new_label(g) : -1;
		char tl[16];

		snprintf(tl, sizeof(tl), "L%d", la);
		prec_cond(g, c, tl);
		for (int a = 0; a < arms; a++) {
			if (a == 1)
				label(g, la);
			if (chance(g, 70)) {
				got[assigned] = prec_pick(g, w, range);
				prec_set(g, x, got[assigned], c);
				assigned++;
			}
			for (int i = 0; i < nn; i++)
				if (chance(g, 60))
					prec_set(g, &noise[i],
						 prec_pick(g, 200, false), c);
			if (diamond && a == 0)
				emit(g, "goto L%d", lb);
		}
		label(g, diamond ? lb : la);
		if (diamond && assigned == 2)
			xs->n = 0; /* both arms replace the value */
		for (int i = 0; i < assigned; i++)
			pset_add(xs, got[i]);
	}
}

/* Apply one transform to register *xr holding the values xs. */
static void prec_transform(struct g *g, int *xr, struct pset *xs)
{
	int k = (int)below(g, 7), x = *xr, y;
	int slot = -8 * (1 + (int)below(g, 8));
	int64_t a = 0, cut = INT64_MAX;
	bool shl = false;
	char c = chance(g, 40) ? 'w' : 'r';

	switch (k) {
	case 0: /* a mov to another register */
		y = prec_reg(g);
		if (y < 0)
			return;
		emit(g, "%c%d = %c%d", c, y, c, x);
		g->rk[y] = RK_SCALAR;
		*xr = y;
		break;
	case 1: /* an add */
		a = (int64_t)below(g, 4);
		emit(g, "%c%d += %lld", c, x, (long long)a);
		break;
	case 2: /* a shift */
		emit(g, "%c%d <<= 1", c, x);
		shl = true;
		break;
	case 3: /* spill and fill, 64 or 32 bits, maybe elsewhere */
		y = chance(g, 50) ? prec_reg(g) : -1;
		if (y < 0)
			y = x;
		if (c == 'w') {
			emit(g, "*(u32 *)(r10 %d) = r%d", slot, x);
			emit(g, "r%d = *(u32 *)(r10 %d)", y, slot);
		} else {
			emit(g, "*(u64 *)(r10 %d) = r%d", slot, x);
			emit(g, "r%d = *(u64 *)(r10 %d)", y, slot);
		}
		g->rk[y] = RK_SCALAR;
		*xr = y;
		break;
	case 4: /* a linked copy refined by a branch */
		y = prec_reg(g);
		if (y < 0 || !xs->n)
			return;
		emit(g, "r%d = r%d", y, x);
		g->rk[y] = RK_SCALAR;
		{
			int64_t lo = xs->v[0].lo, hi = xs->v[0].hi;

			for (int i = 1; i < xs->n; i++) {
				lo = xs->v[i].lo < lo ? xs->v[i].lo : lo;
				hi = xs->v[i].hi > hi ? xs->v[i].hi : hi;
			}
			cut = lo + (int64_t)below(g, (uint64_t)(hi - lo) + 1);
		}
		if (chance(g, 50))
			emit(g, "if %c%d > %lld goto out", c, y,
			     (long long)cut);
		else
			emit(g, "if %c%d >= %lld goto out", c, y,
			     (long long)cut + 1);
		if (chance(g, 30))
			*xr = y; /* the copy is used, refined */
		break;
	case 5: /* 32-bit zero extension */ emit(g, "w%d = w%d", x, x); break;
	default: /* a mask that keeps every value */
		emit(g, "%c%d &= 0xffff", c, x);
		break;
	}
	for (int i = 0; i < xs->n; i++) {
		struct pival *v = &xs->v[i];

		if (v->lo > cut) {
			*v = xs->v[--xs->n];
			i--;
			continue;
		}
		if (v->hi > cut)
			v->hi = cut;
		v->lo = (shl ? v->lo * 2 : v->lo) + a;
		v->hi = (shl ? v->hi * 2 : v->hi) + a;
	}
}

/* The block's own lookup in map mi: the value pointer in a reserved
 * register (-1 if none is free). */
static int prec_lookup(struct g *g, int mi)
{
	struct gen_map *m = &g->p->maps[mi];
	uint32_t key = (uint32_t)below(g, m->max_entries);
	int b;

	feat(g, GF_MAP);
	add_key(g, key);
	emit(g, "*(u32 *)(r10 -128) = %u", key);
	lookup_call(g, m);
	g->rk[0] = RK_NONE;
	emit(g, "if r0 == 0 goto out");
	b = prec_reg(g);
	if (b > 0)
		emit(g, "r%d = r0", b);
	return b;
}

/* The last bytes the value can reach: tight, or one past in a flaw. */
static int64_t prec_offset(struct g *g, const struct pset *xs, uint32_t L,
			   int s)
{
	int64_t mx = xs->v[0].hi, mn = xs->v[0].lo, off;

	for (int i = 1; i < xs->n; i++) {
		mx = xs->v[i].hi > mx ? xs->v[i].hi : mx;
		mn = xs->v[i].lo < mn ? xs->v[i].lo : mn;
	}
	off = (int64_t)L - s - mx;
	if (mn + off < 0)
		off = -mn; /* too spread to fit: unsafe at the top */
	if (chance(g, 35)) {
		feat(g, GF_FLAW);
		if (chance(g, 75))
			off++; /* one past the end on the largest value */
		else
			off = -mn - 1; /* one before the start */
	}
	return off;
}

/* The use that matters: base + value, dereferenced. */
static void prec_deref(struct g *g, int base, bool stack, int xr, int s,
		       int64_t off, int c, uint16_t *ptrs)
{
	int t = prec_reg(g);

	if (t < 0)
		t = c;
	*ptrs |= 1u << t;
	if (stack) {
		emit(g, "r%d = r10", t);
		emit(g, "r%d += -64", t);
		emit(g, "r%d += r%d", t, xr);
	} else if (chance(g, 25)) {
		emit(g, "r%d = r%d", t, xr);
		emit(g, "r%d += r%d", t, base);
	} else {
		emit(g, "r%d = r%d", t, base);
		emit(g, "r%d += r%d", t, xr);
	}
	if (base != 7 && t != c && chance(g, 25)) {
		emit(g, "*(u%d *)(r%d %+lld) = r%d", s * 8, t, (long long)off,
		     xr);
	} else {
		emit(g, "r%d = *(u%d *)(r%d %+lld)", c, s * 8, t,
		     (long long)off);
		*ptrs &= ~(1u << c);
	}
}

void prec_block(struct g *g)
{
	enum { B_MAP9, B_OWN, B_STACK, B_PKT } bk;
	struct ptgt x, noise[2];
	struct pset xs = { .n = 0 };
	uint16_t res0 = g->reserved, ptrs = 0;
	int nn = (int)below(g, 3), c, xr, mp = -1, s, mi = -1;
	uint32_t L = 0, msize = 0;
	bool matters = chance(g, 65), late, slots, calls_ok;
	int64_t w;

	if (g->pkt && g->pkt_range < 8 && chance(g, 60))
		pkt_check(g, 8 + (uint32_t)below(g, 40), "out");
	feat(g, GF_PREC);
	calls_ok = g->depth == 0 && !(g->reserved & 0x3f);
	slots = chance(g, 35);
	/* where the value is used */
	if (g->rk[9] == RK_MAPV && chance(g, 50))
		bk = B_MAP9;
	else if (g->pkt && g->pkt_range >= 4 && chance(g, 30))
		bk = B_PKT;
	else if (g->stack_init && chance(g, 30))
		bk = B_STACK;
	else if (calls_ok)
		bk = B_OWN;
	else if (g->stack_init)
		bk = B_STACK;
	else
		bk = B_PKT;
	if (bk == B_PKT && !(g->pkt && g->pkt_range >= 1))
		matters = false;
	/* a late lookup: the value lives in a slot across the call */
	late = bk == B_OWN && slots && chance(g, 50);
	if (bk == B_OWN) {
		mi = get_map(g);
		msize = g->p->maps[mi].value_size;
		if (!late) {
			mp = prec_lookup(g, mi);
			if (mp < 0)
				goto done;
			ptrs |= 1u << mp;
		}
	} else if (bk == B_MAP9) {
		mp = 9;
		msize = g->mapv_size;
	}
	L = bk == B_STACK ? 64 : bk == B_PKT ? g->pkt_range : msize;
	c = prec_reg(g);
	if (c < 0)
		goto done;
	/* targets */
	x.reg = slots ? -1 : prec_reg(g);
	x.slot = -8 * (1 + (int)below(g, 8));
	if (!slots && x.reg < 0)
		goto done;
	for (int i = 0; i < nn; i++) {
		noise[i].reg = slots || chance(g, 40) ? -1 : prec_reg(g);
		noise[i].slot = -8 * (1 + (int)below(g, 8));
		if (noise[i].slot == x.slot)
			noise[i].slot = x.slot == -8 ? -16 : x.slot + 8;
	}
	/* (variable stack offsets must be aligned to the size) */
	s = bk == B_STACK ? 1 : sizes[below(g, 4)];
	while ((uint32_t)s > L && s > 1)
		s /= 2;
	w = L > (uint32_t)s ? (int64_t)(L - s) / 2 : 0;
	/* defaults, then the branches */
	pset_add(&xs, prec_pick(g, w, bk != B_PKT));
	prec_set(g, &x, xs.v[0], c);
	for (int i = 0; i < nn; i++)
		prec_set(g, &noise[i], prec_pick(g, 200, false), c);
	prec_branches(g, &x, &xs, noise, nn, c, w, bk != B_PKT);
	if (late) {
		g->reserved = res0; /* only slots live across the call */
		mp = prec_lookup(g, mi);
		c = prec_reg(g);
		if (mp < 0 || c < 0)
			goto done;
		ptrs |= 1u << mp;
	}
	for (int i = 0; i < nn; i++)
		prec_dont_care(g, &noise[i], mp, msize, c);
	if (!matters) {
		prec_dont_care(g, &x, mp, msize, c);
		goto done;
	}
	xr = prec_fill(g, &x);
	if (xr < 0)
		goto done;
	if (!slots && chance(g, 30) && bk != B_PKT) {
		/* spilled and filled 32-bit */
		emit(g, "*(u32 *)(r10 %d) = r%d", x.slot, xr);
		emit(g, "r%d = *(u32 *)(r10 %d)", xr, x.slot);
	}
	for (int n = (int)below(g, 3); n > 0; n--)
		prec_transform(g, &xr, &xs);
	if (!xs.n)
		goto done; /* every path cut */
	prec_deref(g, bk == B_PKT ? 7 : mp, bk == B_STACK, xr, s,
		   prec_offset(g, &xs, L, s), c, &ptrs);
done:
	/* the writes set rk[] (scalars); the pointers are the block's */
	for (int r = 0; r <= 9; r++)
		if (ptrs & (1u << r))
			g->rk[r] = RK_NONE;
	g->reserved = res0;
}
