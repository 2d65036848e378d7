// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The oracle's claim check (src/verifier/claims.c) catches a value outside. */
#include <stdio.h>
#include <string.h>

#include "util/util.h"
#include "verifier/claims.h"
#include "verifier/state.h"

static bool one_map(void *vm, uint32_t m, uint64_t addr, int64_t omin,
		    int64_t omax)
{
	/* map 2 has one value at 0x1000 */
	(void)vm;
	return m == 2 && (int64_t)(addr - 0x1000) >= omin &&
	       (int64_t)(addr - 0x1000) <= omax;
}

/* Pointer claims: kind, offset range, packet bytes proven past. */
static int ptr_claims(void)
{
	struct bc_claims *c = bc_claims_new(2);
	struct bc_claim_bases b = { .depth = 1,
				    .fp = { 0x8200, 0x9200 },
				    .ctx = 0x100,
				    .data = 0x400,
				    .data_end = 0x440,
				    .map_has = one_map };
	struct bc_claim *a;
	char buf[256] = "";
	int fails = 0;

	a = c->at[0] = bc_xcalloc(1, sizeof(*c->at[0]));
	a->ptr = 1u << 1 | 1u << 2 | 1u << 3 | 1u << 4;
	a->p[1] = (struct bc_pclaim){
		.kind = VK_FP, .frame = 1, .omin = -16, .omax = -8
	};
	a->p[2] = (struct bc_pclaim){
		.kind = VK_PKT, .omin = 14, .omax = 20, .pkt_ahead = 20
	};
	a->p[3] = (struct bc_pclaim){
		.kind = VK_MAP_VALUE, .map = 2, .omin = 0, .omax = 8
	};
	a->p[4] = (struct bc_pclaim){ .kind = VK_CTX, .omin = 0, .omax = 0 };
	fails += !bc_claims_check_ptr(c, 0, 1, 0x9200 - 8, &b, buf, 256);
	fails += bc_claims_check_ptr(c, 0, 1, 0x8200 - 8, &b, buf, 256);
	fails += strcmp(buf, "fp(off=-16..-8)") != 0;
	fails += !bc_claims_check_ptr(c, 0, 2, 0x400 + 20, &b, buf, 256);
	fails += bc_claims_check_ptr(c, 0, 2, 0x400 + 21, &b, buf, 256);
	b.data_end = 0x400 + 33; /* only 19 bytes past 14 */
	fails += bc_claims_check_ptr(c, 0, 2, 0x400 + 14, &b, buf, 256);
	fails += strcmp(buf, "pkt(off=14..20, 20 bytes proven past it)") != 0;
	fails += !bc_claims_check_ptr(c, 0, 3, 0x1008, &b, buf, 256);
	fails += bc_claims_check_ptr(c, 0, 3, 0x1009, &b, buf, 256);
	fails += !bc_claims_check_ptr(c, 0, 4, 0x100, &b, buf, 256);
	fails += bc_claims_check_ptr(c, 0, 4, 0x108, &b, buf, 256);
	a->other = 1u << 4; /* some state held another kind */
	fails += !bc_claims_check_ptr(c, 0, 4, 0x108, &b, buf, 256);
	fails += !bc_claims_check(c, 0, 1, 0, buf, 256); /* no scalar */
	bc_claims_free(c);
	if (fails)
		fprintf(stderr, "%d pointer claim checks wrong (last: %s)\n",
			fails, buf);
	return fails;
}

/* Stack claims: a spilled scalar's range and bytes known to be zero. */
static int stack_claims(void)
{
	struct bc_claims *c = bc_claims_new(1);
	struct bc_claim *a = c->at[0] = bc_xcalloc(1, sizeof(*c->at[0]));
	uint8_t stack[512] = { 0 };
	uint64_t v = 7;
	char buf[256] = "";
	int fails = 0;

	a->sframe = 1;
	a->sspill = 1ull << 63; /* fp-8 */
	a->ss = bc_xcalloc(64, sizeof(*a->ss));
	bc_scalar_urange(&a->ss[63], 0, 7);
	a->szero[7] = 0xffull << 48; /* fp-16..fp-9 */
	memcpy(stack + 504, &v, 8);
	fails += !bc_claims_check_stack(c, 0, 1, stack, buf, 256);
	fails += !bc_claims_check_stack(c, 0, 0, stack + 1, buf, 256);
	stack[500] = 1;
	fails += bc_claims_check_stack(c, 0, 1, stack, buf, 256);
	fails += strcmp(buf, "fp-12 = 0x1 is outside the claim zero") != 0;
	stack[500] = 0;
	v = 8;
	memcpy(stack + 504, &v, 8);
	fails += bc_claims_check_stack(c, 0, 1, stack, buf, 256);
	fails += strncmp(buf, "fp-8 = 0x8 is outside the claim scalar(", 39) !=
		 0;
	bc_claims_free(c);
	if (fails)
		fprintf(stderr, "%d stack claim checks wrong (last: %s)\n",
			fails, buf);
	return fails;
}

int main(void)
{
	struct bc_claims *c = bc_claims_new(4);
	char buf[256] = "";
	int fails = 0;

	c->at[1] = bc_xcalloc(1, sizeof(*c->at[1]));
	c->at[1]->scalar = 1u << 3 | 1u << 4;
	bc_scalar_urange(&c->at[1]->s[3], 0, 10);
	bc_scalar_urange(&c->at[1]->s[4], 0, 10);
	c->at[1]->other = 1u << 4; /* a pointer in some state: unchecked */
	fails += !bc_claims_check(c, 1, 3, 10, buf, sizeof(buf));
	fails += bc_claims_check(c, 1, 3, 11, buf, sizeof(buf));
	fails += strcmp(buf, "scalar(smin=smin32=0,smax=umax=smax32=umax32=10,"
			     "var_off=(0x0; 0xf))") != 0;
	fails += !bc_claims_check(c, 1, 4, 99, buf, sizeof(buf));
	fails += !bc_claims_check(c, 1, 5, 99, buf, sizeof(buf));
	fails += !bc_claims_check(c, 0, 3, 99, buf, sizeof(buf));
	fails += !bc_claims_check(c, 9, 3, 99, buf, sizeof(buf));
	bc_claims_free(c);
	fails += ptr_claims();
	fails += stack_claims();
	if (fails)
		fprintf(stderr, "%d claim checks wrong (last claim: %s)\n",
			fails, buf);
	return fails != 0;
}
