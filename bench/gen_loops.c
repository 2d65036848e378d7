// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The generator's loops (see gen_priv.h): bounded loops of several shapes
 * (counting up or down, top- or bottom-tested, bound in a register,
 * strength-reduced, signed), maybe nested, with secondary induction
 * variables and counters kept in stack slots, and now and then ill-formed;
 * and the shapes real programs write (a packet block's words, a signed
 * countdown through zero, a backward scan, a walk stepping by lengths
 * read from the packet, a scan checked after its step), each with a
 * one-off flaw.
 */
#include <stdbool.h>

#include "gen_priv.h"

/* Body access indexed by the loop counter i (max value about imax). */
static void loop_access(struct g *g, int i, uint32_t imax)
{
	int t, d, k = (int)below(g, 3);

	if (k == 0 && g->pkt) {
		/* packet byte at data + i, checked each iteration */
		pick_two_temps(g, &t, &d);
		uint32_t k = 1 + (uint32_t)below(g, 3);

		emit(g, "r%d = r7", t);
		emit(g, "r%d += r%d", t, i);
		emit(g, "r%d = r%d", d, t);
		emit(g, "r%d += %u", d, k);
		emit(g, "if r%d > r8 goto out", d);
		if (chance(g, 50)) {
			/* data + i computed again after the check (a scan for
			 * "\r\n"): the same address, so the same range;
			 * a flaw reads one byte past it */
			feat(g, GF_PKTWALK);
			emit(g, "r%d = *(u8 *)(r%d +0)", d, t);
			emit(g, "r%d = r7", t);
			emit(g, "r%d += r%d", t, i);
			emit(g, "r%d = *(u8 *)(r%d +%u)", d, t,
			     k - 1 + flaw(g));
		} else {
			emit(g, "r%d = *(u8 *)(r%d +0)", d, t);
		}
		g->rk[t] = RK_NONE;
		g->rk[d] = RK_SCALAR;
		hint(g, imax);
		hint(g, (int64_t)imax + k);
	} else if (k == 1 && g->rk[9] == RK_MAPV) {
		/* map value byte at i: masked when i may pass the end */
		t = pick_temp(g);
		if (imax >= g->mapv_size && !flaw(g)) {
			uint32_t m = 1;

			while (m * 2 <= g->mapv_size)
				m *= 2;
			emit(g, "r%d = r%d", t, i);
			emit(g, "r%d &= %u", t, m - 1);
			emit(g, "r%d += r9", t);
		} else {
			emit(g, "r%d = r9", t);
			emit(g, "r%d += r%d", t, i);
		}
		emit(g, "r%d = *(u8 *)(r%d +0)", t, t);
		g->rk[t] = RK_SCALAR;
	} else if (g->walker && g->walker != i && chance(g, 60)) {
		/* an inner index from an outer loop's walker */
		pick_two_temps(g, &t, &d);
		emit(g, "r%d = r%d", t, i);
		emit(g, "r%d &= 7", t);
		emit(g, "r%d = r%d", d, g->walker);
		emit(g, "r%d += r%d", d, t);
		emit(g, "r%d = *(u8 *)(r%d +0)", d, d);
		g->rk[t] = RK_SCALAR;
		g->rk[d] = RK_SCALAR;
	} else if (g->stack_init) {
		t = pick_temp(g);
		emit(g, "r%d = r10", t);
		emit(g, "r%d += -64", t);
		emit(g, "r%d += r%d", t, i);
		emit(g, "r%d = *(u8 *)(r%d +0)", t, t);
		g->rk[t] = RK_SCALAR;
	} else {
		alu_one(g);
	}
}

static int pick_counter(struct g *g)
{
	int c[11] = { 0 }, n = 0;

	for (int r = 1; r <= 9; r++)
		if (writable(g, r) && r != 9)
			c[n++] = r;
	return n ? c[below(g, n)] : 0;
}

/*
 * A secondary induction variable j beside counter i: j starts at j0 and
 * moves by dj each trip; the body reads the stack at fp-64 + j. With at
 * most trips visits of the body it stays in [0, 63] when j0 and dj were
 * chosen for it (or, as a flaw, one step too far).
 */
struct seciv {
	int reg, up; /* up: the enclosing loop's walker */
	int32_t j0, dj;
	bool ptr; /* a pointer fp-64 + j (a walker), not j */
};

static void seciv_init(struct g *g, struct seciv *v, uint32_t trips)
{
	bool down, over;
	int32_t lim;
	int32_t span = (int32_t)(trips ? trips - 1 : 0);

	v->reg = 0;
	if (!g->stack_init || trips > 64 || !chance(g, 35))
		return;
	v->reg = pick_counter(g);
	if (!v->reg)
		return;
	feat(g, GF_SECIV);
	down = chance(g, 50);
	over = flaw(g);
	/* a walker leaves 8 bytes for inner loops to index from it */
	v->ptr = chance(g, 40);
	lim = v->ptr ? 55 : 63;
	v->dj = span && !over && lim / span >= 2 && chance(g, 40) ? 2 : 1;
	if (down) {
		v->j0 = over ? lim + 1 : span * v->dj;
		v->dj = -v->dj;
	} else {
		v->j0 = over ? lim + 1 - span * v->dj : 0;
	}
	if (v->ptr) {
		emit(g, "r%d = r10", v->reg);
		emit(g, "r%d += %d", v->reg, v->j0 - 64);
		g->rk[v->reg] = RK_NONE;
		v->up = g->walker;
		g->walker = v->reg;
	} else {
		emit(g, "r%d = %d", v->reg, v->j0);
		g->rk[v->reg] = RK_SCALAR;
	}
	g->reserved |= 1u << v->reg;
}

static void seciv_use(struct g *g, const struct seciv *v)
{
	int t;

	if (!v->reg)
		return;
	t = pick_temp(g);
	if (v->ptr) {
		emit(g, "r%d = *(u8 *)(r%d +0)", t, v->reg);
	} else {
		emit(g, "r%d = r10", t);
		emit(g, "r%d += -64", t);
		emit(g, "r%d += r%d", t, v->reg);
		emit(g, "r%d = *(u8 *)(r%d +0)", t, t);
	}
	g->rk[t] = RK_SCALAR;
}

static void seciv_step(struct g *g, const struct seciv *v)
{
	if (v->reg)
		emit(g, "r%d += %d", v->reg, v->dj);
}

static void seciv_done(struct g *g, const struct seciv *v)
{
	if (!v->reg)
		return;
	g->reserved &= ~(1u << v->reg);
	if (v->ptr) {
		g->rk[v->reg] = RK_NONE;
		g->walker = v->up;
	}
}

/*
 * A counter kept in a stack slot (a volatile, or a value spilled around a
 * call): spilled before the loop, at 64 or 32 bits, and re-read at the
 * top of each trip and again before its step, which is spilled back.
 */
struct stkctr {
	int slot; /* 0: the counter stays in its register */
	bool w32, call;
};

static void stkctr_init(struct g *g, struct stkctr *k, int i)
{
	k->slot = 0;
	if (!chance(g, 25))
		return;
	feat(g, GF_STKCTR);
	k->slot = -136 - 8 * g->depth;
	k->w32 = chance(g, 50);
	/* a helper call clobbers r0-r5: only when no other reserved
	 * register lives there */
	k->call = chance(g, 50);
	for (int r = 1; r <= 5; r++)
		if (r != i && (g->reserved & (1u << r)))
			k->call = false;
	emit(g, "*(u%d *)(r10 %d) = r%d", k->w32 ? 32 : 64, k->slot, i);
}

static void stkctr_fill(struct g *g, const struct stkctr *k, int i)
{
	if (k->slot)
		emit(g, "r%d = *(u%d *)(r10 %d)", i, k->w32 ? 32 : 64, k->slot);
}

static void stkctr_head(struct g *g, const struct stkctr *k, int i)
{
	if (!k->slot)
		return;
	if (k->call) {
		emit(g, "call 7");
		for (int r = 0; r <= 5; r++)
			g->rk[r] = r ? RK_NONE : RK_SCALAR;
	}
	stkctr_fill(g, k, i);
	g->rk[i] = RK_SCALAR;
}

static void stkctr_spill(struct g *g, const struct stkctr *k, int i)
{
	if (k->slot)
		emit(g, "*(u%d *)(r10 %d) = r%d", k->w32 ? 32 : 64, k->slot, i);
}

static void loop_body(struct g *g, int i, uint32_t imax)
{
	int n = 1 + (int)below(g, 3);

	while (n--) {
		int k = (int)below(g, 10);

		if (k < 5)
			loop_access(g, i, imax);
		else if (k < 8)
			alu_one(g);
		else if (k < 9 && g->depth < 2 && g->p->insns < g->budget)
			loop_block(g);
		else
			branch_block(g);
	}
}

/*
 * The shapes of a loop on counter i, stepping by step, for about n trips
 * (a bad loop has its exit one off, or a step that wraps):
 */
enum loop_shape {
	LOOP_UP_LT, /* i = 0; ...; i += step; if i < n goto head */
	LOOP_TOP_TEST, /* i = 0; head: if i >= n goto end; ...; goto head */
	LOOP_DOWN, /* i = a multiple of step; ...; i -= step; until 0 */
	LOOP_UP_NE, /* i = 0; ...; i += step; if i != n * step goto head */
	LOOP_REG_BOUND, /* as LOOP_UP_LT, n an unknown in register nreg */
	LOOP_STRENGTH, /* i = -step; head: i += step; ...; exit on != */
	LOOP_SIGNED, /* i from -n / 2 up through zero, a signed exit */
	LOOP_NSHAPES,
};

/* A loop being generated: what it chose, and what it holds until its exit. */
struct loop {
	int i; /* the counter */
	int head, end; /* its labels */
	uint32_t step, n;
	char c; /* 'w': a 32-bit counter, 'r': 64-bit */
	bool bad; /* an ill-formed loop */
	enum loop_shape shape;
	int nreg; /* LOOP_REG_BOUND's bound register, or -1 */
	int x; /* the unknown spoiling a bad loop, or -1 */
	int j; /* LOOP_SIGNED's index i + n / 2, or 0 */
	struct seciv sv;
	struct stkctr sk;
	struct snap s; /* the state entering the head */
};

/* The random choices, made whether or not a counter is free. */
static void loop_choose(struct g *g, struct loop *l)
{
	static const uint32_t steps[] = { 1, 1, 1, 2, 4 };

	l->i = pick_counter(g);
	l->head = new_label(g);
	l->end = new_label(g);
	l->step = steps[below(g, 5)];
	l->n = 1 + (uint32_t)below(g, 48);
	l->c = chance(g, 30) ? 'w' : 'r';
	l->bad = chance(g, 12);
	l->shape = (enum loop_shape)below(g, LOOP_NSHAPES);
	l->nreg = -1;
	l->x = -1;
	l->j = 0;
}

/* LOOP_REG_BOUND's bound: an unknown, masked or bounded (LOOP_UP_LT if no
 * register is free). */
static void loop_bound_reg(struct g *g, struct loop *l)
{
	g->reserved |= 1u << l->i;
	l->nreg = pick_counter(g);
	g->reserved &= ~(1u << l->i);
	if (!l->nreg || l->nreg == l->i) {
		l->shape = LOOP_UP_LT;
		return;
	}
	unknown_into(g, l->nreg);
	if (chance(g, 60))
		emit(g, "r%d &= %u", l->nreg, 31);
	else
		emit(g, "if r%d > %u goto out", l->nreg, 40);
	g->reserved |= 1u << l->nreg;
	l->n = 40;
}

/* A bad loop's unknown x, which spoils the step on some path. */
static void loop_bad_source(struct g *g, struct loop *l)
{
	l->x = pick_counter(g);
	if (l->x == l->i || l->x == l->nreg)
		l->x = -1;
	if (l->x > 0) {
		unknown_into(g, l->x);
		g->reserved |= 1u << l->x;
	}
}

/* The counter's first value, by shape. */
static void loop_counter_init(struct g *g, const struct loop *l)
{
	char c = l->c;
	int i = l->i;

	if (l->shape == LOOP_DOWN)
		emit(g, "%c%d = %u", c, i,
		     (l->n / l->step + !l->bad) * l->step);
	else if (l->shape == LOOP_STRENGTH)
		emit(g, "%c%d = -%u", c, i, l->step);
	else if (l->shape == LOOP_SIGNED)
		emit(g, "%c%d = -%u", c, i, l->n / 2);
	else
		emit(g, "%c%d = 0", c, i);
	if (l->shape == LOOP_STRENGTH)
		feat(g, GF_STRENGTH);
	g->rk[i] = RK_SCALAR;
	g->reserved |= 1u << i;
}

/* The most visits of the body, for a secondary induction variable. */
static uint32_t loop_trips(const struct loop *l)
{
	switch (l->shape) {
	case LOOP_DOWN: return l->n / l->step + 1;
	case LOOP_UP_NE:
	case LOOP_STRENGTH: return l->n;
	case LOOP_REG_BOUND: return (40 + l->step - 1) / l->step;
	default: return (l->n + l->step - 1) / l->step;
	}
}

/* Everything before the head: the bound, a bad loop's unknown, the
 * counter, a secondary induction variable, a counter's stack slot. */
static void loop_enter(struct g *g, struct loop *l)
{
	feat(g, GF_LOOP);
	if (g->depth)
		feat(g, GF_NESTED);
	if (l->bad)
		feat(g, GF_BADLOOP);
	g->depth++;
	if (l->shape == LOOP_REG_BOUND)
		loop_bound_reg(g, l);
	if (l->bad)
		loop_bad_source(g, l);
	loop_counter_init(g, l);
	if (!l->bad)
		seciv_init(g, &l->sv, loop_trips(l));
	if (l->shape == LOOP_UP_LT || l->shape == LOOP_UP_NE)
		stkctr_init(g, &l->sk, l->i);
}

/* The head: the counter re-read from its slot, then LOOP_TOP_TEST's test,
 * LOOP_STRENGTH's step or LOOP_SIGNED's index. */
static void loop_head(struct g *g, struct loop *l)
{
	char c = l->c;
	int i = l->i;

	label(g, l->head);
	stkctr_head(g, &l->sk, i);
	if (l->shape == LOOP_TOP_TEST)
		emit(g, "if %c%d >= %u goto L%d", c, i, l->n, l->end);
	if (l->shape == LOOP_STRENGTH)
		emit(g, "%c%d += %u", c, i, l->step);
	if (l->shape == LOOP_SIGNED && (l->j = pick_counter(g))) {
		/* the index i + n / 2 */
		emit(g, "%c%d = %c%d", c, l->j, c, i);
		emit(g, "%c%d += %u", c, l->j, l->n / 2);
		g->rk[l->j] = RK_SCALAR;
		g->reserved |= 1u << l->j;
	}
}

/* A bad loop's step, spoiled by x on some path. */
static void loop_bad_step(struct g *g, const struct loop *l)
{
	char c = l->c;
	int i = l->i, x = l->x;
	int skip = new_label(g);

	switch (below(g, 3)) {
	case 0: /* step skipped on some path */
		emit(g, "if r%d & 1 goto L%d", x, skip);
		emit(g, "%c%d += %u", c, i, l->step);
		label(g, skip);
		break;
	case 1: /* step that may be zero */
		emit(g, "r%d &= 3", x);
		emit(g, "%c%d += %c%d", c, i, c, x);
		break;
	default: /* counter reset on some path */
		emit(g, "%c%d += %u", c, i, l->step);
		emit(g, "if r%d > 5 goto L%d", x, skip);
		emit(g, "%c%d = 0", c, i);
		label(g, skip);
		break;
	}
}

/* The step at the bottom (LOOP_DOWN steps in its latch, LOOP_STRENGTH at
 * the head). */
static void loop_step(struct g *g, const struct loop *l)
{
	if (l->bad && l->x > 0) {
		loop_bad_step(g, l);
	} else if (l->shape != LOOP_DOWN && l->shape != LOOP_STRENGTH) {
		/* a step that wraps at 2^32 (a bad loop) */
		emit(g, "%c%d += %u", l->c, l->i, l->bad ? 3 : l->step);
	}
}

/* The back edge, by shape: in a bad loop, its exit test is one off. */
static void loop_latch(struct g *g, const struct loop *l)
{
	char c = l->c;
	int i = l->i, head = l->head;
	uint32_t n = l->n, step = l->step;
	bool bad = l->bad;

	switch (l->shape) {
	case LOOP_UP_LT: emit(g, "if %c%d < %u goto L%d", c, i, n, head); break;
	case LOOP_TOP_TEST: emit(g, "goto L%d", head); break;
	case LOOP_DOWN:
		emit(g, "%c%d -= %u", c, i, bad ? step + 1 : step);
		if (chance(g, 50))
			emit(g, "if %c%d != 0 goto L%d", c, i, head);
		else
			emit(g, "if %c%d s> 0 goto L%d", c, i, head);
		break;
	case LOOP_UP_NE:
		emit(g, "if %c%d != %u goto L%d", c, i,
		     bad ? n * step + 1 : n * step, head);
		break;
	case LOOP_STRENGTH:
		emit(g, "if %c%d != %u goto L%d", c, i,
		     bad ? (n - 1) * step + 1 : (n - 1) * step, head);
		break;
	case LOOP_SIGNED:
		emit(g, "if %c%d s< %u goto L%d", c, i, n - n / 2, head);
		break;
	default: /* LOOP_REG_BOUND */
		emit(g, "if %c%d < %c%d goto L%d", c, i, c, l->nreg, head);
		break;
	}
}

/* After the loop: its exit label, the registers it held released. */
static void loop_exit(struct g *g, const struct loop *l)
{
	label(g, l->end);
	meet(g, &l->s);
	g->reserved &= ~(1u << l->i);
	if (l->nreg > 0)
		g->reserved &= ~(1u << l->nreg);
	if (l->x > 0)
		g->reserved &= ~(1u << l->x);
	seciv_done(g, &l->sv);
	g->depth--;
}

/*
 * Loops as programs write them (issue 23), each whole in itself: words of
 * a packet block checked once before the loop, a signed counter stepping
 * down through zero, a scan from the end back to the start. A flaw moves
 * one access one element out of its region.
 */

/* A register for the loop, reserved until wild_release(). */
static int wild_reg(struct g *g)
{
	int r = pick_counter(g);

	if (r)
		g->reserved |= 1u << r;
	return r;
}

static void wild_release(struct g *g, int a, int b)
{
	g->reserved &= ~(1u << a | 1u << b);
}

/* Two registers for a loop over the packet, or false (none reserved). */
static bool wild_pkt_regs(struct g *g, int *a, int *b)
{
	if (!g->pkt || !(*a = wild_reg(g)))
		return false;
	if (!(*b = wild_reg(g))) {
		wild_release(g, *a, *a);
		return false;
	}
	return true;
}

static int log2_of(uint32_t s)
{
	return s == 8 ? 3 : s == 4 ? 2 : s == 2 ? 1 : 0;
}

/*
 * n words of s bytes at data + i * s (or data + i, i stepping by s), after
 * one check of the n * s bytes; a flaw reads one word more, or checks one
 * byte less.
 */
static bool pkt_words(struct g *g)
{
	uint32_t s = (uint32_t)sizes[below(g, 4)];
	uint32_t n = 1 + (uint32_t)below(g, 16), check = n * s, trips = n;
	bool scaled = chance(g, 50);
	char c = chance(g, 30) ? 'w' : 'r';
	int i, t, d, head = new_label(g);
	struct snap sv;

	if (!g->pkt || !(i = wild_reg(g)))
		return false;
	feat(g, GF_LOOP);
	feat(g, GF_PKTWORDS);
	if (flaw(g)) {
		if (chance(g, 50))
			trips++;
		else
			check--;
	}
	pkt_check(g, check, "out");
	emit(g, "%c%d = 0", c, i);
	g->rk[i] = RK_SCALAR;
	save(g, &sv);
	label(g, head);
	pick_two_temps(g, &t, &d);
	emit(g, "%c%d = %c%d", c, t, c, i);
	if (scaled && s > 1)
		emit(g, "%c%d <<= %d", c, t, log2_of(s));
	emit(g, "r%d += r7", t);
	emit(g, "r%d = *(u%u *)(r%d +0)", d, s * 8, t);
	g->rk[t] = RK_NONE;
	g->rk[d] = RK_SCALAR;
	emit(g, "%c%d += %u", c, i, scaled ? 1 : s);
	emit(g, "if %c%d < %u goto L%d", c, i, scaled ? trips : trips * s,
	     head);
	meet(g, &sv);
	wild_release(g, i, i);
	return true;
}

/*
 * A signed counter from an unknown start, clamped above only (a start
 * below the exit runs no round), down through zero to the exit e < 0:
 * the body reads base[i - e - 1] for i in [e + 1, e + m], an m-byte region
 * (the zeroed stack at fp-64, or r9's map value). A flaw lets the start be
 * one higher (base[m]) or, in a map value, the exit one lower (base[-1]).
 */
static bool sgn_zero(struct g *g)
{
	bool mapv = g->rk[9] == RK_MAPV && g->mapv_size <= 256 && chance(g, 50);
	int32_t e = -1 - (int32_t)below(g, 16);
	int32_t m = mapv ? (int32_t)g->mapv_size : 64, hi = e + m;
	char c = chance(g, 30) ? 'w' : 'r';
	int i, t, head = new_label(g), end = new_label(g);
	struct snap sv;

	if (!(mapv || g->stack_init) || !(i = wild_reg(g)))
		return false;
	feat(g, GF_LOOP);
	feat(g, GF_SGNZERO);
	if (flaw(g)) {
		if (mapv && chance(g, 50))
			e--;
		else
			hi++;
	}
	unknown_into(g, i);
	emit(g, "if %c%d s> %d goto out", c, i, hi);
	g->rk[i] = RK_SCALAR;
	save(g, &sv);
	label(g, head);
	emit(g, "if %c%d s<= %d goto L%d", c, i, e, end);
	t = pick_temp(g);
	emit(g, "%c%d = %c%d", c, t, c, i);
	emit(g, "%c%d += %d", c, t, -e - 1);
	if (mapv) {
		emit(g, "r%d += r9", t);
	} else {
		emit(g, "r%d += r10", t);
		emit(g, "r%d += -64", t);
	}
	emit(g, "r%d = *(u8 *)(r%d +0)", t, t);
	g->rk[t] = RK_SCALAR;
	emit(g, "%c%d += -1", c, i);
	emit(g, "goto L%d", head);
	label(g, end);
	meet(g, &sv);
	hint(g, (int64_t)hi);
	wild_release(g, i, i);
	return true;
}

/*
 * basename: from len (at most 64) back over the zeroed stack buffer at
 * fp-64 until a '/', or a pointer stepping down from the end of a checked
 * packet block to its start, capped by a counter. A flaw reads buf[i]
 * before the decrement (buf[64], fp+0), or p[-1] at the start.
 */
static bool back_scan(struct g *g)
{
	bool pkt = g->pkt && (!g->stack_init || chance(g, 50));
	uint32_t k = 1 + (uint32_t)below(g, 64);
	int i, p = 0, d, head = new_label(g), end = new_label(g);
	bool bad;
	struct snap sv;

	if (!(pkt || g->stack_init) || !(i = wild_reg(g)))
		return false;
	if (pkt && !(p = wild_reg(g))) {
		wild_release(g, i, i);
		return false;
	}
	feat(g, GF_LOOP);
	feat(g, GF_BACKSCAN);
	bad = flaw(g);
	if (pkt) {
		pkt_check(g, k, "out");
		emit(g, "r%d = r7", p);
		emit(g, "r%d += %u", p, k - 1);
		g->rk[p] = RK_NONE;
		emit(g, "r%d = 0", i);
	} else {
		unknown_into(g, i);
		emit(g, "if r%d > 64 goto out", i);
	}
	g->rk[i] = RK_SCALAR;
	save(g, &sv);
	label(g, head);
	d = pick_temp(g);
	if (pkt) {
		emit(g, "r%d = *(u8 *)(r%d %s)", d, p, bad ? "-1" : "+0");
		emit(g, "r%d += -1", p);
		emit(g, "r%d += 1", i);
	} else {
		emit(g, "if r%d == 0 goto L%d", i, end);
		if (!bad)
			emit(g, "r%d += -1", i);
		emit(g, "r%d = r10", d);
		emit(g, "r%d += -64", d);
		emit(g, "r%d += r%d", d, i);
		emit(g, "r%d = *(u8 *)(r%d +0)", d, d);
		if (bad)
			emit(g, "r%d += -1", i);
	}
	g->rk[d] = RK_SCALAR;
	emit(g, "if r%d == 47 goto L%d", d, end);
	if (pkt)
		emit(g, "if r%d < %u goto L%d", i, k, head);
	else
		emit(g, "goto L%d", head);
	label(g, end);
	meet(g, &sv);
	wild_release(g, i, p);
	return true;
}

/*
 * A TLV walk: each round checks two bytes at the walker (a packet pointer,
 * or an offset from data), reads the length at +1 and steps by it (+ 1
 * and masked, now and then), at most n rounds; after it, k bytes at the
 * walker are checked and the last read. A flaw checks one byte too few in
 * the walk or reads one past the check after it, or forgets the counter
 * (a zero length then walks in place for ever).
 */
static bool var_walk(struct g *g)
{
	uint32_t n = 1 + (uint32_t)below(g, 40), k = 1 + (uint32_t)below(g, 8);
	int flawed = flaw(g) ? 1 + (int)below(g, 3) : 0;
	bool ptr = chance(g, 50);
	int i, p, t, a, head = new_label(g), end = new_label(g);
	struct snap sv;

	if (!wild_pkt_regs(g, &i, &p))
		return false;
	feat(g, GF_LOOP);
	feat(g, GF_VARWALK);
	emit(g, ptr ? "r%d = r7" : "r%d = 0", p);
	emit(g, "r%d = 0", i);
	g->rk[p] = ptr ? RK_NONE : RK_SCALAR;
	g->rk[i] = RK_SCALAR;
	save(g, &sv);
	label(g, head);
	pick_two_temps(g, &a, &t);
	if (ptr) {
		emit(g, "r%d = r%d", a, p);
	} else {
		emit(g, "r%d = r7", a);
		emit(g, "r%d += r%d", a, p);
	}
	emit(g, "r%d = r%d", t, a);
	emit(g, "r%d += %d", t, flawed == 1 ? 1 : 2);
	emit(g, "if r%d > r8 goto L%d", t, end);
	emit(g, "r%d = *(u8 *)(r%d +1)", t, a);
	if (chance(g, 30))
		emit(g, "r%d &= %u", t, chance(g, 50) ? 15 : 63);
	if (chance(g, 30))
		emit(g, "r%d += 1", t);
	emit(g, "r%d += r%d", p, t);
	if (flawed != 3)
		emit(g, "r%d += 1", i);
	emit(g, "if r%d < %u goto L%d", i, n, head);
	label(g, end);
	g->rk[a] = RK_NONE;
	g->rk[t] = RK_NONE;
	if (!ptr) {
		emit(g, "r%d = r7", a);
		emit(g, "r%d += r%d", a, p);
		emit(g, "r%d = r%d", p, a);
	}
	emit(g, "r%d = r%d", t, p);
	emit(g, "r%d += %u", t, k);
	emit(g, "if r%d > r8 goto out", t);
	emit(g, "r%d = *(u8 *)(r%d +%u)", t, p, k - 1 + (flawed == 2));
	g->rk[t] = RK_SCALAR;
	g->rk[p] = RK_NONE;
	meet(g, &sv);
	wild_release(g, i, p);
	return true;
}

/*
 * A value that halves: an unknown x (masked to b bits, or not) shifted
 * right by k each round until it is 0, reading the zeroed stack buffer at
 * x & 63, tested before (while) or after (do-while) the shift, in 64 or
 * 32 bits. A flaw never ends for some x: an arithmetic shift of a value
 * that may be negative (-1 stays -1), or a test against 1 (0 stays 0).
 */
static bool halve(struct g *g)
{
	char c = chance(g, 30) ? 'w' : 'r';
	uint32_t k = 1 + (uint32_t)below(g, 3), b = 1 + (uint32_t)below(g, 31);
	bool after = chance(g, 50);
	int x, t, bad = 0, head = new_label(g), end = new_label(g);
	struct snap sv;

	if (!g->stack_init || !(x = wild_reg(g)))
		return false;
	feat(g, GF_LOOP);
	feat(g, GF_HALVE);
	if (flaw(g))
		bad = 1 + (int)below(g, 2);
	unknown_into(g, x);
	if (bad != 1 && chance(g, 70))
		emit(g, "%c%d &= %u", c, x, (uint32_t)((1ull << b) - 1));
	g->rk[x] = RK_SCALAR;
	save(g, &sv);
	label(g, head);
	if (!after)
		emit(g, "if %c%d == %d goto L%d", c, x, bad == 2, end);
	t = pick_temp(g);
	emit(g, "r%d = r%d", t, x);
	emit(g, "r%d &= 63", t);
	emit(g, "r%d += r10", t);
	emit(g, "r%d += -64", t);
	emit(g, "r%d = *(u8 *)(r%d +0)", t, t);
	g->rk[t] = RK_SCALAR;
	emit(g, "%c%d %s= %u", c, x, bad == 1 ? "s>>" : ">>", k);
	if (after)
		emit(g, "if %c%d != %d goto L%d", c, x, bad == 2, head);
	else
		emit(g, "goto L%d", head);
	label(g, end);
	meet(g, &sv);
	wild_release(g, x, x);
	return true;
}

/*
 * A scan indexed by its counter, whose round check is on the old index's
 * pointer after the step, as clang emits for (i = 0; i < n && p + 1 <
 * end; i++, p++): data + i + k - 1 < end, so k bytes at data + i in the
 * next round. A flaw reads byte k, or checks a byte less.
 */
static bool pkt_scan(struct g *g)
{
	uint32_t k = 1 + (uint32_t)below(g, 8), n = 1 + (uint32_t)below(g, 64);
	bool bad = flaw(g), short_check = bad && chance(g, 50);
	int i, p, d, head = new_label(g), end = new_label(g);
	struct snap sv;

	if (!wild_pkt_regs(g, &i, &p))
		return false;
	feat(g, GF_LOOP);
	feat(g, GF_PKTSCAN);
	pkt_check(g, k, "out");
	emit(g, "r%d = 0", i);
	g->rk[i] = RK_SCALAR;
	save(g, &sv);
	label(g, head);
	emit(g, "r%d = r7", p);
	emit(g, "r%d += r%d", p, i);
	d = pick_temp(g);
	emit(g, "r%d = *(u8 *)(r%d +%u)", d, p,
	     bad && !short_check ? k : k - 1);
	g->rk[d] = RK_SCALAR;
	emit(g, "if r%d >= %u goto L%d", i, n, end);
	emit(g, "r%d += 1", i);
	emit(g, "r%d += %u", p, short_check ? k - 1 : k);
	emit(g, "if r%d < r8 goto L%d", p, head);
	label(g, end);
	g->rk[p] = RK_NONE;
	meet(g, &sv);
	wild_release(g, i, p);
	return true;
}

/* One of the shapes above, or false when none fits the program. */
static bool wild_loop(struct g *g)
{
	switch (below(g, 6)) {
	case 0: return pkt_words(g);
	case 1: return sgn_zero(g);
	case 2: return var_walk(g);
	case 3: return halve(g);
	case 4: return pkt_scan(g);
	default: return back_scan(g);
	}
}

void loop_block(struct g *g)
{
	struct loop l = { 0 };

	if (chance(g, 30) && wild_loop(g))
		return;

	loop_choose(g, &l);
	if (!l.i) {
		alu_one(g);
		return;
	}
	loop_enter(g, &l);
	save(g, &l.s);
	loop_head(g, &l);
	loop_body(g, l.j ? l.j : l.i,
		  l.shape == LOOP_STRENGTH ? l.n * l.step : l.n + l.step);
	if (l.j)
		g->reserved &= ~(1u << l.j);
	seciv_use(g, &l.sv);
	meet(g, &l.s);
	seciv_step(g, &l.sv);
	stkctr_fill(g, &l.sk, l.i);
	loop_step(g, &l);
	stkctr_spill(g, &l.sk, l.i);
	loop_latch(g, &l);
	loop_exit(g, &l);
}
