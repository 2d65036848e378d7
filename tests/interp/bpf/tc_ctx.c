// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* TC and XDP: copy context fields into the packet (so the differential
 * test compares the interpreter's context emulation with test_run's). */
#include <linux/bpf.h>
#include <linux/pkt_cls.h>
#include <bpf/bpf_helpers.h>

SEC("tc")
int tc_ctx(struct __sk_buff *skb)
{
	__u32 f[16];

	f[0] = skb->len;
	f[1] = skb->protocol;
	f[2] = skb->pkt_type;
	f[3] = skb->ifindex;
	f[4] = skb->ingress_ifindex;
	f[5] = skb->mark;
	f[6] = skb->priority;
	f[7] = skb->queue_mapping;
	f[8] = skb->vlan_present;
	f[9] = skb->tc_index;
	f[10] = skb->cb[0];
	f[11] = skb->data_end - skb->data;
	f[12] = skb->data - skb->data_meta;
	f[13] = skb->wire_len;
	f[14] = skb->gso_segs;
	f[15] = skb->tstamp_type;
	if (bpf_skb_store_bytes(skb, 14, f, sizeof(f), 0))
		return TC_ACT_SHOT;
	return TC_ACT_OK;
}

SEC("xdp")
int xdp_ctx(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;
	__u32 *p = data + 14;

	if ((void *)(p + 4) > end)
		return XDP_DROP;
	p[0] = ctx->ingress_ifindex;
	p[1] = ctx->rx_queue_index;
	p[2] = ctx->data - ctx->data_meta;
	p[3] = end - data;
	return XDP_PASS;
}

/* Metadata before the packet, then a head adjustment that moves it. */
SEC("xdp")
int xdp_meta(struct xdp_md *ctx)
{
	void *data, *meta, *end;
	__u32 *m;
	int delta;

	if (bpf_xdp_adjust_meta(ctx, -8))
		return XDP_ABORTED;
	data = (void *)(long)ctx->data;
	meta = (void *)(long)ctx->data_meta;
	m = meta;
	if ((void *)(m + 2) > data)
		return XDP_DROP;
	m[0] = 0x11223344;
	m[1] = data - meta;
	end = (void *)(long)ctx->data_end;
	delta = (end - data) > 40 ? 6 : -6;
	if (bpf_xdp_adjust_head(ctx, delta))
		return XDP_DROP;
	data = (void *)(long)ctx->data;
	meta = (void *)(long)ctx->data_meta;
	end = (void *)(long)ctx->data_end;
	m = meta;
	if ((void *)(m + 2) > data || data + 8 > end)
		return XDP_ABORTED;
	*(__u32 *)data = m[0];
	*(__u32 *)(data + 4) = m[1] + (data - meta);
	return bpf_xdp_adjust_meta(ctx, 4) ? XDP_DROP : XDP_TX;
}

char _license[] SEC("license") = "GPL";
