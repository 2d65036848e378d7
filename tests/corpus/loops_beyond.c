// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Safe loops Linux rejects only because simulating every iteration costs
 * too much. bpfcheck proves termination instead, so its cost does not grow
 * with the trip count: these are the point of the project.
 */
/* CORPUS-VARIANTS: O1 O2 O3 v3 c19v3 c19v4 */
#include <linux/pkt_cls.h>
#include "corpus.h"

#define NOUNROLL _Pragma("clang loop unroll(disable)")

/* EXPECT accept LINUX reject: BPF program is too large */
SEC("tc")
int beyond_150k(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (__u32 i = 0; i < 150000; i++)
		sum += v->b[i & 63];
	return sum & 1;
}

/* EXPECT accept LINUX reject: BPF program is too large */
SEC("tc")
int beyond_10m(struct __sk_buff *skb)
{
	__u64 x = skb->len;

	NOUNROLL
	for (__u32 i = 0; i < 10000000; i++)
		x ^= x >> 3;
	return x & 1;
}

/*
 * n can be up to 2^32 - 1: terminates, but may run for 5 * 10^10 insns,
 * longer than any loop Linux lets run (the runaway-loop cap, 2^32 insns).
 */
/* EXPECT reject: may run 4294967295 times LINUX reject: BPF program is too large */
SEC("tc")
int beyond_unknown_u32_n(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 n = skb->len, sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (__u32 i = 0; i < n; i++)
		sum += v->b[i & 63];
	return sum & 1;
}

/*
 * A count-down from n that may be 0 wraps and runs 2^32 rounds. Another
 * loop of the program is explored, so there is no bound for the whole
 * program; the proven trip bound alone is over the cap.
 */
/* EXPECT[O1,O2,O3] reject: times, over the limit of 4294967296 insns LINUX reject: BPF program is too large */
/* EXPECT[v3,c19v3,c19v4] reject: BPF program is too large */
SEC("tc")
int beyond_countdown_wraps(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 i = skb->len, s = 0;

	if (!v)
		return 0;
	do {
		s += v->b[i & 63];
	} while (--i);
	for (__u32 j = 0; j < 3 && s; j++)
		s = (s >> 1) ^ (s & 1 ? 0xedb8 : 0) ^ v->b[(s + j) & 63];
	return s & 1;
}

/* Zero and 0xff counts over 48 bytes, both used as indexes afterwards. */
/* EXPECT accept LINUX reject: BPF program is too large */
SEC("tc")
int beyond_conditional_counters(struct __sk_buff *skb)
{
	PKT(skb);
	struct val *v = val0();
	__u8 *p = data;
	__u32 z = 0, f = 0;

	if (!v || data + 64 > data_end)
		return 0;
	NOUNROLL
	for (int i = 0; i < 48; i++) {
		if (p[i] == 0)
			z++;
		else if (p[i] == 0xff)
			f++;
	}
	return v->b[z] + v->b[f];
}

static __noinline __u32 count_zero(__u8 *p, void *end)
{
	__u32 z = 0, f = 0;

	if ((void *)(p + 64) > end)
		return 0;
	NOUNROLL
	for (int i = 0; i < 64; i++) {
		if (p[i] == 0)
			z++;
		else if (p[i] == 0xff)
			f++;
	}
	return z * 65 + f;
}

/* The same scan in a subprogram called twice. */
/* EXPECT accept LINUX reject: BPF program is too large */
SEC("tc")
int beyond_scan_subprog_twice(struct __sk_buff *skb)
{
	PKT(skb);
	struct val *v = val0();
	__u32 a, b;

	if (!v)
		return 0;
	a = count_zero(data, data_end);
	b = count_zero(data + 1, data_end);
	return v->b[a % 65 % 64] + v->b[b / 65 % 64];
}

/* Nested 1000 x 1000. */
/* EXPECT accept LINUX reject: BPF program is too large */
SEC("tc")
int beyond_nest_million(struct __sk_buff *skb)
{
	__u64 x = skb->len;

	NOUNROLL
	for (int i = 0; i < 1000; i++) {
		NOUNROLL
		for (int j = 0; j < 1000; j++)
			x += i ^ j;
	}
	return x & 1;
}

/*
 * Stretch (issue 5): the bound is the packet length itself, so proving the
 * access safe needs the relation i < (data_end - data) / 2, which neither
 * Linux nor the RFC tracks.
 */
/* EXPECT accept LINUX reject: offset is outside of the packet */
SEC("tc")
int beyond_relational_pkt_len(struct __sk_buff *skb)
{
	PKT(skb);
	__u16 *p = data;
	__u32 sum = 0;
	__u64 n = (__u64)(data_end - data) / 2;

	NOUNROLL
	for (__u64 i = 0; i < n && i < 64; i++)
		sum += p[i];
	return sum & 1;
}
