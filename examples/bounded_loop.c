// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A bounded loop: XDP program that sums the first bytes of the payload
 * (at most 64, fewer if the packet is shorter) with a real, not unrolled,
 * loop, and keeps the checksum of the last packet in a global variable.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define MAX_BYTES 64

__u32 last_sum;

SEC("xdp")
int xdp_sum(struct xdp_md *ctx)
{
	unsigned char *data = (void *)(long)ctx->data;
	unsigned char *end = (void *)(long)ctx->data_end;
	__u32 sum = 0;
	int i;

#pragma clang loop unroll(disable)
	for (i = 0; i < MAX_BYTES; i++) {
		if (data + i + 1 > end)
			break;
		sum += data[i];
	}
	last_sum = sum;
	return sum & 1 ? XDP_PASS : XDP_TX;
}

char LICENSE[] SEC("license") = "GPL";
