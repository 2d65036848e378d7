// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Atomics (hand-written; the fetch forms are emitted as raw bytes because
 * clang 14's assembler has no syntax for them) and legacy LD_ABS/LD_IND.
 */
#include <stddef.h>
#include "corpus.h"

/* code 0xdb = BPF_STX|BPF_DW|BPF_ATOMIC, regs = src << 4 | dst. */
#define FETCH_ADD_R1_FP8  ".byte 0xdb, 0x1a, 0xf8, 0xff, 0x01, 0, 0, 0;"
#define FETCH_ADD_R1_R0   ".byte 0xdb, 0x10, 0x00, 0x00, 0x01, 0, 0, 0;"
#define XCHG_R1_R0        ".byte 0xdb, 0x10, 0x00, 0x00, 0xe1, 0, 0, 0;"
#define CMPXCHG_R1_FP8    ".byte 0xdb, 0x1a, 0xf8, 0xff, 0xf1, 0, 0, 0;"
#define FETCH_ADD_R1_CTX  ".byte 0xdb, 0x16, 0x00, 0x00, 0x01, 0, 0, 0;"

#define LOOKUP0 \
	"r1 = 0;" \
	"*(u32 *)(r10 - 4) = r1;" \
	"r2 = r10;" \
	"r2 += -4;" \
	"r1 = %[amap] ll;" \
	"call 1;"

/* EXPECT accept */
SEC("socket")
__naked void at_add_stack(void)
{
	asm volatile (
	"r1 = 0;"
	"*(u64 *)(r10 - 8) = r1;"
	"r1 = 2;"
	"lock *(u64 *)(r10 - 8) += r1;"
	"r0 = *(u64 *)(r10 - 8);"
	"exit;" ::: "memory");
}

/* EXPECT accept */
SEC("socket")
__naked void at_fetch_add_stack(void)
{
	asm volatile (
	"r1 = 0;"
	"*(u64 *)(r10 - 8) = r1;"
	"r1 = 3;"
	FETCH_ADD_R1_FP8
	"r0 = r1;"
	"exit;" ::: "memory");
}

/* EXPECT reject: invalid mem access 'scalar' */
SEC("socket")
__naked void at_fetch_result_is_scalar(void)
{
	asm volatile (
	"r1 = 0;"
	"*(u64 *)(r10 - 8) = r1;"
	FETCH_ADD_R1_FP8
	"r0 = *(u64 *)(r1 + 0);"
	"exit;" ::: "memory");
}

/* EXPECT accept */
SEC("socket")
__naked void at_fetch_add_map(void)
{
	asm volatile (
	LOOKUP0
	"if r0 == 0 goto 1f;"
	"r1 = 1;"
	FETCH_ADD_R1_R0
	"r0 = r1;"
	"exit;"
	"1: r0 = 0;"
	"exit;"
	:: [amap]"i"(&amap) : "memory");
}

/* EXPECT accept */
SEC("socket")
__naked void at_xchg_map(void)
{
	asm volatile (
	LOOKUP0
	"if r0 == 0 goto 1f;"
	"r1 = 9;"
	XCHG_R1_R0
	"r0 = r1;"
	"exit;"
	"1: r0 = 0;"
	"exit;"
	:: [amap]"i"(&amap) : "memory");
}

/* EXPECT accept */
SEC("socket")
__naked void at_cmpxchg_stack(void)
{
	asm volatile (
	"r1 = 5;"
	"*(u64 *)(r10 - 8) = r1;"
	"r0 = 5;"
	"r1 = 6;"
	CMPXCHG_R1_FP8
	"exit;" ::: "memory");
}

/* EXPECT reject: R0 !read_ok */
SEC("socket")
__naked void at_cmpxchg_no_r0(void)
{
	asm volatile (
	"r1 = 5;"
	"*(u64 *)(r10 - 8) = r1;"
	CMPXCHG_R1_FP8
	"r0 = 0;"
	"exit;" ::: "memory");
}

/* EXPECT reject: BPF_ATOMIC stores into R1 ctx is not allowed */
SEC("socket")
__naked void at_on_ctx(void)
{
	asm volatile (
	"r2 = 1;"
	"lock *(u32 *)(r1 + 0) += r2;"
	"r0 = 0;"
	"exit;" ::: "memory");
}

/* EXPECT reject: BPF_ATOMIC stores into R2 pkt is not allowed */
SEC("tc")
__naked void at_on_pkt(void)
{
	asm volatile (
	"r2 = *(u32 *)(r1 + %[data]);"
	"r3 = *(u32 *)(r1 + %[end]);"
	"r4 = r2;"
	"r4 += 8;"
	"if r4 > r3 goto 1f;"
	"r5 = 1;"
	"lock *(u64 *)(r2 + 0) += r5;"
	"1: r0 = 0;"
	"exit;"
	:: [data]"i"(offsetof(struct __sk_buff, data)),
	   [end]"i"(offsetof(struct __sk_buff, data_end)) : "memory");
}

/* EXPECT reject: min value is outside of the allowed memory range*/
SEC("socket")
__naked void at_map_oob(void)
{
	asm volatile (
	LOOKUP0
	"if r0 == 0 goto 1f;"
	"r1 = 1;"
	"lock *(u64 *)(r0 + 64) += r1;"
	"1: r0 = 0;"
	"exit;"
	:: [amap]"i"(&amap) : "memory");
}

/* EXPECT accept */
SEC("socket")
__naked void at_add32_map(void)
{
	asm volatile (
	LOOKUP0
	"if r0 == 0 goto 1f;"
	"w1 = 1;"
	"lock *(u32 *)(r0 + 60) += w1;"
	"1: r0 = 0;"
	"exit;"
	:: [amap]"i"(&amap) : "memory");
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: leaks addr into mem */
SEC("socket")
__naked void at_pointer_operand(void)
{
	asm volatile (
	"r2 = 0;"
	"*(u64 *)(r10 - 8) = r2;"
	"r1 = r10;"
	"lock *(u64 *)(r10 - 8) += r1;"
	"r0 = 0;"
	"exit;" ::: "memory");
}

/* EXPECT accept */
SEC("socket")
__naked void ldabs_ok(void)
{
	asm volatile (
	"r6 = r1;"
	"r0 = *(u8 *)skb[12];"
	"exit;" ::: "memory");
}

/* EXPECT accept */
SEC("socket")
__naked void ldind_ok(void)
{
	asm volatile (
	"r6 = r1;"
	"r7 = 2;"
	"r0 = *(u16 *)skb[r7];"
	"r0 = *(u32 *)skb[r7];"
	"exit;" ::: "memory");
}

/* EXPECT reject: at the time of BPF_LD_ABS|IND R6 != pointer to skb */
SEC("socket")
__naked void ldabs_r6_not_ctx(void)
{
	asm volatile (
	"r6 = r10;"
	"r0 = *(u8 *)skb[12];"
	"exit;" ::: "memory");
}

/* EXPECT reject: BPF_LD_[ABS|IND] instructions not allowed for this program type */
SEC("xdp")
__naked void ldabs_in_xdp(void)
{
	asm volatile (
	"r6 = r1;"
	"r0 = *(u8 *)skb[12];"
	"exit;" ::: "memory");
}

/* EXPECT reject: R2 !read_ok */
SEC("socket")
__naked void ldabs_clobbers_r2(void)
{
	asm volatile (
	"r6 = r1;"
	"r2 = 1;"
	"r0 = *(u8 *)skb[12];"
	"r0 = r2;"
	"exit;" ::: "memory");
}

/* EXPECT reject: R7 !read_ok */
SEC("socket")
__naked void ldind_uninit_index(void)
{
	asm volatile (
	"r6 = r1;"
	"r0 = *(u8 *)skb[r7];"
	"exit;" ::: "memory");
}

unsigned long long load_byte(void *skb, unsigned long long off)
	asm("llvm.bpf.load.byte");

/* EXPECT accept */
SEC("socket")
int ldabs_c_builtin(struct __sk_buff *skb)
{
	return load_byte(skb, 23) == 6;
}

/* a subprogram's LD_ABS may end the program: only where r0 is an int */
static __noinline void ldabs_into(struct __sk_buff *skb, __u64 *out)
{
	*out = load_byte(skb, 23);
}

/* EXPECT reject: LD_ABS is only allowed in functions that return 'int'. */
SEC("socket")
int ldabs_in_void_subprog(struct __sk_buff *skb)
{
	__u64 v = 0;

	ldabs_into(skb, &v);
	return v == 6;
}

static __noinline int ldabs_int(struct __sk_buff *skb, __u64 *out)
{
	*out = load_byte(skb, 23);
	return 0;
}

/* EXPECT accept */
SEC("socket")
int ldabs_in_int_subprog(struct __sk_buff *skb)
{
	__u64 v = 0;

	ldabs_int(skb, &v);
	return v == 6;
}
