/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Program contexts: field layout and access rules per program type. The
 * rules follow the kernel's *_is_valid_access callbacks; offsets come from
 * the uapi structs themselves.
 */
#include <linux/bpf.h>
#include <linux/bpf_perf_event.h>
#include <stddef.h>

#include "platform/ctx.h"
#include "util/util.h"

#define BC_MAX_FUNC_ARGS	12	/* MAX_BPF_FUNC_ARGS */
#define BC_PERF_MAX_TRACE_SIZE	8192	/* PERF_MAX_TRACE_SIZE */

#define FOFF(T, f)	((int)offsetof(T, f))
#define FEND(T, f)	((int)(offsetof(T, f) + sizeof(((T *)0)->f)))
/* bpf_ctx_range(T, f) and bpf_ctx_range_till(T, f1, f2) */
#define IN(T, f)	(off >= FOFF(T, f) && off < FEND(T, f))
#define TILL(T, f1, f2)	(off >= FOFF(T, f1) && off < FEND(T, f2))
/* bpf_ctx_range_ptr(T, f): the 8-byte slot of a __bpf_md_ptr field */
#define INPTR(T, f)	(off >= FOFF(T, f) && off < FOFF(T, f) + 8)

struct cx {
	uint32_t type, attach;
	bool priv;
	int off, size;
	bool write;
	struct bc_ctx_access *acc;
};

/* bpf_ctx_narrow_access_ok */
static bool narrow_ok(int size, int size_default)
{
	return size <= size_default && (size & (size - 1)) == 0;
}

/* bpf_ctx_wide_access_ok for an array field of u32 */
static bool wide_ok(int off, int size, int start, int end)
{
	return size == 8 && off >= start && off + 8 <= end && off % 8 == 0;
}

static void set_kind(struct cx *c, enum bc_ctx_kind k)
{
	c->acc->kind = k;
}

/* ---- struct __sk_buff ---- */

#define SKB struct __sk_buff

/* bpf_skb_is_valid_access: the rules every __sk_buff type shares. */
static bool skb_common(struct cx *c)
{
	int off = c->off, size = c->size;

	if (off < 0 || off >= (int)sizeof(SKB))
		return false;
	if (off % size != 0)
		return false;
	if (TILL(SKB, cb[0], cb[4]))
		return off + size <= FEND(SKB, cb[4]);
	if (TILL(SKB, remote_ip6[0], remote_ip6[3]) ||
	    TILL(SKB, local_ip6[0], local_ip6[3]) ||
	    IN(SKB, remote_ip4) || IN(SKB, local_ip4) ||
	    IN(SKB, data) || IN(SKB, data_meta) || IN(SKB, data_end))
		return size == 4;
	if (INPTR(SKB, flow_keys))
		return false;
	if (IN(SKB, hwtstamp))
		return !c->write && size == 8;
	if (IN(SKB, tstamp))
		return size == 8;
	if (INPTR(SKB, sk)) {
		if (c->write || size != 8)
			return false;
		set_kind(c, BC_CTXF_SOCK_COMMON_OR_NULL);
		return true;
	}
	if (off == FOFF(SKB, tstamp_type))
		return false;
	if (off > FOFF(SKB, tstamp_type) && off < FOFF(SKB, hwtstamp))
		return false;	/* padding */
	if (c->write)
		return size == 4;
	return narrow_ok(size, 4);
}

static void skb_pkt_kinds(struct cx *c, bool meta)
{
	int off = c->off;

	if (IN(SKB, data))
		set_kind(c, BC_CTXF_PKT);
	else if (IN(SKB, data_end))
		set_kind(c, BC_CTXF_PKT_END);
	else if (meta && IN(SKB, data_meta))
		set_kind(c, BC_CTXF_PKT_META);
}

static bool sk_filter_access(struct cx *c)
{
	int off = c->off;

	if (IN(SKB, tc_classid) || IN(SKB, data) || IN(SKB, data_meta) ||
	    IN(SKB, data_end) || TILL(SKB, family, local_port) ||
	    IN(SKB, tstamp) || IN(SKB, wire_len) || IN(SKB, hwtstamp))
		return false;
	if (c->write && !TILL(SKB, cb[0], cb[4]))
		return false;
	return skb_common(c);
}

static bool tc_access(struct cx *c)
{
	int off = c->off;

	if (c->write &&
	    !(IN(SKB, mark) || IN(SKB, tc_index) || IN(SKB, priority) ||
	      IN(SKB, tc_classid) || TILL(SKB, cb[0], cb[4]) ||
	      IN(SKB, tstamp) || IN(SKB, queue_mapping)))
		return false;
	if (TILL(SKB, family, local_port))
		return false;
	if (off == FOFF(SKB, tstamp_type))
		return c->size == 1;
	skb_pkt_kinds(c, true);
	return skb_common(c);
}

static bool cg_skb_access(struct cx *c)
{
	int off = c->off;

	if (IN(SKB, tc_classid) || IN(SKB, data_meta) || IN(SKB, wire_len))
		return false;
	if ((IN(SKB, data) || IN(SKB, data_end)) && !c->priv)
		return false;
	if (c->write) {
		if (IN(SKB, tstamp)) {
			if (!c->priv)
				return false;
		} else if (!(IN(SKB, mark) || IN(SKB, priority) ||
			     TILL(SKB, cb[0], cb[4]))) {
			return false;
		}
	}
	skb_pkt_kinds(c, false);
	return skb_common(c);
}

static bool lwt_access(struct cx *c)
{
	int off = c->off;

	if (IN(SKB, tc_classid) || TILL(SKB, family, local_port) ||
	    IN(SKB, data_meta) || IN(SKB, tstamp) || IN(SKB, wire_len) ||
	    IN(SKB, hwtstamp))
		return false;
	if (c->write && !(IN(SKB, mark) || IN(SKB, priority) ||
			  TILL(SKB, cb[0], cb[4])))
		return false;
	skb_pkt_kinds(c, false);
	return skb_common(c);
}

static bool sk_skb_access(struct cx *c)
{
	int off = c->off;

	if (IN(SKB, tc_classid) || IN(SKB, data_meta) || IN(SKB, tstamp) ||
	    IN(SKB, wire_len) || IN(SKB, hwtstamp))
		return false;
	if (c->write && !(IN(SKB, tc_index) || IN(SKB, priority)))
		return false;
	if (IN(SKB, mark))
		return false;
	skb_pkt_kinds(c, false);
	return skb_common(c);
}

static bool flow_dissector_access(struct cx *c)
{
	int off = c->off;

	if (off < 0 || off >= (int)sizeof(SKB) || c->write)
		return false;
	if (off % c->size != 0)
		return false;
	if (IN(SKB, data) || IN(SKB, data_end)) {
		skb_pkt_kinds(c, false);
		return c->size == 4;
	}
	if (INPTR(SKB, flow_keys)) {
		set_kind(c, BC_CTXF_FLOW_KEYS);
		return c->size == 8;
	}
	return false;
}

/* ---- struct xdp_md ---- */

static bool xdp_access(struct cx *c)
{
	int off = c->off;

	if (c->attach != BPF_XDP_DEVMAP &&
	    off == FOFF(struct xdp_md, egress_ifindex))
		return false;
	if (c->write)
		return false;	/* rx_queue_index only when offloaded */
	if (off == FOFF(struct xdp_md, data))
		set_kind(c, BC_CTXF_PKT);
	else if (off == FOFF(struct xdp_md, data_meta))
		set_kind(c, BC_CTXF_PKT_META);
	else if (off == FOFF(struct xdp_md, data_end))
		set_kind(c, BC_CTXF_PKT_END);
	if (off < 0 || off >= (int)sizeof(struct xdp_md))
		return false;
	return off % c->size == 0 && c->size == 4;
}

/* ---- tracing ---- */

static bool kprobe_access(struct cx *c)
{
	int off = c->off, end = (int)sizeof(bpf_user_pt_regs_t);

	if (off < 0 || off >= end || c->write)
		return false;
	return off % c->size == 0 && off + c->size <= end;
}

static bool tracepoint_access(struct cx *c)
{
	int off = c->off;

	if (off < 8 || off >= BC_PERF_MAX_TRACE_SIZE || c->write)
		return false;
	return off % c->size == 0;
}

static bool raw_tp_access(struct cx *c)
{
	int off = c->off;

	if (off < 0 || off >= 8 * BC_MAX_FUNC_ARGS || c->write)
		return false;
	return off % c->size == 0;
}

/*
 * fentry/fexit/LSM: u64 argument slots (btf_ctx_access wants offsets that
 * are multiples of 8). Which slots exist and which hold pointers comes
 * from the target's BTF, which bpfcheck does not resolve: all 12 slots
 * read as scalars.
 */
static bool btf_args_access(struct cx *c)
{
	return c->off % 8 == 0 && raw_tp_access(c);
}

static bool perf_event_access(struct cx *c)
{
	typedef struct bpf_perf_event_data PE;
	int off = c->off;

	if (off < 0 || off >= (int)sizeof(PE) || c->write)
		return false;
	if (off % c->size != 0)
		return false;
	if (IN(PE, sample_period) || IN(PE, addr))
		return narrow_ok(c->size, 8);
	return c->size == 8;
}

/* ---- struct bpf_sock (cgroup sock) ---- */

#define BSK struct bpf_sock

/* bpf_sock_is_valid_access */
static bool bpf_sock_access(struct cx *c)
{
	int off = c->off, size = c->size;

	if (off < 0 || off >= (int)sizeof(BSK) || off % size != 0)
		return false;
	if (off == FOFF(BSK, state) || off == FOFF(BSK, family) ||
	    off == FOFF(BSK, type) || off == FOFF(BSK, protocol) ||
	    off == FOFF(BSK, src_port) ||
	    off == FOFF(BSK, rx_queue_mapping) || IN(BSK, src_ip4) ||
	    TILL(BSK, src_ip6[0], src_ip6[3]) || IN(BSK, dst_ip4) ||
	    TILL(BSK, dst_ip6[0], dst_ip6[3]))
		return narrow_ok(size, 4);
	if (IN(BSK, dst_port))
		return narrow_ok(size, size == 4 ? 4 : 2);
	if (off >= FEND(BSK, dst_port) && off < FOFF(BSK, dst_ip4))
		return false;
	return size == 4;
}

static bool sock_access(struct cx *c)
{
	int off = c->off;
	uint32_t at = c->attach;

	if (!bpf_sock_access(c))
		return false;
	if (off == FOFF(BSK, bound_dev_if) || off == FOFF(BSK, mark) ||
	    off == FOFF(BSK, priority))
		return at == BPF_CGROUP_INET_SOCK_CREATE ||
		       at == BPF_CGROUP_INET_SOCK_RELEASE;
	if (IN(BSK, src_ip4) && at != BPF_CGROUP_INET4_POST_BIND)
		return false;
	if (TILL(BSK, src_ip6[0], src_ip6[3]) &&
	    at != BPF_CGROUP_INET6_POST_BIND)
		return false;
	if (IN(BSK, src_port) && at != BPF_CGROUP_INET4_POST_BIND &&
	    at != BPF_CGROUP_INET6_POST_BIND)
		return false;
	return !c->write;
}

/* ---- struct bpf_sock_addr ---- */

#define BSA struct bpf_sock_addr

static bool sock_addr_family_ok(struct cx *c)
{
	int off = c->off;
	uint32_t at = c->attach;

	if (IN(BSA, user_ip4))
		return at == BPF_CGROUP_INET4_BIND ||
		       at == BPF_CGROUP_INET4_CONNECT ||
		       at == BPF_CGROUP_INET4_GETPEERNAME ||
		       at == BPF_CGROUP_INET4_GETSOCKNAME ||
		       at == BPF_CGROUP_UDP4_SENDMSG ||
		       at == BPF_CGROUP_UDP4_RECVMSG;
	if (TILL(BSA, user_ip6[0], user_ip6[3]))
		return at == BPF_CGROUP_INET6_BIND ||
		       at == BPF_CGROUP_INET6_CONNECT ||
		       at == BPF_CGROUP_INET6_GETPEERNAME ||
		       at == BPF_CGROUP_INET6_GETSOCKNAME ||
		       at == BPF_CGROUP_UDP6_SENDMSG ||
		       at == BPF_CGROUP_UDP6_RECVMSG;
	if (IN(BSA, msg_src_ip4))
		return at == BPF_CGROUP_UDP4_SENDMSG;
	if (TILL(BSA, msg_src_ip6[0], msg_src_ip6[3]))
		return at == BPF_CGROUP_UDP6_SENDMSG;
	return true;
}

static bool sock_addr_access(struct cx *c)
{
	int off = c->off, size = c->size;

	if (off < 0 || off >= (int)sizeof(BSA) || off % size != 0)
		return false;
	if (!sock_addr_family_ok(c))
		return false;
	if (IN(BSA, user_ip4) || TILL(BSA, user_ip6[0], user_ip6[3]) ||
	    IN(BSA, msg_src_ip4) ||
	    TILL(BSA, msg_src_ip6[0], msg_src_ip6[3]) || IN(BSA, user_port)) {
		if (wide_ok(off, size, FOFF(BSA, user_ip6),
			    FEND(BSA, user_ip6)) ||
		    wide_ok(off, size, FOFF(BSA, msg_src_ip6),
			    FEND(BSA, msg_src_ip6)))
			return true;
		return c->write ? size == 4 : narrow_ok(size, 4);
	}
	if (INPTR(BSA, sk)) {
		if (c->write || size != 8)
			return false;
		set_kind(c, BC_CTXF_SOCK);
		return true;
	}
	if (off >= FEND(BSA, msg_src_ip6) && off < FOFF(BSA, sk))
		return false;	/* padding */
	return !c->write && size == 4;
}

/* ---- struct bpf_sock_ops ---- */

#define BSO struct bpf_sock_ops

static bool sock_ops_access(struct cx *c)
{
	int off = c->off, size = c->size;

	if (off < 0 || off >= (int)sizeof(BSO) || off % size != 0)
		return false;
	if (c->write)
		return (off == FOFF(BSO, reply) ||
			off == FOFF(BSO, sk_txhash)) && size == 4;
	if (TILL(BSO, bytes_received, bytes_acked))
		return size == 8;
	if (INPTR(BSO, sk)) {
		set_kind(c, BC_CTXF_SOCK_OR_NULL);
		return size == 8;
	}
	if (INPTR(BSO, skb_data)) {
		set_kind(c, BC_CTXF_PKT);
		return size == 8;
	}
	if (INPTR(BSO, skb_data_end)) {
		set_kind(c, BC_CTXF_PKT_END);
		return size == 8;
	}
	if (off == FOFF(BSO, skb_tcp_flags))
		return narrow_ok(size, 4);
	return size == 4;
}

/* ---- struct sk_msg_md ---- */

#define MSG struct sk_msg_md

static bool sk_msg_access(struct cx *c)
{
	int off = c->off, size = c->size;

	if (c->write || off % size != 0)
		return false;
	if (off == FOFF(MSG, data)) {
		set_kind(c, BC_CTXF_PKT);
		return size == 8;
	}
	if (off == FOFF(MSG, data_end)) {
		set_kind(c, BC_CTXF_PKT_END);
		return size == 8;
	}
	if (off == FOFF(MSG, sk)) {
		set_kind(c, BC_CTXF_SOCK);
		return size == 8;
	}
	if (IN(MSG, family) || IN(MSG, remote_ip4) || IN(MSG, local_ip4) ||
	    TILL(MSG, remote_ip6[0], remote_ip6[3]) ||
	    TILL(MSG, local_ip6[0], local_ip6[3]) || IN(MSG, remote_port) ||
	    IN(MSG, local_port) || IN(MSG, size))
		return size == 4;
	return false;
}

/* ---- cgroup device, sysctl, sockopt ---- */

static bool cgroup_dev_access(struct cx *c)
{
	typedef struct bpf_cgroup_dev_ctx DEV;
	int off = c->off, size = c->size;

	if (c->write)
		return false;
	if (off < 0 || off + size > (int)sizeof(DEV) || off % size != 0)
		return false;
	if (IN(DEV, access_type))
		return narrow_ok(size, 4);
	return size == 4;
}

static bool sysctl_access(struct cx *c)
{
	typedef struct bpf_sysctl SYS;
	int off = c->off, size = c->size;

	if (off < 0 || off + size > (int)sizeof(SYS) || off % size != 0)
		return false;
	if (IN(SYS, write))
		return !c->write && narrow_ok(size, 4);
	if (IN(SYS, file_pos))
		return c->write ? size == 4 : narrow_ok(size, 4);
	return false;
}

#define SOPT struct bpf_sockopt

static bool sockopt_access(struct cx *c)
{
	int off = c->off, size = c->size;
	bool get = c->attach == BPF_CGROUP_GETSOCKOPT;

	if (off < 0 || off >= (int)sizeof(SOPT) || off % size != 0)
		return false;
	if (c->write) {
		if (off == FOFF(SOPT, retval))
			return size == 4 && get;
		if (off == FOFF(SOPT, optname) || off == FOFF(SOPT, level))
			return size == 4 && c->attach == BPF_CGROUP_SETSOCKOPT;
		if (off == FOFF(SOPT, optlen))
			return size == 4;
		return false;
	}
	if (INPTR(SOPT, sk)) {
		set_kind(c, BC_CTXF_SOCK);
		return size == 8;
	}
	if (INPTR(SOPT, optval)) {
		set_kind(c, BC_CTXF_PKT);
		return size == 8;
	}
	if (INPTR(SOPT, optval_end)) {
		set_kind(c, BC_CTXF_PKT_END);
		return size == 8;
	}
	if (IN(SOPT, retval))
		return size == 4 && get;
	return size == 4;
}

/* ---- struct bpf_sk_lookup, struct sk_reuseport_md ---- */

#define SKL struct bpf_sk_lookup

static bool sk_lookup_access(struct cx *c)
{
	int off = c->off, size = c->size;

	if (off < 0 || off >= (int)sizeof(SKL) || off % size != 0 || c->write)
		return false;
	if (off == FOFF(SKL, sk)) {
		set_kind(c, BC_CTXF_SOCK_OR_NULL);
		return size == 8;
	}
	if (IN(SKL, family) || IN(SKL, protocol) || IN(SKL, remote_ip4) ||
	    IN(SKL, local_ip4) || TILL(SKL, remote_ip6[0], remote_ip6[3]) ||
	    TILL(SKL, local_ip6[0], local_ip6[3]) || IN(SKL, local_port) ||
	    IN(SKL, ingress_ifindex))
		return narrow_ok(size, 4);
	if (IN(SKL, remote_port))
		return size == 4 || narrow_ok(size, 2);
	if (off >= FEND(SKL, remote_port) && off < FOFF(SKL, local_ip4))
		return narrow_ok(size, 2);	/* zero padding */
	return false;
}

#define RPT struct sk_reuseport_md

static bool sk_reuseport_access(struct cx *c)
{
	int off = c->off, size = c->size;

	if (off < 0 || off >= (int)sizeof(RPT) || off % size != 0 || c->write)
		return false;
	if (off == FOFF(RPT, data)) {
		set_kind(c, BC_CTXF_PKT);
		return size == 8;
	}
	if (off == FOFF(RPT, data_end)) {
		set_kind(c, BC_CTXF_PKT_END);
		return size == 8;
	}
	if (off == FOFF(RPT, hash))
		return size == 4;
	if (off == FOFF(RPT, sk)) {
		set_kind(c, BC_CTXF_SOCK);
		return size == 8;
	}
	if (off == FOFF(RPT, migrating_sk)) {
		set_kind(c, BC_CTXF_SOCK_COMMON_OR_NULL);
		return size == 8;
	}
	if (IN(RPT, eth_protocol) && size < 2)
		return false;
	if (IN(RPT, eth_protocol) || IN(RPT, ip_protocol) ||
	    IN(RPT, bind_inany) || IN(RPT, len))
		return narrow_ok(size, 4);
	return false;
}

/* ---- dispatch ---- */

typedef bool (*access_fn)(struct cx *c);

static access_fn access_for(uint32_t type)
{
	switch (type) {
	case BPF_PROG_TYPE_SOCKET_FILTER:	return sk_filter_access;
	case BPF_PROG_TYPE_SCHED_CLS:
	case BPF_PROG_TYPE_SCHED_ACT:		return tc_access;
	case BPF_PROG_TYPE_XDP:			return xdp_access;
	case BPF_PROG_TYPE_KPROBE:		return kprobe_access;
	case BPF_PROG_TYPE_TRACEPOINT:		return tracepoint_access;
	case BPF_PROG_TYPE_RAW_TRACEPOINT:	return raw_tp_access;
	case BPF_PROG_TYPE_TRACING:
	case BPF_PROG_TYPE_LSM:			return btf_args_access;
	case BPF_PROG_TYPE_PERF_EVENT:		return perf_event_access;
	case BPF_PROG_TYPE_CGROUP_SKB:		return cg_skb_access;
	case BPF_PROG_TYPE_CGROUP_SOCK:		return sock_access;
	case BPF_PROG_TYPE_CGROUP_SOCK_ADDR:	return sock_addr_access;
	case BPF_PROG_TYPE_SOCK_OPS:		return sock_ops_access;
	case BPF_PROG_TYPE_SK_SKB:		return sk_skb_access;
	case BPF_PROG_TYPE_SK_MSG:		return sk_msg_access;
	case BPF_PROG_TYPE_LWT_IN:
	case BPF_PROG_TYPE_LWT_OUT:
	case BPF_PROG_TYPE_LWT_XMIT:
	case BPF_PROG_TYPE_LWT_SEG6LOCAL:	return lwt_access;
	case BPF_PROG_TYPE_FLOW_DISSECTOR:	return flow_dissector_access;
	case BPF_PROG_TYPE_CGROUP_DEVICE:	return cgroup_dev_access;
	case BPF_PROG_TYPE_CGROUP_SYSCTL:	return sysctl_access;
	case BPF_PROG_TYPE_CGROUP_SOCKOPT:	return sockopt_access;
	case BPF_PROG_TYPE_SK_LOOKUP:		return sk_lookup_access;
	case BPF_PROG_TYPE_SK_REUSEPORT:	return sk_reuseport_access;
	default:				return NULL;
	}
}

bool bc_ctx_check(uint32_t prog_type, uint32_t attach_type, bool privileged,
		  int32_t off, int size, bool write, struct bc_ctx_access *acc)
{
	struct bc_ctx_access tmp;
	struct cx c = { prog_type, attach_type, privileged, off, size, write,
			acc ? acc : &tmp };
	access_fn fn = access_for(prog_type);

	if (!fn || (size != 1 && size != 2 && size != 4 && size != 8))
		return false;
	c.acc->kind = BC_CTXF_SCALAR;
	c.acc->umax = size == 8 ? UINT64_MAX : (1ull << (8 * size)) - 1;
	if (!fn(&c))
		return false;
	if (c.acc->kind != BC_CTXF_SCALAR)
		c.acc->umax = 0;
	return true;
}

uint32_t bc_ctx_size(uint32_t prog_type, uint32_t attach_type)
{
	(void)attach_type;
	switch (prog_type) {
	case BPF_PROG_TYPE_SOCKET_FILTER:
	case BPF_PROG_TYPE_SCHED_CLS:
	case BPF_PROG_TYPE_SCHED_ACT:
	case BPF_PROG_TYPE_CGROUP_SKB:
	case BPF_PROG_TYPE_SK_SKB:
	case BPF_PROG_TYPE_LWT_IN:
	case BPF_PROG_TYPE_LWT_OUT:
	case BPF_PROG_TYPE_LWT_XMIT:
	case BPF_PROG_TYPE_LWT_SEG6LOCAL:
	case BPF_PROG_TYPE_FLOW_DISSECTOR:
		return sizeof(struct __sk_buff);
	case BPF_PROG_TYPE_XDP:			return sizeof(struct xdp_md);
	case BPF_PROG_TYPE_KPROBE:		return sizeof(bpf_user_pt_regs_t);
	case BPF_PROG_TYPE_TRACEPOINT:		return BC_PERF_MAX_TRACE_SIZE;
	case BPF_PROG_TYPE_RAW_TRACEPOINT:
	case BPF_PROG_TYPE_TRACING:
	case BPF_PROG_TYPE_LSM:			return 8 * BC_MAX_FUNC_ARGS;
	case BPF_PROG_TYPE_PERF_EVENT:
		return sizeof(struct bpf_perf_event_data);
	case BPF_PROG_TYPE_CGROUP_SOCK:		return sizeof(struct bpf_sock);
	case BPF_PROG_TYPE_CGROUP_SOCK_ADDR:
		return sizeof(struct bpf_sock_addr);
	case BPF_PROG_TYPE_SOCK_OPS:		return sizeof(struct bpf_sock_ops);
	case BPF_PROG_TYPE_SK_MSG:		return sizeof(struct sk_msg_md);
	case BPF_PROG_TYPE_CGROUP_DEVICE:
		return sizeof(struct bpf_cgroup_dev_ctx);
	case BPF_PROG_TYPE_CGROUP_SYSCTL:	return sizeof(struct bpf_sysctl);
	case BPF_PROG_TYPE_CGROUP_SOCKOPT:	return sizeof(struct bpf_sockopt);
	case BPF_PROG_TYPE_SK_LOOKUP:		return sizeof(struct bpf_sk_lookup);
	case BPF_PROG_TYPE_SK_REUSEPORT:
		return sizeof(struct sk_reuseport_md);
	default:				return 0;
	}
}

const char *bc_ctx_name(uint32_t prog_type)
{
	switch (prog_type) {
	case BPF_PROG_TYPE_SOCKET_FILTER:
	case BPF_PROG_TYPE_SCHED_CLS:
	case BPF_PROG_TYPE_SCHED_ACT:
	case BPF_PROG_TYPE_CGROUP_SKB:
	case BPF_PROG_TYPE_SK_SKB:
	case BPF_PROG_TYPE_LWT_IN:
	case BPF_PROG_TYPE_LWT_OUT:
	case BPF_PROG_TYPE_LWT_XMIT:
	case BPF_PROG_TYPE_LWT_SEG6LOCAL:
	case BPF_PROG_TYPE_FLOW_DISSECTOR:	return "struct __sk_buff";
	case BPF_PROG_TYPE_XDP:			return "struct xdp_md";
	case BPF_PROG_TYPE_KPROBE:		return "struct pt_regs";
	case BPF_PROG_TYPE_TRACEPOINT:		return "tracepoint record";
	case BPF_PROG_TYPE_RAW_TRACEPOINT:
		return "struct bpf_raw_tracepoint_args";
	case BPF_PROG_TYPE_TRACING:
	case BPF_PROG_TYPE_LSM:			return "u64 args[]";
	case BPF_PROG_TYPE_PERF_EVENT:	return "struct bpf_perf_event_data";
	case BPF_PROG_TYPE_CGROUP_SOCK:		return "struct bpf_sock";
	case BPF_PROG_TYPE_CGROUP_SOCK_ADDR:	return "struct bpf_sock_addr";
	case BPF_PROG_TYPE_SOCK_OPS:		return "struct bpf_sock_ops";
	case BPF_PROG_TYPE_SK_MSG:		return "struct sk_msg_md";
	case BPF_PROG_TYPE_CGROUP_DEVICE:
		return "struct bpf_cgroup_dev_ctx";
	case BPF_PROG_TYPE_CGROUP_SYSCTL:	return "struct bpf_sysctl";
	case BPF_PROG_TYPE_CGROUP_SOCKOPT:	return "struct bpf_sockopt";
	case BPF_PROG_TYPE_SK_LOOKUP:		return "struct bpf_sk_lookup";
	case BPF_PROG_TYPE_SK_REUSEPORT:	return "struct sk_reuseport_md";
	default:				return "ctx";
	}
}

/* Following check_return_code; false means Linux does not check r0. */
bool bc_ctx_retval_range(uint32_t prog_type, uint32_t attach_type,
			 int64_t *lo, int64_t *hi)
{
	int64_t l = 0, h = 1;

	switch (prog_type) {
	case BPF_PROG_TYPE_CGROUP_SOCK_ADDR:
		switch (attach_type) {
		case BPF_CGROUP_UDP4_RECVMSG:
		case BPF_CGROUP_UDP6_RECVMSG:
		case BPF_CGROUP_INET4_GETPEERNAME:
		case BPF_CGROUP_INET6_GETPEERNAME:
		case BPF_CGROUP_INET4_GETSOCKNAME:
		case BPF_CGROUP_INET6_GETSOCKNAME:
			l = 1;
			break;
		case BPF_CGROUP_INET4_BIND:
		case BPF_CGROUP_INET6_BIND:
			h = 3;
			break;
		}
		break;
	case BPF_PROG_TYPE_CGROUP_SKB:
		if (attach_type == BPF_CGROUP_INET_EGRESS)
			h = 3;
		break;
	case BPF_PROG_TYPE_CGROUP_SOCK:
	case BPF_PROG_TYPE_SOCK_OPS:
	case BPF_PROG_TYPE_CGROUP_DEVICE:
	case BPF_PROG_TYPE_CGROUP_SYSCTL:
	case BPF_PROG_TYPE_CGROUP_SOCKOPT:
	case BPF_PROG_TYPE_SK_LOOKUP:
		break;
	case BPF_PROG_TYPE_TRACING:
		switch (attach_type) {
		case BPF_TRACE_FENTRY:
		case BPF_TRACE_FEXIT:
			h = 0;
			break;
		case BPF_TRACE_ITER:
			break;
		default:
			return false;
		}
		break;
	default:
		return false;
	}
	if (lo)
		*lo = l;
	if (hi)
		*hi = h;
	return true;
}

/* may_access_direct_pkt_data */
bool bc_ctx_has_pkt(uint32_t prog_type, uint32_t attach_type, bool write)
{
	(void)attach_type;
	switch (prog_type) {
	case BPF_PROG_TYPE_LWT_IN:
	case BPF_PROG_TYPE_LWT_OUT:
	case BPF_PROG_TYPE_LWT_SEG6LOCAL:
	case BPF_PROG_TYPE_SK_REUSEPORT:
	case BPF_PROG_TYPE_FLOW_DISSECTOR:
	case BPF_PROG_TYPE_CGROUP_SKB:
		return !write;
	case BPF_PROG_TYPE_SCHED_CLS:
	case BPF_PROG_TYPE_SCHED_ACT:
	case BPF_PROG_TYPE_XDP:
	case BPF_PROG_TYPE_LWT_XMIT:
	case BPF_PROG_TYPE_SK_SKB:
	case BPF_PROG_TYPE_SK_MSG:
	case BPF_PROG_TYPE_CGROUP_SOCKOPT:
		return true;
	default:
		return false;
	}
}

/* may_access_skb */
bool bc_ctx_has_ld_abs(uint32_t prog_type)
{
	switch (prog_type) {
	case BPF_PROG_TYPE_SOCKET_FILTER:
	case BPF_PROG_TYPE_SCHED_CLS:
	case BPF_PROG_TYPE_SCHED_ACT:
		return true;
	default:
		return false;
	}
}
