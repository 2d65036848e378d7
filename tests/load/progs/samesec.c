// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A static function placed in the program's own section (not .text), as
 * hand-tuned objects do: the call is resolved inside the section, with or
 * without a relocation. libbpf 1.x refuses such objects; bpfcheck links them.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

static __noinline __attribute__((section("xdp"))) unsigned int half(unsigned int x)
{
	return x / 2 + 1;
}

SEC("xdp")
int xdp_half(struct xdp_md *ctx)
{
	return half(ctx->ingress_ifindex) & 3;
}

char LICENSE[] SEC("license") = "GPL";
