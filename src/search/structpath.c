// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The causal path of a rejection no search path leads to (structpath.h). */
#include <stdlib.h>
#include <string.h>

#include "isa/insn.h"
#include "search/structpath.h"
#include "util/util.h"

static void step(struct bc_verify_result *res, uint32_t insn, uint32_t kind)
{
	if (res->path_len < BC_PATH_MAX)
		res->path[res->path_len++] =
			(struct bc_path_step){ .insn = insn, .kind = kind };
}

/* The function of prog holding insn pc, or func_cnt. */
static uint32_t func_of(const struct bc_prog *prog, uint32_t pc)
{
	for (uint32_t f = 0; f < prog->func_cnt; f++)
		if (pc >= prog->funcs[f].start &&
		    pc - prog->funcs[f].start < prog->funcs[f].len)
			return f;
	return prog->func_cnt;
}

/*
 * The calls from the program's entry down to the function holding pc
 * (the first found, breadth first), then pc: in via[f] the call that
 * reached function f.
 */
void vs_call_path(const struct bc_prog *prog, uint32_t pc,
		  struct bc_verify_result *res)
{
	uint32_t n = prog->func_cnt, to = func_of(prog, pc), head = 0, tail = 0;
	uint32_t *via = bc_xcalloc(n + 1, sizeof(*via));
	uint32_t *queue = bc_xcalloc(n + 1, sizeof(*queue));
	uint32_t chain[BC_PATH_MAX], cnt = 0;

	for (uint32_t f = 0; f < n; f++)
		via[f] = UINT32_MAX;
	queue[tail++] = 0;
	via[0] = 0;
	while (head < tail && to < n && via[to] == UINT32_MAX) {
		const struct bc_func *f = &prog->funcs[queue[head++]];

		for (uint32_t i = f->start; i - f->start < f->len; i++) {
			const struct bpf_insn *in = &prog->insns[i];
			uint32_t t;

			if (!bc_is_pseudo_call(in))
				continue;
			t = func_of(prog, (uint32_t)(i + in->imm + 1));
			if (t < n && via[t] == UINT32_MAX) {
				via[t] = i;
				queue[tail++] = t;
			}
		}
	}
	for (uint32_t f = to;
	     f && f < n && via[f] != UINT32_MAX && cnt < BC_PATH_MAX - 1;
	     f = func_of(prog, via[f]))
		chain[cnt++] = via[f];
	while (cnt)
		step(res, chain[--cnt], BC_STEP_DEFINES);
	step(res, pc, BC_STEP_DEFINES);
	free(via);
	free(queue);
}

void vs_map_path(const struct bc_prog *prog, uint32_t map,
		 struct bc_verify_result *res)
{
	for (uint32_t i = 0; i + 1 < prog->insn_cnt; i++) {
		const struct bpf_insn *in = &prog->insns[i];

		if (!bc_is_lddw(in))
			continue;
		if ((in->src_reg == BPF_PSEUDO_MAP_IDX ||
		     in->src_reg == BPF_PSEUDO_MAP_IDX_VALUE) &&
		    (uint32_t)in->imm == map) {
			res->error_insn = i;
			res->path_len = 0;
			vs_call_path(prog, i, res);
			return;
		}
		i++;
	}
}

void vs_cfg_path(const struct bc_prog *prog, struct bc_verify_result *res)
{
	int64_t x = res->error_insn;
	const struct bpf_insn *in;
	uint32_t before;

	res->path_len = 0;
	if (x < 0 || (uint64_t)x >= prog->insn_cnt)
		return;
	in = &prog->insns[x];
	if (!strncmp(res->error, "unreachable insn", 16)) {
		/* the code before it ends without falling through */
		if (!x)
			return;
		before = (uint32_t)x - 1;
		if (x >= 2 && bc_is_lddw(&prog->insns[x - 2]))
			before = (uint32_t)x - 2;
		step(res, before,
		     bc_is_jmp_class(&prog->insns[before]) &&
				     bc_op(&prog->insns[before]) == BPF_JA ?
			     BC_STEP_TAKEN :
			     BC_STEP_DEFINES);
	} else if (bc_is_pseudo_call(in)) {
		vs_call_path(prog, (uint32_t)x, res);
	} else if (bc_is_jmp_class(in)) {
		step(res, (uint32_t)x, BC_STEP_TAKEN);
	}
}

static int by_insn(const void *a, const void *b)
{
	const struct bc_path_step *x = a, *y = b;

	return (x->insn > y->insn) - (x->insn < y->insn);
}

/* Sorted steps, each insn once (a latch's test is an exit's too). */
static void dedup(struct bc_verify_result *res)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < res->path_len; i++)
		if (!n || res->path[n - 1].insn != res->path[i].insn)
			res->path[n++] = res->path[i];
	res->path_len = n;
}

/* Block b's last insn, as it keeps the path in the loop towards to. */
static void stay(const struct bc_cfg *cfg, uint32_t b, uint32_t out,
		 struct bc_verify_result *res)
{
	uint32_t pc = cfg->blocks[b].last;
	const struct bpf_insn *in = &cfg->prog->insns[pc];

	if (!bc_is_cond_jmp(in))
		return;
	step(res, pc,
	     bc_jmp_target(in, pc) == cfg->blocks[out].first ?
		     BC_STEP_NOT_TAKEN :
		     BC_STEP_TAKEN);
}

void vs_loop_path(const struct bc_cfg *cfg, struct bc_verify_result *res)
{
	const struct bc_loop *lp;
	uint32_t l;

	res->path_len = 0;
	if (res->error_insn < 0)
		return;
	l = bc_cfg_loop_at(cfg, (uint32_t)res->error_insn);
	if (l == BC_NONE)
		return;
	lp = &cfg->loops[l];
	/* the tests that would leave it, staying; then the way back */
	for (uint32_t i = 0; i < lp->exit_cnt; i++)
		stay(cfg, lp->exits[i].from, lp->exits[i].to, res);
	for (uint32_t i = 0; i < lp->latch_cnt; i++) {
		uint32_t pc = cfg->blocks[lp->latches[i]].last;

		step(res, pc,
		     bc_is_jmp_class(&cfg->prog->insns[pc]) ? BC_STEP_TAKEN :
							      BC_STEP_DEFINES);
	}
	qsort(res->path, res->path_len, sizeof(res->path[0]), by_insn);
	dedup(res);
}
