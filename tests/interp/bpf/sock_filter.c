// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Socket filter with classic loads: keep IPv4 UDP (whole packet) and the
 * first 40 bytes of TCP, drop the rest. */
#include <linux/bpf.h>
#include <linux/ip.h>
#include <linux/in.h>
#include <stddef.h>
#include <bpf/bpf_helpers.h>

unsigned long long load_byte(void *skb, unsigned long long off)
	asm("llvm.bpf.load.byte");
unsigned long long load_half(void *skb, unsigned long long off)
	asm("llvm.bpf.load.half");
unsigned long long load_word(void *skb, unsigned long long off)
	asm("llvm.bpf.load.word");

SEC("socket")
int sock_filter(struct __sk_buff *skb)
{
	__u8 vihl = load_byte(skb, 0);
	__u8 proto = load_byte(skb, offsetof(struct iphdr, protocol));
	__u32 daddr = load_word(skb, offsetof(struct iphdr, daddr));
	__u8 first[4];

	if ((vihl >> 4) != 4)
		return 0;
	if (daddr == 0x7f000001)
		return 0;
	if (bpf_skb_load_bytes(skb, (vihl & 0xf) * 4, first, sizeof(first)))
		return 1;
	if (proto == IPPROTO_UDP)
		return load_half(skb, (vihl & 0xf) * 4 + 4) > 8 ? skb->len : 2;
	if (proto == IPPROTO_TCP)
		return first[2] == 0 && first[3] == 80 ? 40 : 3;
	return 0;
}

char _license[] SEC("license") = "GPL";
