// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Privilege: the same program under root and under a loader without pointer
 * leak permission (Linux: CAP_BPF without CAP_PERFMON; bpfcheck
 * --unprivileged). Only array and hash maps here, so the object loads then.
 */
#include "corpus.h"

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: invalid read from stack R2 off=-4 size=4 */
SEC("socket")
__naked void h_lookup_uninit_key(void)
{
	asm volatile (
	"r2 = r10;"
	"r2 += -4;"
	"r1 = %[hmap] ll;"
	"call 1;"
	"r0 = 0;"
	"exit;"
	:: [hmap]"i"(&hmap) : "memory");
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: invalid read from stack R3 off=-16 size=8 */
SEC("socket")
__naked void h_update_uninit_value(void)
{
	asm volatile (
	"r1 = 0;"
	"*(u32 *)(r10 - 4) = r1;"
	"r2 = r10;"
	"r2 += -4;"
	"r3 = r10;"
	"r3 += -16;"
	"r4 = 0;"
	"r1 = %[hmap] ll;"
	"call 2;"
	"r0 = 0;"
	"exit;"
	:: [hmap]"i"(&hmap) : "memory");
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: R0 leaks addr as return value */
SEC("socket")
__naked void up_return_pointer(void)
{
	asm volatile (
	"r0 = r10;"
	"exit;" ::: "memory");
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: leaks addr into map */
SEC("socket")
__naked void up_store_pointer_in_map(void)
{
	asm volatile (
	"r1 = 0;"
	"*(u32 *)(r10 - 4) = r1;"
	"r2 = r10;"
	"r2 += -4;"
	"r1 = %[hmap] ll;"
	"call 1;"
	"if r0 == 0 goto 1f;"
	"*(u64 *)(r0 + 0) = r10;"
	"1: r0 = 0;"
	"exit;"
	:: [hmap]"i"(&hmap) : "memory");
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: pointer comparison prohibited */
SEC("socket")
__naked void up_compare_pointer(void)
{
	asm volatile (
	"r0 = 0;"
	"r1 = r10;"
	"if r1 > 1000 goto 1f;"
	"r0 = 1;"
	"1: exit;" ::: "memory");
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: invalid read from stack R2 off -8+0 size 4 */
SEC("socket")
__naked void up_pointer_as_key(void)
{
	asm volatile (
	"*(u64 *)(r10 - 8) = r10;"
	"r2 = r10;"
	"r2 += -8;"
	"r3 = r10;"
	"r3 += -8;"
	"r4 = 0;"
	"r1 = %[hmap] ll;"
	"call 2;"
	"r0 = 0;"
	"exit;"
	:: [hmap]"i"(&hmap) : "memory");
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> accept */
SEC("socket")
int up_plain_ok(struct __sk_buff *skb)
{
	__u32 k = skb->len;
	__u64 *v = bpf_map_lookup_elem(&hmap, &k);

	return v ? *v & 1 : 0;
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: R1 pointer -= pointer prohibited */
SEC("socket")
__naked void up_pointer_diff(void)
{
	asm volatile (
	"r1 = r10;"
	"r1 += -8;"
	"r2 = r10;"
	"r1 -= r2;"
	"r0 = 0;"
	"exit;" ::: "memory");
}

/*
 * Spectre v1 (Linux's sanitize_ptr_alu): for an unprivileged loader the JIT
 * masks a register offset added to a stack or map value pointer, with one
 * mask per instruction, so every path must bring the same direction and
 * limit, the offset's sign must be known, and only those two pointer kinds
 * can be masked.
 */
struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} up_rb SEC(".maps");

#define UP_LOOKUP \
	"r1 = 0;" "*(u32 *)(r10 - 4) = r1;" "r2 = r10;" "r2 += -4;" \
	"r1 = %[amap] ll;" "call 1;" "if r0 == 0 goto 9f;"
#define UP_END "9: r0 = 0;" "exit;" :: [amap]"i"(&amap) : "memory"

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: R0 tried to add from different maps, paths or scalars, pointer arithmetic with it prohibited for !root */
SEC("socket")
__naked void up_spectre_two_consts(void)
{
	asm volatile (UP_LOOKUP
	"r3 = *(u32 *)(r0 + 0);"
	"r2 = 4;"
	"if r3 == 0 goto 1f;"
	"r2 = 8;"
	"1: r0 += r2;"
	"r1 = *(u8 *)(r0 + 0);"
	UP_END);
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: R0 tried to add from different maps, paths or scalars, pointer arithmetic with it prohibited for !root */
SEC("socket")
__naked void up_spectre_two_ranges(void)
{
	asm volatile (UP_LOOKUP
	"r3 = *(u32 *)(r0 + 0);"
	"r2 = *(u8 *)(r0 + 1);"
	"r2 &= 7;"
	"if r3 == 0 goto 1f;"
	"r2 &= 3;"
	"1: r0 += r2;"
	"r1 = *(u8 *)(r0 + 0);"
	UP_END);
}

/* The same range on both paths, and the same limit from two offsets. */
/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> accept */
SEC("socket")
__naked void up_spectre_same_limit(void)
{
	asm volatile (UP_LOOKUP
	"r3 = *(u32 *)(r0 + 0);"
	"r2 = *(u8 *)(r0 + 1);"
	"r2 &= 7;"
	"if r3 == 0 goto 1f;"
	"r0 += 8;"
	"1: r0 += r2;"
	"r1 = *(u8 *)(r0 + 0);"
	UP_END);
}

/* EXPECT reject: R0 unbounded memory access */
/* EXPECT --unprivileged --cap-bpf -> reject: R3 has unknown scalar with mixed signed bounds, pointer arithmetic with it prohibited for !root */
SEC("socket")
__naked void up_spectre_mixed_signs(void)
{
	asm volatile (UP_LOOKUP
	"r0 += 16;"
	"r2 = *(u8 *)(r0 + 1);"
	"r2 &= 7;"
	"r3 = 0;"
	"r3 -= r2;"
	"r0 += r3;"
	"r1 = *(u8 *)(r0 + 0);"
	UP_END);
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: R6 has pointer with unsupported alu operation, pointer arithmetic with it prohibited for !root */
SEC("socket")
__naked void up_spectre_ringbuf_offset(void)
{
	asm volatile (
	"r1 = %[rb] ll;"
	"r2 = 16;"
	"r3 = 0;"
	"call %[reserve];"
	"if r0 == 0 goto 9f;"
	"r6 = r0;"
	"r2 = *(u8 *)(r0 + 0);"
	"r2 &= 7;"
	"r6 += r2;"
	"r1 = 0;"
	"*(u8 *)(r6 + 0) = r1;"
	"r1 = r0;"
	"r2 = 0;"
	"call %[submit];"
	"9: r0 = 0;"
	"exit;"
	:: [rb]"i"(&up_rb), [reserve]"i"(BPF_FUNC_ringbuf_reserve),
	   [submit]"i"(BPF_FUNC_ringbuf_submit) : "memory");
}

/*
 * A loop indexing a map value by its counter: every iteration brings its
 * own limit (Linux explores iterations one by one), so an unprivileged
 * loader is refused unless clang unrolled the loop. bpfcheck's loop
 * summary would see one limit: it explores iterations instead.
 */
/* EXPECT accept */
/* EXPECT[O1] --unprivileged --cap-bpf -> reject: R2 tried to add from different maps, paths or scalars */
/* EXPECT[O2,O3,v3] --unprivileged --cap-bpf -> accept */
SEC("socket")
int up_spectre_loop_const(struct __sk_buff *skb)
{
	struct val *v = val0();
	int s = 0;

	if (!v)
		return 0;
	for (int i = 0; i < 8; i++)
		s += v->b[i];
	return s & 1;
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: R3 tried to add from different maps, paths or scalars */
SEC("socket")
int up_spectre_loop_var(struct __sk_buff *skb)
{
	struct val *v = val0();
	unsigned int n;
	int s = 0;

	if (!v)
		return 0;
	n = v->b[63] & 31;
	for (unsigned int i = 0; i < n; i++)
		s += v->b[i];
	return s & 1;
}
