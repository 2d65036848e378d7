// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Bounded loops Linux accepts and bpfcheck must prove (issue 5). */
/* CORPUS-VARIANTS: O1 O2 O3 v3 c19v3 c19v4 */
#include <linux/pkt_cls.h>
#include "corpus.h"

#define NOUNROLL _Pragma("clang loop unroll(disable)")

/* EXPECT accept */
SEC("tc")
int lp_count_up(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (int i = 0; i < 64; i++)
		sum += v->b[i];
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_countdown(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (int i = 63; i >= 0; i--)
		sum += v->b[i];
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_countdown_postdec(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0, i = 64;

	if (!v)
		return 0;
	NOUNROLL
	while (i--)
		sum ^= v->b[i];
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_step4(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (int i = 0; i < 64; i += 4)
		sum += *(__u32 *)&v->b[i];
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_step_down3(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (int i = 60; i >= 0; i -= 3)
		sum += v->b[i];
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_do_while(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0, i = 0;

	if (!v)
		return 0;
	NOUNROLL
	do {
		sum += v->b[i];
	} while (++i < 64);
	return sum & 1;
}

#define COUNTER_LOOP(name, T) \
SEC("tc") \
int name(struct __sk_buff *skb) \
{ \
	struct val *v = val0(); \
	__u32 sum = 0; \
	T i; \
	if (!v) \
		return 0; \
	NOUNROLL \
	for (i = 0; i < 64; i++) \
		sum += v->b[i]; \
	return sum & 1; \
}

/* EXPECT accept */
COUNTER_LOOP(lp_u8_counter, __u8)
/* EXPECT accept */
COUNTER_LOOP(lp_u16_counter, __u16)
/* EXPECT accept */
COUNTER_LOOP(lp_u32_counter, __u32)
/* EXPECT accept */
COUNTER_LOOP(lp_s32_counter, __s32)
/* EXPECT accept */
COUNTER_LOOP(lp_u64_counter, __u64)
/* EXPECT accept */
COUNTER_LOOP(lp_s64_counter, __s64)

/* EXPECT accept */
SEC("tc")
int lp_early_break(struct __sk_buff *skb)
{
	struct val *v = val0();
	int i;

	if (!v)
		return 0;
	NOUNROLL
	for (i = 0; i < 64; i++)
		if (v->b[i] == 0)
			break;
	return i;
}

/* EXPECT accept */
SEC("tc")
int lp_two_ivs(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;
	int i, j;

	if (!v)
		return 0;
	NOUNROLL
	for (i = 0, j = 63; i < 32; i++, j--)
		sum += v->b[i] * v->b[j];
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_nest2(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (int i = 0; i < 8; i++) {
		NOUNROLL
		for (int j = 0; j < 8; j++)
			sum += v->b[i * 8 + j];
	}
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_nest3(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (int i = 0; i < 4; i++) {
		NOUNROLL
		for (int j = 0; j < 4; j++) {
			NOUNROLL
			for (int k = 0; k < 4; k++)
				sum += v->b[i * 16 + j * 4 + k];
		}
	}
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_nest_triangle(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (int i = 0; i < 8; i++) {
		NOUNROLL
		for (int j = 0; j <= i; j++)
			sum += v->b[i * 8 + j];
	}
	return sum & 1;
}

static __noinline __u32 sum_val(struct val *v, int n)
{
	__u32 sum = 0;

	NOUNROLL
	for (int i = 0; i < n && i < 64; i++)
		sum += v->b[i];
	return sum;
}

/* EXPECT accept */
SEC("tc")
int lp_in_subprog(struct __sk_buff *skb)
{
	struct val *v = val0();

	if (!v)
		return 0;
	return sum_val(v, 40) & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_subprog_twice(struct __sk_buff *skb)
{
	struct val *v = val0();

	if (!v)
		return 0;
	return (sum_val(v, 10) + sum_val(v, skb->len)) & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_helper_in_body(struct __sk_buff *skb)
{
	__u32 sum = 0;

	NOUNROLL
	for (int i = 0; i < 16; i++)
		sum += bpf_get_prandom_u32();
	return sum & 1;
}

/* Safe; Linux gives up on the jump history (beyond Linux). */
/* EXPECT accept LINUX reject: The sequence of 8193 jumps is too complex */
SEC("tc")
int lp_lookup_in_body(struct __sk_buff *skb)
{
	__u64 sum = 0;

	NOUNROLL
	for (__u32 i = 0; i < 16; i++) {
		__u64 *p = bpf_map_lookup_elem(&hmap, &i);

		if (p)
			sum += *p;
	}
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_stack_counter(struct __sk_buff *skb)
{
	struct val *v = val0();
	volatile int i;
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (i = 0; i < 64; i++)
		sum += v->b[i & 63];
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_pkt_ptr_iv(struct __sk_buff *skb)
{
	PKT(skb);
	__u8 *p = data;
	__u32 sum = 0;

	NOUNROLL
	for (int i = 0; i < 32; i++, p++) {
		if ((void *)(p + 1) > data_end)
			break;
		sum += *p;
	}
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_pkt_index_checked(struct __sk_buff *skb)
{
	PKT(skb);
	__u8 *p = data;
	__u32 sum = 0;

	if (data + 64 > data_end)
		return 0;
	NOUNROLL
	for (int i = 0; i < 64; i++)
		sum += p[i];
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_unknown_n_capped(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 n = skb->len, sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (__u32 i = 0; i < n && i < 64; i++)
		sum += v->b[i];
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_switch_body(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (int i = 0; i < 64; i++) {
		switch (v->b[i] & 3) {
		case 0:
			sum += 1;
			break;
		case 1:
			sum ^= v->b[i];
			break;
		case 2:
			sum <<= 1;
			break;
		default:
			sum = 0;
		}
	}
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_ne_exit(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (__u32 i = 0; i != 64; i++)
		sum += v->b[i];
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_ne_step2(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (__u32 i = 0; i != 64; i += 2)
		sum += v->b[i];
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_no_memory(struct __sk_buff *skb)
{
	__u64 x = skb->len;

	NOUNROLL
	for (int i = 0; i < 1000; i++)
		x = x * 31 + i;
	return x & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_while_break(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 i = 0, sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	while (1) {
		sum += v->b[i];
		if (++i >= 50)
			break;
	}
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_continue(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (int i = 0; i < 64; i++) {
		if (v->b[i] & 1)
			continue;
		sum += v->b[i];
	}
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_stack_array(struct __sk_buff *skb)
{
	__u8 buf[32];
	__u32 sum = 0;

	NOUNROLL
	for (int i = 0; i < 32; i++)
		buf[i] = skb->len + i;
	NOUNROLL
	for (int i = 0; i < 32; i++)
		sum += buf[i];
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_signed_cross_zero(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (int i = 20; i > -20; i--)
		sum += v->b[i + 20];
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_reg_bound(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0, lim = 40;

	if (!v)
		return 0;
	OPAQUE(lim);
	NOUNROLL
	for (__u32 i = 0; i < lim; i++)
		sum += v->b[i];
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_ptr_iv_map(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (__u8 *p = v->b; p < v->b + 64; p++)
		sum += *p;
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_strlen(struct __sk_buff *skb)
{
	struct val *v = val0();
	int i;

	if (!v)
		return 0;
	NOUNROLL
	for (i = 0; i < 63 && v->b[i]; i++)
		;
	return i;
}

/* EXPECT accept */
SEC("tc")
int lp_two_loops(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 a = 0, b = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (int i = 0; i < 32; i++)
		a += v->b[i];
	NOUNROLL
	for (int i = 32; i < 64; i++)
		b += v->b[i];
	return (a ^ b) & 1;
}

/* p[n] with n in [0,30] after a 32-byte check: RFC patch 13's rule. */
/* EXPECT accept LINUX reject: offset is outside of the packet */
SEC("tc")
int lp_count_from_pkt(struct __sk_buff *skb)
{
	PKT(skb);
	__u8 *p = data;
	__u32 n, sum = 0;

	if (data + 32 > data_end)
		return 0;
	n = p[0] & 31;
	NOUNROLL
	while (n--)
		sum += p[n];
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_nested_break(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (int i = 0; i < 8; i++) {
		NOUNROLL
		for (int j = 0; j < 8; j++) {
			if (v->b[i * 8 + j] == 0xff)
				break;
			sum++;
		}
	}
	return sum & 1;
}

/* EXPECT accept */
SEC("tc")
int lp_hash_mix(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 h = 0x12345;

	if (!v)
		return 0;
	NOUNROLL
	for (int i = 0; i < 16; i++) {
		h ^= *(__u32 *)&v->b[i * 4];
		h = (h << 5) | (h >> 27);
		h *= 0x9e3779b1;
	}
	return h & 1;
}

/* Hand-written: header test at the top, one latch. */
/* EXPECT accept */
SEC("socket")
__naked void lp_asm_while(void)
{
	asm volatile (
	"r0 = 0;"
	"r1 = 0;"
	"1: if r1 >= 100 goto 2f;"
	"r0 += r1;"
	"r1 += 1;"
	"goto 1b;"
	"2: exit;" ::: "memory");
}

/* Hand-written: two back edges to one header, both increment. */
/* EXPECT accept */
SEC("socket")
__naked void lp_asm_two_latches(void)
{
	asm volatile (
	"r6 = r1;"
	"r0 = 0;"
	"r1 = 0;"
	"1: if r1 > 50 goto 3f;"
	"r1 += 1;"
	"r2 = *(u32 *)(r6 + 0);"
	"if r2 > 10 goto 2f;"
	"r0 += 1;"
	"goto 1b;"
	"2: r0 += 2;"
	"r1 += 2;"
	"goto 1b;"
	"3: exit;" ::: "memory");
}

/* Hand-written: 32-bit counter and JMP32 exit test. */
/* EXPECT accept */
SEC("socket")
__naked void lp_asm_jmp32(void)
{
	asm volatile (
	"r0 = 0;"
	"w1 = 10;"
	"1: w0 += w1;"
	"w1 -= 1;"
	"if w1 != 0 goto 1b;"
	"exit;" ::: "memory");
}

/* Hand-written: counter spilled to the stack around a helper call. */
/* EXPECT accept */
SEC("socket")
__naked void lp_asm_spilled_iv(void)
{
	asm volatile (
	"r1 = 0;"
	"*(u64 *)(r10 - 8) = r1;"
	"1: call 7;"
	"r1 = *(u64 *)(r10 - 8);"
	"r1 += 1;"
	"*(u64 *)(r10 - 8) = r1;"
	"if r1 < 20 goto 1b;"
	"r0 = 0;"
	"exit;" ::: "memory");
}

/*
 * Two loops proven: one by its counter (40 rounds), one by a value that
 * halves (x >>= 1 of a u16: at most 17 header visits).
 */
/* EXPECT accept */
SEC("tc")
int cost_shift_and_count(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 x = skb->len & 0xffff, n = 0, s = 0;

	if (!v)
		return 0;
	for (__u32 i = 0; i < 40; i++)
		s += v->b[i];
	while (x) {
		x >>= 1;
		n ^= x;
	}
	return (s + n) & 1;
}

/* A u64 that falls by two bits a round, tested after the shift. */
/* EXPECT accept */
SEC("tc")
int lp_shift_by_two(struct __sk_buff *skb)
{
	__u64 x = ((__u64)skb->len << 32) | skb->hash, n = 0;

	if (!x)
		return 0;
	do {
		x >>= 2;
		n += x & 3;
	} while (x);
	return n & 1;
}
