// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* bpf-to-bpf calls, tail calls, callbacks (bpf_loop, for_each_map_elem). */
#include "corpus.h"

struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u32);
} jt SEC(".maps");

static __noinline int sub_add(int a, int b)
{
	return a + b;
}

/* EXPECT accept */
SEC("socket")
int call_simple(struct __sk_buff *skb)
{
	return sub_add(skb->len, 1);
}

static __noinline int sub_read_ptr(__u64 *p)
{
	return *p;
}

/* EXPECT accept */
SEC("socket")
int call_stack_ptr_arg(struct __sk_buff *skb)
{
	__u64 x = skb->len;

	return sub_read_ptr(&x);
}

static __noinline int sub_index(struct val *v, __u32 i)
{
	return v->b[i];
}

/* EXPECT reject: unbounded memory access */
SEC("socket")
int call_unbounded_in_callee(struct __sk_buff *skb)
{
	struct val *v = val0();

	if (!v)
		return 0;
	return sub_index(v, skb->len);
}

static __noinline int sub_index_masked(struct val *v, __u32 i)
{
	return v->b[i & 63];
}

/* EXPECT accept */
SEC("socket")
int call_map_value_arg(struct __sk_buff *skb)
{
	struct val *v = val0();

	if (!v)
		return 0;
	return sub_index_masked(v, skb->len);
}

static __noinline int big_frame(int x)
{
	volatile char buf[300];

	buf[x & 255] = 1;
	return buf[7];
}

static __noinline int big_frame2(int x)
{
	volatile char buf[300];

	buf[x & 255] = 2;
	return buf[3] + big_frame(x);
}

/* EXPECT reject: combined stack size of 3 calls is 608. Too large */
SEC("socket")
int call_stack_too_deep(struct __sk_buff *skb)
{
	return big_frame2(skb->len);
}

static __naked __noinline __attribute__((used)) void sub_ret1(void)
{
	asm volatile ("r0 = 1;"
	"exit;" ::: "memory");
}

/* EXPECT accept */
SEC("socket")
__naked void call_preserves_r6(void)
{
	asm volatile (
	"r6 = r1;"
	"call sub_ret1;"
	"r0 = *(u32 *)(r6 + 0);"
	"exit;" ::: "memory");
}

/* EXPECT reject: R1 !read_ok */
SEC("socket")
__naked void call_clobbers_r1(void)
{
	asm volatile (
	"call sub_ret1;"
	"r0 = *(u32 *)(r1 + 0);"
	"exit;" ::: "memory");
}

#define CHAIN(n, next) \
static __noinline int chain##n(int x) \
{ \
	OPAQUE(x); \
	return next(x) + n; \
}
static __noinline int chain9(int x)
{
	OPAQUE(x);
	return x;
}
CHAIN(8, chain9)
CHAIN(7, chain8)
CHAIN(6, chain7)
CHAIN(5, chain6)
CHAIN(4, chain5)
CHAIN(3, chain4)
CHAIN(2, chain3)
CHAIN(1, chain2)

/* EXPECT reject: the call stack of 9 frames is too deep */
SEC("socket")
int call_too_many_frames(struct __sk_buff *skb)
{
	return chain1(skb->len);
}

/* EXPECT accept */
SEC("socket")
int call_eight_frames(struct __sk_buff *skb)
{
	return chain3(skb->len);
}

static __noinline int ping(int x);

static __noinline int pong(int x)
{
	OPAQUE(x);
	return x ? ping(x - 1) + 1 : 0;
}

static __noinline int ping(int x)
{
	OPAQUE(x);
	return x ? pong(x - 1) + 2 : 0;
}

/* EXPECT reject: recursive call from insn LINUX reject: frames is too deep */
SEC("socket")
int call_recursive(struct __sk_buff *skb)
{
	return ping(skb->len & 3);
}

/* EXPECT accept */
SEC("socket")
int tail_call_ok(struct __sk_buff *skb)
{
	bpf_tail_call(skb, &jt, skb->len & 3);
	return 0;
}

/* EXPECT reject: R2 type=map_value expected=map_ptr */
SEC("socket")
int tail_call_wrong_map(struct __sk_buff *skb)
{
	struct val *v = val0();

	if (!v)
		return 0;
	bpf_tail_call(skb, v, 0);
	return 0;
}

/* EXPECT reject: expected prog array map for tail call */
SEC("socket")
int tail_call_hash_map(struct __sk_buff *skb)
{
	bpf_tail_call(skb, &hmap, 0);
	return 0;
}

static int loop_cb(__u32 i, void *ctx)
{
	__u64 *sum = ctx;

	*sum += i;
	return 0;
}

/* EXPECT accept */
SEC("tc")
int cb_bpf_loop_ok(struct __sk_buff *skb)
{
	__u64 sum = 0;

	bpf_loop(100, loop_cb, &sum, 0);
	return sum & 1;
}

struct counter {
	__u64 n;
};

static int count_cb(__u32 i, struct counter *c)
{
	c->n++;
	return 0;
}

/*
 * A counter in the caller's stack, bumped by the callback: the third
 * round's entry is one seen before once the counter is widened, whatever
 * the count (bpfcheck explored 8,193 rounds and gave up on an unknown
 * count, and explored all 1,000 rounds of a constant one).
 */
/* EXPECT accept */
SEC("tc")
int cb_counter_len(struct __sk_buff *skb)
{
	struct counter c = { 0 };

	bpf_loop(skb->len, count_cb, &c, 0);
	return c.n & 1;
}

/* EXPECT accept */
SEC("tc")
int cb_counter_1000(struct __sk_buff *skb)
{
	struct counter c = { 0 };

	bpf_loop(1000, count_cb, &c, 0);
	return c.n & 1;
}

/*
 * ... and the widened counter is no index. Linux keeps the counter
 * precise (the access marks it so), goes round 64 times and fails at
 * c.n = 64; bpfcheck does not carry precision back through the
 * callback's rounds and widens it at once.
 */
/* EXPECT reject: math between map_value pointer and register with unbounded min value LINUX reject: R6 min value is outside of the allowed memory range */
SEC("tc")
int cb_counter_index(struct __sk_buff *skb)
{
	struct counter c = { 0 };
	struct val *v = val0();

	if (!v)
		return 0;
	bpf_loop(skb->len, count_cb, &c, 0);
	return v->b[c.n];
}

/*
 * A counter that must stay exact: 66 rounds, then c.n >> 1 indexes 64
 * bytes. Linux keeps it precise and goes round 66 times; bpfcheck widens
 * it, rejects, and verifies again keeping every round exact.
 */
/* EXPECT accept */
SEC("tc")
int cb_counter_exact(struct __sk_buff *skb)
{
	struct counter c = { 0 };
	struct val *v = val0();

	if (!v)
		return 0;
	bpf_loop(66, count_cb, &c, 0);
	return v->b[c.n >> 1];
}

/* ... and one round too many */
/* EXPECT reject: value is outside of the allowed memory range */
SEC("tc")
int cb_counter_exact_over(struct __sk_buff *skb)
{
	struct counter c = { 0 };
	struct val *v = val0();

	if (!v)
		return 0;
	bpf_loop(128, count_cb, &c, 0);
	return v->b[(c.n >> 1) & 127];
}

static int loop_cb_bad(__u32 i, void *ctx)
{
	struct val *v = ctx;

	return v->b[i];
}

/* EXPECT reject: R3 type=map_value expected=fp */
SEC("tc")
int cb_bpf_loop_ctx_not_stack(struct __sk_buff *skb)
{
	struct val *v = val0();

	if (!v)
		return 0;
	bpf_loop(100, loop_cb_bad, v, 0);
	return 0;
}

static int loop_cb_idx(__u32 i, void *ctx)
{
	__u8 *buf = ctx;

	return buf[i];
}

/* EXPECT reject: invalid unbounded variable-offset read from stack R2 */
SEC("tc")
int cb_bpf_loop_oob_index(struct __sk_buff *skb)
{
	__u8 buf[16] = {};

	bpf_loop(16, loop_cb_idx, buf, 0);
	return buf[3];
}

/* a tail call ends the program with the callee's r0: only from an int */
static __noinline void tail_call_void(struct __sk_buff *skb)
{
	bpf_tail_call(skb, &jt, 0);
}

/* EXPECT reject: tail_call is only allowed in functions that return 'int'. */
SEC("tc")
int tail_call_in_void_subprog(struct __sk_buff *skb)
{
	tail_call_void(skb);
	return 0;
}

/* the body is one jump to the callback's own first instruction */
static int loop_cb_spin(__u32 i, void *ctx)
{
	for (;;) {
	}
	return 0;
}

/* EXPECT reject: infinite loop detected at insn */
SEC("tc")
int cb_bpf_loop_spins_at_entry(struct __sk_buff *skb)
{
	bpf_loop(10, loop_cb_spin, 0, 0);
	return 0;
}

static int loop_cb_ret2(__u32 i, void *ctx)
{
	return 2;
}

/* EXPECT reject: At callback return the register R0 has */
SEC("tc")
int cb_bpf_loop_bad_return(struct __sk_buff *skb)
{
	bpf_loop(10, loop_cb_ret2, 0, 0);
	return 0;
}

static __u64 each_cb(void *map, __u32 *key, struct val *v, void *ctx)
{
	__u64 *sum = ctx;

	*sum += v->b[*key & 63];
	return 0;
}

/* EXPECT accept */
SEC("tc")
int cb_for_each_ok(struct __sk_buff *skb)
{
	__u64 sum = 0;

	bpf_for_each_map_elem(&amap, each_cb, &sum, 0);
	return sum & 1;
}

static __u64 each_cb_bad(void *map, __u32 *key, struct val *v, void *ctx)
{
	return v->b[*key + 64];
}

/* EXPECT reject: unbounded memory access, make sure to bounds check any such access */
SEC("tc")
int cb_for_each_oob(struct __sk_buff *skb)
{
	bpf_for_each_map_elem(&amap, each_cb_bad, 0, 0);
	return 0;
}

static __noinline int sub_ret_ptr_use(__u32 *p)
{
	if (!p)
		return 0;
	return *p;
}

/* EXPECT accept */
SEC("socket")
int call_null_arg_checked(struct __sk_buff *skb)
{
	__u32 k = skb->len;
	__u64 *v = bpf_map_lookup_elem(&hmap, &k);

	return sub_ret_ptr_use((__u32 *)v);
}

/*
 * Global functions: verified once on their own, from their BTF prototype
 * (a pointer argument may be NULL), and a call returns an unknown scalar.
 */
__noinline int glob_deref(__u32 *p)
{
	return *p + 1;
}

/* EXPECT reject: R1 invalid mem access 'mem_or_null' */
SEC("tc")
int global_arg_may_be_null(struct __sk_buff *skb)
{
	__u32 x = skb->len;

	return glob_deref(&x) & 1;
}

__noinline int glob_deref_checked(__u32 *p)
{
	return p ? *p + 1 : 0;
}

/* EXPECT accept */
SEC("tc")
int global_arg_null_checked(struct __sk_buff *skb)
{
	__u32 x = skb->len;

	return glob_deref_checked(&x) & 1;
}

/* weak: clang may not assume this definition's result at the call */
__attribute__((weak)) int glob_three(int x)
{
	return 3;
}

/* EXPECT reject: makes map_value pointer be out of bounds */
SEC("tc")
int global_result_unknown(struct __sk_buff *skb)
{
	struct val *v = val0();

	if (!v)
		return 0;
	return v->b[glob_three(skb->len)];
}

static __noinline int stat_three(int x)
{
	return x ? 3 : 2;
}

/* EXPECT accept */
SEC("tc")
int static_result_known(struct __sk_buff *skb)
{
	struct val *v = val0();

	if (!v)
		return 0;
	return v->b[stat_three(skb->len)];
}
