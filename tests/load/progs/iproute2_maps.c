// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* A tc datapath in the iproute2 style: struct bpf_elf_map with pinning and map-in-map. */
#include <linux/bpf.h>
#include <linux/pkt_cls.h>
#include <bpf/bpf_helpers.h>

struct bpf_elf_map {
	__u32 type;
	__u32 size_key;
	__u32 size_value;
	__u32 max_elem;
	__u32 flags;
	__u32 id;
	__u32 pinning;
	__u32 inner_id;
	__u32 inner_idx;
};

#define PIN_GLOBAL_NS 2
#define INNER_ID 42

struct bpf_elf_map SEC("maps") map_inner = {
	.type = BPF_MAP_TYPE_ARRAY,
	.size_key = sizeof(__u32),
	.size_value = sizeof(__u32),
	.max_elem = 1,
	.id = INNER_ID,
	.inner_idx = 0,
	.pinning = PIN_GLOBAL_NS,
};

struct bpf_elf_map SEC("maps") map_outer = {
	.type = BPF_MAP_TYPE_ARRAY_OF_MAPS,
	.size_key = sizeof(__u32),
	.size_value = sizeof(__u32),
	.max_elem = 1,
	.inner_id = INNER_ID,
	.pinning = PIN_GLOBAL_NS,
};

struct bpf_elf_map SEC("maps") stats = {
	.type = BPF_MAP_TYPE_PERCPU_ARRAY,
	.size_key = sizeof(__u32),
	.size_value = sizeof(__u64),
	.max_elem = 2,
};

SEC("classifier")
int cls_main(struct __sk_buff *skb)
{
	__u32 key = 0, *val;
	void *inner;
	__u64 *cnt;

	inner = bpf_map_lookup_elem(&map_outer, &key);
	if (!inner)
		return TC_ACT_OK;
	val = bpf_map_lookup_elem(inner, &key);
	if (val && *val == 1)
		return TC_ACT_SHOT;
	cnt = bpf_map_lookup_elem(&stats, &key);
	if (cnt)
		*cnt += skb->len;
	return TC_ACT_OK;
}

SEC("action")
int act_main(struct __sk_buff *skb)
{
	__u32 key = 1;
	__u64 *cnt = bpf_map_lookup_elem(&stats, &key);

	if (cnt)
		*cnt += 1;
	return TC_ACT_OK;
}

char __license[] SEC("license") = "GPL";
