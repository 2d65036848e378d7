// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* CORPUS-VARIANTS: vmlinux */
/*
 * CO-RE relocations: field offsets, existence and sizes, a field missing
 * from the kernel, enum values and type existence, verified against this
 * kernel's BTF, against tests/btf/oldbtf.c (an "older kernel" without
 * some fields) and none. tests/btf compares the relocated instructions
 * with libbpf's.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

char _license[] SEC("license") = "GPL";

struct task_struct___local {
	int pid;
	int tgid;
	long field_no_kernel_has;
} __attribute__((preserve_access_index));

struct type_no_kernel_has___x {
	int a;
} __attribute__((preserve_access_index));

/* offsets of fields in another order than the kernel's */
/* EXPECT accept */
/* EXPECT --btf $OBJDIR/../btf/oldbtf.o -> accept */
/* EXPECT --btf '' -> reject: a program with CO-RE relocations needs the target kernel's BTF */
SEC("raw_tp/sys_enter")
int core_offsets(void *ctx)
{
	struct task_struct___local *t = (void *)bpf_get_current_task();
	int pid = BPF_CORE_READ(t, pid), tgid = BPF_CORE_READ(t, tgid);

	return (pid ^ tgid) & 1;
}

/* a chain of pointers, read with bpf_probe_read_kernel */
/* EXPECT accept */
/* EXPECT --btf $OBJDIR/../btf/oldbtf.o -> reject: failed to resolve CO-RE relocation byte_off [ */
SEC("raw_tp/sys_enter")
int core_chain(void *ctx)
{
	struct task_struct *t = (void *)bpf_get_current_task();

	return BPF_CORE_READ(t, real_parent, real_parent, pid) & 1;
}

/* a field the kernel lacks: the relocation fails where it is reached */
/* EXPECT reject: failed to resolve CO-RE relocation byte_off [ LINUX reject: invalid func unknown#195896080 */
/* EXPECT --btf $OBJDIR/../btf/oldbtf.o -> reject: failed to resolve CO-RE relocation byte_off [ */
SEC("raw_tp/sys_enter")
int core_missing(void *ctx)
{
	struct task_struct___local *t = (void *)bpf_get_current_task();

	return BPF_CORE_READ(t, field_no_kernel_has) & 1;
}

/* the same, guarded by bpf_core_field_exists */
/* EXPECT accept */
/* EXPECT --btf $OBJDIR/../btf/oldbtf.o -> accept */
SEC("raw_tp/sys_enter")
int core_guarded(void *ctx)
{
	struct task_struct___local *t = (void *)bpf_get_current_task();

	if (bpf_core_field_exists(t->field_no_kernel_has))
		return BPF_CORE_READ(t, field_no_kernel_has) & 1;
	return bpf_core_type_exists(struct type_no_kernel_has___x) +
	       (bpf_core_enum_value(enum bpf_map_type, BPF_MAP_TYPE_ARRAY) & 1);
}

/* sizes and a tp_btf program reading through CO-RE-relocated offsets */
/* EXPECT accept */
/* EXPECT --btf $OBJDIR/../btf/oldbtf.o -> reject: failed to find kernel BTF type ID of 'sched_switch' (btf_trace_sched_switch) */
SEC("tp_btf/sched_switch")
int BPF_PROG(core_typed, bool preempt, struct task_struct *prev,
	     struct task_struct *next)
{
	return prev->pid + bpf_core_field_size(prev->comm) +
	       bpf_core_type_size(struct task_struct) * 0;
}
