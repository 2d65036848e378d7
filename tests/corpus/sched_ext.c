// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A sched_ext scheduler (Linux 6.12's struct sched_ext_ops, declared here
 * as its headers do): select_cpu, enqueue and dispatch calling scx_bpf_*
 * kfuncs, registered by a .struct_ops.link map. A kernel built without
 * CONFIG_SCHED_CLASS_EXT (this machine's, and the "older kernel" of
 * tests/btf/oldbtf.c) has no struct sched_ext_ops in its BTF: the program
 * cannot be verified against it, and says so in one line.
 */
#include "corpus.h"

#define SCX_DSQ_GLOBAL (1ULL << 63)
#define SCX_SLICE_DFL 20000000ULL

struct task_struct;

struct sched_ext_ops {
	__s32 (*select_cpu)(struct task_struct *p, __s32 prev_cpu,
			    __u64 wake_flags);
	void (*enqueue)(struct task_struct *p, __u64 enq_flags);
	void (*dequeue)(struct task_struct *p, __u64 deq_flags);
	void (*dispatch)(__s32 cpu, struct task_struct *prev);
	char name[128];
};

extern __s32 scx_bpf_select_cpu_dfl(struct task_struct *p, __s32 prev_cpu,
				    __u64 wake_flags, _Bool *is_idle) __ksym;
extern void scx_bpf_dispatch(struct task_struct *p, __u64 dsq_id,
			     __u64 slice, __u64 enq_flags) __ksym;
extern _Bool scx_bpf_consume(__u64 dsq_id) __ksym;


/* EXPECT reject: struct_ops: the target kernel's BTF has no struct sched_ext_ops (sched_ext needs CONFIG_SCHED_CLASS_EXT, Linux 6.12) */
/* EXPECT --btf $OBJDIR/../btf/oldbtf.o -> reject: struct_ops: the target kernel's BTF has no struct sched_ext_ops (sched_ext needs CONFIG_SCHED_CLASS_EXT, Linux 6.12) */
/* EXPECT --btf '' -> reject: needs the target kernel's BTF */
SEC("struct_ops/select_cpu")
__s32 minimal_select_cpu(unsigned long long *ctx)
{
	struct task_struct *p = (void *)ctx[0];
	_Bool idle = 0;

	return scx_bpf_select_cpu_dfl(p, (__s32)ctx[1], ctx[2], &idle);
}

/* EXPECT reject: struct_ops: the target kernel's BTF has no struct sched_ext_ops (sched_ext needs CONFIG_SCHED_CLASS_EXT, Linux 6.12) */
SEC("struct_ops/enqueue")
void minimal_enqueue(unsigned long long *ctx)
{
	scx_bpf_dispatch((void *)ctx[0], SCX_DSQ_GLOBAL, SCX_SLICE_DFL,
			 ctx[1]);
}

/* EXPECT reject: struct_ops: the target kernel's BTF has no struct sched_ext_ops (sched_ext needs CONFIG_SCHED_CLASS_EXT, Linux 6.12) */
SEC("struct_ops/dispatch")
void minimal_dispatch(unsigned long long *ctx)
{
	scx_bpf_consume(SCX_DSQ_GLOBAL);
}

SEC(".struct_ops.link")
struct sched_ext_ops minimal = {
	.select_cpu = (void *)minimal_select_cpu,
	.enqueue = (void *)minimal_enqueue,
	.dispatch = (void *)minimal_dispatch,
	.name = "minimal",
};
