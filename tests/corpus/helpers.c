// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Helper calls: argument kinds, sizes, references, allowed program types. */
#include <linux/pkt_cls.h>
#include "corpus.h"

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} rb SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(__u32));
	__uint(value_size, sizeof(__u32));
} pev SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_DEVMAP);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, __u32);
} devs SEC(".maps");

/* EXPECT accept */
SEC("socket")
int h_lookup_ok(struct __sk_buff *skb)
{
	__u32 k = skb->len;
	__u64 *v = bpf_map_lookup_elem(&hmap, &k);

	return v ? *v : 0;
}

/* EXPECT reject: R1 type=scalar expected=map_ptr */
SEC("socket")
__naked void h_lookup_scalar_map(void)
{
	asm volatile (
	"r1 = 0;"
	"*(u32 *)(r10 - 4) = r1;"
	"r2 = r10;"
	"r2 += -4;"
	"r1 = 5;"
	"call 1;"
	"r0 = 0;"
	"exit;" ::: "memory");
}

/* EXPECT reject: R2 type=scalar expected=fp */
SEC("socket")
__naked void h_lookup_scalar_key(void)
{
	asm volatile (
	"r2 = 0;"
	"r1 = %[hmap] ll;"
	"call 1;"
	"r0 = 0;"
	"exit;"
	:: [hmap]"i"(&hmap) : "memory");
}

/* EXPECT accept */
SEC("tracepoint/syscalls/sys_enter_nanosleep")
int h_comm_ok(void *ctx)
{
	char comm[16];

	bpf_get_current_comm(comm, sizeof(comm));
	return comm[0];
}

/* EXPECT reject: invalid write to stack R1 off=-16 size=32 */
SEC("tracepoint/syscalls/sys_enter_nanosleep")
__naked void h_comm_too_big(void)
{
	asm volatile (
	"r1 = r10;"
	"r1 += -16;"
	"r2 = 32;"
	"call %[comm];"
	"r0 = 0;"
	"exit;"
	:: [comm]"i"(BPF_FUNC_get_current_comm) : "memory");
}

/* EXPECT reject: R2 min value is negative */
SEC("tracepoint/syscalls/sys_enter_nanosleep")
__naked void h_probe_read_signed_size(void)
{
	asm volatile (
	"call 7;"
	"r2 = r0;"
	"r2 <<= 32;"
	"r2 s>>= 32;"
	"if r2 s> 16 goto 1f;"
	"r1 = r10;"
	"r1 += -16;"
	"r3 = 0;"
	"call %[pr];"
	"1: r0 = 0;"
	"exit;"
	:: [pr]"i"(BPF_FUNC_probe_read_kernel) : "memory");
}

/* EXPECT accept */
SEC("kprobe/do_nanosleep")
int h_probe_read_ok(void *ctx)
{
	__u64 buf[2];

	bpf_probe_read_kernel(buf, sizeof(buf), ctx);
	return buf[0] != 0;
}

/* EXPECT accept */
SEC("tracepoint/syscalls/sys_enter_nanosleep")
int h_misc_ok(void *ctx)
{
	__u64 t = bpf_ktime_get_ns();
	__u64 id = bpf_get_current_pid_tgid();
	__u64 ug = bpf_get_current_uid_gid();
	__u32 cpu = bpf_get_smp_processor_id();
	__u32 r = bpf_get_prandom_u32();

	bpf_printk("%llu %llu %u", t, id ^ ug, cpu + r);
	return 0;
}

/* EXPECT accept */
SEC("tracepoint/syscalls/sys_enter_nanosleep")
int h_ringbuf_ok(void *ctx)
{
	__u64 *e = bpf_ringbuf_reserve(&rb, 8, 0);

	if (!e)
		return 0;
	*e = bpf_ktime_get_ns();
	bpf_ringbuf_submit(e, 0);
	return 0;
}

/* EXPECT reject: would lead to reference leak */
SEC("tracepoint/syscalls/sys_enter_nanosleep")
int h_ringbuf_leak(void *ctx)
{
	__u64 *e = bpf_ringbuf_reserve(&rb, 8, 0);

	if (!e)
		return 0;
	*e = 1;
	return 0;
}

/* EXPECT accept */
SEC("tracepoint/syscalls/sys_enter_nanosleep")
int h_ringbuf_discard(void *ctx)
{
	__u64 *e = bpf_ringbuf_reserve(&rb, 16, 0);

	if (!e)
		return 0;
	e[1] = 2;
	bpf_ringbuf_discard(e, 0);
	return 0;
}

/* EXPECT reject: min value is outside of the allowed memory range*/
SEC("tracepoint/syscalls/sys_enter_nanosleep")
int h_ringbuf_oob(void *ctx)
{
	__u64 *e = bpf_ringbuf_reserve(&rb, 8, 0);

	if (!e)
		return 0;
	OPAQUE(e);
	e[1] = 2;
	bpf_ringbuf_submit(e, 0);
	return 0;
}

/* EXPECT reject: invalid mem access 'ringbuf_mem_or_null' */
SEC("tracepoint/syscalls/sys_enter_nanosleep")
int h_ringbuf_no_null_check(void *ctx)
{
	__u64 *e = bpf_ringbuf_reserve(&rb, 8, 0);

	OPAQUE(e);
	*e = 1;
	bpf_ringbuf_submit(e, 0);
	return 0;
}

/* EXPECT accept */
SEC("tracepoint/syscalls/sys_enter_nanosleep")
int h_ringbuf_output_ok(void *ctx)
{
	__u64 x = bpf_ktime_get_ns();

	return bpf_ringbuf_output(&rb, &x, sizeof(x), 0);
}

/* EXPECT accept */
SEC("kprobe/do_nanosleep")
int h_perf_output_ok(void *ctx)
{
	__u64 x = bpf_ktime_get_ns();

	return bpf_perf_event_output(ctx, &pev, BPF_F_CURRENT_CPU, &x, sizeof(x));
}

/* Root may pass uninitialised stack (allow_uninit_stack). */
/* EXPECT accept */
SEC("kprobe/do_nanosleep")
__naked void h_perf_output_uninit(void)
{
	asm volatile (
	"r2 = %[pev] ll;"
	"r3 = 0xffffffff ll;"
	"r4 = r10;"
	"r4 += -16;"
	"r5 = 16;"
	"call %[out];"
	"r0 = 0;"
	"exit;"
	:: [pev]"i"(&pev), [out]"i"(BPF_FUNC_perf_event_output) : "memory");
}

/* EXPECT accept */
SEC("tc")
int h_skb_load_bytes_ok(struct __sk_buff *skb)
{
	__u8 buf[8];

	if (bpf_skb_load_bytes(skb, 0, buf, sizeof(buf)))
		return TC_ACT_OK;
	skb->mark = buf[7];
	return TC_ACT_OK;
}

/* EXPECT reject: program of this type cannot use helper bpf_skb_load_bytes#26 */
SEC("kprobe/do_nanosleep")
__naked void h_skb_load_bytes_kprobe(void)
{
	asm volatile (
	"r2 = 0;"
	"r3 = r10;"
	"r3 += -8;"
	"r4 = 8;"
	"call 26;"
	"r0 = 0;"
	"exit;" ::: "memory");
}

/* EXPECT accept */
SEC("tc")
int h_csum_ok(struct __sk_buff *skb)
{
	__be32 a = skb->len, b = 7;

	return bpf_csum_diff(&a, 4, &b, 4, 0) & 1;
}

/* EXPECT accept */
SEC("xdp")
int h_redirect_map_ok(struct xdp_md *ctx)
{
	return bpf_redirect_map(&devs, 0, XDP_PASS);
}

/* EXPECT reject: cannot pass map_type 1 into func bpf_redirect_map#51 */
SEC("xdp")
int h_redirect_map_wrong_map(struct xdp_md *ctx)
{
	return bpf_redirect_map(&hmap, 0, XDP_PASS);
}

/* EXPECT accept */
SEC("tc")
int h_redirect_ok(struct __sk_buff *skb)
{
	return bpf_redirect(skb->ifindex, 0);
}

/* EXPECT accept */
SEC("kprobe/do_nanosleep")
int h_get_stack_ok(void *ctx)
{
	__u64 st[8];

	return bpf_get_stack(ctx, st, sizeof(st), 0) > 0;
}

/* EXPECT reject: invalid func unknown#100000*/
SEC("socket")
__naked void h_unknown_helper(void)
{
	asm volatile (
	"call 100000;"
	"r0 = 0;"
	"exit;" ::: "memory");
}

/* EXPECT reject: R1 !read_ok */
SEC("socket")
__naked void h_clobbers_r1(void)
{
	asm volatile (
	"r6 = r1;"
	"call 7;"
	"r0 = r1;"
	"r0 = r2;"
	"exit;" ::: "memory");
}

/* EXPECT accept */
SEC("xdp")
int h_adjust_tail_ok(struct xdp_md *ctx)
{
	return bpf_xdp_adjust_tail(ctx, -4) ? XDP_DROP : XDP_PASS;
}

/* EXPECT reject: invalid write to stack R3 off=-8 size=16 */
SEC("tc")
__naked void h_skb_load_bytes_too_long(void)
{
	asm volatile (
	"r2 = 0;"
	"r3 = r10;"
	"r3 += -8;"
	"r4 = 16;"
	"call %[lb];"
	"r0 = 0;"
	"exit;"
	:: [lb]"i"(BPF_FUNC_skb_load_bytes) : "memory");
}

/* EXPECT reject: type=scalar expected=ringbuf_mem */
SEC("tracepoint/syscalls/sys_enter_nanosleep")
int h_ringbuf_submit_twice(void *ctx)
{
	__u64 *e = bpf_ringbuf_reserve(&rb, 8, 0);

	if (!e)
		return 0;
	*e = 1;
	bpf_ringbuf_submit(e, 0);
	bpf_ringbuf_submit(e, 0);
	return 0;
}

/* EXPECT reject: is not a known constant' */
SEC("tracepoint/syscalls/sys_enter_nanosleep")
int h_ringbuf_var_size(void *ctx)
{
	__u64 n = bpf_get_prandom_u32() & 63;
	__u8 *e = bpf_ringbuf_reserve(&rb, n, 0);

	if (!e)
		return 0;
	bpf_ringbuf_discard(e, 0);
	return 0;
}

/* EXPECT reject: type=ctx expected=fp, pkt, pkt_meta, map_key, map_value, mem, ringbuf_mem, buf, trusted_ptr_ */
SEC("kprobe/do_nanosleep")
__naked void h_probe_read_into_ctx(void)
{
	asm volatile (
	"r3 = r1;"
	"r2 = 8;"
	"call %[pr];"
	"r0 = 0;"
	"exit;"
	:: [pr]"i"(BPF_FUNC_probe_read_kernel) : "memory");
}

/* EXPECT accept */
SEC("xdp")
int h_adjust_meta_ok(struct xdp_md *ctx)
{
	void *data, *meta;
	__u32 *m;

	if (bpf_xdp_adjust_meta(ctx, -4))
		return XDP_PASS;
	data = (void *)(long)ctx->data;
	meta = (void *)(long)ctx->data_meta;
	m = meta;
	if ((void *)(m + 1) > data)
		return XDP_PASS;
	*m = 42;
	return XDP_PASS;
}

/* EXPECT reject: type=map_value expected=ctx */
SEC("tc")
int h_csum_replace_not_tc_arg(struct __sk_buff *skb)
{
	struct val *v = val0();

	if (!v)
		return 0;
	return bpf_l3_csum_replace((void *)v, 0, 1, 2, 2);
}

/* EXPECT accept */
SEC("kprobe/do_nanosleep")
int h_current_task_ok(void *ctx)
{
	__u64 task = bpf_get_current_task();
	__u64 x = 0;

	bpf_probe_read_kernel(&x, sizeof(x), (void *)task);
	return x != 0;
}

/* EXPECT accept */
SEC("kprobe/do_nanosleep")
int h_probe_read_str_ok(void *ctx)
{
	char buf[32];
	long n = bpf_probe_read_kernel_str(buf, sizeof(buf), ctx);

	return n > 0 ? buf[0] : 0;
}

/* EXPECT accept */
SEC("kprobe/do_nanosleep")
int h_probe_read_user_ok(void *ctx)
{
	__u32 x;

	bpf_probe_read_user(&x, sizeof(x), (void *)0x1000);
	return x;
}

/* EXPECT reject: min value is negative, either use unsigned or 'var &= const' */
SEC("kprobe/do_nanosleep")
__naked void h_probe_read_unbounded_size(void)
{
	asm volatile (
	"r6 = r1;"
	"call 7;"
	"r2 = r0;"
	"r1 = r10;"
	"r1 += -16;"
	"r3 = r6;"
	"call %[pr];"
	"r0 = 0;"
	"exit;"
	:: [pr]"i"(BPF_FUNC_probe_read_kernel) : "memory");
}
