// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The generator's plain blocks (see gen_priv.h): ALU runs, forward
 * branches, packet parsing at constant and variable offsets, map lookups,
 * stack spills and fills, and scalars refined by branches into offsets.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <linux/bpf.h>

#include "gen_priv.h"

/* ---- ALU ---- */

static const char *const alu_ops[] = {
	"+=", "-=",  "*=",  "/=",   "%=",  "|=",  "&=",
	"^=", "<<=", ">>=", "s>>=", "s/=", "s%=",
};

void alu_one(struct g *g)
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

		if (op >= 8 && op <= 10) { /* shifts */
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

		emit(g, "r%d = %s%d r%d", d, e[below(g, 3)], wd[below(g, 3)],
		     d);
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
			emit(g, "%c%d = %lld", c, d,
			     (long long)interesting32(g));
	}
	g->rk[d] = RK_SCALAR;
}

void alu_block(struct g *g, int n)
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
	const char *op =
		cmp_ops[below(g, sizeof(cmp_ops) / sizeof(cmp_ops[0]))];

	if (chance(g, 60))
		emit(g, "if %c%d %s %lld goto %s", c, a, op,
		     (long long)interesting32(g), target);
	else
		emit(g, "if %c%d %s %c%d goto %s", c, a, op, c, pick_scalar(g),
		     target);
}

void branch_block(struct g *g)
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

/* t = r7 + K; if t > r8 goto out: K bytes readable afterwards. */
void pkt_check(struct g *g, uint32_t k, const char *fail)
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

void pkt_block(struct g *g)
{
	static const uint32_t ks[] = { 14, 20, 34, 38, 42, 54, 60, 64 };
	uint32_t k = chance(g, 50) ? ks[below(g, 8)] :
				     1 + (uint32_t)below(g, 64);
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
		off = range >= (uint32_t)s ? (int64_t)below(g, range - s + 1) :
					     0;
		if (flaw(g))
			off = (int64_t)range - s + 1; /* one past */
		if (g->p->type == BPF_PROG_TYPE_XDP && chance(g, 15)) {
			emit(g, "*(u%d *)(r7 %+lld) = r%d", s * 8,
			     (long long)off, pick_scalar(g));
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
void pkt_var_block(struct g *g)
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
	case 0: emit(g, "r%d &= 0x3f", x); break;
	case 1:
		emit(g, "if r%d > %u goto out", x, (unsigned)below(g, 64));
		break;
	case 2: emit(g, "w%d &= %u", x, (unsigned)below(g, 256)); break;
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

int get_map(struct g *g)
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

void add_key(struct g *g, uint32_t k)
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
	case 1: emit(g, "if r%d > %lld goto %s", x, (long long)lim, out); break;
	case 2: emit(g, "if w%d > %lld goto %s", x, (long long)lim, out); break;
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
void lookup_call(struct g *g, const struct gen_map *m)
{
	emit(g, "r2 = r10");
	emit(g, "r2 += -128");
	emit(g, "r1 = map[%s] ll", m->name);
	emit(g, "call bpf_map_lookup_elem#1");
	for (int r = 1; r <= 5; r++)
		g->rk[r] = RK_NONE;
}

void map_block(struct g *g)
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

		emit(g, "w%d &= %u", k,
		     m->max_entries <= 1 ? 1 : m->max_entries - 1);
		emit(g, "*(u32 *)(r10 -128) = r%d", k);
		for (uint32_t i = 0; i < m->max_entries && i < 8; i++)
			add_key(g, i);
	} else {
		emit(g, "*(u32 *)(r10 -128) = %u", key);
	}
	lookup_call(g, m);
	g->rk[0] = RK_MAPV;
	keep = g->depth == 0 && g->rk[9] != RK_MAPV &&
	       !(g->reserved & 1u << 9) && chance(g, 50);
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
				     (long long)off,
				     (long long)interesting32(g));
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
		     sz < 8 && chance(g, 15) ? 's' : 'u', sz * 8,
		     (long long)off);
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

void stack_block(struct g *g)
{
	int k = (int)below(g, 10);

	feat(g, GF_STACK);
	if (k < 4) {
		int s = sizes[below(g, 4)];
		int off =
			-8 * (1 + (int)below(g, 8)) + s * (int)below(g, 8 / s);
		int r = pick_scalar(g), d;

		if (chance(g, 30))
			emit(g, "*(u%d *)(r10 %d) = %lld", s * 8, off,
			     (long long)interesting32(g));
		else
			emit(g, "*(u%d *)(r10 %d) = r%d", s * 8, off, r);
		if (chance(g, 40))
			alu_block(g, 1 + (int)below(g, 2));
		if (chance(g, 20))
			s = sizes[below(g, 4)]; /* a fill of another size */
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
			     g->p->type == BPF_PROG_TYPE_XDP ?
				     4 * (int)below(g, 4) :
				     0);
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
void refine_block(struct g *g)
{
	static const char *const xf[] = {
		"r%d &= %d",  "r%d += %d", "r%d -= %d",	 "w%d = w%d",
		"r%d <<= 1",  "r%d >>= 1", "r%d s>>= 1", "w%d += %d",
		"r%d = -r%d", "r%d *= 3",  "w%d -= %d",	 "r%d |= %d",
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
		emit(g, "r%d = *(u64 *)(r10 -%u)", x,
		     8 * (1 + (unsigned)below(g, 8)));
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
			emit(g, xf[cw], x,
			     (int)(chance(g, 50) ? (int64_t)below(g, 8) :
						   interesting32(g)));
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
