// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The kfuncs Linux ships, with their flags and id sets (kfuncs.h), as the
 * kernel's sources state them (Linux 6.12: kernel/bpf/helpers.c
 * generic_btf_ids and common_btf_ids, kernel/bpf/cpumask.c, the key
 * kfuncs of kernel/trace/bpf_trace.c). Sorted by name.
 */
#include <linux/bpf.h>
#include <stdlib.h>
#include <string.h>

#include "platform/kfuncs.h"
#include "platform/kfuncs_ops.h"
#include "util/util.h"

#define ACQ BC_KF_ACQUIRE
#define REL BC_KF_RELEASE
#define NUL BC_KF_RET_NULL
#define TRU BC_KF_TRUSTED_ARGS
#define RCU BC_KF_RCU
#define NEW BC_KF_ITER_NEW
#define NXT (BC_KF_ITER_NEXT | BC_KF_RET_NULL)
#define DES BC_KF_ITER_DESTROY
#define RCP BC_KF_RCU_PROTECTED
#define SLP BC_KF_SLEEPABLE

/* A kfunc, and one with arguments the kernel names __ign (bit i: arg i). */
#define K(n, fl, st)                                                           \
	{                                                                      \
		.name = n, .flags = fl, .set = st                              \
	}
#define KI(n, fl, st, ig)                                                      \
	{                                                                      \
		.name = n, .flags = fl, .set = st, .ign = ig                   \
	}

static const struct bc_kfunc kfuncs[] = {
	/* kernel/bpf/arena.c's arena_kfuncs (BPF_PROG_TYPE_UNSPEC: every
	 * type); bpf_arena_reserve_pages from 6.17 */
	KI("bpf_arena_alloc_pages", TRU | SLP, BC_KFS_COMMON, 1u << 1),
	KI("bpf_arena_free_pages", TRU | SLP, BC_KFS_COMMON, 1u << 1),
	KI("bpf_arena_reserve_pages", TRU | SLP, BC_KFS_COMMON, 1u << 1),
	K("bpf_cast_to_kern_ctx", 0, BC_KFS_COMMON),
	K("bpf_cgroup_acquire", ACQ | RCU | NUL, BC_KFS_GENERIC),
	K("bpf_cgroup_ancestor", ACQ | RCU | NUL, BC_KFS_GENERIC),
	K("bpf_cgroup_from_id", ACQ | NUL, BC_KFS_GENERIC),
	K("bpf_cgroup_release", REL, BC_KFS_GENERIC),
	K("bpf_cpumask_acquire", ACQ | TRU, BC_KFS_CPUMASK),
	K("bpf_cpumask_and", RCU, BC_KFS_CPUMASK),
	K("bpf_cpumask_any_and_distribute", RCU, BC_KFS_CPUMASK),
	K("bpf_cpumask_any_distribute", RCU, BC_KFS_CPUMASK),
	K("bpf_cpumask_clear", RCU, BC_KFS_CPUMASK),
	K("bpf_cpumask_clear_cpu", RCU, BC_KFS_CPUMASK),
	K("bpf_cpumask_copy", RCU, BC_KFS_CPUMASK),
	K("bpf_cpumask_create", ACQ | NUL, BC_KFS_CPUMASK),
	K("bpf_cpumask_empty", RCU, BC_KFS_CPUMASK),
	K("bpf_cpumask_equal", RCU, BC_KFS_CPUMASK),
	K("bpf_cpumask_first", RCU, BC_KFS_CPUMASK),
	K("bpf_cpumask_first_and", RCU, BC_KFS_CPUMASK),
	K("bpf_cpumask_first_zero", RCU, BC_KFS_CPUMASK),
	K("bpf_cpumask_full", RCU, BC_KFS_CPUMASK),
	K("bpf_cpumask_intersects", RCU, BC_KFS_CPUMASK),
	K("bpf_cpumask_or", RCU, BC_KFS_CPUMASK),
	K("bpf_cpumask_release", REL, BC_KFS_CPUMASK),
	K("bpf_cpumask_set_cpu", RCU, BC_KFS_CPUMASK),
	K("bpf_cpumask_setall", RCU, BC_KFS_CPUMASK),
	K("bpf_cpumask_subset", RCU, BC_KFS_CPUMASK),
	K("bpf_cpumask_test_and_clear_cpu", RCU, BC_KFS_CPUMASK),
	K("bpf_cpumask_test_and_set_cpu", RCU, BC_KFS_CPUMASK),
	K("bpf_cpumask_test_cpu", RCU, BC_KFS_CPUMASK),
	K("bpf_cpumask_weight", RCU, BC_KFS_CPUMASK),
	K("bpf_cpumask_xor", RCU, BC_KFS_CPUMASK),
	K("bpf_dynptr_adjust", 0, BC_KFS_COMMON),
	K("bpf_dynptr_clone", 0, BC_KFS_COMMON),
	K("bpf_dynptr_from_skb", TRU, BC_KFS_SKB),
	K("bpf_dynptr_from_xdp", 0, BC_KFS_XDP),
	K("bpf_dynptr_is_null", 0, BC_KFS_COMMON),
	K("bpf_dynptr_is_rdonly", 0, BC_KFS_COMMON),
	K("bpf_dynptr_size", 0, BC_KFS_COMMON),
	K("bpf_dynptr_slice", NUL, BC_KFS_COMMON),
	K("bpf_dynptr_slice_rdwr", NUL, BC_KFS_COMMON),
	K("bpf_iter_bits_destroy", DES, BC_KFS_COMMON),
	KI("bpf_iter_bits_new", NEW, BC_KFS_COMMON, 1u << 1),
	K("bpf_iter_bits_next", NXT, BC_KFS_COMMON),
	K("bpf_iter_css_destroy", DES, BC_KFS_COMMON),
	K("bpf_iter_css_new", NEW | TRU | RCP, BC_KFS_COMMON),
	K("bpf_iter_css_next", NXT, BC_KFS_COMMON),
	K("bpf_iter_css_task_destroy", DES, BC_KFS_COMMON),
	K("bpf_iter_css_task_new", NEW | TRU, BC_KFS_COMMON),
	K("bpf_iter_css_task_next", NXT, BC_KFS_COMMON),
	K("bpf_iter_num_destroy", DES, BC_KFS_COMMON),
	K("bpf_iter_num_new", NEW, BC_KFS_COMMON),
	K("bpf_iter_num_next", NXT, BC_KFS_COMMON),
	K("bpf_iter_task_destroy", DES, BC_KFS_COMMON),
	K("bpf_iter_task_new", NEW | TRU | RCP, BC_KFS_COMMON),
	K("bpf_iter_task_next", NXT, BC_KFS_COMMON),
	K("bpf_iter_task_vma_destroy", DES, BC_KFS_COMMON),
	K("bpf_iter_task_vma_new", NEW | RCU, BC_KFS_COMMON),
	K("bpf_iter_task_vma_next", NXT, BC_KFS_COMMON),
	K("bpf_key_put", REL, BC_KFS_KEY),
	K("bpf_lookup_system_key", ACQ | NUL, BC_KFS_KEY),
	K("bpf_lookup_user_key", ACQ | NUL | SLP, BC_KFS_KEY),
	K("bpf_rcu_read_lock", 0, BC_KFS_COMMON),
	K("bpf_rcu_read_unlock", 0, BC_KFS_COMMON),
	KI("bpf_rdonly_cast", 0, BC_KFS_COMMON, 1u << 0),
	K("bpf_task_acquire", ACQ | RCU | NUL, BC_KFS_GENERIC),
	K("bpf_task_from_pid", ACQ | NUL, BC_KFS_GENERIC),
	K("bpf_task_get_cgroup1", ACQ | RCU | NUL, BC_KFS_GENERIC),
	K("bpf_task_release", REL, BC_KFS_GENERIC),
	K("bpf_task_under_cgroup", RCU, BC_KFS_GENERIC),
	K("bpf_verify_pkcs7_signature", SLP, BC_KFS_KEY),
};

static int by_name(const void *key, const void *elem)
{
	return strcmp(key, ((const struct bc_kfunc *)elem)->name);
}

const struct bc_kfunc *bc_kfunc_find(const char *name)
{
	const struct bc_kfunc *k = bsearch(name, kfuncs, BC_ARRAY_SIZE(kfuncs),
					   sizeof(kfuncs[0]), by_name);

	return k ? k : bc_kfunc_ops_find(name);
}

/*
 * The kfunc hook of each program type (bpf_prog_type_to_kfunc_hook):
 * tracing covers tracepoint, perf_event and LSM programs too, and a set
 * registered for cgroup_skb serves every cgroup program type.
 */
static bool tracing_hook(uint32_t t)
{
	return t == BPF_PROG_TYPE_TRACING || t == BPF_PROG_TYPE_TRACEPOINT ||
	       t == BPF_PROG_TYPE_PERF_EVENT || t == BPF_PROG_TYPE_LSM;
}

static bool cgroup_hook(uint32_t t)
{
	static const uint32_t cgroup_types[] = {
		BPF_PROG_TYPE_CGROUP_SKB,     BPF_PROG_TYPE_CGROUP_SOCK,
		BPF_PROG_TYPE_CGROUP_DEVICE,  BPF_PROG_TYPE_CGROUP_SOCK_ADDR,
		BPF_PROG_TYPE_CGROUP_SOCKOPT, BPF_PROG_TYPE_CGROUP_SYSCTL,
	};

	for (size_t i = 0; i < BC_ARRAY_SIZE(cgroup_types); i++)
		if (t == cgroup_types[i])
			return true;
	return false;
}

/* The program types bpf_kfunc_set_skb is registered for. */
static bool skb_hook(uint32_t t)
{
	switch (t) {
	case BPF_PROG_TYPE_SCHED_CLS:
	case BPF_PROG_TYPE_SCHED_ACT:
	case BPF_PROG_TYPE_SK_SKB:
	case BPF_PROG_TYPE_SOCKET_FILTER:
	case BPF_PROG_TYPE_LWT_OUT:
	case BPF_PROG_TYPE_LWT_IN:
	case BPF_PROG_TYPE_LWT_XMIT:
	case BPF_PROG_TYPE_LWT_SEG6LOCAL:
	case 32: /* BPF_PROG_TYPE_NETFILTER (6.4) */ return true;
	}
	return tracing_hook(t) || cgroup_hook(t);
}

bool bc_kfunc_allowed(const struct bc_kfunc *k, uint32_t t)
{
	switch ((enum bc_kfunc_set)k->set) {
	case BC_KFS_COMMON: return true;
	case BC_KFS_GENERIC:
		return tracing_hook(t) || cgroup_hook(t) ||
		       t == BPF_PROG_TYPE_SCHED_CLS || t == BPF_PROG_TYPE_XDP ||
		       t == BPF_PROG_TYPE_STRUCT_OPS ||
		       t == BPF_PROG_TYPE_SYSCALL;
	case BC_KFS_CPUMASK:
		return tracing_hook(t) || t == BPF_PROG_TYPE_STRUCT_OPS ||
		       t == BPF_PROG_TYPE_SYSCALL;
	case BC_KFS_KEY: return tracing_hook(t);
	case BC_KFS_SKB: return skb_hook(t);
	case BC_KFS_XDP: return t == BPF_PROG_TYPE_XDP;
	case BC_KFS_OPS: return bc_kfunc_ops_allowed(k, t);
	}
	return false;
}
