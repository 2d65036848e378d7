// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Socket filters as tcpdump, libpcap and monitoring agents write them: the
 * legacy packet loads (LD_ABS with a constant offset, LD_IND with the IP
 * header length), VLAN tags, IP options, a DNS query counter; then a
 * cgroup_skb accounting program and an sk_skb parser/verdict pair. Socket filters also load for an unprivileged loader. The last
 * programs are the mistakes such filters make.
 */
#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/ip.h>
#include "corpus.h"

unsigned long long load_byte(void *skb, unsigned long long off)
	asm("llvm.bpf.load.byte");
unsigned long long load_half(void *skb, unsigned long long off)
	asm("llvm.bpf.load.half");
unsigned long long load_word(void *skb, unsigned long long off)
	asm("llvm.bpf.load.word");

#define SF_ACCEPT 0xffff
#define ETH_P_8021Q_ 0x8100

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 256);
	__type(key, __u32);
	__type(value, __u64);
} sf_proto_count SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, __u32);
	__type(value, __u64);
} sf_uid_bytes SEC(".maps");

struct dns_key {
	__u32 saddr;
	__u16 qtype;
	__u8 opcode;
	/* three bytes of padding */
	__u32 daddr;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, struct dns_key);
	__type(value, __u64);
} sf_dns SEC(".maps");

/*
 * No sockmap here: creating one needs CAP_NET_ADMIN, and the object must
 * load for the unprivileged loader too (helpers.c covers redirects).
 */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, __u32);
} sf_tag_allow SEC(".maps");

/* tcpdump 'ip and tcp and port 80' */
/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> accept */
SEC("socket")
int sf_tcp_port80(struct __sk_buff *skb)
{
	__u32 hl;

	if (load_half(skb, 12) != ETH_P_IP)
		return 0;
	if (load_byte(skb, ETH_HLEN + offsetof(struct iphdr, protocol)) !=
	    IPPROTO_TCP)
		return 0;
	/* Not a fragment after the first. */
	if (load_half(skb, ETH_HLEN + offsetof(struct iphdr, frag_off)) &
	    0x1fff)
		return 0;
	hl = (load_byte(skb, ETH_HLEN) & 0xf) << 2;
	if (load_half(skb, ETH_HLEN + hl) == 80 ||
	    load_half(skb, ETH_HLEN + hl + 2) == 80)
		return SF_ACCEPT;
	return 0;
}

/* tcpdump 'vlan 100 and ip and udp' */
/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> accept */
SEC("socket")
int sf_vlan100_udp(struct __sk_buff *skb)
{
	if (load_half(skb, 12) != ETH_P_8021Q_)
		return 0;
	if ((load_half(skb, 14) & 0xfff) != 100)
		return 0;
	if (load_half(skb, 16) != ETH_P_IP)
		return 0;
	return load_byte(skb, 18 + offsetof(struct iphdr, protocol)) ==
	       IPPROTO_UDP ? SF_ACCEPT : 0;
}

/*
 * IPv4 packets with options, counted per first option type; the options
 * are walked with LD_IND (at most 4 of them). Unprivileged, Linux also
 * explores the speculative paths of every branch (no bypass_spec_v1) and
 * at -O1 and v3 runs out of its jump-sequence budget: a cost limit, the
 * filter is safe.
 */
/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> accept */
/* EXPECT[O1,v3] --unprivileged --cap-bpf -> accept LINUX reject: The sequence of 8193 jumps is too complex. */
SEC("socket")
int sf_ip_options(struct __sk_buff *skb)
{
	__u32 hl, off, type;
	__u64 *cnt;

	if (skb->protocol != bpf_htons(ETH_P_IP))
		return 0;
	hl = (load_byte(skb, ETH_HLEN) & 0xf) << 2;
	if (hl <= sizeof(struct iphdr))
		return 0;
	off = sizeof(struct iphdr);
	type = 0;
	for (int i = 0; i < 4 && off < hl; i++) {
		type = load_byte(skb, ETH_HLEN + off);
		if (type == 0)
			break;
		if (type == 1) {
			off++;
			continue;
		}
		off += load_byte(skb, ETH_HLEN + off + 1) ? : 1;
	}
	type &= 0xff;
	cnt = bpf_map_lookup_elem(&sf_proto_count, &type);
	if (cnt)
		__sync_fetch_and_add(cnt, 1);
	return skb->len;
}

/* udp port 53 queries, counted by (source, query type) in a hash map. */
/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> accept */
SEC("socket")
int sf_dns_queries(struct __sk_buff *skb)
{
	struct dns_key k;
	__u64 one = 1, *cnt;
	__u32 hl, dns;

	__builtin_memset(&k, 0, sizeof(k));
	if (load_half(skb, 12) != ETH_P_IP ||
	    load_byte(skb, ETH_HLEN + offsetof(struct iphdr, protocol)) !=
	    IPPROTO_UDP)
		return 0;
	hl = (load_byte(skb, ETH_HLEN) & 0xf) << 2;
	if (load_half(skb, ETH_HLEN + hl + 2) != 53)
		return 0;
	dns = ETH_HLEN + hl + 8;
	/* QR bit clear: a query. */
	if (load_byte(skb, dns + 2) & 0x80)
		return 0;
	k.saddr = load_word(skb, ETH_HLEN + offsetof(struct iphdr, saddr));
	k.daddr = load_word(skb, ETH_HLEN + offsetof(struct iphdr, daddr));
	k.opcode = (load_byte(skb, dns + 2) >> 3) & 0xf;
	k.qtype = 1;
	cnt = bpf_map_lookup_elem(&sf_dns, &k);
	if (cnt)
		__sync_fetch_and_add(cnt, 1);
	else
		bpf_map_update_elem(&sf_dns, &k, &one, BPF_NOEXIST);
	return SF_ACCEPT;
}

/* Per-protocol counters from the context fields only. */
/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> accept */
SEC("socket")
int sf_ctx_count(struct __sk_buff *skb)
{
	__u32 key = skb->pkt_type == 0 ? load_byte(skb, 23) : 255;
	__u64 *cnt;

	if (skb->protocol != bpf_htons(ETH_P_IP))
		key = 254;
	cnt = bpf_map_lookup_elem(&sf_proto_count, &key);
	if (cnt)
		__sync_fetch_and_add(cnt, skb->len);
	return skb->len > 1500 ? 0 : skb->len;
}

/* Egress bytes per socket owner; drop raw ICMP from one uid. */
/* EXPECT accept */
SEC("cgroup_skb/egress")
int sf_cgroup_uid_bytes(struct __sk_buff *skb)
{
	__u32 uid = bpf_get_socket_uid(skb);
	__u64 *b, len = skb->len;
	struct iphdr ip;

	b = bpf_map_lookup_elem(&sf_uid_bytes, &uid);
	if (b)
		__sync_fetch_and_add(b, len);
	else
		bpf_map_update_elem(&sf_uid_bytes, &uid, &len, BPF_NOEXIST);
	if (skb->protocol != bpf_htons(ETH_P_IP))
		return 1;
	if (bpf_skb_load_bytes(skb, 0, &ip, sizeof(ip)))
		return 1;
	return !(uid == 1000 && ip.protocol == IPPROTO_ICMP);
}

/* Direct packet access on cgroup_skb (allowed since 5.2 to net admins). */
/* EXPECT accept */
SEC("cgroup_skb/ingress")
int sf_cgroup_ingress_ttl(struct __sk_buff *skb)
{
	void *data = (void *)(long)skb->data;
	void *data_end = (void *)(long)skb->data_end;
	struct iphdr *ip = data;

	if ((void *)(ip + 1) > data_end)
		return 1;
	return ip->ttl > 1;
}

/* A length-prefixed stream protocol: 4-byte big-endian length header. */
/* EXPECT accept */
SEC("sk_skb/stream_parser")
int sf_stream_parser(struct __sk_buff *skb)
{
	__u32 len;

	if (bpf_skb_load_bytes(skb, 0, &len, sizeof(len)))
		return 0;
	return bpf_ntohl(len) + 4;
}

/* EXPECT accept */
SEC("sk_skb/stream_verdict")
int sf_stream_verdict(struct __sk_buff *skb)
{
	void *data = (void *)(long)skb->data;
	void *data_end = (void *)(long)skb->data_end;
	__u8 *tag = data + 4;
	__u32 k, *allow;

	if ((void *)(tag + 1) > data_end)
		return SK_DROP;
	k = *tag & 63;
	allow = bpf_map_lookup_elem(&sf_tag_allow, &k);
	return allow && *allow ? SK_PASS : SK_DROP;
}

/* Bug: a socket filter cannot read the packet directly. */
/* EXPECT reject: invalid bpf_context access off=80 size=4 */
SEC("socket")
int sf_bug_direct_access(struct __sk_buff *skb)
{
	void *data = (void *)(long)skb->data;
	void *data_end = (void *)(long)skb->data_end;
	struct ethhdr *eth = data;

	if ((void *)(eth + 1) > data_end)
		return 0;
	return eth->h_proto == bpf_htons(ETH_P_IP) ? SF_ACCEPT : 0;
}

/*
 * Bug: cgroup_skb must return 0 or 1 (egress also 2 or 3, the congestion
 * notification); here the packet length. No unprivileged EXPECT: without
 * CAP_NET_ADMIN libbpf's probe for expected_attach_type (a cgroup_sock
 * load) fails, libbpf then loads without the attach type and Linux says
 * [0, 1]; a loader artefact, not a verifier rule.
 */
/* EXPECT reject: At program exit the register R0 has smin=0 smax=4294967295 should have been in [0, 3] */
SEC("cgroup_skb/egress")
int sf_bug_cgroup_retval(struct __sk_buff *skb)
{
	return skb->len;
}

/*
 * Bug: the key's padding is never initialised. Root may pass uninitialised
 * stack to a helper; an unprivileged loader may not.
 */
/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: invalid read from stack R2 off -16+7 size 12 */
SEC("socket")
int sf_bug_key_padding(struct __sk_buff *skb)
{
	struct dns_key k;
	__u64 *cnt;

	k.saddr = load_word(skb, ETH_HLEN + offsetof(struct iphdr, saddr));
	k.daddr = load_word(skb, ETH_HLEN + offsetof(struct iphdr, daddr));
	k.qtype = load_half(skb, 12);
	k.opcode = 0;
	cnt = bpf_map_lookup_elem(&sf_dns, &k);
	if (cnt)
		__sync_fetch_and_add(cnt, 1);
	return 0;
}

/* Bug: LD_ABS in a program type that has no skb. */
/* EXPECT reject: BPF_LD_[ABS|IND] instructions not allowed for this program type */
SEC("xdp")
int sf_bug_ldabs_xdp(struct xdp_md *ctx)
{
	return load_byte(ctx, 23) == IPPROTO_TCP ? XDP_DROP : XDP_PASS;
}
