// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * tc classifier: reads the IPv4 DSCP field with bpf_skb_load_bytes, maps it
 * to a priority through an array map, and sets skb->priority and a class id.
 */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/pkt_cls.h>
#include <bpf/bpf_endian.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, __u32);
} dscp_prio SEC(".maps");

SEC("tc")
int tc_classify(struct __sk_buff *skb)
{
	__u8 tos;
	__u32 dscp, *prio;

	if (skb->protocol != bpf_htons(ETH_P_IP))
		return TC_ACT_OK;
	if (bpf_skb_load_bytes(skb, ETH_HLEN + 1, &tos, 1))
		return TC_ACT_OK;
	dscp = tos >> 2;
	prio = bpf_map_lookup_elem(&dscp_prio, &dscp);
	if (!prio)
		return TC_ACT_OK;
	skb->priority = *prio;
	skb->tc_classid = TC_H_MAKE(1 << 16, *prio + 1);
	return TC_ACT_OK;
}

char LICENSE[] SEC("license") = "GPL";
