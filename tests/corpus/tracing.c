// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* CORPUS-VARIANTS: c19v3 c19v4 */
/*
 * BTF-attached tracing programs as libbpf-tools write them: sockets and
 * skbs passed to helpers as BTF pointers (bpf_get_socket_cookie,
 * bpf_sk_storage_get, bpf_skc_to_tcp_sock, bpf_skb_output), pointers
 * walked from trusted arguments (6.18: an unknown field is untrusted),
 * bpf_get_func_ip only where the program has a trampoline or is a kprobe,
 * and __ksym externs: a kfunc's address (bpf_ksym_exists) and a `void`
 * kernel symbol. Compiled by clang 19 (variants c19v3, c19v4).
 */
#include "corpus.h"

struct task_struct {
	int pid;
	struct task_struct *parent;
} __attribute__((preserve_access_index));

struct sock;
struct sk_buff;

extern struct task_struct *bpf_task_from_pid(int pid) __ksym __weak;
extern void bpf_task_release(struct task_struct *p) __ksym __weak;
extern const void vfs_read __ksym;

struct {
	__uint(type, BPF_MAP_TYPE_SK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, __u64);
} sk_stg SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, __u64);
} task_stg SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(int));
	__uint(value_size, sizeof(int));
} events SEC(".maps");

/* EXPECT accept */
SEC("tp_btf/tcp_destroy_sock")
int trc_socket_cookie_ok(__u64 *ctx)
{
	struct sock *sk = (void *)ctx[0];

	return bpf_get_socket_cookie(sk) & 1;
}

/* EXPECT accept */
SEC("tp_btf/tcp_destroy_sock")
int trc_sk_storage_ok(__u64 *ctx)
{
	struct sock *sk = (void *)ctx[0];
	__u64 *v = bpf_sk_storage_get(&sk_stg, sk, 0,
				      BPF_SK_STORAGE_GET_F_CREATE);

	if (v)
		*v += 1;
	return bpf_sk_storage_delete(&sk_stg, sk) & 1;
}

/* EXPECT accept */
SEC("tp_btf/tcp_destroy_sock")
int trc_skc_to_tcp_sock_ok(__u64 *ctx)
{
	return bpf_skc_to_tcp_sock((void *)ctx[0]) != 0;
}

/* EXPECT accept */
SEC("tp_btf/tcp_probe")
int trc_skb_output_ok(__u64 *ctx)
{
	__u64 v = 1;

	return bpf_skb_output((void *)ctx[1], &events, BPF_F_CURRENT_CPU, &v,
			      sizeof(v)) & 1;
}

/* EXPECT accept */
SEC("tp_btf/sched_switch")
int trc_task_storage_trusted_ok(__u64 *ctx)
{
	struct task_struct *prev = (void *)ctx[1];

	return bpf_task_storage_get(&task_stg, prev, 0, 0) != 0;
}

/* A pointer walked through a field the verifier knows nothing of. */
/* EXPECT reject: R2 type=untrusted_ptr_ expected=ptr_, trusted_ptr_, rcu_ptr_ */
SEC("tp_btf/sched_switch")
int trc_task_storage_walked_bad(__u64 *ctx)
{
	struct task_struct *prev = (void *)ctx[1];

	return bpf_task_storage_get(&task_stg, prev->parent, 0, 0) != 0;
}

/* EXPECT accept */
SEC("kprobe/do_nanosleep")
int trc_func_ip_kprobe_ok(void *ctx)
{
	return bpf_get_func_ip(ctx) & 1;
}

/* EXPECT reject: func bpf_get_func_ip#173 not supported for program type 5 */
SEC("tracepoint/syscalls/sys_enter_kill")
int trc_func_ip_tracepoint_bad(void *ctx)
{
	return bpf_get_func_ip(ctx) & 1;
}

/* EXPECT reject: func bpf_get_func_ip#173 supported only for fentry/fexit/fmod_ret programs */
SEC("tp_btf/sched_switch")
int trc_func_ip_tp_btf_bad(__u64 *ctx)
{
	return bpf_get_func_ip(ctx) & 1;
}

/* EXPECT accept */
SEC("tracepoint/syscalls/sys_enter_kill")
int trc_ksym_exists_ok(void *ctx)
{
	struct task_struct *t;

	if (!bpf_task_from_pid)		/* bpf_ksym_exists */
		return 0;
	t = bpf_task_from_pid(1);
	if (t)
		bpf_task_release(t);
	return 0;
}

/* EXPECT accept */
SEC("tracepoint/syscalls/sys_enter_kill")
int trc_untyped_ksym_ok(void *ctx)
{
	return ((long)&vfs_read >> 4) & 1;	/* its address, a number */
}
