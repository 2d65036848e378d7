// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* CORPUS-VARIANTS: vmlinux */
/*
 * struct_ops programs: a small TCP congestion control (Reno: init,
 * ssthresh, cong_avoid, undo_cwnd, set_state, cwnd_event, calling the
 * tcp_reno_* and tcp_slow_start kfuncs and bpf_tcp_send_ack) registered
 * by a .struct_ops map, and its unsafe twins in a second map: a write to a
 * tcp_sock field bpf_tcp_ca_btf_struct_access refuses, a write wider than
 * its field, a value member returning an unset r0, a void member leaking
 * a reference, a helper release() may not call; bpf_dummy_ops' __nullable
 * argument read with and without a NULL check, and a write to its state.
 * Built against this machine's vmlinux.h (variant vmlinux), verified
 * against its BTF. (A sleepable program on a member that may not sleep,
 * SEC("struct_ops.s/..."), is dummy_st_ops_fail's, a selftest: Debian's
 * libbpf 1.1, which kload links, cannot open such a section.)
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char _license[] SEC("license") = "GPL";

extern void tcp_reno_cong_avoid(struct sock *sk, __u32 ack, __u32 acked) __ksym;
extern __u32 tcp_reno_undo_cwnd(struct sock *sk) __ksym;
extern __u32 tcp_slow_start(struct tcp_sock *tp, __u32 acked) __ksym;

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} events SEC(".maps");

#define __naked __attribute__((naked))
#define SOL_TCP 6
#define TCP_NODELAY 1

static inline struct tcp_sock *tcp_sk(const struct sock *sk)
{
	return (struct tcp_sock *)sk;
}

/* a void member: writes the fields a congestion control may write */
/* EXPECT accept */
SEC("struct_ops")
void BPF_PROG(reno_init, struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);

	tp->snd_ssthresh = 0x7fffffff;
	tp->snd_cwnd_cnt = 0;
}

/* a value member: half the window, at least 2 */
/* EXPECT accept */
SEC("struct_ops")
__u32 BPF_PROG(reno_ssthresh, struct sock *sk)
{
	const struct tcp_sock *tp = tcp_sk(sk);
	__u32 half = tp->snd_cwnd >> 1;

	return half > 2 ? half : 2;
}

/* the tcp_ca kfuncs, the context's sock passed as a tcp_sock */
/* EXPECT accept */
SEC("struct_ops")
void BPF_PROG(reno_cong_avoid, struct sock *sk, __u32 ack, __u32 acked)
{
	struct tcp_sock *tp = tcp_sk(sk);

	if (tp->snd_cwnd < tp->snd_ssthresh) {
		acked = tcp_slow_start(tp, acked);
		if (!acked)
			return;
	}
	tcp_reno_cong_avoid(sk, ack, acked);
}

/* EXPECT accept */
SEC("struct_ops")
__u32 BPF_PROG(reno_undo_cwnd, struct sock *sk)
{
	return tcp_reno_undo_cwnd(sk);
}

/* EXPECT accept */
SEC("struct_ops")
void BPF_PROG(reno_set_state, struct sock *sk, __u8 new_state)
{
	if (new_state == TCP_CA_Loss)
		tcp_sk(sk)->snd_cwnd_cnt = 0;
}

/* bpf_tcp_send_ack takes the tcp_sock */
/* EXPECT accept */
SEC("struct_ops")
void BPF_PROG(reno_cwnd_event, struct sock *sk, enum tcp_ca_event ev)
{
	struct tcp_sock *tp = tcp_sk(sk);

	if (ev == CA_EVENT_TX_START)
		bpf_tcp_send_ack(tp, tp->rcv_nxt);
}

/* sock's pacing fields are writable since 6.0 */
/* EXPECT accept */
/* EXPECT --kernel 5.10 -> reject: no write support to tcp_sock at off */
/* EXPECT --kernel 6.1 -> accept */
SEC("struct_ops")
void BPF_PROG(reno_cong_control, struct sock *sk, const struct rate_sample *rs)
{
	sk->sk_pacing_rate = sk->sk_max_pacing_rate;
	sk->sk_pacing_status = SK_PACING_NEEDED;
}

/* tcp_sock's app_limited is writable since 6.3 */
/* EXPECT accept */
/* EXPECT --kernel 6.1 -> reject: no write support to tcp_sock at off */
/* EXPECT --kernel 6.6 -> accept */
SEC("struct_ops")
void BPF_PROG(reno_pkts_acked, struct sock *sk, const struct ack_sample *sample)
{
	tcp_sk(sk)->app_limited = 1;
}

SEC(".struct_ops")
struct tcp_congestion_ops bc_reno = {
	.init = (void *)reno_init,
	.ssthresh = (void *)reno_ssthresh,
	.cong_avoid = (void *)reno_cong_avoid,
	.undo_cwnd = (void *)reno_undo_cwnd,
	.set_state = (void *)reno_set_state,
	.cwnd_event = (void *)reno_cwnd_event,
	.cong_control = (void *)reno_cong_control,
	.pkts_acked = (void *)reno_pkts_acked,
	.name = "bc_reno",
};

/* rcv_nxt is not one of the fields bpf_tcp_ca_btf_struct_access allows */
/* EXPECT reject: no write support to tcp_sock at off */
SEC("struct_ops")
void BPF_PROG(bad_init, struct sock *sk)
{
	tcp_sk(sk)->rcv_nxt = 0;
}

/* snd_cwnd is 4 bytes: an 8-byte store runs past it */
/* EXPECT reject: beyond the member of tcp_sock ended at */
SEC("struct_ops")
__naked void bad_set_state(void)
{
	asm volatile("r1 = *(u64 *)(r1 + 0);"
		     "r2 = 0;"
		     "*(u64 *)(r1 + %[off]) = r2;"
		     "exit;"
		     :
		     : [off] "i"(__builtin_offsetof(struct tcp_sock, snd_cwnd))
		     : "memory");
}

/* a value member that never sets r0 */
/* EXPECT reject: R0 !read_ok */
SEC("struct_ops")
__naked __u32 bad_ssthresh(void)
{
	asm volatile("exit;" ::: "memory");
}

/* a void member: r0 is not read, so an unset r0 is fine */
/* EXPECT accept */
SEC("struct_ops")
__naked void void_in_ack_event(void)
{
	asm volatile("exit;" ::: "memory");
}

/* a void member still may not leak a reference */
/* EXPECT reject: BPF_EXIT instruction in main prog would lead to reference leak */
SEC("struct_ops")
void BPF_PROG(bad_cong_avoid, struct sock *sk, __u32 ack, __u32 acked)
{
	__u32 *e = bpf_ringbuf_reserve(&events, sizeof(*e), 0);

	if (e)
		*e = acked;
}

/* bpf_setsockopt is not offered to release() */
/* EXPECT reject: program of this type cannot use helper bpf_setsockopt#49 */
SEC("struct_ops")
void BPF_PROG(bad_release, struct sock *sk)
{
	int v = 1;

	bpf_setsockopt(sk, SOL_TCP, TCP_NODELAY, &v, sizeof(v));
}

SEC(".struct_ops")
struct tcp_congestion_ops bc_bad = {
	.init = (void *)bad_init,
	.set_state = (void *)bad_set_state,
	.ssthresh = (void *)bad_ssthresh,
	.in_ack_event = (void *)void_in_ack_event,
	.cong_avoid = (void *)bad_cong_avoid,
	.release = (void *)bad_release,
	.name = "bc_bad",
};

/* test_1's argument is __nullable in its stub: read after a NULL check */
/* EXPECT accept */
SEC("struct_ops/test_1")
int BPF_PROG(dummy_checked, struct bpf_dummy_ops_state *state)
{
	return state ? state->val : 0;
}

SEC(".struct_ops")
struct bpf_dummy_ops dummy_ok = {
	.test_1 = (void *)dummy_checked,
};

/* ... and without one */
/* EXPECT reject: invalid mem access 'trusted_ptr_or_null_' */
SEC("struct_ops/test_1")
int BPF_PROG(dummy_unchecked, struct bpf_dummy_ops_state *state)
{
	return state->val;
}

/* a write to bpf_dummy_ops_state is allowed */
/* EXPECT accept */
SEC("struct_ops/test_sleepable")
int BPF_PROG(dummy_write, struct bpf_dummy_ops_state *state)
{
	if (state)
		state->val = 1;
	return 0;
}

SEC(".struct_ops")
struct bpf_dummy_ops dummy_bad = {
	.test_1 = (void *)dummy_unchecked,
	.test_sleepable = (void *)dummy_write,
};

/*
 * No map uses it: libbpf >= 1.4 refuses to load it (bpfcheck's message);
 * older ones load it without an attach target, which the kernel refuses
 * with no log line (check_struct_ops_btf_id's -ENOTSUPP).
 */
/* EXPECT reject: isn't referenced anywhere, did you forget to use it? LINUX reject */
SEC("struct_ops")
__u32 BPF_PROG(unused_ssthresh, struct sock *sk)
{
	return 2;
}
