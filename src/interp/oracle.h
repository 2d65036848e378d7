/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The soundness oracle (issue 6): an interpreter hook that checks, before
 * every executed instruction, each register against what the verifier
 * claimed there (src/verifier/claims.h), and a check of a finished run against the
 * verifier's worst-case bound. Used by `bpfcheck run --oracle` and by
 * bench/soundness.
 */
#ifndef BC_ORACLE_H
#define BC_ORACLE_H

#include "interp/interp.h"
#include "verifier/claims.h"

struct bc_oracle {
	const struct bc_prog *prog; /* the verified program */
	const struct bc_claims *claims;
	uint64_t checks; /* register checks made */
};

/*
 * A bc_interp_hook (arg: struct bc_oracle *). On a violation it sets the
 * run's error to "insn N: oracle: R1 = 0x.. is outside the verifier's
 * claim ..." and stops the run.
 */
int bc_oracle_hook(void *arg, struct bc_vm *vm, const struct bc_prog *prog,
		   uint32_t pc, const uint64_t *regs, int frame);

/*
 * Did a finished run stay within the verifier's worst-case bound? (A run
 * with tail calls ran other programs too: not checked.)
 */
bool bc_oracle_bound_ok(const struct bc_run_result *res, bool has_bound,
			uint64_t bound);

#endif
