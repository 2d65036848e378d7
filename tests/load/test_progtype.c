// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Program types from section names and --type, map and type names. */
#include <stdio.h>
#include <string.h>

#include "prog/prog.h"

static int failures;

static void sec(const char *s, bool known, uint32_t type, uint32_t attach,
		bool aset)
{
	uint32_t t = 99, a = 99;
	bool as = true, k = bc_progtype_from_section(s, &t, &a, &as);

	if (k != known || t != type || (known && (a != attach || as != aset))) {
		fprintf(stderr,
			"section '%s': got known=%d type=%u attach=%u set=%d\n",
			s, k, t, a, as);
		failures++;
	}
}

static void parse(const char *s, bool ok, uint32_t type, uint32_t attach,
		  bool aset)
{
	uint32_t t = 0, a = 99;
	bool as = true, k = bc_progtype_parse(s, &t, &a, &as);

	if (k != ok || (ok && (t != type || a != attach || as != aset))) {
		fprintf(stderr,
			"--type '%s': got ok=%d type=%u attach=%u set=%d\n", s,
			k, t, a, as);
		failures++;
	}
}

static void name(const char *got, const char *want)
{
	if (strcmp(got, want)) {
		fprintf(stderr, "name: got '%s', want '%s'\n", got, want);
		failures++;
	}
}

int main(void)
{
	/* libbpf 1.x names */
	sec("xdp", true, BPF_PROG_TYPE_XDP, BPF_XDP, true);
	sec("xdp.frags", true, BPF_PROG_TYPE_XDP, BPF_XDP, true);
	sec("xdp/devmap", true, BPF_PROG_TYPE_XDP, BPF_XDP_DEVMAP, true);
	sec("tc", true, BPF_PROG_TYPE_SCHED_CLS, 0, false);
	sec("classifier", true, BPF_PROG_TYPE_SCHED_CLS, 0, false);
	sec("action", true, BPF_PROG_TYPE_SCHED_ACT, 0, false);
	sec("socket", true, BPF_PROG_TYPE_SOCKET_FILTER, 0, false);
	sec("kprobe/do_sys_open", true, BPF_PROG_TYPE_KPROBE, 0, false);
	sec("kretprobe/do_sys_open", true, BPF_PROG_TYPE_KPROBE, 0, false);
	sec("uprobe//bin/sh:main", true, BPF_PROG_TYPE_KPROBE, 0, false);
	sec("tracepoint/syscalls/sys_enter_openat", true,
	    BPF_PROG_TYPE_TRACEPOINT, 0, false);
	sec("tp/sched/sched_switch", true, BPF_PROG_TYPE_TRACEPOINT, 0, false);
	sec("raw_tp/sched_switch", true, BPF_PROG_TYPE_RAW_TRACEPOINT, 0,
	    false);
	sec("raw_tracepoint.w/foo", true, BPF_PROG_TYPE_RAW_TRACEPOINT_WRITABLE,
	    0, false);
	sec("tp_btf/sched_switch", true, BPF_PROG_TYPE_TRACING,
	    BPF_TRACE_RAW_TP, true);
	sec("fentry/tcp_connect", true, BPF_PROG_TYPE_TRACING, BPF_TRACE_FENTRY,
	    true);
	sec("fexit/tcp_connect", true, BPF_PROG_TYPE_TRACING, BPF_TRACE_FEXIT,
	    true);
	sec("lsm/file_open", true, BPF_PROG_TYPE_LSM, BPF_LSM_MAC, true);
	sec("iter/task", true, BPF_PROG_TYPE_TRACING, BPF_TRACE_ITER, true);
	sec("cgroup_skb/ingress", true, BPF_PROG_TYPE_CGROUP_SKB,
	    BPF_CGROUP_INET_INGRESS, true);
	sec("cgroup_skb/egress", true, BPF_PROG_TYPE_CGROUP_SKB,
	    BPF_CGROUP_INET_EGRESS, true);
	sec("cgroup/skb", true, BPF_PROG_TYPE_CGROUP_SKB, 0, false);
	sec("cgroup/sock", true, BPF_PROG_TYPE_CGROUP_SOCK,
	    BPF_CGROUP_INET_SOCK_CREATE, true);
	sec("cgroup/connect4", true, BPF_PROG_TYPE_CGROUP_SOCK_ADDR,
	    BPF_CGROUP_INET4_CONNECT, true);
	sec("cgroup/sendmsg6", true, BPF_PROG_TYPE_CGROUP_SOCK_ADDR,
	    BPF_CGROUP_UDP6_SENDMSG, true);
	sec("cgroup/getsockopt", true, BPF_PROG_TYPE_CGROUP_SOCKOPT,
	    BPF_CGROUP_GETSOCKOPT, true);
	sec("cgroup/sysctl", true, BPF_PROG_TYPE_CGROUP_SYSCTL,
	    BPF_CGROUP_SYSCTL, true);
	sec("cgroup/dev", true, BPF_PROG_TYPE_CGROUP_DEVICE, BPF_CGROUP_DEVICE,
	    true);
	sec("sockops", true, BPF_PROG_TYPE_SOCK_OPS, BPF_CGROUP_SOCK_OPS, true);
	sec("sk_skb", true, BPF_PROG_TYPE_SK_SKB, 0, false);
	sec("sk_skb/stream_parser", true, BPF_PROG_TYPE_SK_SKB,
	    BPF_SK_SKB_STREAM_PARSER, true);
	sec("sk_skb/stream_verdict", true, BPF_PROG_TYPE_SK_SKB,
	    BPF_SK_SKB_STREAM_VERDICT, true);
	sec("sk_msg", true, BPF_PROG_TYPE_SK_MSG, BPF_SK_MSG_VERDICT, true);
	sec("sk_lookup", true, BPF_PROG_TYPE_SK_LOOKUP, BPF_SK_LOOKUP, true);
	sec("lwt_in", true, BPF_PROG_TYPE_LWT_IN, 0, false);
	sec("lwt_out", true, BPF_PROG_TYPE_LWT_OUT, 0, false);
	sec("lwt_xmit", true, BPF_PROG_TYPE_LWT_XMIT, 0, false);
	sec("lwt_seg6local", true, BPF_PROG_TYPE_LWT_SEG6LOCAL, 0, false);
	sec("perf_event", true, BPF_PROG_TYPE_PERF_EVENT, 0, false);
	sec("flow_dissector", true, BPF_PROG_TYPE_FLOW_DISSECTOR,
	    BPF_FLOW_DISSECTOR, true);
	sec("lirc_mode2", true, BPF_PROG_TYPE_LIRC_MODE2, BPF_LIRC_MODE2, true);
	sec("struct_ops/dummy", true, BPF_PROG_TYPE_STRUCT_OPS, 0, false);
	sec("syscall", true, BPF_PROG_TYPE_SYSCALL, 0, false);
	/* names of objects built for older libbpf and iproute2 */
	sec("socket1", true, BPF_PROG_TYPE_SOCKET_FILTER, 0, false);
	sec("classifier_ingress", true, BPF_PROG_TYPE_SCHED_CLS, 0, false);
	sec("action-mirror", true, BPF_PROG_TYPE_SCHED_ACT, 0, false);
	sec("xdp_drop", true, BPF_PROG_TYPE_XDP, BPF_XDP, true);
	sec("kprobe.sys_write", true, BPF_PROG_TYPE_KPROBE, 0, false);
	sec("tracepoint_foo", true, BPF_PROG_TYPE_TRACEPOINT, 0, false);
	/* unknown */
	sec("my_section", false, BPF_PROG_TYPE_UNSPEC, 0, false);
	sec(".text", false, BPF_PROG_TYPE_UNSPEC, 0, false);

	parse("socket_filter", true, BPF_PROG_TYPE_SOCKET_FILTER, 0, false);
	parse("sched_cls", true, BPF_PROG_TYPE_SCHED_CLS, 0, false);
	parse("xdp", true, BPF_PROG_TYPE_XDP, 0, false);
	parse("kprobe", true, BPF_PROG_TYPE_KPROBE, 0, false);
	parse("lwt_out", true, BPF_PROG_TYPE_LWT_OUT, 0, false);
	parse("cgroup_sock_addr", true, BPF_PROG_TYPE_CGROUP_SOCK_ADDR, 0,
	      false);
	parse("raw_tracepoint_writable", true,
	      BPF_PROG_TYPE_RAW_TRACEPOINT_WRITABLE, 0, false);
	parse("syscall", true, BPF_PROG_TYPE_SYSCALL, 0, false);
	parse("cgroup/connect4", true, BPF_PROG_TYPE_CGROUP_SOCK_ADDR,
	      BPF_CGROUP_INET4_CONNECT, true);
	parse("cgroup_skb/egress", true, BPF_PROG_TYPE_CGROUP_SKB,
	      BPF_CGROUP_INET_EGRESS, true);
	parse("tc", true, BPF_PROG_TYPE_SCHED_CLS, 0, false);
	parse("socket1", false, 0, 0, false);
	parse("nonsense", false, 0, 0, false);
	parse("", false, 0, 0, false);

	name(bc_progtype_name(BPF_PROG_TYPE_SCHED_CLS), "sched_cls");
	name(bc_progtype_name(BPF_PROG_TYPE_SOCKET_FILTER), "socket_filter");
	name(bc_progtype_name(BPF_PROG_TYPE_UNSPEC), "unspec");
	name(bc_progtype_name(100000), "unknown");
	name(bc_maptype_name(BPF_MAP_TYPE_RINGBUF), "ringbuf");
	name(bc_maptype_name(BPF_MAP_TYPE_ARRAY_OF_MAPS), "array_of_maps");
	name(bc_maptype_name(BPF_MAP_TYPE_LRU_PERCPU_HASH), "lru_percpu_hash");
	name(bc_maptype_name(100000), "unknown");
	printf("%d failures\n", failures);
	return failures ? 1 : 0;
}
