// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Loops as compilers emit them (issue 13): one program per shape that the
 * induction method must prove, compiled by clang 14 and clang 19. Every
 * program is safe and Linux accepts it by exploring its iterations; the
 * benchmark bench/loops_proof.py counts how many bpfcheck proves.
 *
 * CORPUS-VARIANTS: O1 O2 O3 v3 c19v3 c19v4
 */
#include <linux/pkt_cls.h>
#include <linux/if_ether.h>
#include "corpus.h"

#define NOUNROLL _Pragma("clang loop unroll(disable)")

struct big {
	__u64 q[128];
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct big);
} bigmap SEC(".maps");

static __always_inline struct big *big0(void)
{
	__u32 k = 0;

	return bpf_map_lookup_elem(&bigmap, &k);
}

/* ---- 1. strength-reduced counters ---- */

/* i * 8 becomes the counter: r = -8 ... r += 8; if r != 1016 */
/* EXPECT accept */
SEC("tc")
int sh_sr_u64_index(struct __sk_buff *skb)
{
	struct big *b = big0();
	__u64 sum = 0;

	if (!b)
		return 0;
	NOUNROLL
	for (int i = 0; i < 128; i++)
		sum += b->q[i];
	return sum & 1;
}

/* A constant-trip loop with nothing but arithmetic: 1,000 iterations. */
/* EXPECT accept */
SEC("tc")
int sh_sr_const_1000(struct __sk_buff *skb)
{
	__u64 acc = skb->len;

	NOUNROLL
	for (__u32 i = 0; i < 1000; i++) {
		acc = acc * 31 + (i << 3);
		OPAQUE(acc);
	}
	return acc & 1;
}

/* Counting down by 8 with the index scaled: clang keeps the byte offset. */
/* EXPECT accept */
SEC("tc")
int sh_sr_down_u64(struct __sk_buff *skb)
{
	struct big *b = big0();
	__u64 sum = 0;

	if (!b)
		return 0;
	NOUNROLL
	for (int i = 127; i >= 0; i--)
		sum ^= b->q[i];
	return sum & 1;
}

/* A step of 3 with an equality exit the compiler derives from i < 60. */
/* EXPECT accept */
SEC("tc")
int sh_sr_step3(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (__u32 i = 0; i < 20; i++)
		sum += v->b[i * 3];
	return sum & 1;
}

/* ---- 2. nested loops ---- */

/* EXPECT accept */
SEC("tc")
int sh_nest_matrix(struct __sk_buff *skb)
{
	struct big *b = big0();
	__u64 sum = 0;

	if (!b)
		return 0;
	NOUNROLL
	for (int r = 0; r < 16; r++) {
		NOUNROLL
		for (int c = 0; c < 8; c++)
			sum += b->q[r * 8 + c];
	}
	return sum & 1;
}

/* The outer loop advances a pointer by a row; the inner indexes from it. */
/* EXPECT accept */
SEC("tc")
int sh_nest_outer_ptr(struct __sk_buff *skb)
{
	struct big *b = big0();
	__u64 sum = 0;
	__u64 *row;

	if (!b)
		return 0;
	row = b->q;
	NOUNROLL
	for (int r = 0; r < 16; r++) {
		NOUNROLL
		for (int c = 0; c < 8; c++)
			sum += row[c];
		row += 8;
	}
	return sum & 1;
}

/* Triangular: the inner bound is the outer counter. */
/* EXPECT accept */
SEC("tc")
int sh_nest_triangle(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (int i = 0; i < 32; i++) {
		NOUNROLL
		for (int j = 0; j <= i; j++)
			sum += v->b[j] ^ v->b[i];
	}
	return sum & 1;
}

/* Three levels, the innermost over u64 words (strength-reduced inside). */
/* EXPECT accept */
SEC("tc")
int sh_nest3_words(struct __sk_buff *skb)
{
	struct big *b = big0();
	__u64 sum = 0;

	if (!b)
		return 0;
	NOUNROLL
	for (int i = 0; i < 4; i++) {
		NOUNROLL
		for (int j = 0; j < 4; j++) {
			NOUNROLL
			for (int k = 0; k < 8; k++)
				sum += b->q[i * 32 + j * 8 + k];
		}
	}
	return sum & 1;
}

/* ---- 3. secondary induction variables ---- */

/* A pointer that walks while a counter bounds the trip. */
/* EXPECT accept */
SEC("tc")
int sh_siv_ptr_walk(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u8 *p;
	__u32 sum = 0;

	if (!v)
		return 0;
	p = v->b;
	NOUNROLL
	for (int i = 0; i < 64; i++) {
		sum += *p;
		p++;
		OPAQUE(p);
	}
	return sum & 1;
}

/* Two counters in lockstep; only one is tested. */
/* EXPECT accept */
SEC("tc")
int sh_siv_lockstep(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0, j = 63;

	if (!v)
		return 0;
	NOUNROLL
	for (__u32 i = 0; i < 64; i++) {
		sum += v->b[j] * (i + 1);
		j--;
		OPAQUE(j);
	}
	return sum & 1;
}

/* A stack array filled by one loop and read back reversed by another. */
/* EXPECT accept */
SEC("tc")
int sh_siv_stack_reverse(struct __sk_buff *skb)
{
	__u8 buf[16];
	__u32 sum = 0, x = skb->len;

	NOUNROLL
	for (int i = 0; i < 16; i++) {
		buf[i] = x & 0xff;
		x = x * 7 + 1;
		OPAQUE(x);
	}
	NOUNROLL
	for (int i = 0; i < 16; i++)
		sum = sum * 3 + buf[15 - i];
	return sum & 1;
}

/* A byte offset stepping by 4 beside a counter stepping by 1. */
/* EXPECT accept */
SEC("tc")
int sh_siv_offset(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0, off = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (__u32 n = 0; n < 16; n++) {
		sum += *(__u32 *)&v->b[off];
		off += 4;
		OPAQUE(off);
	}
	return sum & 1;
}

/* ---- 4. signed counters ---- */

/* EXPECT accept */
SEC("tc")
int sh_sgn_from_negative(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (int i = -16; i < 16; i++)
		sum += v->b[i + 16];
	return sum & 1;
}

/*
 * A start of -15..0 from the packet length. Safe, but Linux loses the
 * bound of i + 16 through its sign extension and rejects it; bpfcheck
 * must not accept it either (it has nothing more to prove it with).
 */
/* EXPECT reject: unbounded memory access */
SEC("tc")
int sh_sgn_var_start(struct __sk_buff *skb)
{
	struct val *v = val0();
	int start = -(int)(skb->len & 15);
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (int i = start; i < 16; i++)
		sum += v->b[i + 16];
	return sum & 1;
}

/* Counting down through zero with a signed exit. */
/* EXPECT accept */
SEC("tc")
int sh_sgn_down_through_zero(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (int i = 15; i > -16; i--)
		sum += v->b[i + 16];
	return sum & 1;
}

/* A signed <= exit. */
/* EXPECT accept */
SEC("tc")
int sh_sgn_le(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (long i = -32; i <= 31; i += 2)
		sum += v->b[i + 32];
	return sum & 1;
}

/* ---- 5. packet walks with a data-dependent stride ---- */

/* TLV options: at most 8, each re-checked against data_end. */
/* EXPECT accept */
SEC("tc")
int sh_pkt_tlv(struct __sk_buff *skb)
{
	PKT(skb);
	__u8 *p = data;
	__u32 seen = 0;

	NOUNROLL
	for (int i = 0; i < 8; i++) {
		__u8 len;

		if ((void *)(p + 2) > data_end)
			break;
		len = p[1];
		if (len < 2)
			break;
		seen |= 1u << (p[0] & 31);
		p += len;
	}
	return seen & 1;
}

/* A scan for '\r\n' within a 64-byte window. */
/* EXPECT accept */
SEC("tc")
int sh_pkt_crlf(struct __sk_buff *skb)
{
	PKT(skb);
	__u8 *p = data;
	int i;

	NOUNROLL
	for (i = 0; i < 64; i++) {
		if ((void *)(p + i + 2) > data_end)
			return 0;
		if (p[i] == '\r' && p[i + 1] == '\n')
			break;
	}
	return i;
}

/* ---- 6. counters kept in a stack slot ---- */

/* EXPECT accept */
SEC("tc")
int sh_stk_volatile(struct __sk_buff *skb)
{
	struct val *v = val0();
	volatile int i;
	__u32 sum = 0;

	if (!v)
		return 0;
	for (i = 0; i < 64; i++)
		sum += v->b[i & 63];
	return sum & 1;
}

/* A counter that lives across a helper call. */
/* EXPECT accept */
SEC("tc")
int sh_stk_across_call(struct __sk_buff *skb)
{
	struct val *v = val0();
	volatile __u32 n = 0;
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	while (n < 32) {
		sum += bpf_get_prandom_u32() & v->b[n & 63];
		n = n + 1;
	}
	return sum & 1;
}

/* ---- 8. loops that end within a round or two (peeled rounds) ---- */

/*
 * Two rounds of a branchy body, the counter kept on the stack and stepped
 * by 90 (pyperf's shape after clang's unrolling by 90): explored round by
 * round as Linux does, with a trip bound of 2.
 */
/* EXPECT accept */
SEC("tc")
int sh_peel_two_rounds(struct __sk_buff *skb)
{
	struct big *b = big0();
	volatile int i;
	__u64 acc = 0;

	if (!b)
		return 0;
	for (i = 89; i != 269; i += 90) {
		__u64 x = b->q[(i >> 1) & 127];

		if (x & 1)
			acc += x;
		else
			acc ^= x >> 3;
		if (acc > 1000)
			break;
	}
	return acc & 1;
}

/*
 * Three rounds, a data-dependent path through each: the rounds that are
 * peeled still count in the trip bound the oracle checks at run time.
 */
/* EXPECT accept */
SEC("tc")
int sh_peel_three(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (int i = 0; i < 3; i++) {
		if (v->b[i] > 10)
			sum += v->b[i + 1];
		else
			sum ^= v->b[i + 2];
	}
	return sum & 1;
}

/*
 * A test near the counter's start that does not end the loop: the first
 * round is peeled on a wrong guess, the rest are summarised, and the trip
 * bound counts both.
 */
/* EXPECT accept */
SEC("tc")
int sh_peel_wrong_guess(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (__u32 i = 0; i < 60; i++) {
		if (i == 1)
			sum += 7;
		sum += v->b[i];
	}
	return sum & 1;
}
