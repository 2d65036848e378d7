// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Precision tracking, one backtracking rule per program, by hand. Two paths
 * meet at label 2 with different values in a register or stack slot: the
 * first one explored (the fall-through) has a safe value and leaves a
 * checkpoint there, the second (the taken branch) an unsafe one. The value
 * reaches a safety check only later, through the rule under test. Were its
 * precision lost on the way back, the second path would be pruned at 2 and
 * an unsafe program accepted. Each trap has a twin whose second value is
 * safe too, so the verdict rests on the value, not on the shape.
 *
 * PRE(A, B): r7 = A on the first path, B on the second; 10 insns and 3
 * jumps come before label 2, so a checkpoint is made there.
 */
#include "corpus.h"

#define S(x) #x
#define PRE(a, b)					\
	"r6 = r1;"					\
	"call 7;"	/* bpf_get_prandom_u32 */	\
	"r9 = r0;"					\
	"r1 = 0;"					\
	"r2 = 0;"					\
	"r3 = 0;"					\
	"r7 = " S(a) ";"				\
	"if r9 == 0 goto 1f;"				\
	"goto 2f;"					\
	"1: r7 = " S(b) ";"

/* r0 = &amap[0] or exit; r6-r9 kept */
#define LOOKUP						\
	"r1 = 0;"					\
	"*(u32 *)(r10 - 4) = r1;"			\
	"r2 = r10;"					\
	"r2 += -4;"					\
	"r1 = %[amap] ll;"				\
	"call 1;"					\
	"if r0 == 0 goto 3f;"

#define END						\
	"3: r0 = 0;"					\
	"exit;"

/* r7 is the offset itself */
#define DIRECT(name, b)						\
SEC("socket")							\
__naked void name(void)						\
{								\
	asm volatile (PRE(8, b)					\
	"2:" LOOKUP						\
	"r0 += r7;"						\
	"r0 = *(u8 *)(r0 + 0);"					\
	END :: [amap]"i"(&amap) : "memory");			\
}

/* EXPECT reject: R0 min value is outside of the allowed memory range */
DIRECT(prec_direct_bad, 64)
/* EXPECT accept */
DIRECT(prec_direct_ok, 63)

/* through a chain of ALU operations and a 32-bit move */
#define ALU(name, b)						\
SEC("socket")							\
__naked void name(void)						\
{								\
	asm volatile (PRE(8, b)					\
	"2: r8 = r7;"						\
	"r8 <<= 2;"						\
	"r8 += 4;"						\
	"w8 = w8;"						\
	"r8 >>= 2;"						\
	"r8 -= 1;"						\
	LOOKUP							\
	"r0 += r8;"						\
	"r0 = *(u8 *)(r0 + 0);"					\
	END :: [amap]"i"(&amap) : "memory");			\
}

/* EXPECT reject: R0 min value is outside of the allowed memory range */
ALU(prec_alu_bad, 64)
/* EXPECT accept */
ALU(prec_alu_ok, 63)

/* r7 spilled on both paths before they meet: the slot must be precise */
#define SPILL(name, b)						\
SEC("socket")							\
__naked void name(void)						\
{								\
	asm volatile (						\
	"r6 = r1;"						\
	"call 7;"						\
	"r9 = r0;"						\
	"r1 = 0;"						\
	"r2 = 0;"						\
	"r3 = 0;"						\
	"r7 = 8;"						\
	"if r9 == 0 goto 1f;"					\
	"*(u64 *)(r10 - 16) = r7;"				\
	"goto 2f;"						\
	"1: r7 = " S(b) ";"					\
	"*(u64 *)(r10 - 16) = r7;"				\
	"2: r7 = 0;"						\
	LOOKUP							\
	"r8 = *(u64 *)(r10 - 16);"				\
	"r0 += r8;"						\
	"r0 = *(u8 *)(r0 + 0);"					\
	END :: [amap]"i"(&amap) : "memory");			\
}

/* EXPECT reject: R0 min value is outside of the allowed memory range */
SPILL(prec_spill_bad, 64)
/* EXPECT accept */
SPILL(prec_spill_ok, 63)

/*
 * An array map's lookup with a constant key in bounds cannot fail (Linux
 * 6.14 on): r0 is used without a null check. The key, spilled in 4 bytes
 * on both paths, decides that: its slot must be precise.
 */
#define MAPKEY(name, b)						\
SEC("socket")							\
__naked void name(void)						\
{								\
	asm volatile (						\
	"r6 = r1;"						\
	"call 7;"						\
	"r9 = r0;"						\
	"r1 = 0;"						\
	"r2 = 0;"						\
	"r3 = 0;"						\
	"r7 = 3;"						\
	"if r9 == 0 goto 1f;"					\
	"*(u32 *)(r10 - 8) = r7;"				\
	"goto 2f;"						\
	"1: r7 = " S(b) ";"					\
	"*(u32 *)(r10 - 8) = r7;"				\
	"2: r7 = 0;"						\
	"r2 = r10;"						\
	"r2 += -8;"						\
	"r1 = %[amap] ll;"					\
	"call 1;"						\
	"r0 = *(u8 *)(r0 + 0);"					\
	"r0 = 0;"						\
	"exit;"							\
	:: [amap]"i"(&amap) : "memory");			\
}

/* EXPECT reject: R0 invalid mem access 'map_value_or_null' */
MAPKEY(prec_mapkey_bad, 4)
/* EXPECT accept */
MAPKEY(prec_mapkey_ok, 2)

/*
 * A zero stored from a register leaves bytes known to be zero, not a
 * spill; the fill's 0 still depends on the register (soundness driver,
 * seed 7, program 1328).
 */
#define ZERO(name, b)						\
SEC("socket")							\
__naked void name(void)						\
{								\
	asm volatile (PRE(0, b)					\
	"2: *(u64 *)(r10 - 16) = r7;"				\
	"r8 = *(u64 *)(r10 - 16);"				\
	LOOKUP							\
	"r0 += r8;"						\
	"r0 = *(u8 *)(r0 + 0);"					\
	END :: [amap]"i"(&amap) : "memory");			\
}

/* EXPECT reject: R0 min value is outside of the allowed memory range */
ZERO(prec_zero_bad, 64)
/* EXPECT accept */
ZERO(prec_zero_ok, 63)

/* r7 goes through a helper call in a preserved register, then the stack */
#define HELPER(name, b)						\
SEC("socket")							\
__naked void name(void)						\
{								\
	asm volatile (PRE(8, b)					\
	"2: call 7;"						\
	"*(u64 *)(r10 - 24) = r7;"				\
	"r7 = r0;"						\
	LOOKUP							\
	"r8 = *(u64 *)(r10 - 24);"				\
	"r0 += r8;"						\
	"r0 = *(u8 *)(r0 + 0);"					\
	END :: [amap]"i"(&amap) : "memory");			\
}

/* EXPECT reject: R0 min value is outside of the allowed memory range */
HELPER(prec_helper_bad, 64)
/* EXPECT accept */
HELPER(prec_helper_ok, 63)

/* the callee uses its argument as the offset */
static __naked __noinline __attribute__((used)) void prec_sub_use(void)
{
	asm volatile (
	"r6 = r1;"
	LOOKUP
	"r0 += r6;"
	"r0 = *(u8 *)(r0 + 0);"
	END :: [amap]"i"(&amap) : "memory");
}

#define ARG(name, b)						\
SEC("socket")							\
__naked void name(void)						\
{								\
	asm volatile (PRE(8, b)					\
	"2: r1 = r7;"						\
	"call prec_sub_use;"					\
	"exit;" ::: "memory");					\
}

/* EXPECT reject: R0 min value is outside of the allowed memory range */
ARG(prec_arg_bad, 64)
/* EXPECT accept */
ARG(prec_arg_ok, 63)

/* the callee returns its argument, the caller uses r0 */
static __naked __noinline __attribute__((used)) void prec_sub_id(void)
{
	asm volatile (
	"r0 = r1;"
	"r0 += 1;"
	"exit;" ::: "memory");
}

#define RET(name, b)						\
SEC("socket")							\
__naked void name(void)						\
{								\
	asm volatile (PRE(8, b)					\
	"2: r1 = r7;"						\
	"call prec_sub_id;"					\
	"r8 = r0;"						\
	LOOKUP							\
	"r0 += r8;"						\
	"r0 = *(u8 *)(r0 + 0);"					\
	END :: [amap]"i"(&amap) : "memory");			\
}

/* EXPECT reject: R0 min value is outside of the allowed memory range */
RET(prec_ret_bad, 63)
/* EXPECT accept */
RET(prec_ret_ok, 62)

/* the callee stores its argument in the caller's stack */
static __naked __noinline __attribute__((used)) void prec_sub_store(void)
{
	asm volatile (
	"*(u64 *)(r1 + 0) = r2;"
	"r0 = 0;"
	"exit;" ::: "memory");
}

#define STORE(name, b)						\
SEC("socket")							\
__naked void name(void)						\
{								\
	asm volatile (PRE(8, b)					\
	"2: r1 = r10;"						\
	"r1 += -16;"						\
	"r2 = r7;"						\
	"call prec_sub_store;"					\
	LOOKUP							\
	"r8 = *(u64 *)(r10 - 16);"				\
	"r0 += r8;"						\
	"r0 = *(u8 *)(r0 + 0);"					\
	END :: [amap]"i"(&amap) : "memory");			\
}

/* EXPECT reject: R0 min value is outside of the allowed memory range */
STORE(prec_store_bad, 64)
/* EXPECT accept */
STORE(prec_store_ok, 63)

/*
 * Linked registers: r7 is an unknown in [0, 15] on both paths; the paths
 * differ in the bound r8. A copy of r7 is tested against r8, which bounds
 * r7 too; r7 is the offset. The bound must be precise.
 */
#define LINKED(name, b)						\
SEC("socket")							\
__naked void name(void)						\
{								\
	asm volatile (						\
	"r6 = r1;"						\
	"call 7;"						\
	"r9 = r0;"						\
	"r7 = r0;"						\
	"r7 &= 15;"						\
	"r8 = 7;"						\
	"if r9 == 0 goto 1f;"					\
	"goto 2f;"						\
	"1: r8 = " S(b) ";"					\
	"2: r6 = r7;"						\
	"if r6 > r8 goto 3f;"					\
	LOOKUP							\
	"r0 += r7;"						\
	"r0 = *(u8 *)(r0 + 56);"				\
	END :: [amap]"i"(&amap) : "memory");			\
}

/* EXPECT reject: R0 max value is outside of the allowed memory range */
LINKED(prec_linked_bad, 8)
/* EXPECT accept */
LINKED(prec_linked_ok, 6)

/* a branch decided by r7's value guards the unsafe access */
#define DECIDED(name, b)					\
SEC("socket")							\
__naked void name(void)						\
{								\
	asm volatile (PRE(8, b)					\
	"2: if r7 == 8 goto 4f;"				\
	"if r7 == 9 goto 4f;"					\
	LOOKUP							\
	"r0 = *(u8 *)(r0 + 64);"				\
	END							\
	"4: r0 = 0;"						\
	"exit;" :: [amap]"i"(&amap) : "memory");		\
}

/* EXPECT reject: R0 min value is outside of the allowed memory range */
DECIDED(prec_decided_bad, 10)
/* EXPECT accept */
DECIDED(prec_decided_ok, 9)

/* r7 is the size of a helper's write into the stack */
#define SIZE(name, b)						\
SEC("tc")							\
__naked void name(void)						\
{								\
	asm volatile (PRE(8, b)					\
	"2: r1 = r6;"						\
	"r2 = 0;"						\
	"r3 = r10;"						\
	"r3 += -16;"						\
	"r4 = r7;"						\
	"call 26;"	/* bpf_skb_load_bytes */		\
	"r0 = 0;"						\
	"exit;" ::: "memory");					\
}

/* EXPECT reject: invalid write to stack R3 off=-16 size=17 */
SIZE(prec_size_bad, 17)
/* EXPECT accept */
SIZE(prec_size_ok, 16)

/* r7 is the return value a cgroup_skb program must keep in [0, 1] */
#define RETVAL(name, b)						\
SEC("cgroup_skb/ingress")					\
__naked void name(void)						\
{								\
	asm volatile (PRE(1, b)					\
	"2: r0 = r7;"						\
	"exit;" ::: "memory");					\
}

/* EXPECT reject: At program exit the register R0 has smin=2 smax=2 should have been in [0, 1] */
RETVAL(prec_retval_bad, 2)
/* EXPECT accept */
RETVAL(prec_retval_ok, 0)

/*
 * The positive side: the paths differ in r7, which is only stored into the
 * map value; the second path is pruned at 2 (the processed count shows it).
 */
/* EXPECT accept */
SEC("socket")
__naked void prec_irrelevant(void)
{
	asm volatile (PRE(8, 64)
	"2:" LOOKUP
	"*(u64 *)(r0 + 0) = r7;"
	END :: [amap]"i"(&amap) : "memory");
}
