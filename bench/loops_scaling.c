// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The same loops at several trip counts (compiled with -DN=...): bpfcheck's
 * processed instructions must not depend on N; Linux's grow with N until it
 * gives up at its 1,000,000-instruction budget. One program per counted
 * shape of issue 13 (bench/loops_scaling.py runs each).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#ifndef N
#define N 10
#endif

#define NOUNROLL _Pragma("clang loop unroll(disable)")
#define OPAQUE(x) asm volatile("" : "+r"(x))

struct val {
	__u8 b[64];
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct val);
} vals SEC(".maps");

static __always_inline struct val *val0(void)
{
	__u32 k = 0;

	return bpf_map_lookup_elem(&vals, &k);
}

/* a counter up to N indexing a map value */
SEC("tc")
int scale_loop(struct __sk_buff *skb)
{
	__u32 sum = 0;
	struct val *v = val0();

	if (!v)
		return 0;
	NOUNROLL
	for (__u32 i = 0; i < N; i++)
		sum += v->b[i & 63];
	return sum & 1;
}

/* a strength-reduced counter: i * 8 kept, exit on != */
SEC("tc")
int scale_strength(struct __sk_buff *skb)
{
	__u64 acc = skb->len;

	NOUNROLL
	for (__u64 i = 0; i < N; i++) {
		acc = acc * 31 + (i << 3);
		OPAQUE(acc);
	}
	return acc & 1;
}

/* a signed counter from -N up to N */
SEC("tc")
int scale_signed(struct __sk_buff *skb)
{
	__u32 sum = 0;
	struct val *v = val0();

	if (!v)
		return 0;
	NOUNROLL
	for (int i = -N; i < N; i++)
		sum += v->b[i & 63];
	return sum & 1;
}

/* nested: N outer iterations of an 8-iteration inner loop */
SEC("tc")
int scale_nested(struct __sk_buff *skb)
{
	__u32 sum = 0;
	struct val *v = val0();

	if (!v)
		return 0;
	NOUNROLL
	for (__u32 i = 0; i < N; i++) {
		NOUNROLL
		for (__u32 j = 0; j < 8; j++)
			sum += v->b[(i + j) & 63];
	}
	return sum & 1;
}

/* a secondary induction variable: a pointer walking 8 bytes per trip */
SEC("tc")
int scale_ptr_iv(struct __sk_buff *skb)
{
	__u32 sum = 0;
	struct val *v = val0();
	__u8 *p;

	if (!v)
		return 0;
	p = v->b;
	NOUNROLL
	for (__u32 i = 0; i < N; i++) {
		sum += *p;
		p = i & 1 ? v->b : p + 8;
		OPAQUE(p);
	}
	return sum & 1;
}

/* a counter kept in a stack slot */
SEC("tc")
int scale_stack(struct __sk_buff *skb)
{
	__u32 sum = 0;
	volatile __u32 i;
	struct val *v = val0();

	if (!v)
		return 0;
	for (i = 0; i < N; i++)
		sum += v->b[i & 63];
	return sum & 1;
}

char _license[] SEC("license") = "GPL";
