// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Traps for the induction method (src/verifier/induction.c): loops that look bounded to
 * a careless induction-variable analysis but are not, and bounded shapes
 * it must get right (several IVs, nesting, pointers, steps > 1).
 */
/* CORPUS-VARIANTS: O1 O2 O3 v3 c19v3 c19v4 */
#include "corpus.h"

#define NOUNROLL _Pragma("clang loop unroll(disable)")

/* A copy of r1 steps, r1 never changes: r2 is always 1. */
/* EXPECT reject: infinite loop detected at insn */
SEC("socket")
__naked void snd_copy_steps(void)
{
	asm volatile (
	"r0 = 0;"
	"r1 = 0;"
	"1: r2 = r1;"
	"r2 += 1;"
	"if r2 < 10 goto 1b;"
	"exit;" ::: "memory");
}

/* Step 2 never meets the odd bound of a != test. */
/* EXPECT reject: BPF program is too large */
SEC("socket")
__naked void snd_step2_odd_ne(void)
{
	asm volatile (
	"r0 = 0;"
	"r1 = 0;"
	"1: r1 += 2;"
	"if r1 != 7 goto 1b;"
	"exit;" ::: "memory");
}

/* Ends only when the 32-bit counter wraps around: no proof by induction. */
/* EXPECT reject: BPF program is too large */
SEC("socket")
__naked void snd_w32_wraps(void)
{
	asm volatile (
	"r0 = 0;"
	"w1 = 0;"
	"1: w1 += 1;"
	"if w1 != 0 goto 1b;"
	"exit;" ::: "memory");
}

/* Counting down by 3 from 10 skips 0 and wraps below it. */
/* EXPECT reject: BPF program is too large */
SEC("socket")
__naked void snd_down_skips_zero(void)
{
	asm volatile (
	"r0 = 0;"
	"r1 = 10;"
	"1: r1 -= 3;"
	"if r1 != 0 goto 1b;"
	"exit;" ::: "memory");
}

/* Two paths step the counter in opposite directions. */
/* EXPECT reject: infinite loop detected at insn */
SEC("socket")
__naked void snd_up_and_down(void)
{
	asm volatile (
	"r6 = r1;"
	"r0 = 0;"
	"r1 = 0;"
	"1: r2 = *(u32 *)(r6 + 0);"
	"if r2 > 5 goto 2f;"
	"r1 += 1;"
	"goto 3f;"
	"2: r1 -= 2;"
	"3: if r1 s< 64 goto 1b;"
	"exit;" ::: "memory");
}

/* The counter is reloaded from the packet length every iteration. */
/* EXPECT reject: infinite loop detected at insn 4 */
SEC("socket")
__naked void snd_reloaded(void)
{
	asm volatile (
	"r6 = r1;"
	"r0 = 0;"
	"1: r1 = *(u32 *)(r6 + 0);"
	"r1 += 1;"
	"if r1 < 100 goto 1b;"
	"exit;" ::: "memory");
}

/* The last iteration writes one byte past the buffer. */
/* EXPECT reject: invalid write to stack */
SEC("socket")
int snd_oob_last(struct __sk_buff *skb)
{
	volatile __u8 buf[16];

	NOUNROLL
	for (int i = 0; i <= 16; i++)
		buf[i] = i;
	return buf[3];
}

/* Two counters meet in the middle. */
/* EXPECT accept */
SEC("tc")
int snd_two_ivs(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (__u32 i = 0, j = 63; i < j; i++, j--)
		sum += v->b[i] + v->b[j];
	return sum & 1;
}

/* The inner bound is the outer counter. */
/* EXPECT accept */
SEC("tc")
int snd_triangle(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (__u32 i = 0; i < 8; i++) {
		NOUNROLL
		for (__u32 j = 0; j < i; j++)
			sum += v->b[i * 8 + j];
	}
	return sum & 1;
}

/* Step 4 up to a bound that is a multiple of it. */
/* EXPECT accept */
SEC("tc")
int snd_step4(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (__u32 i = 0; i < 64; i += 4)
		sum += v->b[i] + v->b[i + 3];
	return sum & 1;
}

/* Step 4 with the last access one past the end for i = 60. */
/* EXPECT reject: min value is outside of the allowed memory range */
SEC("tc")
int snd_step4_oob(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (__u32 i = 0; i < 64; i += 4)
		sum += v->b[i] + v->b[i + 4];
	return sum & 1;
}

/* data + i computed twice in a round has one range; reading one byte
 * past the checked two is still out of bounds. */
/* EXPECT reject: outside of the packet */
SEC("tc")
int snd_pkt_rederived_overread(struct __sk_buff *skb)
{
	PKT(skb);
	__u8 *p = data;
	int i;

	NOUNROLL
	for (i = 0; i < 64; i++) {
		if ((void *)(p + i + 2) > data_end)
			return 0;
		if (p[i] == '\r' && p[i + 2] == '\n')
			break;
	}
	return i;
}

/* A pointer kept from the first round (data + 0, 8 bytes checked) says
 * nothing about data + i in a later round: one id per round only. */
/* EXPECT reject: outside of the packet */
SEC("tc")
__naked void snd_pkt_kept_round(void)
{
	asm volatile (
	"r2 = *(u32 *)(r1 +76);"
	"r3 = *(u32 *)(r1 +80);"
	"r0 = 0;"
	"r4 = 0;"
	"r6 = r2;"
	"1: r5 = r2;"
	"r5 += r4;"
	"if r4 == 0 goto 2f;"
	"r0 = *(u8 *)(r5 +7);"
	"goto 3f;"
	"2: r7 = r5;"
	"r7 += 8;"
	"if r7 > r3 goto 4f;"
	"r6 = r5;"
	"3: r4 += 1;"
	"if r4 < 16 goto 1b;"
	"4: r0 = 0;"
	"exit;" ::: "memory");
}

/*
 * A counter tested through a low-bit mask keeps its tag only while all its
 * values fit the mask: here i += 100 passes 255 in its fourth round, and
 * i & 255 (a multiple of 4) never meets 250, so the loop never ends.
 */
/* EXPECT reject: BPF program is too large */
SEC("tc")
__naked void snd_mask_wraps(void)
{
	asm volatile (
	"r3 = 0;"
	"1: r5 = r3;"
	"r5 &= 255;"
	"if r5 == 250 goto 2f;"
	"r3 += 100;"
	"goto 1b;"
	"2: r0 = 0;"
	"exit;" ::: "memory");
}

/* Its twin stays within the mask until the test ends it (i & 255 > 99 at
 * i = 100): a __u8 counter at -O1 (rfc_bad_loop3_two_latches) */
/* EXPECT accept */
SEC("tc")
__naked void snd_mask_meets(void)
{
	asm volatile (
	"r3 = 0;"
	"1: r5 = r3;"
	"r5 &= 255;"
	"if r5 > 99 goto 2f;"
	"r3 += 1;"
	"goto 1b;"
	"2: r0 = 0;"
	"exit;" ::: "memory");
}
