// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * __kconfig externs of every kind libbpf sets, each guarding a context
 * access that is out of bounds: with the values of tests/load/test.config
 * and a 6.x release every guard is dead code (libbpf sets the values at
 * load, the verifier never explores the branches); with other values or
 * none known, the access is reached and refused.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int LINUX_KERNEL_VERSION __kconfig;
extern _Bool CONFIG_BPF_SYSCALL __kconfig;
extern enum libbpf_tristate CONFIG_NET_MOD __kconfig;
extern int CONFIG_HZ __kconfig;
extern char CONFIG_LOCALVERSION[16] __kconfig;
extern _Bool CONFIG_NOT_SET __kconfig __weak;

#define BAD(ctx) (*(__u32 *)((char *)(ctx) + 200))

SEC("xdp")
int kc_version(struct xdp_md *ctx)
{
	if (LINUX_KERNEL_VERSION < KERNEL_VERSION(5, 11, 0))
		return BAD(ctx);
	return XDP_PASS;
}

SEC("xdp")
int kc_values(struct xdp_md *ctx)
{
	if (!CONFIG_BPF_SYSCALL || CONFIG_NET_MOD != TRI_MODULE)
		return BAD(ctx);
	if (CONFIG_HZ != 250 || CONFIG_LOCALVERSION[1] != 't')
		return BAD(ctx);
	if (CONFIG_NOT_SET)
		return BAD(ctx);
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
