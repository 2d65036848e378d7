// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The program type table, and program types from section names the way
 * libbpf 1.x infers them, with a second, prefix-only pass for the names
 * that objects built for older libbpf and iproute2 use ("socket1",
 * "classifier_ingress", "xdp_drop").
 */
#include <linux/bpf.h>
#include <linux/bpf_perf_event.h>
#include <stdio.h>
#include <string.h>

#include <bpf/libbpf.h>

#include "platform/progtypes.h"
#include "platform/ctx.h"
#include "platform/helpers.h"
#include "platform/lsm.h"
#include "platform/struct_ops.h"
#include "util/util.h"

/* Types and attach types newer than the uapi header bpfcheck builds with. */
#define BC_PROG_TYPE_NETFILTER	   32
#define BC_CGROUP_UNIX_CONNECT	   49
#define BC_CGROUP_UNIX_SENDMSG	   50
#define BC_CGROUP_UNIX_RECVMSG	   51
#define BC_CGROUP_UNIX_GETPEERNAME 52
#define BC_CGROUP_UNIX_GETSOCKNAME 53

/* ---- check_return_code ---- */

/* The plain cgroup rule: 0 rejects, 1 allows. */
static bool retval_0_1(uint32_t attach BC_UNUSED, const char *target BC_UNUSED,
		       struct bc_retval *r)
{
	r->lo = 0;
	r->hi = 1;
	return true;
}

/* Egress may also say "congestion" (2, 3). */
static bool cg_skb_retval(uint32_t attach, const char *target BC_UNUSED,
			  struct bc_retval *r)
{
	r->lo = 0;
	r->hi = attach == BPF_CGROUP_INET_EGRESS ? 3 : 1;
	return true;
}

bool bc_sock_addr_must_allow(uint32_t attach)
{
	switch (attach) {
	case BPF_CGROUP_UDP4_RECVMSG:
	case BPF_CGROUP_UDP6_RECVMSG:
	case BPF_CGROUP_INET4_GETPEERNAME:
	case BPF_CGROUP_INET6_GETPEERNAME:
	case BPF_CGROUP_INET4_GETSOCKNAME:
	case BPF_CGROUP_INET6_GETSOCKNAME:
	case BC_CGROUP_UNIX_RECVMSG:
	case BC_CGROUP_UNIX_GETPEERNAME:
	case BC_CGROUP_UNIX_GETSOCKNAME: return true;
	}
	return false;
}

static bool sock_addr_retval(uint32_t attach, const char *target BC_UNUSED,
			     struct bc_retval *r)
{
	r->lo = bc_sock_addr_must_allow(attach) ? 1 : 0;
	r->hi = attach == BPF_CGROUP_INET4_BIND ||
				attach == BPF_CGROUP_INET6_BIND ?
			3 :
			1;
	return true;
}

/* fentry/fexit must return 0, iterators 0 or 1; other attach types
 * are not checked. */
static bool tracing_retval(uint32_t attach, const char *target,
			   struct bc_retval *r)
{
	switch (attach) {
	case BPF_TRACE_FENTRY:
	case BPF_TRACE_FEXIT:
		r->lo = 0;
		r->hi = 0;
		return true;
	case BPF_TRACE_ITER: return retval_0_1(attach, target, r);
	}
	return false;
}

/*
 * LSM: by the hook (platform/lsm.c), comparing r0's low 32 bits (the
 * hooks return int). lsm_cgroup programs say allow (1) or deny (0), and
 * on a void hook they may only allow.
 */
static bool lsm_retval(uint32_t attach, const char *target, struct bc_retval *r)
{
	enum bc_lsm_ret ret = bc_lsm_hook_ret(target);

	if (attach == BPF_LSM_CGROUP) {
		r->lo = ret == BC_LSM_RET_VOID ? 1 : 0;
		r->hi = 1;
		return true;
	}
	r->low32 = true;
	switch (ret) {
	case BC_LSM_RET_VOID: return false;
	case BC_LSM_RET_BOOL:
		r->lo = 0;
		r->hi = 1;
		return true;
	case BC_LSM_RET_ERRNO: break;
	}
	r->lo = -4095; /* -MAX_ERRNO */
	r->hi = 0;
	return true;
}

/* ---- what r0 means ---- */

static const char *xdp_action_name(uint64_t r0)
{
	static const char *const names[] = { "XDP_ABORTED", "XDP_DROP",
					     "XDP_PASS", "XDP_TX",
					     "XDP_REDIRECT" };

	return r0 < BC_ARRAY_SIZE(names) ? names[r0] : NULL;
}

static const char *tc_action_name(uint64_t r0)
{
	static const char *const names[] = {
		"TC_ACT_OK",	 "TC_ACT_RECLASSIFY", "TC_ACT_SHOT",
		"TC_ACT_PIPE",	 "TC_ACT_STOLEN",     "TC_ACT_QUEUED",
		"TC_ACT_REPEAT", "TC_ACT_REDIRECT"
	};

	if (r0 < BC_ARRAY_SIZE(names))
		return names[r0];
	return r0 == UINT32_MAX ? "TC_ACT_UNSPEC" : NULL;
}

/* ---- the table ---- */

#define SECS(...) ((const struct bc_sec_def[]){ __VA_ARGS__, { .name = NULL } })
#define EXACT(n)                                                               \
	{                                                                      \
		n, BC_SEC_EXACT, 0, false                                      \
	}
#define EXACT_AT(n, a)                                                         \
	{                                                                      \
		n, BC_SEC_EXACT, a, true                                       \
	}
#define PLUS(n)                                                                \
	{                                                                      \
		n, BC_SEC_PLUS, 0, false                                       \
	}
#define PLUS_AT(n, a)                                                          \
	{                                                                      \
		n, BC_SEC_PLUS, a, true                                        \
	}

#define CTX(T)	.ctx_name = #T, .ctx_size = sizeof(T)
#define SK_BUFF CTX(struct __sk_buff)

/*
 * One row per program type, indexed by BPF_PROG_TYPE_*. Adding a type:
 *
 *  1. its row: libbpf's name and section names (in any order: the
 *     longest name that matches wins; libbpf's order only matters among
 *     the names of one type, for bc_progtype_spell), and its context;
 *  2. is_valid_access in ctx.c, declared in ctx.h (or a shared one);
 *  3. has_func_proto in helpers.c, declared in helpers.h (NULL: only
 *     bpf_base_func_proto's helpers), and func_proto if one of its
 *     helpers has a prototype of its own;
 *  4. retval_range above if check_return_code checks its r0; direct_pkt
 *     and ld_abs if it has packet access; sockmap_update if it may
 *     change a sockmap (may_update_sockmap);
 *  5. ctx_layout if BPF_PROG_TEST_RUN builds a context the interpreter
 *     does not know yet: a new enum bc_ctx_layout (progtypes.h) and its
 *     case in src/interp/interp.c; action_name if r0 names an action;
 *  6. tests/tables/kload.h, to compare it with the live kernel.
 */
static const struct bc_prog_type_ops prog_types[] = {
	[BPF_PROG_TYPE_UNSPEC] = {
		.name = "unspec",
	},
	[BPF_PROG_TYPE_SOCKET_FILTER] = {
		.sockmap_update = BC_SOCKMAP_UPDATE,
		.name = "socket_filter",
		.sec_defs = SECS(EXACT("socket")),
		SK_BUFF,
		.is_valid_access = bc_sk_filter_is_valid_access,
		.has_func_proto = bc_sk_filter_has_func_proto,
		.ld_abs = true,
		.ctx_layout = BC_CTX_SK_BUFF,
		.kern_ctx = "sk_buff",
	},
	[BPF_PROG_TYPE_KPROBE] = {
		.name = "kprobe",
		.sec_defs = SECS(
			PLUS_AT("kprobe.multi", BPF_TRACE_KPROBE_MULTI),
			PLUS_AT("kretprobe.multi", BPF_TRACE_KPROBE_MULTI),
			PLUS("kprobe"), PLUS("kretprobe"),
			PLUS("uprobe.s"), PLUS("uprobe"),
			PLUS("uretprobe.s"), PLUS("uretprobe"),
			PLUS("ksyscall"), PLUS("kretsyscall"), PLUS("usdt")),
		.ctx_name = "struct pt_regs",
		.ctx_size = sizeof(bpf_user_pt_regs_t),
		.is_valid_access = bc_kprobe_prog_is_valid_access,
		.has_func_proto = bc_kprobe_prog_has_func_proto,
		.ctx_layout = BC_CTX_PT_REGS,
		.ctx_tag_ok = bc_ctx_tag_pt_regs,
		.kern_ctx = "pt_regs",
	},
	[BPF_PROG_TYPE_SCHED_CLS] = {
		.sockmap_update = BC_SOCKMAP_UPDATE,
		.name = "sched_cls",
		.sec_defs = SECS(EXACT("tc"), EXACT("classifier")),
		SK_BUFF,
		.is_valid_access = bc_tc_cls_act_is_valid_access,
		.has_func_proto = bc_tc_cls_act_has_func_proto,
		.func_proto = bc_skb_func_proto,
		.direct_pkt = BC_PKT_READ_WRITE,
		.ld_abs = true,
		.ctx_layout = BC_CTX_SK_BUFF_L2,
		.action_name = tc_action_name,
		.kern_ctx = "sk_buff",
	},
	[BPF_PROG_TYPE_SCHED_ACT] = {
		.sockmap_update = BC_SOCKMAP_UPDATE,
		.name = "sched_act",
		.sec_defs = SECS(EXACT("action")),
		SK_BUFF,
		.is_valid_access = bc_tc_cls_act_is_valid_access,
		.has_func_proto = bc_tc_cls_act_has_func_proto,
		.func_proto = bc_skb_func_proto,
		.direct_pkt = BC_PKT_READ_WRITE,
		.ld_abs = true,
		.ctx_layout = BC_CTX_SK_BUFF_L2,
		.action_name = tc_action_name,
		.kern_ctx = "sk_buff",
	},
	[BPF_PROG_TYPE_TRACEPOINT] = {
		.name = "tracepoint",
		.sec_defs = SECS(PLUS("tracepoint"), PLUS("tp")),
		.ctx_name = "tracepoint record",
		.ctx_size = BC_PERF_MAX_TRACE_SIZE,
		.is_valid_access = bc_tp_prog_is_valid_access,
		.has_func_proto = bc_tp_prog_has_func_proto,
		.ctx_tag_ok = bc_ctx_tag_any,
		.kern_ctx = "",
	},
	[BPF_PROG_TYPE_XDP] = {
		.sockmap_update = BC_SOCKMAP_UPDATE,
		.name = "xdp",
		.sec_defs = SECS(
			EXACT_AT("xdp.frags/devmap", BPF_XDP_DEVMAP),
			EXACT_AT("xdp/devmap", BPF_XDP_DEVMAP),
			EXACT_AT("xdp.frags/cpumap", BPF_XDP_CPUMAP),
			EXACT_AT("xdp/cpumap", BPF_XDP_CPUMAP),
			EXACT_AT("xdp.frags", BPF_XDP),
			EXACT_AT("xdp", BPF_XDP)),
		CTX(struct xdp_md),
		.is_valid_access = bc_xdp_is_valid_access,
		.has_func_proto = bc_xdp_has_func_proto,
		.direct_pkt = BC_PKT_READ_WRITE,
		.ctx_layout = BC_CTX_XDP_MD,
		.action_name = xdp_action_name,
		.kern_ctx = "xdp_buff",
	},
	[BPF_PROG_TYPE_PERF_EVENT] = {
		.name = "perf_event",
		.sec_defs = SECS(EXACT("perf_event")),
		CTX(struct bpf_perf_event_data),
		.is_valid_access = bc_pe_prog_is_valid_access,
		.has_func_proto = bc_pe_prog_has_func_proto,
		.ctx_layout = BC_CTX_PERF_EVENT,
		.ctx_tag_ok = bc_ctx_tag_pt_regs,
		.kern_ctx = "bpf_perf_event_data_kern",
	},
	[BPF_PROG_TYPE_CGROUP_SKB] = {
		.name = "cgroup_skb",
		.sec_defs = SECS(
			EXACT_AT("cgroup_skb/ingress", BPF_CGROUP_INET_INGRESS),
			EXACT_AT("cgroup_skb/egress", BPF_CGROUP_INET_EGRESS),
			EXACT("cgroup/skb")),
		SK_BUFF,
		.is_valid_access = bc_cg_skb_is_valid_access,
		.has_func_proto = bc_cg_skb_has_func_proto,
		.retval_range = cg_skb_retval,
		.direct_pkt = BC_PKT_READ,
		.ctx_layout = BC_CTX_SK_BUFF,
		.kern_ctx = "sk_buff",
	},
	[BPF_PROG_TYPE_CGROUP_SOCK] = {
		.name = "cgroup_sock",
		.sec_defs = SECS(
			EXACT_AT("cgroup/sock_create",
				 BPF_CGROUP_INET_SOCK_CREATE),
			EXACT_AT("cgroup/sock_release",
				 BPF_CGROUP_INET_SOCK_RELEASE),
			EXACT_AT("cgroup/sock", BPF_CGROUP_INET_SOCK_CREATE),
			EXACT_AT("cgroup/post_bind4", BPF_CGROUP_INET4_POST_BIND),
			EXACT_AT("cgroup/post_bind6",
				 BPF_CGROUP_INET6_POST_BIND)),
		CTX(struct bpf_sock),
		.is_valid_access = bc_cg_sock_is_valid_access,
		.has_func_proto = bc_cg_sock_has_func_proto,
		.func_proto = bc_cg_sock_func_proto,
		.retval_range = retval_0_1,
		.kern_ctx = "sock",
	},
	[BPF_PROG_TYPE_LWT_IN] = {
		.name = "lwt_in",
		.sec_defs = SECS(EXACT("lwt_in")),
		SK_BUFF,
		.is_valid_access = bc_lwt_is_valid_access,
		.has_func_proto = bc_lwt_in_has_func_proto,
		.func_proto = bc_skb_func_proto,
		.direct_pkt = BC_PKT_READ,
		.ctx_layout = BC_CTX_SK_BUFF,
		.kern_ctx = "sk_buff",
	},
	[BPF_PROG_TYPE_LWT_OUT] = {
		.name = "lwt_out",
		.sec_defs = SECS(EXACT("lwt_out")),
		SK_BUFF,
		.is_valid_access = bc_lwt_is_valid_access,
		.has_func_proto = bc_lwt_out_has_func_proto,
		.func_proto = bc_skb_func_proto,
		.direct_pkt = BC_PKT_READ,
		.ctx_layout = BC_CTX_SK_BUFF,
		.kern_ctx = "sk_buff",
	},
	[BPF_PROG_TYPE_LWT_XMIT] = {
		.name = "lwt_xmit",
		.sec_defs = SECS(EXACT("lwt_xmit")),
		SK_BUFF,
		.is_valid_access = bc_lwt_is_valid_access,
		.has_func_proto = bc_lwt_xmit_has_func_proto,
		.func_proto = bc_skb_func_proto,
		.direct_pkt = BC_PKT_READ_WRITE,
		.ctx_layout = BC_CTX_SK_BUFF,
		.kern_ctx = "sk_buff",
	},
	[BPF_PROG_TYPE_SOCK_OPS] = {
		.sockmap_update = BC_SOCKMAP_DELETE,
		.name = "sock_ops",
		.sec_defs = SECS(EXACT_AT("sockops", BPF_CGROUP_SOCK_OPS)),
		CTX(struct bpf_sock_ops),
		.is_valid_access = bc_sock_ops_is_valid_access,
		.has_func_proto = bc_sock_ops_has_func_proto,
		.retval_range = retval_0_1,
		.kern_ctx = "bpf_sock_ops_kern",
	},
	[BPF_PROG_TYPE_SK_SKB] = {
		.name = "sk_skb",
		.sec_defs = SECS(
			EXACT_AT("sk_skb/stream_parser",
				 BPF_SK_SKB_STREAM_PARSER),
			EXACT_AT("sk_skb/stream_verdict",
				 BPF_SK_SKB_STREAM_VERDICT),
			EXACT("sk_skb")),
		SK_BUFF,
		.is_valid_access = bc_sk_skb_is_valid_access,
		.has_func_proto = bc_sk_skb_has_func_proto,
		.direct_pkt = BC_PKT_READ_WRITE,
		.ctx_layout = BC_CTX_SK_BUFF,
		.kern_ctx = "sk_buff",
	},
	[BPF_PROG_TYPE_CGROUP_DEVICE] = {
		.name = "cgroup_device",
		.sec_defs = SECS(EXACT_AT("cgroup/dev", BPF_CGROUP_DEVICE)),
		CTX(struct bpf_cgroup_dev_ctx),
		.is_valid_access = bc_cgroup_dev_is_valid_access,
		.has_func_proto = bc_cgroup_dev_has_func_proto,
		.retval_range = retval_0_1,
		.kern_ctx = "bpf_cgroup_dev_ctx",
	},
	[BPF_PROG_TYPE_SK_MSG] = {
		.name = "sk_msg",
		.sec_defs = SECS(EXACT_AT("sk_msg", BPF_SK_MSG_VERDICT)),
		CTX(struct sk_msg_md),
		.is_valid_access = bc_sk_msg_is_valid_access,
		.has_func_proto = bc_sk_msg_has_func_proto,
		.direct_pkt = BC_PKT_READ_WRITE,
		.kern_ctx = "sk_msg",
	},
	[BPF_PROG_TYPE_RAW_TRACEPOINT] = {
		.name = "raw_tracepoint",
		.sec_defs = SECS(PLUS("raw_tracepoint"), PLUS("raw_tp")),
		.ctx_name = "struct bpf_raw_tracepoint_args",
		.ctx_size = 8 * BC_MAX_FUNC_ARGS,
		.is_valid_access = bc_raw_tp_prog_is_valid_access,
		.has_func_proto = bc_raw_tp_prog_has_func_proto,
		.ctx_tag_ok = bc_ctx_tag_raw_tp,
		.kern_ctx = "",
	},
	[BPF_PROG_TYPE_CGROUP_SOCK_ADDR] = {
		.name = "cgroup_sock_addr",
		.sec_defs = SECS(
			EXACT_AT("cgroup/bind4", BPF_CGROUP_INET4_BIND),
			EXACT_AT("cgroup/bind6", BPF_CGROUP_INET6_BIND),
			EXACT_AT("cgroup/connect4", BPF_CGROUP_INET4_CONNECT),
			EXACT_AT("cgroup/connect6", BPF_CGROUP_INET6_CONNECT),
			EXACT_AT("cgroup/sendmsg4", BPF_CGROUP_UDP4_SENDMSG),
			EXACT_AT("cgroup/sendmsg6", BPF_CGROUP_UDP6_SENDMSG),
			EXACT_AT("cgroup/recvmsg4", BPF_CGROUP_UDP4_RECVMSG),
			EXACT_AT("cgroup/recvmsg6", BPF_CGROUP_UDP6_RECVMSG),
			EXACT_AT("cgroup/getpeername4",
				 BPF_CGROUP_INET4_GETPEERNAME),
			EXACT_AT("cgroup/getpeername6",
				 BPF_CGROUP_INET6_GETPEERNAME),
			EXACT_AT("cgroup/getsockname4",
				 BPF_CGROUP_INET4_GETSOCKNAME),
			EXACT_AT("cgroup/getsockname6",
				 BPF_CGROUP_INET6_GETSOCKNAME),
			EXACT_AT("cgroup/connect_unix", BC_CGROUP_UNIX_CONNECT),
			EXACT_AT("cgroup/sendmsg_unix", BC_CGROUP_UNIX_SENDMSG),
			EXACT_AT("cgroup/recvmsg_unix", BC_CGROUP_UNIX_RECVMSG),
			EXACT_AT("cgroup/getpeername_unix",
				 BC_CGROUP_UNIX_GETPEERNAME),
			EXACT_AT("cgroup/getsockname_unix",
				 BC_CGROUP_UNIX_GETSOCKNAME)),
		CTX(struct bpf_sock_addr),
		.is_valid_access = bc_sock_addr_is_valid_access,
		.has_func_proto = bc_sock_addr_has_func_proto,
		.retval_range = sock_addr_retval,
		.kern_ctx = "bpf_sock_addr_kern",
	},
	[BPF_PROG_TYPE_LWT_SEG6LOCAL] = {
		.name = "lwt_seg6local",
		.sec_defs = SECS(EXACT("lwt_seg6local")),
		SK_BUFF,
		.is_valid_access = bc_lwt_is_valid_access,
		.has_func_proto = bc_lwt_seg6local_has_func_proto,
		.func_proto = bc_skb_func_proto,
		.direct_pkt = BC_PKT_READ,
		.ctx_layout = BC_CTX_SK_BUFF,
		.kern_ctx = "sk_buff",
	},
	[BPF_PROG_TYPE_LIRC_MODE2] = {
		.name = "lirc_mode2",
		.sec_defs = SECS(EXACT_AT("lirc_mode2", BPF_LIRC_MODE2)),
		.kern_ctx = "",
	},
	[BPF_PROG_TYPE_SK_REUSEPORT] = {
		.sockmap_update = BC_SOCKMAP_UPDATE,
		.name = "sk_reuseport",
		.sec_defs = SECS(
			EXACT_AT("sk_reuseport/migrate",
				 BPF_SK_REUSEPORT_SELECT_OR_MIGRATE),
			EXACT_AT("sk_reuseport", BPF_SK_REUSEPORT_SELECT)),
		CTX(struct sk_reuseport_md),
		.ctx_layout = BC_CTX_SK_REUSEPORT,
		.is_valid_access = bc_sk_reuseport_is_valid_access,
		.has_func_proto = bc_sk_reuseport_has_func_proto,
		.direct_pkt = BC_PKT_READ,
		.kern_ctx = "sk_reuseport_kern",
	},
	[BPF_PROG_TYPE_FLOW_DISSECTOR] = {
		.sockmap_update = BC_SOCKMAP_UPDATE,
		.name = "flow_dissector",
		.sec_defs = SECS(
			EXACT_AT("flow_dissector", BPF_FLOW_DISSECTOR)),
		SK_BUFF,
		.is_valid_access = bc_flow_dissector_is_valid_access,
		.has_func_proto = bc_flow_dissector_has_func_proto,
		.direct_pkt = BC_PKT_READ,
		.ctx_layout = BC_CTX_FLOW_DISSECTOR,
		.kern_ctx = "bpf_flow_dissector",
	},
	[BPF_PROG_TYPE_CGROUP_SYSCTL] = {
		.name = "cgroup_sysctl",
		.sec_defs = SECS(
			EXACT_AT("cgroup/sysctl", BPF_CGROUP_SYSCTL)),
		CTX(struct bpf_sysctl),
		.is_valid_access = bc_sysctl_is_valid_access,
		.has_func_proto = bc_sysctl_has_func_proto,
		.retval_range = retval_0_1,
		.kern_ctx = "bpf_sysctl_kern",
	},
	[BPF_PROG_TYPE_RAW_TRACEPOINT_WRITABLE] = {
		.name = "raw_tracepoint_writable",
		.sec_defs = SECS(PLUS("raw_tracepoint.w"), PLUS("raw_tp.w")),
		.has_func_proto = bc_raw_tp_prog_has_func_proto,
		.ctx_tag_ok = bc_ctx_tag_raw_tp,
		.kern_ctx = "",
	},
	[BPF_PROG_TYPE_CGROUP_SOCKOPT] = {
		.name = "cgroup_sockopt",
		.sec_defs = SECS(
			EXACT_AT("cgroup/getsockopt", BPF_CGROUP_GETSOCKOPT),
			EXACT_AT("cgroup/setsockopt", BPF_CGROUP_SETSOCKOPT)),
		CTX(struct bpf_sockopt),
		.is_valid_access = bc_cg_sockopt_is_valid_access,
		.has_func_proto = bc_cg_sockopt_has_func_proto,
		.retval_range = retval_0_1,
		.direct_pkt = BC_PKT_READ_WRITE,
		.kern_ctx = "bpf_sockopt_kern",
	},
	[BPF_PROG_TYPE_TRACING] = {
		.sockmap_update = BC_SOCKMAP_ITER,
		.name = "tracing",
		.sec_defs = SECS(
			PLUS_AT("tp_btf", BPF_TRACE_RAW_TP),
			PLUS_AT("fentry.s", BPF_TRACE_FENTRY),
			PLUS_AT("fentry", BPF_TRACE_FENTRY),
			PLUS_AT("fmod_ret.s", BPF_MODIFY_RETURN),
			PLUS_AT("fmod_ret", BPF_MODIFY_RETURN),
			PLUS_AT("fexit.s", BPF_TRACE_FEXIT),
			PLUS_AT("fexit", BPF_TRACE_FEXIT),
			PLUS_AT("iter.s", BPF_TRACE_ITER),
			PLUS_AT("iter", BPF_TRACE_ITER)),
		.ctx_name = "u64 args[]",
		.ctx_size = 8 * BC_MAX_FUNC_ARGS,
		.is_valid_access = bc_tracing_prog_is_valid_access,
		.has_func_proto = bc_tracing_prog_has_func_proto,
		.func_proto = bc_tracing_func_proto,
		.retval_range = tracing_retval,
		.ctx_tag_ok = bc_ctx_tag_tracing,
		.kern_ctx = "",
	},
	[BPF_PROG_TYPE_STRUCT_OPS] = {
		.name = "struct_ops",
		.sec_defs = SECS(PLUS("struct_ops.s"), PLUS("struct_ops")),
		.ctx_name = "u64 args[]",
		.ctx_size = 8 * BC_MAX_FUNC_ARGS,
		.is_valid_access = bc_tracing_prog_is_valid_access,
		.has_func_proto = bc_st_ops_has_func_proto,
		.func_proto = bc_st_ops_func_proto,
		.ctx_tag_ok = bc_ctx_tag_u64,
		.kern_ctx = "",
	},
	[BPF_PROG_TYPE_EXT] = {
		.name = "ext",
		.sec_defs = SECS(PLUS("freplace")),
		.has_func_proto = bc_btf_target_has_func_proto,
		.ctx_tag_ok = bc_ctx_tag_any,
		.kern_ctx = "",
	},
	[BPF_PROG_TYPE_LSM] = {
		.name = "lsm",
		.sec_defs = SECS(
			PLUS_AT("lsm_cgroup", BPF_LSM_CGROUP),
			PLUS_AT("lsm.s", BPF_LSM_MAC),
			PLUS_AT("lsm", BPF_LSM_MAC)),
		.ctx_name = "u64 args[]",
		.ctx_size = 8 * BC_MAX_FUNC_ARGS,
		.is_valid_access = bc_tracing_prog_is_valid_access,
		.has_func_proto = bc_lsm_has_func_proto,
		.func_proto = bc_tracing_func_proto,
		.retval_range = lsm_retval,
		.ctx_tag_ok = bc_ctx_tag_u64,
		.kern_ctx = "",
	},
	[BPF_PROG_TYPE_SK_LOOKUP] = {
		.sockmap_update = BC_SOCKMAP_UPDATE,
		.name = "sk_lookup",
		.sec_defs = SECS(EXACT_AT("sk_lookup", BPF_SK_LOOKUP)),
		CTX(struct bpf_sk_lookup),
		.is_valid_access = bc_sk_lookup_is_valid_access,
		.has_func_proto = bc_sk_lookup_has_func_proto,
		.func_proto = bc_sk_lookup_func_proto,
		.retval_range = retval_0_1,
		.kern_ctx = "bpf_sk_lookup_kern",
	},
	[BPF_PROG_TYPE_SYSCALL] = {
		.name = "syscall",
		.sec_defs = SECS(EXACT("syscall")),
		.ctx_tag_ok = bc_ctx_tag_any,
		.kern_ctx = "",
	},
	/* its context (struct bpf_nf_ctx) holds BTF-typed pointers only,
	 * which bpfcheck does not type yet: no context access */
	[BC_PROG_TYPE_NETFILTER] = {
		.name = "netfilter",
		.sec_defs = SECS(EXACT("netfilter")),
		.retval_range = retval_0_1,	/* NF_DROP, NF_ACCEPT */
	},
};

#undef SECS
#undef EXACT
#undef EXACT_AT
#undef PLUS
#undef PLUS_AT
#undef CTX
#undef SK_BUFF

/* Types newer than the table: no context, base helpers, nothing else. */
static const struct bc_prog_type_ops unknown_type;

const struct bc_prog_type_ops *bc_prog_type_ops(uint32_t prog_type)
{
	if (prog_type < BC_ARRAY_SIZE(prog_types))
		return &prog_types[prog_type];
	return &unknown_type;
}

const char *bc_progtype_action_name(uint32_t type, uint64_t r0)
{
	const struct bc_prog_type_ops *ops = bc_prog_type_ops(type);

	return ops->action_name ? ops->action_name(r0) : NULL;
}

/* ---- names ---- */

static bool def_matches(const struct bc_sec_def *d, const char *sec,
			bool sloppy)
{
	size_t n = strlen(d->name);

	if (sloppy)
		return strncmp(sec, d->name, n) == 0;
	switch (d->match) {
	case BC_SEC_PLUS:
		return strncmp(sec, d->name, n) == 0 &&
		       (sec[n] == '\0' || sec[n] == '/');
	case BC_SEC_SLASH:
		return strncmp(sec, d->name, n) == 0 && sec[n] == '/';
	default: return strcmp(sec, d->name) == 0;
	}
}

/*
 * The longest section name that matches: of two matching names one is a
 * prefix of the other, and libbpf lists the longer first.
 */
static const struct bc_sec_def *find_def(const char *sec, bool sloppy,
					 uint32_t *type)
{
	const struct bc_sec_def *best = NULL, *d;
	uint32_t t;

	for (t = 0; t < BC_ARRAY_SIZE(prog_types); t++) {
		for (d = prog_types[t].sec_defs; d && d->name; d++) {
			if (!def_matches(d, sec, sloppy) ||
			    (best && strlen(d->name) <= strlen(best->name)))
				continue;
			best = d;
			*type = t;
		}
	}
	return best;
}

bool bc_progtype_from_section(const char *sec, uint32_t *type, uint32_t *attach,
			      bool *attach_set)
{
	const struct bc_sec_def *d;

	/* libbpf: a leading '?' only turns autoload off */
	if (sec[0] == '?')
		sec++;
	d = find_def(sec, false, type);

	if (!d)
		d = find_def(sec, true, type);
	if (!d)
		*type = BPF_PROG_TYPE_UNSPEC;
	*attach = d ? d->attach : 0;
	*attach_set = d ? d->attach_set : false;
	return d != NULL;
}

/* Type names are the table's, or libbpf's for types newer than it. */
static bool type_from_name(const char *name, uint32_t *type)
{
	const char *s;
	uint32_t t;

	for (t = 1; t < BC_ARRAY_SIZE(prog_types); t++) {
		if (prog_types[t].name && !strcmp(prog_types[t].name, name)) {
			*type = t;
			return true;
		}
	}
	for (; (s = libbpf_bpf_prog_type_str(t)) != NULL; t++) {
		if (!strcmp(s, name)) {
			*type = t;
			return true;
		}
	}
	return false;
}

bool bc_progtype_parse(const char *name, uint32_t *type, uint32_t *attach,
		       bool *attach_set)
{
	const struct bc_sec_def *d;
	uint32_t t;

	*attach = 0;
	*attach_set = false;
	if (type_from_name(name, type))
		return true;
	/* A section-style name: exact libbpf spelling only, no prefixes. */
	d = find_def(name, false, &t);
	if (!d)
		return false;
	*type = t;
	*attach = d->attach;
	*attach_set = d->attach_set;
	return true;
}

bool bc_progtype_spell(uint32_t type, uint32_t attach, bool attach_set,
		       char *buf, size_t len)
{
	const struct bc_sec_def *d = bc_prog_type_ops(type)->sec_defs;

	for (; d && d->name; d++) {
		uint32_t t, a;
		bool aset;

		if (d->attach_set != attach_set ||
		    (attach_set && d->attach != attach))
			continue;
		/* "iter/" style names need something after the slash */
		snprintf(buf, len, "%s%s", d->name,
			 d->match == BC_SEC_SLASH ? "/x" : "");
		if (bc_progtype_parse(buf, &t, &a, &aset) && t == type &&
		    aset == attach_set && (!aset || a == attach))
			return true;
	}
	return false;
}

const char *bc_progtype_target(const char *section)
{
	const char *slash = section ? strchr(section, '/') : NULL;

	return slash && slash[1] ? slash + 1 : NULL;
}

const char *bc_progtype_name(uint32_t type)
{
	const char *s = bc_prog_type_ops(type)->name;

	if (!s)
		s = libbpf_bpf_prog_type_str(type);
	return s ? s : "unknown";
}

/* Linux's is_net_admin_prog_type and is_perfmon_prog_type. */
const char *bc_progtype_load_cap(uint32_t type)
{
	static const uint32_t net_admin[] = {
		BPF_PROG_TYPE_SCHED_CLS,
		BPF_PROG_TYPE_SCHED_ACT,
		BPF_PROG_TYPE_XDP,
		BPF_PROG_TYPE_LWT_IN,
		BPF_PROG_TYPE_LWT_OUT,
		BPF_PROG_TYPE_LWT_XMIT,
		BPF_PROG_TYPE_LWT_SEG6LOCAL,
		BPF_PROG_TYPE_SK_SKB,
		BPF_PROG_TYPE_SK_MSG,
		BPF_PROG_TYPE_FLOW_DISSECTOR,
		BPF_PROG_TYPE_CGROUP_DEVICE,
		BPF_PROG_TYPE_CGROUP_SOCK,
		BPF_PROG_TYPE_CGROUP_SOCK_ADDR,
		BPF_PROG_TYPE_CGROUP_SOCKOPT,
		BPF_PROG_TYPE_CGROUP_SYSCTL,
		BPF_PROG_TYPE_SOCK_OPS,
		BC_PROG_TYPE_NETFILTER,
	};
	static const uint32_t perfmon[] = {
		BPF_PROG_TYPE_KPROBE,
		BPF_PROG_TYPE_TRACEPOINT,
		BPF_PROG_TYPE_PERF_EVENT,
		BPF_PROG_TYPE_RAW_TRACEPOINT,
		BPF_PROG_TYPE_RAW_TRACEPOINT_WRITABLE,
		BPF_PROG_TYPE_TRACING,
		BPF_PROG_TYPE_LSM,
		BPF_PROG_TYPE_STRUCT_OPS,
	};

	/* an extension program replaces any: it wants both */
	if (type == BPF_PROG_TYPE_EXT)
		return "CAP_NET_ADMIN and CAP_PERFMON";
	for (size_t i = 0; i < sizeof(net_admin) / sizeof(net_admin[0]); i++)
		if (net_admin[i] == type)
			return "CAP_NET_ADMIN";
	for (size_t i = 0; i < sizeof(perfmon) / sizeof(perfmon[0]); i++)
		if (perfmon[i] == type)
			return "CAP_PERFMON";
	return NULL;
}
