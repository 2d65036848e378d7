// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* CORPUS-VARIANTS: c19v3 c19v4 */
/*
 * Open-coded iterators (Linux 6.4): bpf_iter_num_new/next/destroy, as the
 * bpf_for and bpf_repeat macros use them, and the rules of the iterator
 * protocol (new before next, destroy exactly once, no leak); kfuncs a
 * program type may not call. Compiled by clang 19 (variants c19v3, c19v4).
 */
#include "corpus.h"

struct bpf_iter_num {
	__u64 opaque[1];
} __attribute__((aligned(8)));

/* only its kind matters to libbpf's prototype check */
struct cgroup {
	int unused;
};

extern int bpf_iter_num_new(struct bpf_iter_num *it, int start,
			    int end) __ksym;
extern int *bpf_iter_num_next(struct bpf_iter_num *it) __ksym;
extern void bpf_iter_num_destroy(struct bpf_iter_num *it) __ksym;
extern struct cgroup *bpf_cgroup_from_id(__u64 cgid) __ksym;
extern void bpf_cgroup_release(struct cgroup *cgrp) __ksym;

/* for (i = a; i < b; i++) over an iterator destroyed at the scope's end */
#define for_range(i, a, b)						\
	for (struct bpf_iter_num it__						\
	     __attribute__((cleanup(bpf_iter_num_destroy))),			\
	     *p__ = (bpf_iter_num_new(&it__, (a), (b)), (void *)0);		\
	     ({ int *v__ = bpf_iter_num_next(&it__);			\
		if (v__)							\
			(i) = *v__;						\
		v__; }); (void)p__)

/* EXPECT accept */
SEC("xdp")
int iter_sum(struct xdp_md *ctx)
{
	struct bpf_iter_num it;
	int *v, s = 0;

	bpf_iter_num_new(&it, 0, 10);
	while ((v = bpf_iter_num_next(&it)))
		s += *v;
	bpf_iter_num_destroy(&it);
	return s & 1 ? XDP_PASS : XDP_DROP;
}

/* EXPECT accept */
SEC("xdp")
int for_range_checked_index(struct xdp_md *ctx)
{
	__u8 buf[16] = {};
	int i = 0, s = 0;

	buf[2] = bpf_get_prandom_u32();
	for_range(i, 0, 16) {
		if (i < 0 || i >= 16)
			break;
		s += buf[i];
	}
	return s & 1 ? XDP_PASS : XDP_DROP;
}

/* The element's value is not known to the verifier: unchecked, it may be
 * anything. */
/* EXPECT reject: invalid variable-offset read from stack */
SEC("xdp")
int for_range_unchecked_index(struct xdp_md *ctx)
{
	__u8 buf[16] = {};
	int i = 0, s = 0;

	buf[2] = bpf_get_prandom_u32();
	for_range(i, 0, 16)
		s += buf[i & 0xff];
	return s & 1 ? XDP_PASS : XDP_DROP;
}

/* EXPECT reject: BPF_EXIT instruction in main prog would lead to reference leak */
SEC("xdp")
int iter_leak(struct xdp_md *ctx)
{
	struct bpf_iter_num it;
	int *v, s = 0;

	bpf_iter_num_new(&it, 0, 10);
	while ((v = bpf_iter_num_next(&it)))
		s += *v;
	return s & 1 ? XDP_PASS : XDP_DROP;
}

/* EXPECT reject: expected an initialized iter_num as arg #0 */
SEC("xdp")
int iter_next_before_new(struct xdp_md *ctx)
{
	struct bpf_iter_num it = {};
	int *v = bpf_iter_num_next(&it);

	return v ? XDP_PASS : XDP_DROP;
}

/* EXPECT reject: expected uninitialized iter_num as arg #0 */
SEC("xdp")
int iter_new_twice(struct xdp_md *ctx)
{
	struct bpf_iter_num it;

	bpf_iter_num_new(&it, 0, 3);
	bpf_iter_num_new(&it, 0, 3);
	bpf_iter_num_destroy(&it);
	return XDP_PASS;
}

/* EXPECT reject: expected an initialized iter_num as arg #0 */
SEC("xdp")
int iter_destroy_twice(struct xdp_md *ctx)
{
	struct bpf_iter_num it;

	bpf_iter_num_new(&it, 0, 3);
	bpf_iter_num_destroy(&it);
	bpf_iter_num_destroy(&it);
	return XDP_PASS;
}

/* EXPECT reject: min value is outside of the allowed memory range */
SEC("xdp")
int iter_map_value_oob(struct xdp_md *ctx)
{
	struct val *m = val0();
	struct bpf_iter_num it;
	__u32 n = 0;

	if (!m)
		return XDP_DROP;
	bpf_iter_num_new(&it, 0, 64);
	while (bpf_iter_num_next(&it)) {
		m->b[n & 63] = 1;
		n++;
	}
	bpf_iter_num_destroy(&it);
	m->b[n] = 2;
	return XDP_PASS;
}

/* EXPECT reject: calling kernel function bpf_cgroup_from_id is not allowed */
SEC("socket")
int cgroup_kfunc_socket_filter(struct __sk_buff *skb)
{
	struct cgroup *c = bpf_cgroup_from_id(1);

	if (c)
		bpf_cgroup_release(c);
	return 0;
}

/* EXPECT reject: R0 cannot write into rdonly_mem */
SEC("xdp")
int iter_element_write(struct xdp_md *ctx)
{
	struct bpf_iter_num it;
	int *v;

	bpf_iter_num_new(&it, 0, 10);
	while ((v = bpf_iter_num_next(&it)))
		*v = 1;
	bpf_iter_num_destroy(&it);
	return XDP_PASS;
}

/* EXPECT reject: R6 invalid mem access 'scalar' */
SEC("xdp")
int iter_element_after_destroy(struct xdp_md *ctx)
{
	struct bpf_iter_num it;
	int *v, s = 0;

	bpf_iter_num_new(&it, 0, 10);
	v = bpf_iter_num_next(&it);
	bpf_iter_num_destroy(&it);
	if (v)
		asm volatile("%[s] = *(u32 *)(%[v] + 0)"
			     : [s] "=r"(s)
			     : [v] "r"(v));
	return s & 1 ? XDP_PASS : XDP_DROP;
}
