// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Static functions in program sections, as cilium declares its tail-call
 * programs: each one no program calls is a program (iproute2 and
 * cilium/ebpf load them; libbpf refuses them). One that a program calls
 * stays its subprogram.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

static __noinline __attribute__((section("tc"))) int mark(struct __sk_buff *skb)
{
	return skb->mark & 1;
}

SEC("tc")
int entry(struct __sk_buff *skb)
{
	return mark(skb);
}

__attribute__((section("2/7"), used))
static int tail_ipv4(struct __sk_buff *skb)
{
	return skb->len > 100;
}

__attribute__((section("2/8"), used))
static int tail_ipv6(struct __sk_buff *skb)
{
	return skb->protocol == 0xdd86;
}

char LICENSE[] SEC("license") = "GPL";
