// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * An object with code only in .text, as older sample corpora build their
 * programs: one program entered at the first instruction of .text, with
 * the function it calls as its subprogram.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

int twice(int x);

int classify(struct __sk_buff *skb)
{
	return twice(skb->len) > 200;
}

__noinline int twice(int x)
{
	return 2 * x;
}

char LICENSE[] SEC("license") = "GPL";
