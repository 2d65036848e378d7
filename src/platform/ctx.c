/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Program contexts: field layout and access rules per program type. The
 * rules follow the kernel's *_is_valid_access callbacks; offsets come from
 * the uapi structs themselves.
 */
#include <linux/bpf.h>
#include <linux/bpf_perf_event.h>
#include <stddef.h>
#include <string.h>

#include "platform/ctx.h"
#include "platform/progtypes.h"
#include "util/util.h"

#define FOFF(T, f) ((int)offsetof(T, f))
#define FEND(T, f) ((int)(offsetof(T, f) + sizeof(((T *)0)->f)))
/* bpf_ctx_range(T, f) and bpf_ctx_range_till(T, f1, f2) */
#define IN(T, f)	(off >= FOFF(T, f) && off < FEND(T, f))
#define TILL(T, f1, f2) (off >= FOFF(T, f1) && off < FEND(T, f2))
/* bpf_ctx_range_ptr(T, f): the 8-byte slot of a __bpf_md_ptr field */
#define INPTR(T, f) (off >= FOFF(T, f) && off < FOFF(T, f) + 8)

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

static void set_kind(struct bc_ctx_req *c, enum bc_ctx_kind k)
{
	c->acc->kind = k;
}

/* ---- struct __sk_buff ---- */

#define SKB struct __sk_buff

/* bpf_skb_is_valid_access: the rules every __sk_buff type shares. */
static bool skb_common(struct bc_ctx_req *c)
{
	int off = c->off, size = c->size;

	if (off < 0 || off >= (int)sizeof(SKB))
		return false;
	if (off % size != 0)
		return false;
	if (TILL(SKB, cb[0], cb[4]))
		return off + size <= FEND(SKB, cb[4]);
	if (TILL(SKB, remote_ip6[0], remote_ip6[3]) ||
	    TILL(SKB, local_ip6[0], local_ip6[3]) || IN(SKB, remote_ip4) ||
	    IN(SKB, local_ip4))
		return size == 4;
	/* a sign-extended packet pointer would be no pointer at run time */
	if (IN(SKB, data) || IN(SKB, data_meta) || IN(SKB, data_end))
		return size == 4 && !c->ldsx;
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
		return false; /* padding */
	if (c->write)
		return size == 4;
	return narrow_ok(size, 4);
}

static void skb_pkt_kinds(struct bc_ctx_req *c, bool meta)
{
	int off = c->off;

	if (IN(SKB, data))
		set_kind(c, BC_CTXF_PKT);
	else if (IN(SKB, data_end))
		set_kind(c, BC_CTXF_PKT_END);
	else if (meta && IN(SKB, data_meta))
		set_kind(c, BC_CTXF_PKT_META);
}

bool bc_sk_filter_is_valid_access(struct bc_ctx_req *c)
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

bool bc_tc_cls_act_is_valid_access(struct bc_ctx_req *c)
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

bool bc_cg_skb_is_valid_access(struct bc_ctx_req *c)
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

bool bc_lwt_is_valid_access(struct bc_ctx_req *c)
{
	int off = c->off;

	if (IN(SKB, tc_classid) || TILL(SKB, family, local_port) ||
	    IN(SKB, data_meta) || IN(SKB, tstamp) || IN(SKB, wire_len) ||
	    IN(SKB, hwtstamp))
		return false;
	if (c->write &&
	    !(IN(SKB, mark) || IN(SKB, priority) || TILL(SKB, cb[0], cb[4])))
		return false;
	skb_pkt_kinds(c, false);
	return skb_common(c);
}

bool bc_sk_skb_is_valid_access(struct bc_ctx_req *c)
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

bool bc_flow_dissector_is_valid_access(struct bc_ctx_req *c)
{
	int off = c->off;

	if (off < 0 || off >= (int)sizeof(SKB) || c->write)
		return false;
	if (off % c->size != 0)
		return false;
	if (IN(SKB, data) || IN(SKB, data_end)) {
		skb_pkt_kinds(c, false);
		return c->size == 4 && !c->ldsx;
	}
	if (INPTR(SKB, flow_keys)) {
		set_kind(c, BC_CTXF_FLOW_KEYS);
		return c->size == 8;
	}
	return false;
}

/* ---- struct xdp_md ---- */

bool bc_xdp_is_valid_access(struct bc_ctx_req *c)
{
	int off = c->off;

	if (c->attach != BPF_XDP_DEVMAP &&
	    off == FOFF(struct xdp_md, egress_ifindex))
		return false;
	if (c->write)
		return false; /* rx_queue_index only when offloaded */
	if (off == FOFF(struct xdp_md, data))
		set_kind(c, BC_CTXF_PKT);
	else if (off == FOFF(struct xdp_md, data_meta))
		set_kind(c, BC_CTXF_PKT_META);
	else if (off == FOFF(struct xdp_md, data_end))
		set_kind(c, BC_CTXF_PKT_END);
	if (c->ldsx && c->acc->kind != BC_CTXF_SCALAR)
		return false;
	if (off < 0 || off >= (int)sizeof(struct xdp_md))
		return false;
	return off % c->size == 0 && c->size == 4;
}

/* ---- tracing ---- */

bool bc_kprobe_prog_is_valid_access(struct bc_ctx_req *c)
{
	int off = c->off, end = (int)sizeof(bpf_user_pt_regs_t);

	if (off < 0 || off >= end || c->write)
		return false;
	return off % c->size == 0 && off + c->size <= end;
}

bool bc_tp_prog_is_valid_access(struct bc_ctx_req *c)
{
	int off = c->off;

	if (off < 8 || off >= BC_PERF_MAX_TRACE_SIZE || c->write)
		return false;
	return off % c->size == 0;
}

bool bc_raw_tp_prog_is_valid_access(struct bc_ctx_req *c)
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
bool bc_tracing_prog_is_valid_access(struct bc_ctx_req *c)
{
	return c->off % 8 == 0 && bc_raw_tp_prog_is_valid_access(c);
}

bool bc_pe_prog_is_valid_access(struct bc_ctx_req *c)
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
static bool bpf_sock_access(struct bc_ctx_req *c)
{
	int off = c->off, size = c->size;

	if (off < 0 || off >= (int)sizeof(BSK) || off % size != 0)
		return false;
	if (off == FOFF(BSK, state) || off == FOFF(BSK, family) ||
	    off == FOFF(BSK, type) || off == FOFF(BSK, protocol) ||
	    off == FOFF(BSK, src_port) || off == FOFF(BSK, rx_queue_mapping) ||
	    IN(BSK, src_ip4) || TILL(BSK, src_ip6[0], src_ip6[3]) ||
	    IN(BSK, dst_ip4) || TILL(BSK, dst_ip6[0], dst_ip6[3]))
		return narrow_ok(size, 4);
	if (IN(BSK, dst_port))
		return narrow_ok(size, size == 4 ? 4 : 2);
	if (off >= FEND(BSK, dst_port) && off < FOFF(BSK, dst_ip4))
		return false;
	return size == 4;
}

/* bpf_tcp_sock_is_valid_access */
static bool tcp_sock_access(int off, int size)
{
	if (off < 0 || off >= FEND(struct bpf_tcp_sock, icsk_retransmits) ||
	    off % size != 0)
		return false;
	if (off == FOFF(struct bpf_tcp_sock, bytes_received) ||
	    off == FOFF(struct bpf_tcp_sock, bytes_acked))
		return size == 8;
	return size == 4;
}

bool bc_sk_ptr_is_valid_access(enum bc_sk_ptr kind, int off, int size)
{
	struct bc_ctx_access acc;
	struct bc_ctx_req c = { .off = off, .size = size, .acc = &acc };

	switch (kind) {
	case BC_SK_TCP_SOCK: return tcp_sock_access(off, size);
	case BC_SK_SOCK_COMMON:
		/* bpf_sock_common_is_valid_access: only fields every
		 * socket has, not those of a full socket */
		if (TILL(BSK, type, priority))
			return false;
		break;
	case BC_SK_SOCK: break;
	}
	return bpf_sock_access(&c);
}

bool bc_cg_sock_is_valid_access(struct bc_ctx_req *c)
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

static bool sock_addr_family_ok(struct bc_ctx_req *c)
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

bool bc_sock_addr_is_valid_access(struct bc_ctx_req *c)
{
	int off = c->off, size = c->size;

	if (off < 0 || off >= (int)sizeof(BSA) || off % size != 0)
		return false;
	if (!sock_addr_family_ok(c))
		return false;
	if (IN(BSA, user_ip4) || TILL(BSA, user_ip6[0], user_ip6[3]) ||
	    IN(BSA, msg_src_ip4) || TILL(BSA, msg_src_ip6[0], msg_src_ip6[3]) ||
	    IN(BSA, user_port)) {
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
		return false; /* padding */
	return !c->write && size == 4;
}

/* ---- struct bpf_sock_ops ---- */

#define BSO struct bpf_sock_ops

bool bc_sock_ops_is_valid_access(struct bc_ctx_req *c)
{
	int off = c->off, size = c->size;

	if (off < 0 || off >= (int)sizeof(BSO) || off % size != 0)
		return false;
	if (c->write)
		return (off == FOFF(BSO, reply) ||
			off == FOFF(BSO, sk_txhash)) &&
		       size == 4;
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

bool bc_sk_msg_is_valid_access(struct bc_ctx_req *c)
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

bool bc_cgroup_dev_is_valid_access(struct bc_ctx_req *c)
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

bool bc_sysctl_is_valid_access(struct bc_ctx_req *c)
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

bool bc_cg_sockopt_is_valid_access(struct bc_ctx_req *c)
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

bool bc_sk_lookup_is_valid_access(struct bc_ctx_req *c)
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
		return narrow_ok(size, 2); /* zero padding */
	return false;
}

#define RPT struct sk_reuseport_md

bool bc_sk_reuseport_is_valid_access(struct bc_ctx_req *c)
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

/* ---- the program type's rules (check_ctx_access, check_return_code) ---- */

static bool ctx_check(struct bc_ctx_req c, struct bc_ctx_access *acc)
{
	struct bc_ctx_access tmp = { 0 };
	const struct bc_prog_type_ops *ops = bc_prog_type_ops(c.type);
	int size = c.size;

	c.acc = acc ? acc : &tmp;

	if (!ops->is_valid_access ||
	    (size != 1 && size != 2 && size != 4 && size != 8))
		return false;
	c.acc->kind = BC_CTXF_SCALAR;
	c.acc->umax = size == 8 ? UINT64_MAX : (1ull << (8 * size)) - 1;
	if (!ops->is_valid_access(&c))
		return false;
	if (c.acc->kind != BC_CTXF_SCALAR)
		c.acc->umax = 0;
	return true;
}

bool bc_ctx_check(uint32_t prog_type, uint32_t attach_type, bool privileged,
		  int32_t off, int size, bool write, struct bc_ctx_access *acc)
{
	struct bc_ctx_req c = { prog_type, attach_type, privileged, off,
				size,	   write,	NULL,	    false };

	return ctx_check(c, acc);
}

bool bc_ctx_check_ldsx(uint32_t prog_type, uint32_t attach_type,
		       bool privileged, int32_t off, int size,
		       struct bc_ctx_access *acc)
{
	struct bc_ctx_req c = { prog_type, attach_type, privileged, off,
				size,	   false,	NULL,	    true };

	return ctx_check(c, acc);
}

uint32_t bc_ctx_size(uint32_t prog_type, uint32_t attach_type)
{
	(void)attach_type;
	return bc_prog_type_ops(prog_type)->ctx_size;
}

const char *bc_ctx_name(uint32_t prog_type)
{
	const char *name = bc_prog_type_ops(prog_type)->ctx_name;

	return name ? name : "ctx";
}

bool bc_ctx_retval(uint32_t prog_type, uint32_t attach_type, const char *target,
		   struct bc_retval *r)
{
	const struct bc_prog_type_ops *ops = bc_prog_type_ops(prog_type);

	memset(r, 0, sizeof(*r));
	return ops->retval_range && ops->retval_range(attach_type, target, r);
}

bool bc_ctx_arg_is_ctx(uint32_t prog_type, const struct bc_ctx_arg *a)
{
	const char *ctx = bc_prog_type_ops(prog_type)->ctx_name;
	/* the kernel's names for the structs the uapi ones stand for */
	static const char *const views[][2] = {
		{ "__sk_buff", "sk_buff" },
		{ "xdp_md", "xdp_buff" },
	};

	if (a->pt_regs)
		return prog_type == BPF_PROG_TYPE_KPROBE;
	if (!ctx || strncmp(ctx, "struct ", 7) || !a->pointee)
		return false;
	ctx += 7;
	if (!strcmp(ctx, a->pointee))
		return true;
	for (size_t i = 0; i < BC_ARRAY_SIZE(views); i++)
		if (!strcmp(ctx, views[i][0]) &&
		    !strcmp(a->pointee, views[i][1]))
			return true;
	return false;
}

/* What __arg_ctx may point to besides void and the context struct. */
bool bc_ctx_tag_u64(uint32_t attach_type BC_UNUSED, const struct bc_ctx_arg *a)
{
	return a->to_u64;
}

bool bc_ctx_tag_any(uint32_t attach_type BC_UNUSED,
		    const struct bc_ctx_arg *a BC_UNUSED)
{
	return true;
}

bool bc_ctx_tag_pt_regs(uint32_t attach_type BC_UNUSED,
			const struct bc_ctx_arg *a)
{
	return a->pt_regs || (a->pointee && !strcmp(a->pointee, "pt_regs"));
}

bool bc_ctx_tag_raw_tp(uint32_t attach_type BC_UNUSED,
		       const struct bc_ctx_arg *a)
{
	return a->to_u64 ||
	       (a->pointee && !strcmp(a->pointee, "bpf_raw_tracepoint_args"));
}

bool bc_ctx_tag_tracing(uint32_t attach_type, const struct bc_ctx_arg *a)
{
	const char *p = a->pointee ? a->pointee : "";

	if (attach_type == BPF_TRACE_RAW_TP)
		return bc_ctx_tag_raw_tp(attach_type, a);
	if (attach_type == BPF_TRACE_ITER)
		return !strncmp(p, "bpf_iter__", 10);
	return (attach_type == BPF_TRACE_FENTRY ||
		attach_type == BPF_TRACE_FEXIT ||
		attach_type == BPF_MODIFY_RETURN) &&
	       a->to_u64;
}

bool bc_ctx_arg_tag_ok(uint32_t prog_type, uint32_t attach_type,
		       const struct bc_ctx_arg *a)
{
	const struct bc_prog_type_ops *ops = bc_prog_type_ops(prog_type);

	if (a->to_void || bc_ctx_arg_is_ctx(prog_type, a))
		return true;
	return ops->ctx_tag_ok && ops->ctx_tag_ok(attach_type, a);
}

bool bc_ctx_retval_range(uint32_t prog_type, uint32_t attach_type, int64_t *lo,
			 int64_t *hi)
{
	struct bc_retval r;

	if (!bc_ctx_retval(prog_type, attach_type, NULL, &r))
		return false;
	if (lo)
		*lo = r.lo;
	if (hi)
		*hi = r.hi;
	return true;
}

bool bc_ctx_has_pkt(uint32_t prog_type, uint32_t attach_type, bool write)
{
	(void)attach_type;
	switch (bc_prog_type_ops(prog_type)->direct_pkt) {
	case BC_PKT_READ: return !write;
	case BC_PKT_READ_WRITE: return true;
	case BC_PKT_NONE: break;
	}
	return false;
}

bool bc_ctx_has_ld_abs(uint32_t prog_type)
{
	return bc_prog_type_ops(prog_type)->ld_abs;
}
