// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Global data: .rodata (const), .data (initialised), .bss (zero). */
#include <linux/bpf.h>
#include <linux/pkt_cls.h>
#include <bpf/bpf_helpers.h>

const volatile __u32 drop_mark = 0xdead;
const volatile __u32 ports[4] = { 22, 80, 443, 8080 };
__u64 seen = 7;
__u64 dropped;
__u32 last_len;

SEC("tc")
int tc_mark(struct __sk_buff *skb)
{
	int i;

	seen++;
	last_len = skb->len;
	for (i = 0; i < 4; i++) {
		if (skb->mark == ports[i]) {
			dropped++;
			return TC_ACT_SHOT;
		}
	}
	if (skb->mark == drop_mark)
		return TC_ACT_SHOT;
	return TC_ACT_OK;
}

char LICENSE[] SEC("license") = "Dual BSD/GPL";
