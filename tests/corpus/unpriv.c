// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Privilege: the same program under root and under a loader without pointer
 * leak permission (Linux: CAP_BPF without CAP_PERFMON; bpfcheck
 * --unprivileged). Only array and hash maps here, so the object loads then.
 */
#include "corpus.h"

/* EXPECT accept */
/* EXPECT unpriv reject: invalid read from stack R2 off=-4 size=4 */
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
/* EXPECT unpriv reject: invalid read from stack R3 off=-16 size=8 */
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
/* EXPECT unpriv reject: R0 leaks addr as return value */
SEC("socket")
__naked void up_return_pointer(void)
{
	asm volatile (
	"r0 = r10;"
	"exit;" ::: "memory");
}

/* EXPECT accept */
/* EXPECT unpriv reject: leaks addr into map */
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
/* EXPECT unpriv reject: pointer comparison prohibited */
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
/* EXPECT unpriv reject: invalid read from stack R2 off -8+0 size 4 */
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
/* EXPECT unpriv accept */
SEC("socket")
int up_plain_ok(struct __sk_buff *skb)
{
	__u32 k = skb->len;
	__u64 *v = bpf_map_lookup_elem(&hmap, &k);

	return v ? *v & 1 : 0;
}

/* EXPECT accept */
/* EXPECT unpriv reject: R1 pointer -= pointer prohibited */
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
