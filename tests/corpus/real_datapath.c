// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A datapath of the kind load balancers and CNIs ship: an XDP and a TC entry
 * program parse Ethernet, up to two VLAN tags and IPv4/IPv6, leave what they
 * found in a per-CPU scratch map and tail-call a per-protocol program through
 * a program array. The TCP/UDP programs do conntrack lookups and inserts,
 * LPM-trie and hash policy lookups, per-CPU statistics with atomics, NAT
 * rewrites with checksum fix-ups, redirects through a devmap and an
 * encapsulation with bpf_xdp_adjust_head. The last programs are the bugs
 * such datapaths have had.
 */
#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/pkt_cls.h>
#include <linux/tcp.h>
#include <linux/udp.h>
#include "corpus.h"

#define ETH_P_8021Q_ 0x8100
#define ETH_P_8021AD_ 0x88A8

enum { SLOT_TCP4, SLOT_UDP4, SLOT_IP6, SLOT_ENCAP, SLOT_NAT4, SLOT_MAX = 8 };
enum { ST_RX, ST_TCP, ST_UDP, ST_IP6, ST_DROP, ST_NEW, ST_NAT, ST_REDIR,
       ST_MAX };

struct vlanhdr {
	__be16 tci;
	__be16 proto;
};

struct meta {
	__u16 l3_off;
	__u16 l4_off;
	__u16 vlan;
	__u8 proto;
	__u8 family;
	__u32 pad;
};

struct flow4 {
	__be32 saddr;
	__be32 daddr;
	__be16 sport;
	__be16 dport;
	__u8 proto;
	__u8 pad[3];
};

struct ct_entry {
	__u64 packets;
	__u64 bytes;
	__u64 last_seen;
	__u32 flags;
	__u32 rev_nat;
};

struct nat_entry {
	__be32 addr;
	__be16 port;
	__u16 ifindex;
};

struct lpm4 {
	__u32 prefixlen;
	__be32 addr;
};

struct policy {
	__u32 action;
	__u32 class;
};

struct ip6key {
	__u32 a[4];
};

struct backend {
	__be32 addr;
	__be16 port;
	__u16 weight;
	__u32 ifindex;
};

struct stats {
	__u64 c[ST_MAX];
};

struct cfg {
	__u32 flags;
	__u32 encap_ifindex;
	__be32 encap_src;
	__be32 encap_dst;
};

struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, SLOT_MAX);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} dp_jmp SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, SLOT_MAX);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} dp_tc_jmp SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct meta);
} dp_scratch SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 65536);
	__type(key, struct flow4);
	__type(value, struct ct_entry);
} dp_ct SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 16384);
	__type(key, struct flow4);
	__type(value, struct nat_entry);
} dp_nat SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_LPM_TRIE);
	__uint(max_entries, 1024);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, struct lpm4);
	__type(value, struct policy);
} dp_policy4 SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, struct ip6key);
	__type(value, struct policy);
} dp_policy6 SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct stats);
} dp_stats SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_DEVMAP);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, __u32);
} dp_tx SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct cfg);
} dp_cfg SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 256);
	__type(key, __u32);
	__type(value, struct backend);
} dp_backends SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, __u16);
	__type(value, __u32);
} dp_vlan SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_LRU_PERCPU_HASH);
	__uint(max_entries, 4096);
	__type(key, __u32);
	__type(value, __u64);
} dp_src_bytes SEC(".maps");

static __always_inline void stat_inc(__u32 which)
{
	__u32 k = 0;
	struct stats *s = bpf_map_lookup_elem(&dp_stats, &k);

	if (s && which < ST_MAX)
		__sync_fetch_and_add(&s->c[which], 1);
}

static __always_inline struct meta *scratch(void)
{
	__u32 k = 0;

	return bpf_map_lookup_elem(&dp_scratch, &k);
}

/*
 * Ethernet, up to two VLAN tags, then IPv4 or IPv6. Returns the L3
 * protocol (host order) or 0; *l3 is the offset of the L3 header.
 */
static __always_inline int parse_l2(void *data, void *data_end, __u16 *l3,
				    __u16 *vlan)
{
	struct ethhdr *eth = data;
	__u16 proto;
	__u16 off = sizeof(*eth);

	if ((void *)(eth + 1) > data_end)
		return 0;
	proto = bpf_ntohs(eth->h_proto);
	*vlan = 0;
#pragma clang loop unroll(full)
	for (int i = 0; i < 2; i++) {
		struct vlanhdr *vh = data + off;

		if (proto != ETH_P_8021Q_ && proto != ETH_P_8021AD_)
			break;
		if ((void *)(vh + 1) > data_end)
			return 0;
		*vlan = bpf_ntohs(vh->tci) & 0xfff;
		proto = bpf_ntohs(vh->proto);
		off += sizeof(*vh);
	}
	*l3 = off;
	return proto;
}

static __always_inline int dispatch(void *ctx, void *data, void *data_end,
				    void *jmp)
{
	struct meta *m = scratch();
	__u16 l3 = 0, vlan = 0;
	int proto;

	if (!m)
		return -1;
	stat_inc(ST_RX);
	proto = parse_l2(data, data_end, &l3, &vlan);
	m->l3_off = l3;
	m->vlan = vlan;
	if (proto == ETH_P_IP) {
		struct iphdr *ip = data + l3;

		if ((void *)(ip + 1) > data_end)
			return -1;
		if (ip->ihl < 5)
			return -1;
		m->family = 4;
		m->proto = ip->protocol;
		m->l4_off = l3 + ip->ihl * 4;
		if (ip->protocol == IPPROTO_TCP)
			bpf_tail_call(ctx, jmp, SLOT_TCP4);
		else if (ip->protocol == IPPROTO_UDP)
			bpf_tail_call(ctx, jmp, SLOT_UDP4);
		return 0;
	}
	if (proto == ETH_P_IPV6) {
		struct ipv6hdr *ip6 = data + l3;

		if ((void *)(ip6 + 1) > data_end)
			return -1;
		m->family = 6;
		m->proto = ip6->nexthdr;
		m->l4_off = l3 + sizeof(*ip6);
		bpf_tail_call(ctx, jmp, SLOT_IP6);
		return 0;
	}
	return 0;
}

/* EXPECT accept */
SEC("xdp")
int dp_xdp_entry(struct xdp_md *ctx)
{
	PKT(ctx);
	int r = dispatch(ctx, data, data_end, &dp_jmp);

	if (r < 0) {
		stat_inc(ST_DROP);
		return XDP_DROP;
	}
	return XDP_PASS;
}

/* EXPECT accept */
SEC("tc")
int dp_tc_entry(struct __sk_buff *skb)
{
	PKT(skb);
	int r = dispatch(skb, data, data_end, &dp_tc_jmp);

	if (r < 0) {
		stat_inc(ST_DROP);
		return TC_ACT_SHOT;
	}
	return TC_ACT_OK;
}

/*
 * After a tail call the packet pointers are gone: re-derive the headers
 * from the offsets the entry program stored, bounds-checking again.
 */
static __always_inline struct iphdr *ip4_at(void *data, void *data_end,
					    struct meta *m)
{
	__u16 off = m->l3_off;
	struct iphdr *ip;

	if (off > 64)
		return NULL;
	ip = data + off;
	if ((void *)(ip + 1) > data_end)
		return NULL;
	return ip;
}

static __always_inline struct policy *policy4(__be32 addr)
{
	struct lpm4 k = { .prefixlen = 32, .addr = addr };

	return bpf_map_lookup_elem(&dp_policy4, &k);
}

static __always_inline void src_bytes(__be32 saddr, __u64 len)
{
	__u32 k = saddr;
	__u64 *b = bpf_map_lookup_elem(&dp_src_bytes, &k);

	if (b) {
		*b += len;
	} else {
		__u64 init = len;

		bpf_map_update_elem(&dp_src_bytes, &k, &init, BPF_NOEXIST);
	}
}

/* EXPECT accept */
SEC("xdp")
int dp_xdp_tcp4(struct xdp_md *ctx)
{
	PKT(ctx);
	struct meta *m = scratch();
	struct flow4 f = {};
	struct ct_entry *ct;
	struct policy *pol;
	struct tcphdr *th;
	struct iphdr *ip;

	if (!m)
		return XDP_ABORTED;
	ip = ip4_at(data, data_end, m);
	if (!ip)
		return XDP_DROP;
	th = (void *)(ip + 1);
	if ((void *)(th + 1) > data_end)
		return XDP_DROP;
	stat_inc(ST_TCP);
	pol = policy4(ip->saddr);
	if (pol && pol->action == 1) {
		stat_inc(ST_DROP);
		return XDP_DROP;
	}
	f.saddr = ip->saddr;
	f.daddr = ip->daddr;
	f.sport = th->source;
	f.dport = th->dest;
	f.proto = IPPROTO_TCP;
	ct = bpf_map_lookup_elem(&dp_ct, &f);
	if (ct) {
		__sync_fetch_and_add(&ct->packets, 1);
		__sync_fetch_and_add(&ct->bytes, data_end - data);
		ct->last_seen = bpf_ktime_get_ns();
		if (th->fin || th->rst)
			ct->flags |= 1;
	} else if (th->syn && !th->ack) {
		struct ct_entry n = { .packets = 1, .bytes = data_end - data };

		n.last_seen = bpf_ktime_get_ns();
		bpf_map_update_elem(&dp_ct, &f, &n, BPF_NOEXIST);
		stat_inc(ST_NEW);
	} else {
		return XDP_DROP;
	}
	src_bytes(ip->saddr, data_end - data);
	if (pol && pol->class) {
		stat_inc(ST_REDIR);
		return bpf_redirect_map(&dp_tx, pol->class & 63, XDP_PASS);
	}
	return XDP_PASS;
}

static __always_inline __u16 csum_fold(__u32 c)
{
	c = (c & 0xffff) + (c >> 16);
	c = (c & 0xffff) + (c >> 16);
	return ~c;
}

/* EXPECT accept */
SEC("xdp")
int dp_xdp_udp4_lb(struct xdp_md *ctx)
{
	PKT(ctx);
	struct meta *m = scratch();
	struct backend *be;
	struct udphdr *uh;
	struct iphdr *ip;
	__u32 idx, csum;

	if (!m)
		return XDP_ABORTED;
	ip = ip4_at(data, data_end, m);
	if (!ip)
		return XDP_DROP;
	uh = (void *)(ip + 1);
	if ((void *)(uh + 1) > data_end)
		return XDP_DROP;
	stat_inc(ST_UDP);
	idx = (bpf_ntohl(ip->saddr) ^ bpf_ntohs(uh->source)) & 255;
	be = bpf_map_lookup_elem(&dp_backends, &idx);
	if (!be || !be->addr)
		return XDP_PASS;
	/* Rewrite the destination, fixing the IP checksum incrementally. */
	csum = (__u16)~ip->check;
	csum += (__u16)~(ip->daddr & 0xffff) + (__u16)~(ip->daddr >> 16);
	csum += (be->addr & 0xffff) + (be->addr >> 16);
	ip->daddr = be->addr;
	ip->check = csum_fold(csum);
	uh->dest = be->port;
	uh->check = 0;
	stat_inc(ST_NAT);
	return bpf_redirect_map(&dp_tx, be->ifindex & 63, XDP_DROP);
}

/* EXPECT accept */
SEC("xdp")
int dp_xdp_ip6(struct xdp_md *ctx)
{
	PKT(ctx);
	struct meta *m = scratch();
	struct ipv6hdr *ip6;
	struct policy *pol;
	struct ip6key k;
	__u16 off;

	if (!m)
		return XDP_ABORTED;
	off = m->l3_off;
	if (off > 64)
		return XDP_DROP;
	ip6 = data + off;
	if ((void *)(ip6 + 1) > data_end)
		return XDP_DROP;
	stat_inc(ST_IP6);
	__builtin_memcpy(&k, &ip6->saddr, sizeof(k));
	pol = bpf_map_lookup_elem(&dp_policy6, &k);
	if (pol && pol->action == 1)
		return XDP_DROP;
	if (ip6->hop_limit <= 1)
		return XDP_PASS;
	ip6->hop_limit--;
	if (pol && pol->class)
		return bpf_redirect_map(&dp_tx, pol->class & 63, XDP_PASS);
	return XDP_PASS;
}

/* IPIP encapsulation: push an outer IPv4 header in front of the inner. */
/* EXPECT accept */
SEC("xdp")
int dp_xdp_encap(struct xdp_md *ctx)
{
	struct ethhdr *eth, *oeth;
	struct iphdr *outer, *inner;
	__u32 k = 0, csum = 0;
	struct cfg *c;
	__u16 *w;
	void *data, *data_end;

	c = bpf_map_lookup_elem(&dp_cfg, &k);
	if (!c)
		return XDP_ABORTED;
	data = (void *)(long)ctx->data;
	data_end = (void *)(long)ctx->data_end;
	oeth = data;
	inner = data + sizeof(*oeth);
	if ((void *)(inner + 1) > data_end)
		return XDP_PASS;
	if (oeth->h_proto != bpf_htons(ETH_P_IP))
		return XDP_PASS;
	if (bpf_xdp_adjust_head(ctx, -(int)sizeof(struct iphdr)))
		return XDP_DROP;
	data = (void *)(long)ctx->data;
	data_end = (void *)(long)ctx->data_end;
	eth = data;
	oeth = data + sizeof(struct iphdr);
	outer = data + sizeof(*eth);
	inner = (void *)(outer + 1);
	if ((void *)(inner + 1) > data_end)
		return XDP_DROP;
	__builtin_memcpy(eth->h_dest, oeth->h_dest, ETH_ALEN);
	__builtin_memcpy(eth->h_source, oeth->h_source, ETH_ALEN);
	eth->h_proto = bpf_htons(ETH_P_IP);
	outer->version = 4;
	outer->ihl = 5;
	outer->tos = 0;
	outer->tot_len = bpf_htons(bpf_ntohs(inner->tot_len) + sizeof(*outer));
	outer->id = 0;
	outer->frag_off = 0;
	outer->ttl = 64;
	outer->protocol = IPPROTO_IPIP;
	outer->check = 0;
	outer->saddr = c->encap_src;
	outer->daddr = c->encap_dst;
	w = (__u16 *)outer;
#pragma clang loop unroll(full)
	for (int i = 0; i < (int)sizeof(*outer) / 2; i++)
		csum += w[i];
	outer->check = csum_fold(csum);
	stat_inc(ST_REDIR);
	return bpf_redirect(c->encap_ifindex, 0);
}

/* Destination NAT on TC with the kernel's checksum helpers. */
/* EXPECT accept */
SEC("tc")
int dp_tc_nat4(struct __sk_buff *skb)
{
	struct meta *m = scratch();
	struct nat_entry *nat;
	struct flow4 f = {};
	__u32 l3, l4;
	void *data, *data_end;
	struct iphdr *ip;
	struct tcphdr *th;
	__be32 old_addr;
	__be16 old_port;

	if (!m)
		return TC_ACT_SHOT;
	data = (void *)(long)skb->data;
	data_end = (void *)(long)skb->data_end;
	ip = ip4_at(data, data_end, m);
	if (!ip)
		return TC_ACT_OK;
	if (ip->protocol != IPPROTO_TCP || ip->ihl != 5)
		return TC_ACT_OK;
	th = (void *)(ip + 1);
	if ((void *)(th + 1) > data_end)
		return TC_ACT_OK;
	f.saddr = ip->saddr;
	f.daddr = ip->daddr;
	f.sport = th->source;
	f.dport = th->dest;
	f.proto = IPPROTO_TCP;
	nat = bpf_map_lookup_elem(&dp_nat, &f);
	if (!nat)
		return TC_ACT_OK;
	l3 = (void *)ip - data;
	l4 = (void *)th - data;
	old_addr = ip->daddr;
	old_port = th->dest;
	/* The stores invalidate every packet pointer: use offsets from here. */
	bpf_l4_csum_replace(skb, l4 + offsetof(struct tcphdr, check), old_addr,
			    nat->addr, BPF_F_PSEUDO_HDR | sizeof(nat->addr));
	bpf_l3_csum_replace(skb, l3 + offsetof(struct iphdr, check), old_addr,
			    nat->addr, sizeof(nat->addr));
	bpf_skb_store_bytes(skb, l3 + offsetof(struct iphdr, daddr),
			    &nat->addr, sizeof(nat->addr), 0);
	bpf_l4_csum_replace(skb, l4 + offsetof(struct tcphdr, check), old_port,
			    nat->port, sizeof(nat->port));
	bpf_skb_store_bytes(skb, l4 + offsetof(struct tcphdr, dest),
			    &nat->port, sizeof(nat->port), 0);
	stat_inc(ST_NAT);
	if (nat->ifindex)
		return bpf_redirect(nat->ifindex, 0);
	return TC_ACT_OK;
}

/* VLAN to interface steering on TC, with a per-VLAN counter in the ct. */
/* EXPECT accept */
SEC("tc")
int dp_tc_vlan(struct __sk_buff *skb)
{
	__u16 vid = skb->vlan_tci & 0xfff;
	__u32 *ifindex;

	if (!skb->vlan_present)
		return TC_ACT_OK;
	ifindex = bpf_map_lookup_elem(&dp_vlan, &vid);
	if (!ifindex)
		return TC_ACT_SHOT;
	bpf_skb_vlan_pop(skb);
	return bpf_redirect(*ifindex, 0);
}

/*
 * Bug: after bpf_xdp_adjust_head the program reloads data and data_end but
 * checks only the Ethernet header before writing the outer IP header.
 */
/* EXPECT reject: offset is outside of the packet */
SEC("xdp")
int dp_bug_encap_no_recheck(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *data_end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;
	struct iphdr *outer;

	if ((void *)(eth + 1) > data_end)
		return XDP_PASS;
	if (bpf_xdp_adjust_head(ctx, -(int)sizeof(struct iphdr)))
		return XDP_DROP;
	data = (void *)(long)ctx->data;
	data_end = (void *)(long)ctx->data_end;
	eth = data;
	if ((void *)(eth + 1) > data_end)
		return XDP_DROP;
	outer = (void *)(eth + 1);
	outer->version = 4;
	outer->ihl = 5;
	outer->ttl = 64;
	outer->protocol = IPPROTO_IPIP;
	return XDP_TX;
}

/*
 * Bug: the packet pointer saved before adjust_head is used after it (the
 * helper may have moved the packet; Linux turns the old pointer into a
 * scalar).
 */
/* EXPECT reject: invalid mem access 'scalar' */
SEC("xdp")
int dp_bug_stale_after_adjust(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *data_end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data;

	if ((void *)(eth + 1) > data_end)
		return XDP_PASS;
	if (bpf_xdp_adjust_head(ctx, 4))
		return XDP_DROP;
	OPAQUE(eth);
	eth->h_proto = bpf_htons(ETH_P_IP);
	return XDP_TX;
}

/* Bug: the conntrack entry is updated without checking the lookup. */
/* EXPECT reject: invalid mem access 'map_value_or_null' */
SEC("tc")
int dp_bug_ct_no_null_check(struct __sk_buff *skb)
{
	void *data = (void *)(long)skb->data;
	void *data_end = (void *)(long)skb->data_end;
	struct iphdr *ip = data + sizeof(struct ethhdr);
	struct flow4 f = {};
	struct ct_entry *ct;

	if ((void *)(ip + 1) > data_end)
		return TC_ACT_OK;
	f.saddr = ip->saddr;
	f.daddr = ip->daddr;
	f.proto = ip->protocol;
	ct = bpf_map_lookup_elem(&dp_ct, &f);
	__sync_fetch_and_add(&ct->packets, 1);
	return TC_ACT_OK;
}

/*
 * Bug: the bounds check covers Ethernet + IPv4 at the usual offset, but the
 * header is then read at the offset the entry program stored (VLAN tags
 * move it).
 */
/* EXPECT reject: offset is outside of the packet */
SEC("xdp")
int dp_bug_check_wrong_offset(struct xdp_md *ctx)
{
	PKT(ctx);
	struct meta *m = scratch();
	struct iphdr *ip;
	__u16 off;

	if (!m)
		return XDP_ABORTED;
	if (data + sizeof(struct ethhdr) + sizeof(struct iphdr) > data_end)
		return XDP_DROP;
	off = m->l3_off;
	if (off > 64)
		return XDP_DROP;
	ip = data + off;
	return ip->ttl > 1 ? XDP_PASS : XDP_DROP;
}
