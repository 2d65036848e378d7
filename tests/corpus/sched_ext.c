// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A sched_ext scheduler (Linux 6.12's struct sched_ext_ops, declared here
 * as its headers do): select_cpu, enqueue and dispatch calling scx_bpf_*
 * kfuncs, registered by a .struct_ops.link map. A kernel built without
 * CONFIG_SCHED_CLASS_EXT (this machine's, and the "older kernel" of
 * tests/btf/oldbtf.c) has no struct sched_ext_ops in its BTF: the program
 * cannot be verified against it, and says so in one line. Against the BTF
 * of a kernel with sched_ext (tests/btf/scxbtf.c, no Linux here to load
 * them: the EXPECTs are 6.12's rules as kernel/sched/ext.c states them),
 * they verify; dispatch's prev may be NULL, and a program may write
 * p->scx.slice but not p->pid.
 */
#include "corpus.h"

#define SCX_DSQ_GLOBAL (1ULL << 63)
#define SCX_SLICE_DFL 20000000ULL

struct sched_ext_entity {
	__u64 slice;
} __attribute__((preserve_access_index));

struct task_struct {
	int pid;
	struct sched_ext_entity scx;
} __attribute__((preserve_access_index));

struct sched_ext_ops {
	__s32 (*select_cpu)(struct task_struct *p, __s32 prev_cpu,
			    __u64 wake_flags);
	void (*enqueue)(struct task_struct *p, __u64 enq_flags);
	void (*dequeue)(struct task_struct *p, __u64 deq_flags);
	void (*dispatch)(__s32 cpu, struct task_struct *prev);
	char name[128];
};

extern __s32 scx_bpf_task_cpu(const struct task_struct *p) __ksym;
extern void scx_bpf_dispatch(struct task_struct *p, __u64 dsq_id,
			     __u64 slice, __u64 enq_flags) __ksym;
extern _Bool scx_bpf_consume(__u64 dsq_id) __ksym;


/* EXPECT reject: struct_ops: the target kernel's BTF has no struct sched_ext_ops (sched_ext needs CONFIG_SCHED_CLASS_EXT, Linux 6.12) */
/* EXPECT --btf $OBJDIR/../btf/oldbtf.o -> reject: struct_ops: the target kernel's BTF has no struct sched_ext_ops (sched_ext needs CONFIG_SCHED_CLASS_EXT, Linux 6.12) */
/* EXPECT --btf '' -> reject: needs the target kernel's BTF */
/* EXPECT --btf $OBJDIR/../btf/scxbtf.o -> accept */
SEC("struct_ops/select_cpu")
__s32 minimal_select_cpu(unsigned long long *ctx)
{
	struct task_struct *p = (void *)ctx[0];

	return ctx[2] ? (__s32)ctx[1] : scx_bpf_task_cpu(p);
}

/* EXPECT reject: struct_ops: the target kernel's BTF has no struct sched_ext_ops (sched_ext needs CONFIG_SCHED_CLASS_EXT, Linux 6.12) */
/* EXPECT --btf $OBJDIR/../btf/scxbtf.o -> accept */
SEC("struct_ops/enqueue")
void minimal_enqueue(unsigned long long *ctx)
{
	struct task_struct *p = (void *)ctx[0];

	p->scx.slice = SCX_SLICE_DFL;
	scx_bpf_dispatch(p, SCX_DSQ_GLOBAL, SCX_SLICE_DFL, ctx[1]);
}

/* EXPECT reject: struct_ops: the target kernel's BTF has no struct sched_ext_ops (sched_ext needs CONFIG_SCHED_CLASS_EXT, Linux 6.12) */
/* EXPECT --btf $OBJDIR/../btf/scxbtf.o -> accept */
SEC("struct_ops/dispatch")
void minimal_dispatch(unsigned long long *ctx)
{
	struct task_struct *prev = (void *)ctx[1];

	if (prev && prev->pid)
		scx_bpf_consume(SCX_DSQ_GLOBAL);
}

/* dispatch's prev is NULL when the CPU was idle */
/* EXPECT --btf $OBJDIR/../btf/scxbtf.o -> reject: invalid mem access 'trusted_ptr_or_null_' */
SEC("struct_ops/dispatch")
void unchecked_dispatch(unsigned long long *ctx)
{
	struct task_struct *prev = (void *)ctx[1];

	if (prev->pid)
		scx_bpf_consume(SCX_DSQ_GLOBAL);
}

/* sched_ext lets a program write p->scx.slice, dsq_vtime, disallow only */
/* EXPECT --btf $OBJDIR/../btf/scxbtf.o -> reject: sched_ext writes only p->scx.slice, dsq_vtime and disallow */
SEC("struct_ops/dequeue")
void bad_dequeue(unsigned long long *ctx)
{
	struct task_struct *p = (void *)ctx[0];

	p->pid = 0;
}

SEC(".struct_ops.link")
struct sched_ext_ops minimal = {
	.select_cpu = (void *)minimal_select_cpu,
	.enqueue = (void *)minimal_enqueue,
	.dispatch = (void *)minimal_dispatch,
	.name = "minimal",
};

SEC(".struct_ops.link")
struct sched_ext_ops unsafe = {
	.dispatch = (void *)unchecked_dispatch,
	.dequeue = (void *)bad_dequeue,
	.name = "unsafe",
};
