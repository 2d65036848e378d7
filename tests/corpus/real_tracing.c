// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Tracing programs of the kind BCC's libbpf-tools ship: an execsnoop (a
 * ringbuf event with the command line read from user memory), an opensnoop
 * (entry/return pair joined through a hash map, events through a perf event
 * array), a biolatency (issue timestamps, a log2 histogram in an array map),
 * a profiler (perf_event with stack ids and raw stacks) and a syscall
 * counter on a raw tracepoint. The last programs are the bugs such tools
 * have had. Kernel structure offsets are fixed numbers here (no BTF/CO-RE):
 * the verifier does not care what a probe read reads.
 */
#define __TARGET_ARCH_x86
#include <linux/bpf_perf_event.h>
#include <linux/ptrace.h>
#include "corpus.h"
#include <bpf/bpf_tracing.h>

#define TASK_COMM_LEN 16
#define ARGSZ 128
#define MAXARGS 8
#define NAME_MAX 255
#define MAX_SLOTS 27
#define STACK_DEPTH 32

/* Offsets into task_struct, as a CO-RE relocation would give them. */
#define TASK_REAL_PARENT 2424
#define TASK_TGID 2340

struct exec_event {
	__u32 pid;
	__u32 ppid;
	__u32 uid;
	__s32 retval;
	__u32 args_count;
	__u32 args_size;
	char comm[TASK_COMM_LEN];
	char args[MAXARGS * ARGSZ];
};

struct open_args {
	const char *fname;
	__s32 flags;
	__u32 pad;
};

struct open_event {
	__u64 ts;
	__u32 pid;
	__u32 uid;
	__s32 ret;
	__s32 flags;
	char comm[TASK_COMM_LEN];
	char fname[NAME_MAX];
};

struct hist {
	__u32 slots[MAX_SLOTS];
};

struct stack_key {
	__u32 pid;
	__s32 user_id;
	__s32 kern_id;
	char comm[TASK_COMM_LEN];
};

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 256 * 1024);
} tr_events SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} tr_perf SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 10240);
	__type(key, __u32);
	__type(value, struct open_args);
} tr_open_start SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct open_event);
} tr_open_heap SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 10240);
	__type(key, __u64);
	__type(value, __u64);
} tr_rq_start SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct hist);
} tr_hist SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_STACK_TRACE);
	__uint(max_entries, 1024);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, STACK_DEPTH * sizeof(__u64));
} tr_stacks SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, struct stack_key);
	__type(value, __u64);
} tr_counts SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64[STACK_DEPTH]);
} tr_raw_stack SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 512);
	__type(key, __u32);
	__type(value, __u64);
} tr_syscalls SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} tr_filter SEC(".maps");

const volatile __u32 targ_tgid = 0;

/* The execve tracepoint's record: common header, syscall nr, arguments. */
struct execve_ctx {
	__u64 common;
	__s64 nr;
	const char *filename;
	const char *const *argv;
	const char *const *envp;
};

/* EXPECT accept */
SEC("tracepoint/syscalls/sys_enter_execve")
int tr_execsnoop(struct execve_ctx *ctx)
{
	__u64 id = bpf_get_current_pid_tgid();
	struct task_struct *task, *parent = NULL;
	struct exec_event *e;
	const char *argp;
	__u32 tgid = id >> 32;
	int ret;

	if (targ_tgid && targ_tgid != tgid)
		return 0;
	e = bpf_ringbuf_reserve(&tr_events, sizeof(*e), 0);
	if (!e)
		return 0;
	e->pid = tgid;
	e->uid = (__u32)bpf_get_current_uid_gid();
	task = (void *)bpf_get_current_task();
	bpf_probe_read_kernel(&parent, sizeof(parent),
			      (char *)task + TASK_REAL_PARENT);
	e->ppid = 0;
	if (parent)
		bpf_probe_read_kernel(&e->ppid, sizeof(e->ppid),
				      (char *)parent + TASK_TGID);
	bpf_get_current_comm(e->comm, sizeof(e->comm));
	e->args_count = 0;
	e->args_size = 0;
	ret = bpf_probe_read_user_str(e->args, ARGSZ, ctx->filename);
	if (ret > 0 && ret <= ARGSZ)
		e->args_size = ret;
	else
		e->args[0] = 0;
	for (int i = 1; i < MAXARGS; i++) {
		__u32 sz = e->args_size;

		if (bpf_probe_read_user(&argp, sizeof(argp), &ctx->argv[i]))
			break;
		if (!argp)
			break;
		if (sz > (MAXARGS - 1) * ARGSZ)
			break;
		ret = bpf_probe_read_user_str(&e->args[sz], ARGSZ, argp);
		if (ret <= 0)
			break;
		e->args_count++;
		e->args_size += ret;
	}
	bpf_ringbuf_submit(e, 0);
	return 0;
}

/* EXPECT accept */
SEC("kprobe/do_sys_openat2")
int tr_open_entry(struct pt_regs *ctx)
{
	__u64 id = bpf_get_current_pid_tgid();
	struct open_args a = {};
	__u32 tid = (__u32)id;

	a.fname = (const char *)PT_REGS_PARM2(ctx);
	a.flags = (__s32)PT_REGS_PARM3(ctx);
	bpf_map_update_elem(&tr_open_start, &tid, &a, BPF_ANY);
	return 0;
}

/* EXPECT accept */
SEC("kretprobe/do_sys_openat2")
int tr_open_exit(struct pt_regs *ctx)
{
	__u64 id = bpf_get_current_pid_tgid();
	__u32 tid = (__u32)id, zero = 0;
	struct open_event *e;
	struct open_args *a;

	a = bpf_map_lookup_elem(&tr_open_start, &tid);
	if (!a)
		return 0;
	e = bpf_map_lookup_elem(&tr_open_heap, &zero);
	if (!e)
		goto out;
	e->ts = bpf_ktime_get_ns();
	e->pid = id >> 32;
	e->uid = (__u32)bpf_get_current_uid_gid();
	e->flags = a->flags;
	e->ret = (__s32)PT_REGS_RC(ctx);
	bpf_get_current_comm(e->comm, sizeof(e->comm));
	bpf_probe_read_user_str(e->fname, sizeof(e->fname), a->fname);
	bpf_perf_event_output(ctx, &tr_perf, BPF_F_CURRENT_CPU, e, sizeof(*e));
out:
	bpf_map_delete_elem(&tr_open_start, &tid);
	return 0;
}

/* block_rq_issue(struct request *rq) on a BTF-less raw tracepoint. */
/* EXPECT accept */
SEC("raw_tracepoint/block_rq_issue")
int tr_bio_issue(struct bpf_raw_tracepoint_args *ctx)
{
	__u64 rq = ctx->args[0];
	__u64 ts = bpf_ktime_get_ns();

	bpf_map_update_elem(&tr_rq_start, &rq, &ts, BPF_ANY);
	return 0;
}

static __always_inline __u32 log2_u32(__u32 v)
{
	__u32 r, shift;

	r = (v > 0xFFFF) << 4;
	v >>= r;
	shift = (v > 0xFF) << 3;
	v >>= shift;
	r |= shift;
	shift = (v > 0xF) << 2;
	v >>= shift;
	r |= shift;
	shift = (v > 0x3) << 1;
	v >>= shift;
	r |= shift;
	r |= (v >> 1);
	return r;
}

static __always_inline __u32 log2l(__u64 v)
{
	__u32 hi = v >> 32;

	return hi ? log2_u32(hi) + 32 : log2_u32(v);
}

/* EXPECT accept */
/* 6.1 and 5.10: the log2's or and shifts by a non-constant leave the slot
 * unknown in all 64 bits, the clamp's 32-bit test bounds its low half only */
/* EXPECT[O1,O2,O3] --kernel 6.1 -> reject: R0 unbounded memory access */
/* EXPECT[v3] --kernel 6.1 -> reject: math between map_value pointer and register with unbounded min value */
/* EXPECT --kernel 6.12 -> accept */
SEC("raw_tracepoint/block_rq_complete")
int tr_bio_done(struct bpf_raw_tracepoint_args *ctx)
{
	__u64 rq = ctx->args[0];
	__u32 zero = 0, slot;
	struct hist *h;
	__u64 *tsp, delta;

	tsp = bpf_map_lookup_elem(&tr_rq_start, &rq);
	if (!tsp)
		return 0;
	delta = bpf_ktime_get_ns() - *tsp;
	bpf_map_delete_elem(&tr_rq_start, &rq);
	h = bpf_map_lookup_elem(&tr_hist, &zero);
	if (!h)
		return 0;
	slot = log2l(delta / 1000);
	if (slot >= MAX_SLOTS)
		slot = MAX_SLOTS - 1;
	__sync_fetch_and_add(&h->slots[slot], 1);
	return 0;
}

/* The same histogram with the slot found by a loop (runqlat's way). */
/* EXPECT accept */
SEC("tracepoint/sched/sched_switch")
int tr_runq_hist(void *ctx)
{
	__u64 delta = bpf_ktime_get_ns() & 0xffffffffff, zero = 0;
	struct hist *h;
	__u32 slot = 0;

	for (int i = 0; i < 40; i++) {
		if (delta <= 1)
			break;
		delta >>= 1;
		slot++;
	}
	h = bpf_map_lookup_elem(&tr_hist, &zero);
	if (!h)
		return 0;
	if (slot >= MAX_SLOTS)
		slot = MAX_SLOTS - 1;
	__sync_fetch_and_add(&h->slots[slot], 1);
	return 0;
}

/* EXPECT accept */
SEC("perf_event")
int tr_profile(struct bpf_perf_event_data *ctx)
{
	__u64 id = bpf_get_current_pid_tgid();
	struct stack_key k = {};
	__u64 *cnt, one = 1;
	__u32 zero = 0;
	__u64 *raw;
	long n;

	k.pid = id >> 32;
	bpf_get_current_comm(k.comm, sizeof(k.comm));
	k.kern_id = bpf_get_stackid(ctx, &tr_stacks, 0);
	k.user_id = bpf_get_stackid(ctx, &tr_stacks, BPF_F_USER_STACK);
	cnt = bpf_map_lookup_elem(&tr_counts, &k);
	if (cnt)
		__sync_fetch_and_add(cnt, 1);
	else
		bpf_map_update_elem(&tr_counts, &k, &one, BPF_NOEXIST);
	raw = bpf_map_lookup_elem(&tr_raw_stack, &zero);
	if (!raw)
		return 0;
	n = bpf_get_stack(ctx, raw, STACK_DEPTH * sizeof(__u64), 0);
	if (n > 0 && ctx->sample_period)
		bpf_ringbuf_output(&tr_events, raw, n & 0xff, 0);
	return 0;
}

/* EXPECT accept */
SEC("raw_tracepoint/sys_enter")
int tr_syscount(struct bpf_raw_tracepoint_args *ctx)
{
	__u32 nr = ctx->args[1];
	__u64 *c;

	if (nr >= 512)
		return 0;
	c = bpf_map_lookup_elem(&tr_syscalls, &nr);
	if (c)
		*c += 1;
	return 0;
}

/* A ringbuf record filled from the stack and discarded when filtered. */
/* EXPECT accept */
SEC("kprobe/vfs_read")
int tr_read_filter(struct pt_regs *ctx)
{
	__u64 id = bpf_get_current_pid_tgid();
	char comm[TASK_COMM_LEN];
	struct open_event *e;

	bpf_get_current_comm(comm, sizeof(comm));
	e = bpf_ringbuf_reserve(&tr_events, sizeof(*e), 0);
	if (!e)
		return 0;
	e->pid = id >> 32;
	e->ts = bpf_ktime_get_ns();
	__builtin_memcpy(e->comm, comm, sizeof(comm));
	bpf_probe_read_kernel_str(e->fname, sizeof(e->fname),
				  (void *)PT_REGS_PARM1(ctx));
	if (comm[0] == 's' && comm[1] == 'h')
		bpf_ringbuf_discard(e, 0);
	else
		bpf_ringbuf_submit(e, 0);
	return 0;
}

/*
 * Bug: the early return for a filtered pid (the filter set at run time in a
 * map) leaks the reserved record.
 */
/* EXPECT reject: BPF_EXIT instruction in main prog would lead to reference leak */
SEC("tracepoint/syscalls/sys_enter_execve")
int tr_bug_ringbuf_leak(struct execve_ctx *ctx)
{
	__u32 tgid = bpf_get_current_pid_tgid() >> 32, zero = 0;
	struct exec_event *e;
	__u32 *filter;

	e = bpf_ringbuf_reserve(&tr_events, sizeof(*e), 0);
	if (!e)
		return 0;
	filter = bpf_map_lookup_elem(&tr_filter, &zero);
	if (filter && *filter && *filter != tgid)
		return 0;
	e->pid = tgid;
	bpf_probe_read_user_str(e->args, ARGSZ, ctx->filename);
	bpf_ringbuf_submit(e, 0);
	return 0;
}

/*
 * Bug: the read size comes from the traced function's argument and is not
 * bounded by the buffer.
 */
/* EXPECT reject: R2 min value is negative, either use unsigned or 'var &= const' */
SEC("kprobe/vfs_write")
int tr_bug_read_unbounded(struct pt_regs *ctx)
{
	char buf[64];
	__u64 len = PT_REGS_PARM3(ctx);

	bpf_probe_read_user(buf, len, (void *)PT_REGS_PARM2(ctx));
	return buf[0];
}

/* Bug: bounded, but by the wrong constant (the buffer is 64 bytes). */
/* EXPECT reject: invalid write to stack R1 off=-64 size=128 */
SEC("kprobe/vfs_write")
int tr_bug_read_too_long(struct pt_regs *ctx)
{
	char buf[64];
	__u64 len = PT_REGS_PARM3(ctx);

	if (len > 128)
		len = 128;
	bpf_probe_read_user(buf, len, (void *)PT_REGS_PARM2(ctx));
	return buf[0];
}

/* Bug: the histogram slot is not clamped to the array. */
/* EXPECT reject: R0 min value is outside of the allowed memory range */
SEC("raw_tracepoint/block_rq_complete")
int tr_bug_hist_unclamped(struct bpf_raw_tracepoint_args *ctx)
{
	__u32 zero = 0, slot;
	struct hist *h;

	h = bpf_map_lookup_elem(&tr_hist, &zero);
	if (!h)
		return 0;
	slot = log2l(ctx->args[1]);
	__sync_fetch_and_add(&h->slots[slot], 1);
	return 0;
}
