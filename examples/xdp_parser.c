// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * XDP packet parser: walks Ethernet (with one optional VLAN tag), IPv4 and
 * TCP/UDP headers with bounds checks, counts packets per IP protocol in a
 * BTF-defined map, and drops UDP to a port set in read-only config.
 */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/ip.h>
#include <linux/udp.h>
#include <bpf/bpf_endian.h>
#include <bpf/bpf_helpers.h>

struct vlan_hdr {
	__be16 tci;
	__be16 proto;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 256);
	__type(key, __u32);
	__type(value, __u64);
} proto_packets SEC(".maps");

const volatile __u16 blocked_udp_port = 9;

SEC("xdp")
int xdp_parse(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;
	struct iphdr *ip;
	struct udphdr *udp;
	__u16 proto;
	__u32 key;
	__u64 *cnt;

	if ((void *)(eth + 1) > end)
		return XDP_DROP;
	proto = eth->h_proto;
	ip = (void *)(eth + 1);
	if (proto == bpf_htons(ETH_P_8021Q)) {
		struct vlan_hdr *vh = (void *)(eth + 1);

		if ((void *)(vh + 1) > end)
			return XDP_DROP;
		proto = vh->proto;
		ip = (void *)(vh + 1);
	}
	if (proto != bpf_htons(ETH_P_IP))
		return XDP_PASS;
	if ((void *)(ip + 1) > end || ip->ihl < 5)
		return XDP_DROP;
	key = ip->protocol;
	cnt = bpf_map_lookup_elem(&proto_packets, &key);
	if (cnt)
		*cnt += 1;
	if (ip->protocol != IPPROTO_UDP)
		return XDP_PASS;
	udp = (void *)ip + ip->ihl * 4;
	if ((void *)(udp + 1) > end)
		return XDP_DROP;
	if (udp->dest == bpf_htons(blocked_udp_port))
		return XDP_DROP;
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "Dual BSD/GPL";
