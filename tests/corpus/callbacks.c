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

/*
 * A value of the caller that matters only in a callback: the index the
 * callback reads the map value at comes from the caller's stack. The
 * first path (the fall-through) stores 0 there, the second FAR. Every
 * scalar of the state at a callback's call is marked precise along the
 * path (vp_mark_all): were the slot not, the second path would be
 * pruned where the two meet, before the call, and an index past the
 * value accepted. The twin's FAR is in bounds.
 */
struct idx_ctx {
	__u64 idx;
	struct val *v;
};

static __noinline int read_at(__u32 i, struct idx_ctx *c)
{
	if (c->v)
		c->v->b[0] = c->v->b[c->idx];
	return 1;
}

#define S(x) #x
#define CB_INDEX(name, far)						\
SEC("tc")								\
__naked int name(void)							\
{									\
	asm volatile (							\
	"r6 = r1;"							\
	"r1 = 0;"							\
	"*(u32 *)(r10 - 4) = r1;"					\
	"r2 = r10;"							\
	"r2 += -4;"							\
	"r1 = %[amap] ll;"						\
	"call 1;"							\
	"if r0 == 0 goto 9f;"						\
	"*(u64 *)(r10 - 16) = r0;"					\
	"r1 = " S(far) ";"						\
	"*(u64 *)(r10 - 24) = r1;"					\
	"call 7;"							\
	"if r0 == 0 goto 1f;"						\
	"r1 = 0;"							\
	"*(u64 *)(r10 - 24) = r1;"					\
	"1: r1 = 0;"							\
	"r2 = 0;"							\
	"r3 = 0;"							\
	"r4 = 0;"							\
	"r5 = 0;"							\
	"r1 = 0;"							\
	"r2 = 0;"							\
	"r3 = 0;"							\
	"if r1 != 0 goto 9f;"						\
	"if r2 != 0 goto 9f;"						\
	"2: r3 = r10;"							\
	"r3 += -24;"							\
	"r1 = 1;"							\
	"r2 = %[read_at] ll;"						\
	"r4 = 0;"							\
	"call 181;"							\
	"9: r0 = 0;"							\
	"exit;"								\
	:: [amap]"i"(&amap), [read_at]"i"(read_at) : "memory");	\
}

/* EXPECT reject: R3 min value is outside of the allowed memory range */
CB_INDEX(cb_index_bad, 64)
/* EXPECT accept */
CB_INDEX(cb_index_ok, 63)
