// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The worst-case instruction bound (issue 5, docs/LOOPS.md "Cost"): an
 * upper bound on the instructions any run executes, from the control-flow
 * graph restricted to the instructions the search reached, each natural
 * loop collapsed into one node weighing (trip bound x longest path around
 * its body), inner loops first, and every call weighing its callee's
 * bound; a helper that runs a callback weighs the callback's bound times
 * the most calls the helper makes (bpf_loop's nr_loops, at most
 * BPF_MAX_LOOPS; a map's max_entries for for_each_map_elem). There is
 * none when a reached loop has no trip bound (proven by a summary, or by
 * the exploration: verify.c explored_trip), for irreducible cycles, and
 * for a callback reached from no call site with a count.
 *
 * A loop bounded only by may_goto (no trip bound of its own below the
 * budget) is charged against its frame's one budget, not per entry: every
 * call of a function starts with BPF_MAX_LOOPS units, each fall-through
 * of a may_goto spends one, and every round of such a loop (header back to
 * header) falls through one of its own may_gotos. Rounds of one loop are
 * disjoint in time, so one unit pays for at most one round of each budget
 * loop around that may_goto. The frame costs its longest path with every
 * budget loop run once per entry, plus BPF_MAX_LOOPS times the most one
 * unit can pay for: the largest sum of one round of each budget loop in a
 * chain of nested ones. Nested budget loops add up instead of multiplying.
 */
#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "isa/insn.h"
#include "loops/cost.h"

#define NONE BC_NONE
#define INF  UINT64_MAX

struct cost {
	const struct bc_cfg *cfg;
	const uint8_t *reached; /* per insn */
	const uint64_t *trip; /* per loop, 0 = none */
	const struct bc_cost_facts *f;
	uint64_t *sub_cost; /* per subprogram, 0 = not yet */
	uint8_t *sub_state; /* 0 new, 1 computing, 2 done */
	uint64_t *memo; /* per block, longest path from it */
	uint32_t *memo_level; /* loop level the memo is for */
	uint8_t *on_path;
	uint64_t *loop_cost; /* per loop, 0 = not yet */
	uint64_t *round; /* per budget loop, one round's cost */
	bool fail;
};

static uint64_t sat_add(uint64_t a, uint64_t b)
{
	return a > INF - b ? INF : a + b;
}

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
	return a && b > INF / a ? INF : a * b;
}

/* Is loop l (or BC_NONE: the whole subprogram) an ancestor-or-self of m? */
static bool loop_within(const struct bc_cfg *cfg, uint32_t m, uint32_t l)
{
	for (; m != NONE; m = cfg->loops[m].parent)
		if (m == l)
			return true;
	return l == NONE;
}

/* The node standing for block b inside loop level l: b itself, or the
 * header of the outermost loop strictly inside l that contains b. */
static uint32_t rep(const struct bc_cfg *cfg, uint32_t b, uint32_t l)
{
	uint32_t m = cfg->blocks[b].loop, top = NONE;

	for (; m != NONE && m != l; m = cfg->loops[m].parent)
		top = m;
	return top == NONE ? b : cfg->loops[top].header;
}

static uint64_t sub_bound(struct cost *c, uint32_t s);
static uint64_t loop_bound(struct cost *c, uint32_t l);

static uint64_t insn_cost(struct cost *c, uint32_t i)
{
	const struct bc_prog *p = c->cfg->prog;
	const struct bpf_insn *in = &p->insns[i];

	if (bc_is_pseudo_call(in)) {
		uint32_t t = i + in->imm + 1;

		return sat_add(1, sub_bound(c, bc_cfg_subprog_of(c->cfg, t)));
	}
	if (c->f->cb_target && c->f->cb_target[i]) {
		uint32_t t = c->f->cb_target[i] - 1;

		if (c->f->cb_target[i] == UINT32_MAX) {
			c->fail = true;
			return 1;
		}
		return sat_add(
			1, sat_mul(c->f->cb_calls[i],
				   sub_bound(c, bc_cfg_subprog_of(c->cfg, t))));
	}
	return 1;
}

/* Instructions of block b that the search reached (0: block not reached). */
static uint64_t block_cost(struct cost *c, uint32_t b)
{
	const struct bc_block *bl = &c->cfg->blocks[b];
	uint64_t n = 0;

	if (bl->first == NONE)
		return 0;
	for (uint32_t i = bl->first; i <= bl->last; i++)
		if (c->reached[i])
			n = sat_add(n, insn_cost(c, i));
	return n;
}

static bool block_reached(struct cost *c, uint32_t b)
{
	const struct bc_block *bl = &c->cfg->blocks[b];

	return bl->first != NONE && c->reached[bl->first];
}

static uint64_t node_cost(struct cost *c, uint32_t n, uint32_t l)
{
	uint32_t m = c->cfg->blocks[n].loop;

	if (m != l && m != NONE && c->cfg->loops[m].header == n &&
	    loop_within(c->cfg, m, l))
		return loop_bound(c, m);
	return block_cost(c, n);
}

static uint64_t longest(struct cost *c, uint32_t n, uint32_t l);

/* Longest continuation after block b (a member of node n) at level l. */
static uint64_t after(struct cost *c, uint32_t b, uint32_t n, uint32_t l)
{
	const struct bc_cfg *cfg = c->cfg;
	const struct bc_block *bl = &cfg->blocks[b];
	uint32_t hdr = l == NONE ? NONE : cfg->loops[l].header;
	uint64_t best = 0;

	for (uint32_t k = 0; k < bl->succ_cnt && !c->fail; k++) {
		uint32_t s = cfg->succ[bl->succ_off + k], r;
		uint64_t v;

		if (s == hdr || !block_reached(c, s) ||
		    !loop_within(cfg, cfg->blocks[s].loop, l))
			continue; /* the iteration or the level ends */
		r = rep(cfg, s, l);
		if (r == n)
			continue;
		v = longest(c, r, l);
		if (v > best)
			best = v;
	}
	return best;
}

/*
 * Longest path from node n at level l (a loop, or NONE for the
 * subprogram) to the end of an iteration (back to l's header, or out of
 * l). A node is a block, or a whole inner loop (its header stands for it).
 */
static uint64_t longest(struct cost *c, uint32_t n, uint32_t l)
{
	const struct bc_cfg *cfg = c->cfg;
	uint32_t inner = cfg->blocks[n].loop, lvl = l == NONE ? 0 : l + 1;
	uint64_t best = 0, w;

	if (c->memo_level[n] == lvl && c->memo[n] != INF)
		return c->memo[n];
	w = node_cost(c, n, l);
	if (c->on_path[n]) { /* a cycle that is no natural loop */
		c->fail = true;
		return 0;
	}
	c->on_path[n] = 1;
	if (inner != l && inner != NONE) {
		const struct bc_loop *m = &cfg->loops[inner];

		for (uint32_t i = 0; i < m->body_cnt && !c->fail; i++) {
			uint64_t v;

			if (!block_reached(c, m->body[i]))
				continue;
			v = after(c, m->body[i], n, l);
			if (v > best)
				best = v;
		}
	} else {
		best = after(c, n, n, l);
	}
	c->on_path[n] = 0;
	best = sat_add(best, w);
	c->memo[n] = best == INF ? INF - 1 : best;
	c->memo_level[n] = lvl;
	return best;
}

/* Loop l is charged against its frame's may_goto budget. */
static bool budget_loop(const struct cost *c, uint32_t l)
{
	return c->cfg->loops[l].may_goto_bound &&
	       (!c->trip[l] || c->trip[l] > BC_MAX_LOOPS);
}

static uint64_t loop_bound(struct cost *c, uint32_t l)
{
	uint64_t body;

	if (c->loop_cost[l])
		return c->loop_cost[l];
	if (!c->trip[l] && !budget_loop(c, l)) {
		c->fail = true;
		return 0;
	}
	/* the header's own cost counts once per visit: start below it */
	body = longest(c, c->cfg->loops[l].header, l);
	if (budget_loop(c, l)) { /* once per entry; the rest: budget */
		c->round[l] = body ? body : 1;
		c->loop_cost[l] = c->round[l];
		return c->loop_cost[l];
	}
	c->loop_cost[l] = sat_mul(c->trip[l], body);
	if (!c->loop_cost[l])
		c->loop_cost[l] = 1;
	return c->loop_cost[l];
}

/*
 * What one unit of subprogram s's may_goto budget may pay for: the
 * largest sum of one round of each reached budget loop along a chain of
 * nested loops of s (0: s has none).
 */
static uint64_t budget_unit(const struct cost *c, uint32_t s)
{
	const struct bc_cfg *cfg = c->cfg;
	uint64_t best = 0;

	for (uint32_t l = 0; l < cfg->loop_cnt; l++) {
		uint64_t sum = 0;

		if (!c->round[l] ||
		    cfg->blocks[cfg->loops[l].header].subprog != s)
			continue;
		for (uint32_t m = l; m != NONE; m = cfg->loops[m].parent)
			sum = sat_add(sum, c->round[m]);
		if (sum > best)
			best = sum;
	}
	return best;
}

static uint64_t sub_bound(struct cost *c, uint32_t s)
{
	const struct bc_subprog *sp = &c->cfg->subs[s];
	uint32_t entry_block = NONE;

	if (c->sub_state[s] == 2)
		return c->sub_cost[s];
	if (c->sub_state[s] == 1) { /* recursion: refused earlier */
		c->fail = true;
		return 0;
	}
	c->sub_state[s] = 1;
	if (sp->start < c->cfg->prog->insn_cnt)
		entry_block = c->cfg->insn_block[sp->start];
	c->sub_cost[s] =
		entry_block == NONE ?
			0 :
			longest(c, rep(c->cfg, entry_block, NONE), NONE);
	c->sub_cost[s] = sat_add(c->sub_cost[s],
				 sat_mul(BC_MAX_LOOPS, budget_unit(c, s)));
	c->sub_state[s] = 2;
	return c->sub_cost[s];
}

/* Is every reached callback entered from a call site with a count? */
static bool callbacks_counted(const struct bc_cfg *cfg,
			      const struct bc_cost_facts *f)
{
	uint32_t n = cfg->prog->insn_cnt;

	for (uint32_t s = 0; s < cfg->sub_cnt; s++) {
		uint32_t start = cfg->subs[s].start;
		bool counted = false;

		if (!cfg->subs[s].is_callback || start >= n ||
		    !f->reached[start])
			continue;
		for (uint32_t i = 0; f->cb_target && i < n && !counted; i++)
			counted = f->cb_target[i] == start + 1;
		if (!counted)
			return false;
	}
	return true;
}

/* The loop or callback call site that may run most often. */
static void most_iterated(struct cost *c, struct bc_worst_case *out)
{
	const struct bc_cfg *cfg = c->cfg;

	out->insn = -1;
	out->trip = 0;
	out->callback = false;
	for (uint32_t l = 0; l < cfg->loop_cnt; l++) {
		uint32_t h = cfg->loops[l].header;

		if (c->loop_cost[l] && c->trip[l] > out->trip) {
			out->trip = c->trip[l];
			out->insn = cfg->blocks[h].first;
			out->callback = false;
		}
	}
	for (uint32_t i = 0; c->f->cb_target && i < cfg->prog->insn_cnt; i++) {
		if (c->f->cb_target[i] && c->reached[i] &&
		    c->f->cb_calls[i] > out->trip) {
			out->trip = c->f->cb_calls[i];
			out->insn = i;
			out->callback = true;
		}
	}
}

bool bc_worst_case(const struct bc_cfg *cfg, const struct bc_cost_facts *f,
		   struct bc_worst_case *out)
{
	struct cost c = {
		.cfg = cfg, .reached = f->reached, .trip = f->trip, .f = f
	};
	uint32_t nb = cfg->block_cnt;
	uint64_t v;

	if (!callbacks_counted(cfg, f))
		return false;
	c.sub_cost = bc_xcalloc(cfg->sub_cnt + 1, sizeof(uint64_t));
	c.sub_state = bc_xcalloc(cfg->sub_cnt + 1, 1);
	c.memo = bc_xcalloc(nb + 1, sizeof(uint64_t));
	c.memo_level = bc_xcalloc(nb + 1, sizeof(uint32_t));
	c.on_path = bc_xcalloc(nb + 1, 1);
	c.loop_cost = bc_xcalloc(cfg->loop_cnt + 1, sizeof(uint64_t));
	c.round = bc_xcalloc(cfg->loop_cnt + 1, sizeof(uint64_t));
	for (uint32_t b = 0; b < nb; b++)
		c.memo[b] = INF;
	v = sub_bound(&c, 0);
	if (!c.fail && v != INF) {
		out->insns = v;
		most_iterated(&c, out);
	}
	free(c.sub_cost);
	free(c.sub_state);
	free(c.memo);
	free(c.memo_level);
	free(c.on_path);
	free(c.loop_cost);
	free(c.round);
	return !c.fail && v != INF;
}
