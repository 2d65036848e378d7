// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Branch refinement: comparisons narrow the ranges of both successors. */
#include "corpus.h"

/* EXPECT accept */
SEC("socket")
int br_ult(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 i = skb->len;

	if (!v || i >= 64)
		return 0;
	return v->b[i];
}

/* EXPECT reject: max value is outside of the allowed memory range */
SEC("socket")
int br_ule_off_by_one(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 i = skb->len;

	if (!v || i > 64)
		return 0;
	return v->b[i];
}

/* EXPECT accept */
SEC("socket")
int br_signed_both(struct __sk_buff *skb)
{
	struct val *v = val0();
	int i = (int)skb->len;

	OPAQUE(i);
	if (!v || i < 0 || i > 63)
		return 0;
	return v->b[i];
}

/* EXPECT reject: value -2147483648 makes map_value pointer be out of bounds */
SEC("socket")
int br_signed_upper_only(struct __sk_buff *skb)
{
	struct val *v = val0();
	int i = (int)skb->len;

	OPAQUE(i);
	if (!v || i > 63)
		return 0;
	return v->b[i];
}

/* EXPECT accept */
SEC("socket")
int br_reg_reg(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 i = skb->len, lim = 48;

	OPAQUE(lim);
	if (!v || i >= lim)
		return 0;
	return v->b[i];
}

/* EXPECT reject: max value is outside of the allowed memory range */
SEC("socket")
int br_reg_reg_big(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 i = skb->len, lim = 65;

	OPAQUE(lim);
	if (!v || i >= lim)
		return 0;
	return v->b[i];
}

/* EXPECT accept */
SEC("socket")
int br_else_branch(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 i = skb->len;

	if (!v)
		return 0;
	if (i < 64)
		return v->b[i];
	return v->b[i & 7];
}

/* EXPECT accept */
SEC("socket")
int br_jeq_const(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 i = skb->len;

	if (!v)
		return 0;
	if (i == 40)
		return v->b[i];
	return 1;
}

/* EXPECT reject: max value is outside of the allowed memory range */
SEC("socket")
int br_jset(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 i = skb->len & 0xff;

	if (!v)
		return 0;
	if (i & 0xc0)
		return 0;
	return v->b[i];
}

/* EXPECT accept */
SEC("socket")
__naked void br_dead_branch(void)
{
	asm volatile (
	"r0 = 5;"
	"if r0 > 4 goto 1f;"
	"r0 = *(u64 *)(r0 + 0);"
	"1: exit;" ::: "memory");
}

/* EXPECT reject: invalid mem access 'scalar' */
SEC("socket")
__naked void br_live_branch(void)
{
	asm volatile (
	"r0 = 5;"
	"if r0 > 5 goto 1f;"
	"r0 = *(u64 *)(r0 + 0);"
	"1: exit;" ::: "memory");
}

/* EXPECT accept */
SEC("socket")
__naked void br_jmp32(void)
{
	asm volatile (
	"r6 = r1;"
	"r1 = 0;"
	"*(u32 *)(r10 - 4) = r1;"
	"r2 = r10;"
	"r2 += -4;"
	"r1 = %[amap] ll;"
	"call 1;"
	"if r0 == 0 goto 1f;"
	"r1 = *(u32 *)(r6 + 0);"
	"if w1 > 63 goto 1f;"
	"r0 += r1;"
	"r0 = *(u8 *)(r0 + 0);"
	"1: r0 = 0;"
	"exit;"
	:: [amap]"i"(&amap) : "memory");
}

/* "w2 = w1" with r1 within 32 bits links w2 to r1 (6.8): the bound w1 is
 * given bounds r2; 6.1's copy is not linked */
/* EXPECT accept */
/* EXPECT --kernel 6.1 -> reject: R0 unbounded memory access */
SEC("socket")
__naked void br_mov32_linked(void)
{
	asm volatile (
	"r6 = r1;"
	"r1 = 0;"
	"*(u32 *)(r10 - 4) = r1;"
	"r2 = r10;"
	"r2 += -4;"
	"r1 = %[amap] ll;"
	"call 1;"
	"if r0 == 0 goto 1f;"
	"r1 = *(u32 *)(r6 + 0);"
	"w2 = w1;"
	"if w1 > 63 goto 1f;"
	"r0 += r2;"
	"r0 = *(u8 *)(r0 + 0);"
	"1: r0 = 0;"
	"exit;"
	:: [amap]"i"(&amap) : "memory");
}

/* u32 [3, U32_MAX] and s32 [S32_MIN, 1] meet in [S32_MIN, -1] only: the
 * sign test is decided (6.12's __reg32_deduce_bounds); 6.1 learns nothing
 * from a signed range crossing the sign boundary and explores the load */
/* EXPECT accept */
/* EXPECT --kernel 6.1 --linux-compat -> reject: invalid mem access 'scalar' */
/* EXPECT --kernel 6.12 --linux-compat -> accept */
SEC("socket")
__naked void br_sign_wrap32(void)
{
	asm volatile (
	"call 7;"
	"w0 &= 0xffffffff;"
	"if w0 < 3 goto 1f;"
	"if w0 s> 1 goto 1f;"
	"if w0 s< 0 goto 1f;"
	"r0 = *(u64 *)(r0 + 0);"
	"1: r0 = 0;"
	"exit;" ::: "memory");
}

/* r1 in [2^32, 2^32 + 255] narrowed to 2^32 + 5: a constant from 6.0 on,
 * whose __reg_bound_offset takes the low half's bits from the 64-bit
 * range; 5.10 keeps them unknown, so "r1 == r2" is not decided there */
/* EXPECT accept */
/* EXPECT --kernel 5.10 --linux-compat -> reject: invalid mem access 'scalar' */
/* EXPECT --kernel 6.1 --linux-compat -> accept */
SEC("socket")
__naked void br_subreg_offset(void)
{
	asm volatile (
	"r1 = *(u32 *)(r1 + 0);"
	"r1 &= 0xff;"
	"r0 = 0x100000000 ll;"
	"r1 += r0;"
	"r2 = 0x100000005 ll;"
	"if r1 > r2 goto 1f;"
	"if r1 < r2 goto 1f;"
	"if r1 == r2 goto 1f;"
	"r0 = *(u64 *)(r0 + 0);"
	"1: r0 = 0;"
	"exit;" ::: "memory");
}

/* EXPECT reject: math between map_value pointer and register with unbounded min value is not allowed*/
SEC("socket")
__naked void br_jmp32_upper_unknown(void)
{
	asm volatile (
	"r6 = r1;"
	"r1 = 0;"
	"*(u32 *)(r10 - 4) = r1;"
	"r2 = r10;"
	"r2 += -4;"
	"r1 = %[amap] ll;"
	"call 1;"
	"if r0 == 0 goto 1f;"
	"r1 = *(u64 *)(r0 + 0);"
	"if w1 > 63 goto 1f;"
	"r0 += r1;"
	"r0 = *(u8 *)(r0 + 0);"
	"1: r0 = 0;"
	"exit;"
	:: [amap]"i"(&amap) : "memory");
}
