// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * `bpfcheck disasm` test object: a BTF map, global data (.bss, .rodata),
 * a .text subprogram called from two programs, two programs in one section.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, __u64);
} counts SEC(".maps");

const volatile int limit = 5;
int hits;

static __attribute__((noinline)) int scale(int x)
{
	return x * 3 + limit;
}

SEC("xdp")
int count_queue(struct xdp_md *ctx)
{
	__u32 k = ctx->rx_queue_index;
	__u64 *v = bpf_map_lookup_elem(&counts, &k);

	if (v)
		__sync_fetch_and_add(v, 1);
	hits++;
	return scale(k) > 10 ? XDP_DROP : XDP_PASS;
}

SEC("xdp")
int pass_all(struct xdp_md *ctx)
{
	return XDP_PASS;
}

SEC("tc")
int scale_len(struct __sk_buff *skb)
{
	return scale(skb->len);
}

char LICENSE[] SEC("license") = "GPL";
