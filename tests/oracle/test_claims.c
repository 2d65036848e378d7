// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The oracle's claim check (src/vclaims.c) catches a value outside. */
#include <stdio.h>
#include <string.h>

#include "util.h"
#include "vclaims.h"

int main(void)
{
	struct bc_claims *c = bc_claims_new(4);
	char buf[256] = "";
	int fails = 0;

	c->at[1] = bc_xcalloc(1, sizeof(*c->at[1]));
	c->at[1]->scalar = 1u << 3 | 1u << 4;
	bc_scalar_urange(&c->at[1]->s[3], 0, 10);
	bc_scalar_urange(&c->at[1]->s[4], 0, 10);
	c->at[1]->other = 1u << 4;	/* a pointer in some state: unchecked */
	fails += !bc_claims_check(c, 1, 3, 10, buf, sizeof(buf));
	fails += bc_claims_check(c, 1, 3, 11, buf, sizeof(buf));
	fails += strcmp(buf, "scalar(smin=smin32=0,smax=umax=smax32=umax32=10,"
			     "var_off=(0x0; 0xf))") != 0;
	fails += !bc_claims_check(c, 1, 4, 99, buf, sizeof(buf));
	fails += !bc_claims_check(c, 1, 5, 99, buf, sizeof(buf));
	fails += !bc_claims_check(c, 0, 3, 99, buf, sizeof(buf));
	fails += !bc_claims_check(c, 9, 3, 99, buf, sizeof(buf));
	bc_claims_free(c);
	if (fails)
		fprintf(stderr, "%d claim checks wrong (last claim: %s)\n", fails,
			buf);
	return fails != 0;
}
