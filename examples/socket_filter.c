// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Socket filter: keep only IPv4 TCP packets to or from port 22, using the
 * classic LD_ABS packet loads, and count the kept bytes.
 */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/in.h>
#include <bpf/bpf_helpers.h>

unsigned long long load_byte(void *skb, unsigned long long off)
	asm("llvm.bpf.load.byte");
unsigned long long load_half(void *skb, unsigned long long off)
	asm("llvm.bpf.load.half");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} kept_bytes SEC(".maps");

SEC("socket")
int ssh_only(struct __sk_buff *skb)
{
	__u32 key = 0, ihl;
	__u64 *bytes;

	if (load_half(skb, offsetof(struct ethhdr, h_proto)) != ETH_P_IP)
		return 0;
	if (load_byte(skb, ETH_HLEN + 9) != IPPROTO_TCP)
		return 0;
	ihl = (load_byte(skb, ETH_HLEN) & 0xf) * 4;
	if (load_half(skb, ETH_HLEN + ihl) != 22 &&
	    load_half(skb, ETH_HLEN + ihl + 2) != 22)
		return 0;
	bytes = bpf_map_lookup_elem(&kept_bytes, &key);
	if (bytes)
		__sync_fetch_and_add(bytes, skb->len);
	return skb->len;
}

char LICENSE[] SEC("license") = "GPL";
