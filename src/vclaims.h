/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * What the verifier claimed about registers (the soundness oracle, issue
 * 6): for every instruction it checked, over all the states it explored
 * there, the join of each live scalar register's abstract value. The
 * interpreter then asserts that every concrete value lies inside.
 */
#ifndef BC_VCLAIMS_H
#define BC_VCLAIMS_H

#include <stdbool.h>
#include <stdint.h>

#include "scalar.h"

struct bc_claim {
	uint16_t scalar;	/* registers with a scalar claim */
	uint16_t other;		/* registers some state held otherwise */
	struct bc_scalar s[11];
};

struct bc_claims {
	uint32_t insn_cnt;
	struct bc_claim **at;	/* per insn, NULL: never checked */
};

struct bc_claims *bc_claims_new(uint32_t insn_cnt);
void bc_claims_reset(struct bc_claims *c);
void bc_claims_free(struct bc_claims *c);

/*
 * Is value v of register r at insn pc inside the claims? True when there is
 * no scalar claim to check (a pointer, or an instruction never reached).
 * When false, buf describes the claim.
 */
bool bc_claims_check(const struct bc_claims *c, uint32_t pc, int r,
		     uint64_t v, char *buf, size_t len);

#endif
