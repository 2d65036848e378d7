// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Random program generator for bench/soundness (see gen.h): the RNG, the
 * emitter, register tracking and the program skeleton. The blocks are in
 * gen_blocks.c, gen_prec.c and gen_loops.c; gen_priv.h has what they share.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/bpf.h>

#include "gen_priv.h"

const char *const gen_feature_names[GF_NFEAT] = {
	"alu",	     "branch",	 "packet",    "pkt-var",   "map",
	"map-var",   "stack",	 "loop",      "bad-loop",  "nested",
	"strength",  "sec-iv",	 "stk-ctr",   "precision", "pkt-walk",
	"pkt-words", "sgn-zero", "back-scan", "var-walk",  "halve",
	"pkt-scan",  "flaw",
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

bool chance(struct g *g, unsigned pct)
{
	return gen_below(g->r, 100) < pct;
}

uint64_t below(struct g *g, uint64_t n)
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

void emit(struct g *g, const char *fmt, ...)
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

int new_label(struct g *g)
{
	return g->labels++;
}

void label(struct g *g, int l)
{
	directive(g, "L%d:", l);
}

void feat(struct g *g, enum gen_feature f)
{
	g->p->features |= 1u << f;
}

bool flaw(struct g *g)
{
	if (!chance(g, g->flaw_pct))
		return false;
	feat(g, GF_FLAW);
	return true;
}

void hint(struct g *g, int64_t len)
{
	struct gen_prog *p = g->p;

	if (len < 0 || len > 400 || p->nhints >= GEN_MAX_HINTS)
		return;
	p->hints[p->nhints++] = (uint32_t)len;
}

void save(struct g *g, struct snap *s)
{
	memcpy(s->rk, g->rk, sizeof(s->rk));
	s->pkt_range = g->pkt_range;
	s->mapv_size = g->mapv_size;
}

/* Join the current state with s (the other side of a branch). */
void meet(struct g *g, const struct snap *s)
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

bool writable(struct g *g, int r)
{
	if (r == 6 || r == 10 || (g->reserved & (1u << r)))
		return false;
	if ((r == 7 || r == 8) && g->pkt)
		return false;
	if (r == 9 && g->rk[9] == RK_MAPV)
		return false;
	return true;
}

int pick_writable(struct g *g)
{
	int c[11] = { 0 }, n = 0;

	for (int r = 0; r <= 9; r++)
		if (writable(g, r))
			c[n++] = r;
	return n ? c[below(g, n)] : 0;
}

/* A writable register that is not r0 (which calls return in). */
int pick_temp(struct g *g)
{
	int c[11] = { 0 }, n = 0;

	for (int r = 1; r <= 5; r++)
		if (writable(g, r))
			c[n++] = r;
	return n ? c[below(g, n)] : pick_writable(g);
}

void pick_two_temps(struct g *g, int *a, int *b)
{
	*a = pick_temp(g);
	g->reserved |= 1u << *a;
	*b = pick_temp(g);
	g->reserved &= ~(1u << *a);
}

int64_t interesting32(struct g *g)
{
	static const int64_t v[] = {
		0,	 1,	 2,	  3,	      4,
		7,	 8,	 14,	  15,	      16,
		31,	 32,	 33,	  63,	      64,
		127,	 128,	 255,	  256,	      0x7fff,
		0x8000,	 0xffff, 0x10000, 0x7fffffff, -0x7fffffff - 1,
		-1,	 -2,	 -8,	  -64,	      -128,
		-0x8000,
	};

	switch (below(g, 4)) {
	case 0: return (int32_t)(uint32_t)gen_next(g->r);
	case 1: return (int64_t)below(g, 64) - 8;
	default: return v[below(g, sizeof(v) / sizeof(v[0]))];
	}
}

uint64_t interesting64(struct g *g)
{
	static const uint64_t v[] = {
		0x8000000000000000ull, 0x7fffffffffffffffull,
		0xffffffffull,	       0x100000000ull,
		0xffffffff00000000ull, 0xfffffffffffffffeull,
		0x80000000ull,	       0x17fffffffull,
		0xffffffff80000000ull, 0x00000000fffffff0ull,
	};

	if (chance(g, 30))
		return gen_next(g->r);
	return v[below(g, sizeof(v) / sizeof(v[0]))];
}

/* An unknown scalar into r (which must be writable). */
void unknown_into(struct g *g, int r)
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
		emit(g, "r%d = *(u32 *)(r6 +0)", r); /* skb->len */
	} else if (g->stack_init && chance(g, 50)) {
		emit(g, "r%d = *(u64 *)(r10 -%u)", r,
		     (unsigned)(8 + 8 * below(g, 8)));
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
int pick_scalar(struct g *g)
{
	int c[11] = { 0 }, n = 0;

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
int pick_scalar_dst(struct g *g)
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

/* ---- program ---- */

void gen_body(struct g *g, int items)
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
	p->type = t < 5 ? BPF_PROG_TYPE_XDP :
		  t < 8 ? BPF_PROG_TYPE_SCHED_CLS :
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
					  "array" :
					  "hash",
				  p->maps[i].value_size,
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
