// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Dominator trees on CSR graphs. See dom.h. */
#include <stdlib.h>
#include <string.h>

#include "cfg/dom.h"
#include "util/util.h"

void bc_csr_build(struct bc_csr *c, uint32_t n, const uint32_t *src,
		  const uint32_t *dst, uint32_t m)
{
	uint32_t *so, *s, *po, *p, i;

	c->mem = bc_xmalloc(((size_t)2 * (n + 1) + 2 * (size_t)m + 1) *
			    sizeof(uint32_t));
	so = c->mem;
	po = so + n + 1;
	s = po + n + 1;
	p = s + m;
	memset(so, 0, 2 * (n + 1) * sizeof(uint32_t));
	for (i = 0; i < m; i++) {
		so[src[i] + 1]++;
		po[dst[i] + 1]++;
	}
	for (i = 0; i < n; i++) {
		so[i + 1] += so[i];
		po[i + 1] += po[i];
	}
	/* fill using so/po as cursors, then shift back */
	for (i = 0; i < m; i++) {
		s[so[src[i]]++] = dst[i];
		p[po[dst[i]]++] = src[i];
	}
	for (i = n; i > 0; i--) {
		so[i] = so[i - 1];
		po[i] = po[i - 1];
	}
	so[0] = po[0] = 0;
	c->g = (struct bc_graph){ n, so, s, po, p };
}

void bc_csr_free(struct bc_csr *c)
{
	free(c->mem);
	c->mem = NULL;
}

/*
 * Lengauer-Tarjan, working in DFS-number space 1..N with 0 as the
 * sentinel (semi[0] = label[0] = size[0] = 0).
 */
struct lt {
	uint32_t *num, *vertex, *parent, *semi, *label, *ancestor, *child,
		*size, *dom, *bhead, *bnext, *stack;
};

static void lt_compress(struct lt *t, uint32_t v)
{
	uint32_t *anc = t->ancestor, *lab = t->label, *semi = t->semi;
	uint32_t sp = 0, x = v;

	while (anc[anc[x]] != 0) {
		t->stack[sp++] = x;
		x = anc[x];
	}
	while (sp) {
		uint32_t a;

		x = t->stack[--sp];
		a = anc[x];
		if (semi[lab[a]] < semi[lab[x]])
			lab[x] = lab[a];
		anc[x] = anc[a];
	}
}

static uint32_t lt_eval(struct lt *t, uint32_t v)
{
	uint32_t a;

	if (t->ancestor[v] == 0)
		return t->label[v];
	lt_compress(t, v);
	a = t->ancestor[v];
	return t->semi[t->label[a]] >= t->semi[t->label[v]] ? t->label[v] :
							      t->label[a];
}

static void lt_link(struct lt *t, uint32_t v, uint32_t w)
{
	uint32_t *semi = t->semi, *lab = t->label, *ch = t->child,
		 *sz = t->size;
	uint32_t s = w, tmp;

	while (semi[lab[w]] < semi[lab[ch[s]]]) {
		if (sz[s] + sz[ch[ch[s]]] >= 2 * sz[ch[s]]) {
			t->ancestor[ch[s]] = s;
			ch[s] = ch[ch[s]];
		} else {
			sz[ch[s]] = sz[s];
			t->ancestor[s] = ch[s];
			s = ch[s];
		}
	}
	lab[s] = lab[w];
	sz[v] += sz[w];
	if (sz[v] < 2 * sz[w]) {
		tmp = s;
		s = ch[v];
		ch[v] = tmp;
	}
	while (s != 0) {
		t->ancestor[s] = v;
		s = ch[s];
	}
}

/* Iterative DFS numbering from root; returns N (reachable count). */
static uint32_t lt_dfs(const struct bc_graph *g, uint32_t root, struct lt *t)
{
	uint32_t *node = bc_xmalloc((size_t)g->n * sizeof(uint32_t));
	uint32_t *edge = bc_xmalloc((size_t)g->n * sizeof(uint32_t));
	uint32_t sp = 0, cnt = 0;

	t->num[root] = ++cnt;
	t->vertex[cnt] = root;
	t->parent[cnt] = 0;
	node[sp] = root;
	edge[sp++] = g->succ_off[root];
	while (sp) {
		uint32_t v = node[sp - 1];

		if (edge[sp - 1] == g->succ_off[v + 1]) {
			sp--;
			continue;
		}
		uint32_t w = g->succ[edge[sp - 1]++];

		if (t->num[w])
			continue;
		t->num[w] = ++cnt;
		t->vertex[cnt] = w;
		t->parent[cnt] = t->num[v];
		node[sp] = w;
		edge[sp++] = g->succ_off[w];
	}
	free(node);
	free(edge);
	return cnt;
}

void bc_dom_lt(const struct bc_graph *g, uint32_t root, uint32_t *idom)
{
	uint32_t n = g->n, N, i, k;
	struct lt t;
	uint32_t *mem;

	mem = bc_xcalloc((size_t)12 * (n + 1) + n, sizeof(uint32_t));
	t.num = mem;
	t.vertex = t.num + n;
	t.parent = t.vertex + n + 1;
	t.semi = t.parent + n + 1;
	t.label = t.semi + n + 1;
	t.ancestor = t.label + n + 1;
	t.child = t.ancestor + n + 1;
	t.size = t.child + n + 1;
	t.dom = t.size + n + 1;
	t.bhead = t.dom + n + 1;
	t.bnext = t.bhead + n + 1;
	t.stack = t.bnext + n + 1;

	N = lt_dfs(g, root, &t);
	for (i = 1; i <= N; i++) {
		t.semi[i] = i;
		t.label[i] = i;
		t.size[i] = 1;
	}
	for (i = N; i >= 2; i--) {
		uint32_t w = i, v = t.vertex[i], p = t.parent[w];

		for (k = g->pred_off[v]; k < g->pred_off[v + 1]; k++) {
			uint32_t u = t.num[g->pred[k]];

			if (!u)
				continue; /* unreachable predecessor */
			u = lt_eval(&t, u);
			if (t.semi[u] < t.semi[w])
				t.semi[w] = t.semi[u];
		}
		t.bnext[w] = t.bhead[t.semi[w]];
		t.bhead[t.semi[w]] = w;
		lt_link(&t, p, w);
		for (uint32_t x = t.bhead[p]; x; x = t.bnext[x]) {
			uint32_t u = lt_eval(&t, x);

			t.dom[x] = t.semi[u] < t.semi[x] ? u : p;
		}
		t.bhead[p] = 0;
	}
	for (i = 2; i <= N; i++)
		if (t.dom[i] != t.semi[i])
			t.dom[i] = t.dom[t.dom[i]];
	for (i = 0; i < n; i++)
		idom[i] = BC_NONE;
	for (i = 2; i <= N; i++)
		idom[t.vertex[i]] = t.vertex[t.dom[i]];
	free(mem);
}

/* Cooper, Harvey, Kennedy: "A Simple, Fast Dominance Algorithm". */
void bc_dom_chk(const struct bc_graph *g, uint32_t root, uint32_t *idom)
{
	uint32_t n = g->n, i, cnt = 0, sp = 0;
	uint32_t *po = bc_xmalloc((size_t)n *
				  sizeof(uint32_t)); /* node -> postorder */
	uint32_t *order = bc_xmalloc((size_t)n * sizeof(uint32_t));
	uint32_t *node = bc_xmalloc((size_t)n * sizeof(uint32_t));
	uint32_t *edge = bc_xmalloc((size_t)n * sizeof(uint32_t));
	uint8_t *seen = bc_xcalloc(n, 1);
	bool changed = true;

	node[sp] = root;
	edge[sp++] = g->succ_off[root];
	seen[root] = 1;
	while (sp) {
		uint32_t v = node[sp - 1];

		if (edge[sp - 1] == g->succ_off[v + 1]) {
			po[v] = cnt;
			order[cnt++] = v;
			sp--;
			continue;
		}
		uint32_t w = g->succ[edge[sp - 1]++];

		if (!seen[w]) {
			seen[w] = 1;
			node[sp] = w;
			edge[sp++] = g->succ_off[w];
		}
	}
	for (i = 0; i < n; i++)
		idom[i] = BC_NONE;
	idom[root] = root;
	while (changed) {
		changed = false;
		for (uint32_t k = cnt - 1; k-- > 0;) { /* reverse postorder */
			uint32_t b = order[k], nd = BC_NONE;

			for (i = g->pred_off[b]; i < g->pred_off[b + 1]; i++) {
				uint32_t p = g->pred[i];

				if (!seen[p] || idom[p] == BC_NONE)
					continue;
				if (nd == BC_NONE) {
					nd = p;
					continue;
				}
				uint32_t a = p, c = nd;

				while (a != c) {
					while (po[a] < po[c])
						a = idom[a];
					while (po[c] < po[a])
						c = idom[c];
				}
				nd = a;
			}
			if (nd != idom[b]) {
				idom[b] = nd;
				changed = true;
			}
		}
	}
	idom[root] = BC_NONE;
	free(po);
	free(order);
	free(node);
	free(edge);
	free(seen);
}

void bc_dom_number(uint32_t n, uint32_t root, const uint32_t *idom,
		   uint32_t *pre, uint32_t *post)
{
	uint32_t *off = bc_xcalloc((size_t)n + 2, sizeof(uint32_t));
	uint32_t *kid = bc_xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	uint32_t *stack = bc_xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	uint32_t *cur = bc_xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	uint32_t i, sp = 0, pc = 0, qc = 0;

	for (i = 0; i < n; i++) {
		pre[i] = post[i] = BC_NONE;
		if (idom[i] != BC_NONE)
			off[idom[i] + 2]++;
	}
	for (i = 0; i < n; i++)
		off[i + 2] += off[i + 1];
	for (i = 0; i < n; i++)
		if (idom[i] != BC_NONE)
			kid[off[idom[i] + 1]++] = i;
	/* now children of v are kid[off[v] .. off[v + 1]) */
	stack[sp] = root;
	cur[sp++] = off[root];
	pre[root] = pc++;
	while (sp) {
		uint32_t v = stack[sp - 1];

		if (cur[sp - 1] == off[v + 1]) {
			post[v] = qc++;
			sp--;
			continue;
		}
		uint32_t w = kid[cur[sp - 1]++];

		pre[w] = pc++;
		stack[sp] = w;
		cur[sp++] = off[w];
	}
	free(off);
	free(kid);
	free(stack);
	free(cur);
}

static void mark_reaching(const struct bc_graph *g, uint32_t start,
			  uint8_t *mark, uint32_t *stack)
{
	uint32_t sp = 0;

	mark[start] = 1;
	stack[sp++] = start;
	while (sp) {
		uint32_t x = stack[--sp];

		for (uint32_t k = g->pred_off[x]; k < g->pred_off[x + 1]; k++) {
			uint32_t p = g->pred[k];

			if (!mark[p]) {
				mark[p] = 1;
				stack[sp++] = p;
			}
		}
	}
}

uint32_t bc_pdom_virtual_edges(const struct bc_graph *g, uint32_t exit,
			       uint32_t *extra)
{
	uint32_t n = g->n, cnt = 0, v;
	uint8_t *mark = bc_xcalloc(n, 1);
	uint32_t *stack = bc_xmalloc((size_t)n * sizeof(uint32_t));

	mark_reaching(g, exit, mark, stack);
	for (v = n; v-- > 0;) {
		if (mark[v])
			continue;
		extra[cnt++] = v;
		mark_reaching(g, v, mark, stack);
	}
	free(mark);
	free(stack);
	return cnt;
}

void bc_pdom_lt(const struct bc_graph *g, uint32_t exit, uint32_t *ipdom,
		bool use_chk)
{
	uint32_t n = g->n, m = g->succ_off[n], k, e = 0, v, cnt;
	uint32_t *extra = bc_xmalloc((size_t)n * sizeof(uint32_t));
	uint32_t *src, *dst;
	struct bc_csr c;

	cnt = bc_pdom_virtual_edges(g, exit, extra);
	src = bc_xmalloc(((size_t)m + cnt + 1) * sizeof(uint32_t));
	dst = bc_xmalloc(((size_t)m + cnt + 1) * sizeof(uint32_t));
	for (v = 0; v < n; v++)
		for (k = g->succ_off[v]; k < g->succ_off[v + 1]; k++) {
			src[e] = g->succ[k]; /* reversed */
			dst[e++] = v;
		}
	for (k = 0; k < cnt; k++) {
		src[e] = exit;
		dst[e++] = extra[k];
	}
	bc_csr_build(&c, n, src, dst, e);
	if (use_chk)
		bc_dom_chk(&c.g, exit, ipdom);
	else
		bc_dom_lt(&c.g, exit, ipdom);
	bc_csr_free(&c);
	free(src);
	free(dst);
	free(extra);
}

bool bc_stoltz_irreducible(const struct bc_graph *g, uint32_t root,
			   const uint32_t *pre, const uint32_t *post)
{
	uint32_t n = g->n, sp = 0;
	uint8_t *st = bc_xcalloc(n, 1); /* 0 new, 1 visited, 2 pushed */
	uint32_t *node = bc_xmalloc((size_t)n * sizeof(uint32_t));
	uint32_t *edge = bc_xmalloc((size_t)n * sizeof(uint32_t));
	bool irr = false;

	st[root] = 1;
	node[sp] = root;
	edge[sp++] = g->succ_off[root];
	while (sp && !irr) {
		uint32_t v = node[sp - 1];

		if (edge[sp - 1] == g->succ_off[v + 1]) {
			st[v] = 2;
			sp--;
			continue;
		}
		uint32_t s = g->succ[edge[sp - 1]++];

		if (st[s] == 1 && !bc_dom_test(pre, post, s, v)) {
			irr = true;
		} else if (st[s] == 0) {
			st[s] = 1;
			node[sp] = s;
			edge[sp++] = g->succ_off[s];
		}
	}
	free(st);
	free(node);
	free(edge);
	return irr;
}

/* Tarjan's SCC over reachable nodes, ignoring back edges. */
uint32_t bc_irreducible_sccs(const struct bc_graph *g, uint32_t root,
			     const uint32_t *pre, const uint32_t *post,
			     uint32_t *scc)
{
	uint32_t n = g->n, sp = 0, tsp = 0, idx = 0, cnt = 0, i;
	uint32_t *index = bc_xmalloc((size_t)n * sizeof(uint32_t));
	uint32_t *low = bc_xmalloc((size_t)n * sizeof(uint32_t));
	uint32_t *node = bc_xmalloc((size_t)n * sizeof(uint32_t));
	uint32_t *edge = bc_xmalloc((size_t)n * sizeof(uint32_t));
	uint32_t *tstack = bc_xmalloc((size_t)n * sizeof(uint32_t));
	uint8_t *on = bc_xcalloc(n, 1);

	for (i = 0; i < n; i++) {
		index[i] = BC_NONE;
		scc[i] = BC_NONE;
	}
	index[root] = low[root] = idx++;
	tstack[tsp++] = root;
	on[root] = 1;
	node[sp] = root;
	edge[sp++] = g->succ_off[root];
	while (sp) {
		uint32_t v = node[sp - 1];

		if (edge[sp - 1] < g->succ_off[v + 1]) {
			uint32_t w = g->succ[edge[sp - 1]++];

			if (bc_dom_test(pre, post, w, v))
				continue; /* back edge */
			if (index[w] == BC_NONE) {
				index[w] = low[w] = idx++;
				tstack[tsp++] = w;
				on[w] = 1;
				node[sp] = w;
				edge[sp++] = g->succ_off[w];
			} else if (on[w] && index[w] < low[v]) {
				low[v] = index[w];
			}
			continue;
		}
		sp--;
		if (sp && low[v] < low[node[sp - 1]])
			low[node[sp - 1]] = low[v];
		if (low[v] != index[v])
			continue;
		if (tstack[tsp - 1] == v) { /* trivial component */
			on[v] = 0;
			tsp--;
			continue;
		}
		uint32_t w;

		do {
			w = tstack[--tsp];
			on[w] = 0;
			scc[w] = cnt;
		} while (w != v);
		cnt++;
	}
	free(index);
	free(low);
	free(node);
	free(edge);
	free(tstack);
	free(on);
	return cnt;
}
