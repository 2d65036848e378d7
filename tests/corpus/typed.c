// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* CORPUS-VARIANTS: vmlinux */
/*
 * BTF-typed contexts: tp_btf and fentry programs reading task and socket
 * fields through their arguments, with CO-RE. Built against this machine's
 * vmlinux.h (variant vmlinux: skipped where the build found no kernel BTF
 * or bpftool); verified against this kernel's BTF and none (--btf '').
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

char _license[] SEC("license") = "GPL";
char sink;	/* fentry programs must return 0: what they read goes here */

/* plain field reads of both task arguments */
/* EXPECT accept */
/* EXPECT --btf '' -> reject: tp_btf/sched_switch needs the target kernel's BTF */
SEC("tp_btf/sched_switch")
int BPF_PROG(task_fields, bool preempt, struct task_struct *prev,
	     struct task_struct *next)
{
	return prev->pid + next->tgid;
}

/* pointer fields walked: trusted, RCU and plain pointers */
/* EXPECT accept */
SEC("tp_btf/sched_switch")
int BPF_PROG(task_walk, bool preempt, struct task_struct *prev,
	     struct task_struct *next)
{
	return prev->real_parent->pid + prev->group_leader->tgid +
	       next->cred->uid.val;
}

/* an array inside the struct, read whole and by element */
/* EXPECT accept */
SEC("tp_btf/sched_switch")
int BPF_PROG(task_comm, bool preempt, struct task_struct *prev,
	     struct task_struct *next)
{
	return prev->comm[3] + *(long *)&next->comm[8];
}

/* a write through a BTF pointer: only reads are allowed */
/* EXPECT reject: only read is supported */
SEC("tp_btf/sched_switch")
int BPF_PROG(task_write, bool preempt, struct task_struct *prev,
	     struct task_struct *next)
{
	prev->pid = 3;
	return 0;
}

/* one byte past the end of task_struct */
/* EXPECT reject: access beyond struct task_struct at off */
SEC("tp_btf/sched_switch")
int task_beyond(u64 *ctx)
{
	struct task_struct *p = (void *)ctx[1];

	return *((char *)p + bpf_core_type_size(struct task_struct));
}

/* a pointer member read in part */
/* EXPECT reject: cannot access ptr member real_parent with moff */
SEC("tp_btf/sched_switch")
int task_ptr_half(u64 *ctx)
{
	struct task_struct *p = (void *)ctx[1];

	return *(int *)((char *)p + bpf_core_field_offset(struct task_struct,
							   real_parent) + 4);
}

/* an argument the prototype does not have */
/* EXPECT reject: invalid bpf_context access off=32 size=8 */
SEC("tp_btf/sched_switch")
int ctx_past_args(u64 *ctx)
{
	return ctx[4];
}

/* the bool argument is a scalar: no dereference */
/* EXPECT reject: R1 invalid mem access 'scalar' */
SEC("tp_btf/sched_switch")
int deref_scalar_arg(u64 *ctx)
{
	return *(int *)ctx[0];
}

/* a socket's fields, through kfree_skb's skb */
/* EXPECT accept */
SEC("tp_btf/kfree_skb")
int BPF_PROG(skb_sock, struct sk_buff *skb, void *location)
{
	struct sock *sk = skb->sk;

	if (!sk)
		return 0;
	return sk->__sk_common.skc_family + sk->sk_protocol;
}

/* skb->sk may be NULL (RCU or-null): read without the check */
/* EXPECT reject: R1 invalid mem access 'rcu_ptr_or_null_' */
SEC("tp_btf/kfree_skb")
int BPF_PROG(skb_sock_nocheck, struct sk_buff *skb, void *location)
{
	return skb->sk->sk_protocol;
}

/* a pointer to int is a scalar (5.17; 5.10 types only pointers to structs) */
/* EXPECT accept */
/* EXPECT --kernel 5.10 -> reject: invalid bpf_context access off=8 size=8 */
SEC("fentry/bpf_modify_return_test")
int BPF_PROG(fentry_int_ptr_arg, int a, int *b)
{
	sink = b != 0;
	return 0;
}

/* fentry: the socket argument's fields */
/* EXPECT accept */
SEC("fentry/tcp_v4_connect")
int BPF_PROG(fentry_sock, struct sock *sk)
{
	sink = sk->__sk_common.skc_family + sk->sk_protocol;
	return 0;
}

/* fentry: reading past the socket's last field */
/* EXPECT reject: access beyond struct sock at off */
SEC("fentry/tcp_v4_connect")
int fentry_sock_beyond(u64 *ctx)
{
	struct sock *sk = (void *)ctx[0];

	sink = *((char *)sk + bpf_core_type_size(struct sock));
	return 0;
}

/* a target the kernel does not have */
/* EXPECT reject: failed to find kernel BTF type ID of 'no_such_function_in_this_kernel' */
SEC("fentry/no_such_function_in_this_kernel")
int BPF_PROG(fentry_no_target)
{
	return 0;
}
