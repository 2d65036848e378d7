// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* XDP: encapsulate (push 4 bytes of tag after the MACs), decapsulate
 * (strip them) or trim the tail, chosen by the first payload byte. */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

SEC("xdp")
int xdp_adjust(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = data, *neth;
	struct ethhdr copy;
	__u8 op;

	if (data + sizeof(*eth) + 1 > end)
		return XDP_DROP;
	op = *(__u8 *)(eth + 1);
	copy = *eth;
	if (op < 0x40) {
		if (bpf_xdp_adjust_head(ctx, -4))
			return XDP_ABORTED;
		data = (void *)(long)ctx->data;
		end = (void *)(long)ctx->data_end;
		neth = data;
		if ((void *)(neth + 1) + 4 > end)
			return XDP_ABORTED;
		*neth = copy;
		neth->h_proto = bpf_htons(0x88b5);
		*(__u32 *)(neth + 1) = bpf_htonl(0xdead0000 | op);
		return XDP_TX;
	}
	if (op < 0x80) {
		if (bpf_xdp_adjust_head(ctx, 4))
			return XDP_DROP;
		data = (void *)(long)ctx->data;
		end = (void *)(long)ctx->data_end;
		neth = data;
		if ((void *)(neth + 1) > end)
			return XDP_ABORTED;
		*neth = copy;
		return XDP_PASS;
	}
	if (op < 0xc0) {
		if (bpf_xdp_adjust_tail(ctx, -(int)(op & 0xf)))
			return XDP_DROP;
		return XDP_PASS;
	}
	if (bpf_xdp_adjust_tail(ctx, op & 0x7))
		return XDP_DROP;
	return XDP_TX;
}

char _license[] SEC("license") = "GPL";
