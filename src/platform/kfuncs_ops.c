// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The kfuncs of struct_ops ops, as Linux 6.12 registers them:
 * net/ipv4/bpf_tcp_ca.c (bpf_tcp_ca_kfunc_set), tcp_cubic.c, tcp_bbr.c and
 * tcp_dctcp.c (each its module's set), all for BPF_PROG_TYPE_STRUCT_OPS;
 * kernel/sched/ext.c's scx_kfunc_ids_* sets: select_cpu, enqueue_dispatch,
 * dispatch and cpu_release for struct_ops, unlocked also for syscall
 * programs, any also for tracing and syscall programs. The ops member
 * a set is meant for (select_cpu's for scx_bpf_select_cpu_dfl, ...) is
 * checked when the kfunc runs in 6.12 (scx_kf_allowed), not by the
 * verifier. Sorted by name.
 */
#include <linux/bpf.h>
#include <stdlib.h>
#include <string.h>

#include "platform/kfuncs_ops.h"
#include "util/util.h"

/* The program types a set is registered for (its kfunc hooks). */
enum {
	HOOK_STRUCT_OPS = 1,
	HOOK_SYSCALL = 2,
	HOOK_TRACING = 4,
};

struct ops_kfunc {
	struct bc_kfunc k; /* first: a bc_kfunc * is an ops_kfunc * */
	uint8_t hooks;
	const char *set; /* the kernel's id set */
};

#define ST	 HOOK_STRUCT_OPS
#define UNLOCKED (HOOK_STRUCT_OPS | HOOK_SYSCALL)
#define ANY	 (HOOK_STRUCT_OPS | HOOK_SYSCALL | HOOK_TRACING)

#define OK(n, fl, h, s)                                                        \
	{                                                                      \
		.k = { .name = n, .flags = fl, .set = BC_KFS_OPS },            \
		.hooks = h, .set = s                                           \
	}

static const struct ops_kfunc ops_kfuncs[] = {
	OK("bbr_cwnd_event", 0, ST, "tcp_bbr_check_kfunc_ids"),
	OK("bbr_init", 0, ST, "tcp_bbr_check_kfunc_ids"),
	OK("bbr_main", 0, ST, "tcp_bbr_check_kfunc_ids"),
	OK("bbr_min_tso_segs", 0, ST, "tcp_bbr_check_kfunc_ids"),
	OK("bbr_set_state", 0, ST, "tcp_bbr_check_kfunc_ids"),
	OK("bbr_sndbuf_expand", 0, ST, "tcp_bbr_check_kfunc_ids"),
	OK("bbr_ssthresh", 0, ST, "tcp_bbr_check_kfunc_ids"),
	OK("bbr_undo_cwnd", 0, ST, "tcp_bbr_check_kfunc_ids"),
	OK("bpf_iter_scx_dsq_destroy", BC_KF_ITER_DESTROY, ANY,
	   "scx_kfunc_ids_any"),
	OK("bpf_iter_scx_dsq_new", BC_KF_ITER_NEW | BC_KF_RCU_PROTECTED, ANY,
	   "scx_kfunc_ids_any"),
	OK("bpf_iter_scx_dsq_next", BC_KF_ITER_NEXT | BC_KF_RET_NULL, ANY,
	   "scx_kfunc_ids_any"),
	OK("cubictcp_acked", 0, ST, "tcp_cubic_check_kfunc_ids"),
	OK("cubictcp_cong_avoid", 0, ST, "tcp_cubic_check_kfunc_ids"),
	OK("cubictcp_cwnd_event", 0, ST, "tcp_cubic_check_kfunc_ids"),
	OK("cubictcp_init", 0, ST, "tcp_cubic_check_kfunc_ids"),
	OK("cubictcp_recalc_ssthresh", 0, ST, "tcp_cubic_check_kfunc_ids"),
	OK("cubictcp_state", 0, ST, "tcp_cubic_check_kfunc_ids"),
	OK("dctcp_cwnd_event", 0, ST, "tcp_dctcp_check_kfunc_ids"),
	OK("dctcp_cwnd_undo", 0, ST, "tcp_dctcp_check_kfunc_ids"),
	OK("dctcp_init", 0, ST, "tcp_dctcp_check_kfunc_ids"),
	OK("dctcp_ssthresh", 0, ST, "tcp_dctcp_check_kfunc_ids"),
	OK("dctcp_state", 0, ST, "tcp_dctcp_check_kfunc_ids"),
	OK("dctcp_update_alpha", 0, ST, "tcp_dctcp_check_kfunc_ids"),
	OK("scx_bpf_consume", 0, ST, "scx_kfunc_ids_dispatch"),
	OK("scx_bpf_cpu_rq", 0, ANY, "scx_kfunc_ids_any"),
	OK("scx_bpf_cpuperf_cap", 0, ANY, "scx_kfunc_ids_any"),
	OK("scx_bpf_cpuperf_cur", 0, ANY, "scx_kfunc_ids_any"),
	OK("scx_bpf_cpuperf_set", 0, ANY, "scx_kfunc_ids_any"),
	OK("scx_bpf_create_dsq", BC_KF_SLEEPABLE, UNLOCKED,
	   "scx_kfunc_ids_unlocked"),
	OK("scx_bpf_destroy_dsq", 0, ANY, "scx_kfunc_ids_any"),
	OK("scx_bpf_dispatch", BC_KF_RCU, ST, "scx_kfunc_ids_enqueue_dispatch"),
	OK("scx_bpf_dispatch_cancel", 0, ST, "scx_kfunc_ids_dispatch"),
	/* in scx_kfunc_ids_dispatch and _unlocked */
	OK("scx_bpf_dispatch_from_dsq", BC_KF_RCU, UNLOCKED,
	   "scx_kfunc_ids_unlocked"),
	OK("scx_bpf_dispatch_from_dsq_set_slice", BC_KF_RCU, UNLOCKED,
	   "scx_kfunc_ids_unlocked"),
	OK("scx_bpf_dispatch_from_dsq_set_vtime", BC_KF_RCU, UNLOCKED,
	   "scx_kfunc_ids_unlocked"),
	OK("scx_bpf_dispatch_nr_slots", 0, ST, "scx_kfunc_ids_dispatch"),
	OK("scx_bpf_dispatch_vtime", BC_KF_RCU, ST,
	   "scx_kfunc_ids_enqueue_dispatch"),
	OK("scx_bpf_dispatch_vtime_from_dsq", BC_KF_RCU, UNLOCKED,
	   "scx_kfunc_ids_unlocked"),
	OK("scx_bpf_dsq_nr_queued", 0, ANY, "scx_kfunc_ids_any"),
	OK("scx_bpf_dump_bstr", BC_KF_TRUSTED_ARGS, ANY, "scx_kfunc_ids_any"),
	OK("scx_bpf_error_bstr", BC_KF_TRUSTED_ARGS, ANY, "scx_kfunc_ids_any"),
	OK("scx_bpf_exit_bstr", BC_KF_TRUSTED_ARGS, ANY, "scx_kfunc_ids_any"),
	OK("scx_bpf_get_idle_cpumask", BC_KF_ACQUIRE, ANY, "scx_kfunc_ids_any"),
	OK("scx_bpf_get_idle_smtmask", BC_KF_ACQUIRE, ANY, "scx_kfunc_ids_any"),
	OK("scx_bpf_get_online_cpumask", BC_KF_ACQUIRE, ANY,
	   "scx_kfunc_ids_any"),
	OK("scx_bpf_get_possible_cpumask", BC_KF_ACQUIRE, ANY,
	   "scx_kfunc_ids_any"),
	OK("scx_bpf_kick_cpu", 0, ANY, "scx_kfunc_ids_any"),
	OK("scx_bpf_nr_cpu_ids", 0, ANY, "scx_kfunc_ids_any"),
	OK("scx_bpf_pick_any_cpu", BC_KF_RCU, ANY, "scx_kfunc_ids_any"),
	OK("scx_bpf_pick_idle_cpu", BC_KF_RCU, ANY, "scx_kfunc_ids_any"),
	OK("scx_bpf_put_cpumask", BC_KF_RELEASE, ANY, "scx_kfunc_ids_any"),
	OK("scx_bpf_put_idle_cpumask", BC_KF_RELEASE, ANY, "scx_kfunc_ids_any"),
	OK("scx_bpf_reenqueue_local", 0, ST, "scx_kfunc_ids_cpu_release"),
	OK("scx_bpf_select_cpu_dfl", BC_KF_RCU, ST, "scx_kfunc_ids_select_cpu"),
	OK("scx_bpf_task_cgroup", BC_KF_RCU | BC_KF_ACQUIRE, ANY,
	   "scx_kfunc_ids_any"),
	OK("scx_bpf_task_cpu", BC_KF_RCU, ANY, "scx_kfunc_ids_any"),
	OK("scx_bpf_task_running", BC_KF_RCU, ANY, "scx_kfunc_ids_any"),
	OK("scx_bpf_test_and_clear_cpu_idle", 0, ANY, "scx_kfunc_ids_any"),
	OK("tcp_cong_avoid_ai", 0, ST, "bpf_tcp_ca_check_kfunc_ids"),
	OK("tcp_reno_cong_avoid", 0, ST, "bpf_tcp_ca_check_kfunc_ids"),
	OK("tcp_reno_ssthresh", 0, ST, "bpf_tcp_ca_check_kfunc_ids"),
	OK("tcp_reno_undo_cwnd", 0, ST, "bpf_tcp_ca_check_kfunc_ids"),
	OK("tcp_slow_start", 0, ST, "bpf_tcp_ca_check_kfunc_ids"),
};

static int by_name(const void *key, const void *elem)
{
	return strcmp(key, ((const struct ops_kfunc *)elem)->k.name);
}

const struct bc_kfunc *bc_kfunc_ops_find(const char *name)
{
	const struct ops_kfunc *k = bsearch(name, ops_kfuncs,
					    BC_ARRAY_SIZE(ops_kfuncs),
					    sizeof(ops_kfuncs[0]), by_name);

	return k ? &k->k : NULL;
}

bool bc_kfunc_ops_allowed(const struct bc_kfunc *k, uint32_t t)
{
	const struct ops_kfunc *o = (const struct ops_kfunc *)k;
	uint8_t hook = 0;

	if (t == BPF_PROG_TYPE_STRUCT_OPS)
		hook = HOOK_STRUCT_OPS;
	else if (t == BPF_PROG_TYPE_SYSCALL)
		hook = HOOK_SYSCALL;
	else if (t == BPF_PROG_TYPE_TRACING || t == BPF_PROG_TYPE_TRACEPOINT ||
		 t == BPF_PROG_TYPE_PERF_EVENT || t == BPF_PROG_TYPE_LSM)
		hook = HOOK_TRACING; /* the kernel's tracing kfunc hook */
	return o->hooks & hook;
}
