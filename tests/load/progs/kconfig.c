// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* __kconfig externs (the .kconfig map) and bpf_printk strings (.rodata). */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

extern int LINUX_KERNEL_VERSION __kconfig;
extern _Bool CONFIG_BPF_SYSCALL __kconfig __weak;
extern unsigned long CONFIG_HZ __kconfig __weak;

SEC("xdp")
int xdp_kconfig(struct xdp_md *ctx)
{
	bpf_printk("ifindex %d", ctx->ingress_ifindex);
	bpf_printk("hz %lu", CONFIG_HZ);
	if (LINUX_KERNEL_VERSION < 0x050a00 || !CONFIG_BPF_SYSCALL)
		return XDP_DROP;
	return XDP_PASS;
}

char LICENSE[] SEC("license") = "GPL";
