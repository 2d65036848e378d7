/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * What a verification is asked (struct bc_verify_opts) and what it answers
 * (struct bc_verify_result): bc_verify (search/verify.h) takes the one and
 * fills the other, and the checkers read and write them through the env.
 */
#ifndef BC_VERIFIER_VERDICT_H
#define BC_VERIFIER_VERDICT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "prog/prog.h"
#include "platform/btfctx.h"
#include "verifier/claims.h"
#include "platform/kernels.h"

struct bc_verify_opts {
	int log_level; /* 0 none, 1 path to the error, 2 every insn */
	FILE *log; /* NULL: no log */
	/*
	 * A loader without capabilities (no CAP_BPF, CAP_PERFMON,
	 * CAP_NET_ADMIN nor CAP_SYS_ADMIN), as with
	 * kernel.unprivileged_bpf_disabled=0; cap_bpf: one that keeps
	 * CAP_BPF only (loops, subprograms, 1M insns, precision tracking).
	 */
	bool unprivileged;
	bool cap_bpf;
	bool reject_irreducible;
	uint64_t insn_budget; /* 0 = 1000000 (Linux) */
	struct bc_claims *claims; /* non-NULL: record register claims
					 * (claims.h) of the deciding search;
					 * implies no_precision */
	/*
	 * Treat every scalar as precise: prune only where all values are
	 * contained, as without precision tracking. Claims need it (the
	 * values of a path pruned on an imprecise scalar are in no claim).
	 */
	bool no_precision;
	uint32_t prog_flags; /* the load's BPF_F_* flags (BC_PROG_FLAGS) */
	/*
	 * linux_compat: the verdict is Linux's (no loop summaries, Linux's
	 * limits). predict_linux: also say what Linux would answer when the
	 * verdict came from a loop proof (one more search, as Linux's).
	 */
	bool linux_compat;
	bool predict_linux;
	/*
	 * Reject a program whose worst case runs more instructions than
	 * this (0: BC_MAX_WORST_CASE); not with linux_compat.
	 */
	uint64_t max_worst_case;
	/* the kernel whose verifier to mirror (platform/kernels.h); NULL:
	 * the newest */
	const struct bc_kernel *kernel;
	/* set by bc_verify: the attach target of a typed context */
	const struct bc_attach *attach;
};

/* What Linux would answer: known when no loop proof decided the verdict. */
enum bc_linux_verdict {
	BC_LINUX_UNKNOWN,
	BC_LINUX_ACCEPT,
	BC_LINUX_REJECT,
};

/*
 * The default cap on a program's worst-case run: 2^32 instructions. Linux
 * lets no loop run more than BPF_MAX_LOOPS (1<<23) times (bpf_loop's
 * nr_loops, may_goto's budget, bpf_iter_num's range), so 2^32 admits its
 * longest loops with bodies of 512 instructions, and refuses any loop that
 * may iterate 2^31 times (a 32-bit counter tested in its low half).
 */
#define BC_MAX_WORST_CASE (1ull << 32)

/* The load flags bpfcheck honours; others are accepted and ignored. */
#define BC_PROG_FLAGS                                                          \
	(BPF_F_STRICT_ALIGNMENT | BPF_F_ANY_ALIGNMENT | BPF_F_SLEEPABLE)

/*
 * One step of a rejection's causal path (bpfcheck_path_step): an
 * instruction of the failing path that wrote a value the fault depends
 * on, or a conditional jump that compared one, and which way it went, or
 * the function's entry when one of the values is an argument.
 */
enum bc_step_kind {
	BC_STEP_DEFINES,
	BC_STEP_TAKEN,
	BC_STEP_NOT_TAKEN,
	BC_STEP_ENTRY, /* the function's entry: an argument (the context) */
};

struct bc_path_step {
	uint32_t insn;
	uint32_t kind; /* enum bc_step_kind */
};

#define BC_PATH_MAX 32 /* steps kept, the nearest to the fault */

struct bc_verify_result {
	bool accepted;
	char error[512]; /* last line of the rejection */
	char detail[256]; /* Linux's line above it, if any (e.g.
				 * "invalid access to map value, ...") */
	int64_t error_insn; /* -1 when no single instruction */
	uint64_t processed_insns, total_states, peak_states,
		max_states_per_insn, duration_us;
	long peak_mem_kb; /* the states' register and stack frames
				 * (the bulk of the memory) at their peak */
	uint32_t stack_depth; /* main program's stack depth in bytes */
	/*
	 * Loops: summaries (header states) proven by induction, and whether
	 * the verdict came from exploring iterations instead (then
	 * loop_note says why the induction method did not apply).
	 */
	uint32_t loops_proven;
	uint64_t max_trip; /* largest trip-count bound proven */
	/*
	 * An upper bound on the instructions any run executes (trip bounds
	 * times longest loop bodies, nested loops multiplied, calls adding
	 * their callee's bound); has_worst_case is false when none exists
	 * (a loop was explored iteration by iteration, or a callback).
	 */
	bool has_worst_case;
	uint64_t worst_case_insns;
	int64_t worst_loop_insn; /* the loop that may run most often:
					 * its header or helper call, -1 */
	uint64_t worst_loop_trip;
	bool worst_loop_callback;
	uint64_t first_pass_insns; /* insns of the summarised search
					 * that did not decide the verdict */
	bool loops_explored;
	char loop_note[1100];
	bool beyond_linux; /* a rule Linux lacks decided part of it */
	bool kbtf_unreadable; /* needed the kernel BTF, could not read it */
	enum bc_linux_verdict linux_verdict;
	char linux_error[512]; /* Linux's reason when it rejects */
	int64_t linux_error_insn;
	uint64_t linux_processed_insns;
	uint64_t linux_duration_us; /* the prediction's own search; not
					 * part of duration_us */
	/* helpers a kernel offers only when built or booted so, a line
	 * each: "NAME is available only with CONFIG; ..." */
	char warnings[512];
	/* the causal path of a rejection by the search, in the order its
	 * steps ran (verifier/causal.h); 0 steps when there is none */
	struct bc_path_step path[BC_PATH_MAX];
	uint32_t path_len;
};

#endif
