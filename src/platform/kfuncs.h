/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * kfuncs: the flags Linux attaches to each kernel function a program may
 * call (BTF_ID_FLAGS in kernel/bpf/helpers.c, cpumask.c, ...) and the
 * program types whose kfunc hook holds its set (register_btf_kfunc_id_set,
 * bpf_prog_type_to_kfunc_hook in kernel/bpf/btf.c). Prototypes come from
 * BTF, not from here.
 */
#ifndef BC_KFUNCS_H
#define BC_KFUNCS_H

#include <stdbool.h>
#include <stdint.h>

/* Linux's KF_* flags (include/linux/btf.h), same meaning. */
enum bc_kf_flag {
	BC_KF_ACQUIRE = 1u << 0, /* returns a reference */
	BC_KF_RELEASE = 1u << 1, /* releases its argument's reference */
	BC_KF_RET_NULL = 1u << 2, /* the returned pointer may be NULL */
	BC_KF_TRUSTED_ARGS = 1u << 4, /* pointer arguments must be trusted */
	BC_KF_SLEEPABLE = 1u << 5, /* sleepable programs only */
	BC_KF_DESTRUCTIVE = 1u << 6, /* needs CAP_SYS_BOOT */
	BC_KF_RCU = 1u << 7, /* arguments may be RCU pointers */
	BC_KF_ITER_NEW = 1u << 8, /* open-coded iterator: constructor */
	BC_KF_ITER_NEXT = 1u << 9, /* ... next element or NULL */
	BC_KF_ITER_DESTROY = 1u << 10, /* ... destructor */
	BC_KF_RCU_PROTECTED = 1u << 11, /* inside an RCU read section only */
};

#define BC_KF_ITER (BC_KF_ITER_NEW | BC_KF_ITER_NEXT | BC_KF_ITER_DESTROY)

/* The kfunc id sets of Linux, each registered for some program types. */
enum bc_kfunc_set {
	BC_KFS_COMMON, /* common_btf_ids: every program type */
	BC_KFS_GENERIC, /* generic_btf_ids */
	BC_KFS_CPUMASK, /* cpumask_kfunc_btf_ids */
	BC_KFS_KEY, /* key_sig_kfunc_set: tracing programs */
	BC_KFS_SKB, /* bpf_kfunc_set_skb: programs of an skb */
	BC_KFS_XDP, /* bpf_kfunc_set_xdp */
	BC_KFS_OPS, /* the struct_ops ops' sets (kfuncs_ops.h) */
};

struct bc_kfunc {
	const char *name;
	uint32_t flags; /* enum bc_kf_flag */
	uint8_t set; /* enum bc_kfunc_set */
	/* arguments (bit i: argument i) whose name in the kernel ends in
	 * "__ign": not checked (a program's BTF has no parameter names) */
	uint8_t ign;
};

/* The kfunc called name, or NULL when bpfcheck does not know it. */
const struct bc_kfunc *bc_kfunc_find(const char *name);

/* May a program of this type call k (Linux's btf_kfunc_id_set_contains)? */
bool bc_kfunc_allowed(const struct bc_kfunc *k, uint32_t prog_type);

#endif
