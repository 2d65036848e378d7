// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* TC: decrement the IPv4 TTL and rewrite the UDP destination port 53 to
 * 5353, fixing both checksums with the csum helpers; count sources. */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/udp.h>
#include <linux/in.h>
#include <linux/pkt_cls.h>
#include <stddef.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

#define IP_OFF ETH_HLEN
#define TTL_OFF (IP_OFF + offsetof(struct iphdr, ttl))
#define CSUM_OFF (IP_OFF + offsetof(struct iphdr, check))
#define UDP_OFF (IP_OFF + sizeof(struct iphdr))

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, __u32);
} by_src SEC(".maps");

SEC("tc")
int tc_rewrite(struct __sk_buff *skb)
{
	void *data = (void *)(long)skb->data;
	void *end = (void *)(long)skb->data_end;
	struct ethhdr *eth = data;
	struct iphdr *ip = data + IP_OFF;
	struct udphdr *udp;
	__u16 old_ttl, new_ttl;
	__u32 src, one = 1, *n;
	__be16 port = bpf_htons(5353), oldport;

	if ((void *)(ip + 1) > end)
		return TC_ACT_OK;
	if (eth->h_proto != bpf_htons(ETH_P_IP) || ip->ihl != 5)
		return TC_ACT_OK;
	src = ip->saddr;
	n = bpf_map_lookup_elem(&by_src, &src);
	if (n)
		*n += 1;
	else
		bpf_map_update_elem(&by_src, &src, &one, BPF_NOEXIST);
	if (ip->ttl <= 1)
		return TC_ACT_SHOT;
	old_ttl = *(__u16 *)&ip->ttl;
	ip->ttl--;
	new_ttl = *(__u16 *)&ip->ttl;
	bpf_l3_csum_replace(skb, CSUM_OFF, old_ttl, new_ttl, 2);
	data = (void *)(long)skb->data;
	end = (void *)(long)skb->data_end;
	ip = data + IP_OFF;
	if ((void *)(ip + 1) > end || ip->protocol != IPPROTO_UDP)
		return TC_ACT_OK;
	udp = data + UDP_OFF;
	if ((void *)(udp + 1) > end || udp->dest != bpf_htons(53))
		return TC_ACT_OK;
	oldport = udp->dest;
	bpf_l4_csum_replace(skb, UDP_OFF + offsetof(struct udphdr, check),
			    oldport, port, 2 | BPF_F_MARK_MANGLED_0);
	bpf_skb_store_bytes(skb, UDP_OFF + offsetof(struct udphdr, dest),
			    &port, sizeof(port), 0);
	return TC_ACT_PIPE;
}

char _license[] SEC("license") = "GPL";
