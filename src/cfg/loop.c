// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Natural loops (a back edge's target dominates its source), loops sharing
 * a header merged, the nesting forest, and irreducible cycles (Stoltz's
 * test, then the cycles themselves as SCCs without back edges).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg/cfg_priv.h"
#include "isa/insn.h"

#define ARR(cfg, n, type)                                                      \
	((type *)bc_arena_array(&(cfg)->arena, (n), sizeof(type)))

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

struct loop_work {
	uint32_t *mark; /* block -> loop being built */
	uint32_t *queue;
	uint32_t *hdr; /* headers of all subprograms */
	uint32_t *up; /* loop -> an enclosing loop, for find_top */
	uint64_t body_total; /* sum of body sizes so far */
	uint64_t body_limit;
	uint32_t hdr_cnt;
};

/* Outermost loop built so far that contains loop m (path halving). */
static uint32_t find_top(uint32_t *up, uint32_t m)
{
	while (up[m] != m) {
		up[m] = up[up[m]];
		m = up[m];
	}
	return m;
}

static bool is_back_edge(const struct bc_cfg *cfg, uint32_t from, uint32_t to)
{
	return bc_cfg_dominates(cfg, to, from);
}

static int cmp_u64_desc(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x > y ? -1 : x < y;
}

/* Inner loops first: an outer header dominates (precedes) the inner one. */
static void sort_headers(const struct bc_cfg *cfg, uint32_t *hdr, uint32_t n)
{
	uint64_t *key = bc_xmalloc((n + 1) * sizeof(uint64_t));

	for (uint32_t i = 0; i < n; i++)
		key[i] = (uint64_t)cfg->blocks[hdr[i]].dom_pre << 32 | hdr[i];
	qsort(key, n, sizeof(uint64_t), cmp_u64_desc);
	for (uint32_t i = 0; i < n; i++)
		hdr[i] = (uint32_t)key[i];
	free(key);
}

/* Body, latches and exits of the loop at header h (index l). */
static int build_loop(struct bc_cfg *cfg, struct loop_work *w, uint32_t l,
		      uint32_t h)
{
	struct bc_loop *L = &cfg->loops[l];
	const struct bc_block *hb = &cfg->blocks[h];
	uint32_t qn = 0, latches = 0, exits = 0;

	L->header = h;
	L->subprog = hb->subprog;
	L->parent = BC_NONE;
	w->mark[h] = l;
	w->queue[qn++] = h;
	for (uint32_t k = 0; k < hb->pred_cnt; k++) {
		uint32_t p = cfg->pred[hb->pred_off + k];

		if (!is_back_edge(cfg, p, h))
			continue;
		latches++;
		if (w->mark[p] != l) {
			w->mark[p] = l;
			w->queue[qn++] = p;
		}
	}
	for (uint32_t q = 1; q < qn; q++) {
		const struct bc_block *b = &cfg->blocks[w->queue[q]];

		for (uint32_t k = 0; k < b->pred_cnt; k++) {
			uint32_t p = cfg->pred[b->pred_off + k];

			if (w->mark[p] != l) {
				w->mark[p] = l;
				w->queue[qn++] = p;
			}
		}
	}
	w->body_total += qn;
	if (w->body_total > w->body_limit)
		return -1;
	L->body_cnt = qn;
	L->body = ARR(cfg, qn, uint32_t);
	memcpy(L->body, w->queue, qn * sizeof(uint32_t));
	qsort(L->body, qn, sizeof(uint32_t), cmp_u32);
	L->latches = ARR(cfg, latches, uint32_t);
	for (uint32_t k = 0; k < hb->pred_cnt; k++) {
		uint32_t p = cfg->pred[hb->pred_off + k];

		if (is_back_edge(cfg, p, h))
			L->latches[L->latch_cnt++] = p;
	}
	qsort(L->latches, L->latch_cnt, sizeof(uint32_t), cmp_u32);
	for (int pass = 0; pass < 2; pass++) {
		for (uint32_t q = 0; q < qn; q++) {
			const struct bc_block *b = &cfg->blocks[L->body[q]];

			for (uint32_t k = 0; k < b->succ_cnt; k++) {
				uint32_t s = cfg->succ[b->succ_off + k];

				if (w->mark[s] == l)
					continue;
				if (pass)
					L->exits[L->exit_cnt++] =
						(struct bc_loop_exit){
							L->body[q], s
						};
				else
					exits++;
			}
		}
		if (!pass)
			L->exits = ARR(cfg, exits + 1, struct bc_loop_exit);
	}
	/* nesting: blocks already in inner loops hang those under l */
	for (uint32_t q = 0; q < qn; q++) {
		uint32_t b = L->body[q], m = cfg->blocks[b].loop;

		if (m == BC_NONE) {
			cfg->blocks[b].loop = l;
			continue;
		}
		m = find_top(w->up, m);
		if (m != l) {
			cfg->loops[m].parent = l;
			w->up[m] = l;
		}
	}
	return 0;
}

/* Renumber loops in header order; fill depth and children. */
static void finish_loops(struct bc_cfg *cfg)
{
	uint32_t n = cfg->loop_cnt;
	uint32_t *perm =
		bc_xmalloc((n + 1) * sizeof(uint32_t)); /* old -> new */
	uint32_t *byhdr = bc_xmalloc((n + 1) * sizeof(uint32_t));
	struct bc_loop *nl = ARR(cfg, n + 1, struct bc_loop);

	/* header block order equals instruction order */
	for (uint32_t l = 0; l < n; l++)
		byhdr[l] = cfg->loops[l].header;
	qsort(byhdr, n, sizeof(uint32_t), cmp_u32);
	for (uint32_t l = 0; l < n; l++) {
		uint32_t *p = bsearch(&cfg->loops[l].header, byhdr, n,
				      sizeof(uint32_t), cmp_u32);

		perm[l] = (uint32_t)(p - byhdr);
	}
	for (uint32_t l = 0; l < n; l++) {
		struct bc_loop *L = &nl[perm[l]];

		*L = cfg->loops[l];
		if (L->parent != BC_NONE)
			L->parent = perm[L->parent];
	}
	for (uint32_t b = 0; b < cfg->block_cnt; b++)
		if (cfg->blocks[b].loop != BC_NONE)
			cfg->blocks[b].loop = perm[cfg->blocks[b].loop];
	free(cfg->loops); /* the malloc'd working copy */
	cfg->loops = nl;
	/* an inner header may precede its outer one (rotated loops) */
	for (uint32_t l = 0; l < n; l++) {
		struct bc_loop *L = &nl[l];

		L->depth = 1;
		for (uint32_t p = L->parent; p != BC_NONE; p = nl[p].parent)
			L->depth++;
		if (L->parent != BC_NONE)
			nl[L->parent].child_cnt++;
	}
	for (uint32_t l = 0; l < n; l++) {
		nl[l].children = ARR(cfg, nl[l].child_cnt + 1, uint32_t);
		nl[l].child_cnt = 0;
	}
	for (uint32_t l = 0; l < n; l++)
		if (nl[l].parent != BC_NONE) {
			struct bc_loop *P = &nl[nl[l].parent];

			P->children[P->child_cnt++] = l;
		}
	free(perm);
	free(byhdr);
}

static int natural_loops(struct bc_cfg *cfg, struct loop_work *w)
{
	for (uint32_t b = 0; b < cfg->block_cnt; b++) {
		const struct bc_block *bl = &cfg->blocks[b];

		cfg->blocks[b].loop = BC_NONE;
		w->mark[b] = BC_NONE;
		for (uint32_t k = 0; k < bl->pred_cnt; k++)
			if (is_back_edge(cfg, cfg->pred[bl->pred_off + k], b)) {
				w->hdr[w->hdr_cnt++] = b;
				break;
			}
	}
	sort_headers(cfg, w->hdr, w->hdr_cnt);
	cfg->loop_cnt = w->hdr_cnt;
	cfg->loops = bc_xcalloc(w->hdr_cnt + 1, sizeof(struct bc_loop));
	w->up = bc_xmalloc((w->hdr_cnt + 1) * sizeof(uint32_t));
	for (uint32_t l = 0; l < w->hdr_cnt; l++)
		w->up[l] = l;
	for (uint32_t l = 0; l < w->hdr_cnt; l++) {
		if (build_loop(cfg, w, l, w->hdr[l])) {
			free(w->up);
			free(cfg->loops);
			cfg->loops = NULL;
			cfg->loop_cnt = 0;
			return -1;
		}
	}
	free(w->up);
	finish_loops(cfg);
	return 0;
}

static uint32_t irr_of_sub(struct bc_cfg *cfg, uint32_t s, uint32_t *scc,
			   uint32_t *pre, uint32_t *post)
{
	const struct bc_subprog *sp = &cfg->subs[s];
	uint32_t base = sp->block_first, nb = sp->block_cnt, k;
	struct bc_csr c;

	for (uint32_t b = 0; b < nb; b++) {
		pre[b] = cfg->blocks[base + b].dom_pre;
		post[b] = cfg->blocks[base + b].dom_post;
	}
	bc_cfg_sub_graph(cfg, s, &c);
	if (!bc_stoltz_irreducible(&c.g, 0, pre, post)) {
		bc_csr_free(&c);
		return 0;
	}
	k = bc_irreducible_sccs(&c.g, 0, pre, post, scc);
	bc_csr_free(&c);
	return k;
}

static void add_irr(struct bc_cfg *cfg, uint32_t s, const uint32_t *scc,
		    uint32_t k, struct bc_irreducible **arr, size_t *cap)
{
	const struct bc_subprog *sp = &cfg->subs[s];
	uint32_t base = sp->block_first, nb = sp->block_cnt;
	uint32_t *cnt = bc_xcalloc(k, sizeof(uint32_t));
	uint32_t first = cfg->irr_cnt;

	BC_GROW(*arr, *cap, cfg->irr_cnt + k);
	for (uint32_t b = 0; b < nb; b++)
		if (scc[b] != BC_NONE)
			cnt[scc[b]]++;
	for (uint32_t q = 0; q < k; q++) {
		struct bc_irreducible *r = &(*arr)[first + q];

		memset(r, 0, sizeof(*r));
		r->subprog = s;
		r->blocks = ARR(cfg, cnt[q], uint32_t);
		r->entries = ARR(cfg, cnt[q], uint32_t);
	}
	for (uint32_t b = 0; b < nb; b++) {
		struct bc_irreducible *r;
		const struct bc_block *bl = &cfg->blocks[base + b];
		bool entry = false;

		if (scc[b] == BC_NONE)
			continue;
		r = &(*arr)[first + scc[b]];
		r->blocks[r->block_cnt++] = base + b;
		for (uint32_t e = 0; e < bl->pred_cnt; e++)
			if (scc[cfg->pred[bl->pred_off + e] - base] != scc[b])
				entry = true;
		if (entry)
			r->entries[r->entry_cnt++] = base + b;
	}
	/* blocks are visited in order, so the arrays are sorted */
	cfg->irr_cnt += k;
	free(cnt);
}

static int cmp_irr(const void *a, const void *b)
{
	const struct bc_irreducible *x = a, *y = b;

	return cmp_u32(&x->blocks[0], &y->blocks[0]);
}

static void irreducible(struct bc_cfg *cfg)
{
	uint32_t max = 0;
	struct bc_irreducible *arr = NULL;
	size_t cap = 0;

	for (uint32_t s = 0; s < cfg->sub_cnt; s++)
		max = BC_MAX(max, cfg->subs[s].block_cnt);
	uint32_t *scc = bc_xmalloc(max * sizeof(uint32_t));
	uint32_t *pre = bc_xmalloc(max * sizeof(uint32_t));
	uint32_t *post = bc_xmalloc(max * sizeof(uint32_t));

	for (uint32_t s = 0; s < cfg->sub_cnt; s++) {
		uint32_t k = irr_of_sub(cfg, s, scc, pre, post);

		if (k)
			add_irr(cfg, s, scc, k, &arr, &cap);
	}
	if (cfg->irr_cnt) {
		qsort(arr, cfg->irr_cnt, sizeof(*arr), cmp_irr);
		cfg->irr = ARR(cfg, cfg->irr_cnt, struct bc_irreducible);
		memcpy(cfg->irr, arr, cfg->irr_cnt * sizeof(*arr));
	}
	free(arr);
	free(scc);
	free(pre);
	free(post);
}

void bc_irr_describe(const struct bc_cfg *cfg, const struct bc_irreducible *r,
		     char *buf, size_t len)
{
	uint32_t lo = UINT32_MAX, hi = 0;
	size_t o;

	for (uint32_t k = 0; k < r->block_cnt; k++) {
		const struct bc_block *b = &cfg->blocks[r->blocks[k]];

		lo = BC_MIN(lo, b->first);
		hi = BC_MAX(hi, b->last);
	}
	o = snprintf(buf, len, "irreducible loop: insns %u..%u entered at", lo,
		     hi);
	for (uint32_t k = 0; k < r->entry_cnt && o < len; k++)
		o += snprintf(buf + o, len - o, "%s insn %u",
			      k == 0		    ? "" :
			      k + 1 == r->entry_cnt ? " and" :
						      ",",
			      cfg->blocks[r->entries[k]].first);
}

/*
 * Does block b end with may_goto and is edge k its fall-through? Not
 * "may_goto +0": Linux removes it as a nop, so it spends nothing.
 */
static bool spends_budget(const struct bc_cfg *cfg, uint32_t b, uint32_t k,
			  void *arg)
{
	const struct bc_block *bl = &cfg->blocks[b];
	const struct bpf_insn *in;

	(void)arg;
	if (bl->last == BC_NONE || cfg->succ_kind[k] != BC_EDGE_FALL)
		return false;
	in = &cfg->prog->insns[bl->last];
	return bc_is_may_goto(in) && in->off;
}

bool bc_loop_free_cycle(const struct bc_cfg *cfg, uint32_t l,
			bool (*cut)(const struct bc_cfg *, uint32_t, uint32_t,
				    void *),
			void *arg)
{
	const struct bc_loop *lp = &cfg->loops[l];
	uint8_t *seen = bc_xcalloc(lp->body_cnt + 1, 1);
	uint32_t *queue = bc_xmalloc((lp->body_cnt + 1) * sizeof(uint32_t));
	uint32_t n = 0, head = 0;
	bool found = false;

	queue[n++] = lp->header;
	while (head < n && !found) {
		uint32_t b = queue[head++];
		const struct bc_block *bl = &cfg->blocks[b];

		for (uint32_t k = bl->succ_off; k < bl->succ_off + bl->succ_cnt;
		     k++) {
			uint32_t t = cfg->succ[k], *at;

			if (cut(cfg, b, k, arg) ||
			    !(at = bsearch(&t, lp->body, lp->body_cnt,
					   sizeof(t), cmp_u32)))
				continue;
			if (t == lp->header)
				found = true;
			if (!seen[at - lp->body]) {
				seen[at - lp->body] = 1;
				queue[n++] = t;
			}
		}
	}
	free(seen);
	free(queue);
	return found;
}

static void may_goto_bounds(struct bc_cfg *cfg)
{
	for (uint32_t l = 0; l < cfg->loop_cnt; l++)
		cfg->loops[l].may_goto_bound =
			!bc_loop_free_cycle(cfg, l, spends_budget, NULL);
}

int bc_loops_build(struct bc_cfg *cfg, const struct bc_cfg_opts *opts,
		   struct bc_err *err)
{
	struct loop_work w;
	char msg[256];

	w.mark = bc_xmalloc(cfg->block_cnt * sizeof(uint32_t));
	w.queue = bc_xmalloc(cfg->block_cnt * sizeof(uint32_t));
	w.hdr = bc_xmalloc(cfg->block_cnt * sizeof(uint32_t));
	w.hdr_cnt = 0;
	w.body_total = 0;
	w.body_limit =
		opts->max_loop_blocks ?
			opts->max_loop_blocks :
			BC_LOOP_BLOCKS_PER_BLOCK * (uint64_t)cfg->block_cnt +
				(1u << 20);
	if (natural_loops(cfg, &w)) {
		free(w.mark);
		free(w.queue);
		free(w.hdr);
		return bc_errf(
			err, -1, -E2BIG,
			"loops nested too deeply: their bodies add up to more than %llu blocks",
			(unsigned long long)w.body_limit);
	}
	free(w.mark);
	free(w.queue);
	free(w.hdr);
	may_goto_bounds(cfg);
	irreducible(cfg);
	if (cfg->irr_cnt && opts->reject_irreducible) {
		bc_irr_describe(cfg, &cfg->irr[0], msg, sizeof(msg));
		return bc_errf(err, cfg->blocks[cfg->irr[0].entries[0]].first,
			       -EINVAL, "%s", msg);
	}
	return 0;
}
