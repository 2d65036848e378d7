// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* CORPUS-VARIANTS: c19v3 c19v4 */
/*
 * RCU read sections (bpf_rcu_read_lock / bpf_rcu_read_unlock) and the
 * iterators over kernel objects they protect (bpf_iter_task_*,
 * bpf_iter_css_*, bpf_iter_css_task_*): no nesting, no unmatched unlock,
 * none left open at exit, no tail call or sleepable helper inside; an
 * RCU-protected iterator made inside a section (6.18: refused at
 * bpf_iter_task_new outside one, in a program that may sleep; "syscall"
 * programs load sleepable), used only while the section lasts; its
 * elements are RCU pointers, untrusted once the section ends; css_task
 * iterators only in LSM, iter and sleepable programs. Compiled by clang 19
 * (variants c19v3, c19v4).
 */
#include "corpus.h"

struct task_struct {
	int pid;
} __attribute__((preserve_access_index));

struct cgroup_subsys_state {
	int unused;
} __attribute__((preserve_access_index));

struct cgroup {
	struct cgroup_subsys_state self;
} __attribute__((preserve_access_index));

struct bpf_iter_task {
	__u64 __opaque[3];
} __attribute__((aligned(8)));

struct bpf_iter_css {
	__u64 __opaque[3];
} __attribute__((aligned(8)));

struct bpf_iter_css_task {
	__u64 __opaque[1];
} __attribute__((aligned(8)));

extern void bpf_rcu_read_lock(void) __ksym;
extern void bpf_rcu_read_unlock(void) __ksym;
extern int bpf_iter_task_new(struct bpf_iter_task *it,
			     struct task_struct *task, unsigned int flags) __ksym;
extern struct task_struct *bpf_iter_task_next(struct bpf_iter_task *it) __ksym;
extern void bpf_iter_task_destroy(struct bpf_iter_task *it) __ksym;
extern int bpf_iter_css_new(struct bpf_iter_css *it,
			    struct cgroup_subsys_state *start,
			    unsigned int flags) __ksym;
extern struct cgroup_subsys_state *
bpf_iter_css_next(struct bpf_iter_css *it) __ksym;
extern void bpf_iter_css_destroy(struct bpf_iter_css *it) __ksym;
extern int bpf_iter_css_task_new(struct bpf_iter_css_task *it,
				 struct cgroup_subsys_state *css,
				 unsigned int flags) __ksym;
extern struct task_struct *
bpf_iter_css_task_next(struct bpf_iter_css_task *it) __ksym;
extern void bpf_iter_css_task_destroy(struct bpf_iter_css_task *it) __ksym;
extern struct task_struct *bpf_task_acquire(struct task_struct *p) __ksym;
extern void bpf_task_release(struct task_struct *p) __ksym;
extern struct cgroup *bpf_cgroup_from_id(__u64 cgid) __ksym;
extern void bpf_cgroup_release(struct cgroup *cgrp) __ksym;

struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} jmp_table SEC(".maps");

/* EXPECT accept */
SEC("tc")
int rcu_pair(struct __sk_buff *skb)
{
	bpf_rcu_read_lock();
	bpf_rcu_read_unlock();
	return 0;
}

/* EXPECT reject: nested rcu read lock (kernel function bpf_rcu_read_lock) */
SEC("tc")
int rcu_nested(struct __sk_buff *skb)
{
	bpf_rcu_read_lock();
	bpf_rcu_read_lock();
	bpf_rcu_read_unlock();
	bpf_rcu_read_unlock();
	return 0;
}

/* EXPECT reject: unmatched rcu read unlock (kernel function bpf_rcu_read_unlock) */
SEC("tc")
int rcu_unmatched(struct __sk_buff *skb)
{
	bpf_rcu_read_unlock();
	return 0;
}

/* EXPECT reject: BPF_EXIT instruction in main prog cannot be used inside bpf_rcu_read_lock-ed region */
SEC("tc")
int rcu_missing_unlock(struct __sk_buff *skb)
{
	bpf_rcu_read_lock();
	return 0;
}

/* EXPECT reject: BPF_EXIT instruction in main prog cannot be used inside bpf_rcu_read_lock-ed region */
SEC("tc")
int rcu_unlock_on_one_path(struct __sk_buff *skb)
{
	bpf_rcu_read_lock();
	if (skb->len > 100)
		return 1;
	bpf_rcu_read_unlock();
	return 0;
}

/* EXPECT reject: tail_call cannot be used inside bpf_rcu_read_lock-ed region */
SEC("tc")
int rcu_tail_call(struct __sk_buff *skb)
{
	bpf_rcu_read_lock();
	bpf_tail_call(skb, &jmp_table, 0);
	bpf_rcu_read_unlock();
	return 0;
}

/* EXPECT reject: sleepable helper bpf_copy_from_user#148 in rcu_read_lock region */
SEC("syscall")
int rcu_sleepable_helper(void *ctx)
{
	char buf[8];

	bpf_rcu_read_lock();
	bpf_copy_from_user(buf, sizeof(buf), 0);
	bpf_rcu_read_unlock();
	return buf[0];
}

/* EXPECT reject: kernel func bpf_iter_task_new requires RCU critical section protection */
SEC("syscall")
int task_iter_no_lock(void *ctx)
{
	struct bpf_iter_task it;
	struct task_struct *t;
	int n = 0;

	bpf_iter_task_new(&it, 0, 0);
	while ((t = bpf_iter_task_next(&it)))
		n += t->pid;
	bpf_iter_task_destroy(&it);
	return n;
}

/* EXPECT accept */
SEC("syscall")
int task_iter_locked(void *ctx)
{
	struct bpf_iter_task it;
	struct task_struct *t;
	int n = 0;

	bpf_rcu_read_lock();
	bpf_iter_task_new(&it, 0, 0);
	while ((t = bpf_iter_task_next(&it)))
		n += t->pid;
	bpf_iter_task_destroy(&it);
	bpf_rcu_read_unlock();
	return n;
}

/* EXPECT reject: expected an RCU CS when using bpf_iter_task_next */
SEC("syscall")
int task_iter_unlock_inside(void *ctx)
{
	struct bpf_iter_task it;
	struct task_struct *t;
	int n = 0;

	bpf_rcu_read_lock();
	bpf_iter_task_new(&it, 0, 0);
	while ((t = bpf_iter_task_next(&it))) {
		bpf_rcu_read_unlock();
		n++;
		bpf_rcu_read_lock();
	}
	bpf_iter_task_destroy(&it);
	bpf_rcu_read_unlock();
	return n;
}

/* a program that does not sleep runs in an RCU read section */
/* EXPECT accept */
SEC("tc")
int task_iter_tc(struct __sk_buff *skb)
{
	struct bpf_iter_task it;
	struct task_struct *t;
	int n = 0;

	bpf_iter_task_new(&it, 0, 0);
	while ((t = bpf_iter_task_next(&it)))
		n += t->pid;
	bpf_iter_task_destroy(&it);
	return n;
}

/* EXPECT accept */
SEC("syscall")
int rcu_ptr_in_lock(void *ctx)
{
	struct bpf_iter_task it;
	struct task_struct *t, *a = 0;

	bpf_rcu_read_lock();
	bpf_iter_task_new(&it, 0, 0);
	t = bpf_iter_task_next(&it);
	if (t)
		a = bpf_task_acquire(t);
	bpf_iter_task_destroy(&it);
	bpf_rcu_read_unlock();
	if (a)
		bpf_task_release(a);
	return 0;
}

/* EXPECT reject: R1 must be a rcu pointer */
SEC("syscall")
int rcu_ptr_after_unlock(void *ctx)
{
	struct bpf_iter_task it;
	struct task_struct *t, *a;

	bpf_rcu_read_lock();
	bpf_iter_task_new(&it, 0, 0);
	t = bpf_iter_task_next(&it);
	bpf_iter_task_destroy(&it);
	bpf_rcu_read_unlock();
	if (!t)
		return 0;
	a = bpf_task_acquire(t);
	if (a)
		bpf_task_release(a);
	return 0;
}

/* EXPECT accept */
SEC("syscall")
int css_iter_locked(void *ctx)
{
	struct cgroup *cg = bpf_cgroup_from_id(1);
	struct cgroup_subsys_state *pos;
	struct bpf_iter_css it;
	int n = 0;

	if (!cg)
		return 0;
	bpf_rcu_read_lock();
	bpf_iter_css_new(&it, &cg->self, 0);
	while ((pos = bpf_iter_css_next(&it)))
		n++;
	bpf_iter_css_destroy(&it);
	bpf_rcu_read_unlock();
	bpf_cgroup_release(cg);
	return n;
}

/* EXPECT reject: R2 pointer arithmetic on ptr_or_null_ prohibited, null-check it first */
SEC("syscall")
int css_iter_unchecked(void *ctx)
{
	struct cgroup *cg = bpf_cgroup_from_id(1);
	struct bpf_iter_css it;

	bpf_rcu_read_lock();
	bpf_iter_css_new(&it, &cg->self, 0);
	bpf_iter_css_destroy(&it);
	bpf_rcu_read_unlock();
	if (cg)
		bpf_cgroup_release(cg);
	return 0;
}

/* EXPECT accept */
SEC("syscall")
int css_task_iter_sleepable(void *ctx)
{
	struct cgroup *cg = bpf_cgroup_from_id(1);
	struct bpf_iter_css_task it;
	struct task_struct *t;
	int n = 0;

	if (!cg)
		return 0;
	bpf_iter_css_task_new(&it, &cg->self, 2);
	while ((t = bpf_iter_css_task_next(&it)))
		n += t->pid;
	bpf_iter_css_task_destroy(&it);
	bpf_cgroup_release(cg);
	return n;
}

/* EXPECT reject: css_task_iter is only allowed in bpf_lsm, bpf_iter and sleepable progs */
SEC("tc")
int css_task_iter_tc(struct __sk_buff *skb)
{
	struct cgroup *cg = bpf_cgroup_from_id(1);
	struct bpf_iter_css_task it;

	if (!cg)
		return 0;
	bpf_iter_css_task_new(&it, &cg->self, 2);
	bpf_iter_css_task_destroy(&it);
	bpf_cgroup_release(cg);
	return 0;
}
