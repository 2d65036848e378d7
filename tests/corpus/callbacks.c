// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* CORPUS-VARIANTS: c19v3 c19v4 */
/*
 * bpf_loop callbacks counted as Linux counts them (callback_depth): a
 * loop of count n runs its callback at most n times, so a context value
 * the callback increments stays in [0, n]; and a division by the constant
 * 0 in code the verifier never reaches does not fail the program (Linux
 * refuses it in check_alu_op, where reached). Compiled by clang 19
 * (variants c19v3, c19v4).
 */
#include "corpus.h"

struct loop_ctx {
	__u64 i;
};

static __u8 choice[2] = { 0, 1 };

static int bump(__u32 idx, struct loop_ctx *c)
{
	c->i++;
	return 0;
}

/* EXPECT accept */
SEC("tc")
int bpf_loop_once(struct __sk_buff *skb)
{
	struct loop_ctx c = { .i = 0 };

	bpf_loop(1, bump, &c, 0);
	return choice[c.i];
}

/* EXPECT reject: R1 min value is outside of the allowed memory range */
SEC("tc")
int bpf_loop_twice(struct __sk_buff *skb)
{
	struct loop_ctx c = { .i = 0 };

	bpf_loop(2, bump, &c, 0);
	return choice[c.i];
}

/* EXPECT accept */
SEC("tc")
int dead_div_by_zero(struct __sk_buff *skb)
{
	__u64 v = skb->len & 7;

	if (v > 7)
		asm volatile ("r0 = 1; r0 /= 0" ::: "r0");
	return v;
}

/* EXPECT reject: div by zero */
SEC("tc")
int live_div_by_zero(struct __sk_buff *skb)
{
	__u64 v = skb->len & 7;

	if (v > 3)
		asm volatile ("r0 = 1; r0 /= 0" ::: "r0");
	return v;
}
