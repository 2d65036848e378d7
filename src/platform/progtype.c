// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Program types from section names, the way libbpf 1.x infers them, with a
 * second, prefix-only pass for the names that objects built for older
 * libbpf and iproute2 use ("socket1", "classifier_ingress", "xdp_drop").
 */
#include <stdio.h>
#include <string.h>

#include <bpf/libbpf.h>

#include "load/prog.h"

enum sec_match {
	SEC_EXACT,	/* "xdp": only "xdp" */
	SEC_PLUS,	/* "kprobe+": "kprobe" or "kprobe/..." */
	SEC_SLASH,	/* "iter/": must be "iter/..." */
};

struct sec_def {
	const char *name;
	enum sec_match match;
	uint32_t type;
	uint32_t attach;
	bool attach_set;
};

#define E(n, t, a, s) { n, SEC_EXACT, BPF_PROG_TYPE_##t, a, s }
#define P(n, t, a, s) { n, SEC_PLUS, BPF_PROG_TYPE_##t, a, s }

/* Order matters: longer names before their prefixes. */
static const struct sec_def sec_defs[] = {
	E("socket", SOCKET_FILTER, 0, false),
	E("sk_reuseport/migrate", SK_REUSEPORT,
	  BPF_SK_REUSEPORT_SELECT_OR_MIGRATE, true),
	E("sk_reuseport", SK_REUSEPORT, BPF_SK_REUSEPORT_SELECT, true),
	P("kprobe.multi", KPROBE, BPF_TRACE_KPROBE_MULTI, true),
	P("kretprobe.multi", KPROBE, BPF_TRACE_KPROBE_MULTI, true),
	P("kprobe", KPROBE, 0, false),
	P("kretprobe", KPROBE, 0, false),
	P("uprobe.s", KPROBE, 0, false),
	P("uprobe", KPROBE, 0, false),
	P("uretprobe.s", KPROBE, 0, false),
	P("uretprobe", KPROBE, 0, false),
	P("ksyscall", KPROBE, 0, false),
	P("kretsyscall", KPROBE, 0, false),
	P("usdt", KPROBE, 0, false),
	E("tc", SCHED_CLS, 0, false),
	E("classifier", SCHED_CLS, 0, false),
	E("action", SCHED_ACT, 0, false),
	P("tracepoint", TRACEPOINT, 0, false),
	P("tp_btf", TRACING, BPF_TRACE_RAW_TP, true),
	P("tp", TRACEPOINT, 0, false),
	P("raw_tracepoint.w", RAW_TRACEPOINT_WRITABLE, 0, false),
	P("raw_tracepoint", RAW_TRACEPOINT, 0, false),
	P("raw_tp.w", RAW_TRACEPOINT_WRITABLE, 0, false),
	P("raw_tp", RAW_TRACEPOINT, 0, false),
	P("fentry.s", TRACING, BPF_TRACE_FENTRY, true),
	P("fentry", TRACING, BPF_TRACE_FENTRY, true),
	P("fmod_ret.s", TRACING, BPF_MODIFY_RETURN, true),
	P("fmod_ret", TRACING, BPF_MODIFY_RETURN, true),
	P("fexit.s", TRACING, BPF_TRACE_FEXIT, true),
	P("fexit", TRACING, BPF_TRACE_FEXIT, true),
	P("freplace", EXT, 0, false),
	P("lsm_cgroup", LSM, BPF_LSM_CGROUP, true),
	P("lsm.s", LSM, BPF_LSM_MAC, true),
	P("lsm", LSM, BPF_LSM_MAC, true),
	P("iter.s", TRACING, BPF_TRACE_ITER, true),
	P("iter", TRACING, BPF_TRACE_ITER, true),
	E("syscall", SYSCALL, 0, false),
	E("xdp.frags/devmap", XDP, BPF_XDP_DEVMAP, true),
	E("xdp/devmap", XDP, BPF_XDP_DEVMAP, true),
	E("xdp.frags/cpumap", XDP, BPF_XDP_CPUMAP, true),
	E("xdp/cpumap", XDP, BPF_XDP_CPUMAP, true),
	E("xdp.frags", XDP, BPF_XDP, true),
	E("xdp", XDP, BPF_XDP, true),
	E("perf_event", PERF_EVENT, 0, false),
	E("lwt_in", LWT_IN, 0, false),
	E("lwt_out", LWT_OUT, 0, false),
	E("lwt_xmit", LWT_XMIT, 0, false),
	E("lwt_seg6local", LWT_SEG6LOCAL, 0, false),
	E("sockops", SOCK_OPS, BPF_CGROUP_SOCK_OPS, true),
	E("sk_skb/stream_parser", SK_SKB, BPF_SK_SKB_STREAM_PARSER, true),
	E("sk_skb/stream_verdict", SK_SKB, BPF_SK_SKB_STREAM_VERDICT, true),
	E("sk_skb", SK_SKB, 0, false),
	E("sk_msg", SK_MSG, BPF_SK_MSG_VERDICT, true),
	E("lirc_mode2", LIRC_MODE2, BPF_LIRC_MODE2, true),
	E("flow_dissector", FLOW_DISSECTOR, BPF_FLOW_DISSECTOR, true),
	E("cgroup_skb/ingress", CGROUP_SKB, BPF_CGROUP_INET_INGRESS, true),
	E("cgroup_skb/egress", CGROUP_SKB, BPF_CGROUP_INET_EGRESS, true),
	E("cgroup/skb", CGROUP_SKB, 0, false),
	E("cgroup/sock_create", CGROUP_SOCK, BPF_CGROUP_INET_SOCK_CREATE, true),
	E("cgroup/sock_release", CGROUP_SOCK, BPF_CGROUP_INET_SOCK_RELEASE,
	  true),
	E("cgroup/sock", CGROUP_SOCK, BPF_CGROUP_INET_SOCK_CREATE, true),
	E("cgroup/post_bind4", CGROUP_SOCK, BPF_CGROUP_INET4_POST_BIND, true),
	E("cgroup/post_bind6", CGROUP_SOCK, BPF_CGROUP_INET6_POST_BIND, true),
	E("cgroup/bind4", CGROUP_SOCK_ADDR, BPF_CGROUP_INET4_BIND, true),
	E("cgroup/bind6", CGROUP_SOCK_ADDR, BPF_CGROUP_INET6_BIND, true),
	E("cgroup/connect4", CGROUP_SOCK_ADDR, BPF_CGROUP_INET4_CONNECT, true),
	E("cgroup/connect6", CGROUP_SOCK_ADDR, BPF_CGROUP_INET6_CONNECT, true),
	E("cgroup/sendmsg4", CGROUP_SOCK_ADDR, BPF_CGROUP_UDP4_SENDMSG, true),
	E("cgroup/sendmsg6", CGROUP_SOCK_ADDR, BPF_CGROUP_UDP6_SENDMSG, true),
	E("cgroup/recvmsg4", CGROUP_SOCK_ADDR, BPF_CGROUP_UDP4_RECVMSG, true),
	E("cgroup/recvmsg6", CGROUP_SOCK_ADDR, BPF_CGROUP_UDP6_RECVMSG, true),
	E("cgroup/getpeername4", CGROUP_SOCK_ADDR,
	  BPF_CGROUP_INET4_GETPEERNAME, true),
	E("cgroup/getpeername6", CGROUP_SOCK_ADDR,
	  BPF_CGROUP_INET6_GETPEERNAME, true),
	E("cgroup/getsockname4", CGROUP_SOCK_ADDR,
	  BPF_CGROUP_INET4_GETSOCKNAME, true),
	E("cgroup/getsockname6", CGROUP_SOCK_ADDR,
	  BPF_CGROUP_INET6_GETSOCKNAME, true),
	E("cgroup/sysctl", CGROUP_SYSCTL, BPF_CGROUP_SYSCTL, true),
	E("cgroup/getsockopt", CGROUP_SOCKOPT, BPF_CGROUP_GETSOCKOPT, true),
	E("cgroup/setsockopt", CGROUP_SOCKOPT, BPF_CGROUP_SETSOCKOPT, true),
	E("cgroup/dev", CGROUP_DEVICE, BPF_CGROUP_DEVICE, true),
	P("struct_ops", STRUCT_OPS, 0, false),
	E("sk_lookup", SK_LOOKUP, BPF_SK_LOOKUP, true),
};

#undef E
#undef P

static bool def_matches(const struct sec_def *d, const char *sec, bool sloppy)
{
	size_t n = strlen(d->name);

	if (sloppy)
		return strncmp(sec, d->name, n) == 0;
	switch (d->match) {
	case SEC_PLUS:
		return strncmp(sec, d->name, n) == 0 &&
		       (sec[n] == '\0' || sec[n] == '/');
	case SEC_SLASH:
		return strncmp(sec, d->name, n) == 0 && sec[n] == '/';
	default:
		return strcmp(sec, d->name) == 0;
	}
}

static const struct sec_def *find_def(const char *sec, bool sloppy)
{
	size_t i;

	for (i = 0; i < BC_ARRAY_SIZE(sec_defs); i++)
		if (def_matches(&sec_defs[i], sec, sloppy))
			return &sec_defs[i];
	return NULL;
}

bool bc_progtype_from_section(const char *sec, uint32_t *type,
			      uint32_t *attach, bool *attach_set)
{
	const struct sec_def *d = find_def(sec, false);

	if (!d)
		d = find_def(sec, true);
	*type = d ? d->type : BPF_PROG_TYPE_UNSPEC;
	*attach = d ? d->attach : 0;
	*attach_set = d ? d->attach_set : false;
	return d != NULL;
}

bool bc_progtype_parse(const char *name, uint32_t *type, uint32_t *attach,
		       bool *attach_set)
{
	const struct sec_def *d;
	const char *s;
	uint32_t t;

	*attach = 0;
	*attach_set = false;
	for (t = 1; (s = libbpf_bpf_prog_type_str(t)) != NULL; t++) {
		if (!strcmp(s, name)) {
			*type = t;
			return true;
		}
	}
	/* A section-style name: exact libbpf spelling only, no prefixes. */
	d = find_def(name, false);
	if (!d)
		return false;
	*type = d->type;
	*attach = d->attach;
	*attach_set = d->attach_set;
	return true;
}

bool bc_progtype_spell(uint32_t type, uint32_t attach, bool attach_set,
		       char *buf, size_t len)
{
	for (size_t i = 0; i < BC_ARRAY_SIZE(sec_defs); i++) {
		const struct sec_def *d = &sec_defs[i];
		uint32_t t, a;
		bool aset;

		if (d->type != type || d->attach_set != attach_set ||
		    (attach_set && d->attach != attach))
			continue;
		/* "iter/" style names need something after the slash */
		snprintf(buf, len, "%s%s", d->name,
			 d->match == SEC_SLASH ? "/x" : "");
		if (bc_progtype_parse(buf, &t, &a, &aset) && t == type &&
		    aset == attach_set && (!aset || a == attach))
			return true;
	}
	return false;
}

const char *bc_progtype_name(uint32_t type)
{
	const char *s = libbpf_bpf_prog_type_str(type);

	return s ? s : "unknown";
}

const char *bc_maptype_name(uint32_t type)
{
	const char *s = libbpf_bpf_map_type_str(type);

	return s ? s : "unknown";
}
