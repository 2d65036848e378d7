/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Helper prototypes: argument and return kinds of the kernel helpers real
 * programs call, and which program types may call which helper. Facts follow
 * the kernel's bpf_func_proto definitions.
 */
#ifndef BC_HELPERS_H
#define BC_HELPERS_H

#include <stdbool.h>
#include <stdint.h>

/* Linux's enum bpf_dynptr_type. */
enum bc_dynptr_type {
	BC_DYNPTR_INVALID,
	BC_DYNPTR_LOCAL,
	BC_DYNPTR_RINGBUF,
	BC_DYNPTR_SKB,
	BC_DYNPTR_XDP,
	BC_DYNPTR_SKB_META,
};

enum bc_arg_kind {
	BC_ARG_NONE = 0, /* argument unused */
	BC_ARG_ANYTHING, /* any initialised value (scalar or not) */
	BC_ARG_SCALAR, /* any scalar */
	BC_ARG_CONST_MAP_PTR, /* map pointer (lddw of a map) */
	BC_ARG_PTR_TO_MAP_KEY, /* readable mem of map key_size */
	BC_ARG_PTR_TO_MAP_VALUE, /* readable mem of map value_size */
	BC_ARG_PTR_TO_UNINIT_MAP_VALUE, /* writable mem of map value_size */
	BC_ARG_PTR_TO_MEM, /* readable initialised mem, size in next arg */
	BC_ARG_PTR_TO_UNINIT_MEM, /* writable mem, size in next arg */
	BC_ARG_CONST_SIZE, /* size of previous mem arg, > 0 */
	BC_ARG_CONST_SIZE_OR_ZERO, /* size of previous mem arg, >= 0 */
	BC_ARG_PTR_TO_CTX,
	BC_ARG_PTR_TO_FUNC, /* callback: lddw BPF_PSEUDO_FUNC */
	BC_ARG_PTR_TO_STACK_OR_NULL, /* callback context (bpf_loop) */
	BC_ARG_PTR_TO_ALLOC_MEM, /* ringbuf record from reserve (released) */
	BC_ARG_CONST_ALLOC_SIZE_OR_ZERO, /* size of the allocation (ringbuf reserve) */
	BC_ARG_PTR_TO_SOCK_COMMON,
	BC_ARG_PTR_TO_SOCKET, /* released by sk_release */
	BC_ARG_PTR_TO_BTF_ID, /* task_struct etc. */
	BC_ARG_PTR_TO_LONG, /* writable 8-byte mem */
	BC_ARG_PTR_TO_INT, /* writable 4-byte mem */
	BC_ARG_PTR_TO_CONST_STR, /* pointer into a read-only map (.rodata) */
	BC_ARG_PTR_TO_SPIN_LOCK,
	BC_ARG_PTR_TO_TIMER,
	BC_ARG_PTR_TO_DYNPTR,
	BC_ARG_KIND_MAX
};

/* Flags on an argument kind. */
#define BC_ARG_OR_NULL 0x100u /* NULL (scalar 0) also accepted */
#define BC_ARG_RDONLY  0x200u /* memory only read by the helper */
#define BC_ARG_UNINIT  0x400u /* a dynptr the helper makes */
#define BC_ARG_KIND(a) ((a)&0xffu)
/* The dynptr type an argument makes or needs (enum bc_dynptr_type). */
#define BC_ARG_DYNPTR(t)      ((uint32_t)(t) << 12)
#define BC_ARG_DYNPTR_TYPE(a) ((uint8_t)(((a) >> 12) & 0xfu))

enum bc_ret_kind {
	BC_RET_INTEGER,
	BC_RET_VOID,
	BC_RET_MAP_VALUE_OR_NULL, /* value of the map in arg 1 */
	BC_RET_ALLOC_MEM_OR_NULL, /* ringbuf reserve: size from arg 2, acquires a reference */
	BC_RET_SOCKET_OR_NULL, /* sk_lookup_*: acquires a reference */
	BC_RET_SOCK_COMMON_OR_NULL,
	BC_RET_TCP_SOCK_OR_NULL,
	BC_RET_BTF_ID, /* e.g. get_current_task_btf */
	BC_RET_BTF_ID_OR_NULL,
	BC_RET_MEM_OR_NULL, /* other mem-or-null returns */
	BC_RET_MAP_VALUE, /* never NULL: get_local_storage */
	BC_RET_DYNPTR_MEM_OR_NULL, /* a slice of the dynptr argument */
};

/* Helper flags. */
#define BC_HF_PKT_ACCESS  0x01u /* may take packet pointers as mem args */
#define BC_HF_CHANGES_PKT 0x02u /* invalidates packet pointers */
#define BC_HF_GPL_ONLY	  0x04u
#define BC_HF_RELEASE	  0x08u /* releases the reference held by arg 1 */
#define BC_HF_TAIL_CALL	  0x10u
#define BC_HF_CALLBACK                                                         \
	0x20u /* calls a callback (bpf_loop, for_each_map_elem, ...) */
#define BC_HF_ACQUIRE                                                          \
	0x40u /* return value holds a reference to release
					 * (sk_lookup_*, skc_lookup_tcp, ringbuf_reserve) */
#define BC_HF_SLEEPABLE 0x80u /* may sleep: only in sleepable programs */

struct bc_helper_proto {
	int32_t id; /* BPF_FUNC_* */
	const char *name; /* "bpf_map_lookup_elem" */
	enum bc_ret_kind ret;
	uint32_t args[5]; /* enum bc_arg_kind | BC_ARG_* flags */
	uint32_t flags; /* BC_HF_* */
	/* For callbacks: which argument holds the function, and the
	 * callback's argument kinds (r1..r5). */
	int8_t cb_arg; /* -1 if none */
	/* A cb_args entry BC_ARG_PTR_TO_STACK_OR_NULL stands for "whatever
	 * the caller passed as the helper's callback-context argument". */
	uint32_t cb_args[5];
	/* For callbacks: the range the callback's r0 must lie in at its
	 * exit (Linux: [0, 1] for bpf_loop, for_each_map_elem, find_vma,
	 * user_ringbuf_drain; [0, 0] for timer callbacks). */
	int32_t cb_ret_min, cb_ret_max;
};

/* Prototype of helper id, or NULL if unknown to bpfcheck. */
const struct bc_helper_proto *bc_helper_proto(int32_t id);

/*
 * Prototype of helper id as a program of this type sees it. A few helpers
 * have per-type variants (bpf_get_cgroup_classid takes ctx in TC and LWT
 * but no argument elsewhere; bpf_sk_storage_get takes ctx as the socket in
 * cgroup sock programs). Prefer this over bc_helper_proto in the verifier.
 */
const struct bc_helper_proto *
bc_helper_proto_for(int32_t id, uint32_t prog_type, uint32_t attach_type);

/* Linux's license_is_gpl_compatible: the licenses GPL-only helpers need. */
bool bc_license_is_gpl_compatible(const char *license);

/*
 * The program asking get_func_proto: its type and attach type; priv:
 * CAP_BPF + CAP_PERFMON; sleepable (Linux's in_sleepable); gpl: its
 * license is GPL-compatible (Linux's license_is_gpl_compatible).
 */
struct bc_kernel;

struct bc_func_req {
	uint32_t type, attach;
	bool priv, sleepable, gpl;
	const struct bc_kernel *kernel; /* its helpers; NULL: the newest */
};

/*
 * May the program c call helper id? Returns true, or false with *why set
 * to Linux's message, checked in check_helper_call's order: "invalid func",
 * "program of this type cannot use helper bpf_xxx#N", "cannot call
 * GPL-restricted function from non-GPL compatible program", "helper call
 * might sleep in a non-sleepable prog".
 */
bool bc_helper_check(int32_t id, const struct bc_func_req *c, const char **why);
/* The same for a GPL program that is not sleepable. */
bool bc_helper_allowed(int32_t id, uint32_t prog_type, uint32_t attach_type,
		       bool privileged, const char **why);

/*
 * The has_func_proto callbacks of the program type table (progtypes.c),
 * named after the kernel's get_func_proto callbacks: does a program of the
 * type get a prototype for helper id?
 */
bool bc_sk_filter_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_tc_cls_act_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_xdp_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_kprobe_prog_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_tp_prog_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_raw_tp_prog_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_pe_prog_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_cg_skb_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_cg_sock_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_sock_addr_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_sock_ops_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_sk_skb_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_sk_msg_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_lwt_in_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_lwt_out_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_lwt_xmit_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_lwt_seg6local_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_flow_dissector_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_cgroup_dev_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_sysctl_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_cg_sockopt_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_sk_reuseport_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_sk_lookup_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_tracing_prog_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_lsm_has_func_proto(int32_t id, const struct bc_func_req *c);
bool bc_btf_target_has_func_proto(int32_t id, const struct bc_func_req *c);
/* Linux's bpf_base_func_proto: what every type's set falls back to. */
bool bc_base_has_func_proto(int32_t id, const struct bc_func_req *c);

/*
 * The func_proto callbacks of the table: the prototypes a program of the
 * type sees. __sk_buff programs (tc, lwt) get bpf_get_cgroup_classid of the
 * skb, other types that of the current task; sk_lookup has its own
 * bpf_sk_assign, cgroup sock its own bpf_sk_storage_get; BTF-attached
 * tracing and LSM programs pass sockets as BTF pointers.
 */
const struct bc_helper_proto *bc_skb_func_proto(int32_t id);
const struct bc_helper_proto *bc_sk_lookup_func_proto(int32_t id);
const struct bc_helper_proto *bc_cg_sock_func_proto(int32_t id);
const struct bc_helper_proto *bc_tracing_func_proto(int32_t id);

/*
 * The kernel configuration a helper needs beyond its version
 * ("CONFIG_BPF_KPROBE_OVERRIDE"), or NULL when every kernel that knows the
 * helper offers it. A kernel built without it, or in lockdown, refuses the
 * helper as "cannot use helper" although bpfcheck accepts it.
 */
const char *bc_helper_config(int32_t id);

#endif
