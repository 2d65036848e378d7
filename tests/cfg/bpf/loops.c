// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Loop shapes for the cfg tests. Each program's expected loop forest is in
 * tests/cfg/loops_clang.c. Bounds come from the packet so clang cannot
 * fold the loops away; unrolling is disabled.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define NOUNROLL _Pragma("clang loop unroll(disable)")

static __always_inline int len_of(struct __sk_buff *skb)
{
	return skb->len & 0xff;
}

SEC("tc")
int single(struct __sk_buff *skb)
{
	int n = len_of(skb), s = 0;

	NOUNROLL
	for (int i = 0; i < n; i++)
		s += i ^ bpf_get_prandom_u32();
	return s;
}

SEC("tc")
int nested2(struct __sk_buff *skb)
{
	int n = len_of(skb), m = skb->mark & 0xf, s = 0;

	NOUNROLL
	for (int i = 0; i < n; i++) {
		NOUNROLL
		for (int j = 0; j < m; j++)
			s += i * j + bpf_get_prandom_u32();
		s ^= i;
	}
	return s;
}

SEC("tc")
int nested3(struct __sk_buff *skb)
{
	int n = len_of(skb), m = skb->mark & 0xf, k = skb->priority & 7, s = 0;

	NOUNROLL
	for (int i = 0; i < n; i++) {
		NOUNROLL
		for (int j = 0; j < m; j++) {
			NOUNROLL
			for (int l = 0; l < k; l++)
				s += (i ^ j) + l * bpf_get_prandom_u32();
			s -= j;
		}
		s ^= i;
	}
	return s;
}

SEC("tc")
int siblings(struct __sk_buff *skb)
{
	int n = len_of(skb), m = skb->mark & 0xf, s = 0;

	NOUNROLL
	for (int i = 0; i < n; i++)
		s += i * bpf_get_prandom_u32();
	NOUNROLL
	for (int j = 0; j < m; j++)
		s ^= j + bpf_get_prandom_u32();
	return s;
}

SEC("tc")
int break_continue(struct __sk_buff *skb)
{
	int n = len_of(skb), s = 0;

	NOUNROLL
	for (int i = 0; i < n; i++) {
		if ((i ^ skb->mark) & 1)
			continue;
		s += i * bpf_get_prandom_u32();
		if (s > (int)skb->priority)
			break;
		s ^= skb->tc_index;
	}
	return s;
}

SEC("tc")
int do_while(struct __sk_buff *skb)
{
	int n = len_of(skb), i = 0, s = 0;

	NOUNROLL
	do {
		s += i * bpf_get_prandom_u32();
		i++;
	} while (i < n);
	return s;
}

SEC("tc")
int while_loop(struct __sk_buff *skb)
{
	unsigned int x = skb->hash, s = 0;

	NOUNROLL
	while (x > 1) {
		x = x & 1 ? x + bpf_get_prandom_u32() : x / 2;
		s++;
		if (s > 100)
			break;
	}
	return s;
}

/* The RFC cover letter's loop: sum the packet's bytes up to p[0]. */
SEC("tc")
int cover_letter(struct __sk_buff *skb)
{
	void *data = (void *)(long)skb->data;
	void *data_end = (void *)(long)skb->data_end;
	unsigned char *p = data;
	unsigned char i = 0, j, k = 0;

	if (data + 101 > data_end)
		return 0;
	j = p[0];
	if (j < 100)
		return 0;
	NOUNROLL
	while (i < j) {
		k += p[i % 101];
		i++;
	}
	skb->mark = k;
	return 0;
}

char _license[] SEC("license") = "GPL";
