// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* A strong __kconfig extern the config does not set: libbpf refuses it. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int CONFIG_NOT_SET __kconfig;

SEC("xdp")
int kc_strong(struct xdp_md *ctx)
{
	return CONFIG_NOT_SET ? XDP_DROP : XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
