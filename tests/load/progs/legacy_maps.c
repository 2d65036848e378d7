// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Old-style objects: struct bpf_map_def in "maps", legacy section names, LD_ABS. */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <bpf/bpf_helpers.h>

struct bpf_map_def {
	unsigned int type;
	unsigned int key_size;
	unsigned int value_size;
	unsigned int max_entries;
	unsigned int map_flags;
};

struct bpf_map_def SEC("maps") proto_count = {
	.type = BPF_MAP_TYPE_ARRAY,
	.key_size = sizeof(__u32),
	.value_size = sizeof(__u64),
	.max_entries = 256,
};

struct bpf_map_def SEC("maps") pid_hash = {
	.type = BPF_MAP_TYPE_HASH,
	.key_size = sizeof(__u32),
	.value_size = sizeof(__u64),
	.max_entries = 1024,
	.map_flags = BPF_F_NO_PREALLOC,
};

unsigned long long load_byte(void *skb, unsigned long long off)
	asm("llvm.bpf.load.byte");
unsigned long long load_half(void *skb, unsigned long long off)
	asm("llvm.bpf.load.half");

SEC("socket1")
int count_proto(struct __sk_buff *skb)
{
	__u32 proto;
	__u64 *v;

	if (load_half(skb, 12) != ETH_P_IP)
		return 0;
	proto = load_byte(skb, ETH_HLEN + 9);
	v = bpf_map_lookup_elem(&proto_count, &proto);
	if (v)
		__sync_fetch_and_add(v, 1);
	return 0;
}

SEC("kprobe/sys_write")
int trace_write(void *ctx)
{
	__u32 pid = bpf_get_current_pid_tgid() >> 32;
	__u64 one = 1, *v;

	v = bpf_map_lookup_elem(&pid_hash, &pid);
	if (v)
		*v += 1;
	else
		bpf_map_update_elem(&pid_hash, &pid, &one, BPF_ANY);
	return 0;
}

char _license[] SEC("license") = "GPL";
__u32 _version SEC("version") = 0x060100;
