// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* CORPUS-VARIANTS: c19v3 c19v4 */
/*
 * Dynptrs: ring buffer records (bpf_ringbuf_reserve_dynptr, submit,
 * discard), local ones over a map value (bpf_dynptr_from_mem), packets
 * (bpf_dynptr_from_xdp, bpf_dynptr_from_skb) with their slices, clones,
 * and a callback's and a global function's read-only dynptr; and their
 * rules: a reference to release, slots that may not be overwritten or
 * read as data, slices that die with their dynptr or a packet change.
 */
#include "corpus.h"

extern int bpf_dynptr_from_xdp(struct xdp_md *x, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym;
extern int bpf_dynptr_from_skb(struct __sk_buff *s, __u64 flags,
			       struct bpf_dynptr *ptr__uninit) __ksym;
extern void *bpf_dynptr_slice(const struct bpf_dynptr *p, __u32 offset,
			      void *buffer__opt, __u32 buffer__szk) __ksym;
extern void *bpf_dynptr_slice_rdwr(const struct bpf_dynptr *p, __u32 offset,
				   void *buffer__opt,
				   __u32 buffer__szk) __ksym;
extern int bpf_dynptr_clone(const struct bpf_dynptr *p,
			    struct bpf_dynptr *clone__uninit) __ksym;
extern __u32 bpf_dynptr_size(const struct bpf_dynptr *p) __ksym;

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} rb SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_USER_RINGBUF);
	__uint(max_entries, 4096);
} urb SEC(".maps");

struct event {
	__u32 pid;
	__u32 len;
	__u8 data[16];
};

/* EXPECT accept */
SEC("xdp")
int ringbuf_record(struct xdp_md *ctx)
{
	struct bpf_dynptr d;
	struct event *e;

	bpf_ringbuf_reserve_dynptr(&rb, sizeof(*e), 0, &d);
	e = bpf_dynptr_data(&d, 0, sizeof(*e));
	if (!e) {
		bpf_ringbuf_discard_dynptr(&d, 0);
		return XDP_PASS;
	}
	e->pid = 1;
	e->len = ctx->data_end - ctx->data;
	bpf_ringbuf_submit_dynptr(&d, 0);
	return XDP_PASS;
}

/* EXPECT accept */
SEC("xdp")
int ringbuf_write_read(struct xdp_md *ctx)
{
	struct bpf_dynptr d;
	__u64 v = 42, back = 0;

	if (bpf_ringbuf_reserve_dynptr(&rb, 16, 0, &d)) {
		bpf_ringbuf_discard_dynptr(&d, 0);
		return XDP_PASS;
	}
	bpf_dynptr_write(&d, 8, &v, sizeof(v), 0);
	bpf_dynptr_read(&back, sizeof(back), &d, 8, 0);
	bpf_ringbuf_submit_dynptr(&d, 0);
	return back == 42 ? XDP_PASS : XDP_DROP;
}

/* EXPECT reject: would lead to reference leak */
SEC("xdp")
int ringbuf_leak(struct xdp_md *ctx)
{
	struct bpf_dynptr d;

	if (bpf_ringbuf_reserve_dynptr(&rb, 16, 0, &d))
		return XDP_PASS; /* the failed one must be discarded too */
	bpf_ringbuf_submit_dynptr(&d, 0);
	return XDP_PASS;
}

/* EXPECT reject: invalid mem access 'scalar' */
SEC("xdp")
int slice_after_submit(struct xdp_md *ctx)
{
	struct bpf_dynptr d;
	__u32 *p;

	bpf_ringbuf_reserve_dynptr(&rb, 16, 0, &d);
	p = bpf_dynptr_data(&d, 0, 4);
	if (!p) {
		bpf_ringbuf_discard_dynptr(&d, 0);
		return XDP_PASS;
	}
	bpf_ringbuf_submit_dynptr(&d, 0);
	*p = 1;
	return XDP_PASS;
}

/* EXPECT reject: invalid mem access 'mem_or_null' */
SEC("xdp")
int slice_unchecked(struct xdp_md *ctx)
{
	struct bpf_dynptr d;
	__u32 *p;

	bpf_ringbuf_reserve_dynptr(&rb, 16, 0, &d);
	p = bpf_dynptr_data(&d, 0, 4);
	*p = 1;
	bpf_ringbuf_submit_dynptr(&d, 0);
	return XDP_PASS;
}

/* EXPECT reject: R0 min value is outside of the allowed memory range */
SEC("xdp")
int slice_past_end(struct xdp_md *ctx)
{
	struct bpf_dynptr d;
	__u32 *p;

	bpf_ringbuf_reserve_dynptr(&rb, 16, 0, &d);
	p = bpf_dynptr_data(&d, 0, 8);
	if (p)
		p[2] = 1;
	bpf_ringbuf_submit_dynptr(&d, 0);
	return XDP_PASS;
}

/* EXPECT reject: cannot overwrite referenced dynptr */
SEC("xdp")
int overwrite_referenced(struct xdp_md *ctx)
{
	struct bpf_dynptr d;

	bpf_ringbuf_reserve_dynptr(&rb, 16, 0, &d);
	*(volatile __u64 *)&d = 0;
	bpf_ringbuf_submit_dynptr(&d, 0);
	return XDP_PASS;
}

/* EXPECT reject: invalid read from stack off */
SEC("xdp")
int read_dynptr_bytes(struct xdp_md *ctx)
{
	struct bpf_dynptr d;
	__u64 v;

	bpf_ringbuf_reserve_dynptr(&rb, 16, 0, &d);
	v = *(volatile __u64 *)&d;
	bpf_ringbuf_submit_dynptr(&d, 0);
	return v ? XDP_PASS : XDP_DROP;
}

/* EXPECT accept */
SEC("xdp")
int local_over_map_value(struct xdp_md *ctx)
{
	struct val *v = val0();
	struct bpf_dynptr d;
	__u8 *p;

	if (!v)
		return XDP_PASS;
	bpf_dynptr_from_mem(v, sizeof(*v), 0, &d);
	p = bpf_dynptr_data(&d, 8, 8);
	if (!p)
		return XDP_PASS;
	p[7] = 1;
	return bpf_dynptr_size(&d) == sizeof(*v) ? XDP_PASS : XDP_DROP;
}

/* a local dynptr made again where one is: an unreferenced one is destroyed
 * first (6.3); 6.1 takes only stack without a dynptr */
/* EXPECT accept */
/* EXPECT --kernel 6.1 -> reject: Dynptr has to be an uninitialized dynptr */
SEC("xdp")
int local_made_twice(struct xdp_md *ctx)
{
	struct val *v = val0();
	struct bpf_dynptr d;
	__u64 w = 0;

	if (!v)
		return XDP_PASS;
	bpf_dynptr_from_mem(v, sizeof(*v), 0, &d);
	bpf_dynptr_from_mem(v, 8, 0, &d);
	bpf_dynptr_read(&w, sizeof(w), &d, 0, 0);
	return w ? XDP_PASS : XDP_DROP;
}

/* EXPECT reject: Unsupported reg type fp for bpf_dynptr_from_mem data */
SEC("xdp")
int local_over_stack(struct xdp_md *ctx)
{
	__u8 buf[16] = {};
	struct bpf_dynptr d;
	__u8 b = 0;

	bpf_dynptr_from_mem(buf, sizeof(buf), 0, &d);
	bpf_dynptr_read(&b, 1, &d, 0, 0);
	return b;
}

/* EXPECT reject: arg 1 is an unacquired reference */
SEC("xdp")
int submit_local(struct xdp_md *ctx)
{
	struct val *v = val0();
	struct bpf_dynptr d;

	if (!v)
		return XDP_PASS;
	bpf_dynptr_from_mem(v, sizeof(*v), 0, &d);
	bpf_ringbuf_submit_dynptr(&d, 0);
	return XDP_PASS;
}

/* a helper may not write over a dynptr, even one it could destroy */
/* EXPECT reject: potential write to dynptr at off=-16 disallowed */
SEC("xdp")
int helper_writes_dynptr(struct xdp_md *ctx)
{
	struct val *v = val0();
	struct bpf_dynptr d, src;

	if (!v)
		return XDP_PASS;
	bpf_dynptr_from_mem(v, sizeof(*v), 0, &d);
	bpf_dynptr_from_mem(v, sizeof(*v), 0, &src);
	bpf_dynptr_read(&d, 8, &src, 0, 0);
	return XDP_PASS;
}

/* EXPECT reject: Expected an initialized dynptr as arg #2 */
SEC("xdp")
int read_uninit(struct xdp_md *ctx)
{
	struct bpf_dynptr d;
	__u64 v = 0;

	bpf_dynptr_read(&v, sizeof(v), &d, 0, 0);
	return v ? XDP_PASS : XDP_DROP;
}

/* EXPECT accept */
SEC("xdp")
int xdp_header(struct xdp_md *ctx)
{
	__u8 buf[14];
	struct bpf_dynptr d;
	__u8 *eth;

	bpf_dynptr_from_xdp(ctx, 0, &d);
	eth = bpf_dynptr_slice(&d, 0, buf, sizeof(buf));
	if (!eth)
		return XDP_DROP;
	return eth[12] == 0x08 ? XDP_PASS : XDP_DROP;
}

/* EXPECT reject: cannot write into rdonly_mem */
SEC("xdp")
int xdp_write_rdonly_slice(struct xdp_md *ctx)
{
	__u8 buf[14];
	struct bpf_dynptr d;
	__u8 *eth;

	bpf_dynptr_from_xdp(ctx, 0, &d);
	eth = bpf_dynptr_slice(&d, 0, buf, sizeof(buf));
	if (!eth)
		return XDP_DROP;
	eth[0] = 0xff;
	return XDP_PASS;
}

/* EXPECT accept */
SEC("tc")
int skb_rewrite(struct __sk_buff *skb)
{
	__u8 buf[14], out[14];
	struct bpf_dynptr d;
	__u8 *eth;

	bpf_dynptr_from_skb(skb, 0, &d);
	eth = bpf_dynptr_slice(&d, 0, buf, sizeof(buf));
	if (!eth)
		return 2;
	__builtin_memcpy(out, eth, sizeof(out));
	out[0] = 0x02;
	bpf_dynptr_write(&d, 0, out, sizeof(out), 0);
	return 0;
}

/* the slice may be the buffer: writing the buffer ends it (Linux 6.13) */
/* EXPECT reject: R0 invalid mem access 'scalar' */
SEC("tc")
int skb_slice_buffer_written(struct __sk_buff *skb)
{
	__u8 buf[14];
	struct bpf_dynptr d;
	__u8 *eth;

	bpf_dynptr_from_skb(skb, 0, &d);
	eth = bpf_dynptr_slice(&d, 0, buf, sizeof(buf));
	if (!eth)
		return 2;
	__builtin_memcpy(buf, eth, sizeof(buf));
	buf[0] = 0x02;
	bpf_dynptr_write(&d, 0, buf, sizeof(buf), 0);
	return 0;
}

/*
 * Linux 6.12 allows a writable slice where the program may write the
 * packet; the 6.18 kernel this corpus is recorded on refuses it.
 */
/* EXPECT reject: bpf_dynptr_slice_rdwr() is not allowed */
SEC("tc")
int skb_slice_rdwr(struct __sk_buff *skb)
{
	__u8 buf[14];
	struct bpf_dynptr d;
	__u8 *eth;

	bpf_dynptr_from_skb(skb, 0, &d);
	eth = bpf_dynptr_slice_rdwr(&d, 0, buf, sizeof(buf));
	if (!eth)
		return 2;
	eth[0] = 0x02;
	return 0;
}

/* EXPECT reject: invalid mem access 'scalar' */
SEC("tc")
int skb_slice_after_pull(struct __sk_buff *skb)
{
	__u8 buf[14];
	struct bpf_dynptr d;
	__u8 *eth;

	bpf_dynptr_from_skb(skb, 0, &d);
	eth = bpf_dynptr_slice(&d, 0, buf, sizeof(buf));
	if (!eth)
		return 2;
	bpf_skb_pull_data(skb, 64);
	return eth[12] == 0x08 ? 0 : 2;
}

/* EXPECT reject: Expected an initialized dynptr as arg #0 */
SEC("xdp")
int clone_after_submit(struct xdp_md *ctx)
{
	struct bpf_dynptr d, c;

	bpf_ringbuf_reserve_dynptr(&rb, 16, 0, &d);
	bpf_dynptr_clone(&d, &c);
	bpf_ringbuf_submit_dynptr(&d, 0);
	return bpf_dynptr_size(&c) ? XDP_PASS : XDP_DROP;
}

static long count_sample(struct bpf_dynptr *d, void *ctx)
{
	__u32 v = 0;

	bpf_dynptr_read(&v, sizeof(v), d, 0, 0);
	*(__u64 *)ctx += v;
	return 0;
}

/* EXPECT accept */
SEC("xdp")
int user_ringbuf_sum(struct xdp_md *ctx)
{
	__u64 sum = 0;

	bpf_user_ringbuf_drain(&urb, count_sample, &sum, 0);
	return sum ? XDP_PASS : XDP_DROP;
}

static long discard_sample(struct bpf_dynptr *d, void *ctx)
{
	bpf_ringbuf_discard_dynptr(d, 0);
	return 0;
}

/* EXPECT reject: cannot release unowned const bpf_dynptr */
SEC("xdp")
int user_ringbuf_release(struct xdp_md *ctx)
{
	bpf_user_ringbuf_drain(&urb, discard_sample, NULL, 0);
	return XDP_PASS;
}

__noinline int first_byte(const struct bpf_dynptr *d)
{
	__u8 b = 0;

	bpf_dynptr_read(&b, 1, d, 0, 0);
	return b;
}

/* EXPECT accept */
SEC("xdp")
int global_reads_dynptr(struct xdp_md *ctx)
{
	struct bpf_dynptr d;
	int b;

	bpf_dynptr_from_xdp(ctx, 0, &d);
	b = first_byte(&d);
	return b == 0x02 ? XDP_PASS : XDP_DROP;
}

char LICENSE[] SEC("license") = "GPL";
