// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Pointer arithmetic: what may be added to which pointer. */
#include <stddef.h>
#include "corpus.h"

/* EXPECT accept */
SEC("socket")
int ptr_map_add_const(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u8 *p;

	if (!v)
		return 0;
	p = (__u8 *)v + 60;
	return *(__u32 *)p;
}

/* EXPECT reject: min value is outside of the allowed memory range*/
SEC("socket")
int ptr_map_add_const_over(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u8 *p;

	if (!v)
		return 0;
	p = (__u8 *)v + 61;
	return *(__u32 *)p;
}

/* EXPECT reject: pointer arithmetic on map_value_or_null prohibited */
SEC("socket")
__naked void ptr_arith_on_null(void)
{
	asm volatile (
	"r1 = 0;"
	"*(u32 *)(r10 - 4) = r1;"
	"r2 = r10;"
	"r2 += -4;"
	"r1 = %[hmap] ll;"
	"call 1;"
	"r0 += 8;"
	"if r0 == 0 goto 1f;"
	"r0 = *(u8 *)(r0 + 0);"
	"1: r0 = 0;"
	"exit;"
	:: [hmap]"i"(&hmap) : "memory");
}

/* EXPECT reject: R1 pointer += pointer prohibited */
SEC("socket")
__naked void ptr_plus_ptr(void)
{
	asm volatile (
	"r1 = r10;"
	"r2 = r10;"
	"r1 += r2;"
	"r0 = 0;"
	"exit;" ::: "memory");
}

/* EXPECT reject: R1 bitwise operator &= on pointer prohibited */
SEC("socket")
__naked void ptr_and(void)
{
	asm volatile (
	"r1 = r10;"
	"r1 &= -8;"
	"r0 = 0;"
	"exit;" ::: "memory");
}

/* EXPECT reject: R1 32-bit pointer arithmetic prohibited */
SEC("socket")
__naked void ptr_alu32(void)
{
	asm volatile (
	"r1 = r10;"
	"w1 += 8;"
	"r0 = 0;"
	"exit;" ::: "memory");
}

/* EXPECT reject: dereference of modified ctx ptr R1 off=4 disallowed */
SEC("socket")
__naked void ptr_ctx_modified(void)
{
	asm volatile (
	"r1 += 4;"
	"r0 = *(u32 *)(r1 + 0);"
	"exit;" ::: "memory");
}

/* EXPECT reject: subtraction from stack pointer prohibited */
SEC("socket")
__naked void ptr_stack_sub(void)
{
	asm volatile (
	"r1 = 7;"
	"*(u64 *)(r10 - 16) = r1;"
	"r2 = r10;"
	"r2 -= 16;"
	"r0 = *(u64 *)(r2 + 0);"
	"exit;" ::: "memory");
}

/* EXPECT accept */
SEC("socket")
__naked void ptr_diff_scalar(void)
{
	asm volatile (
	"r1 = r10;"
	"r1 += -8;"
	"r2 = r10;"
	"r1 -= r2;"
	"r0 = r1;"
	"exit;" ::: "memory");
}

/* EXPECT reject: R2 pointer arithmetic on pkt_end prohibited */
SEC("tc")
__naked void ptr_pkt_end_arith(void)
{
	asm volatile (
	"r2 = *(u32 *)(r1 + %[end]);"
	"r2 += 1;"
	"r0 = 0;"
	"exit;"
	:: [end]"i"(offsetof(struct __sk_buff, data_end)) : "memory");
}

/* EXPECT accept */
SEC("socket")
int ptr_map_var_masked(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 off = skb->len & 0x38;

	if (!v)
		return 0;
	return *(__u64 *)((__u8 *)v + off);
}

/* EXPECT reject: max value is outside of the allowed memory range*/
SEC("socket")
int ptr_map_var_u64_over(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 off = skb->len & 0x3c;

	if (!v)
		return 0;
	return *(__u64 *)((__u8 *)v + off);
}

/* EXPECT reject: R0 invalid mem access 'scalar' */
SEC("socket")
__naked void ptr_deref_scalar(void)
{
	asm volatile (
	"r0 = 1024;"
	"r0 = *(u64 *)(r0 + 0);"
	"exit;" ::: "memory");
}

/* EXPECT reject: !read_ok*/
SEC("socket")
__naked void ptr_uninit_reg(void)
{
	asm volatile (
	"r0 = r1;"
	"r0 = r2;"
	"exit;" ::: "memory");
}

/* EXPECT reject: frame pointer is read only */
SEC("socket")
__naked void ptr_write_r10(void)
{
	asm volatile (
	"r10 = 0;"
	"r0 = 0;"
	"exit;" ::: "memory");
}

/*
 * A write to r10 that no path runs: an error of the path, not of the code,
 * so Linux accepts. For a loader without CAP_PERFMON Linux also follows
 * the branch a known condition never takes, speculatively; 6.12 rejects
 * there, 6.17+ (and bpfcheck) end that path behind a barrier and accept.
 */
/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> accept */
SEC("socket")
__naked void ptr_write_r10_dead(void)
{
	asm volatile (
	"r0 = 5;"
	"if r0 < 16 goto 1f;"
	"r10 = 1;"
	"1: r0 = 0;"
	"exit;" ::: "memory");
}

/* EXPECT reject: R0 !read_ok */
SEC("socket")
__naked void ptr_exit_uninit_r0(void)
{
	asm volatile ("exit;" ::: "memory");
}

/* a map pointer plus a known 0 is still the map pointer; plus 8 is not */
/* EXPECT accept */
SEC("socket")
__naked void ptr_map_ptr_plus_zero(void)
{
	asm volatile (
	"r0 = 0;"
	"*(u64 *)(r10 - 8) = r0;"
	"r2 = r10;"
	"r2 += -8;"
	"r1 = %[hmap] ll;"
	"r1 += r0;"
	"call 1;"
	"r0 = 0;"
	"exit;"
	:: [hmap]"i"(&hmap) : "memory");
}

/* EXPECT reject: R1 pointer arithmetic on map_ptr prohibited */
SEC("socket")
__naked void ptr_map_ptr_plus_eight(void)
{
	asm volatile (
	"r0 = 8;"
	"*(u64 *)(r10 - 8) = r0;"
	"r2 = r10;"
	"r2 += -8;"
	"r1 = %[hmap] ll;"
	"r1 += r0;"
	"call 1;"
	"r0 = 0;"
	"exit;"
	:: [hmap]"i"(&hmap) : "memory");
}

/* privileged, negating a pointer leaks it, which is allowed: a scalar */
/* EXPECT accept */
SEC("socket")
__naked void ptr_neg_becomes_scalar(void)
{
	asm volatile (
	"r1 = r10;"
	"r1 = -r1;"
	"r0 = r1;"
	"r0 &= 1;"
	"exit;" ::: "memory");
}

/* privileged, a 32-bit subtraction with a pointer gives a scalar ... */
/* EXPECT accept */
SEC("socket")
__naked void ptr_sub32_becomes_scalar(void)
{
	asm volatile (
	"r1 = r10;"
	"w1 -= 8;"
	"w2 = 5;"
	"r3 = r10;"
	"w2 -= w3;"
	"r0 = r1;"
	"r0 += r2;"
	"r0 &= 1;"
	"exit;" ::: "memory");
}

/* ... a 64-bit one from a scalar is refused */
/* EXPECT reject: R2 tried to subtract pointer from scalar */
SEC("socket")
__naked void ptr_scalar_minus_ptr64(void)
{
	asm volatile (
	"r2 = 5;"
	"r3 = r10;"
	"r2 -= r3;"
	"r0 = 0;"
	"exit;" ::: "memory");
}
