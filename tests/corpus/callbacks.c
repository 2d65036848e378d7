// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* CORPUS-VARIANTS: c19v3 c19v4 */
/*
 * bpf_loop callbacks counted as Linux counts them (callback_depth): a
 * loop of count n runs its callback at most n times, so a context value
 * the callback increments stays in [0, n]; and a division by the constant
 * 0 in code the verifier never reaches does not fail the program (Linux
 * refuses it in check_alu_op, where reached); and stack slots a callback
 * writes and never reads, which do not keep its paths apart. Compiled by
 * clang 19 (variants c19v3, c19v4).
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

/*
 * A callback that leaves 1 or 2 in each of 14 stack slots, one per branch,
 * and never reads them: dead at each join (bpfcheck's stack liveness,
 * Linux 6.18's liveness.c), the two paths meet there. Were the slots
 * compared, every join would double the paths (2^14 of them, ~200,000
 * insns: past the budget of the second EXPECT).
 */
#define DEAD_SLOT(off)					\
	"call 7;"	/* bpf_get_prandom_u32 */	\
	"if r0 > 5 goto 1f;"				\
	"r1 = 1;"					\
	"*(u64 *)(r10 - " #off ") = r1;"		\
	"goto 2f;"					\
	"1: r1 = 2;"					\
	"*(u64 *)(r10 - " #off ") = r1;"		\
	"2:"

static __attribute__((noinline)) long dead_slots_cb(__u64 i, void *ctx)
{
	/* (the function has no locals of its own: the slots are free) */
	asm volatile (DEAD_SLOT(8) DEAD_SLOT(16) DEAD_SLOT(24) DEAD_SLOT(32)
		      DEAD_SLOT(40) DEAD_SLOT(48) DEAD_SLOT(56) DEAD_SLOT(64)
		      DEAD_SLOT(72) DEAD_SLOT(80) DEAD_SLOT(88) DEAD_SLOT(96)
		      DEAD_SLOT(104) DEAD_SLOT(112)
		      ::: "r0", "r1", "r2", "r3", "r4", "r5", "memory");
	return 0;
}

/* EXPECT accept */
/* EXPECT --insn-budget 20000 -> accept */
SEC("tc")
int dead_slots_in_callback(struct __sk_buff *skb)
{
	bpf_loop(4, dead_slots_cb, NULL, 0);
	return 0;
}
