// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Cross-checks on seeded random flow graphs (reducible and irreducible,
 * 2..300 nodes): Lengauer-Tarjan against Cooper-Harvey-Kennedy for
 * dominators and post-dominators; Stoltz's test and the irreducible SCCs
 * against T1/T2 reduction.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg/dom.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng % n);
}

/*
 * Random graph: a spanning path/tree from node 0 so most nodes are
 * reachable, plus random extra edges. In "structured" mode extra edges
 * only go forward or back to an ancestor on the tree (mostly reducible).
 */
static uint32_t gen(uint32_t n, uint32_t *src, uint32_t *dst, bool structured)
{
	uint32_t m = 0, extra = rnd(2 * n + 1), i;
	uint32_t *par = malloc(n * sizeof(*par));

	for (i = 1; i < n; i++) {
		if (rnd(10) == 0)
			continue; /* sometimes unreachable */
		par[i] = rnd(i);
		src[m] = par[i];
		dst[m++] = i;
	}
	for (i = 0; i < extra; i++) {
		uint32_t a = rnd(n), b = rnd(n);

		if (structured && b > a && rnd(3))
			b = a + 1 + rnd(n - a > 1 ? (n - a - 1) : 1);
		if (b >= n)
			b = n - 1;
		src[m] = a;
		dst[m++] = b;
	}
	free(par);
	return m;
}

/* T1/T2 reduction on the nodes reachable from root; true if reducible. */
static bool t1t2_reducible(const struct bc_graph *g, uint32_t root)
{
	uint32_t n = g->n, i, alive = 0;
	uint8_t *adj = calloc((size_t)n * n, 1), *live = calloc(n, 1);
	uint32_t *npred = calloc(n, sizeof(uint32_t)), *stack = malloc(n * 4);
	uint32_t sp = 0;
	bool progress = true;

	live[root] = 1;
	stack[sp++] = root;
	while (sp) {
		uint32_t v = stack[--sp];

		alive++;
		for (i = g->succ_off[v]; i < g->succ_off[v + 1]; i++)
			if (!live[g->succ[i]]) {
				live[g->succ[i]] = 1;
				stack[sp++] = g->succ[i];
			}
	}
	for (uint32_t v = 0; v < n; v++)
		if (live[v])
			for (i = g->succ_off[v]; i < g->succ_off[v + 1]; i++)
				adj[(size_t)v * n + g->succ[i]] = 1;
	for (uint32_t v = 0; v < n; v++) {
		adj[(size_t)v * n + v] = 0; /* T1 */
		for (uint32_t u = 0; u < n; u++)
			npred[v] += adj[(size_t)u * n + v];
	}
	while (progress) {
		progress = false;
		for (uint32_t v = 0; v < n; v++) {
			uint32_t u;

			if (!live[v] || v == root || npred[v] != 1)
				continue;
			for (u = 0; !adj[(size_t)u * n + v]; u++)
				;
			/* T2: merge v into its unique predecessor u */
			adj[(size_t)u * n + v] = 0;
			for (uint32_t w = 0; w < n; w++) {
				if (!adj[(size_t)v * n + w])
					continue;
				adj[(size_t)v * n + w] = 0;
				npred[w]--;
				if (w == u)
					continue; /* T1 on the new self loop */
				if (!adj[(size_t)u * n + w]) {
					adj[(size_t)u * n + w] = 1;
					npred[w]++;
				}
			}
			live[v] = 0;
			alive--;
			progress = true;
		}
	}
	free(adj);
	free(live);
	free(npred);
	free(stack);
	return alive == 1;
}

int main(void)
{
	enum { GRAPHS = 10000, MAXN = 300 };
	uint32_t *src = malloc(sizeof(uint32_t) * 4 * MAXN);
	uint32_t *dst = malloc(sizeof(uint32_t) * 4 * MAXN);
	uint32_t a[MAXN], b[MAXN], pre[MAXN], post[MAXN], scc[MAXN];
	uint32_t irr = 0, red = 0, fails = 0;

	for (uint32_t t = 0; t < GRAPHS; t++) {
		uint32_t n = 2 + (t % 4 == 0 ? rnd(MAXN - 1) : rnd(40));
		uint32_t m = gen(n, src, dst, t & 1);
		struct bc_csr c;
		bool s, tt;
		uint32_t k;

		bc_csr_build(&c, n, src, dst, m);
		bc_dom_lt(&c.g, 0, a);
		bc_dom_chk(&c.g, 0, b);
		if (memcmp(a, b, n * sizeof(uint32_t))) {
			fprintf(stderr, "graph %u: dominators differ\n", t);
			fails++;
		}
		bc_dom_number(n, 0, a, pre, post);
		for (uint32_t v = 0; v < n; v++) {
			/* pre/post dominance agrees with walking idom */
			uint32_t u = v, x = rnd(n);
			bool walk = false;

			if (a[v] == BC_NONE && v != 0)
				continue;
			for (; u != BC_NONE; u = a[u])
				if (u == x)
					walk = true;
			if (walk != bc_dom_test(pre, post, x, v)) {
				fprintf(stderr, "graph %u: dominance test\n",
					t);
				fails++;
			}
		}
		s = bc_stoltz_irreducible(&c.g, 0, pre, post);
		tt = t1t2_reducible(&c.g, 0);
		k = bc_irreducible_sccs(&c.g, 0, pre, post, scc);
		if (s == tt || (k > 0) != s) {
			fprintf(stderr, "graph %u: stoltz %d t1t2 %d sccs %u\n",
				t, s, !tt, k);
			fails++;
		}
		/* every irreducible cycle has >= 2 entries */
		for (uint32_t q = 0; q < k; q++) {
			uint32_t entries = 0;

			for (uint32_t v = 0; v < n; v++) {
				bool entry = false;

				if (scc[v] != q)
					continue;
				for (uint32_t e = c.g.pred_off[v];
				     e < c.g.pred_off[v + 1]; e++)
					if (scc[c.g.pred[e]] != q &&
					    (pre[c.g.pred[e]] != BC_NONE))
						entry = true;
				entries += entry;
			}
			if (entries < 2) {
				fprintf(stderr,
					"graph %u: cycle %u has %u entries\n",
					t, q, entries);
				fails++;
			}
		}
		irr += s;
		red += !s;
		/* post-dominators: exit = node n - 1 */
		bc_pdom_lt(&c.g, n - 1, a, false);
		bc_pdom_lt(&c.g, n - 1, b, true);
		if (memcmp(a, b, n * sizeof(uint32_t))) {
			fprintf(stderr, "graph %u: post-dominators differ\n",
				t);
			fails++;
		}
		for (uint32_t v = 0; v < n; v++)
			if (v != n - 1 && a[v] == BC_NONE) {
				fprintf(stderr,
					"graph %u: node %u has no ipdom\n", t,
					v);
				fails++;
			}
		bc_csr_free(&c);
		if (fails > 20)
			break;
	}
	printf("%u graphs: %u reducible, %u irreducible, %u failures\n", GRAPHS,
	       red, irr, fails);
	free(src);
	free(dst);
	if (irr < GRAPHS / 10 || red < GRAPHS / 10) {
		fprintf(stderr, "random graphs are not mixed enough\n");
		return 1;
	}
	return fails ? 1 : 0;
}
