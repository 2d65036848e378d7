// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The verifier's entry (Linux's bpf_check): the ISA and control-flow
 * checks, then the search, first with loop summaries and, when they do
 * not decide, again exploring iterations; the result's figures.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/insn.h"
#include "platform/helpers.h"
#include "platform/kconfig.h"
#include "platform/lsm.h"
#include "platform/progtypes.h"
#include "verifier/precision.h"
#include "search/structpath.h"
#include "platform/struct_ops.h"
#include "platform/kbtf.h"
#include "util/util.h"
#include "verifier/lock.h"
#include "loops/cost.h"
#include "verifier/env.h"
#include "loops/induction.h"
#include "verifier/arena.h"
#include "verifier/kfunc.h"
#include "search/search.h"
#include "search/verify.h"

/* Does libbpf load the section sleepable: "X.s", and "syscall"? */
static bool sleepable_section(const char *sec)
{
	size_t n = strcspn(sec, "/");

	if (!strcmp(sec, "syscall"))
		return true;
	return n > 2 && !strncmp(sec + n - 2, ".s", 2);
}

static void env_init(struct venv *e, const struct bc_prog *prog,
		     struct bc_cfg *cfg, const struct bc_verify_opts *opts,
		     struct bc_verify_result *res, bool nosum)
{
	const char *sec = prog->section ? prog->section : "";

	e->cfg = cfg;
	e->prog = prog;
	e->obj = prog->obj;
	e->opts = opts;
	e->res = res;
	e->priv = !opts->unprivileged;
	e->bpf_cap = !opts->unprivileged || opts->cap_bpf;
	e->type = prog->type;
	e->attach = prog->attach_type;
	e->target = bc_progtype_target(prog->section);
	e->at = opts->attach;
	if (e->at && e->type == BPF_PROG_TYPE_STRUCT_OPS)
		e->attach = e->at->st_attach;
	/* libbpf's ".s" sections ("lsm.s/H", "uprobe.s") load with
	 * BPF_F_SLEEPABLE */
	e->sleepable = (opts->prog_flags & BPF_F_SLEEPABLE) ||
		       sleepable_section(sec);
	e->gpl = bc_license_is_gpl_compatible(prog->obj->license);
	e->log = opts->log;
	e->level = opts->log ? opts->log_level : 0;
	e->budget = opts->insn_budget ? opts->insn_budget : BC_MAX_INSNS;
	e->nosum = nosum;
	e->linux_only = opts->linux_compat;
	e->kern = opts->kernel ? opts->kernel : bc_kernel_newest();
	/* Linux: ANY_ALIGNMENT wins; x86 has efficient unaligned access */
	e->strict_align = (opts->prog_flags & BPF_F_STRICT_ALIGNMENT) &&
			  !(opts->prog_flags & BPF_F_ANY_ALIGNMENT);
	/* without CAP_BPF: every scalar precise, as in Linux */
	e->prec = e->bpf_cap && !opts->no_precision && !opts->claims;
	e->prune = bc_xcalloc(prog->insn_cnt + 1, 1);
	e->jmp_point = bc_xcalloc(prog->insn_cnt + 1, 1);
	e->live = bc_xcalloc(prog->insn_cnt + 1, 2);
	e->chk = bc_xcalloc(prog->insn_cnt + 1, sizeof(*e->chk));
	e->chk_cnt = bc_xcalloc(prog->insn_cnt + 1, sizeof(*e->chk_cnt));
	e->sub_depth = bc_xcalloc(e->cfg->sub_cnt + 1, sizeof(uint32_t));
	e->sub_tail = bc_xcalloc(e->cfg->sub_cnt + 1, 1);
	e->global_state = bc_xcalloc(prog->func_cnt + 1, 1);
	e->insn_ptr = bc_xcalloc(prog->insn_cnt + 1, 1);
	e->reached = bc_xcalloc(prog->insn_cnt + 1, 1);
	e->loop_unsum = bc_xcalloc(cfg->loop_cnt + 1, 1);
	e->loop_trip = bc_xcalloc(cfg->loop_cnt + 1, sizeof(uint64_t));
	e->loop_visits = bc_xcalloc(cfg->loop_cnt + 1, sizeof(uint64_t));
	e->iter_cnt = bc_xcalloc(prog->insn_cnt + 1, sizeof(uint32_t));
	e->iter_slot = bc_xcalloc(prog->insn_cnt + 1, sizeof(uint32_t));
	if (!e->priv) { /* Spectre masking: unprivileged loaders only */
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
			free(c->seg);
			free(c);
		}
	}
	for (struct bc_vchk *c = e->evicted, *n; c; c = n) {
		n = c->next;
		free(c->kept);
		free(c->seg);
		free(c);
	}
	vp_backedges_free(e);
	vl_free(e);
	vlog_free(e);
	free(e->seen);
	free(e->chk);
	free(e->chk_cnt);
	free(e->prune);
	free(e->jmp_point);
	free(e->live);
	free(e->use);
	free(e->def);
	free(e->slive);
	free(e->sub_depth);
	free(e->sub_tail);
	free(e->global_state);
	free(e->insn_ptr);
	free(e->hist);
	free(e->reached);
	free(e->loop_unsum);
	free(e->loop_trip);
	free(e->loop_visits);
	free(e->cb_calls);
	free(e->cb_target);
	free(e->iter_cnt);
	free(e->iter_slot);
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

/*
 * The chain of top + 1 frames needs sz bytes of stack: the error at the
 * last call, the calls down to it its path (structpath.h).
 */
static void stack_too_large(struct venv *e, const uint32_t *chain,
			    const uint32_t *idx, int top, uint32_t sz)
{
	struct bc_verify_result *res = e->res;
	uint32_t site = 0;

	for (int i = 0; i < top; i++) {
		site = e->cfg->subs[chain[i]].callee_sites[idx[i] - 1];
		res->path[i] = (struct bc_path_step){ .insn = site,
						      .kind = BC_STEP_DEFINES };
	}
	vc_err(e, site, "combined stack size of %d calls is %u. Too large",
	       top + 1, sz);
	res->path_len = (uint32_t)top;
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
			stack_too_large(e, chain, idx, top, sz);
			return;
		}
		if (top < BC_MAX_CALL_FRAMES &&
		    idx[top] < cfg->subs[s].callee_cnt) {
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

/*
 * Without a bound for the whole program (a loop was explored), the loop
 * proven to run most often: its trip bound alone over the cap makes the
 * program a runaway (worst_case_check).
 */
static void largest_trip(const struct venv *e, struct bc_verify_result *res)
{
	const struct bc_cfg *cfg = e->cfg;

	for (uint32_t l = 0; l < cfg->loop_cnt; l++) {
		if (e->loop_trip[l] <= res->worst_loop_trip)
			continue;
		res->worst_loop_trip = e->loop_trip[l];
		res->worst_loop_insn = cfg->blocks[cfg->loops[l].header].first;
		res->worst_loop_callback = false;
	}
}

static void worst_case(struct venv *e, struct bc_verify_result *res)
{
	struct bc_cost_facts f = { e->reached, e->loop_trip, e->cb_calls,
				   e->cb_target };
	struct bc_worst_case w = { 0 };

	res->has_worst_case = bc_worst_case(e->cfg, &f, &w);
	if (!res->has_worst_case) {
		largest_trip(e, res);
		return;
	}
	res->worst_case_insns = w.insns;
	res->worst_loop_insn = w.insn;
	res->worst_loop_trip = w.trip;
	res->worst_loop_callback = w.callback;
}

/*
 * What the search proved about the rounds of loop l, explored round by
 * round. A run follows the search's paths, jumping at each pruned state
 * to the state that pruned it. A state pruned by one whose exploration
 * had ended never leads back: every state reachable from there was
 * explored before it, and the path's own states are still open. With no
 * state pruned by an open one (a callback's, may_goto's or iterator's
 * round, open_prune), the only cycles are the rounds of summarised loops,
 * which stay inside their own bodies; within one entry of l a run then
 * meets each of l's explored header states at most once, so their number
 * bounds its rounds.
 */
static uint64_t explored_trip(struct venv *e, uint32_t l)
{
	uint64_t trip;

	if (e->cfg->loops[l].may_goto_bound)
		return BC_MAX_LOOPS + 1ull;
	trip = vk_loop_trip(e, l);
	if (!trip && !e->open_prune)
		trip = e->loop_visits[l];
	return trip;
}

/* The figures of a finished search, and its note in the log. */
static void set_result(struct venv *e, struct bc_verify_result *res)
{
	const struct bc_cfg *cfg = e->cfg;

	res->accepted = !e->failed && !e->sum_abort;
	if (res->accepted) {
		for (uint32_t l = 0; l < cfg->loop_cnt; l++)
			if (e->loop_unsum[l])
				e->loop_trip[l] = explored_trip(e, l);
		worst_case(e, res);
	}
	res->processed_insns = e->processed;
	res->beyond_linux = e->beyond_linux;
	res->total_states = e->states;
	res->stack_depth = (e->sub_depth[0] + 15) & ~15u;
	res->loops_explored = false;
	for (uint32_t l = 0; l < cfg->loop_cnt; l++)
		res->loops_explored |= e->loop_unsum[l];
	if (e->sum_abort)
		snprintf(res->loop_note, sizeof(res->loop_note), "%s",
			 e->sum_why);
	else if (res->loops_explored && !e->nosum)
		snprintf(res->loop_note, sizeof(res->loop_note), "%s",
			 e->unsum_why);
	if (e->sum_abort)
		vlog_printf(e, "%s: verifying again, exploring iterations\n",
			    e->sum_why);
	snprintf(res->detail, sizeof(res->detail), "%s",
		 e->failed ? e->detail : "");
	res->detail[strcspn(res->detail, "\n")] = 0;
	vlog_printf(e,
		    "processed %" PRIu64 " insns (limit %" PRIu64
		    ") max_states_per_insn %" PRIu64 " total_states %" PRIu64
		    " peak_states %" PRIu64 "\n",
		    e->processed, e->budget, res->max_states_per_insn,
		    e->states, res->peak_states);
	vlog_flush(e);
}

/* What the scalar domain leaves out for kernel k (bc_scalar_old_set). */
static unsigned old_scalar_flags(const struct bc_kernel *k)
{
	return (k->sign_wrap_deduction ? 0 : BC_OLD_NO_SIGN_WRAP) |
	       (k->nonconst_bitops ? 0 : BC_OLD_CONST_SRC_BITOPS) |
	       (k->const_collapse ? 0 : BC_OLD_NO_CONST_COLLAPSE) |
	       (k->mixed_bounds ? 0 : BC_OLD_32_FROM_64_FITS) |
	       (k->subreg_offset_fix ? 0 : BC_OLD_SUBREG_OFFSET);
}

/* verify_run's nosum: loop summaries off, and no callback round widened */
#define EXACT_CALLBACKS 2

/*
 * One search over prog; nosum turns the loop summaries off
 * (EXACT_CALLBACKS: and keeps every callback round exact). Returns
 * whether the search widened anything (a loop summary, a callback entry
 * or a caller's scalars at a callback's return), that is, whether a
 * search without would be any different.
 */
static bool verify_run(const struct bc_prog *prog, struct bc_cfg *cfg,
		       const struct bc_verify_opts *opts,
		       struct bc_verify_result *res, int nosum, uint8_t *no_rel,
		       int32_t (*rr_seed)[4], bool *retry)
{
	struct venv e = { 0 };
	unsigned old = bc_scalar_old_get();
	bool widened;

	env_init(&e, prog, cfg, opts, res, nosum);
	bc_scalar_old_set(old_scalar_flags(e.kern));
	e.cb_exact = nosum == EXACT_CALLBACKS;
	e.no_rel = no_rel;
	e.rr_seed = rr_seed;
	vs_search(&e);
	if (!e.failed && !e.sum_abort)
		stack_depth_check(&e);
	if (!e.failed && !e.sum_abort)
		tail_call_check(&e);
	if (!e.failed && !e.sum_abort)
		vl_finish(&e);
	set_result(&e, res);
	widened = e.sum_cnt || e.cb_widened || e.cb_round_widened;
	if (retry)
		*retry = e.sum_retry && !e.failed;
	env_free(&e);
	bc_scalar_old_set(old);
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
	int32_t(*rr_seed)[4] = bc_xcalloc(
		((size_t)cfg->loop_cnt + 1) * VL_LOCS, sizeof(*rr_seed));
	bool widened, retry = false;

	for (int i = 0; i <= SUM_RETRIES; i++) {
		if (i) {
			memset(res, 0, sizeof(*res));
			res->error_insn = -1;
			res->linux_error_insn = -1;
			if (opts->claims)
				bc_claims_reset(opts->claims);
		}
		widened = verify_run(prog, cfg, opts, res, false, no_rel,
				     rr_seed, &retry);
		if (!retry)
			break;
	}
	free(no_rel);
	free(rr_seed);
	return widened;
}

/* Linux's verdict is the one src holds (a search without summaries). */
static void linux_is(struct bc_verify_result *dst,
		     const struct bc_verify_result *src)
{
	dst->linux_verdict = src->accepted ? BC_LINUX_ACCEPT : BC_LINUX_REJECT;
	memcpy(dst->linux_error, src->error, sizeof(dst->linux_error));
	dst->linux_error_insn = src->error_insn;
	dst->linux_processed_insns = src->processed_insns;
}

/*
 * Linux's verdict on a program bpfcheck accepted thanks to a loop proof
 * or a widened callback: the search Linux does, with Linux's budget.
 */
static void predict_linux(const struct bc_prog *prog, struct bc_cfg *cfg,
			  const struct bc_verify_opts *opts,
			  struct bc_verify_result *res)
{
	struct bc_verify_opts lo = *opts;
	struct bc_verify_result *l = bc_xcalloc(1, sizeof(*l));
	uint64_t t0 = bc_now_us();

	lo.insn_budget = BC_MAX_INSNS;
	lo.linux_compat = true;
	lo.claims = NULL;
	lo.log = NULL;
	lo.log_level = 0;
	l->error_insn = -1;
	verify_run(prog, cfg, &lo, l, true, NULL, NULL, NULL);
	linux_is(res, l);
	res->linux_duration_us = bc_now_us() - t0;
	free(l);
}

/*
 * Linux widens at a callback's return only the caller's scalars that are
 * not precise; bpfcheck, whose precision does not follow a callback's
 * rounds, widens every one that changed, and rejects what needed the
 * exact value (bpf_loop(66, ...) counting into c, then a[c >> 1] of a
 * 64-byte a). A rejection after such widening is tried once more with
 * every round kept exact (as Linux keeps a precise counter), bounded by
 * the same instruction budget; its acceptance stands.
 */
static void exact_callbacks_run(const struct bc_prog *prog,
				struct bc_cfg *cfg,
				const struct bc_verify_opts *opts,
				struct bc_verify_result *res)
{
	struct bc_verify_result *x;

	if (res->accepted)
		return;
	x = bc_xcalloc(1, sizeof(*x));
	x->error_insn = -1;
	x->linux_error_insn = -1;
	if (opts->claims)
		bc_claims_reset(opts->claims);
	verify_run(prog, cfg, opts, x, EXACT_CALLBACKS, NULL, NULL, NULL);
	if (x->accepted)
		*res = *x;
	free(x);
}

/*
 * First with loop summaries. When one cannot be proven, or the program
 * is rejected after a summary widened some state, verify again exploring
 * iterations as Linux does: both searches are sound, so either one
 * accepting is enough; the second one's rejection is the one reported.
 * Returns whether a summary decided the verdict.
 */
static bool verify_summarised(const struct bc_prog *prog, struct bc_cfg *cfg,
			      const struct bc_verify_opts *opts,
			      struct bc_verify_result *res)
{
	char note[sizeof(res->loop_note)];
	uint64_t processed;

	if (!summarised_run(prog, cfg, opts, res))
		return false;
	if (res->accepted)
		return true;
	processed = res->processed_insns;
	if (res->loop_note[0]) /* from induction.c: "loop at insn N" */
		snprintf(note, sizeof(note), "%s%.1000s",
			 strncmp(res->loop_note, "loop", 4) ?
				 "" :
				 "no termination proof: ",
			 res->loop_note);
	else
		snprintf(note, sizeof(note),
			 "with loops summarised, "
			 "insn %lld: %s",
			 (long long)res->error_insn, res->error);
	res->error[0] = 0;
	res->error_insn = -1;
	res->path_len = 0;
	res->loops_proven = 0;
	res->max_trip = 0;
	if (opts->claims) /* only the deciding search counts */
		bc_claims_reset(opts->claims);
	if (verify_run(prog, cfg, opts, res, true, NULL, NULL, NULL))
		exact_callbacks_run(prog, cfg, opts, res);
	res->first_pass_insns = processed;
	snprintf(res->loop_note, sizeof(res->loop_note), "%s", note);
	return false;
}

/*
 * Linux's check_attach_btf_id, before any instruction is verified: the
 * LSM hooks BPF may not attach to (bpf_lsm_verify_prog).
 */
static bool attach_check(const struct bc_prog *prog,
			 struct bc_verify_result *res)
{
	const char *hook = bc_progtype_target(prog->section);

	if (prog->type != BPF_PROG_TYPE_LSM || !bc_lsm_hook_disabled(hook))
		return true;
	snprintf(res->error, sizeof(res->error),
		 "attach target of %s points "
		 "to disabled hook bpf_lsm_%s",
		 prog->section, hook);
	return false;
}

/*
 * Linux's check_map_prog_compatibility, for each map the program uses,
 * when its loads of map addresses are resolved (before any instruction is
 * verified); and map_check_btf, when the map is created.
 */
static bool map_prog_check(const struct bc_prog *prog,
			   const struct bc_verify_opts *opts,
			   struct bc_verify_result *res)
{
	char buf[sizeof(res->error)];
	const char *arena = varena_prog_check(prog, opts, buf, sizeof(buf));

	if (arena) {
		snprintf(res->error, sizeof(res->error), "%s", arena);
		return false;
	}

	for (uint32_t i = 0; i < prog->maps_used_cnt; i++) {
		const struct bc_map *m = &prog->obj->maps[prog->maps_used[i]];
		const char *why =
			vlk_map_prog_check(m, prog->type, buf, sizeof(buf));

		if (why) {
			snprintf(res->error, sizeof(res->error), "%s", why);
			vs_map_path(prog, prog->maps_used[i], res);
			return false;
		}
	}
	return true;
}

/*
 * Linux's check_btf_func: a subprogram whose BTF prototype returns
 * something other than an int or enum may not use LD_ABS/LD_IND or tail
 * calls (both may end the program with r0 as its return value).
 */
static bool func_ret_check(const struct bc_prog *prog,
			   struct bc_verify_result *res)
{
	for (uint32_t k = 1; k < prog->func_cnt; k++) {
		const struct bc_func *f = &prog->funcs[k];

		for (uint32_t pc = f->start;
		     f->btf && !f->ret_scalar && pc < f->start + f->len &&
		     pc < prog->insn_cnt;
		     pc++) {
			const struct bpf_insn *in = &prog->insns[pc];
			const char *what = NULL;

			if (bc_class(in) == BPF_LD &&
			    (BPF_MODE(in->code) == BPF_ABS ||
			     BPF_MODE(in->code) == BPF_IND))
				what = "LD_ABS";
			else if (in->code == (BPF_JMP | BPF_CALL) &&
				 !in->src_reg && in->imm == BPF_FUNC_tail_call)
				what = "tail_call";
			if (!what)
				continue;
			snprintf(res->error, sizeof(res->error),
				 "%s is only "
				 "allowed in functions that return 'int'.",
				 what);
			res->error_insn = pc;
			vs_call_path(prog, pc, res);
			return false;
		}
	}
	return true;
}

/*
 * What Linux refuses an unprivileged loader before verifying (bpf_prog_load):
 * without CAP_BPF a program has at most BPF_MAXINSNS instructions and is a
 * socket filter or a cgroup_skb program. No log in Linux (E2BIG, EPERM):
 * these messages say which rule it was.
 */
static int unpriv_load_check(const struct bc_prog *prog,
			     const struct bc_verify_opts *opts,
			     struct bc_err *err)
{
	const char *cap = bc_progtype_load_cap(prog->type);

	if (!opts->unprivileged)
		return 0;
	if (!opts->cap_bpf && prog->insn_cnt > BC_MAXINSNS_UNPRIV)
		return bc_errf(err, -1, -E2BIG,
			       "program of %u insns is too "
			       "large without CAP_BPF (at most %u: "
			       "BPF_MAXINSNS)",
			       prog->insn_cnt, BC_MAXINSNS_UNPRIV);
	if (!opts->cap_bpf && prog->type != BPF_PROG_TYPE_SOCKET_FILTER &&
	    prog->type != BPF_PROG_TYPE_CGROUP_SKB)
		return bc_errf(err, -1, -EPERM,
			       "program type %s needs CAP_BPF "
			       "(without it: socket_filter and cgroup_skb)",
			       bc_progtype_name(prog->type));
	if (cap)
		return bc_errf(err, -1, -EPERM, "program type %s needs %s",
			       bc_progtype_name(prog->type), cap);
	return 0;
}

/*
 * Linux's add_subprog_and_kfunc, before any path is verified: calls of
 * other BPF functions and kfuncs need CAP_BPF, kfuncs a GPL-compatible
 * license.
 */
static int calls_load_check(const struct bc_prog *prog,
			    const struct bc_verify_opts *opts,
			    struct bc_err *err)
{
	bool bpf_cap = !opts->unprivileged || opts->cap_bpf;
	bool gpl = bc_license_is_gpl_compatible(prog->obj->license);

	for (uint32_t i = 0; i < prog->insn_cnt; i++) {
		const struct bpf_insn *in = &prog->insns[i];

		if (!bpf_cap && (bc_is_pseudo_call(in) ||
				 bc_is_kfunc_call(in) || bc_is_pseudo_func(in)))
			return bc_errf(err, i, -EPERM,
				       "loading/calling other "
				       "bpf or kernel functions are allowed "
				       "for CAP_BPF and CAP_SYS_ADMIN");
		if (!gpl && bc_is_kfunc_call(in))
			return bc_errf(err, i, -EINVAL,
				       "cannot call kernel "
				       "function from non-GPL compatible "
				       "program");
		i += bc_is_lddw(in);
	}
	return 0;
}

/*
 * What libbpf and check_struct_ops_btf_id refuse before the kernel's BTF
 * is looked at: a struct_ops program no .struct_ops map uses (libbpf's
 * bpf_object_load_prog), one not under a GPL-compatible license.
 */
static int st_ops_check(const struct bc_prog *prog,
			struct bc_verify_result *res)
{
	if (prog->type != BPF_PROG_TYPE_STRUCT_OPS)
		return 0;
	if (!prog->st_ops) {
		snprintf(res->error, sizeof(res->error),
			 "prog '%s': SEC(\"struct_ops\") program isn't "
			 "referenced anywhere, did you forget to use it?",
			 prog->name);
		return -1;
	}
	if (!bc_license_is_gpl_compatible(prog->obj->license)) {
		snprintf(res->error, sizeof(res->error),
			 "struct ops programs must have a GPL compatible "
			 "license");
		return -1;
	}
	return 0;
}

/*
 * A program with a BTF-typed context (tp_btf, fentry, lsm, ...) needs the
 * kernel's BTF and its attach target in it, as libbpf and the kernel's
 * bpf_check_attach_target do before verifying. Fills *vo (opts with the
 * target) or res->error.
 */
/*
 * bpf_check_attach_target: a sleepable fentry/fexit/fmod_ret program
 * needs a target in the kernel's error-injection list, and fmod_ret one
 * there or a security_ hook. The list is not in the BTF: without
 * CONFIG_FUNCTION_ERROR_INJECTION it is empty; with it bpfcheck knows
 * only x86's syscall wrappers (SYSCALL_DEFINE allows them) to be in it.
 */
static bool attach_allowed(const struct bc_prog *prog,
			   const struct bc_attach *at, bool sleepable,
			   struct bc_verify_result *res)
{
	const struct bc_kconfig *kc = prog->obj->kconfig;
	bool modret = at->attach == BPF_MODIFY_RETURN, inject;
	const char *v = NULL;

	if (prog->type != BPF_PROG_TYPE_TRACING ||
	    (at->attach != BPF_TRACE_FENTRY && at->attach != BPF_TRACE_FEXIT &&
	     !modret) ||
	    (!sleepable && (!modret || !strncmp(at->name, "security_", 9))))
		return true;
	if (!kc || bc_kconfig_read(kc, NULL)) {
		snprintf(res->error, sizeof(res->error),
			 "%s: whether %s is in the kernel's error-injection "
			 "list is not known to bpfcheck without its config",
			 prog->section, at->name);
		return false;
	}
	v = bc_kconfig_value(kc, "CONFIG_FUNCTION_ERROR_INJECTION");
	inject = v && v[0] == 'y';
	if (inject && !strncmp(at->name, "__x64_sys_", 10))
		return true;
	if (inject)
		snprintf(res->error, sizeof(res->error),
			 "%s: whether %s is in the kernel's error-injection "
			 "list is not known to bpfcheck",
			 prog->section, at->name);
	else if (sleepable)
		snprintf(res->error, sizeof(res->error), "%s is not sleepable",
			 at->name);
	else
		snprintf(res->error, sizeof(res->error),
			 "%s() is not modifiable", at->name);
	return false;
}

static int attach_target(const struct bc_prog *prog,
			 const struct bc_verify_opts *opts,
			 struct bc_verify_opts *vo, struct bc_attach *at,
			 struct bc_verify_result *res)
{
	const struct bc_kernel_btf *kb = prog->obj->kbtf;
	const struct btf *btf;
	char msg[256];
	bool typed;

	*vo = *opts;
	typed = bc_btf_typed_ctx(prog->type, prog->attach_type);
	if (st_ops_check(prog, res))
		return -1;
	if (!kb && (typed || prog->core_relos)) {
		bc_kernel_btf_missing(res->error, sizeof(res->error),
				      !typed	    ? "a program with CO-RE "
						      "relocations" :
				      prog->section ? prog->section :
						      "a BTF-typed context");
		return -1;
	}
	if (!typed && !prog->core_relos)
		return 0;
	btf = bc_kernel_btf_get(kb, NULL);
	if (!btf) {
		res->kbtf_unreadable = true;
		return -1;
	}
	if (!typed)
		return 0;
	if (prog->type == BPF_PROG_TYPE_STRUCT_OPS) {
		if (!bc_st_ops_resolve(btf, prog->st_ops, prog->st_member,
				       sleepable_section(prog->section), at,
				       res->error, sizeof(res->error)))
			return -1;
	} else if (!bc_btf_attach_resolve(btf, prog->type,
					  prog->attach_type, prog->section, at,
					  msg, sizeof(msg))) {
		snprintf(res->error, sizeof(res->error), "%s in %s", msg,
			 kb->path);
		return -1;
	}
	if (!attach_allowed(prog, at,
			    (opts->prog_flags & BPF_F_SLEEPABLE) ||
				    sleepable_section(prog->section),
			    res))
		return -1;
	at->kern = opts->kernel;
	vo->attach = at;
	return 0;
}

/* A loop proven to run more rounds than the cap allows instructions. */
static void trip_over_cap(struct bc_verify_result *res, uint64_t cap)
{
	res->accepted = false;
	res->beyond_linux = true;
	res->error_insn = res->worst_loop_insn;
	snprintf(res->error, sizeof(res->error),
		 "loop at insn %" PRId64 " may run %" PRIu64
		 " times, over the limit of %" PRIu64 " insns (max worst case)",
		 res->worst_loop_insn, res->worst_loop_trip, cap);
}

/*
 * A runaway loop: finite, memory-safe, and yet it may run for longer
 * than any program Linux lets run (BC_MAX_WORST_CASE). True: rejected.
 */
static bool worst_case_check(const struct bc_verify_opts *opts,
			     struct bc_verify_result *res)
{
	uint64_t cap = opts->max_worst_case ? opts->max_worst_case :
					      BC_MAX_WORST_CASE;

	if (!res->accepted)
		return false;
	if (!res->has_worst_case) {
		/* each round runs an insn at least */
		if (res->worst_loop_trip <= cap)
			return false;
		trip_over_cap(res, cap);
		return true;
	}
	if (res->worst_case_insns <= cap)
		return false;
	res->accepted = false;
	res->beyond_linux = true;
	res->error_insn = res->worst_loop_insn;
	snprintf(res->error, sizeof(res->error),
		 "%s at insn %" PRId64 " may run %" PRIu64
		 " times: at most %" PRIu64 " insns in "
		 "all, over the limit of %" PRIu64 " (max worst case)",
		 res->worst_loop_callback ? "callback loop" : "loop",
		 res->worst_loop_insn, res->worst_loop_trip,
		 res->worst_case_insns, cap);
	return true;
}

/* Why a helper that needs config may not be there, appended to res. */
static void config_warning(const struct bc_object *o, int32_t id,
			   const char *config, struct bc_verify_result *res)
{
	const struct bc_kconfig *kc = o->kconfig;
	bool known = !bc_kconfig_read(kc, NULL);
	const char *v = bc_kconfig_value(kc, config);
	size_t n = strlen(res->warnings);
	char *at = res->warnings + n;
	size_t left = sizeof(res->warnings) - n;

	if (known && !strncmp(config, "CONFIG_", 7) &&
	    (!v || v[0] != 'y'))
		snprintf(at, left, "%s%s needs %s, which %s does not set",
			 n ? "\n" : "", bc_helper_name(id), config, kc->path);
	else
		snprintf(at, left,
			 "%s%s is available only with %s; other "
			 "kernels refuse this program",
			 n ? "\n" : "", bc_helper_name(id), config);
}

/*
 * Calls to helpers a kernel offers only when built or booted so
 * (bc_helper_config), one warning each.
 */
static void config_warnings(const struct bc_prog *p,
			    struct bc_verify_result *res)
{
	uint64_t seen[2] = { 0 }; /* helper ids below 128 warned about */

	for (uint32_t i = 0; i < p->insn_cnt; i++) {
		const struct bpf_insn *in = &p->insns[i];
		const char *config;

		if (!bc_is_helper_call(in) || in->imm < 0 || in->imm >= 128 ||
		    !(config = bc_helper_config(in->imm)) ||
		    (seen[in->imm / 64] & (1ull << (in->imm % 64))))
			continue;
		seen[in->imm / 64] |= 1ull << (in->imm % 64);
		config_warning(p->obj, in->imm, config, res);
	}
}

/*
 * The kernel BTF was needed and cannot be read: no verdict, the one line
 * saying why (as bc_kernel_btf_get puts it). Returns -1 then, else 0.
 */
static int kbtf_unreadable(const struct bc_prog *prog,
			   struct bc_verify_result *res)
{
	struct bc_err err;

	if (!res->kbtf_unreadable)
		return 0;
	bc_err_init(&err);
	bc_kernel_btf_get(prog->obj->kbtf, &err);
	res->accepted = false;
	res->error_insn = -1;
	res->detail[0] = 0;
	res->path_len = 0;
	snprintf(res->error, sizeof(res->error), "%s", err.msg);
	return -1;
}

/* An older kernel's BPF_PROG_LOAD refuses a program type it does not
 * know (-EINVAL, before its verifier runs). */
static bool kernel_has_type(const struct bc_prog *prog,
			    const struct bc_verify_opts *opts, struct bc_err *err)
{
	const char *name = bc_progtype_name(prog->type);

	if (!opts->kernel || prog->type <= opts->kernel->last_prog_type)
		return true;
	bc_errf(err, -1, EINVAL,
		"unknown program type %s: Linux %s has none (BPF_PROG_LOAD "
		"fails with EINVAL)",
		name ? name : "?", opts->kernel->name);
	return false;
}

int bc_verify(const struct bc_prog *prog, const struct bc_verify_opts *opts,
	      struct bc_verify_result *res)
{
	struct bc_verify_opts dflt = { 0 }, lc, vo;
	struct bc_cfg_opts copts = { 0 };
	struct bc_attach at;
	struct bc_cfg *cfg = NULL;
	struct bc_err err;
	bool by_proof = false, as_linux;
	uint64_t t0 = bc_now_us();
	size_t mem0 = bc_vmem_live();

	if (!opts)
		opts = &dflt;
	memset(res, 0, sizeof(*res));
	res->error_insn = -1;
	res->linux_error_insn = -1;
	bc_vmem_reset_peak();
	bc_err_init(&err);
	if (unpriv_load_check(prog, opts, &err) ||
	    calls_load_check(prog, opts, &err)) {
		snprintf(res->error, sizeof(res->error), "%s", err.msg);
		res->error_insn = err.insn;
		goto out;
	}
	if (!kernel_has_type(prog, opts, &err) ||
	    bc_insn_check_isa(prog->insns, prog->insn_cnt,
			      opts->kernel ? &opts->kernel->isa : NULL, &err)) {
		snprintf(res->error, sizeof(res->error), "%s", err.msg);
		res->error_insn = err.insn;
		goto out;
	}
	if (!attach_check(prog, res) || !func_ret_check(prog, res) ||
	    !map_prog_check(prog, opts, res))
		goto out;
	if (attach_target(prog, opts, &vo, &at, res))
		goto out;
	opts = &vo;
	copts.reject_irreducible = opts->reject_irreducible;
	copts.no_back_edges = opts->unprivileged && !opts->cap_bpf;
	copts.no_fallthrough_back_edges =
		opts->kernel && !opts->kernel->fallthrough_loops;
	if (bc_cfg_build(prog, &copts, &cfg, &err)) {
		snprintf(res->error, sizeof(res->error), "%s", err.msg);
		res->error_insn = err.insn;
		vs_cfg_path(prog, res);
		goto out;
	}
	if (opts->linux_compat) {
		lc = *opts;
		lc.insn_budget = BC_MAX_INSNS;
		if (verify_run(prog, cfg, &lc, res, true, NULL, NULL, NULL))
			exact_callbacks_run(prog, cfg, &lc, res);
	} else {
		by_proof = verify_summarised(prog, cfg, opts, res);
		if (worst_case_check(opts, res))
			vs_loop_path(cfg, res);
	}
out:
	/* Linux's rules and limits decided, so the verdict is Linux's */
	as_linux =
		opts->linux_compat ||
		(!by_proof && !res->beyond_linux && !opts->reject_irreducible &&
		 (!opts->insn_budget || opts->insn_budget == BC_MAX_INSNS));
	if (as_linux)
		linux_is(res, res);
	res->duration_us = bc_now_us() - t0;
	res->peak_mem_kb = (long)((bc_vmem_peak() - mem0 + 1023) / 1024);
	if (!as_linux && cfg && opts->predict_linux)
		predict_linux(prog, cfg, opts, res);
	config_warnings(prog, res);
	if (cfg)
		bc_cfg_free(cfg);
	return kbtf_unreadable(prog, res);
}
