/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Unit tests of the helper prototype table, helper sets and contexts. */
#include <linux/bpf.h>
#include <linux/bpf_perf_event.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "platform/ctx.h"
#include "platform/helpers.h"

static int fails, checks;

#define CHECK(cond)                                                            \
	do {                                                                   \
		checks++;                                                      \
		if (!(cond)) {                                                 \
			fails++;                                               \
			printf("%s:%d: FAIL %s\n", __FILE__, __LINE__, #cond); \
		}                                                              \
	} while (0)

static void protos(void)
{
	const struct bc_helper_proto *p;

	p = bc_helper_proto(BPF_FUNC_map_lookup_elem);
	CHECK(p && !strcmp(p->name, "bpf_map_lookup_elem"));
	CHECK(p && p->id == BPF_FUNC_map_lookup_elem);
	CHECK(p && p->ret == BC_RET_MAP_VALUE_OR_NULL);
	CHECK(p && p->args[0] == BC_ARG_CONST_MAP_PTR);
	CHECK(p && p->args[1] == BC_ARG_PTR_TO_MAP_KEY);
	CHECK(p && p->args[2] == BC_ARG_NONE);
	CHECK(p && (p->flags & BC_HF_PKT_ACCESS) && p->cb_arg == -1);

	p = bc_helper_proto(BPF_FUNC_map_update_elem);
	CHECK(p && p->args[2] == BC_ARG_PTR_TO_MAP_VALUE &&
	      p->args[3] == BC_ARG_ANYTHING && p->ret == BC_RET_INTEGER);

	p = bc_helper_proto(BPF_FUNC_ringbuf_reserve);
	CHECK(p && p->ret == BC_RET_ALLOC_MEM_OR_NULL);
	CHECK(p && p->args[1] == BC_ARG_CONST_ALLOC_SIZE_OR_ZERO);
	CHECK(p && (p->flags & BC_HF_ACQUIRE));
	p = bc_helper_proto(BPF_FUNC_ringbuf_submit);
	CHECK(p && p->args[0] == BC_ARG_PTR_TO_ALLOC_MEM &&
	      (p->flags & BC_HF_RELEASE) && p->ret == BC_RET_VOID);

	p = bc_helper_proto(BPF_FUNC_loop);
	CHECK(p && (p->flags & BC_HF_CALLBACK) && p->cb_arg == 1);
	CHECK(p && p->args[1] == BC_ARG_PTR_TO_FUNC);
	CHECK(p && p->args[2] == BC_ARG_PTR_TO_STACK_OR_NULL);
	CHECK(p && p->cb_args[0] == BC_ARG_SCALAR &&
	      p->cb_args[1] == BC_ARG_PTR_TO_STACK_OR_NULL &&
	      p->cb_args[2] == BC_ARG_NONE);

	p = bc_helper_proto(BPF_FUNC_for_each_map_elem);
	CHECK(p && p->cb_arg == 1 && p->cb_args[0] == BC_ARG_CONST_MAP_PTR &&
	      p->cb_args[1] == BC_ARG_PTR_TO_MAP_KEY &&
	      p->cb_args[2] == BC_ARG_PTR_TO_MAP_VALUE &&
	      p->cb_args[3] == BC_ARG_PTR_TO_STACK_OR_NULL);

	p = bc_helper_proto(BPF_FUNC_timer_set_callback);
	CHECK(p && p->cb_arg == 1 && p->args[0] == BC_ARG_PTR_TO_TIMER &&
	      p->cb_args[2] == BC_ARG_PTR_TO_MAP_VALUE);
	CHECK(p && p->cb_ret_min == 0 && p->cb_ret_max == 0);
	p = bc_helper_proto(BPF_FUNC_loop);
	CHECK(p && p->cb_ret_min == 0 && p->cb_ret_max == 1);

	p = bc_helper_proto(BPF_FUNC_trace_printk);
	CHECK(p && BC_ARG_KIND(p->args[0]) == BC_ARG_PTR_TO_MEM &&
	      (p->args[0] & BC_ARG_RDONLY) && p->args[1] == BC_ARG_CONST_SIZE &&
	      (p->flags & BC_HF_GPL_ONLY));

	p = bc_helper_proto(BPF_FUNC_probe_read_kernel);
	CHECK(p && p->args[0] == BC_ARG_PTR_TO_UNINIT_MEM &&
	      p->args[1] == BC_ARG_CONST_SIZE_OR_ZERO);

	p = bc_helper_proto(BPF_FUNC_csum_diff);
	CHECK(p && (p->args[0] & BC_ARG_OR_NULL) &&
	      BC_ARG_KIND(p->args[2]) == BC_ARG_PTR_TO_MEM);

	p = bc_helper_proto(BPF_FUNC_xdp_adjust_head);
	CHECK(p && (p->flags & BC_HF_CHANGES_PKT));
	p = bc_helper_proto(BPF_FUNC_skb_load_bytes);
	CHECK(p && !(p->flags & BC_HF_CHANGES_PKT));
	p = bc_helper_proto(BPF_FUNC_tail_call);
	CHECK(p && (p->flags & BC_HF_TAIL_CALL) &&
	      p->args[0] == BC_ARG_PTR_TO_CTX);

	p = bc_helper_proto(BPF_FUNC_sk_lookup_tcp);
	CHECK(p && p->ret == BC_RET_SOCKET_OR_NULL &&
	      (p->flags & BC_HF_ACQUIRE));
	p = bc_helper_proto(BPF_FUNC_sk_fullsock);
	CHECK(p && p->ret == BC_RET_SOCKET_OR_NULL &&
	      !(p->flags & BC_HF_ACQUIRE));
	p = bc_helper_proto(BPF_FUNC_sk_release);
	CHECK(p && (p->flags & BC_HF_RELEASE));

	p = bc_helper_proto_for(BPF_FUNC_get_cgroup_classid,
				BPF_PROG_TYPE_SCHED_CLS, 0);
	CHECK(p && p->args[0] == BC_ARG_PTR_TO_CTX);
	p = bc_helper_proto_for(BPF_FUNC_get_cgroup_classid,
				BPF_PROG_TYPE_KPROBE, 0);
	CHECK(p && p->args[0] == BC_ARG_NONE);
	p = bc_helper_proto_for(BPF_FUNC_sk_storage_get,
				BPF_PROG_TYPE_CGROUP_SOCK, 0);
	CHECK(p && p->args[1] == BC_ARG_PTR_TO_CTX);
	p = bc_helper_proto_for(BPF_FUNC_sk_storage_get,
				BPF_PROG_TYPE_SCHED_CLS, 0);
	CHECK(p && p->args[1] == BC_ARG_PTR_TO_SOCK_COMMON);
	p = bc_helper_proto_for(BPF_FUNC_map_lookup_elem, BPF_PROG_TYPE_XDP, 0);
	CHECK(p == bc_helper_proto(BPF_FUNC_map_lookup_elem));

	CHECK(bc_helper_proto(0) == NULL);
	CHECK(bc_helper_proto(-1) == NULL);
	CHECK(bc_helper_proto(100000) == NULL);
}

static void allowed(void)
{
	const char *why = NULL;

	CHECK(bc_helper_allowed(BPF_FUNC_map_lookup_elem,
				BPF_PROG_TYPE_SOCKET_FILTER, 0, false, &why));
	CHECK(bc_helper_allowed(BPF_FUNC_probe_read, BPF_PROG_TYPE_KPROBE, 0,
				true, &why));
	CHECK(!bc_helper_allowed(BPF_FUNC_probe_read,
				 BPF_PROG_TYPE_SOCKET_FILTER, 0, true, &why));
	CHECK(!strcmp(why, "program of this type cannot use helper "
			   "bpf_probe_read#4"));
	CHECK(!bc_helper_allowed(123456, BPF_PROG_TYPE_XDP, 0, true, &why));
	CHECK(!strcmp(why, "invalid func unknown#123456"));
	CHECK(!bc_helper_allowed(-1, BPF_PROG_TYPE_XDP, 0, true, &why));
	CHECK(!strcmp(why, "invalid func unknown#-1"));

	/* privilege: trace_printk needs CAP_PERFMON, spin_lock CAP_BPF */
	CHECK(bc_helper_allowed(BPF_FUNC_trace_printk,
				BPF_PROG_TYPE_SOCKET_FILTER, 0, true, &why));
	CHECK(!bc_helper_allowed(BPF_FUNC_trace_printk,
				 BPF_PROG_TYPE_SOCKET_FILTER, 0, false, &why));
	CHECK(!strcmp(why, "program of this type cannot use helper "
			   "bpf_trace_printk#6"));
	CHECK(!bc_helper_allowed(BPF_FUNC_spin_lock, BPF_PROG_TYPE_CGROUP_SKB,
				 0, false, &why));
	CHECK(bc_helper_allowed(BPF_FUNC_get_prandom_u32,
				BPF_PROG_TYPE_CGROUP_SKB, 0, false, &why));

	/* per-type sets */
	CHECK(bc_helper_allowed(BPF_FUNC_xdp_adjust_head, BPF_PROG_TYPE_XDP, 0,
				true, &why));
	CHECK(!bc_helper_allowed(BPF_FUNC_xdp_adjust_head,
				 BPF_PROG_TYPE_SCHED_CLS, 0, true, &why));
	CHECK(!strcmp(why, "program of this type cannot use helper "
			   "bpf_xdp_adjust_head#44"));
	CHECK(bc_helper_allowed(BPF_FUNC_skb_store_bytes,
				BPF_PROG_TYPE_SCHED_CLS, 0, true, &why));
	CHECK(!bc_helper_allowed(BPF_FUNC_skb_store_bytes,
				 BPF_PROG_TYPE_SOCKET_FILTER, 0, true, &why));
	CHECK(!bc_helper_allowed(BPF_FUNC_skb_load_bytes, BPF_PROG_TYPE_XDP, 0,
				 true, &why));
	CHECK(!strcmp(why, "program of this type cannot use helper "
			   "bpf_skb_load_bytes#26"));
	CHECK(bc_helper_allowed(BPF_FUNC_override_return, BPF_PROG_TYPE_KPROBE,
				0, true, &why));
	CHECK(!bc_helper_allowed(BPF_FUNC_override_return,
				 BPF_PROG_TYPE_TRACEPOINT, 0, true, &why));
	CHECK(bc_helper_allowed(BPF_FUNC_msg_redirect_map, BPF_PROG_TYPE_SK_MSG,
				0, true, &why));
	CHECK(!bc_helper_allowed(BPF_FUNC_sk_redirect_map, BPF_PROG_TYPE_SK_MSG,
				 0, true, &why));
	CHECK(bc_helper_allowed(BPF_FUNC_bind, BPF_PROG_TYPE_CGROUP_SOCK_ADDR,
				BPF_CGROUP_INET4_CONNECT, true, &why));
	CHECK(!bc_helper_allowed(BPF_FUNC_bind, BPF_PROG_TYPE_CGROUP_SOCK_ADDR,
				 BPF_CGROUP_INET4_BIND, true, &why));
	CHECK(bc_helper_allowed(BPF_FUNC_setsockopt,
				BPF_PROG_TYPE_CGROUP_SOCKOPT,
				BPF_CGROUP_SETSOCKOPT, true, &why));
	CHECK(!bc_helper_allowed(BPF_FUNC_setsockopt,
				 BPF_PROG_TYPE_CGROUP_SOCKOPT,
				 BPF_CGROUP_GETSOCKOPT, true, &why));
	CHECK(bc_helper_allowed(BPF_FUNC_sysctl_get_name,
				BPF_PROG_TYPE_CGROUP_SYSCTL, 0, true, &why));
	CHECK(bc_helper_allowed(BPF_FUNC_loop, BPF_PROG_TYPE_SOCKET_FILTER, 0,
				false, &why));
	CHECK(bc_helper_allowed(BPF_FUNC_get_stackid, BPF_PROG_TYPE_PERF_EVENT,
				0, true, &why));
	CHECK(!bc_helper_allowed(BPF_FUNC_copy_from_user, BPF_PROG_TYPE_KPROBE,
				 0, true, &why));
	CHECK(!strcmp(why, "helper call might sleep in a non-sleepable prog"));
	CHECK(!bc_helper_allowed(0, BPF_PROG_TYPE_XDP, 0, true, &why));
	CHECK(!strcmp(why, "program of this type cannot use helper "
			   "bpf_unspec#0"));
	/* BTF-attached tracing */
	CHECK(bc_helper_allowed(BPF_FUNC_get_func_ret, BPF_PROG_TYPE_TRACING,
				BPF_TRACE_FEXIT, true, &why));
	CHECK(!bc_helper_allowed(BPF_FUNC_get_func_ret, BPF_PROG_TYPE_TRACING,
				 BPF_TRACE_FENTRY, true, &why));
	CHECK(bc_helper_allowed(BPF_FUNC_seq_printf, BPF_PROG_TYPE_TRACING,
				BPF_TRACE_ITER, true, &why));
	CHECK(!bc_helper_allowed(BPF_FUNC_seq_printf, BPF_PROG_TYPE_TRACING,
				 BPF_TRACE_RAW_TP, true, &why));
	CHECK(bc_helper_allowed(BPF_FUNC_inode_storage_get, BPF_PROG_TYPE_LSM,
				BPF_LSM_MAC, true, &why));
	CHECK(!bc_helper_allowed(BPF_FUNC_inode_storage_get,
				 BPF_PROG_TYPE_KPROBE, 0, true, &why));
	/* known to Linux, no prototype in bpfcheck */
	CHECK(!bc_helper_allowed(BPF_FUNC_kptr_xchg, BPF_PROG_TYPE_XDP, 0, true,
				 &why));
	CHECK(!strcmp(why, "helper bpf_kptr_xchg#194 is not supported by "
			   "bpfcheck"));
}

static bool ctx(uint32_t t, uint32_t at, int off, int size, bool w,
		struct bc_ctx_access *a)
{
	return bc_ctx_check(t, at, true, off, size, w, a);
}

static void contexts(void)
{
	struct bc_ctx_access a;
	const uint32_t XDP = BPF_PROG_TYPE_XDP, TC = BPF_PROG_TYPE_SCHED_CLS;
	const uint32_t SF = BPF_PROG_TYPE_SOCKET_FILTER;
	int off;

	CHECK(ctx(XDP, 0, 0, 4, false, &a) && a.kind == BC_CTXF_PKT);
	CHECK(ctx(XDP, 0, 4, 4, false, &a) && a.kind == BC_CTXF_PKT_END);
	CHECK(ctx(XDP, 0, 8, 4, false, &a) && a.kind == BC_CTXF_PKT_META);
	CHECK(!ctx(XDP, 0, 0, 8, false, &a));
	CHECK(!ctx(XDP, 0, 0, 4, true, &a));
	CHECK(!ctx(XDP, 0, 2, 2, false, &a));
	CHECK(ctx(XDP, 0, 12, 4, false, &a) && a.kind == BC_CTXF_SCALAR &&
	      a.umax == 0xffffffffu);
	CHECK(!ctx(XDP, 0, 20, 4, false, &a)); /* egress_ifindex */
	CHECK(ctx(XDP, BPF_XDP_DEVMAP, 20, 4, false, &a));
	CHECK(!ctx(XDP, 0, 24, 4, false, &a));
	CHECK(!ctx(XDP, 0, -4, 4, false, &a));

	off = offsetof(struct __sk_buff, mark);
	CHECK(ctx(TC, 0, off, 4, true, &a));
	CHECK(!ctx(SF, 0, off, 4, true, &a));
	CHECK(ctx(SF, 0, off, 4, false, &a));
	CHECK(!ctx(TC, 0, off, 2, true, &a)); /* writes are 4 bytes */
	off = offsetof(struct __sk_buff, cb[2]);
	CHECK(ctx(SF, 0, off, 4, true, &a));
	CHECK(ctx(SF, 0, off, 8, false, &a));
	CHECK(!ctx(SF, 0, offsetof(struct __sk_buff, cb[4]), 8, false, &a));
	off = offsetof(struct __sk_buff, protocol);
	CHECK(ctx(SF, 0, off, 2, false, &a) && a.kind == BC_CTXF_SCALAR &&
	      a.umax == 0xffff);
	CHECK(ctx(SF, 0, off + 1, 1, false, &a) && a.umax == 0xff);
	CHECK(!ctx(SF, 0, off + 1, 2, false, &a)); /* misaligned */
	CHECK(!ctx(SF, 0, off, 8, false, &a));
	off = offsetof(struct __sk_buff, data);
	CHECK(ctx(TC, 0, off, 4, false, &a) && a.kind == BC_CTXF_PKT);
	CHECK(!ctx(TC, 0, off, 2, false, &a));
	CHECK(!ctx(SF, 0, off, 4, false, &a)); /* no direct access */
	CHECK(!ctx(TC, 0, off, 4, true, &a));
	CHECK(ctx(TC, 0, offsetof(struct __sk_buff, data_meta), 4, false, &a) &&
	      a.kind == BC_CTXF_PKT_META);
	CHECK(ctx(TC, 0, offsetof(struct __sk_buff, sk), 8, false, &a) &&
	      a.kind == BC_CTXF_SOCK_COMMON_OR_NULL);
	CHECK(!ctx(TC, 0, sizeof(struct __sk_buff), 4, false, &a));
	CHECK(ctx(BPF_PROG_TYPE_FLOW_DISSECTOR, 0,
		  offsetof(struct __sk_buff, flow_keys), 8, false, &a) &&
	      a.kind == BC_CTXF_FLOW_KEYS);
	CHECK(!ctx(BPF_PROG_TYPE_FLOW_DISSECTOR, 0,
		   offsetof(struct __sk_buff, mark), 4, false, &a));
	/* cgroup skb data needs CAP_BPF */
	off = offsetof(struct __sk_buff, data);
	CHECK(bc_ctx_check(BPF_PROG_TYPE_CGROUP_SKB, 0, true, off, 4, false,
			   &a));
	CHECK(!bc_ctx_check(BPF_PROG_TYPE_CGROUP_SKB, 0, false, off, 4, false,
			    &a));

	/* kprobe: pt_regs read only */
	CHECK(ctx(BPF_PROG_TYPE_KPROBE, 0, 112, 8, false, &a) &&
	      a.umax == UINT64_MAX);
	CHECK(ctx(BPF_PROG_TYPE_KPROBE, 0, 112, 4, false, &a));
	CHECK(!ctx(BPF_PROG_TYPE_KPROBE, 0, 112, 8, true, &a));
	CHECK(!ctx(BPF_PROG_TYPE_KPROBE, 0, 168, 8, false, &a));
	CHECK(!ctx(BPF_PROG_TYPE_KPROBE, 0, 4, 8, false, &a));
	/* tracepoint and raw tracepoint */
	CHECK(!ctx(BPF_PROG_TYPE_TRACEPOINT, 0, 0, 8, false, &a));
	CHECK(ctx(BPF_PROG_TYPE_TRACEPOINT, 0, 8, 8, false, &a));
	CHECK(ctx(BPF_PROG_TYPE_TRACEPOINT, 0, 8184, 8, false, &a));
	CHECK(!ctx(BPF_PROG_TYPE_TRACEPOINT, 0, 8192, 8, false, &a));
	CHECK(ctx(BPF_PROG_TYPE_RAW_TRACEPOINT, 0, 88, 8, false, &a));
	CHECK(!ctx(BPF_PROG_TYPE_RAW_TRACEPOINT, 0, 96, 8, false, &a));
	CHECK(!ctx(BPF_PROG_TYPE_RAW_TRACEPOINT, 0, 0, 8, true, &a));
	/* perf event: regs 8-byte only, sample_period narrow */
	CHECK(!ctx(BPF_PROG_TYPE_PERF_EVENT, 0, 0, 4, false, &a));
	CHECK(ctx(BPF_PROG_TYPE_PERF_EVENT, 0,
		  offsetof(struct bpf_perf_event_data, sample_period), 4, false,
		  &a));

	/* sock_addr: user_ip4 only for IPv4 attach types, narrow reads */
	off = offsetof(struct bpf_sock_addr, user_ip4);
	CHECK(ctx(BPF_PROG_TYPE_CGROUP_SOCK_ADDR, BPF_CGROUP_INET4_CONNECT, off,
		  4, true, &a));
	CHECK(ctx(BPF_PROG_TYPE_CGROUP_SOCK_ADDR, BPF_CGROUP_INET4_CONNECT,
		  off + 1, 1, false, &a));
	CHECK(!ctx(BPF_PROG_TYPE_CGROUP_SOCK_ADDR, BPF_CGROUP_INET6_CONNECT,
		   off, 4, false, &a));
	off = offsetof(struct bpf_sock_addr, user_ip6[2]);
	CHECK(ctx(BPF_PROG_TYPE_CGROUP_SOCK_ADDR, BPF_CGROUP_INET6_CONNECT, off,
		  8, true, &a));
	CHECK(ctx(BPF_PROG_TYPE_CGROUP_SOCK_ADDR, BPF_CGROUP_INET6_CONNECT,
		  offsetof(struct bpf_sock_addr, sk), 8, false, &a) &&
	      a.kind == BC_CTXF_SOCK);
	/* cgroup sock: mark writable only at socket creation */
	off = offsetof(struct bpf_sock, mark);
	CHECK(ctx(BPF_PROG_TYPE_CGROUP_SOCK, BPF_CGROUP_INET_SOCK_CREATE, off,
		  4, true, &a));
	CHECK(!ctx(BPF_PROG_TYPE_CGROUP_SOCK, BPF_CGROUP_INET4_POST_BIND, off,
		   4, true, &a));
	/* sock_ops: reply writable, sk is sock-or-null */
	CHECK(ctx(BPF_PROG_TYPE_SOCK_OPS, 0,
		  offsetof(struct bpf_sock_ops, reply), 4, true, &a));
	CHECK(!ctx(BPF_PROG_TYPE_SOCK_OPS, 0, offsetof(struct bpf_sock_ops, op),
		   4, true, &a));
	CHECK(ctx(BPF_PROG_TYPE_SOCK_OPS, 0, offsetof(struct bpf_sock_ops, sk),
		  8, false, &a) &&
	      a.kind == BC_CTXF_SOCK_OR_NULL);
	/* sk_msg: data is an 8-byte pointer */
	CHECK(ctx(BPF_PROG_TYPE_SK_MSG, 0, 0, 8, false, &a) &&
	      a.kind == BC_CTXF_PKT);
	CHECK(!ctx(BPF_PROG_TYPE_SK_MSG, 0, 0, 4, false, &a));
	/* sockopt: retval writable for getsockopt only */
	off = offsetof(struct bpf_sockopt, retval);
	CHECK(ctx(BPF_PROG_TYPE_CGROUP_SOCKOPT, BPF_CGROUP_GETSOCKOPT, off, 4,
		  true, &a));
	CHECK(!ctx(BPF_PROG_TYPE_CGROUP_SOCKOPT, BPF_CGROUP_SETSOCKOPT, off, 4,
		   true, &a));
	CHECK(!ctx(BPF_PROG_TYPE_CGROUP_DEVICE, 0, 0, 4, true, &a));
	CHECK(ctx(BPF_PROG_TYPE_CGROUP_DEVICE, 0, 0, 2, false, &a));
	CHECK(!ctx(BPF_PROG_TYPE_CGROUP_DEVICE, 0, 4, 2, false, &a));

	/* sk_lookup: read only, remote_port 2 or 4 bytes */
	CHECK(ctx(BPF_PROG_TYPE_SK_LOOKUP, BPF_SK_LOOKUP, 0, 8, false, &a) &&
	      a.kind == BC_CTXF_SOCK_OR_NULL);
	off = offsetof(struct bpf_sk_lookup, remote_port);
	CHECK(ctx(BPF_PROG_TYPE_SK_LOOKUP, BPF_SK_LOOKUP, off, 4, false, &a));
	CHECK(ctx(BPF_PROG_TYPE_SK_LOOKUP, BPF_SK_LOOKUP, off, 2, false, &a));
	CHECK(!ctx(BPF_PROG_TYPE_SK_LOOKUP, BPF_SK_LOOKUP, off, 4, true, &a));
	CHECK(ctx(BPF_PROG_TYPE_SK_REUSEPORT, 0, 0, 8, false, &a) &&
	      a.kind == BC_CTXF_PKT);

	CHECK(bc_ctx_size(XDP, 0) == sizeof(struct xdp_md));
	CHECK(bc_ctx_size(TC, 0) == sizeof(struct __sk_buff));
	CHECK(!strcmp(bc_ctx_name(XDP), "struct xdp_md"));
	CHECK(bc_ctx_has_pkt(TC, 0, true));
	CHECK(bc_ctx_has_pkt(BPF_PROG_TYPE_CGROUP_SKB, 0, false));
	CHECK(!bc_ctx_has_pkt(BPF_PROG_TYPE_CGROUP_SKB, 0, true));
	CHECK(!bc_ctx_has_pkt(SF, 0, false));
	CHECK(!bc_ctx_has_pkt(BPF_PROG_TYPE_SOCK_OPS, 0, false));
	CHECK(bc_ctx_has_ld_abs(SF) && bc_ctx_has_ld_abs(TC));
	CHECK(!bc_ctx_has_ld_abs(XDP));
}

static void retvals(void)
{
	int64_t lo = -9, hi = -9;

	CHECK(bc_ctx_retval_range(BPF_PROG_TYPE_CGROUP_SKB,
				  BPF_CGROUP_INET_INGRESS, &lo, &hi) &&
	      lo == 0 && hi == 1);
	CHECK(bc_ctx_retval_range(BPF_PROG_TYPE_CGROUP_SKB,
				  BPF_CGROUP_INET_EGRESS, &lo, &hi) &&
	      lo == 0 && hi == 3);
	CHECK(bc_ctx_retval_range(BPF_PROG_TYPE_CGROUP_SOCK_ADDR,
				  BPF_CGROUP_UDP4_RECVMSG, &lo, &hi) &&
	      lo == 1 && hi == 1);
	CHECK(bc_ctx_retval_range(BPF_PROG_TYPE_CGROUP_SOCK_ADDR,
				  BPF_CGROUP_INET4_BIND, &lo, &hi) &&
	      lo == 0 && hi == 3);
	CHECK(bc_ctx_retval_range(BPF_PROG_TYPE_CGROUP_SOCK_ADDR,
				  BPF_CGROUP_INET4_CONNECT, &lo, &hi) &&
	      lo == 0 && hi == 1);
	CHECK(bc_ctx_retval_range(BPF_PROG_TYPE_CGROUP_DEVICE, 0, &lo, &hi) &&
	      lo == 0 && hi == 1);
	CHECK(bc_ctx_retval_range(BPF_PROG_TYPE_SOCK_OPS, 0, &lo, &hi));
	CHECK(!bc_ctx_retval_range(BPF_PROG_TYPE_XDP, 0, &lo, &hi));
	CHECK(!bc_ctx_retval_range(BPF_PROG_TYPE_SCHED_CLS, 0, &lo, &hi));
	CHECK(!bc_ctx_retval_range(BPF_PROG_TYPE_KPROBE, 0, &lo, &hi));
	CHECK(bc_ctx_retval_range(BPF_PROG_TYPE_TRACING, BPF_TRACE_FENTRY, &lo,
				  &hi) &&
	      lo == 0 && hi == 0);
}

int main(void)
{
	protos();
	allowed();
	contexts();
	retvals();
	printf("%d of %d checks passed\n", checks - fails, checks);
	return fails ? 1 : 0;
}
