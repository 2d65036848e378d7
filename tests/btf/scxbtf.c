// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The BTF of a kernel built with CONFIG_SCHED_CLASS_EXT (Linux 6.12), cut
 * to the types a sched_ext scheduler's verification looks up: the ops
 * struct and the value type bpf_struct_ops registers for it, and the task
 * fields sched_ext lets a program write. Compiled with -g, its .BTF
 * section is a kernel BTF to --btf (tests/corpus/sched_ext.c).
 */
typedef unsigned long long u64;
typedef int s32;

struct sched_ext_entity {
	int flags;
	u64 slice;
	u64 dsq_vtime;
	_Bool disallow;
};

struct task_struct {
	long state;
	int pid;
	struct sched_ext_entity scx;
	struct task_struct *parent;
};

struct scx_init_task_args {
	_Bool fork;
};

struct sched_ext_ops {
	s32 (*select_cpu)(struct task_struct *p, s32 prev_cpu, u64 wake_flags);
	void (*enqueue)(struct task_struct *p, u64 enq_flags);
	void (*dequeue)(struct task_struct *p, u64 deq_flags);
	void (*dispatch)(s32 cpu, struct task_struct *prev);
	s32 (*init_task)(struct task_struct *p,
			 struct scx_init_task_args *args);
	s32 (*init)(void);
	char name[128];
};

struct bpf_struct_ops_sched_ext_ops {
	long common;
	struct sched_ext_ops data;
};

struct bpf_struct_ops_sched_ext_ops value;
