// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The verifier's entry (Linux's bpf_check): the ISA and control-flow
 * checks, then the search, first with loop summaries and, when they do
 * not decide, again exploring iterations; the result's figures.
 */
#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "verifier/cost.h"
#include "verifier/env.h"
#include "verifier/induction.h"
#include "verifier/search.h"
#include "verifier/verify.h"

static void env_init(struct venv *e, const struct bc_prog *prog,
		     struct bc_cfg *cfg, const struct bc_verify_opts *opts,
		     struct bc_verify_result *res, bool nosum)
{
	e->cfg = cfg;
	e->prog = prog;
	e->obj = prog->obj;
	e->opts = opts;
	e->res = res;
	e->priv = !opts->unprivileged;
	e->type = prog->type;
	e->attach = prog->attach_type;
	e->log = opts->log;
	e->level = opts->log ? opts->log_level : 0;
	e->budget = opts->insn_budget ? opts->insn_budget : BC_MAX_INSNS;
	e->nosum = nosum;
	/* Linux: ANY_ALIGNMENT wins; x86 has efficient unaligned access */
	e->strict_align = (opts->prog_flags & BPF_F_STRICT_ALIGNMENT) &&
			  !(opts->prog_flags & BPF_F_ANY_ALIGNMENT);
	/* unprivileged: every scalar precise, as in Linux */
	e->prec = e->priv && !opts->no_precision && !opts->claims;
	e->prune = bc_xcalloc(prog->insn_cnt + 1, 1);
	e->live = bc_xcalloc(prog->insn_cnt + 1, 2);
	e->chk = bc_xcalloc(prog->insn_cnt + 1, sizeof(*e->chk));
	e->chk_cnt = bc_xcalloc(prog->insn_cnt + 1, sizeof(*e->chk_cnt));
	e->sub_depth = bc_xcalloc(e->cfg->sub_cnt + 1, sizeof(uint32_t));
	e->sub_tail = bc_xcalloc(e->cfg->sub_cnt + 1, 1);
	e->insn_ptr = bc_xcalloc(prog->insn_cnt + 1, 1);
	e->reached = bc_xcalloc(prog->insn_cnt + 1, 1);
	e->loop_unsum = bc_xcalloc(cfg->loop_cnt + 1, 1);
	e->loop_trip = bc_xcalloc(cfg->loop_cnt + 1, sizeof(uint64_t));
	if (!e->priv) {	/* Spectre masking: unprivileged loaders only */
		e->alu_state = bc_xcalloc(prog->insn_cnt + 1, 1);
		e->alu_limit = bc_xcalloc(prog->insn_cnt + 1, sizeof(uint32_t));
		e->tc_map = bc_xcalloc(prog->insn_cnt + 1, sizeof(uint32_t));
	}
}

static void env_free(struct venv *e)
{
	while (e->stack_n)
		bc_vstate_free(&e->stack[--e->stack_n]);
	free(e->stack);
	for (uint32_t i = 0; i < e->prog->insn_cnt; i++) {
		struct bc_vchk *c = e->chk[i], *n;

		for (; c; c = n) {
			n = c->next;
			bc_vstate_free(&c->st);
			free(c);
		}
	}
	for (struct bc_vchk *c = e->evicted, *n; c; c = n) {
		n = c->next;
		free(c);
	}
	vl_free(e);
	free(e->seen);
	free(e->chk);
	free(e->chk_cnt);
	free(e->prune);
	free(e->live);
	free(e->use);
	free(e->def);
	free(e->sub_depth);
	free(e->sub_tail);
	free(e->insn_ptr);
	free(e->hist);
	free(e->reached);
	free(e->loop_unsum);
	free(e->loop_trip);
	free(e->alu_state);
	free(e->alu_limit);
	free(e->tc_map);
}

/*
 * Linux's fixup for an unprivileged tail call: it bounds the index by the
 * program array's size, so the call must use one map on every path.
 */
static void tail_call_check(struct venv *e)
{
	if (!e->tc_map)
		return;
	for (uint32_t pc = 0; pc < e->prog->insn_cnt; pc++)
		if (e->tc_map[pc] == TC_MAP_POISON) {
			vc_err(e, pc, "tail_call abusing map_ptr");
			return;
		}
}

/* Linux's check_max_stack_depth: the longest call chain by stack. */
static void stack_depth_check(struct venv *e)
{
	struct bc_cfg *cfg = e->cfg;
	uint32_t n = cfg->sub_cnt;
	uint32_t chain[BC_MAX_CALL_FRAMES + 1], idx[BC_MAX_CALL_FRAMES + 1];
	uint32_t sz = 0;
	int top = 0;

	chain[0] = 0;
	idx[0] = 0;
	sz = (e->sub_depth[0] + 15) & ~15u;
	while (top >= 0) {
		uint32_t s = chain[top];

		if (sz > 512) {
			vc_log(e, "combined stack size of %d calls is %u. Too "
			       "large\n", top + 1, sz);
			vc_err(e, -1, "combined stack size of %d calls is %u. "
			       "Too large", top + 1, sz);
			return;
		}
		if (idx[top] < cfg->subs[s].callee_cnt && top < BC_MAX_CALL_FRAMES) {
			uint32_t c = cfg->subs[s].callees[idx[top]++];

			if (c >= n || cfg->subs[c].is_callback)
				continue;
			chain[++top] = c;
			idx[top] = 0;
			sz += (e->sub_depth[c] + 15) & ~15u;
			continue;
		}
		sz -= (e->sub_depth[s] + 15) & ~15u;
		top--;
	}
}

/* The figures of a finished search, and its note in the log. */
static void set_result(struct venv *e, struct bc_verify_result *res)
{
	const struct bc_cfg *cfg = e->cfg;

	res->accepted = !e->failed && !e->sum_abort;
	if (res->accepted) {
		for (uint32_t l = 0; l < cfg->loop_cnt; l++)
			if (e->loop_unsum[l])
				e->loop_trip[l] = 0;
		res->has_worst_case = bc_worst_case(cfg, e->reached,
						    e->loop_trip,
						    &res->worst_case_insns);
	}
	res->processed_insns = e->processed;
	res->total_states = e->states;
	res->stack_depth = (e->sub_depth[0] + 15) & ~15u;
	res->loops_explored = false;
	for (uint32_t l = 0; l < cfg->loop_cnt; l++)
		res->loops_explored |= e->loop_unsum[l];
	if (e->sum_abort)
		snprintf(res->loop_note, sizeof(res->loop_note), "%s",
			 e->sum_why);
	if (e->sum_abort && e->log && e->level >= 1)
		fprintf(e->log, "%s: verifying again, exploring iterations\n",
			e->sum_why);
	if (e->failed && e->log && e->level >= 1)
		fprintf(e->log, "%s\n", res->error);
}

/*
 * One search over prog; nosum turns the loop summaries off. Returns
 * whether the search widened anything (a loop summary or a callback
 * entry), that is, whether a search without would be any different.
 */
static bool verify_run(const struct bc_prog *prog, struct bc_cfg *cfg,
		       const struct bc_verify_opts *opts,
		       struct bc_verify_result *res, bool nosum,
		       uint8_t *no_rel, bool *retry)
{
	struct venv e = { 0 };
	bool widened;

	env_init(&e, prog, cfg, opts, res, nosum);
	e.no_rel = no_rel;
	vs_search(&e);
	if (!e.failed && !e.sum_abort)
		stack_depth_check(&e);
	if (!e.failed && !e.sum_abort)
		tail_call_check(&e);
	if (!e.failed && !e.sum_abort)
		vl_finish(&e);
	set_result(&e, res);
	widened = e.sum_cnt || e.cb_widened;
	if (retry)
		*retry = e.sum_retry && !e.failed;
	env_free(&e);
	return widened;
}

/*
 * The search with loop summaries. A relation or congruence that a summary
 * relied on and that a later path broke voids that run; it runs again
 * without it (a few times at most), before exploring iterations.
 */
#define SUM_RETRIES 4

static bool summarised_run(const struct bc_prog *prog, struct bc_cfg *cfg,
			   const struct bc_verify_opts *opts,
			   struct bc_verify_result *res)
{
	uint8_t *no_rel = bc_xcalloc((size_t)cfg->loop_cnt + 1, VL_LOCS);
	bool widened, retry = false;

	for (int i = 0; i <= SUM_RETRIES; i++) {
		if (i) {
			memset(res, 0, sizeof(*res));
			res->error_insn = -1;
			if (opts->claims)
				bc_claims_reset(opts->claims);
		}
		widened = verify_run(prog, cfg, opts, res, false, no_rel,
				     &retry);
		if (!retry)
			break;
	}
	free(no_rel);
	return widened;
}

int bc_verify(const struct bc_prog *prog, const struct bc_verify_opts *opts,
	      struct bc_verify_result *res)
{
	struct bc_verify_opts dflt = { 0 };
	struct bc_cfg_opts copts = { 0 };
	struct bc_cfg *cfg = NULL;
	struct bc_err err;
	uint64_t t0 = bc_now_us();

	if (!opts)
		opts = &dflt;
	memset(res, 0, sizeof(*res));
	res->error_insn = -1;
	bc_err_init(&err);
	if (bc_insn_check(prog->insns, prog->insn_cnt, &err)) {
		snprintf(res->error, sizeof(res->error), "%s", err.msg);
		res->error_insn = err.insn;
		goto out;
	}
	copts.reject_irreducible = opts->reject_irreducible;
	if (bc_cfg_build(prog, &copts, &cfg, &err)) {
		snprintf(res->error, sizeof(res->error), "%s", err.msg);
		res->error_insn = err.insn;
		goto out;
	}
	/*
	 * First with loop summaries. When one cannot be proven, or the
	 * program is rejected after a summary widened some state, verify
	 * again exploring iterations as Linux does: both searches are
	 * sound, so either one accepting is enough; the second one's
	 * rejection is the one reported.
	 */
	if (summarised_run(prog, cfg, opts, res) && !res->accepted) {
		char note[sizeof(res->loop_note)];
		uint64_t processed = res->processed_insns;

		if (res->loop_note[0])	/* from induction.c: "loop at insn N" */
			snprintf(note, sizeof(note), "%s%.1000s",
				 strncmp(res->loop_note, "loop", 4) ? "" :
				 "no termination proof: ", res->loop_note);
		else
			snprintf(note, sizeof(note), "with loops summarised, "
				 "insn %lld: %s", (long long)res->error_insn,
				 res->error);
		res->error[0] = 0;
		res->error_insn = -1;
		res->loops_proven = 0;
		res->max_trip = 0;
		if (opts->claims)	/* only the deciding search counts */
			bc_claims_reset(opts->claims);
		verify_run(prog, cfg, opts, res, true, NULL, NULL);
		res->first_pass_insns = processed;
		snprintf(res->loop_note, sizeof(res->loop_note), "%s", note);
	}
out:
	if (cfg)
		bc_cfg_free(cfg);
	res->duration_us = bc_now_us() - t0;
	res->peak_mem_kb = bc_peak_rss_kb();
	return 0;
}
