/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Program contexts: per program type, the uapi struct r1 points to at
 * entry, the offsets, sizes and read/write rules of its fields, and what a
 * load of each field yields (scalar, packet pointer, ...). Also the return
 * values Linux allows per program type. Facts follow the kernel's
 * *_is_valid_access functions; which type uses which is said by the
 * program type table (progtypes.h).
 */
#ifndef BC_CTX_H
#define BC_CTX_H

#include <stdbool.h>
#include <stdint.h>

struct bc_retval;

/* What loading a context field yields. */
enum bc_ctx_kind {
	BC_CTXF_SCALAR,
	BC_CTXF_PKT, /* skb->data, xdp->data */
	BC_CTXF_PKT_END, /* skb->data_end, xdp->data_end */
	BC_CTXF_PKT_META, /* skb->data_meta, xdp->data_meta */
	BC_CTXF_SOCK_COMMON_OR_NULL, /* skb->sk */
	BC_CTXF_SOCK, /* sock_addr->sk, sock_ops->sk */
	BC_CTXF_FLOW_KEYS, /* __sk_buff->flow_keys in flow_dissector */
	BC_CTXF_SOCK_OR_NULL, /* sock_ops->sk */
};

struct bc_ctx_access {
	enum bc_ctx_kind kind;
	/* For scalar loads: known value range of the field, e.g. a u8 field
	 * loaded as u32 has umax 255. */
	uint64_t umax;
};

#define BC_MAX_FUNC_ARGS       12 /* MAX_BPF_FUNC_ARGS */
#define BC_PERF_MAX_TRACE_SIZE 8192 /* PERF_MAX_TRACE_SIZE */

/* One context access to check; is_valid_access fills *acc. */
struct bc_ctx_req {
	uint32_t type, attach;
	bool priv;
	int off, size;
	bool write;
	struct bc_ctx_access *acc;
	bool ldsx; /* a sign-extending load (BPF_MEMSX) */
};

/*
 * The is_valid_access callbacks of the program type table (progtypes.c),
 * named after the kernel's. Each sees an access of 1, 2, 4 or 8 bytes, with
 * acc->kind preset to BC_CTXF_SCALAR and acc->umax to the size's range.
 */
bool bc_sk_filter_is_valid_access(struct bc_ctx_req *c);
bool bc_tc_cls_act_is_valid_access(struct bc_ctx_req *c);
bool bc_cg_skb_is_valid_access(struct bc_ctx_req *c);
bool bc_lwt_is_valid_access(struct bc_ctx_req *c);
bool bc_sk_skb_is_valid_access(struct bc_ctx_req *c);
bool bc_flow_dissector_is_valid_access(struct bc_ctx_req *c);
bool bc_xdp_is_valid_access(struct bc_ctx_req *c);
bool bc_kprobe_prog_is_valid_access(struct bc_ctx_req *c);
bool bc_tp_prog_is_valid_access(struct bc_ctx_req *c);
bool bc_raw_tp_prog_is_valid_access(struct bc_ctx_req *c);
bool bc_tracing_prog_is_valid_access(struct bc_ctx_req *c);
bool bc_pe_prog_is_valid_access(struct bc_ctx_req *c);
bool bc_cg_sock_is_valid_access(struct bc_ctx_req *c);
bool bc_sock_addr_is_valid_access(struct bc_ctx_req *c);
bool bc_sock_ops_is_valid_access(struct bc_ctx_req *c);
bool bc_sk_msg_is_valid_access(struct bc_ctx_req *c);
bool bc_cgroup_dev_is_valid_access(struct bc_ctx_req *c);
bool bc_sysctl_is_valid_access(struct bc_ctx_req *c);
bool bc_cg_sockopt_is_valid_access(struct bc_ctx_req *c);
bool bc_sk_lookup_is_valid_access(struct bc_ctx_req *c);
bool bc_sk_reuseport_is_valid_access(struct bc_ctx_req *c);

/* The sockets a pointer register may point to (not the context). */
enum bc_sk_ptr {
	BC_SK_SOCK, /* struct bpf_sock of a full socket */
	BC_SK_SOCK_COMMON, /* struct bpf_sock, fields of any socket */
	BC_SK_TCP_SOCK, /* struct bpf_tcp_sock */
};

/*
 * A load through a socket pointer (Linux's check_sock_access); on false
 * the verifier says "R%d invalid %s access off=%d size=%d".
 */
bool bc_sk_ptr_is_valid_access(enum bc_sk_ptr kind, int off, int size);

/* Size of the context struct for a program type (0 if it has none). */
uint32_t bc_ctx_size(uint32_t prog_type, uint32_t attach_type);
/* Name of the context struct ("struct xdp_md"). */
const char *bc_ctx_name(uint32_t prog_type);

/*
 * Is an access of `size` bytes at `off` into the context valid? On
 * success fills *acc. On failure returns false; the verifier then says
 * "invalid bpf_context access off=%d size=%d" (Linux's wording).
 */
bool bc_ctx_check(uint32_t prog_type, uint32_t attach_type, bool privileged,
		  int32_t off, int size, bool write, struct bc_ctx_access *acc);
/* The same for a sign-extending load (Linux's info->is_ldsx). */
bool bc_ctx_check_ldsx(uint32_t prog_type, uint32_t attach_type,
		       bool privileged, int32_t off, int size,
		       struct bc_ctx_access *acc);

/*
 * Allowed return value range in r0 at exit of the main program, for a
 * program attached to target (the section name's part after '/', for
 * the types whose rule depends on it: LSM hooks; NULL if none).
 */
bool bc_ctx_retval(uint32_t prog_type, uint32_t attach_type, const char *target,
		   struct bc_retval *r);
/*
 * A global function's pointer argument, as the context: what it points
 * to (a struct's name, void, a 64-bit int, the typedef bpf_user_pt_regs_t).
 */
struct bc_ctx_arg {
	const char *pointee;
	bool to_void, to_u64, pt_regs;
};

/* Is it the program type's context without a tag (btf_is_prog_ctx_type)? */
bool bc_ctx_arg_is_ctx(uint32_t prog_type, const struct bc_ctx_arg *a);
/* May an argument tagged __arg_ctx point to it (btf_validate_prog_ctx_type)? */
bool bc_ctx_arg_tag_ok(uint32_t prog_type, uint32_t attach_type,
		       const struct bc_ctx_arg *a);

/* A row's ctx_tag_ok (progtypes.h), per program type. */
bool bc_ctx_tag_u64(uint32_t attach_type, const struct bc_ctx_arg *a);
bool bc_ctx_tag_any(uint32_t attach_type, const struct bc_ctx_arg *a);
bool bc_ctx_tag_pt_regs(uint32_t attach_type, const struct bc_ctx_arg *a);
bool bc_ctx_tag_raw_tp(uint32_t attach_type, const struct bc_ctx_arg *a);
bool bc_ctx_tag_tracing(uint32_t attach_type, const struct bc_ctx_arg *a);

/* The same without a target, 64-bit ranges only. */
bool bc_ctx_retval_range(uint32_t prog_type, uint32_t attach_type, int64_t *lo,
			 int64_t *hi);

/*
 * Does this program type have direct packet access (data/data_end)?
 * Follows the kernel's may_access_direct_pkt_data: decides packet writes
 * (write=true) and whether helpers with BC_HF_PKT_ACCESS may take packet
 * pointers as memory (write=false). Reads through a packet pointer the
 * context yielded are always allowed (e.g. sock_ops->skb_data, which this
 * returns false for, as Linux does).
 */
bool bc_ctx_has_pkt(uint32_t prog_type, uint32_t attach_type, bool write);

/*
 * May this program type use legacy LD_ABS/LD_IND packet loads? (Linux's
 * may_access_skb; otherwise "BPF_LD_[ABS|IND] instructions not allowed for
 * this program type".)
 */
bool bc_ctx_has_ld_abs(uint32_t prog_type);

#endif
