// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A program whose license is not GPL-compatible (Linux's
 * license_is_gpl_compatible: "GPL", "GPL v2", "GPL and additional rights",
 * "Dual BSD/GPL", "Dual MIT/GPL", "Dual MPL/GPL"): helpers marked gpl_only,
 * kfuncs and kernel structs are refused; every other helper is allowed.
 */
#define CORPUS_LICENSE "Dual MIT/Apache"
#include "corpus.h"

extern void bpf_rcu_read_lock(void) __ksym;
extern void bpf_rcu_read_unlock(void) __ksym;

/* EXPECT accept */
SEC("kprobe/do_nanosleep")
int lic_plain_helper_ok(void *ctx)
{
	__u64 v = bpf_get_current_pid_tgid();

	OPAQUE(v);
	return 0;
}

/* EXPECT reject: cannot call GPL-restricted function from non-GPL compatible program */
SEC("kprobe/do_nanosleep")
int lic_probe_read_bad(void *ctx)
{
	__u64 v = 0;

	bpf_probe_read_kernel(&v, sizeof(v), ctx);
	return v;
}

/* EXPECT reject: cannot call GPL-restricted function from non-GPL compatible program */
SEC("kprobe/do_nanosleep")
int lic_trace_printk_bad(void *ctx)
{
	char fmt[] = "x\n";

	bpf_trace_printk(fmt, sizeof(fmt));
	return 0;
}

/* EXPECT reject: cannot call GPL-restricted function from non-GPL compatible program */
SEC("kprobe/do_nanosleep")
int lic_current_task_bad(void *ctx)
{
	return bpf_get_current_task() != 0;
}

/* EXPECT accept */
SEC("xdp")
int lic_xdp_plain_ok(struct xdp_md *ctx)
{
	return bpf_get_prandom_u32() & 1 ? XDP_PASS : XDP_DROP;
}

/* EXPECT reject: cannot call GPL-restricted function from non-GPL compatible program */
SEC("xdp")
int lic_xdp_fib_lookup_bad(struct xdp_md *ctx)
{
	struct bpf_fib_lookup p = {};

	return bpf_fib_lookup(ctx, &p, sizeof(p), 0) ? XDP_PASS : XDP_DROP;
}

/* The type's helper set is checked first (check_helper_call). */
/* EXPECT reject: program of this type cannot use helper bpf_probe_write_user#36 */
SEC("xdp")
int lic_xdp_write_user_bad(struct xdp_md *ctx)
{
	__u64 v = 0;

	bpf_probe_write_user((void *)(long)ctx->data, &v, sizeof(v));
	return XDP_PASS;
}

/* EXPECT reject: cannot call kernel function from non-GPL compatible program */
SEC("tc")
int lic_kfunc_bad(struct __sk_buff *skb)
{
	bpf_rcu_read_lock();
	bpf_rcu_read_unlock();
	return 0;
}
