// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Scalar ALU and bounds: each program indexes a 64-byte map value with a
 * scalar whose range comes from ALU operations. */
#include "corpus.h"

/* EXPECT accept */
SEC("socket")
int alu_and_mask(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 i = skb->len & 63;

	if (!v)
		return 0;
	return v->b[i];
}

/* EXPECT reject: max value is outside of the allowed memory range*/
SEC("socket")
int alu_and_mask_too_wide(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 i = skb->len & 127;

	if (!v)
		return 0;
	return v->b[i];
}

/* EXPECT accept */
SEC("socket")
int alu_add_const(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 i = skb->len & 31;

	if (!v)
		return 0;
	i += 32;
	return v->b[i];
}

/* EXPECT reject: max value is outside of the allowed memory range*/
SEC("socket")
int alu_add_const_over(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 i = skb->len & 31;

	if (!v)
		return 0;
	i += 33;
	return v->b[i];
}

/* EXPECT accept */
SEC("socket")
int alu_rsh(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 i = skb->len;

	if (!v)
		return 0;
	i >>= 26;
	return v->b[i];
}

/* EXPECT reject: max value is outside of the allowed memory range*/
SEC("socket")
int alu_rsh_short(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 i = skb->len;

	if (!v)
		return 0;
	i >>= 25;
	return v->b[i];
}

/* EXPECT accept */
SEC("socket")
int alu_mul_small(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 i = skb->len & 7;

	if (!v)
		return 0;
	i *= 9;
	return v->b[i];
}

/* EXPECT reject: max value is outside of the allowed memory range*/
SEC("socket")
int alu_mul_over(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 i = skb->len & 7;

	if (!v)
		return 0;
	i *= 10;
	return v->b[i];
}

/* EXPECT accept */
SEC("socket")
int alu_lsh(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 i = skb->len & 7;

	if (!v)
		return 0;
	i <<= 3;
	return v->b[i];
}

/* EXPECT accept */
SEC("socket")
int alu_mod(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 i = skb->len;

	if (!v)
		return 0;
	OPAQUE(i);
	i %= 64;
	return v->b[i];
}

/* EXPECT accept */
SEC("socket")
int alu_div(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 i = skb->len & 0xff;

	if (!v)
		return 0;
	OPAQUE(i);
	i /= 4;
	return v->b[i];
}

/* EXPECT reject: math between map_value pointer and register with unbounded min value is not allowed*/
SEC("socket")
int alu_div_wide(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 i = skb->len & 0xff;

	if (!v)
		return 0;
	OPAQUE(i);
	i /= 3;
	return v->b[i];
}

/* EXPECT accept */
SEC("socket")
int alu_or_xor(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 i = skb->len & 15;

	if (!v)
		return 0;
	i |= 32;
	i ^= 16;
	return v->b[i];
}

/* EXPECT reject: min value is outside of the allowed memory range*/
SEC("socket")
int alu_or_over(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 i = skb->len & 15;

	if (!v)
		return 0;
	i |= 64;
	return v->b[i];
}

/* EXPECT accept */
SEC("socket")
int alu_sub_range(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 i = skb->len & 31;
	__u64 j = 40;

	if (!v)
		return 0;
	OPAQUE(j);
	j -= i;
	return v->b[j];
}

/* EXPECT reject: min value is negative, either use unsigned index or do a if (index >=0) check.*/
SEC("socket")
int alu_sub_negative(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 i = skb->len & 31;
	__u64 j = 20;

	if (!v)
		return 0;
	OPAQUE(j);
	j -= i;
	return v->b[j];
}

/* EXPECT accept */
SEC("socket")
int alu_32bit_zext(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 x = skb->len;
	__u32 w;

	if (!v)
		return 0;
	OPAQUE(x);
	w = (__u32)x;
	w >>= 28;
	return v->b[w];
}

/* EXPECT reject: min value is negative, either use unsigned index or do a if (index >=0) check.*/
SEC("socket")
int alu_neg(struct __sk_buff *skb)
{
	struct val *v = val0();
	__s64 i = skb->len & 31;

	if (!v)
		return 0;
	i = -i;
	return v->b[i + 16];
}

/* EXPECT accept */
SEC("socket")
int alu_bswap(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u16 x = skb->len & 0x3f00;

	if (!v)
		return 0;
	x = __builtin_bswap16(x);
	return v->b[x];
}

/* EXPECT accept */
SEC("socket")
int alu_arsh(struct __sk_buff *skb)
{
	struct val *v = val0();
	__s64 x = skb->len & 0x3ff;

	if (!v)
		return 0;
	OPAQUE(x);
	x >>= 4;
	return v->b[x];
}

/* EXPECT reject: unbounded memory access, make sure to bounds check any such access*/
SEC("socket")
int alu_unbounded(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 i = skb->len;

	if (!v)
		return 0;
	return v->b[i];
}

/* EXPECT accept */
SEC("socket")
int alu_const_track(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 i = 100;

	if (!v)
		return 0;
	OPAQUE(i);
	i = i * 3 - 280;
	return v->b[i];
}

/* or of two bounded non-constants: computed from 6.11; 6.1 makes the
 * result unknown, all 64 bits (only add, sub and and take a non-constant) */
/* EXPECT accept */
/* EXPECT --kernel 6.1 -> reject: math between map_value pointer and register with unbounded min value */
/* EXPECT --kernel 6.12 -> accept */
SEC("socket")
__naked void alu_or_nonconst(void)
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
	"r2 = *(u32 *)(r6 + 4);"
	"w1 &= 15;"
	"w2 &= 16;"
	"w1 |= w2;"
	"r0 += r1;"
	"r0 = *(u8 *)(r0 + 0);"
	"1: r0 = 0;"
	"exit;"
	:: [amap]"i"(&amap) : "memory");
}
