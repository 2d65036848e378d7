// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The soundness oracle: concrete runs checked against claims (oracle.h). */
#include "oracle.h"

int bc_oracle_hook(void *arg, struct bc_vm *vm, const struct bc_prog *prog,
		   uint32_t pc, const uint64_t *regs, int frame)
{
	struct bc_oracle *o = arg;
	char claim[256];

	(void)frame;
	if (prog != o->prog)	/* a tail call: another program */
		return 0;
	for (int r = 0; r <= 10; r++) {
		o->checks++;
		if (bc_claims_check(o->claims, pc, r, regs[r], claim,
				    sizeof(claim)))
			continue;
		bc_vm_err(vm, pc, "oracle: R%d = %#llx is outside the "
			  "verifier's claim %s (a bpfcheck bug: please report "
			  "it)", r, (unsigned long long)regs[r], claim);
		return 1;
	}
	return 0;
}

bool bc_oracle_bound_ok(const struct bc_run_result *res, bool has_bound,
			uint64_t bound)
{
	return !has_bound || res->tail_calls || res->insns <= bound;
}
