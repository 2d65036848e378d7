// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Kernel symbols: a kfunc call and a __ksym variable each make their own
 * program unverifiable here (no kernel BTF yet), and nothing else: the
 * object's other program loads and verifies.
 */
#include <linux/bpf.h>

#define SEC(n) __attribute__((section(n), used))
#define __ksym __attribute__((section(".ksyms")))

extern void bpf_throw(unsigned long long cookie) __ksym;
extern int bpf_prog_active __ksym;

SEC("tc") int calls_kfunc(struct __sk_buff *skb)
{
	bpf_throw(0);
	return 0;
}

SEC("tc") int reads_ksym(struct __sk_buff *skb)
{
	long a = (long)&bpf_prog_active;

	asm volatile("" : "+r"(a));	/* keep the address load */
	return a == 0;
}

SEC("tc") int plain(struct __sk_buff *skb)
{
	return skb->len > 64;
}

char _license[] SEC("license") = "GPL";
