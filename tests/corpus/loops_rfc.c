// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The RFC's loop examples (cover letter and patch 15), rewritten: a TC
 * program walks a packet with a u8 counter; `k` accumulates bytes.
 */
/* CORPUS-VARIANTS: O1 O2 O3 v3 c19v3 c19v4 */
#include <linux/pkt_cls.h>
#include "corpus.h"

#define NOUNROLL _Pragma("clang loop unroll(disable)")

/*
 * Cover letter: the bound j is read from the packet and only known to be
 * >= 100; the counter can reach 254 while only 101 bytes were checked, so
 * the access in the body is out of bounds for large j.
 */
/* EXPECT reject */
SEC("tc")
int rfc_cover_i_lt_j(struct __sk_buff *skb)
{
	PKT(skb);
	__u8 i = 0, j, k = 0, *p = data;

	if (data + 2 > data_end)
		return TC_ACT_OK;
	j = p[0];
	if (data + 101 > data_end)
		return TC_ACT_OK;
	if (j < 100)
		return TC_ACT_OK;
	NOUNROLL
	while (i < j) {
		k += p[i];
		i++;
	}
	skb->mark = k;
	return TC_ACT_OK;
}

/* The same with j capped at 101: safe. */
/* EXPECT accept */
SEC("tc")
int rfc_cover_i_lt_j_capped(struct __sk_buff *skb)
{
	PKT(skb);
	__u8 i = 0, j, k = 0, *p = data;

	if (data + 2 > data_end)
		return TC_ACT_OK;
	j = p[0];
	if (data + 101 > data_end)
		return TC_ACT_OK;
	if (j > 101)
		return TC_ACT_OK;
	NOUNROLL
	while (i < j) {
		k += p[i];
		i++;
	}
	skb->mark = k;
	return TC_ACT_OK;
}

/* Patch 15, basic loop 1: read-modify-write of the first 100 bytes. */
/* EXPECT accept */
SEC("tc")
int rfc_basic_loop1(struct __sk_buff *skb)
{
	PKT(skb);
	__u8 i = 0, k = 0, *p = data;

	if (data + 101 > data_end)
		return TC_ACT_OK;
	NOUNROLL
	while (i < 100) {
		k += p[i];
		p[i] = k;
		i++;
	}
	skb->mark = k;
	return TC_ACT_OK;
}

/* Patch 15, basic loop 2: a branch inside the body. */
/* EXPECT accept */
SEC("tc")
int rfc_basic_loop2(struct __sk_buff *skb)
{
	PKT(skb);
	__u8 i = 0, k = 0, *p = data;

	if (data + 101 > data_end)
		return TC_ACT_OK;
	NOUNROLL
	while (i < 100) {
		k += p[i];
		if (k < 100)
			p[i] = 'a';
		else
			p[i] = 'b';
		i++;
	}
	skb->mark = k;
	return TC_ACT_OK;
}

/* Patch 15, basic loop 3: bound from the packet, at least 100. */
/* EXPECT accept */
SEC("tc")
int rfc_basic_loop3(struct __sk_buff *skb)
{
	PKT(skb);
	__u8 i = 0, j, k = 0, *p = data;

	if (data + 2 > data_end)
		return TC_ACT_OK;
	j = p[0];
	if (data + 256 > data_end)
		return TC_ACT_OK;
	if (j < 100)
		return TC_ACT_OK;
	NOUNROLL
	while (i < j) {
		k += p[i];
		i++;
	}
	skb->mark = k;
	return TC_ACT_OK;
}

/* Patch 15, bad loop 1: 50 bytes checked, 100 touched. */
/* EXPECT reject: offset is outside of the packet */
SEC("tc")
int rfc_bad_loop1(struct __sk_buff *skb)
{
	PKT(skb);
	__u8 i = 0, k = 0, *p = data;

	if (data + 50 > data_end)
		return TC_ACT_OK;
	NOUNROLL
	while (i < 100) {
		k += p[i];
		p[i] = k;
		i++;
	}
	skb->mark = k;
	return TC_ACT_OK;
}

/* Patch 15, bad loop 2: the counter goes down, away from the bound. */
/* EXPECT reject */
SEC("tc")
int rfc_bad_loop2(struct __sk_buff *skb)
{
	PKT(skb);
	int i = 0, k = 0, *p = data;

	if (data + 101 > data_end)
		return TC_ACT_OK;
	NOUNROLL
	while (i < 100) {
		k += p[i & 15];
		p[i & 15] = k;
		OPAQUE(i);
		i--;
	}
	skb->mark = k;
	return TC_ACT_OK;
}

/*
 * Patch 15, bad loop 3: `goto head` gives the loop a second back edge; every
 * path still increments i, so it terminates. The RFC rejected it (two
 * latches); Linux accepts it, and so must bpfcheck.
 */
/* EXPECT accept */
SEC("tc")
int rfc_bad_loop3_two_latches(struct __sk_buff *skb)
{
	PKT(skb);
	__u8 i = 0, k = 0, *p = data;

	if (data + 101 > data_end)
		return TC_ACT_OK;
head:
	NOUNROLL
	while (i < 100) {
		k += p[i];
		p[i] = k;
		i++;
		if (k < 100)
			goto head;
	}
	skb->mark = k;
	return TC_ACT_OK;
}

/*
 * Patch 11's irreducible loop: the cycle {A, B} is entered both at A and at
 * B. It terminates (r0 only grows), so Linux accepts it; bpfcheck reports it
 * as irreducible and rejects it only under --reject-irreducible.
 */
/* EXPECT accept */
/* EXPECT --reject-irreducible -> reject: irreducible */
SEC("socket")
__naked void rfc_irreducible(void)
{
	asm volatile (
	"r0 = 0;"
	"r2 = *(u32 *)(r1 + 0);"
	"if r2 > 10 goto 2f;"
	"1: r0 += 1;"
	"if r0 > 20 goto 3f;"
	"2: r0 += 2;"
	"if r0 < 20 goto 1b;"
	"3: exit;" ::: "memory");
}
