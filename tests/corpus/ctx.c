// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Context access per program type: one allowed and one refused access. */
#include <stddef.h>
#include <linux/ptrace.h>
#include <linux/bpf_perf_event.h>
#include "corpus.h"

#define CTX_READ(c, off, sz) ({ __u64 __v; asm volatile( \
	"%0 = *(u" #sz " *)(%1 + %2)" : "=r"(__v) : "r"(c), "i"(off)); __v; })
#define CTX_WRITE(c, off, sz, x) asm volatile( \
	"*(u" #sz " *)(%0 + %1) = %2" :: "r"(c), "i"(off), "r"((__u64)(x)) : "memory")

/* EXPECT accept */
SEC("socket")
int ctx_socket_ok(struct __sk_buff *skb)
{
	return skb->len + skb->protocol + skb->cb[0];
}

/* EXPECT reject: invalid bpf_context access */
SEC("socket")
int ctx_socket_write_mark(struct __sk_buff *skb)
{
	skb->mark = 1;
	return 0;
}

/* EXPECT accept */
SEC("tc")
int ctx_tc_ok(struct __sk_buff *skb)
{
	skb->mark = skb->len;
	skb->tc_classid = 1;
	return 0;
}

/* EXPECT reject: invalid bpf_context access */
SEC("tc")
int ctx_tc_past_end(struct __sk_buff *skb)
{
	return CTX_READ(skb, sizeof(struct __sk_buff), 32);
}

/* EXPECT accept */
SEC("xdp")
int ctx_xdp_ok(struct xdp_md *ctx)
{
	return ctx->ingress_ifindex + ctx->rx_queue_index ? XDP_PASS : XDP_DROP;
}

/* EXPECT reject: invalid bpf_context access */
SEC("xdp")
int ctx_xdp_write_data(struct xdp_md *ctx)
{
	CTX_WRITE(ctx, offsetof(struct xdp_md, data), 32, 0);
	return XDP_PASS;
}

/* EXPECT accept */
SEC("kprobe/do_nanosleep")
int ctx_kprobe_ok(void *regs)
{
	return CTX_READ(regs, 112 /* x86-64 pt_regs.di */, 64) != 0;
}

/* EXPECT reject: invalid bpf_context access */
SEC("kprobe/do_nanosleep")
int ctx_kprobe_write(void *regs)
{
	CTX_WRITE(regs, 112 /* x86-64 pt_regs.di */, 64, 0);
	return 0;
}

/* EXPECT accept */
SEC("tracepoint/syscalls/sys_enter_nanosleep")
int ctx_tracepoint_ok(void *ctx)
{
	return CTX_READ(ctx, 16, 64) != 0;
}

/* EXPECT reject: invalid bpf_context access */
SEC("tracepoint/syscalls/sys_enter_nanosleep")
int ctx_tracepoint_write(void *ctx)
{
	CTX_WRITE(ctx, 16, 64, 0);
	return 0;
}

/* EXPECT accept */
SEC("raw_tracepoint/sys_enter")
int ctx_raw_tp_ok(struct bpf_raw_tracepoint_args *ctx)
{
	return ctx->args[1] != 0;
}

/* EXPECT reject: invalid bpf_context access */
SEC("raw_tracepoint/sys_enter")
int ctx_raw_tp_write(struct bpf_raw_tracepoint_args *ctx)
{
	CTX_WRITE(ctx, 0, 64, 0);
	return 0;
}

/* EXPECT accept */
SEC("perf_event")
int ctx_perf_event_ok(struct bpf_perf_event_data *ctx)
{
	return ctx->sample_period != 0;
}

/* EXPECT reject: invalid bpf_context access */
SEC("perf_event")
int ctx_perf_event_write(struct bpf_perf_event_data *ctx)
{
	CTX_WRITE(ctx, offsetof(struct bpf_perf_event_data, sample_period), 64, 0);
	return 0;
}

/* EXPECT accept */
SEC("cgroup_skb/ingress")
int ctx_cgroup_skb_ok(struct __sk_buff *skb)
{
	return skb->len > 0;
}

/* EXPECT reject: invalid bpf_context access */
SEC("cgroup_skb/ingress")
int ctx_cgroup_skb_write_len(struct __sk_buff *skb)
{
	CTX_WRITE(skb, offsetof(struct __sk_buff, len), 32, 0);
	return 1;
}

/* EXPECT accept */
SEC("cgroup/sock_create")
int ctx_cgroup_sock_ok(struct bpf_sock *sk)
{
	sk->mark = sk->family;
	return 1;
}

/* EXPECT reject: invalid bpf_context access */
SEC("cgroup/sock_create")
int ctx_cgroup_sock_write_family(struct bpf_sock *sk)
{
	CTX_WRITE(sk, offsetof(struct bpf_sock, family), 32, 2);
	return 1;
}

/* EXPECT accept */
SEC("cgroup/connect4")
int ctx_sock_addr_ok(struct bpf_sock_addr *ctx)
{
	ctx->user_port = ctx->user_port;
	return 1;
}

/* EXPECT reject: invalid bpf_context access */
SEC("cgroup/connect4")
int ctx_sock_addr_msg_src(struct bpf_sock_addr *ctx)
{
	return CTX_READ(ctx, offsetof(struct bpf_sock_addr, msg_src_ip4), 32) != 0;
}

/* EXPECT accept */
SEC("sockops")
int ctx_sock_ops_ok(struct bpf_sock_ops *ops)
{
	ops->reply = ops->op;
	return 1;
}

/* EXPECT reject: invalid bpf_context access */
SEC("sockops")
int ctx_sock_ops_write_op(struct bpf_sock_ops *ops)
{
	CTX_WRITE(ops, offsetof(struct bpf_sock_ops, op), 32, 0);
	return 1;
}

/* EXPECT accept */
SEC("sk_skb/stream_verdict")
int ctx_sk_skb_ok(struct __sk_buff *skb)
{
	return skb->len > 10 ? SK_PASS : SK_DROP;
}

/* EXPECT reject: invalid bpf_context access */
SEC("sk_skb/stream_verdict")
int ctx_sk_skb_classid(struct __sk_buff *skb)
{
	return CTX_READ(skb, offsetof(struct __sk_buff, tc_classid), 32);
}

/* EXPECT accept */
SEC("sk_msg")
int ctx_sk_msg_ok(struct sk_msg_md *msg)
{
	return msg->size > 10 ? SK_PASS : SK_DROP;
}

/* EXPECT reject: invalid bpf_context access */
SEC("sk_msg")
int ctx_sk_msg_write(struct sk_msg_md *msg)
{
	CTX_WRITE(msg, offsetof(struct sk_msg_md, size), 32, 0);
	return SK_PASS;
}

/* EXPECT accept */
SEC("lwt_xmit")
int ctx_lwt_ok(struct __sk_buff *skb)
{
	skb->mark = skb->len;
	return 0;
}

/* EXPECT reject: invalid bpf_context access */
SEC("lwt_in")
int ctx_lwt_write_len(struct __sk_buff *skb)
{
	CTX_WRITE(skb, offsetof(struct __sk_buff, len), 32, 0);
	return 0;
}

/* EXPECT accept */
SEC("flow_dissector")
int ctx_flow_dissector_ok(struct __sk_buff *skb)
{
	struct bpf_flow_keys *k = skb->flow_keys;

	k->nhoff = 0;
	return BPF_OK;
}

/* EXPECT reject: invalid bpf_context access */
SEC("flow_dissector")
int ctx_flow_dissector_len(struct __sk_buff *skb)
{
	return CTX_READ(skb, offsetof(struct __sk_buff, mark), 32);
}

/* EXPECT reject: invalid bpf_context access */
SEC("socket")
int ctx_narrow_misaligned(struct __sk_buff *skb)
{
	return CTX_READ(skb, offsetof(struct __sk_buff, len) + 1, 16);
}

/* EXPECT accept */
SEC("socket")
int ctx_narrow_ok(struct __sk_buff *skb)
{
	return CTX_READ(skb, offsetof(struct __sk_buff, len), 8);
}

/* sk_reuseport_md's sk came in 5.14: 5.10's context ends after hash */
/* EXPECT accept */
/* EXPECT --kernel 5.10 -> reject: invalid bpf_context access off=40 size=8 */
SEC("sk_reuseport")
int ctx_sk_reuseport_sk(struct sk_reuseport_md *md)
{
	struct bpf_sock *sk = md->sk;

	return sk->family == 2 && md->hash ? SK_PASS : SK_DROP;
}
