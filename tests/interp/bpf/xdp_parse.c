// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* XDP: parse Ethernet/IPv4/IPv6/UDP/TCP, count per protocol, swap MACs
 * and bounce UDP to port 7, drop TCP SYN to port 22, pass the rest. */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/udp.h>
#include <linux/tcp.h>
#include <linux/in.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 256);
	__type(key, __u32);
	__type(value, __u64);
} proto_cnt SEC(".maps");

__u64 total_bytes = 0;

static __always_inline void count(__u32 proto)
{
	__u64 *v = bpf_map_lookup_elem(&proto_cnt, &proto);

	if (v)
		__sync_fetch_and_add(v, 1);
}

SEC("xdp")
int xdp_parse(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;
	__u8 proto;
	void *l4;

	if ((void *)(eth + 1) > end)
		return XDP_DROP;
	total_bytes += end - data;
	if (eth->h_proto == bpf_htons(ETH_P_IP)) {
		struct iphdr *ip = (void *)(eth + 1);

		if ((void *)(ip + 1) > end)
			return XDP_ABORTED;
		if (ip->ihl < 5)
			return XDP_DROP;
		proto = ip->protocol;
		l4 = (void *)ip + ip->ihl * 4;
	} else if (eth->h_proto == bpf_htons(ETH_P_IPV6)) {
		struct ipv6hdr *ip6 = (void *)(eth + 1);

		if ((void *)(ip6 + 1) > end)
			return XDP_ABORTED;
		proto = ip6->nexthdr;
		l4 = ip6 + 1;
	} else {
		return XDP_PASS;
	}
	count(proto);
	if (proto == IPPROTO_UDP) {
		struct udphdr *udp = l4;
		unsigned char tmp[ETH_ALEN];

		if ((void *)(udp + 1) > end)
			return XDP_DROP;
		if (udp->dest != bpf_htons(7))
			return XDP_PASS;
		__builtin_memcpy(tmp, eth->h_source, ETH_ALEN);
		__builtin_memcpy(eth->h_source, eth->h_dest, ETH_ALEN);
		__builtin_memcpy(eth->h_dest, tmp, ETH_ALEN);
		udp->dest = udp->source;
		udp->source = bpf_htons(7);
		return XDP_TX;
	}
	if (proto == IPPROTO_TCP) {
		struct tcphdr *tcp = l4;

		if ((void *)(tcp + 1) > end)
			return XDP_DROP;
		if (tcp->syn && !tcp->ack && tcp->dest == bpf_htons(22))
			return XDP_DROP;
	}
	return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
