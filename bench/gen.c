// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Random program generator for bench/soundness (see gen.h).
 *
 * Registers: r6 holds the context for the whole program; in packet
 * programs (xdp, tc) r7 = data and r8 = data_end. r9 is a scalar or, after
 * a kept map lookup, a checked map value pointer. r0..r5 are scratch.
 * The generator tracks what each register holds on the fall-through path
 * (meeting the states of both sides of every branch and loop), so that most
 * blocks use registers as the verifier will type them.
 *
 * Stack layout: -64..-1 scalar slots (zeroed in the prologue when the
 * program uses the stack), -120..-72 pointer spill slots, -128 the lookup
 * key.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/bpf.h>

#include "gen.h"

const char *const gen_feature_names[GF_NFEAT] = {
	"alu", "branch", "packet", "pkt-var", "map", "map-var", "stack",
	"loop", "bad-loop", "nested", "strength", "sec-iv", "stk-ctr",
	"precision", "pkt-walk",
	"flaw",
};

void gen_seed(struct gen_rng *r, uint64_t seed)
{
	r->s = seed * 0x9e3779b97f4a7c15ull + 0x632be59bd9b4e019ull;
	if (!r->s)
		r->s = 1;
	gen_next(r);
}

uint64_t gen_next(struct gen_rng *r)
{
	/* splitmix64 */
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

uint64_t gen_below(struct gen_rng *r, uint64_t n)
{
	return gen_next(r) % n;
}

enum rk { RK_NONE, RK_SCALAR, RK_CTX, RK_PKT, RK_END, RK_MAPV };

struct g {
	struct gen_rng *r;
	struct gen_prog *p;
	uint8_t rk[11];
	uint16_t reserved;	/* loop counters and bounds: do not write */
	uint32_t pkt_range;	/* bytes known readable from r7 */
	uint32_t mapv_size;	/* r9's value size when RK_MAPV */
	int labels;
	int depth;		/* loop nesting */
	int walker;		/* a loop's pointer secondary IV, or 0 */
	bool pkt;		/* program has direct packet access */
	bool stack_init;
	uint32_t budget;
	uint32_t flaw_pct;	/* chance of a flaw per block, percent */
};

struct snap {
	uint8_t rk[11];
	uint32_t pkt_range, mapv_size;
};

static bool chance(struct g *g, unsigned pct)
{
	return gen_below(g->r, 100) < pct;
}

static uint64_t below(struct g *g, uint64_t n)
{
	return gen_below(g->r, n);
}

static void put(struct g *g, const char *s, size_t n)
{
	struct gen_prog *p = g->p;

	if (p->len + n + 1 > p->cap) {
		p->cap = (p->len + n + 1) * 2;
		p->text = realloc(p->text, p->cap);
		if (!p->text)
			abort();
	}
	memcpy(p->text + p->len, s, n);
	p->len += n;
	p->text[p->len] = '\0';
}

static void emit(struct g *g, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void emit(struct g *g, const char *fmt, ...)
{
	char buf[200];
	va_list ap;
	int n;

	buf[0] = '\t';
	va_start(ap, fmt);
	n = vsnprintf(buf + 1, sizeof(buf) - 2, fmt, ap);
	va_end(ap);
	n++;
	buf[n++] = '\n';
	put(g, buf, n);
	g->p->insns++;
}

static void directive(struct g *g, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void directive(struct g *g, const char *fmt, ...)
{
	char buf[200];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf) - 1, fmt, ap);
	va_end(ap);
	buf[n++] = '\n';
	put(g, buf, n);
}

static int new_label(struct g *g)
{
	return g->labels++;
}

static void label(struct g *g, int l)
{
	directive(g, "L%d:", l);
}

static void feat(struct g *g, enum gen_feature f)
{
	g->p->features |= 1u << f;
}

static bool flaw(struct g *g)
{
	if (!chance(g, g->flaw_pct))
		return false;
	feat(g, GF_FLAW);
	return true;
}

static void hint(struct g *g, int64_t len)
{
	struct gen_prog *p = g->p;

	if (len < 0 || len > 400 || p->nhints >= GEN_MAX_HINTS)
		return;
	p->hints[p->nhints++] = (uint32_t)len;
}

static void save(struct g *g, struct snap *s)
{
	memcpy(s->rk, g->rk, sizeof(s->rk));
	s->pkt_range = g->pkt_range;
	s->mapv_size = g->mapv_size;
}

/* Join the current state with s (the other side of a branch). */
static void meet(struct g *g, const struct snap *s)
{
	for (int i = 0; i < 11; i++)
		if (g->rk[i] != s->rk[i])
			g->rk[i] = RK_NONE;
	if (s->pkt_range < g->pkt_range)
		g->pkt_range = s->pkt_range;
	if (g->rk[9] == RK_MAPV && s->mapv_size != g->mapv_size)
		g->rk[9] = RK_NONE;
}

/* ---- registers ---- */

static bool writable(struct g *g, int r)
{
	if (r == 6 || r == 10 || (g->reserved & (1u << r)))
		return false;
	if ((r == 7 || r == 8) && g->pkt)
		return false;
	if (r == 9 && g->rk[9] == RK_MAPV)
		return false;
	return true;
}

static int pick_writable(struct g *g)
{
	int c[11], n = 0;

	for (int r = 0; r <= 9; r++)
		if (writable(g, r))
			c[n++] = r;
	return n ? c[below(g, n)] : 0;
}

/* A writable register that is not r0 (which calls return in). */
static int pick_temp(struct g *g)
{
	int c[11], n = 0;

	for (int r = 1; r <= 5; r++)
		if (writable(g, r))
			c[n++] = r;
	return n ? c[below(g, n)] : pick_writable(g);
}

static int64_t interesting32(struct g *g)
{
	static const int64_t v[] = {
		0, 1, 2, 3, 4, 7, 8, 14, 15, 16, 31, 32, 33, 63, 64, 127, 128,
		255, 256, 0x7fff, 0x8000, 0xffff, 0x10000, 0x7fffffff,
		-0x7fffffff - 1, -1, -2, -8, -64, -128, -0x8000,
	};

	switch (below(g, 4)) {
	case 0:
		return (int32_t)(uint32_t)gen_next(g->r);
	case 1:
		return (int64_t)below(g, 64) - 8;
	default:
		return v[below(g, sizeof(v) / sizeof(v[0]))];
	}
}

static uint64_t interesting64(struct g *g)
{
	static const uint64_t v[] = {
		0x8000000000000000ull, 0x7fffffffffffffffull, 0xffffffffull,
		0x100000000ull, 0xffffffff00000000ull, 0xfffffffffffffffeull,
		0x80000000ull, 0x17fffffffull, 0xffffffff80000000ull,
		0x00000000fffffff0ull,
	};

	if (chance(g, 30))
		return gen_next(g->r);
	return v[below(g, sizeof(v) / sizeof(v[0]))];
}

/* An unknown scalar into r (which must be writable). */
static void unknown_into(struct g *g, int r)
{
	int k = (int)below(g, 4);

	if (k == 0 && g->pkt && g->pkt_range >= 1) {
		static const int sz[] = { 1, 2, 4, 8 };
		int s = sz[below(g, 4)];

		while ((uint32_t)s > g->pkt_range)
			s /= 2;
		emit(g, "r%d = *(u%d *)(r7 +%u)", r, s * 8,
		     (unsigned)below(g, g->pkt_range - s + 1));
	} else if (k == 1 && g->rk[9] == RK_MAPV && r != 9) {
		uint32_t s = chance(g, 50) ? 8 : 4;

		if (s > g->mapv_size)
			s = 4;
		emit(g, "r%d = *(u%u *)(r9 +%u)", r, s * 8,
		     (unsigned)(below(g, (g->mapv_size - s) / s + 1) * s));
	} else if (k == 2 && g->p->type != BPF_PROG_TYPE_XDP) {
		emit(g, "r%d = *(u32 *)(r6 +0)", r);	/* skb->len */
	} else if (g->stack_init && chance(g, 50)) {
		emit(g, "r%d = *(u64 *)(r10 -%u)", r, (unsigned)(8 + 8 * below(g, 8)));
	} else {
		/* a constant the verifier knows exactly */
		if (chance(g, 20))
			emit(g, "r%d = 0x%llx ll", r,
			     (unsigned long long)interesting64(g));
		else
			emit(g, "r%d = %lld", r, (long long)interesting32(g));
	}
	g->rk[r] = RK_SCALAR;
}

/* A register holding a scalar, made one if none does. */
static int pick_scalar(struct g *g)
{
	int c[11], n = 0;

	for (int r = 0; r <= 9; r++)
		if (g->rk[r] == RK_SCALAR && r != 6)
			c[n++] = r;
	if (n && !chance(g, 5))
		return c[below(g, n)];
	n = pick_writable(g);
	unknown_into(g, n);
	return n;
}

/* A writable register holding a scalar. */
static int pick_scalar_dst(struct g *g)
{
	int c[11], n = 0, r;

	for (r = 0; r <= 9; r++)
		if (g->rk[r] == RK_SCALAR && writable(g, r))
			c[n++] = r;
	if (n && !chance(g, 10))
		return c[below(g, n)];
	r = pick_writable(g);
	unknown_into(g, r);
	return r;
}

/* ---- ALU ---- */

static const char *const alu_ops[] = {
	"+=", "-=", "*=", "/=", "%=", "|=", "&=", "^=", "<<=", ">>=", "s>>=",
	"s/=", "s%=",
};

static void alu_one(struct g *g)
{
	int d = pick_scalar_dst(g), s;
	bool w = chance(g, 40);
	char c = w ? 'w' : 'r';
	int bits = w ? 32 : 64;
	int k = (int)below(g, 20);

	feat(g, GF_ALU);
	if (k < 9) {
		int op = (int)below(g, sizeof(alu_ops) / sizeof(alu_ops[0]));
		const char *o = alu_ops[op];
		int64_t imm = interesting32(g);

		if (op >= 8 && op <= 10) {	/* shifts */
			imm = (int64_t)below(g, bits);
			if (chance(g, 25) && flaw(g))
				imm = bits + (int64_t)below(g, 3);
		}
		if ((op == 3 || op == 4 || op >= 11) && imm == 0 && !flaw(g))
			imm = 3;
		emit(g, "%c%d %s %lld", c, d, o, (long long)imm);
	} else if (k < 15) {
		int op = (int)below(g, sizeof(alu_ops) / sizeof(alu_ops[0]));

		s = pick_scalar(g);
		emit(g, "%c%d %s %c%d", c, d, alu_ops[op], c, s);
	} else if (k == 15) {
		emit(g, "%c%d = -%c%d", c, d, c, d);
	} else if (k == 16) {
		static const char *const e[] = { "be", "le", "bswap" };
		static const int wd[] = { 16, 32, 64 };

		emit(g, "r%d = %s%d r%d", d, e[below(g, 3)], wd[below(g, 3)], d);
	} else if (k == 17) {
		static const int sx[] = { 8, 16, 32 };
		int b = sx[below(g, w ? 2 : 3)];

		s = pick_scalar(g);
		emit(g, "%c%d = (s%d)%c%d", c, d, b, c, s);
	} else if (k == 18) {
		s = pick_scalar(g);
		emit(g, "%c%d = %c%d", c, d, c, s);
	} else {
		if (chance(g, 30))
			emit(g, "r%d = 0x%llx ll", d,
			     (unsigned long long)interesting64(g));
		else
			emit(g, "%c%d = %lld", c, d, (long long)interesting32(g));
	}
	g->rk[d] = RK_SCALAR;
}

static void alu_block(struct g *g, int n)
{
	while (n-- > 0)
		alu_one(g);
}

/* ---- branches ---- */

static const char *const cmp_ops[] = {
	"==", "!=", ">", ">=", "<", "<=", "s>", "s>=", "s<", "s<=", "&",
};

/* "if A op B goto L" on scalars (JMP or JMP32, reg-imm or reg-reg). */
static void cond_jump(struct g *g, int a, const char *target)
{
	bool w = chance(g, 35);
	char c = w ? 'w' : 'r';
	const char *op = cmp_ops[below(g, sizeof(cmp_ops) / sizeof(cmp_ops[0]))];

	if (chance(g, 60))
		emit(g, "if %c%d %s %lld goto %s", c, a, op,
		     (long long)interesting32(g), target);
	else
		emit(g, "if %c%d %s %c%d goto %s", c, a, op, c, pick_scalar(g),
		     target);
}

static void gen_body(struct g *g, int items);

static void branch_block(struct g *g)
{
	struct snap s;
	char t[16];
	int l = new_label(g);

	feat(g, GF_BRANCH);
	snprintf(t, sizeof(t), "L%d", l);
	cond_jump(g, pick_scalar(g), t);
	save(g, &s);
	gen_body(g, 1 + (int)below(g, 3));
	label(g, l);
	meet(g, &s);
}

/* ---- packet ---- */

static const int sizes[] = { 1, 2, 4, 8 };

/* t = r7 + K; if t > r8 goto out: K bytes readable afterwards. */
static void pkt_check(struct g *g, uint32_t k, const char *fail)
{
	int t = pick_temp(g);

	emit(g, "r%d = r7", t);
	emit(g, "r%d += %u", t, k);
	if (chance(g, 70))
		emit(g, "if r%d > r8 goto %s", t, fail);
	else
		emit(g, "if r8 < r%d goto %s", t, fail);
	g->rk[t] = RK_PKT;
	if (k > g->pkt_range)
		g->pkt_range = k;
	hint(g, k);
	hint(g, (int64_t)k - 1);
	hint(g, (int64_t)k + 1);
}

static void pkt_block(struct g *g)
{
	static const uint32_t ks[] = { 14, 20, 34, 38, 42, 54, 60, 64 };
	uint32_t k = chance(g, 50) ? ks[below(g, 8)] : 1 + (uint32_t)below(g, 64);
	int n = 1 + (int)below(g, 3);

	feat(g, GF_PACKET);
	if (!flaw(g) || chance(g, 50))
		pkt_check(g, k, "out");
	while (n--) {
		int s = sizes[below(g, 4)];
		uint32_t range = g->pkt_range;
		int64_t off;
		int d;

		while (range && (uint32_t)s > range)
			s /= 2;
		off = range >= (uint32_t)s ? (int64_t)below(g, range - s + 1) : 0;
		if (flaw(g))
			off = (int64_t)range - s + 1;	/* one past */
		if (g->p->type == BPF_PROG_TYPE_XDP && chance(g, 15)) {
			emit(g, "*(u%d *)(r7 %+lld) = r%d", s * 8, (long long)off,
			     pick_scalar(g));
			continue;
		}
		d = pick_writable(g);
		/* sign-extending loads (cpu v4) now and then */
		emit(g, "r%d = *(%c%d *)(r7 %+lld)", d,
		     s < 8 && chance(g, 15) ? 's' : 'u', s * 8, (long long)off);
		g->rk[d] = RK_SCALAR;
	}
}

/* Packet access at a variable offset taken from a packet byte. */
static void pkt_var_block(struct g *g)
{
	int x, t, t2, s = sizes[below(g, 4)];
	int64_t cs = s;

	feat(g, GF_PKTVAR);
	if (g->pkt_range < 1)
		pkt_check(g, 1 + (uint32_t)below(g, 20), "out");
	x = pick_temp(g);
	emit(g, "r%d = *(u8 *)(r7 +%u)", x, (unsigned)below(g, g->pkt_range));
	g->rk[x] = RK_SCALAR;
	g->reserved |= 1u << x;
	switch (below(g, 4)) {
	case 0:
		emit(g, "r%d &= 0x3f", x);
		break;
	case 1:
		emit(g, "if r%d > %u goto out", x, (unsigned)below(g, 64));
		break;
	case 2:
		emit(g, "w%d &= %u", x, (unsigned)below(g, 256));
		break;
	default:
		if (flaw(g))
			emit(g, "r%d <<= %u", x, 8 + (unsigned)below(g, 24));
		break;
	}
	if (chance(g, 30))
		emit(g, "r%d += %u", x, (unsigned)below(g, 16));
	t = pick_temp(g);
	g->reserved |= 1u << t;
	emit(g, "r%d = r7", t);
	emit(g, "r%d += r%d", t, x);
	g->rk[t] = RK_PKT;
	t2 = pick_temp(g);
	if (flaw(g))
		cs = s - 1;
	emit(g, "r%d = r%d", t2, t);
	emit(g, "r%d += %lld", t2, (long long)cs);
	emit(g, "if r%d > r8 goto out", t2);
	g->rk[t2] = RK_PKT;
	g->reserved &= ~((1u << x) | (1u << t));
	x = pick_writable(g);
	emit(g, "r%d = *(u%d *)(r%d +0)", x, s * 8, t);
	g->rk[x] = RK_SCALAR;
}

/* ---- maps ---- */

static int get_map(struct g *g)
{
	struct gen_prog *p = g->p;
	static const uint32_t vs[] = { 4, 8, 12, 16, 24, 32, 48, 64, 100 };
	struct gen_map *m;

	if (p->nmaps && (p->nmaps == GEN_MAX_MAPS || chance(g, 60)))
		return (int)below(g, p->nmaps);
	m = &p->maps[p->nmaps];
	snprintf(m->name, sizeof(m->name), "m%d", p->nmaps);
	m->type = chance(g, 60) ? BPF_MAP_TYPE_ARRAY : BPF_MAP_TYPE_HASH;
	m->value_size = vs[below(g, 9)];
	m->max_entries = 1 + (uint32_t)below(g, 8);
	return p->nmaps++;
}

static void add_key(struct g *g, uint32_t k)
{
	struct gen_prog *p = g->p;

	for (int i = 0; i < p->nkeys; i++)
		if (p->keys[i] == k)
			return;
	if (p->nkeys < GEN_MAX_HINTS)
		p->keys[p->nkeys++] = k;
}

/* Offset access at [r + unknown x] with x refined by branches. */
static void value_var_access(struct g *g, int base, uint32_t vsize)
{
	int x, s = sizes[below(g, 4)];
	int64_t lim;
	char out[8] = "out";

	while ((uint32_t)s > vsize)
		s /= 2;
	lim = (int64_t)vsize - s;
	feat(g, GF_MAPVAR);
	x = pick_temp(g);
	if (x == base)
		x = base == 1 ? 2 : 1;
	emit(g, "r%d = *(u%d *)(r%d +0)", x, vsize >= 4 ? 32 : 8, base);
	g->rk[x] = RK_SCALAR;
	if (flaw(g))
		lim++;
	switch (below(g, 6)) {
	case 0: {
		uint32_t m = 1;

		while (m * 2 - 1 <= (uint32_t)lim)
			m *= 2;
		emit(g, "r%d &= %u", x, m - 1);
		break;
	}
	case 1:
		emit(g, "if r%d > %lld goto %s", x, (long long)lim, out);
		break;
	case 2:
		emit(g, "if w%d > %lld goto %s", x, (long long)lim, out);
		break;
	case 3:
		emit(g, "if r%d >= %lld goto %s", x, (long long)lim + 1, out);
		break;
	case 4:
		/* signed bounds need both ends (a flaw without the first) */
		if (!flaw(g))
			emit(g, "if r%d s< 0 goto %s", x, out);
		emit(g, "if r%d s> %lld goto %s", x, (long long)lim, out);
		break;
	default:
		/* Linux tracks no bounds through a modulo: rejected */
		if (flaw(g))
			emit(g, "w%d %%= %lld", x, (long long)lim + 1);
		else
			emit(g, "if w%d >= %lld goto %s", x, (long long)lim + 1,
			     out);
		break;
	}
	if (chance(g, 30)) {
		/* a scaled index: x * 2 within [0, 2*lim]: a flaw in half */
		emit(g, "r%d >>= 1", x);
		emit(g, "r%d <<= 1", x);
	}
	emit(g, "r%d += r%d", base, x);
	if (chance(g, 20)) {
		emit(g, "*(u%d *)(r%d +0) = r%d", s * 8, base, x);
	} else {
		emit(g, "r%d = *(u%d *)(r%d +0)", x, s * 8, base);
	}
}

/* bpf_map_lookup_elem(m, fp-128): r1-r5 clobbered, r0 the result. */
static void lookup_call(struct g *g, const struct gen_map *m)
{
	emit(g, "r2 = r10");
	emit(g, "r2 += -128");
	emit(g, "r1 = map[%s] ll", m->name);
	emit(g, "call bpf_map_lookup_elem#1");
	for (int r = 1; r <= 5; r++)
		g->rk[r] = RK_NONE;
}

static void map_block(struct g *g)
{
	int mi = get_map(g), d, n;
	struct gen_map *m = &g->p->maps[mi];
	uint32_t key;
	bool checked = true, keep;
	struct snap s;
	int skip = -1;

	feat(g, GF_MAP);
	key = (uint32_t)below(g, m->max_entries + 1);
	add_key(g, key);
	if (chance(g, 25)) {
		int k = pick_scalar(g);

		emit(g, "w%d &= %u", k, m->max_entries <= 1 ? 1 :
		     m->max_entries - 1);
		emit(g, "*(u32 *)(r10 -128) = r%d", k);
		for (uint32_t i = 0; i < m->max_entries && i < 8; i++)
			add_key(g, i);
	} else {
		emit(g, "*(u32 *)(r10 -128) = %u", key);
	}
	lookup_call(g, m);
	g->rk[0] = RK_MAPV;
	keep = g->depth == 0 && g->rk[9] != RK_MAPV && !(g->reserved & 1u << 9)
	       && chance(g, 50);
	if (flaw(g) && chance(g, 50)) {
		checked = false;
	} else if (keep || chance(g, 60)) {
		emit(g, "if r0 == 0 goto out");
	} else {
		skip = new_label(g);
		emit(g, "if r0 == 0 goto L%d", skip);
		save(g, &s);
		s.rk[0] = RK_NONE;
	}
	(void)checked;
	n = 1 + (int)below(g, 3);
	while (n--) {
		int sz = sizes[below(g, 4)];
		int64_t off;

		while ((uint32_t)sz > m->value_size)
			sz /= 2;
		off = (int64_t)below(g, (m->value_size - sz) / sz + 1) * sz;
		if (flaw(g))
			off = (int64_t)m->value_size - sz + 1;
		if (chance(g, 25)) {
			if (chance(g, 50))
				emit(g, "*(u%d *)(r0 %+lld) = r%d", sz * 8,
				     (long long)off, pick_scalar(g));
			else
				emit(g, "*(u%d *)(r0 %+lld) = %lld", sz * 8,
				     (long long)off, (long long)interesting32(g));
			continue;
		}
		if (chance(g, 30) && g->rk[0] == RK_MAPV) {
			int b = pick_temp(g);

			emit(g, "r%d = r0", b);
			g->rk[b] = RK_MAPV;
			g->reserved |= 1u | 1u << b;
			value_var_access(g, b, m->value_size);
			g->reserved &= ~(1u | 1u << b);
			g->rk[b] = RK_NONE;
			continue;
		}
		d = pick_temp(g);
		emit(g, "r%d = *(%c%d *)(r0 %+lld)", d,
		     sz < 8 && chance(g, 15) ? 's' : 'u', sz * 8, (long long)off);
		g->rk[d] = RK_SCALAR;
	}
	if (keep) {
		emit(g, "r9 = r0");
		g->rk[9] = RK_MAPV;
		g->mapv_size = m->value_size;
	}
	d = pick_scalar(g);
	emit(g, "r0 = r%d", d);
	g->rk[0] = RK_SCALAR;
	if (skip >= 0) {
		label(g, skip);
		meet(g, &s);
	}
}

/* ---- stack ---- */

static void stack_block(struct g *g)
{
	int k = (int)below(g, 10);

	feat(g, GF_STACK);
	if (k < 4) {
		int s = sizes[below(g, 4)];
		int off = -8 * (1 + (int)below(g, 8)) + s * (int)below(g, 8 / s);
		int r = pick_scalar(g), d;

		if (chance(g, 30))
			emit(g, "*(u%d *)(r10 %d) = %lld", s * 8, off,
			     (long long)interesting32(g));
		else
			emit(g, "*(u%d *)(r10 %d) = r%d", s * 8, off, r);
		if (chance(g, 40))
			alu_block(g, 1 + (int)below(g, 2));
		if (chance(g, 20))
			s = sizes[below(g, 4)];	/* a fill of another size */
		while (off + s > 0)
			s /= 2;
		d = pick_writable(g);
		emit(g, "r%d = *(u%d *)(r10 %d)", d, s * 8, off);
		g->rk[d] = RK_SCALAR;
	} else if (k < 7) {
		/* pointer spill and fill */
		int src, off = -72 - 8 * (int)below(g, 7), t;
		int cand[4], n = 0;

		cand[n++] = 6;
		if (g->pkt)
			cand[n++] = 7;
		if (g->rk[9] == RK_MAPV)
			cand[n++] = 9;
		src = cand[below(g, n)];
		emit(g, "*(u64 *)(r10 %d) = r%d", off, src);
		if (chance(g, 30))
			alu_block(g, 1);
		t = pick_temp(g);
		if (flaw(g) && chance(g, 50))
			emit(g, "r%d = *(u32 *)(r10 %d)", t, off);
		else
			emit(g, "r%d = *(u64 *)(r10 %d)", t, off);
		g->rk[t] = RK_NONE;
		if (src == 6) {
			int d = pick_writable(g);

			emit(g, "r%d = *(u32 *)(r%d +%d)", d, t,
			     g->p->type == BPF_PROG_TYPE_XDP ? 4 * (int)below(g, 4) : 0);
			g->rk[d] = RK_SCALAR;
		} else if (src == 7 && g->pkt_range) {
			int d = pick_writable(g);

			emit(g, "r%d = *(u8 *)(r%d +%u)", d, t,
			     (unsigned)below(g, g->pkt_range));
			g->rk[d] = RK_SCALAR;
		} else if (src == 9) {
			int d = pick_writable(g);

			emit(g, "r%d = *(u8 *)(r%d +%u)", d, t,
			     (unsigned)below(g, g->mapv_size));
			g->rk[d] = RK_SCALAR;
		}
	} else if (g->stack_init) {
		/* variable offset into the zeroed scalar slots */
		int x = pick_temp(g), t, d;
		int mask = flaw(g) ? 0x3c : 0x38;

		emit(g, "r%d = r%d", x, pick_scalar(g));
		emit(g, "r%d &= %d", x, mask);
		g->rk[x] = RK_SCALAR;
		g->reserved |= 1u << x;
		t = pick_temp(g);
		g->reserved &= ~(1u << x);
		emit(g, "r%d = r10", t);
		emit(g, "r%d += -64", t);
		emit(g, "r%d += r%d", t, x);
		g->rk[t] = RK_NONE;
		d = pick_writable(g);
		emit(g, "r%d = *(u64 *)(r%d +0)", d, t);
		g->rk[d] = RK_SCALAR;
	} else {
		alu_one(g);
	}
}

/*
 * An unknown scalar bounded by random comparisons (JMP or JMP32, signed or
 * unsigned, near the exact limit), transformed by an ALU op, then used as
 * an offset into the stack, a map value or the packet. Whether the access
 * is safe is for the verifier to work out: precise reasoning decides.
 */
static void refine_block(struct g *g)
{
	static const char *const xf[] = {
		"r%d &= %d", "r%d += %d", "r%d -= %d", "w%d = w%d", "r%d <<= 1",
		"r%d >>= 1", "r%d s>>= 1", "w%d += %d", "r%d = -r%d",
		"r%d *= 3", "w%d -= %d", "r%d |= %d",
	};
	int x, t, d, n, s = sizes[below(g, 4)], kind, cw;
	uint32_t size;
	int64_t lim;
	const char *base;

	feat(g, GF_BRANCH);
	kind = (int)below(g, 3);
	if (kind == 1 && g->rk[9] != RK_MAPV)
		kind = 0;
	if (kind == 2 && !(g->pkt && g->pkt_range >= 8))
		kind = 0;
	if (kind == 0 && !g->stack_init)
		return;
	size = kind == 0 ? 64 : kind == 1 ? g->mapv_size : g->pkt_range;
	base = kind == 0 ? "r10" : kind == 1 ? "r9" : "r7";
	while ((uint32_t)s > size)
		s /= 2;
	lim = (int64_t)size - s;
	x = pick_temp(g);
	unknown_into(g, x);
	if (chance(g, 30))
		emit(g, "r%d = *(u64 *)(r10 -%u)", x, 8 * (1 + (unsigned)below(g, 8)));
	g->reserved |= 1u << x;
	n = 1 + (int)below(g, 3);
	while (n--) {
		static const char *const up[] = { ">", ">=", "s>", "s>=" };
		static const char *const lo[] = { "<", "s<", "s<=", "==" };
		int64_t c = lim + (int64_t)below(g, 3) - 1;
		bool w = chance(g, 35);

		if (chance(g, 60))
			emit(g, "if %c%d %s %lld goto out", w ? 'w' : 'r', x,
			     up[below(g, 4)], (long long)c);
		else if (chance(g, 50))
			emit(g, "if %c%d %s %lld goto out", w ? 'w' : 'r', x,
			     lo[below(g, 4)], (long long)below(g, 3) - 1);
		else
			cond_jump(g, x, "out");
	}
	if (chance(g, 60)) {
		cw = (int)below(g, sizeof(xf) / sizeof(xf[0]));
		if (strstr(xf[cw], "= w%d") || strstr(xf[cw], "= -r%d"))
			emit(g, xf[cw], x, x);
		else
			emit(g, xf[cw], x, (int)(chance(g, 50) ?
				(int64_t)below(g, 8) : interesting32(g)));
		if (chance(g, 40))
			emit(g, "if r%d > %lld goto out", x, (long long)lim);
	}
	t = pick_temp(g);
	g->reserved &= ~(1u << x);
	emit(g, "r%d = %s", t, base);
	if (kind == 0)
		emit(g, "r%d += -64", t);
	emit(g, "r%d += r%d", t, x);
	g->rk[t] = RK_NONE;
	d = pick_writable(g);
	if (kind != 2 && chance(g, 25)) {
		emit(g, "*(u%d *)(r%d +0) = r%d", s * 8, t, x);
	} else {
		emit(g, "r%d = *(u%d *)(r%d +0)", d, s * 8, t);
		g->rk[d] = RK_SCALAR;
	}
	g->rk[x] = d == x ? RK_SCALAR : g->rk[x];
}

/* ---- precision ---- */

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
		emit(g, "r%d = *(u32 *)(r6 +0)", r);	/* skb->len */
	else if (g->pkt && g->pkt_range >= 2)
		emit(g, "r%d = *(u16 *)(r7 +%u)", r,
		     (unsigned)below(g, g->pkt_range - 1));
	else
		emit(g, "r%d = *(u32 *)(r6 +16)", r);	/* rx_queue_index */
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
	emit(g, "if %c%d %s %lld goto %s", chance(g, 30) ? 'w' : 'r', c, op,
	     k, target);
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
static void prec_set(struct g *g, const struct ptgt *t, struct pival v,
		     int tmp)
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

	if (k == 0) {		/* overwritten */
		if (t->reg >= 0)
			emit(g, "r%d = %lld", t->reg, (long long)below(g, 9));
		else
			emit(g, "*(u64 *)(r10 %d) = 0", t->slot);
		return;
	}
	if (k == 3 && t->reg >= 0)
		return;		/* folded into r0 by the epilogue */
	r = prec_fill(g, t);
	if (r < 0)
		return;
	if (k == 1 && mp >= 0) {	/* stored to a map value */
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
			xs->n = 0;	/* both arms replace the value */
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
	case 0:		/* a mov to another register */
		y = prec_reg(g);
		if (y < 0)
			return;
		emit(g, "%c%d = %c%d", c, y, c, x);
		g->rk[y] = RK_SCALAR;
		*xr = y;
		break;
	case 1:		/* an add */
		a = (int64_t)below(g, 4);
		emit(g, "%c%d += %lld", c, x, (long long)a);
		break;
	case 2:		/* a shift */
		emit(g, "%c%d <<= 1", c, x);
		shl = true;
		break;
	case 3:		/* spill and fill, 64 or 32 bits, maybe elsewhere */
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
	case 4:		/* a linked copy refined by a branch */
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
			emit(g, "if %c%d > %lld goto out", c, y, (long long)cut);
		else
			emit(g, "if %c%d >= %lld goto out", c, y,
			     (long long)cut + 1);
		if (chance(g, 30))
			*xr = y;	/* the copy is used, refined */
		break;
	case 5:		/* 32-bit zero extension */
		emit(g, "w%d = w%d", x, x);
		break;
	default:	/* a mask that keeps every value */
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
		off = -mn;	/* too spread to fit: unsafe at the top */
	if (chance(g, 35)) {
		feat(g, GF_FLAW);
		if (chance(g, 75))
			off++;	/* one past the end on the largest value */
		else
			off = -mn - 1;	/* one before the start */
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

static void prec_block(struct g *g)
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
		g->reserved = res0;	/* only slots live across the call */
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
		goto done;	/* every path cut */
	prec_deref(g, bk == B_PKT ? 7 : mp, bk == B_STACK, xr, s,
		   prec_offset(g, &xs, L, s), c, &ptrs);
done:
	/* the writes set rk[] (scalars); the pointers are the block's */
	for (int r = 0; r <= 9; r++)
		if (ptrs & (1u << r))
			g->rk[r] = RK_NONE;
	g->reserved = res0;
}

/* ---- loops ---- */

/* Body access indexed by the loop counter i (max value about imax). */
static void loop_access(struct g *g, int i, uint32_t imax)
{
	int t, d, k = (int)below(g, 3);

	if (k == 0 && g->pkt) {
		/* packet byte at data + i, checked each iteration */
		t = pick_temp(g);
		g->reserved |= 1u << t;
		d = pick_temp(g);
		g->reserved &= ~(1u << t);
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
		t = pick_temp(g);
		g->reserved |= 1u << t;
		d = pick_temp(g);
		g->reserved &= ~(1u << t);
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
	int c[11], n = 0;

	for (int r = 1; r <= 9; r++)
		if (writable(g, r) && r != 9)
			c[n++] = r;
	return n ? c[below(g, n)] : 0;
}

static void loop_block(struct g *g);

/*
 * A secondary induction variable j beside counter i: j starts at j0 and
 * moves by dj each trip; the body reads the stack at fp-64 + j. With at
 * most trips visits of the body it stays in [0, 63] when j0 and dj were
 * chosen for it (or, as a flaw, one step too far).
 */
struct seciv {
	int reg, up;		/* up: the enclosing loop's walker */
	int32_t j0, dj;
	bool ptr;		/* a pointer fp-64 + j (a walker), not j */
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
	int slot;		/* 0: the counter stays in its register */
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

static void loop_block(struct g *g)
{
	static const uint32_t steps[] = { 1, 1, 1, 2, 4 };
	int i = pick_counter(g), head = new_label(g), end = new_label(g);
	uint32_t step = steps[below(g, 5)];
	uint32_t n = 1 + (uint32_t)below(g, 48);
	bool w = chance(g, 30), bad = chance(g, 12);
	char c = w ? 'w' : 'r';
	int shape = (int)below(g, 7), nreg = -1, x = -1, j = 0;
	struct seciv sv = { 0 };
	struct stkctr sk = { 0 };
	struct snap s;

	if (!i) {
		alu_one(g);
		return;
	}
	feat(g, GF_LOOP);
	if (g->depth)
		feat(g, GF_NESTED);
	if (bad)
		feat(g, GF_BADLOOP);
	g->depth++;
	if (shape == 4) {
		/* bound in a register: an unknown, masked or bounded */
		g->reserved |= 1u << i;
		nreg = pick_counter(g);
		g->reserved &= ~(1u << i);
		if (!nreg || nreg == i) {
			shape = 0;
		} else {
			unknown_into(g, nreg);
			if (chance(g, 60))
				emit(g, "r%d &= %u", nreg, 31);
			else
				emit(g, "if r%d > %u goto out", nreg, 40);
			g->reserved |= 1u << nreg;
			n = 40;
		}
	}
	if (bad) {
		x = pick_counter(g);
		if (x == i || x == nreg)
			x = -1;
		if (x > 0) {
			unknown_into(g, x);
			g->reserved |= 1u << x;
		}
	}
	if (shape == 2)
		emit(g, "%c%d = %u", c, i, (n / step + !bad) * step);
	else if (shape == 5)	/* strength-reduced: from -step, exit != */
		emit(g, "%c%d = -%u", c, i, step);
	else if (shape == 6)	/* signed, from below zero through it */
		emit(g, "%c%d = -%u", c, i, n / 2);
	else
		emit(g, "%c%d = 0", c, i);
	if (shape == 5)
		feat(g, GF_STRENGTH);
	g->rk[i] = RK_SCALAR;
	g->reserved |= 1u << i;
	if (!bad)
		seciv_init(g, &sv, shape == 2 ? n / step + 1 :
				   shape == 3 || shape == 5 ? n :
				   shape == 4 ? (40 + step - 1) / step :
				   (n + step - 1) / step);
	if (shape == 0 || shape == 3)
		stkctr_init(g, &sk, i);
	save(g, &s);
	label(g, head);
	stkctr_head(g, &sk, i);
	if (shape == 1)
		emit(g, "if %c%d >= %u goto L%d", c, i, n, end);
	if (shape == 5)
		emit(g, "%c%d += %u", c, i, step);
	if (shape == 6 && (j = pick_counter(g))) {
		/* the index i + n / 2 */
		emit(g, "%c%d = %c%d", c, j, c, i);
		emit(g, "%c%d += %u", c, j, n / 2);
		g->rk[j] = RK_SCALAR;
		g->reserved |= 1u << j;
	}
	loop_body(g, j ? j : i, shape == 5 ? n * step : n + step);
	if (j)
		g->reserved &= ~(1u << j);
	seciv_use(g, &sv);
	meet(g, &s);
	seciv_step(g, &sv);
	stkctr_fill(g, &sk, i);
	if (bad && x > 0) {
		int skip = new_label(g);

		switch (below(g, 3)) {
		case 0:	/* step skipped on some path */
			emit(g, "if r%d & 1 goto L%d", x, skip);
			emit(g, "%c%d += %u", c, i, step);
			label(g, skip);
			break;
		case 1:	/* step that may be zero */
			emit(g, "r%d &= 3", x);
			emit(g, "%c%d += %c%d", c, i, c, x);
			break;
		default:	/* counter reset on some path */
			emit(g, "%c%d += %u", c, i, step);
			emit(g, "if r%d > 5 goto L%d", x, skip);
			emit(g, "%c%d = 0", c, i);
			label(g, skip);
			break;
		}
	} else if (shape != 2 && shape != 5) {
		/* a step that wraps at 2^32 (a bad loop) */
		emit(g, "%c%d += %u", c, i, bad ? 3 : step);
	}
	stkctr_spill(g, &sk, i);
	switch (shape) {
	case 0:
		emit(g, "if %c%d < %u goto L%d", c, i, n, head);
		break;
	case 1:
		emit(g, "goto L%d", head);
		break;
	case 2:
		emit(g, "%c%d -= %u", c, i, bad ? step + 1 : step);
		if (chance(g, 50))
			emit(g, "if %c%d != 0 goto L%d", c, i, head);
		else
			emit(g, "if %c%d s> 0 goto L%d", c, i, head);
		break;
	case 3:
		emit(g, "if %c%d != %u goto L%d", c, i,
		     bad ? n * step + 1 : n * step, head);
		break;
	case 5:
		emit(g, "if %c%d != %u goto L%d", c, i,
		     bad ? (n - 1) * step + 1 : (n - 1) * step, head);
		break;
	case 6:
		emit(g, "if %c%d s< %u goto L%d", c, i, n - n / 2, head);
		break;
	default:
		emit(g, "if %c%d < %c%d goto L%d", c, i, c, nreg, head);
		break;
	}
	label(g, end);
	meet(g, &s);
	g->reserved &= ~(1u << i);
	if (nreg > 0)
		g->reserved &= ~(1u << nreg);
	if (x > 0)
		g->reserved &= ~(1u << x);
	seciv_done(g, &sv);
	g->depth--;
}

/* ---- program ---- */

static void gen_body(struct g *g, int items)
{
	while (items--) {
		int k = (int)below(g, 10);

		if (k < 5 || !g->pkt)
			alu_one(g);
		else if (k < 7)
			stack_block(g);
		else
			pkt_block(g);
	}
}

static void block(struct g *g, uint32_t on)
{
	for (;;) {
		int k = (int)below(g, 10);

		if (!(on & (1u << k)))
			continue;
		switch (k) {
		case 8: refine_block(g); return;
		case 9: prec_block(g); return;
		case 0: alu_block(g, 1 + (int)below(g, 6)); return;
		case 1: branch_block(g); return;
		case 2: pkt_block(g); return;
		case 3: pkt_var_block(g); return;
		case 4: map_block(g); return;
		case 5: stack_block(g); return;
		case 6: loop_block(g); return;
		default: alu_block(g, 2); return;
		}
	}
}

static void epilogue(struct g *g)
{
	int n = 0;

	emit(g, "r0 = 0");
	for (int r = 1; r <= 9; r++)
		if (g->rk[r] == RK_SCALAR && n++ < 4)
			emit(g, "r0 ^= r%d", r);
	if (g->p->type == BPF_PROG_TYPE_XDP)
		emit(g, "r0 &= 3");
	emit(g, "exit");
	/* the shared failure exit, if anything jumps there */
	if (strstr(g->p->text, "goto out\n")) {
		directive(g, "out:");
		emit(g, "r0 = 1");
		emit(g, "exit");
	}
}

void gen_program(struct gen_rng *r, struct gen_prog *p)
{
	struct g g = { .r = r, .p = p };
	uint32_t on = 1u << 0 | 1u << 7;
	size_t body_at;
	char *body;
	int t = (int)gen_below(r, 10);

	p->len = 0;
	p->features = 0;
	p->insns = 0;
	p->nmaps = p->nhints = p->nkeys = 0;
	if (!p->text) {
		p->cap = 4096;
		p->text = malloc(p->cap);
		if (!p->text)
			abort();
	}
	p->text[0] = '\0';
	p->type = t < 5 ? BPF_PROG_TYPE_XDP : t < 8 ? BPF_PROG_TYPE_SCHED_CLS :
		  BPF_PROG_TYPE_SOCKET_FILTER;
	g.pkt = p->type != BPF_PROG_TYPE_SOCKET_FILTER;
	g.budget = 10 + (uint32_t)gen_below(r, 150);
	g.flaw_pct = 1 + (uint32_t)gen_below(r, 6);
	if (chance(&g, 70))
		on |= 1u << 1;
	if (g.pkt && chance(&g, 70))
		on |= 1u << 2;
	if (g.pkt && chance(&g, 35))
		on |= 1u << 3;
	if (chance(&g, 50))
		on |= 1u << 4;
	if (chance(&g, 50))
		on |= 1u << 5;
	if (chance(&g, 45))
		on |= 1u << 6;
	if (chance(&g, 50))
		on |= 1u << 8;
	if (chance(&g, 55))
		on |= 1u << 9;

	/* the body is generated first, the header (maps) written after */
	g.rk[6] = RK_CTX;
	emit(&g, "r6 = r1");
	if (p->type == BPF_PROG_TYPE_XDP) {
		emit(&g, "r7 = *(u32 *)(r6 +0)");
		emit(&g, "r8 = *(u32 *)(r6 +4)");
	} else if (g.pkt) {
		emit(&g, "r7 = *(u32 *)(r6 +76)");
		emit(&g, "r8 = *(u32 *)(r6 +80)");
	}
	if (g.pkt) {
		g.rk[7] = RK_PKT;
		g.rk[8] = RK_END;
	}
	if (chance(&g, 30)) {
		emit(&g, "call bpf_get_prandom_u32#7");
		emit(&g, "r9 = r0");
		g.rk[9] = RK_SCALAR;
	}
	if (on & (1u << 5 | 1u << 6 | 1u << 8)) {
		for (int i = 1; i <= 8; i++)
			emit(&g, "*(u64 *)(r10 -%d) = %lld", 8 * i,
			     chance(&g, 50) ? 0 : (long long)interesting32(&g));
		g.stack_init = true;
	}
	if (g.pkt && (on & (1u << 2)) && chance(&g, 60))
		pkt_block(&g);
	if (g.pkt && (on & (1u << 3)) && chance(&g, 50))
		pkt_var_block(&g);
	if ((on & (1u << 4)) && chance(&g, 70))
		map_block(&g);
	while (p->insns < g.budget)
		block(&g, on);
	epilogue(&g);

	/* header */
	body = p->text;
	body_at = p->len;
	p->text = NULL;
	p->len = p->cap = 0;
	{
		static const char *const tn[] = {
			[BPF_PROG_TYPE_XDP] = "xdp",
			[BPF_PROG_TYPE_SCHED_CLS] = "sched_cls",
			[BPF_PROG_TYPE_SOCKET_FILTER] = "socket_filter",
		};
		struct g h = { .r = r, .p = p };

		directive(&h, ".type %s", tn[p->type]);
		for (int i = 0; i < p->nmaps; i++)
			directive(&h, ".map %s %s 4 %u %u", p->maps[i].name,
				  p->maps[i].type == BPF_MAP_TYPE_ARRAY ?
				  "array" : "hash", p->maps[i].value_size,
				  p->maps[i].max_entries);
	}
	put(&g, body, body_at);
	free(body);
}

void gen_prog_free(struct gen_prog *p)
{
	free(p->text);
	p->text = NULL;
	p->len = p->cap = 0;
}
