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
#include <stddef.h>
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

/*
 * The kfunc id sets of Linux (BTF_KFUNCS_START(name) in the kernel's
 * sources), each registered for some program types' hooks.
 */
enum bc_kfunc_set {
	BC_KFS_COMMON, /* common_btf_ids: every program type */
	BC_KFS_GENERIC, /* generic_btf_ids */
	BC_KFS_CPUMASK, /* cpumask_kfunc_btf_ids */
	BC_KFS_KEY, /* key_sig_kfunc_set */
	BC_KFS_ARENA, /* arena_kfuncs */
	BC_KFS_MAP_ITER, /* bpf_map_iter_kfunc_ids */
	BC_KFS_RQSPINLOCK, /* rqspinlock_kfunc_ids (6.18) */
	BC_KFS_NF_CT, /* nf_ct_kfunc_set */
	BC_KFS_NF_NAT, /* nf_nat_kfunc_set */
	BC_KFS_NF_FLOW, /* nf_ft_kfunc_set */
	BC_KFS_XFRM_IFC, /* xfrm_ifc_kfunc_set */
	BC_KFS_XFRM_STATE, /* xfrm_state_kfunc_set */
	BC_KFS_SKB, /* bpf_kfunc_check_set_skb */
	BC_KFS_SKB_META, /* bpf_kfunc_check_set_skb_meta (6.18) */
	BC_KFS_XDP, /* bpf_kfunc_check_set_xdp */
	BC_KFS_SOCK_ADDR, /* bpf_kfunc_check_set_sock_addr */
	BC_KFS_TCP_REQSK, /* bpf_kfunc_check_set_tcp_reqsk */
	BC_KFS_SOCK_OPS, /* bpf_kfunc_check_set_sock_ops (6.18) */
	BC_KFS_SK_ITER, /* bpf_sk_iter_kfunc_ids: iter programs */
	BC_KFS_XDP_META, /* xdp_metadata_kfunc_ids */
	BC_KFS_TEST_FMODRET, /* bpf_test_modify_return_ids */
	BC_KFS_TEST_SK, /* test_sk_check_kfunc_ids */
	BC_KFS_FOU, /* fou_kfunc_set */
	BC_KFS_KPROBE_SESSION, /* kprobe_multi_kfunc_set_ids */
	BC_KFS_RSTAT, /* bpf_rstat_kfunc_ids */
	BC_KFS_CRYPTO_INIT, /* crypt_init_kfunc_btf_ids */
	BC_KFS_CRYPTO, /* crypt_kfunc_btf_ids */
	BC_KFS_FSVERITY, /* fsverity_set_ids: LSM programs */
	BC_KFS_FS, /* bpf_fs_kfunc_set_ids: LSM programs */
	BC_KFS_HID, /* hid_bpf_kfunc_ids, hid_bpf_syscall_kfunc_ids */
	BC_KFS_MPTCP_FMODRET, /* bpf_mptcp_fmodret_ids */
	BC_KFS_OPS, /* the struct_ops ops' sets (kfuncs_ops.h) */
	BC_KFS_NR,
};

struct bc_kfunc {
	const char *name;
	/* NULL: bpfcheck verifies its calls; else what it lacks to */
	const char *why;
	uint32_t flags; /* enum bc_kf_flag */
	uint8_t set; /* enum bc_kfunc_set */
	/* arguments (bit i: argument i) whose name in the kernel ends in
	 * "__ign": not checked (a program's BTF has no parameter names) */
	uint8_t ign;
};

/* The kfunc called name, or NULL when bpfcheck does not know it. */
const struct bc_kfunc *bc_kfunc_find(const char *name);

/* The i-th kfunc bpfcheck knows (by name), NULL past the last. */
const struct bc_kfunc *bc_kfunc_at(size_t i);

/*
 * May a program of this type and expected attach type call k (Linux's
 * btf_kfunc_id_set_contains, with the sets' filters)?
 */
bool bc_kfunc_allowed(const struct bc_kfunc *k, uint32_t prog_type,
		      uint32_t attach);

/* The Linux name of k's id set ("generic_btf_ids"). */
const char *bc_kfunc_set_name(const struct bc_kfunc *k);

/* The hooks k's set is registered for, "tracing,tc,xdp" (Linux's names). */
void bc_kfunc_hooks_str(const struct bc_kfunc *k, char *buf, size_t len);

/* flags as Linux names them, "KF_ACQUIRE|KF_RET_NULL", or "0". */
void bc_kfunc_flags_str(uint32_t flags, char *buf, size_t len);

#endif
