// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* TC: sum the first 32 packet bytes in a bounded loop, fold them with
 * bpf_loop and csum_diff, keep per-size statistics in an LRU hash, and
 * return TC_ACT_OK/SHOT from the result. (Kernel LRU eviction depends on
 * per-CPU free lists, so the differential test does not compare the
 * LRU map's final contents.) */
#include <linux/bpf.h>
#include <linux/pkt_cls.h>
#include <bpf/bpf_helpers.h>

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, __u64);
} sizes SEC(".maps");

struct acc {
	__u64 x;
	__u32 n;
};

static long step(__u32 i, void *ctx)
{
	struct acc *a = ctx;

	a->x = a->x * 31 + i;
	a->n++;
	return a->x > 100000 ? 1 : 0;
}

SEC("tc")
int tc_loop(struct __sk_buff *skb)
{
	void *data = (void *)(long)skb->data;
	void *end = (void *)(long)skb->data_end;
	struct acc a = { 0, 0 };
	__u32 sum = 0, len = skb->len, i;
	__u32 words[2] = { 0x01020304, 0x0a0b0c0d };
	__u64 *v, one = 1;
	__s64 c;

	for (i = 0; i < 32; i++) {
		__u8 *p = data + i;

		if ((void *)(p + 1) > end)
			break;
		sum += *p;
	}
	a.x = sum;
	bpf_loop(len & 15, step, &a, 0);
	c = bpf_csum_diff(&words[0], 4, &words[1], 4, sum);
	v = bpf_map_lookup_elem(&sizes, &len);
	if (v)
		*v += 1;
	else
		bpf_map_update_elem(&sizes, &len, &one, BPF_ANY);
	skb->mark = (__u32)c;
	if (((a.x + c) & 3) == 0)
		return TC_ACT_SHOT;
	return (a.n & 1) ? TC_ACT_OK : TC_ACT_PIPE;
}

char _license[] SEC("license") = "GPL";
