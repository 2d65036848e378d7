/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The verifier: abstract interpretation of one linked program with the
 * Linux verifier's safety rules (registers, stack, context, packet, map
 * values, helpers, bpf-to-bpf calls), a depth-first search over paths with
 * state pruning, and Linux's messages on rejection.
 */
#ifndef BC_VERIFY_H
#define BC_VERIFY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "load/prog.h"
#include "platform/btfctx.h"
#include "verifier/claims.h"

struct bc_verify_opts {
	int log_level;		/* 0 none, 1 path to the error, 2 every insn */
	FILE *log;		/* NULL: no log */
	bool unprivileged;	/* loader without CAP_BPF/CAP_PERFMON */
	bool reject_irreducible;
	uint64_t insn_budget;	/* 0 = 1000000 (Linux) */
	struct bc_claims *claims;	/* non-NULL: record register claims
					 * (claims.h) of the deciding search;
					 * implies no_precision */
	/*
	 * Treat every scalar as precise: prune only where all values are
	 * contained, as without precision tracking. Claims need it (the
	 * values of a path pruned on an imprecise scalar are in no claim).
	 */
	bool no_precision;
	uint32_t prog_flags;	/* the load's BPF_F_* flags (BC_PROG_FLAGS) */
	/* set by bc_verify: the attach target of a typed context */
	const struct bc_attach *attach;
};

/* The load flags bpfcheck honours; others are accepted and ignored. */
#define BC_PROG_FLAGS (BPF_F_STRICT_ALIGNMENT | BPF_F_ANY_ALIGNMENT | \
		       BPF_F_SLEEPABLE)

struct bc_verify_result {
	bool accepted;
	char error[512];	/* last line of the rejection */
	int64_t error_insn;	/* -1 when no single instruction */
	uint64_t processed_insns, total_states, peak_states,
		 max_states_per_insn, duration_us;
	long peak_mem_kb;
	uint32_t stack_depth;	/* main program's stack depth in bytes */
	/*
	 * Loops: summaries (header states) proven by induction, and whether
	 * the verdict came from exploring iterations instead (then
	 * loop_note says why the induction method did not apply).
	 */
	uint32_t loops_proven;
	uint64_t max_trip;	/* largest trip-count bound proven */
	/*
	 * An upper bound on the instructions any run executes (trip bounds
	 * times longest loop bodies, nested loops multiplied, calls adding
	 * their callee's bound); has_worst_case is false when none exists
	 * (a loop was explored iteration by iteration, or a callback).
	 */
	bool has_worst_case;
	uint64_t worst_case_insns;
	uint64_t first_pass_insns;	/* insns of the summarised search
					 * that did not decide the verdict */
	bool loops_explored;
	char loop_note[1100];
};

/*
 * Verify prog. Returns 0 when verification ran (see res->accepted) or
 * < 0 on an internal error (res->error says why). opts may be NULL.
 */
int bc_verify(const struct bc_prog *prog, const struct bc_verify_opts *opts,
	      struct bc_verify_result *res);

#endif
