// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* CORPUS-VARIANTS: c19v3 c19v4 */
/*
 * kfuncs with arguments typed by the kernel's BTF: acquire/release pairs
 * (bpf_task_from_pid / bpf_task_release, bpf_cpumask_create /
 * bpf_cpumask_release), a reference leaked, a pointer the program holds
 * no reference to released, a KF_RET_NULL result used before its NULL
 * check; global functions' __arg_trusted and __arg_nullable arguments.
 * Compiled by clang 19 (variants c19v3, c19v4).
 */
#include "corpus.h"

/* CO-RE: the fields are relocated against the kernel's task_struct */
struct task_struct {
	int pid;
	struct task_struct *group_leader;
} __attribute__((preserve_access_index));

struct bpf_cpumask {
	int unused;
} __attribute__((preserve_access_index));

struct cpumask {
	int unused;
} __attribute__((preserve_access_index));

extern struct task_struct *bpf_task_from_pid(__s32 pid) __ksym;
extern struct task_struct *bpf_task_acquire(struct task_struct *p) __ksym;
extern void bpf_task_release(struct task_struct *p) __ksym;
extern struct bpf_cpumask *bpf_cpumask_create(void) __ksym;
extern void bpf_cpumask_release(struct bpf_cpumask *cpumask) __ksym;
extern void bpf_cpumask_set_cpu(__u32 cpu, struct bpf_cpumask *cpumask) __ksym;
extern _Bool bpf_cpumask_test_cpu(__u32 cpu,
				 const struct cpumask *cpumask) __ksym;

/* EXPECT accept */
SEC("syscall")
int task_acquire_release(void *ctx)
{
	struct task_struct *t = bpf_task_from_pid(1), *t2;
	int pid;

	if (!t)
		return 0;
	pid = t->pid;
	t2 = bpf_task_acquire(t);
	if (t2)
		bpf_task_release(t2);
	bpf_task_release(t);
	return pid;
}

/* EXPECT reject: lead to reference leak */
SEC("syscall")
int task_leak(void *ctx)
{
	struct task_struct *t = bpf_task_from_pid(1);

	if (!t)
		return 0;
	return t->pid;
}

/* EXPECT reject: Possibly NULL pointer passed to trusted arg0 */
SEC("syscall")
int task_release_unchecked(void *ctx)
{
	struct task_struct *t = bpf_task_from_pid(1);

	bpf_task_release(t);
	return 0;
}

/* EXPECT reject: R1 must be referenced or trusted */
SEC("syscall")
int task_release_walked(void *ctx)
{
	struct task_struct *t = bpf_task_from_pid(1), *g;

	if (!t)
		return 0;
	g = t->group_leader;
	bpf_task_release(t);
	bpf_task_release(g);
	return 0;
}

/* EXPECT reject: release kernel function bpf_task_release expects refcounted PTR_TO_BTF_ID */
SEC("tp_btf/task_newtask")
int task_release_trusted_arg(__u64 *ctx)
{
	struct task_struct *t = (struct task_struct *)ctx[0];

	bpf_task_release(t);
	return 0;
}

/* EXPECT accept */
SEC("syscall")
int cpumask_create_release(void *ctx)
{
	struct bpf_cpumask *m = bpf_cpumask_create();
	int r;

	if (!m)
		return 0;
	bpf_cpumask_set_cpu(0, m);
	r = bpf_cpumask_test_cpu(0, (const struct cpumask *)m);
	bpf_cpumask_release(m);
	return r;
}

/* EXPECT reject: Possibly NULL pointer passed to trusted arg1 */
SEC("syscall")
int cpumask_unchecked(void *ctx)
{
	struct bpf_cpumask *m = bpf_cpumask_create();

	bpf_cpumask_set_cpu(0, m);
	if (m)
		bpf_cpumask_release(m);
	return 0;
}

/* EXPECT reject: calling kernel function bpf_task_from_pid is not allowed */
SEC("socket")
int task_kfunc_socket_filter(struct __sk_buff *skb)
{
	struct task_struct *t = bpf_task_from_pid(1);

	if (t)
		bpf_task_release(t);
	return 0;
}

/* global functions' arguments tagged as the kernel's bpf_helpers.h does */
#define __arg_trusted __attribute__((btf_decl_tag("arg:trusted")))
#define __arg_nullable __attribute__((btf_decl_tag("arg:nullable")))

__noinline int task_pid_of(struct task_struct *t __arg_trusted)
{
	return t->pid;
}

__noinline int task_pid_or_zero(struct task_struct *t __arg_trusted
				__arg_nullable)
{
	if (!t)
		return 0;
	return t->pid;
}

/* EXPECT accept */
SEC("tp_btf/task_newtask")
int global_trusted_arg(__u64 *ctx)
{
	return task_pid_of((struct task_struct *)ctx[0]);
}

/* EXPECT reject: Caller passes invalid args into func#1 ('task_pid_of') */
SEC("syscall")
int global_trusted_arg_null(void *ctx)
{
	return task_pid_of((struct task_struct *)0);
}

/* EXPECT accept */
SEC("syscall")
int global_nullable_arg(void *ctx)
{
	struct task_struct *t = bpf_task_from_pid(1);
	int pid = task_pid_or_zero(t);

	if (t)
		bpf_task_release(t);
	return pid;
}

struct bpf_iter_num {
	__u64 opaque[1];
} __attribute__((aligned(8)));

extern int bpf_iter_num_new(struct bpf_iter_num *it, int start,
			    int end) __ksym;
extern int *bpf_iter_num_next(struct bpf_iter_num *it) __ksym;
extern void bpf_iter_num_destroy(struct bpf_iter_num *it) __ksym;

/*
 * A reference taken once in an iterator loop and released after it: a
 * referenced pointer is never NULL (Linux's reg_not_null), so the
 * "if (a)" after the loop is decided on the paths that hold it.
 */
/* EXPECT accept */
SEC("tc")
int acquire_in_iter_loop(struct __sk_buff *skb)
{
	struct bpf_iter_num it;
	struct task_struct *a = 0;
	int *v, n = 0;

	bpf_iter_num_new(&it, 0, 10);
	while ((v = bpf_iter_num_next(&it))) {
		n += *v;
		if (!a)
			a = bpf_task_from_pid(*v);
	}
	bpf_iter_num_destroy(&it);
	if (a)
		bpf_task_release(a);
	return n;
}

/* EXPECT reject: lead to reference leak */
SEC("tc")
int acquire_each_round(struct __sk_buff *skb)
{
	struct bpf_iter_num it;
	struct task_struct *a = 0;
	int *v;

	bpf_iter_num_new(&it, 0, 10);
	while ((v = bpf_iter_num_next(&it)))
		a = bpf_task_from_pid(*v);
	bpf_iter_num_destroy(&it);
	if (a)
		bpf_task_release(a);
	return 0;
}
