// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * struct_ops maps as libbpf reads them: each variable of .struct_ops and
 * .struct_ops.link is a map whose BTF type is the ops struct, and a
 * relocation puts a program into a function pointer member. A program
 * two maps use fills the same member in both (libbpf refuses another);
 * one no map uses is refused by libbpf.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

struct sock;

struct tcp_congestion_ops {
	__u32 (*ssthresh)(struct sock *sk);
	void (*cong_avoid)(struct sock *sk, __u32 ack, __u32 acked);
	__u32 (*undo_cwnd)(struct sock *sk);
	char name[16];
	void (*init)(struct sock *sk);
};

char _license[] SEC("license") = "GPL";

SEC("struct_ops")
__u32 ca_ssthresh(unsigned long long *ctx)
{
	return 2;
}

SEC("struct_ops")
void ca_cong_avoid(unsigned long long *ctx)
{
}

SEC("struct_ops")
__u32 ca_undo_cwnd(unsigned long long *ctx)
{
	return 10;
}

SEC("struct_ops")
void ca_init(unsigned long long *ctx)
{
}

SEC("struct_ops")
__u32 ca_unused(unsigned long long *ctx)
{
	return 2;
}

SEC(".struct_ops")
struct tcp_congestion_ops first = {
	.ssthresh = (void *)ca_ssthresh,
	.cong_avoid = (void *)ca_cong_avoid,
	.undo_cwnd = (void *)ca_undo_cwnd,
	.name = "first",
};

SEC(".struct_ops.link")
struct tcp_congestion_ops second = {
	.ssthresh = (void *)ca_ssthresh,
	.init = (void *)ca_init,
	.name = "second",
};
