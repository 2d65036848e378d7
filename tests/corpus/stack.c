// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Stack: bounds, alignment, initialised reads, spill/fill, overwrites. */
#include "corpus.h"

/* EXPECT accept */
SEC("socket")
__naked void st_write_read(void)
{
	asm volatile (
	"r1 = 42;"
	"*(u64 *)(r10 - 8) = r1;"
	"r0 = *(u64 *)(r10 - 8);"
	"exit;" ::: "memory");
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: invalid read from stack R10 off=-8 size=8*/
SEC("socket")
__naked void st_uninit_read(void)
{
	asm volatile (
	"r0 = *(u64 *)(r10 - 8);"
	"exit;" ::: "memory");
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: invalid read from stack off -4+0 size 4*/
SEC("socket")
__naked void st_partial_init_read(void)
{
	asm volatile (
	"r1 = 1;"
	"*(u32 *)(r10 - 8) = r1;"
	"r0 = *(u32 *)(r10 - 4);"
	"exit;" ::: "memory");
}

/* EXPECT reject: invalid write to stack R10 off=-520 size=8 */
SEC("socket")
__naked void st_below_frame(void)
{
	asm volatile (
	"r1 = 1;"
	"*(u64 *)(r10 - 520) = r1;"
	"r0 = 0;"
	"exit;" ::: "memory");
}

/* EXPECT reject: invalid write to stack R10 off=0 size=8 */
SEC("socket")
__naked void st_above_frame(void)
{
	asm volatile (
	"r1 = 1;"
	"*(u64 *)(r10 + 0) = r1;"
	"r0 = 0;"
	"exit;" ::: "memory");
}

/* EXPECT accept */
SEC("socket")
__naked void st_bottom_slot(void)
{
	asm volatile (
	"r1 = 1;"
	"*(u64 *)(r10 - 512) = r1;"
	"r0 = *(u64 *)(r10 - 512);"
	"exit;" ::: "memory");
}

/* EXPECT accept */
SEC("socket")
__naked void st_spill_fill_ptr(void)
{
	asm volatile (
	"*(u64 *)(r10 - 8) = r1;"
	"r1 = *(u64 *)(r10 - 8);"
	"r0 = *(u32 *)(r1 + 0);"
	"exit;" ::: "memory");
}

/* EXPECT reject: invalid mem access 'scalar' */
SEC("socket")
__naked void st_spill_partial_overwrite(void)
{
	asm volatile (
	"*(u64 *)(r10 - 8) = r1;"
	"r2 = 0;"
	"*(u8 *)(r10 - 8) = r2;"
	"r1 = *(u64 *)(r10 - 8);"
	"r0 = *(u32 *)(r1 + 0);"
	"exit;" ::: "memory");
}

/* EXPECT reject: invalid size of register fill */
SEC("socket")
__naked void st_fill_ptr_narrow(void)
{
	asm volatile (
	"*(u64 *)(r10 - 8) = r1;"
	"r0 = *(u32 *)(r10 - 8);"
	"exit;" ::: "memory");
}

/* EXPECT accept */
SEC("socket")
int st_spill_fill_bounds(struct __sk_buff *skb)
{
	struct val *v = val0();
	volatile __u32 i = skb->len & 63;

	if (!v)
		return 0;
	return v->b[i];
}

/* a bound learnt on r6 reaches its 4-byte spilled copy linked to it
 * (6.12); 6.1's find_equal_scalars skips a narrow spill, whose fill keeps
 * the range it was spilled with */
/* EXPECT accept */
/* EXPECT --kernel 6.1 -> reject: R0 max value is outside of the allowed memory range */
/* EXPECT --kernel 6.12 -> accept */
SEC("socket")
__naked void st_linked_spill_bounded(void)
{
	asm volatile (
	"call 7;"
	"r0 &= 0xffff;"
	"r6 = r0;"
	"r7 = r6;"
	"*(u32 *)(r10 - 16) = r6;"
	"r1 = 0;"
	"*(u32 *)(r10 - 4) = r1;"
	"r2 = r10;"
	"r2 += -4;"
	"r1 = %[amap] ll;"
	"call 1;"
	"if r0 == 0 goto 1f;"
	"if r6 > 63 goto 1f;"
	"r1 = *(u32 *)(r10 - 16);"
	"r0 += r1;"
	"r0 = *(u8 *)(r0 + 0);"
	"1: r0 = 0;"
	"exit;"
	:: [amap]"i"(&amap) : "memory");
}

/* a loop whose counter lives in a stack slot, r0 reset each round: before
 * 6.7 the infinite loop check takes the second round, its registers the
 * same and its slot within the first's range, for the first */
/* EXPECT accept */
/* EXPECT --kernel 6.1 --linux-compat -> reject: infinite loop detected at insn 4 */
/* EXPECT --kernel 6.12 --linux-compat -> accept */
SEC("xdp")
__naked void st_slot_counter_loop(void)
{
	asm volatile (
	"call 7;"
	"r0 &= 0xff;"
	"*(u64 *)(r10 - 8) = r0;"
	"r0 = 0;"
	"1: r0 = *(u64 *)(r10 - 8);"
	"if r0 > 10 goto 2f;"
	"r0 += 1;"
	"*(u64 *)(r10 - 8) = r0;"
	"r0 = 0;"
	"goto 1b;"
	"2: r0 = 0;"
	"exit;" ::: "memory");
}

/* EXPECT reject: misaligned stack access off 0+0+-7 size 8 */
SEC("socket")
__naked void st_misaligned(void)
{
	asm volatile (
	"r1 = 1;"
	"*(u64 *)(r10 - 7) = r1;"
	"r0 = 0;"
	"exit;" ::: "memory");
}

/* EXPECT accept */
SEC("socket")
int st_array_init_full(struct __sk_buff *skb)
{
	volatile __u8 buf[16];
	__u32 i = skb->len & 15;

	for (int k = 0; k < 16; k++)
		buf[k] = k;
	return buf[i];
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: variable stack access prohibited for !root, var_off=(0x0; 0x8) off=-16*/
SEC("socket")
__naked void st_var_off_partially_uninit(void)
{
	asm volatile (
	"r6 = *(u32 *)(r1 + 0);"
	"r6 &= 8;"
	"r1 = 0;"
	"*(u64 *)(r10 - 16) = r1;"
	"r2 = r10;"
	"r2 += -16;"
	"r2 += r6;"
	"r0 = *(u8 *)(r2 + 0);"
	"exit;" ::: "memory");
}

/* EXPECT accept */
SEC("socket")
__naked void st_var_off_init(void)
{
	asm volatile (
	"r6 = *(u32 *)(r1 + 0);"
	"r6 &= 8;"
	"r1 = 0;"
	"*(u64 *)(r10 - 16) = r1;"
	"*(u64 *)(r10 - 8) = r1;"
	"r2 = r10;"
	"r2 += -16;"
	"r2 += r6;"
	"r0 = *(u8 *)(r2 + 0);"
	"exit;" ::: "memory");
}

/* EXPECT accept */
SEC("socket")
__naked void st_zero_spill_narrow_read(void)
{
	asm volatile (
	"r1 = 0;"
	"*(u64 *)(r10 - 8) = r1;"
	"r0 = *(u8 *)(r10 - 3);"
	"exit;" ::: "memory");
}

/* EXPECT --unprivileged --cap-bpf -> reject: invalid read from stack */
SEC("socket")
__naked void st_uninit_unpriv(void)
{
	asm volatile (
	"r0 = *(u64 *)(r10 - 8);"
	"r0 = 0;"
	"exit;" ::: "memory");
}

/* A callee leaves a pointer to its own frame in its caller's: dangling. */
static __noinline int st_put_local(__u64 *slot)
{
	volatile __u64 local = 7;

	*slot = (__u64)&local;
	return 0;
}

/* EXPECT reject: cannot spill pointers to stack into stack frame of the caller */
SEC("socket")
int st_spill_into_caller(struct __sk_buff *skb)
{
	__u64 slot = 0;

	st_put_local(&slot);
	return slot ? *(volatile __u64 *)slot : 0;
}
