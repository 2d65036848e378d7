/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Program types: one row per BPF_PROG_TYPE_* holding everything bpfcheck
 * knows of the type, as the kernel's bpf_verifier_ops does (plus what
 * libbpf and BPF_PROG_TEST_RUN know of it): libbpf's names, the context
 * and its access rule, the helper set, the return values allowed, packet
 * access, and the context an interpreter run builds.
 */
#ifndef BC_PROGTYPES_H
#define BC_PROGTYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct bc_ctx_arg;
struct bc_ctx_req;
struct bc_func_req;
struct bc_helper_proto;

/* check_return_code: the range r0 must be in at the main program's exit. */
struct bc_retval {
	int64_t lo, hi;
	bool low32; /* only r0's low 32 bits count (signed) */
};

/* How a libbpf section name matches. */
enum bc_sec_match {
	BC_SEC_EXACT, /* "xdp": only "xdp" */
	BC_SEC_PLUS, /* "kprobe+": "kprobe" or "kprobe/..." */
	BC_SEC_SLASH, /* "iter/": must be "iter/..." */
};

/* A libbpf section name and the attach type it sets, if any. */
struct bc_sec_def {
	const char *name;
	enum bc_sec_match match;
	uint32_t attach;
	bool attach_set;
};

/* may_access_direct_pkt_data: packet access through data/data_end. */
enum bc_direct_pkt {
	BC_PKT_NONE,
	BC_PKT_READ,
	BC_PKT_READ_WRITE,
};

/*
 * The context r1 points to when the interpreter runs the program, as
 * BPF_PROG_TEST_RUN builds it. The interpreter switches over this, never
 * over the program type.
 */
enum bc_ctx_layout {
	BC_CTX_FLAT, /* zeroed bytes, no field is special */
	BC_CTX_SK_BUFF, /* struct __sk_buff, packet from L3 */
	BC_CTX_SK_BUFF_L2, /* struct __sk_buff, packet from L2 (tc) */
	BC_CTX_FLOW_DISSECTOR, /* struct __sk_buff from L2, with flow_keys */
	BC_CTX_XDP_MD, /* struct xdp_md */
	BC_CTX_PT_REGS, /* struct pt_regs */
	BC_CTX_PERF_EVENT, /* struct bpf_perf_event_data */
	/* struct sk_reuseport_md: sk a socket (Linux: never NULL) */
	BC_CTX_SK_REUSEPORT,
};

/*
 * may_update_sockmap: whether map_update_elem and map_delete_elem may
 * change a sockmap or sockhash (no locked socket is reachable).
 */
enum bc_sockmap_update {
	BC_SOCKMAP_NONE = 0,
	BC_SOCKMAP_UPDATE, /* update and delete */
	BC_SOCKMAP_DELETE, /* delete only (sock_ops) */
	BC_SOCKMAP_ITER, /* update and delete from iter/ programs */
};

struct bc_prog_type_ops {
	const char *name; /* libbpf's: "sched_cls" */
	const struct bc_sec_def *sec_defs; /* ends with a NULL name */

	/* The context: "struct __sk_buff", its size, is_valid_access. */
	const char *ctx_name;
	uint32_t ctx_size;
	bool (*is_valid_access)(struct bc_ctx_req *req);
	/*
	 * The kernel's context struct (the last column of bpf_types.h),
	 * what bpf_cast_to_kern_ctx returns a pointer to: "" when it is no
	 * struct (u64, void *), NULL when not known.
	 */
	const char *kern_ctx;
	/*
	 * btf_validate_prog_ctx_type: what a global function's argument
	 * tagged __arg_ctx may point to besides void and the context
	 * struct (NULL: nothing else).
	 */
	bool (*ctx_tag_ok)(uint32_t attach, const struct bc_ctx_arg *a);

	/*
	 * Does get_func_proto give a prototype for func_id? NULL: only
	 * bpf_base_func_proto's helpers. func_proto: the prototype a
	 * program of this type sees (a few helpers have per-type
	 * variants); NULL: the common one.
	 */
	bool (*has_func_proto)(int32_t func_id, const struct bc_func_req *req);
	const struct bc_helper_proto *(*func_proto)(int32_t func_id);

	/*
	 * check_return_code: r0's range at exit for this attach type and
	 * attach target (the section name's part after '/', or NULL);
	 * NULL or false: not checked.
	 */
	bool (*retval_range)(uint32_t attach, const char *target,
			     struct bc_retval *r);

	enum bc_direct_pkt direct_pkt;
	bool ld_abs; /* may_access_skb */
	enum bc_sockmap_update sockmap_update;

	enum bc_ctx_layout ctx_layout; /* for interpreter runs */
	const char *(*action_name)(uint64_t r0); /* "XDP_PASS" */
};

/* The row of a program type; types without one get an empty row. */
const struct bc_prog_type_ops *bc_prog_type_ops(uint32_t prog_type);

/* Name of the action r0 stands for ("XDP_PASS", "TC_ACT_SHOT"), or NULL. */
const char *bc_progtype_action_name(uint32_t type, uint64_t r0);

/* Infer type from a section name the way libbpf does; false if unknown. */
bool bc_progtype_from_section(const char *sec, uint32_t *type, uint32_t *attach,
			      bool *attach_set);
/* --type: libbpf type name ("sched_cls") or section-style name. */
bool bc_progtype_parse(const char *name, uint32_t *type, uint32_t *attach,
		       bool *attach_set);
/*
 * The attach target a section name gives ("lsm/file_open": "file_open"):
 * the part after the first '/', or NULL.
 */
const char *bc_progtype_target(const char *section);

/*
 * The capability besides CAP_BPF that Linux's bpf_prog_load wants for a
 * program type ("CAP_NET_ADMIN", "CAP_PERFMON"), or NULL.
 */
const char *bc_progtype_load_cap(uint32_t type);
/*
 * The sock_addr hooks that cannot deny (recvmsg, getpeername, getsockname;
 * inet and unix): their programs return 1 and get no bpf_get_retval nor
 * bpf_set_retval.
 */
bool bc_sock_addr_must_allow(uint32_t attach);
/* libbpf-style name of a program type ("xdp", "sched_cls", ...). */
const char *bc_progtype_name(uint32_t type);
/* A section-style name that reads back as this type and attach type. */
bool bc_progtype_spell(uint32_t type, uint32_t attach, bool attach_set,
		       char *buf, size_t len);

#endif
