// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Loops that must be rejected: no termination, or unsafe in some iteration. */
/* CORPUS-VARIANTS: O1 O2 O3 v3 c19v3 c19v4 */
#include <linux/pkt_cls.h>
#include "corpus.h"

#define NOUNROLL _Pragma("clang loop unroll(disable)")

/* EXPECT reject: infinite loop detected at insn 1 */
SEC("socket")
__naked void bad_self_loop(void)
{
	asm volatile (
	"r0 = 0;"
	"1: goto 1b;" ::: "memory");
}

/* EXPECT reject: BPF program is too large. Processed 1000001 insn */
SEC("socket")
__naked void bad_infinite_counter(void)
{
	asm volatile (
	"r0 = 0;"
	"1: r0 += 1;"
	"goto 1b;" ::: "memory");
}

/* EXPECT reject: BPF program is too large. Processed 1000001 insn */
SEC("socket")
__naked void bad_no_exit_depends_on_iv(void)
{
	asm volatile (
	"r6 = *(u32 *)(r1 + 0);"
	"r0 = 0;"
	"1: r0 += 1;"
	"if r6 < 10 goto 1b;"
	"exit;" ::: "memory");
}

/* EXPECT reject: BPF program is too large. Processed 1000001 insn */
SEC("socket")
__naked void bad_wrong_direction(void)
{
	asm volatile (
	"r0 = 0;"
	"r1 = 0;"
	"1: r1 += -1;"
	"r0 += 1;"
	"if r1 s< 100 goto 1b;"
	"exit;" ::: "memory");
}

/* EXPECT reject: infinite loop detected at insn 4 */
SEC("socket")
__naked void bad_u8_vs_300(void)
{
	asm volatile (
	"r0 = 0;"
	"r1 = 0;"
	"1: r1 += 1;"
	"r1 &= 0xff;"
	"if r1 < 300 goto 1b;"
	"exit;" ::: "memory");
}

/* EXPECT reject: BPF program is too large. Processed 1000001 insn */
SEC("socket")
__naked void bad_step_maybe_zero(void)
{
	asm volatile (
	"r2 = *(u32 *)(r1 + 0);"
	"r2 &= 3;"
	"r0 = 0;"
	"r1 = 0;"
	"1: r1 += r2;"
	"r0 += 1;"
	"if r1 < 64 goto 1b;"
	"exit;" ::: "memory");
}

/* EXPECT reject: BPF program is too large. Processed 1000001 insn */
SEC("socket")
__naked void bad_ne_overshoot(void)
{
	asm volatile (
	"r0 = 0;"
	"r1 = 0;"
	"1: r1 += 2;"
	"r0 += 1;"
	"if r1 != 63 goto 1b;"
	"exit;" ::: "memory");
}

/* EXPECT reject: infinite loop detected at insn 3 */
SEC("socket")
__naked void bad_iv_reset(void)
{
	asm volatile (
	"r6 = r1;"
	"r0 = 0;"
	"r1 = 0;"
	"1: r1 += 1;"
	"r2 = *(u32 *)(r6 + 0);"
	"if r2 != 0 goto 2f;"
	"r1 = 0;"
	"2: if r1 < 64 goto 1b;"
	"exit;" ::: "memory");
}

/* EXPECT reject: infinite loop detected at insn 7 */
SEC("socket")
__naked void bad_two_paths_opposite(void)
{
	asm volatile (
	"r6 = r1;"
	"r0 = 0;"
	"r1 = 0;"
	"1: r2 = *(u32 *)(r6 + 0);"
	"if r2 > 5 goto 2f;"
	"r1 += 1;"
	"goto 3f;"
	"2: r1 -= 1;"
	"3: if r1 s< 64 goto 1b;"
	"exit;" ::: "memory");
}

/* EXPECT reject: min value is outside of the allowed memory range*/
SEC("tc")
int bad_oob_last_iteration(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (int i = 0; i <= 64; i++)
		sum += ((volatile __u8 *)v->b)[i];
	return sum & 1;
}

/* EXPECT reject: min value is outside of the allowed memory range*/
SEC("tc")
int bad_oob_write_last(struct __sk_buff *skb)
{
	struct val *v = val0();

	if (!v)
		return 0;
	NOUNROLL
	for (int i = 0; i < 65; i++)
		((volatile __u8 *)v->b)[i] = 0;
	return 0;
}

/* EXPECT reject: min value is outside of the allowed memory range*/
SEC("tc")
int bad_nested_oob(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (int i = 0; i < 8; i++) {
		NOUNROLL
		for (int j = 0; j < 9; j++)
			sum += ((volatile __u8 *)v->b)[i * 8 + j];
	}
	return sum & 1;
}

/* EXPECT reject: offset is outside of the packet */
SEC("tc")
int bad_pkt_loop_short_check(struct __sk_buff *skb)
{
	PKT(skb);
	__u8 *p = data;
	__u32 sum = 0;

	if (data + 32 > data_end)
		return 0;
	NOUNROLL
	for (int i = 0; i < 33; i++)
		sum += ((volatile __u8 *)p)[i];
	return sum & 1;
}

/* EXPECT reject: invalid write to stack */
SEC("tc")
int bad_stack_loop_oob(struct __sk_buff *skb)
{
	volatile __u8 buf[16];
	int n = 17;

	OPAQUE(n);
	NOUNROLL
	for (int i = 0; i < n; i++)
		buf[(i & 31) - 16 + 16] = i;
	return buf[0];
}

/* EXPECT reject: min value is outside of the allowed memory range */
SEC("tc")
int bad_u16_index(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 sum = 0;

	if (!v)
		return 0;
	NOUNROLL
	for (__u16 i = 0; i < 1000; i++)
		sum += ((volatile __u8 *)v->b)[i];
	return sum & 1;
}

/* EXPECT reject: BPF program is too large. Processed 1000001 insn */
SEC("socket")
__naked void bad_mul_iv(void)
{
	asm volatile (
	"r0 = 0;"
	"r1 = 0;"
	"1: r1 *= 2;"
	"r0 += 1;"
	"if r1 < 64 goto 1b;"
	"exit;" ::: "memory");
}

/* EXPECT reject: BPF program is too large. Processed 1000001 insn */
SEC("socket")
__naked void bad_bound_changes(void)
{
	asm volatile (
	"r0 = 0;"
	"r1 = 0;"
	"r2 = 10;"
	"1: r1 += 1;"
	"r2 += 1;"
	"if r1 < r2 goto 1b;"
	"exit;" ::: "memory");
}

/* x >>= 1 until x is 1: a packet length of 0 stays 0 forever. */
/* EXPECT reject: BPF program is too large */
SEC("tc")
int bad_shift_to_one(struct __sk_buff *skb)
{
	__u32 x = skb->len, n = 0;

	NOUNROLL
	while (x != 1) {
		x >>= 1;
		n++;
	}
	return n & 1;
}

/* An arithmetic shift of a negative value ends at -1, never at 0. */
/* EXPECT reject: BPF program is too large */
SEC("tc")
int bad_shift_signed(struct __sk_buff *skb)
{
	__s64 x = (__s64)((__u64)skb->hash << 32), n = 0;

	NOUNROLL
	while (x) {
		x >>= 1;
		n++;
	}
	return n & 1;
}
