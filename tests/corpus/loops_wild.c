// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Loops as real programs write them (issue 23): packet words after one
 * check, nested blocks, pointers re-checked each round, variable steps read
 * from the packet (IPv6 extension headers, TCP options, an HTTP line),
 * counters in volatile stack slots, signed counters and bounds, backward
 * scans, and runaways. Each family has an unsafe twin with a real memory
 * bug (one byte past the checked range, one before the start, an index
 * that can go negative). Every safe program is accepted by Linux at all six
 * builds; bench/loops_proof.py counts how many bpfcheck proves.
 *
 * CORPUS-VARIANTS: O1 O2 O3 v3 c19v3 c19v4
 */
#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/tcp.h>
#include <linux/pkt_cls.h>
#include "corpus.h"

#define NOUNROLL _Pragma("clang loop unroll(disable)")

static __always_inline int verdict(__u64 x)
{
	return x & 1 ? XDP_DROP : XDP_PASS;
}

/* ---- 1. one packet check, then words ---- */

/* EXPECT accept */
SEC("xdp")
int wild_words_u64(struct xdp_md *ctx)
{
	PKT(ctx);
	__u64 *w = data;
	__u64 sum = 0;

	if (data + 64 > data_end)
		return XDP_PASS;
	NOUNROLL
	for (int i = 0; i < 8; i++)
		sum += w[i];
	return verdict(sum);
}

/* EXPECT accept */
SEC("xdp")
int wild_words_u32(struct xdp_md *ctx)
{
	PKT(ctx);
	__u32 *w = data;
	__u32 sum = 0;

	if (data + 64 > data_end)
		return XDP_PASS;
	NOUNROLL
	for (__u32 i = 0; i < 16; i++)
		sum ^= w[i];
	return verdict(sum);
}

/* The ninth word is past the 64 bytes checked. */
/* EXPECT reject: offset is outside of the packet */
SEC("xdp")
int wild_words_le_bad(struct xdp_md *ctx)
{
	PKT(ctx);
	__u64 *w = data;
	__u64 sum = 0;

	if (data + 64 > data_end)
		return XDP_PASS;
	NOUNROLL
	for (int i = 0; i <= 8; i++)
		sum += w[i];
	return verdict(sum);
}

/* 60 bytes checked, 64 read. */
/* EXPECT reject: offset is outside of the packet */
SEC("xdp")
int wild_words_check60_bad(struct xdp_md *ctx)
{
	PKT(ctx);
	__u64 *w = data;
	__u64 sum = 0;

	if (data + 60 > data_end)
		return XDP_PASS;
	NOUNROLL
	for (int i = 0; i < 8; i++)
		sum += w[i];
	return verdict(sum);
}

/* ---- 2. nested loops over one checked block ---- */

/* EXPECT accept */
SEC("xdp")
int wild_nest_block(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *p = data;
	__u32 sum = 0;

	if (data + 32 > data_end)
		return XDP_PASS;
	NOUNROLL
	for (int i = 0; i < 4; i++) {
		NOUNROLL
		for (int j = 0; j < 8; j++)
			sum = sum * 31 + p[i * 8 + j];
	}
	return verdict(sum);
}

/* Rows of four u16 words: 8 x 4 x 2 bytes. */
/* EXPECT accept */
SEC("xdp")
int wild_nest_words(struct xdp_md *ctx)
{
	PKT(ctx);
	__u16 *w = data;
	__u32 sum = 0;

	if (data + 64 > data_end)
		return XDP_PASS;
	NOUNROLL
	for (int r = 0; r < 8; r++) {
		NOUNROLL
		for (int c = 0; c < 4; c++)
			sum += (__u32)w[r * 4 + c] << c;
	}
	return verdict(sum);
}

/* The rows are 64 bytes, 63 are checked: the last word is a byte short. */
/* EXPECT reject: offset is outside of the packet */
SEC("xdp")
int wild_nest_words_bad(struct xdp_md *ctx)
{
	PKT(ctx);
	__u16 *w = data;
	__u32 sum = 0;

	if (data + 63 > data_end)
		return XDP_PASS;
	NOUNROLL
	for (int r = 0; r < 8; r++) {
		NOUNROLL
		for (int c = 0; c < 4; c++)
			sum += (__u32)w[r * 4 + c] << c;
	}
	return verdict(sum);
}

/* The block is 32 bytes, 31 are checked. */
/* EXPECT reject: offset is outside of the packet */
SEC("xdp")
int wild_nest_block_bad(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *p = data;
	__u32 sum = 0;

	if (data + 31 > data_end)
		return XDP_PASS;
	NOUNROLL
	for (int i = 0; i < 4; i++) {
		NOUNROLL
		for (int j = 0; j < 8; j++)
			sum = sum * 31 + p[i * 8 + j];
	}
	return verdict(sum);
}

/* ---- 3. a pointer checked against data_end every round ---- */

/* EXPECT accept */
SEC("xdp")
int wild_ptr_walk_bytes(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *p = data;
	__u32 sum = 0;
	int i;

	NOUNROLL
	for (i = 0; i < 64 && (void *)(p + 1) <= data_end; i++, p++)
		sum += *p;
	return verdict(sum);
}

/* A ones'-complement sum over at most 32 u16 words. */
/* EXPECT accept */
SEC("xdp")
int wild_ptr_walk_u16(struct xdp_md *ctx)
{
	PKT(ctx);
	__u16 *q = data;
	__u32 csum = 0;
	int i;

	NOUNROLL
	for (i = 0; i < 32 && (void *)(q + 1) <= data_end; i++, q++)
		csum += *q;
	csum = (csum & 0xffff) + (csum >> 16);
	return verdict(~csum & 0xffff);
}

/* EXPECT accept */
SEC("xdp")
int wild_ptr_walk_u32(struct xdp_md *ctx)
{
	PKT(ctx);
	__u32 *q = data;
	__u32 h = 0;
	int i;

	NOUNROLL
	for (i = 0; i < 16 && (void *)(q + 1) <= data_end; i++, q++)
		h = (h ^ *q) * 0x01000193;
	return verdict(h);
}

/* Pairs of bytes, but only the first is checked. */
/* EXPECT reject: offset is outside of the packet */
SEC("xdp")
int wild_ptr_walk_next_bad(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *p = data;
	__u32 sum = 0;
	int i;

	NOUNROLL
	for (i = 0; i < 64 && (void *)(p + 1) <= data_end; i++, p++)
		sum += p[0] ^ p[1];
	return verdict(sum);
}

/* ---- 4. steps read from the packet ---- */

static __always_inline int ipv6_ext(__u8 nh)
{
	return nh == IPPROTO_HOPOPTS || nh == IPPROTO_ROUTING ||
	       nh == IPPROTO_DSTOPTS || nh == IPPROTO_FRAGMENT;
}

struct ext_hdr {
	__u8 nexthdr;
	__u8 hdrlen;
};

/* Up to 8 extension headers, each checked before its length is read. */
/* EXPECT accept */
SEC("xdp")
int wild_ipv6_ext(struct xdp_md *ctx)
{
	PKT(ctx);
	struct ethhdr *eth = data;
	struct ipv6hdr *ip6 = (void *)(eth + 1);
	struct ext_hdr *h;
	void *p;
	__u8 nh;

	if ((void *)(ip6 + 1) > data_end ||
	    eth->h_proto != bpf_htons(ETH_P_IPV6))
		return XDP_PASS;
	nh = ip6->nexthdr;
	p = ip6 + 1;
	NOUNROLL
	for (int i = 0; i < 8; i++) {
		if (!ipv6_ext(nh))
			break;
		h = p;
		if ((void *)(h + 1) > data_end)
			return XDP_DROP;
		nh = h->nexthdr;
		if (nh == IPPROTO_FRAGMENT)
			p += 8;
		else
			p += (h->hdrlen + 1) * 8;
	}
	if (nh == IPPROTO_TCP) {
		struct tcphdr *tcp = p;

		if ((void *)(tcp + 1) > data_end)
			return XDP_DROP;
		return tcp->dest == bpf_htons(22) ? XDP_DROP : XDP_PASS;
	}
	return XDP_PASS;
}

/* The header's first byte is checked, its length (the second) is read. */
/* EXPECT reject: offset is outside of the packet */
SEC("xdp")
int wild_ipv6_ext_bad(struct xdp_md *ctx)
{
	PKT(ctx);
	struct ethhdr *eth = data;
	struct ipv6hdr *ip6 = (void *)(eth + 1);
	struct ext_hdr *h;
	void *p;
	__u8 nh;

	if ((void *)(ip6 + 1) > data_end ||
	    eth->h_proto != bpf_htons(ETH_P_IPV6))
		return XDP_PASS;
	nh = ip6->nexthdr;
	p = ip6 + 1;
	NOUNROLL
	for (int i = 0; i < 8; i++) {
		if (!ipv6_ext(nh))
			break;
		h = p;
		if (p + 1 > data_end)
			return XDP_DROP;
		nh = h->nexthdr;
		p += (h->hdrlen + 1) * 8;
	}
	return nh == IPPROTO_TCP ? XDP_DROP : XDP_PASS;
}

/* The TCP header of an Ethernet/IPv4 frame without IP options. */
static __always_inline struct tcphdr *tcp_of(void *data, void *data_end)
{
	struct ethhdr *eth = data;
	struct iphdr *ip = (void *)(eth + 1);
	struct tcphdr *tcp = (void *)(ip + 1);

	if ((void *)(tcp + 1) > data_end || ip->ihl != 5 ||
	    eth->h_proto != bpf_htons(ETH_P_IP) || ip->protocol != IPPROTO_TCP)
		return 0;
	return tcp;
}

/*
 * TCP options (kind, len) within the header's 40 option bytes: EOL ends
 * them, NOP is one byte, the others carry their length; at most 16 rounds.
 */
static __always_inline __u32 tcp_mss(struct tcphdr *tcp, void *data_end,
				     int rounds)
{
	__u8 *opt = (void *)(tcp + 1);
	__u32 optlen = tcp->doff * 4 - 20, off = 0;

	NOUNROLL
	for (int i = 0; i < rounds && off < optlen; i++) {
		__u8 *p = opt + off;
		__u8 kind, len = 1;

		if ((void *)(p + 1) > data_end)
			break;
		kind = p[0];
		if (kind == 0)
			break;
		if (kind != 1) {
			if ((void *)(p + 2) > data_end)
				break;
			len = p[1];
			if (len < 2)
				break;
			if (kind == 2 && len == 4) {
				if ((void *)(p + 4) > data_end)
					break;
				return (p[2] << 8) | p[3];
			}
		}
		off += len;
	}
	return 0;
}

/* EXPECT accept */
SEC("xdp")
int wild_tcp_opts(struct xdp_md *ctx)
{
	PKT(ctx);
	struct tcphdr *tcp = tcp_of(data, data_end);
	__u32 mss;

	if (!tcp || tcp->doff < 5)
		return XDP_PASS;
	mss = tcp_mss(tcp, data_end, 16);
	return mss && mss < 536 ? XDP_DROP : XDP_PASS;
}

/*
 * The same walk allowed 40 rounds (40 NOPs fill the option bytes): Linux
 * explores too many paths through it.
 */
/* EXPECT accept LINUX reject: BPF program is too large */
SEC("xdp")
int wild_tcp_opts_40(struct xdp_md *ctx)
{
	PKT(ctx);
	struct tcphdr *tcp = tcp_of(data, data_end);
	__u32 mss;

	if (!tcp || tcp->doff < 5)
		return XDP_PASS;
	mss = tcp_mss(tcp, data_end, 40);
	return mss && mss < 536 ? XDP_DROP : XDP_PASS;
}

/* The MSS option's two value bytes are read with only kind and len checked. */
/* EXPECT reject: offset is outside of the packet */
SEC("xdp")
int wild_tcp_opts_mss_bad(struct xdp_md *ctx)
{
	PKT(ctx);
	struct tcphdr *tcp = tcp_of(data, data_end);
	__u8 *opt;
	__u32 optlen, off = 0, mss = 0;

	if (!tcp || tcp->doff < 5)
		return XDP_PASS;
	opt = (void *)(tcp + 1);
	optlen = tcp->doff * 4 - 20;
	NOUNROLL
	for (int i = 0; i < 16 && off < optlen; i++) {
		__u8 *p = opt + off;
		__u8 kind, len = 1;

		if ((void *)(p + 2) > data_end)
			break;
		kind = p[0];
		if (kind == 0)
			break;
		if (kind != 1) {
			len = p[1];
			if (len < 2)
				break;
			if (kind == 2 && len == 4) {
				mss = (p[2] << 8) | p[3];
				break;
			}
		}
		off += len;
	}
	return mss && mss < 536 ? XDP_DROP : XDP_PASS;
}

/*
 * A TLV walk where a length of 0 does not advance: the round counter still
 * ends it, and every read is checked.
 */
/* EXPECT accept */
SEC("xdp")
int wild_tlv_len0_capped(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *p = data;
	__u32 seen = 0;

	NOUNROLL
	for (int i = 0; i < 16; i++) {
		if ((void *)(p + 2) > data_end)
			break;
		seen |= 1u << (p[0] & 31);
		p += p[1];
	}
	return verdict(seen);
}

/* The HTTP request line after fixed Ethernet/IPv4/TCP headers. */
#define HTTP_OFF (sizeof(struct ethhdr) + 20 + 20)

/* The length of the first line within the first 128 bytes, or 0. */
/* EXPECT accept */
SEC("xdp")
int wild_http_crlf(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *req = data + HTTP_OFF;
	__u8 *p = req;
	int i;

	if ((void *)(req + 4) > data_end || req[0] != 'G' || req[1] != 'E' ||
	    req[2] != 'T' || req[3] != ' ')
		return XDP_PASS;
	NOUNROLL
	for (i = 0; i < 128 && (void *)(p + 1) < data_end; i++, p++)
		if (p[0] == '\r' && p[1] == '\n')
			return i > 64 ? XDP_DROP : XDP_PASS;
	return XDP_PASS;
}

/* The classic slip: p[i] is checked, p[i + 1] is read too. */
/* EXPECT reject: offset is outside of the packet */
SEC("xdp")
int wild_http_crlf_bad(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *req = data + HTTP_OFF;
	int i;

	if ((void *)(req + 4) > data_end || req[0] != 'G' || req[1] != 'E' ||
	    req[2] != 'T' || req[3] != ' ')
		return XDP_PASS;
	NOUNROLL
	for (i = 0; i < 128; i++) {
		if ((void *)(req + i + 1) > data_end)
			break;
		if (req[i] == '\r' && req[i + 1] == '\n')
			return i > 64 ? XDP_DROP : XDP_PASS;
	}
	return XDP_PASS;
}

/* ---- 5. a counter in a volatile stack slot indexing the packet ---- */

/* EXPECT accept */
SEC("xdp")
int wild_volatile_pkt(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *p = data;
	volatile long i;
	__u32 sum = 0;

	if (data + 64 > data_end)
		return XDP_PASS;
	for (i = 0; i < 64; i++)
		sum += p[i];
	return verdict(sum);
}

/* EXPECT reject: offset is outside of the packet */
SEC("xdp")
int wild_volatile_pkt_bad(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *p = data;
	volatile long i;
	__u32 sum = 0;

	if (data + 64 > data_end)
		return XDP_PASS;
	for (i = 0; i <= 64; i++)
		sum += p[i];
	return verdict(sum);
}

/* ---- 6. signed counters and signed bounds ---- */

/* [lo, n) from the packet, clamped to [-16, 16): a map value's b[i + 16]. */
/* EXPECT accept */
SEC("xdp")
int wild_sgn_range_pkt(struct xdp_md *ctx)
{
	PKT(ctx);
	__s8 *q = data;
	struct val *v = val0();
	__u32 sum = 0;
	int lo, n;

	if (!v || (void *)(q + 2) > data_end)
		return XDP_PASS;
	lo = q[0];
	n = q[1];
	if (lo < -16 || n > 16)
		return XDP_PASS;
	NOUNROLL
	for (int i = lo; i < n; i++)
		sum += v->b[i + 16];
	return verdict(sum);
}

/* The same from a map value into a stack array. */
/* EXPECT accept */
SEC("tc")
int wild_sgn_range_map(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u8 arr[32] = {};
	__u32 sum = 0;
	int lo, n;

	if (!v)
		return TC_ACT_OK;
	lo = (__s8)v->b[0];
	n = (__s8)v->b[1];
	if (lo < -16 || n > 16)
		return TC_ACT_OK;
	arr[v->b[2] & 31] = v->b[3];
	NOUNROLL
	for (int i = lo; i < n; i++)
		sum += arr[i + 16];
	return sum & 1;
}

/* The clamp lets lo be -17: b[i + 16] reads before the value. */
/* EXPECT reject: min value is negative */
SEC("xdp")
int wild_sgn_range_pkt_bad(struct xdp_md *ctx)
{
	PKT(ctx);
	__s8 *q = data;
	struct val *v = val0();
	__u32 sum = 0;
	int lo, n;

	if (!v || (void *)(q + 2) > data_end)
		return XDP_PASS;
	lo = q[0];
	n = q[1];
	if (lo < -17 || n > 16)
		return XDP_PASS;
	NOUNROLL
	for (int i = lo; i < n; i++)
		sum += v->b[i + 16];
	return verdict(sum);
}

/*
 * A signed countdown from n <= 16 through zero to -7. Written as code that
 * passes Linux is: a 64-bit counter, and barriers (libbpf's barrier_var)
 * that keep clang from folding the clamp into the loop's entry test and
 * the index into a second counter, which Linux cannot relate to the first.
 */
/* EXPECT accept */
SEC("xdp")
int wild_sgn_countdown(struct xdp_md *ctx)
{
	PKT(ctx);
	__s8 *q = data;
	struct val *v = val0();
	__u32 sum = 0;
	long n;

	if (!v || (void *)(q + 1) > data_end)
		return XDP_PASS;
	n = q[0];
	if (n > 16)
		return XDP_PASS;
	OPAQUE(n);
	NOUNROLL
	for (long i = n; i > -8; i--) {
		long k = i + 7;

		OPAQUE(k);
		sum += v->b[k];
		OPAQUE(i);
	}
	return verdict(sum);
}

/* One round too many: i reaches -8 and b[i + 7] is b[-1]. */
/* EXPECT reject: min value is negative */
SEC("xdp")
int wild_sgn_countdown_bad(struct xdp_md *ctx)
{
	PKT(ctx);
	__s8 *q = data;
	struct val *v = val0();
	__u32 sum = 0;
	long n;

	if (!v || (void *)(q + 1) > data_end)
		return XDP_PASS;
	n = q[0];
	if (n > 16)
		return XDP_PASS;
	OPAQUE(n);
	NOUNROLL
	for (long i = n; i >= -8; i--) {
		long k = i + 7;

		OPAQUE(k);
		sum += v->b[k];
		OPAQUE(i);
	}
	return verdict(sum);
}

/* ---- 7. backward scans ---- */

struct path {
	char s[64];
	__u32 len;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct path);
} paths SEC(".maps");

static __always_inline struct path *path0(void)
{
	__u32 k = 0;

	return bpf_map_lookup_elem(&paths, &k);
}

/* basename: from the end of the string back to the last '/'. */
/* EXPECT accept */
SEC("tc")
int wild_basename_map(struct __sk_buff *skb)
{
	struct path *pv = path0();
	long i, len;

	if (!pv)
		return 0;
	len = pv->len;
	if (len > 64)
		return 0;
	NOUNROLL
	for (i = len - 1; i >= 0; i--)
		if (pv->s[i] == '/')
			break;
	return i + 1;
}

/* The same over a stack copy of the packet's first bytes. */
/* EXPECT accept */
SEC("tc")
int wild_basename_stack(struct __sk_buff *skb)
{
	char buf[64] = {};
	__u32 len = skb->len;
	int i;

	if (len > sizeof(buf))
		len = sizeof(buf);
	if (len < 1 || bpf_skb_load_bytes(skb, 0, buf, len))
		return 0;
	NOUNROLL
	for (i = len - 1; i >= 0; i--)
		if (buf[i] == '/')
			break;
	return i + 1;
}

/* A '/' escaped by a backslash: s[i - 1] is read at i == 0 too. */
/* EXPECT reject: min value is outside of the allowed memory range */
SEC("tc")
int wild_basename_escape_bad(struct __sk_buff *skb)
{
	struct path *pv = path0();
	long i, len;

	if (!pv)
		return 0;
	len = pv->len;
	if (len > 64)
		return 0;
	NOUNROLL
	for (i = len - 1; i >= 0; i--)
		if (pv->s[i] == '/' && pv->s[i - 1] != '\\')
			break;
	return i + 1;
}

/* Trailing spaces: a pointer stepping down to the block's start. */
/* EXPECT accept */
SEC("xdp")
int wild_ptr_down(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *start = data;
	__u8 *p = start + 63;
	int i;

	if (data + 64 > data_end)
		return XDP_PASS;
	NOUNROLL
	for (i = 0; i < 64 && p >= start; i++, p--)
		if (*p != ' ')
			break;
	return verdict(i);
}

/* An escape check reading p[-1] at the start itself. */
/* EXPECT reject: offset is outside of the packet */
SEC("xdp")
int wild_ptr_down_bad(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *start = data;
	__u8 *p = start + 63;
	int i;

	if (data + 64 > data_end)
		return XDP_PASS;
	NOUNROLL
	for (i = 0; i < 64 && p >= start; i++, p--)
		if (*p != ' ' || p[-1] == '\\')
			break;
	return verdict(i);
}

/* ---- 8. runaways ---- */

/*
 * A 64-bit count-down from a length that may be 0: 2^64 rounds. Memory
 * safe, but no bound under the cap on a run: the counter's range at the
 * header wraps, so bpfcheck explores it as Linux does, to the same limit.
 */
/* EXPECT reject: BPF program is too large */
SEC("tc")
int wild_runaway_u64_countdown(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 i = skb->len;
	__u32 s = 0;

	if (!v)
		return 0;
	NOUNROLL
	do {
		s += v->b[i & 63];
	} while (--i);
	return s & 1;
}

/*
 * A proven bound of 2^48 rounds: terminates, long past bpfcheck's cap on
 * the instructions a run may execute.
 */
/* EXPECT reject: insns in all, over the limit of 4294967296 LINUX reject: BPF program is too large */
SEC("tc")
int wild_runaway_huge_bound(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 n = (__u64)skb->len << 16;
	__u32 s = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (__u64 i = 0; i < n; i++)
		s += v->b[i & 63];
	return s & 1;
}

/* The count-down from a length made odd: at most 65,535 rounds. */
/* EXPECT accept */
SEC("tc")
int wild_countdown_nonzero(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 i = (skb->len & 0xffff) | 1;
	__u32 s = 0;

	if (!v)
		return 0;
	NOUNROLL
	do {
		s += v->b[i & 63];
	} while (--i);
	return s & 1;
}
