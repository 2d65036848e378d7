// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The same loop at several trip counts (compiled with -DN=...): bpfcheck's
 * processed instructions must not depend on N; Linux's grow with N until it
 * gives up at its 1,000,000-instruction budget.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#ifndef N
#define N 10
#endif

struct val {
	__u8 b[64];
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct val);
} vals SEC(".maps");

SEC("tc")
int scale_loop(struct __sk_buff *skb)
{
	__u32 k = 0, sum = 0;
	struct val *v = bpf_map_lookup_elem(&vals, &k);

	if (!v)
		return 0;
#pragma clang loop unroll(disable)
	for (__u32 i = 0; i < N; i++)
		sum += v->b[i & 63];
	return sum & 1;
}

char _license[] SEC("license") = "GPL";
