// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * kfuncs by name (the table in kfuncs_table.c), and which program types
 * may call each: the hooks its id set is registered for
 * (register_btf_kfunc_id_set, bpf_prog_type_to_kfunc_hook in
 * kernel/bpf/btf.c) and the set's filter.
 */
#include <linux/bpf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/kfuncs.h"
#include "platform/kfuncs_ops.h"
#include "platform/kfuncs_table.h"
#include "util/util.h"

/* Linux's enum btf_kfunc_hook, as bits. */
enum {
	H_COMMON = 1u << 0,
	H_XDP = 1u << 1,
	H_TC = 1u << 2,
	H_STRUCT_OPS = 1u << 3,
	H_TRACING = 1u << 4,
	H_SYSCALL = 1u << 5,
	H_FMODRET = 1u << 6,
	H_CGROUP = 1u << 7,
	H_SCHED_ACT = 1u << 8,
	H_SK_SKB = 1u << 9,
	H_SOCKET_FILTER = 1u << 10,
	H_LWT = 1u << 11,
	H_NETFILTER = 1u << 12,
	H_KPROBE = 1u << 13,
	H_SOCK_OPS = 1u << 14,
};

static const char *const hook_names[] = {
	"common",	 "xdp",	    "tc",	 "struct_ops", "tracing",
	"syscall",	 "fmodret", "cgroup",	 "sched_act",  "sk_skb",
	"socket_filter", "lwt",	    "netfilter", "kprobe",     "sock_ops",
};

/* The set's filter (btf_kfunc_id_set.filter) beyond its hooks. */
enum set_filter { F_NONE, F_LSM, F_ITER, F_SESSION };

static const struct {
	const char *name;
	uint32_t hooks;
	uint8_t filter;
} sets[BC_KFS_NR] = {
	[BC_KFS_COMMON] = { "common_btf_ids", H_COMMON },
	[BC_KFS_GENERIC] = { "generic_btf_ids", H_TRACING | H_TC | H_XDP |
							H_STRUCT_OPS |
							H_SYSCALL | H_CGROUP },
	[BC_KFS_CPUMASK] = { "cpumask_kfunc_btf_ids",
			     H_TRACING | H_STRUCT_OPS | H_SYSCALL },
	[BC_KFS_KEY] = { "key_sig_kfunc_set", H_TRACING },
	[BC_KFS_ARENA] = { "arena_kfuncs", H_COMMON },
	[BC_KFS_MAP_ITER] = { "bpf_map_iter_kfunc_ids", H_COMMON },
	[BC_KFS_RQSPINLOCK] = { "rqspinlock_kfunc_ids", H_COMMON },
	[BC_KFS_NF_CT] = { "nf_ct_kfunc_set", H_XDP | H_TC },
	[BC_KFS_NF_NAT] = { "nf_nat_kfunc_set", H_XDP | H_TC },
	[BC_KFS_NF_FLOW] = { "nf_ft_kfunc_set", H_XDP },
	[BC_KFS_XFRM_IFC] = { "xfrm_ifc_kfunc_set", H_TC },
	[BC_KFS_XFRM_STATE] = { "xfrm_state_kfunc_set", H_XDP },
	[BC_KFS_SKB] = { "bpf_kfunc_check_set_skb",
			 H_TC | H_SCHED_ACT | H_SK_SKB | H_SOCKET_FILTER |
				 H_CGROUP | H_LWT | H_NETFILTER | H_TRACING },
	[BC_KFS_SKB_META] = { "bpf_kfunc_check_set_skb_meta", H_TC },
	[BC_KFS_XDP] = { "bpf_kfunc_check_set_xdp", H_XDP },
	/* registered for CGROUP_SOCK_ADDR: the cgroup hook */
	[BC_KFS_SOCK_ADDR] = { "bpf_kfunc_check_set_sock_addr", H_CGROUP },
	[BC_KFS_TCP_REQSK] = { "bpf_kfunc_check_set_tcp_reqsk", H_TC },
	[BC_KFS_SOCK_OPS] = { "bpf_kfunc_check_set_sock_ops", H_SOCK_OPS },
	[BC_KFS_SK_ITER] = { "bpf_sk_iter_kfunc_ids", H_TRACING, F_ITER },
	[BC_KFS_XDP_META] = { "xdp_metadata_kfunc_ids", H_XDP },
	[BC_KFS_TEST_FMODRET] = { "bpf_test_modify_return_ids", H_FMODRET },
	[BC_KFS_TEST_SK] = { "test_sk_check_kfunc_ids",
			     H_TC | H_TRACING | H_SYSCALL },
	[BC_KFS_FOU] = { "fou_kfunc_set", H_TC },
	[BC_KFS_KPROBE_SESSION] = { "kprobe_multi_kfunc_set_ids", H_KPROBE,
				    F_SESSION },
	[BC_KFS_RSTAT] = { "bpf_rstat_kfunc_ids", H_TRACING },
	[BC_KFS_CRYPTO_INIT] = { "crypt_init_kfunc_btf_ids", H_SYSCALL },
	[BC_KFS_CRYPTO] = { "crypt_kfunc_btf_ids", H_TC | H_SCHED_ACT | H_XDP },
	[BC_KFS_FSVERITY] = { "fsverity_set_ids", H_TRACING, F_LSM },
	[BC_KFS_FS] = { "bpf_fs_kfunc_set_ids", H_TRACING, F_LSM },
	[BC_KFS_HID] = { "hid_bpf_kfunc_ids", H_STRUCT_OPS | H_SYSCALL },
	/* kfuncs_ops.c's sets, each with its own hooks */
	[BC_KFS_OPS] = { "bpf_tcp_ca_kfunc_set, scx_kfunc_ids_*",
			 H_STRUCT_OPS },
	[BC_KFS_MPTCP_FMODRET] = { "bpf_mptcp_fmodret_ids", H_FMODRET },
};

static int by_name(const void *key, const void *elem)
{
	return strcmp(key, ((const struct bc_kfunc *)elem)->name);
}

const struct bc_kfunc *bc_kfunc_find(const char *name)
{
	const struct bc_kfunc *k = bsearch(name, bc_kfunc_table,
					   bc_kfunc_table_cnt,
					   sizeof(bc_kfunc_table[0]), by_name);

	return k ? k : bc_kfunc_ops_find(name);
}

const struct bc_kfunc *bc_kfunc_at(size_t i)
{
	return i < bc_kfunc_table_cnt ? &bc_kfunc_table[i] : NULL;
}

/* uapi values past this machine's headers */
#define PROG_TYPE_NETFILTER  32
#define TRACE_KPROBE_SESSION 56
#define TRACE_UPROBE_SESSION 57

/* Linux's bpf_prog_type_to_kfunc_hook, as a bit (0: no hook). */
static uint32_t prog_hook(uint32_t t)
{
	switch (t) {
	case BPF_PROG_TYPE_XDP: return H_XDP;
	case BPF_PROG_TYPE_SCHED_CLS: return H_TC;
	case BPF_PROG_TYPE_STRUCT_OPS: return H_STRUCT_OPS;
	case BPF_PROG_TYPE_TRACING:
	case BPF_PROG_TYPE_TRACEPOINT:
	case BPF_PROG_TYPE_PERF_EVENT:
	case BPF_PROG_TYPE_LSM: return H_TRACING;
	case BPF_PROG_TYPE_SYSCALL: return H_SYSCALL;
	case BPF_PROG_TYPE_CGROUP_SKB:
	case BPF_PROG_TYPE_CGROUP_SOCK:
	case BPF_PROG_TYPE_CGROUP_DEVICE:
	case BPF_PROG_TYPE_CGROUP_SOCK_ADDR:
	case BPF_PROG_TYPE_CGROUP_SOCKOPT:
	case BPF_PROG_TYPE_CGROUP_SYSCTL: return H_CGROUP;
	case BPF_PROG_TYPE_SCHED_ACT: return H_SCHED_ACT;
	case BPF_PROG_TYPE_SK_SKB: return H_SK_SKB;
	case BPF_PROG_TYPE_SOCKET_FILTER: return H_SOCKET_FILTER;
	case BPF_PROG_TYPE_LWT_OUT:
	case BPF_PROG_TYPE_LWT_IN:
	case BPF_PROG_TYPE_LWT_XMIT:
	case BPF_PROG_TYPE_LWT_SEG6LOCAL: return H_LWT;
	case PROG_TYPE_NETFILTER: return H_NETFILTER;
	case BPF_PROG_TYPE_KPROBE: return H_KPROBE;
	case BPF_PROG_TYPE_SOCK_OPS: return H_SOCK_OPS;
	default: return 0;
	}
}

/*
 * tracing_iter_filter, bpf_kprobe_multi_filter (6.18: kprobe or uprobe
 * session), bpf_fs_kfuncs_filter
 */
static bool filter_passes(uint8_t filter, uint32_t t, uint32_t attach)
{
	switch ((enum set_filter)filter) {
	case F_NONE: return true;
	case F_LSM: return t == BPF_PROG_TYPE_LSM;
	case F_ITER: return attach == BPF_TRACE_ITER;
	case F_SESSION:
		return attach == TRACE_KPROBE_SESSION ||
		       attach == TRACE_UPROBE_SESSION;
	}
	return false;
}

bool bc_kfunc_allowed(const struct bc_kfunc *k, uint32_t t, uint32_t attach)
{
	uint32_t hooks = sets[k->set].hooks;

	if (k->set == BC_KFS_OPS)
		return bc_kfunc_ops_allowed(k, t);
	if (!(hooks & H_COMMON) && !(hooks & prog_hook(t)))
		return false;
	return filter_passes(sets[k->set].filter, t, attach);
}

const char *bc_kfunc_set_name(const struct bc_kfunc *k)
{
	return sets[k->set].name;
}

void bc_kfunc_hooks_str(const struct bc_kfunc *k, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = 0;
	for (size_t i = 0; i < BC_ARRAY_SIZE(hook_names); i++)
		if ((sets[k->set].hooks & (1u << i)) && n < len)
			n += (size_t)snprintf(buf + n, len - n, "%s%s",
					      n ? "," : "", hook_names[i]);
	if (sets[k->set].filter == F_LSM && n < len)
		snprintf(buf + n, len - n, " (lsm only)");
	else if (sets[k->set].filter == F_ITER && n < len)
		snprintf(buf + n, len - n, " (iter only)");
	else if (sets[k->set].filter == F_SESSION && n < len)
		snprintf(buf + n, len - n, " (kprobe.session only)");
}

void bc_kfunc_flags_str(uint32_t flags, char *buf, size_t len)
{
	static const struct {
		uint32_t bit;
		const char *name;
	} names[] = {
		{ BC_KF_ACQUIRE, "KF_ACQUIRE" },
		{ BC_KF_RELEASE, "KF_RELEASE" },
		{ BC_KF_RET_NULL, "KF_RET_NULL" },
		{ BC_KF_TRUSTED_ARGS, "KF_TRUSTED_ARGS" },
		{ BC_KF_SLEEPABLE, "KF_SLEEPABLE" },
		{ BC_KF_DESTRUCTIVE, "KF_DESTRUCTIVE" },
		{ BC_KF_RCU, "KF_RCU" },
		{ BC_KF_ITER_NEW, "KF_ITER_NEW" },
		{ BC_KF_ITER_NEXT, "KF_ITER_NEXT" },
		{ BC_KF_ITER_DESTROY, "KF_ITER_DESTROY" },
		{ BC_KF_RCU_PROTECTED, "KF_RCU_PROTECTED" },
	};
	size_t n = 0;

	snprintf(buf, len, "0");
	for (size_t i = 0; i < BC_ARRAY_SIZE(names); i++)
		if ((flags & names[i].bit) && n < len)
			n += (size_t)snprintf(buf + n, len - n, "%s%s",
					      n ? "|" : "", names[i].name);
}
