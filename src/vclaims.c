// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Register claims of the verifier, for the soundness oracle (vclaims.h). */
#include <stdlib.h>

#include "util.h"
#include "vclaims.h"

struct bc_claims *bc_claims_new(uint32_t insn_cnt)
{
	struct bc_claims *c = bc_xcalloc(1, sizeof(*c));

	c->insn_cnt = insn_cnt;
	c->at = bc_xcalloc(insn_cnt + 1, sizeof(*c->at));
	return c;
}

void bc_claims_reset(struct bc_claims *c)
{
	for (uint32_t i = 0; i < c->insn_cnt; i++) {
		free(c->at[i]);
		c->at[i] = NULL;
	}
}

void bc_claims_free(struct bc_claims *c)
{
	if (!c)
		return;
	bc_claims_reset(c);
	free(c->at);
	free(c);
}

bool bc_claims_check(const struct bc_claims *c, uint32_t pc, int r,
		     uint64_t v, char *buf, size_t len)
{
	const struct bc_claim *a;

	if (!c || pc >= c->insn_cnt || r < 0 || r > 10 || !(a = c->at[pc]))
		return true;
	if (!(a->scalar & (1u << r)) || (a->other & (1u << r)))
		return true;
	if (bc_scalar_contains(&a->s[r], v))
		return true;
	bc_scalar_fmt(&a->s[r], buf, len);
	return false;
}
