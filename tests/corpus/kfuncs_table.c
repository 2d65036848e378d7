// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* CORPUS-VARIANTS: c19v3 c19v4 */
/*
 * kfuncs of the table (src/platform/kfuncs_table.c) checked from their
 * BTF prototype alone, against this kernel: __ign arguments (bpf_strlen,
 * Linux 6.15), a program type's context and memory, size pairs
 * (bpf_xdp_ct_lookup, bpf_skb_ct_lookup), an acquired reference released
 * or leaked (bpf_task_from_vpid), a sleepable kfunc in a program that is
 * not, an id set a program type's hook lacks (generic_btf_ids for socket
 * filters, bpf_fs_kfunc_set_ids for LSM programs only); bpf_preempt_disable
 * and bpf_preempt_enable in balance; bpf_get_kmem_cache's untrusted result;
 * the sleepable kmem_cache iterator.
 * Compiled by clang 19 (variants c19v3, c19v4).
 */
#include "corpus.h"

struct task_struct {
	int pid;
} __attribute__((preserve_access_index));

struct nf_conn {
	unsigned long status;
} __attribute__((preserve_access_index));

struct nf_conn___init {
	unsigned long status;
} __attribute__((preserve_access_index));

enum nf_nat_manip_type { NF_NAT_MANIP_SRC, NF_NAT_MANIP_DST };

union nf_inet_addr {
	__u32 all[4];
	__be32 ip;
	__be32 ip6[4];
};

struct path {
	void *mnt;
} __attribute__((preserve_access_index));

/* Linux's struct bpf_ct_opts (net/netfilter/nf_conntrack_bpf.c) */
struct bpf_ct_opts {
	__s32 netns_id;
	__s32 error;
	__u8 l4proto;
	__u8 dir;
	__u16 ct_zone_id;
	__u8 ct_zone_dir;
	__u8 reserved[3];
};

extern int bpf_strlen(const char *s__ign) __ksym;
extern struct task_struct *bpf_task_from_vpid(__s32 vpid) __ksym;
extern void bpf_task_release(struct task_struct *p) __ksym;
extern struct nf_conn *bpf_xdp_ct_lookup(struct xdp_md *xdp_ctx,
					 struct bpf_sock_tuple *bpf_tuple,
					 __u32 tuple__sz,
					 struct bpf_ct_opts *opts,
					 __u32 opts__sz) __ksym;
extern struct nf_conn *bpf_skb_ct_lookup(struct __sk_buff *skb_ctx,
					 struct bpf_sock_tuple *bpf_tuple,
					 __u32 tuple__sz,
					 struct bpf_ct_opts *opts,
					 __u32 opts__sz) __ksym;
extern void bpf_ct_release(struct nf_conn *nfct) __ksym;
extern struct nf_conn___init *bpf_xdp_ct_alloc(struct xdp_md *xdp_ctx,
					       struct bpf_sock_tuple *bpf_tuple,
					       __u32 tuple__sz,
					       struct bpf_ct_opts *opts,
					       __u32 opts__sz) __ksym;
extern struct nf_conn *bpf_ct_insert_entry(struct nf_conn___init *nfct_i) __ksym;
extern int bpf_ct_set_nat_info(struct nf_conn___init *nfct,
			       union nf_inet_addr *addr, int port,
			       enum nf_nat_manip_type manip) __ksym;
extern int bpf_copy_from_user_str(void *dst, __u32 dst__sz,
				  const void *unsafe_ptr__ign,
				  __u64 flags) __ksym;
extern int bpf_path_d_path(struct path *path, char *buf,
			   __u64 buf__sz) __ksym;

/* EXPECT accept */
SEC("xdp")
int strlen_of_stack(struct xdp_md *ctx)
{
	char s[8] = "abc";

	return bpf_strlen(s) == 3 ? XDP_PASS : XDP_DROP;
}

/* EXPECT accept */
SEC("xdp")
int task_vpid_released(struct xdp_md *ctx)
{
	struct task_struct *t = bpf_task_from_vpid(1);
	int pid;

	if (!t)
		return XDP_PASS;
	pid = t->pid;
	bpf_task_release(t);
	return pid == 1 ? XDP_PASS : XDP_DROP;
}

/* EXPECT reject: lead to reference leak */
SEC("xdp")
int task_vpid_leaked(struct xdp_md *ctx)
{
	struct task_struct *t = bpf_task_from_vpid(1);

	return t ? XDP_PASS : XDP_DROP;
}

/* EXPECT accept */
SEC("xdp")
int xdp_ct_lookup_released(struct xdp_md *ctx)
{
	struct bpf_sock_tuple tup = {};
	struct bpf_ct_opts opts = { .netns_id = -1, .l4proto = 6 };
	struct nf_conn *ct;

	ct = bpf_xdp_ct_lookup(ctx, &tup, sizeof(tup.ipv4), &opts,
			       sizeof(opts));
	if (ct)
		bpf_ct_release(ct);
	return XDP_PASS;
}

/* EXPECT reject: arg#1 arg#2 memory, len pair leads to invalid memory access */
SEC("xdp")
int xdp_ct_lookup_tuple_too_big(struct xdp_md *ctx)
{
	struct bpf_sock_tuple tup = {};
	struct bpf_ct_opts opts = { .netns_id = -1, .l4proto = 6 };
	struct nf_conn *ct;

	ct = bpf_xdp_ct_lookup(ctx, &tup, 512, &opts, sizeof(opts));
	if (ct)
		bpf_ct_release(ct);
	return XDP_PASS;
}

/* EXPECT accept */
SEC("xdp")
int xdp_ct_alloc_nat_insert(struct xdp_md *ctx)
{
	struct bpf_sock_tuple tup = {};
	struct bpf_ct_opts opts = { .netns_id = -1, .l4proto = 6 };
	union nf_inet_addr a = {};
	struct nf_conn___init *ct;
	struct nf_conn *c;

	ct = bpf_xdp_ct_alloc(ctx, &tup, sizeof(tup.ipv4), &opts,
			      sizeof(opts));
	if (!ct)
		return XDP_PASS;
	bpf_ct_set_nat_info(ct, &a, 80, NF_NAT_MANIP_DST);
	c = bpf_ct_insert_entry(ct);
	if (c)
		bpf_ct_release(c);
	return XDP_PASS;
}

/* EXPECT reject: lead to reference leak */
SEC("tc")
int skb_ct_lookup_leaked(struct __sk_buff *skb)
{
	struct bpf_sock_tuple tup = {};
	struct bpf_ct_opts opts = { .netns_id = -1, .l4proto = 17 };
	struct nf_conn *ct;

	ct = bpf_skb_ct_lookup(skb, &tup, sizeof(tup.ipv4), &opts,
			       sizeof(opts));
	return ct ? 1 : 0;
}

/* EXPECT reject: program must be sleepable to call sleepable kfunc bpf_copy_from_user_str */
SEC("xdp")
int copy_str_not_sleepable(struct xdp_md *ctx)
{
	char buf[16];

	bpf_copy_from_user_str(buf, sizeof(buf), (void *)0, 0);
	return XDP_PASS;
}

/* EXPECT reject: calling kernel function bpf_task_from_vpid is not allowed */
SEC("socket")
int task_vpid_socket_filter(struct __sk_buff *skb)
{
	struct task_struct *t = bpf_task_from_vpid(1);

	if (t)
		bpf_task_release(t);
	return 0;
}

/* EXPECT reject: calling kernel function bpf_path_d_path is not allowed */
SEC("syscall")
int d_path_syscall(void *ctx)
{
	char buf[64];

	return bpf_path_d_path((struct path *)0, buf, sizeof(buf));
}

extern void bpf_preempt_disable(void) __ksym;
extern void bpf_preempt_enable(void) __ksym;

/* EXPECT accept */
SEC("tc")
int preempt_balanced(struct __sk_buff *skb)
{
	bpf_preempt_disable();
	bpf_preempt_disable();
	bpf_preempt_enable();
	bpf_preempt_enable();
	return 0;
}

/* EXPECT reject: BPF_EXIT instruction in main prog cannot be used inside bpf_preempt_disable-ed region */
SEC("tc")
int preempt_enable_missing(struct __sk_buff *skb)
{
	bpf_preempt_disable();
	if (skb->len > 100)
		bpf_preempt_enable();
	return 0;
}

/* EXPECT reject: unmatched attempt to enable preemption (kernel function bpf_preempt_enable) */
SEC("tc")
int preempt_enable_unmatched(struct __sk_buff *skb)
{
	bpf_preempt_enable();
	return 0;
}

struct kmem_cache {
	unsigned int size;
} __attribute__((preserve_access_index));

extern struct kmem_cache *bpf_get_kmem_cache(__u64 addr) __ksym;

/* EXPECT accept */
SEC("xdp")
int kmem_cache_read(struct xdp_md *ctx)
{
	struct kmem_cache *s = bpf_get_kmem_cache(0xffff888000000000ull);

	return s && s->size > 64 ? XDP_PASS : XDP_DROP;
}

/* EXPECT reject: only read is supported */
SEC("xdp")
int kmem_cache_write(struct xdp_md *ctx)
{
	struct kmem_cache *s = bpf_get_kmem_cache(0xffff888000000000ull);

	if (s)
		s->size = 1;
	return XDP_PASS;
}

/* the kmem_cache iterator (Linux 6.13): sleepable programs only */
struct bpf_iter_kmem_cache {
	__u64 __opaque[1];
} __attribute__((aligned(8)));
extern int bpf_iter_kmem_cache_new(struct bpf_iter_kmem_cache *it) __ksym;
extern struct kmem_cache *
bpf_iter_kmem_cache_next(struct bpf_iter_kmem_cache *it) __ksym;
extern void bpf_iter_kmem_cache_destroy(struct bpf_iter_kmem_cache *it) __ksym;

/* EXPECT accept */
SEC("syscall")
int kmem_cache_sizes(void *ctx)
{
	struct bpf_iter_kmem_cache it;
	struct kmem_cache *s;
	unsigned int n = 0;

	bpf_iter_kmem_cache_new(&it);
	while ((s = bpf_iter_kmem_cache_next(&it)))
		n += s->size;
	bpf_iter_kmem_cache_destroy(&it);
	return n & 1;
}

/* EXPECT reject: lead to reference leak */
SEC("syscall")
int kmem_cache_leak(void *ctx)
{
	struct bpf_iter_kmem_cache it;

	bpf_iter_kmem_cache_new(&it);
	return bpf_iter_kmem_cache_next(&it) != 0;
}

/* EXPECT reject: program must be sleepable to call sleepable kfunc bpf_iter_kmem_cache_new */
SEC("xdp")
int kmem_cache_xdp(struct xdp_md *ctx)
{
	struct bpf_iter_kmem_cache it;

	bpf_iter_kmem_cache_new(&it);
	bpf_iter_kmem_cache_destroy(&it);
	return XDP_PASS;
}

/* EXPECT reject: only read is supported */
SEC("syscall")
int kmem_cache_iter_write(void *ctx)
{
	struct bpf_iter_kmem_cache it;
	struct kmem_cache *s;

	bpf_iter_kmem_cache_new(&it);
	s = bpf_iter_kmem_cache_next(&it);
	if (s)
		s->size = 1;
	bpf_iter_kmem_cache_destroy(&it);
	return 0;
}
