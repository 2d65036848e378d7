// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Control flow graph: subprograms, basic blocks, CSR edges, call graph,
 * structural checks, then dominators (dom.c) and loops (loop.c).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cfg/cfg.h"
#include "cfg/cfg_priv.h"
#include "cfg/dom.h"
#include "isa/insn.h"

#define ARR(cfg, n, type)                                                      \
	((type *)bc_arena_array(&(cfg)->arena, (n), sizeof(type)))

static bool is_jump(const struct bpf_insn *i)
{
	return bc_is_ja(i) || bc_is_cond_jmp(i);
}

/* Second slots of lddw pairs. */
static uint8_t *mark_lddw_halves(const struct bc_prog *p)
{
	uint8_t *half = bc_xcalloc(p->insn_cnt + 1, 1);

	for (uint32_t i = 0; i < p->insn_cnt; i++)
		if (bc_is_lddw(&p->insns[i]) && i + 1 < p->insn_cnt)
			half[++i] = 1;
	return half;
}

/* Targets of pseudo calls and pseudo func loads start subprograms. */
static int find_subprogs(struct bc_cfg *cfg, const uint8_t *half,
			 struct bc_err *err)
{
	const struct bc_prog *p = cfg->prog;
	uint32_t n = p->insn_cnt, cnt = 0, i;
	uint8_t *start = bc_xcalloc(n, 1);

	start[0] = 1;
	for (i = 0; i < n; i++) {
		const struct bpf_insn *in = &p->insns[i];
		int64_t t;

		if (half[i] ||
		    !(bc_is_pseudo_call(in) || bc_is_pseudo_func(in)))
			continue;
		t = (int64_t)i + in->imm + 1;
		if (t < 0 || t >= n) {
			free(start);
			return bc_errf(err, i, -EINVAL,
				       "call to invalid destination");
		}
		if (half[t]) {
			free(start);
			return bc_errf(
				err, i, -EINVAL,
				"jump into the middle of ldimm64 insn %lld",
				(long long)t - 1);
		}
		start[t] = 1;
	}
	for (i = 0; i < n; i++)
		cnt += start[i];
	cfg->subs = ARR(cfg, cnt, struct bc_subprog);
	cfg->sub_cnt = cnt;
	cnt = 0;
	for (i = 0; i < n; i++) {
		if (!start[i])
			continue;
		if (cnt)
			cfg->subs[cnt - 1].end = i;
		cfg->subs[cnt++].start = i;
	}
	cfg->subs[cnt - 1].end = n;
	for (i = 0; i < cfg->sub_cnt; i++) {
		struct bc_subprog *s = &cfg->subs[i];

		s->name = "";
		for (uint32_t f = 0; f < p->func_cnt; f++)
			if (p->funcs[f].start == s->start && p->funcs[f].name)
				s->name = p->funcs[f].name;
	}
	free(start);
	return 0;
}

/* Linux's check_subprogs: jumps stay inside, the last insn leaves. */
static int check_subprog(const struct bc_prog *p, const struct bc_subprog *s,
			 const uint8_t *half, struct bc_err *err)
{
	uint32_t i, last = s->end - 1;
	const struct bpf_insn *li;

	for (i = s->start; i < s->end; i++) {
		const struct bpf_insn *in = &p->insns[i];
		int64_t t;

		if (half[i] || !is_jump(in))
			continue;
		t = bc_jmp_target(in, i);
		if (t < s->start || t >= s->end)
			return bc_errf(err, i, -EINVAL,
				       "jump out of range from insn %u to %lld",
				       i, (long long)t);
		if (half[t])
			return bc_errf(
				err, i, -EINVAL,
				"jump into the middle of ldimm64 insn %lld",
				(long long)t - 1);
	}
	if (half[last])
		last--;
	li = &p->insns[last];
	if (bc_is_lddw(li) || !(bc_is_exit(li) || bc_is_ja(li)))
		return bc_errf(err, last, -EINVAL,
			       "last insn is not an exit or jmp");
	return 0;
}

/* Successor k of insn t in the order Linux's check_cfg visits them
 * (fall-through first), or -1 past the last. */
static int64_t dfs_succ(const struct bc_prog *p, uint32_t t, int k)
{
	const struct bpf_insn *in = &p->insns[t];

	if (bc_is_exit(in))
		return -1;
	if (bc_is_ja(in))
		return k ? -1 : bc_jmp_target(in, t);
	if (bc_is_cond_jmp(in))
		return k > 1 ? -1 : k ? bc_jmp_target(in, t) : (int64_t)t + 1;
	return k ? -1 : (int64_t)t + 1 + bc_is_lddw(in);
}

/*
 * Without CAP_BPF Linux allows no loop: its depth-first walk of the
 * instructions from insn 0 (fall-through before branch) stops at the
 * first edge to an instruction still on the walk's stack.
 */
static int check_back_edges(const struct bc_prog *p, bool fallthrough_only,
			    struct bc_err *err)
{
	uint32_t n = p->insn_cnt, top = 0;
	uint8_t *state = bc_xcalloc(n, 1); /* 1 on the stack, 2 done */
	uint32_t *stk = bc_xcalloc(n, sizeof(*stk));
	uint8_t *next = bc_xcalloc(n, 1);
	int ret = 0;

	stk[top++] = 0;
	state[0] = 1;
	while (top && !ret) {
		uint32_t t = stk[top - 1];
		int64_t w = dfs_succ(p, t, next[t]++);

		if (w < 0 || w >= n) {
			state[t] = 2;
			top--;
		} else if (state[w] == 1 && (!fallthrough_only ||
					     !bc_is_jmp_class(&p->insns[t]) ||
					     bc_is_call(&p->insns[t]))) {
			ret = bc_errf(err, t, -EINVAL,
				      "back-edge from insn "
				      "%u to %u",
				      t, (uint32_t)w);
		} else if (!state[w]) {
			state[w] = 1;
			stk[top++] = (uint32_t)w;
		}
	}
	free(state);
	free(stk);
	free(next);
	return ret;
}

/* Blocks and edges of one subprogram; leaders marked in lead[]. */
static void count_blocks(struct bc_cfg *cfg, const uint8_t *half, uint8_t *lead,
			 uint32_t *nblocks, uint32_t *nedges)
{
	const struct bc_prog *p = cfg->prog;

	*nblocks = *nedges = 0;
	for (uint32_t s = 0; s < cfg->sub_cnt; s++) {
		const struct bc_subprog *sp = &cfg->subs[s];

		lead[sp->start] = 1;
		for (uint32_t i = sp->start; i < sp->end; i++) {
			const struct bpf_insn *in = &p->insns[i];
			uint32_t next = i + bc_insn_slots(in);

			if (half[i])
				continue;
			if (is_jump(in))
				lead[bc_jmp_target(in, i)] = 1;
			if ((is_jump(in) || bc_is_exit(in)) && next < sp->end)
				lead[next] = 1;
		}
		for (uint32_t i = sp->start; i < sp->end; i++)
			*nblocks += lead[i];
		*nblocks += 2;
	}
	/* at most two successors per real block, one for the entry */
	*nedges = 2 * *nblocks;
}

static void add_edge(struct bc_cfg *cfg, uint32_t to, uint8_t kind)
{
	cfg->succ[cfg->edge_cnt] = to;
	cfg->succ_kind[cfg->edge_cnt++] = kind;
}

static void build_blocks(struct bc_cfg *cfg, const uint8_t *half,
			 const uint8_t *lead)
{
	const struct bc_prog *p = cfg->prog;
	uint32_t b = 0;

	for (uint32_t s = 0; s < cfg->sub_cnt; s++) {
		struct bc_subprog *sp = &cfg->subs[s];

		sp->block_first = b;
		sp->entry = b++;
		for (uint32_t i = sp->start; i < sp->end; i++) {
			if (lead[i])
				cfg->blocks[b++].first = i;
			cfg->insn_block[i] = b - 1;
			cfg->blocks[b - 1].last = half[i] ? i - 1 : i;
		}
		sp->exit = b++;
		sp->block_cnt = b - sp->block_first;
		for (uint32_t k = sp->block_first; k < b; k++)
			cfg->blocks[k].subprog = s;
		cfg->blocks[sp->entry].first = cfg->blocks[sp->entry].last =
			BC_NONE;
		cfg->blocks[sp->exit].first = cfg->blocks[sp->exit].last =
			BC_NONE;
	}
	cfg->block_cnt = b;
	for (b = 0; b < cfg->block_cnt; b++) {
		struct bc_block *bl = &cfg->blocks[b];
		const struct bc_subprog *sp = &cfg->subs[bl->subprog];
		const struct bpf_insn *in;

		bl->succ_off = cfg->edge_cnt;
		if (b == sp->entry) {
			add_edge(cfg, b + 1, BC_EDGE_ENTRY);
		} else if (b != sp->exit) {
			in = &p->insns[bl->last];
			if (bc_is_exit(in)) {
				add_edge(cfg, sp->exit, BC_EDGE_EXIT);
			} else if (bc_is_ja(in)) {
				add_edge(cfg,
					 cfg->insn_block[bc_jmp_target(
						 in, bl->last)],
					 BC_EDGE_JUMP);
			} else {
				uint32_t fall = b + 1;

				add_edge(cfg, fall, BC_EDGE_FALL);
				if (bc_is_cond_jmp(in)) {
					uint32_t t =
						cfg->insn_block[bc_jmp_target(
							in, bl->last)];

					if (t != fall)
						add_edge(cfg, t, BC_EDGE_TAKEN);
				}
			}
		}
		bl->succ_cnt = cfg->edge_cnt - bl->succ_off;
	}
	/* predecessors by counting */
	for (uint32_t e = 0; e < cfg->edge_cnt; e++)
		cfg->blocks[cfg->succ[e]].pred_cnt++;
	for (b = 1; b < cfg->block_cnt; b++)
		cfg->blocks[b].pred_off = cfg->blocks[b - 1].pred_off +
					  cfg->blocks[b - 1].pred_cnt;
	uint32_t *fill = bc_xcalloc(cfg->block_cnt, sizeof(uint32_t));

	for (b = 0; b < cfg->block_cnt; b++) {
		const struct bc_block *bl = &cfg->blocks[b];

		for (uint32_t e = bl->succ_off; e < bl->succ_off + bl->succ_cnt;
		     e++) {
			uint32_t t = cfg->succ[e];

			cfg->pred[cfg->blocks[t].pred_off + fill[t]++] = b;
		}
	}
	free(fill);
}

static int check_reachable(struct bc_cfg *cfg, struct bc_err *err)
{
	uint8_t *seen = bc_xcalloc(cfg->block_cnt, 1);
	uint32_t *stack = bc_xmalloc(cfg->block_cnt * sizeof(uint32_t));
	int ret = 0;

	for (uint32_t s = 0; s < cfg->sub_cnt; s++) {
		uint32_t sp = 0;

		seen[cfg->subs[s].entry] = 1;
		stack[sp++] = cfg->subs[s].entry;
		while (sp) {
			const struct bc_block *bl = &cfg->blocks[stack[--sp]];

			for (uint32_t e = 0; e < bl->succ_cnt; e++) {
				uint32_t t = cfg->succ[bl->succ_off + e];

				if (!seen[t]) {
					seen[t] = 1;
					stack[sp++] = t;
				}
			}
		}
	}
	for (uint32_t b = 0; b < cfg->block_cnt; b++) {
		const struct bc_block *bl = &cfg->blocks[b];

		if (!seen[b] && bl->first != BC_NONE) {
			ret = bc_errf(err, bl->first, -EINVAL,
				      "unreachable insn %u", bl->first);
			break;
		}
	}
	free(seen);
	free(stack);
	return ret;
}

static int build_callgraph(struct bc_cfg *cfg, struct bc_err *err)
{
	const struct bc_prog *p = cfg->prog;
	uint32_t n = cfg->sub_cnt;
	uint32_t *last_site = bc_xmalloc(n * sizeof(uint32_t));
	uint32_t *order, *stack, *cur, sp = 0, oc = 0;
	uint8_t *color;
	int ret = 0;

	/* two passes: count distinct callees, then fill */
	for (uint32_t pass = 0; pass < 2; pass++) {
		for (uint32_t s = 0; s < n; s++) {
			struct bc_subprog *sp2 = &cfg->subs[s];

			for (uint32_t k = 0; k < n; k++)
				last_site[k] = BC_NONE;
			if (pass)
				sp2->callee_cnt = 0;
			for (uint32_t i = sp2->start; i < sp2->end; i++) {
				const struct bpf_insn *in = &p->insns[i];
				uint32_t t, c;

				if (bc_is_lddw(in) && !bc_is_pseudo_func(in)) {
					i++;
					continue;
				}
				if (!(bc_is_pseudo_call(in) ||
				      bc_is_pseudo_func(in)))
					continue;
				if (bc_is_lddw(in))
					i++;
				t = (uint32_t)((int64_t)(bc_is_lddw(in) ?
								 i - 1 :
								 i) +
					       in->imm + 1);
				c = bc_cfg_subprog_of(cfg, t);
				if (bc_is_pseudo_func(in))
					cfg->subs[c].is_callback = true;
				if (last_site[c] != BC_NONE)
					continue;
				last_site[c] = bc_is_lddw(in) ? i - 1 : i;
				if (pass) {
					sp2->callees[sp2->callee_cnt] = c;
					sp2->callee_sites[sp2->callee_cnt] =
						last_site[c];
				}
				sp2->callee_cnt++;
			}
			if (!pass) {
				sp2->callees =
					ARR(cfg, sp2->callee_cnt + 1, uint32_t);
				sp2->callee_sites =
					ARR(cfg, sp2->callee_cnt + 1, uint32_t);
			}
		}
	}
	free(last_site);

	/* DFS from the main program: recursion, reachability, topo order */
	color = bc_xcalloc(n, 1);
	order = bc_xmalloc(n * sizeof(uint32_t));
	stack = bc_xmalloc(n * sizeof(uint32_t));
	cur = bc_xmalloc(n * sizeof(uint32_t));
	color[0] = 1;
	stack[sp] = 0;
	cur[sp++] = 0;
	while (sp && !ret) {
		struct bc_subprog *s = &cfg->subs[stack[sp - 1]];

		if (cur[sp - 1] == s->callee_cnt) {
			color[stack[sp - 1]] = 2;
			order[oc++] = stack[--sp];
			continue;
		}
		uint32_t k = cur[sp - 1]++, c = s->callees[k];

		if (color[c] == 1)
			ret = bc_errf(err, s->callee_sites[k], -EINVAL,
				      "recursive call from insn %u to %u",
				      s->callee_sites[k], cfg->subs[c].start);
		else if (!color[c]) {
			color[c] = 1;
			stack[sp] = c;
			cur[sp++] = 0;
		}
	}
	for (uint32_t s = 0; s < n && !ret; s++)
		if (!color[s])
			ret = bc_errf(err, cfg->subs[s].start, -EINVAL,
				      "unreachable subprogram at insn %u",
				      cfg->subs[s].start);
	/* longest call chain, callers before callees (reverse postorder) */
	if (!ret)
		cfg->subs[0].depth = 1;
	for (uint32_t k = oc; k-- > 0 && !ret;) {
		struct bc_subprog *s = &cfg->subs[order[k]];

		for (uint32_t j = 0; j < s->callee_cnt && !ret; j++) {
			struct bc_subprog *c = &cfg->subs[s->callees[j]];

			if (c->depth < s->depth + 1)
				c->depth = s->depth + 1;
			if (c->depth > BC_MAX_CALL_FRAMES)
				ret = bc_errf(
					err, s->callee_sites[j], -EINVAL,
					"the call stack of %u frames is too deep",
					c->depth);
		}
	}
	free(color);
	free(order);
	free(stack);
	free(cur);
	return ret;
}

/* Local CSR graph of one subprogram (block b is node b - block_first). */
void bc_cfg_sub_graph(const struct bc_cfg *cfg, uint32_t s, struct bc_csr *c)
{
	const struct bc_subprog *sp = &cfg->subs[s];
	const struct bc_block *first = &cfg->blocks[sp->block_first];
	const struct bc_block *end = first + sp->block_cnt;
	uint32_t m = end[-1].succ_off + end[-1].succ_cnt - first->succ_off;
	uint32_t *src = bc_xmalloc((m + 1) * sizeof(uint32_t));
	uint32_t *dst = bc_xmalloc((m + 1) * sizeof(uint32_t));
	uint32_t e = 0;

	for (uint32_t b = 0; b < sp->block_cnt; b++) {
		const struct bc_block *bl = &first[b];

		for (uint32_t k = 0; k < bl->succ_cnt; k++) {
			src[e] = b;
			dst[e++] =
				cfg->succ[bl->succ_off + k] - sp->block_first;
		}
	}
	bc_csr_build(c, sp->block_cnt, src, dst, e);
	free(src);
	free(dst);
}

static void compute_doms(struct bc_cfg *cfg)
{
	uint32_t max = 0;

	for (uint32_t s = 0; s < cfg->sub_cnt; s++)
		max = BC_MAX(max, cfg->subs[s].block_cnt);
	uint32_t *idom = bc_xmalloc(max * sizeof(uint32_t));
	uint32_t *pre = bc_xmalloc(max * sizeof(uint32_t));
	uint32_t *post = bc_xmalloc(max * sizeof(uint32_t));

	for (uint32_t s = 0; s < cfg->sub_cnt; s++) {
		const struct bc_subprog *sp = &cfg->subs[s];
		struct bc_block *bl = &cfg->blocks[sp->block_first];
		uint32_t nb = sp->block_cnt, base = sp->block_first;
		struct bc_csr c;

		bc_cfg_sub_graph(cfg, s, &c);
		bc_dom_lt(&c.g, 0, idom);
		bc_dom_number(nb, 0, idom, pre, post);
		for (uint32_t b = 0; b < nb; b++) {
			bl[b].idom = idom[b] == BC_NONE ? BC_NONE :
							  idom[b] + base;
			bl[b].dom_pre = pre[b];
			bl[b].dom_post = post[b];
		}
		bc_pdom_lt(&c.g, nb - 1, idom, false);
		bc_dom_number(nb, nb - 1, idom, pre, post);
		for (uint32_t b = 0; b < nb; b++) {
			bl[b].ipdom = idom[b] == BC_NONE ? BC_NONE :
							   idom[b] + base;
			bl[b].pdom_pre = pre[b];
			bl[b].pdom_post = post[b];
		}
		bc_csr_free(&c);
	}
	free(idom);
	free(pre);
	free(post);
}

int bc_cfg_build(const struct bc_prog *prog, const struct bc_cfg_opts *opts,
		 struct bc_cfg **out, struct bc_err *err)
{
	static const struct bc_cfg_opts no_opts;
	struct bc_cfg *cfg;
	uint8_t *half = NULL, *lead = NULL;
	uint32_t nblocks, nedges;
	int ret;

	*out = NULL;
	if (!opts)
		opts = &no_opts;
	if (!prog->insn_cnt)
		return bc_errf(err, -1, -EINVAL, "program has no instructions");
	cfg = bc_xcalloc(1, sizeof(*cfg));
	bc_arena_init(&cfg->arena);
	cfg->prog = prog;
	half = mark_lddw_halves(prog);
	ret = find_subprogs(cfg, half, err);
	for (uint32_t s = 0; s < cfg->sub_cnt && !ret; s++)
		ret = check_subprog(prog, &cfg->subs[s], half, err);
	if (!ret && (opts->no_back_edges || opts->no_fallthrough_back_edges))
		ret = check_back_edges(prog, !opts->no_back_edges, err);
	if (ret)
		goto fail;
	lead = bc_xcalloc(prog->insn_cnt, 1);
	count_blocks(cfg, half, lead, &nblocks, &nedges);
	cfg->blocks = ARR(cfg, nblocks, struct bc_block);
	cfg->succ = ARR(cfg, nedges, uint32_t);
	cfg->pred = ARR(cfg, nedges, uint32_t);
	cfg->succ_kind = ARR(cfg, nedges, uint8_t);
	cfg->insn_block = ARR(cfg, prog->insn_cnt, uint32_t);
	build_blocks(cfg, half, lead);
	ret = check_reachable(cfg, err);
	if (!ret)
		ret = build_callgraph(cfg, err);
	if (ret)
		goto fail;
	compute_doms(cfg);
	ret = bc_loops_build(cfg, opts, err);
	if (ret)
		goto fail;
	free(half);
	free(lead);
	*out = cfg;
	return 0;
fail:
	free(half);
	free(lead);
	bc_cfg_free(cfg);
	return ret;
}

void bc_cfg_free(struct bc_cfg *cfg)
{
	if (!cfg)
		return;
	bc_arena_free(&cfg->arena);
	free(cfg);
}

bool bc_cfg_dominates(const struct bc_cfg *cfg, uint32_t a, uint32_t b)
{
	const struct bc_block *x = &cfg->blocks[a], *y = &cfg->blocks[b];

	return x->subprog == y->subprog && x->dom_pre != BC_NONE &&
	       y->dom_pre != BC_NONE && x->dom_pre <= y->dom_pre &&
	       y->dom_post <= x->dom_post;
}

bool bc_cfg_postdominates(const struct bc_cfg *cfg, uint32_t a, uint32_t b)
{
	const struct bc_block *x = &cfg->blocks[a], *y = &cfg->blocks[b];

	return x->subprog == y->subprog && x->pdom_pre != BC_NONE &&
	       y->pdom_pre != BC_NONE && x->pdom_pre <= y->pdom_pre &&
	       y->pdom_post <= x->pdom_post;
}

uint32_t bc_cfg_subprog_of(const struct bc_cfg *cfg, uint32_t pc)
{
	uint32_t lo = 0, hi = cfg->sub_cnt;

	/* binary search: works before insn_block exists */
	while (hi - lo > 1) {
		uint32_t mid = (lo + hi) / 2;

		if (cfg->subs[mid].start <= pc)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

uint32_t bc_cfg_loop_at(const struct bc_cfg *cfg, uint32_t pc)
{
	uint32_t b, l;

	if (pc >= cfg->prog->insn_cnt)
		return BC_NONE;
	b = cfg->insn_block[pc];
	l = cfg->blocks[b].loop;
	if (cfg->blocks[b].first != pc || l == BC_NONE ||
	    cfg->loops[l].header != b)
		return BC_NONE;
	return l;
}
