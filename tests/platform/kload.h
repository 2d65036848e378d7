/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Loading tiny programs into the live kernel to compare verdicts. */
#ifndef TABLES_KLOAD_H
#define TABLES_KLOAD_H

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <errno.h>
#include <linux/bpf.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct ktype {
	uint32_t type, attach;
	const char *name;
	const char *btf_target; /* vmlinux BTF name to attach to, or NULL */
	int btf_kind;
};

#define KT(t, a)                                                               \
	{                                                                      \
		BPF_PROG_TYPE_##t, a, #t "/" #a, NULL, 0                       \
	}
#define KTB(t, a, target, kind)                                                \
	{                                                                      \
		BPF_PROG_TYPE_##t, a, #t "/" #a, target, BTF_KIND_##kind       \
	}
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
	/* BTF-attached types: contexts depend on the target, only the helper
	 * tests use these */
	KTB(TRACING, BPF_TRACE_FENTRY, "bpf_fentry_test1", FUNC),
	KTB(TRACING, BPF_TRACE_FEXIT, "bpf_fentry_test1", FUNC),
	KTB(TRACING, BPF_MODIFY_RETURN, "bpf_modify_return_test", FUNC),
	KTB(TRACING, BPF_TRACE_RAW_TP, "btf_trace_sys_enter", TYPEDEF),
	KTB(TRACING, BPF_TRACE_ITER, "bpf_iter_task", FUNC),
	KTB(LSM, BPF_LSM_MAC, "bpf_lsm_file_open", FUNC),
};
#define NKTYPES (sizeof(ktypes) / sizeof(ktypes[0]))

static char klog[65536];
static const char *klicense = "GPL";
/* BTF func_info for programs with subprograms (callbacks), if set */
static int kbtf_fd = -1;
static const struct bpf_func_info *kfunc_info;
static uint32_t kfunc_cnt;

/* A return value every program of this type may exit with. */
static int kret(const struct ktype *t)
{
	if (t->type == BPF_PROG_TYPE_CGROUP_SOCK_ADDR)
		switch (t->attach) {
		case BPF_CGROUP_UDP4_RECVMSG:
		case BPF_CGROUP_UDP6_RECVMSG:
		case BPF_CGROUP_INET4_GETPEERNAME:
		case BPF_CGROUP_INET6_GETPEERNAME:
		case BPF_CGROUP_INET4_GETSOCKNAME:
		case BPF_CGROUP_INET6_GETSOCKNAME: return 1;
		}
	return 0;
}

/* 1 accepted, 0 rejected (log in klog), -1 bpf() unusable. */
static int kload(const struct ktype *t, const struct bpf_insn *insns,
		 size_t cnt)
{
	LIBBPF_OPTS(bpf_prog_load_opts, o, .expected_attach_type = t->attach,
		    .log_buf = klog, .log_size = sizeof(klog), .log_level = 1);
	static struct btf *vmlinux;
	int fd;

	klog[0] = 0;
	if (kfunc_cnt) {
		o.prog_btf_fd = kbtf_fd;
		o.func_info = kfunc_info;
		o.func_info_cnt = kfunc_cnt;
		o.func_info_rec_size = sizeof(struct bpf_func_info);
	}
	if (t->btf_target) {
		int id;

		if (!vmlinux)
			vmlinux = btf__load_vmlinux_btf();
		if (!vmlinux) {
			snprintf(klog, sizeof(klog), "no vmlinux BTF");
			return 0;
		}
		id = btf__find_by_name_kind(vmlinux, t->btf_target,
					    t->btf_kind);
		if (id <= 0) {
			snprintf(klog, sizeof(klog), "no BTF for %s",
				 t->btf_target);
			return 0;
		}
		o.attach_btf_id = id;
	}
	fd = bpf_prog_load(t->type, NULL, klicense, insns, cnt, &o);
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
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K,
		  .dst_reg = 0,
		  .imm = kret(t) },
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
