// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Return values checked per program type. */
#include "corpus.h"

/* EXPECT accept */
SEC("cgroup_skb/ingress")
int ret_cgroup_skb_1(struct __sk_buff *skb)
{
	return 1;
}

/* EXPECT reject: At program exit the register R0 has */
SEC("cgroup_skb/ingress")
int ret_cgroup_skb_2(struct __sk_buff *skb)
{
	return 2;
}

/* EXPECT accept */
SEC("cgroup_skb/egress")
int ret_cgroup_skb_masked(struct __sk_buff *skb)
{
	return skb->len & 1;
}

/* EXPECT reject: At program exit the register R0 has */
SEC("cgroup_skb/egress")
int ret_cgroup_skb_unknown(struct __sk_buff *skb)
{
	return skb->len;
}

/* EXPECT reject: At program exit the register R0 has */
SEC("cgroup/sock_create")
int ret_cgroup_sock_3(struct bpf_sock *sk)
{
	return 3;
}

/* EXPECT reject: At program exit the register R0 has */
SEC("cgroup/connect4")
int ret_sock_addr_2(struct bpf_sock_addr *ctx)
{
	return 2;
}

/* EXPECT accept */
SEC("cgroup/connect4")
int ret_sock_addr_0(struct bpf_sock_addr *ctx)
{
	return 0;
}

/* EXPECT accept */
SEC("xdp")
int ret_xdp_any(struct xdp_md *ctx)
{
	return 7;
}

/* EXPECT reject: R0 !read_ok */
SEC("tc")
__naked void ret_uninit(void)
{
	asm volatile ("exit;" ::: "memory");
}

/* EXPECT reject: At program exit the register R0 is not a known value */
SEC("cgroup_skb/ingress")
__naked void ret_cgroup_skb_pointer(void)
{
	asm volatile (
	"r0 = r10;"
	"exit;" ::: "memory");
}
