// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Tracepoint on process exec: sends pid and command name to user space
 * through a ring buffer, and counts execs per uid in a hash map.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct exec_event {
	__u32 pid;
	__u32 uid;
	char comm[16];
};

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 256 * 1024);
} events SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, __u32);
	__type(value, __u64);
} execs_by_uid SEC(".maps");

SEC("tracepoint/sched/sched_process_exec")
int trace_exec(void *ctx)
{
	struct exec_event *e;
	__u64 one = 1, *cnt;
	__u32 uid = bpf_get_current_uid_gid();

	cnt = bpf_map_lookup_elem(&execs_by_uid, &uid);
	if (cnt)
		__sync_fetch_and_add(cnt, 1);
	else
		bpf_map_update_elem(&execs_by_uid, &uid, &one, BPF_NOEXIST);
	e = bpf_ringbuf_reserve(&events, sizeof(*e), 0);
	if (!e)
		return 0;
	e->pid = bpf_get_current_pid_tgid() >> 32;
	e->uid = uid;
	bpf_get_current_comm(e->comm, sizeof(e->comm));
	bpf_ringbuf_submit(e, 0);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
