// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* BTF-defined maps: hash, lru, ringbuf, and an array of maps with an inner template. */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct flow_key {
	__u32 saddr, daddr;
	__u16 sport, dport;
	__u8 proto;
};

struct flow_stats {
	__u64 packets, bytes;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, struct flow_key);
	__type(value, struct flow_stats);
} flows SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 128);
	__uint(map_flags, 0);
	__type(key, __u32);
	__type(value, __u64);
} recent SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 1 << 16);
} events SEC(".maps");

struct inner_array {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 8);
	__type(key, __u32);
	__type(value, __u32);
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 4);
	__type(key, __u32);
	__array(values, struct inner_array);
} tables SEC(".maps");

SEC("xdp")
int xdp_flows(struct xdp_md *ctx)
{
	struct flow_key k = {};
	struct flow_stats *s;
	__u32 idx = 0, *v;
	void *inner;

	k.proto = ctx->ingress_ifindex & 0xff;
	s = bpf_map_lookup_elem(&flows, &k);
	if (s) {
		s->packets++;
		s->bytes += ctx->data_end - ctx->data;
	}
	inner = bpf_map_lookup_elem(&tables, &idx);
	if (inner) {
		v = bpf_map_lookup_elem(inner, &idx);
		if (v && *v)
			return XDP_DROP;
	}
	return XDP_PASS;
}

SEC("tracepoint/sched/sched_process_exec")
int on_exec(void *ctx)
{
	__u32 pid = bpf_get_current_pid_tgid() >> 32;
	__u64 now = bpf_ktime_get_ns();
	__u64 *e;

	bpf_map_update_elem(&recent, &pid, &now, BPF_ANY);
	e = bpf_ringbuf_reserve(&events, sizeof(*e), 0);
	if (!e)
		return 0;
	*e = pid;
	bpf_ringbuf_submit(e, 0);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
