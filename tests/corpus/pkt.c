// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Packet access: data/data_end checks, data_meta, pkt + bounded scalar. */
#include <linux/if_ether.h>
#include <linux/ip.h>
#include <linux/pkt_cls.h>
#include "corpus.h"

/* EXPECT accept */
SEC("xdp")
int pkt_eth_ok(struct xdp_md *ctx)
{
	PKT(ctx);
	struct ethhdr *eth = data;

	if ((void *)(eth + 1) > data_end)
		return XDP_DROP;
	return eth->h_proto == bpf_htons(ETH_P_IP) ? XDP_PASS : XDP_DROP;
}

/* EXPECT reject: offset is outside of the packet*/
SEC("xdp")
int pkt_no_check(struct xdp_md *ctx)
{
	PKT(ctx);
	struct ethhdr *eth = data;

	return eth->h_proto == bpf_htons(ETH_P_IP) ? XDP_PASS : XDP_DROP;
}

/* EXPECT reject: offset is outside of the packet*/
SEC("xdp")
int pkt_off_by_one(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *p = data;

	if (data + 13 > data_end)
		return XDP_DROP;
	return p[13];
}

/* EXPECT accept */
SEC("xdp")
int pkt_last_byte(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *p = data;

	if (data + 14 > data_end)
		return XDP_DROP;
	return p[13];
}

/* EXPECT accept */
SEC("tc")
int pkt_ip_hdr(struct __sk_buff *skb)
{
	PKT(skb);
	struct ethhdr *eth = data;
	struct iphdr *ip = (void *)(eth + 1);

	if ((void *)(ip + 1) > data_end)
		return TC_ACT_OK;
	skb->mark = ip->protocol;
	return TC_ACT_OK;
}

/* EXPECT reject: offset is outside of the packet*/
SEC("tc")
int pkt_ip_hdr_short(struct __sk_buff *skb)
{
	PKT(skb);
	struct ethhdr *eth = data;
	struct iphdr *ip = (void *)(eth + 1);

	if ((void *)eth + 20 > data_end)
		return TC_ACT_OK;
	skb->mark = ip->daddr;
	return TC_ACT_OK;
}

/* EXPECT accept */
SEC("xdp")
int pkt_reversed_cmp(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *p = data;

	if (data_end >= data + 8)
		return p[7];
	return XDP_PASS;
}

/* EXPECT reject: offset is outside of the packet*/
SEC("xdp")
int pkt_wrong_branch(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *p = data;

	if (data + 8 > data_end)
		return p[2];
	return XDP_PASS;
}

/* EXPECT accept */
SEC("xdp")
int pkt_var_off_checked(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *p = data;
	__u32 off;

	if (data + 1 > data_end)
		return XDP_PASS;
	off = p[0] & 0x3f;
	p += off;
	if ((void *)(p + 2) > data_end)
		return XDP_PASS;
	return p[1];
}

/* EXPECT reject: offset is outside of the packet*/
SEC("xdp")
int pkt_var_off_unchecked(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *p = data;
	__u32 off;

	if (data + 64 > data_end)
		return XDP_PASS;
	off = p[0];
	return p[off];
}

/* RFC patch 13: pkt + bounded scalar keeps the range minus the scalar's max. */
/* EXPECT accept LINUX reject: offset is outside of the packet */
SEC("xdp")
int pkt_plus_bounded_scalar(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *p = data;

	if (data + 64 > data_end)
		return XDP_PASS;
	p += p[0] & 31;
	return p[32];
}

/* EXPECT reject: offset is outside of the packet*/
SEC("xdp")
int pkt_plus_scalar_too_far(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *p = data;

	if (data + 64 > data_end)
		return XDP_PASS;
	p += p[0] & 31;
	return p[33];
}

/* EXPECT accept */
SEC("xdp")
int pkt_meta_ok(struct xdp_md *ctx)
{
	void *meta = (void *)(long)ctx->data_meta;
	void *data = (void *)(long)ctx->data;
	__u32 *m = meta;

	if ((void *)(m + 1) > data)
		return XDP_PASS;
	return *m == 7 ? XDP_DROP : XDP_PASS;
}

/* EXPECT reject: offset is outside of the packet*/
SEC("xdp")
int pkt_meta_unchecked(struct xdp_md *ctx)
{
	void *meta = (void *)(long)ctx->data_meta;
	__u32 *m = meta;

	return *m == 7 ? XDP_DROP : XDP_PASS;
}

/* EXPECT reject: offset is outside of the packet*/
SEC("xdp")
int pkt_meta_against_end(struct xdp_md *ctx)
{
	void *meta = (void *)(long)ctx->data_meta;
	void *data_end = (void *)(long)ctx->data_end;
	__u32 *m = meta;

	if ((void *)(m + 1) > data_end)
		return XDP_PASS;
	return *m;
}

/* EXPECT accept */
SEC("tc")
int pkt_write_tc(struct __sk_buff *skb)
{
	PKT(skb);
	__u8 *p = data;

	if (data + 4 > data_end)
		return TC_ACT_OK;
	p[3] = 0xff;
	return TC_ACT_OK;
}

/* EXPECT reject: cannot write into packet */
SEC("lwt_in")
int pkt_write_lwt_in(struct __sk_buff *skb)
{
	PKT(skb);
	__u8 *p = data;

	if (data + 4 > data_end)
		return 0;
	p[3] = 0xff;
	return 0;
}

/* EXPECT accept */
SEC("xdp")
int pkt_copy_keeps_range(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *p = data, *q;

	if (data + 16 > data_end)
		return XDP_PASS;
	q = p + 8;
	OPAQUE(q);
	return q[7];
}

/* EXPECT accept */
SEC("xdp")
int pkt_adjust_head_recheck(struct xdp_md *ctx)
{
	void *data, *data_end;
	__u8 *p;

	if (bpf_xdp_adjust_head(ctx, -4))
		return XDP_DROP;
	data = (void *)(long)ctx->data;
	data_end = (void *)(long)ctx->data_end;
	p = data;
	if (data + 4 > data_end)
		return XDP_DROP;
	return p[0];
}

/* EXPECT reject: invalid mem access 'scalar' */
SEC("xdp")
int pkt_adjust_head_stale(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *p = data;

	if (data + 4 > data_end)
		return XDP_DROP;
	OPAQUE(p);
	if (bpf_xdp_adjust_head(ctx, 4))
		return XDP_DROP;
	OPAQUE(p);
	return p[0];
}

/* EXPECT reject: offset is outside of the packet*/
SEC("xdp")
int pkt_negative_off(struct xdp_md *ctx)
{
	PKT(ctx);
	__u8 *p = data;

	if (data + 4 > data_end)
		return XDP_DROP;
	OPAQUE(p);
	return p[-1];
}

/*
 * A packet pointer found past the end (Linux's mark_pkt_end): a second
 * test of the same register against data_end is decided, so the branch
 * that cannot be taken (an uninitialised read here) is never explored.
 */
/* EXPECT accept */
SEC("xdp")
__naked void pkt_beyond_end_decided(void)
{
	asm volatile (
	"r2 = *(u32 *)(r1 + 0);"
	"r3 = *(u32 *)(r1 + 4);"
	"r4 = r2;"
	"r4 += 8;"
	"if r4 > r3 goto 1f;"
	"r0 = 2;"
	"exit;"
	"1: if r4 > r3 goto 2f;"
	"r0 = *(u64 *)(r10 - 8);"
	"exit;"
	"2: if r3 <= r4 goto 3f;"
	"r0 = *(u64 *)(r10 - 16);"
	"3: r0 = 1;"
	"exit;" ::: "memory");
}

/* The mark is for that address only: moved, the pointer is tested again. */
/* EXPECT reject: R6 !read_ok */
SEC("xdp")
__naked void pkt_beyond_end_moved(void)
{
	asm volatile (
	"r2 = *(u32 *)(r1 + 0);"
	"r3 = *(u32 *)(r1 + 4);"
	"r4 = r2;"
	"r4 += 8;"
	"if r4 > r3 goto 1f;"
	"r0 = 2;"
	"exit;"
	"1: r5 = *(u32 *)(r1 + 12);"
	"r5 &= 7;"
	"r4 -= r5;"
	"if r4 > r3 goto 2f;"
	"r0 = r6;"
	"exit;"
	"2: r0 = 1;"
	"exit;" ::: "memory");
}

/* p < end proves one byte more than p <= end: data + 7 < end, 8 bytes */
/* EXPECT accept */
SEC("xdp")
__naked void pkt_strictly_below_end(void)
{
	asm volatile (
	"r2 = *(u32 *)(r1 + 0);"
	"r3 = *(u32 *)(r1 + 4);"
	"r1 = r2;"
	"r1 += 7;"
	"if r3 > r1 goto 1f;"
	"r0 = 2;"
	"exit;"
	"1: r0 = *(u64 *)(r1 - 7);"
	"r0 = 2;"
	"exit;" ::: "memory");
}

/* EXPECT reject: R1 offset is outside of the packet */
SEC("xdp")
__naked void pkt_at_most_end_one_short(void)
{
	asm volatile (
	"r2 = *(u32 *)(r1 + 0);"
	"r3 = *(u32 *)(r1 + 4);"
	"r1 = r2;"
	"r1 += 7;"
	"if r3 >= r1 goto 1f;"
	"r0 = 2;"
	"exit;"
	"1: r0 = *(u64 *)(r1 - 7);"
	"r0 = 2;"
	"exit;" ::: "memory");
}
