/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Loading tiny programs into the live kernel to compare verdicts. */
#ifndef TABLES_KLOAD_H
#define TABLES_KLOAD_H

#include <bpf/bpf.h>
#include <errno.h>
#include <linux/bpf.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct ktype {
	uint32_t type, attach;
	const char *name;
};

#define KT(t, a) { BPF_PROG_TYPE_##t, a, #t "/" #a }
static const struct ktype ktypes[] = {
	KT(SOCKET_FILTER, 0),
	KT(SCHED_CLS, 0),
	KT(SCHED_ACT, 0),
	KT(XDP, 0),
	KT(XDP, BPF_XDP_DEVMAP),
	KT(KPROBE, 0),
	KT(TRACEPOINT, 0),
	KT(RAW_TRACEPOINT, 0),
	KT(PERF_EVENT, 0),
	KT(CGROUP_SKB, BPF_CGROUP_INET_INGRESS),
	KT(CGROUP_SKB, BPF_CGROUP_INET_EGRESS),
	KT(CGROUP_SOCK, BPF_CGROUP_INET_SOCK_CREATE),
	KT(CGROUP_SOCK, BPF_CGROUP_INET4_POST_BIND),
	KT(CGROUP_SOCK, BPF_CGROUP_INET6_POST_BIND),
	KT(CGROUP_SOCK, BPF_CGROUP_INET_SOCK_RELEASE),
	KT(CGROUP_SOCK_ADDR, BPF_CGROUP_INET4_BIND),
	KT(CGROUP_SOCK_ADDR, BPF_CGROUP_INET4_CONNECT),
	KT(CGROUP_SOCK_ADDR, BPF_CGROUP_INET6_CONNECT),
	KT(CGROUP_SOCK_ADDR, BPF_CGROUP_UDP4_SENDMSG),
	KT(CGROUP_SOCK_ADDR, BPF_CGROUP_UDP6_SENDMSG),
	KT(CGROUP_SOCK_ADDR, BPF_CGROUP_UDP4_RECVMSG),
	KT(CGROUP_SOCK_ADDR, BPF_CGROUP_INET6_GETPEERNAME),
	KT(SOCK_OPS, 0),
	KT(SK_SKB, 0),
	KT(SK_MSG, 0),
	KT(LWT_IN, 0),
	KT(LWT_OUT, 0),
	KT(LWT_XMIT, 0),
	KT(LWT_SEG6LOCAL, 0),
	KT(FLOW_DISSECTOR, 0),
	KT(CGROUP_DEVICE, 0),
	KT(CGROUP_SYSCTL, 0),
	KT(CGROUP_SOCKOPT, BPF_CGROUP_GETSOCKOPT),
	KT(CGROUP_SOCKOPT, BPF_CGROUP_SETSOCKOPT),
	KT(SK_LOOKUP, BPF_SK_LOOKUP),
	KT(SK_REUSEPORT, BPF_SK_REUSEPORT_SELECT),
	KT(SK_REUSEPORT, BPF_SK_REUSEPORT_SELECT_OR_MIGRATE),
};
#define NKTYPES (sizeof(ktypes) / sizeof(ktypes[0]))

static char klog[65536];

/* 1 accepted, 0 rejected (log in klog), -1 bpf() unusable. */
static int kload(const struct ktype *t, const struct bpf_insn *insns,
		 size_t cnt)
{
	LIBBPF_OPTS(bpf_prog_load_opts, o,
		    .expected_attach_type = t->attach,
		    .log_buf = klog, .log_size = sizeof(klog), .log_level = 1);
	int fd;

	klog[0] = 0;
	fd = bpf_prog_load(t->type, NULL, "GPL", insns, cnt, &o);
	if (fd >= 0) {
		close(fd);
		return 1;
	}
	if (errno == EPERM || errno == ENOSYS)
		return -1;
	return 0;
}

/* Can the kernel load a trivial program of this type at all? */
static int ktype_usable(const struct ktype *t)
{
	struct bpf_insn p[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = 1 },
		{ .code = BPF_JMP | BPF_EXIT },
	};

	return kload(t, p, 2);
}

/* Last line of the kernel log before its statistics lines. */
static const char *klast(void)
{
	static char line[512];
	size_t n = strlen(klog);
	const char *s;

	for (;;) {
		while (n && klog[n - 1] == '\n')
			n--;
		s = klog + n;
		while (s > klog && s[-1] != '\n')
			s--;
		if (s == klog || (strncmp(s, "processed ", 10) &&
				  strncmp(s, "verification time", 17) &&
				  strncmp(s, "stack depth", 11)))
			break;
		n = (size_t)(s - klog);
	}
	while (s > klog && s[-1] != '\n')
		s--;
	snprintf(line, sizeof(line), "%.*s", (int)(klog + n - s), s);
	return line;
}

#endif
