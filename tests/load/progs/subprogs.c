// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * bpf-to-bpf calls: static and global .text functions shared by programs in
 * several sections, several programs in one section, a callback passed to
 * bpf_loop (function address load).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 16);
	__type(key, __u32);
	__type(value, __u64);
} counters SEC(".maps");

static __noinline __u64 bump(__u32 idx, __u64 by)
{
	__u64 *v = bpf_map_lookup_elem(&counters, &idx);

	if (!v)
		return 0;
	*v += by;
	return *v;
}

static __noinline int classify(__u32 len)
{
	if (len < 64)
		return 0;
	if (len < 512)
		return 1;
	return 2 + (bump(15, 1) & 1);
}

__noinline int global_len_bucket(__u32 len)
{
	return len > 1500 ? 3 : (int)(len / 500);
}

static int loop_cb(__u32 i, void *ctx)
{
	__u64 *sum = ctx;

	*sum += i;
	return 0;
}

SEC("xdp")
int xdp_count(struct xdp_md *ctx)
{
	__u32 len = ctx->data_end - ctx->data;

	bump(classify(len), 1);
	return XDP_PASS;
}

SEC("xdp")
int xdp_bucket(struct xdp_md *ctx)
{
	__u32 len = ctx->data_end - ctx->data;

	bump(4 + global_len_bucket(len), len);
	return XDP_PASS;
}

SEC("tc")
int tc_loop(struct __sk_buff *skb)
{
	__u64 sum = 0;

	bpf_loop(8, loop_cb, &sum, 0);
	bump(8, sum);
	return classify(skb->len) ? 0 : 2;
}

char LICENSE[] SEC("license") = "GPL";
