// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* XDP with bpf-to-bpf calls (noinline subprograms with their own stack)
 * and a tail call through a program array to a second program. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, 2);
	__type(key, __u32);
	__type(value, __u32);
} jt SEC(".maps");

static __attribute__((noinline)) int mix(const __u8 *p, int n)
{
	volatile __u8 tmp[16];
	int i, s = 0;

	for (i = 0; i < 16; i++)
		tmp[i] = i < n ? p[i] : 0;
	for (i = 0; i < 16; i++)
		s = s * 7 + tmp[i];
	return s;
}

SEC("xdp")
int xdp_sub(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;
	__u8 buf[16] = { 0 };
	int i, n = 0, r;

	for (i = 0; i < 16; i++) {
		if (data + i + 1 > end)
			break;
		buf[i] = *(__u8 *)(data + i);
		n++;
	}
	r = mix(buf, n);
	if (r & 1)
		return XDP_DROP;
	bpf_tail_call(ctx, &jt, 0);
	return (r & 2) ? XDP_TX : XDP_PASS;
}

SEC("xdp")
int xdp_target(struct xdp_md *ctx)
{
	void *data = (void *)(long)ctx->data;
	void *end = (void *)(long)ctx->data_end;

	if (data + 2 > end)
		return XDP_ABORTED;
	return *(__u8 *)(data + 1) & 1 ? XDP_PASS : XDP_TX;
}

char _license[] SEC("license") = "GPL";
