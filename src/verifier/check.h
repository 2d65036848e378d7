/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Private to the verifier (vcheck*.c). */
#ifndef BC_VCHECK_H
#define BC_VCHECK_H

#include <stdio.h>

#include "cfg/cfg.h"
#include "load/prog.h"
#include "verifier/verify.h"
#include "verifier/state.h"

struct vhist;

struct venv {
	const struct bc_prog *prog;
	const struct bc_object *obj;
	struct bc_cfg *cfg;
	const struct bc_verify_opts *opts;
	struct bc_verify_result *res;
	bool priv;
	uint32_t type, attach;
	uint8_t *prune;		/* 1 pruning point, 2 also against live states */
	uint16_t *live;		/* registers live into each insn */
	uint16_t *use, *def;	/* registers each insn reads, writes */
	struct bc_vchk **chk;	/* explored states per insn */
	struct bc_vchk *evicted;	/* dropped from chk[], state freed */
	struct bc_vchk **seen;	/* checkpoints by (pc, key), open addressing */
	size_t seen_n, seen_cap;
	uint32_t *chk_cnt;
	struct bc_vstate *stack;	/* pending paths */
	size_t stack_n, stack_cap;
	struct bc_vstate cur;
	uint32_t id_gen;
	uint32_t *sub_depth;	/* stack depth per subprogram */
	struct vhist *hist;	/* instructions of the current path */
	size_t hist_n, hist_cap;
	bool prec;		/* precision tracking (vprec.h) */
	FILE *log;
	int level;
	uint64_t budget, processed, last_chk, last_jmps, jmps, states,
		 live_states;
	bool failed;
	/* Spectre v1 masking for !root (sanitize_alu), per insn */
	uint8_t *alu_state;	/* 0: no pointer arithmetic masked yet */
	uint32_t *alu_limit;
	bool explore_alu;	/* a register offset was masked: scalars
				 * must be equal for pruning, as in Linux */
	/* loop summaries (vloop.c) */
	bool nosum;		/* off: the fallback run explores iterations */
	bool sum_abort;		/* a summary failed: verify again without */
	bool cb_widened;	/* a callback entry state was widened */
	char sum_why[200];
	uint8_t *reached;	/* per insn: processed at least once */
	uint8_t *loop_unsum;	/* per loop: reached without a summary */
	uint64_t *loop_trip;	/* per loop: largest trip bound proven */
	struct vsum *sums;
	uint32_t sum_cnt;
	size_t sum_cap;
};

/* key: bc_vstate_hash of the state, for infinite loop detection (0 none) */
struct bc_vchk *vc_checkpoint(struct venv *e, uint32_t pc, uint64_t key);
int vc_err(struct venv *e, uint32_t pc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void vc_log(struct venv *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static inline struct bc_vframe *vc_frame(struct venv *e)
{
	return e->cur.frames[e->cur.curframe];
}

static inline struct bc_vreg *vc_reg(struct venv *e, int r)
{
	return &vc_frame(e)->regs[r];
}

#endif
