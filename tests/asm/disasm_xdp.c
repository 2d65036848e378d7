// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Small XDP program for the exact `bpfcheck disasm` output test. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC("xdp")
int count_bytes(struct xdp_md *ctx)
{
	unsigned char *data = (void *)(long)ctx->data;
	unsigned char *end = (void *)(long)ctx->data_end;
	unsigned int sum = 0;

	if (data + 4 > end)
		return XDP_PASS;
	sum = data[0] + data[1];
	sum ^= data[2] << 8;
	if (sum > 300)
		return XDP_DROP;
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
