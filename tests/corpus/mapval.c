// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Map values: bounds with constant and variable offsets, null checks. */
#include "corpus.h"

static __always_inline __u64 *hval(__u32 k)
{
	return bpf_map_lookup_elem(&hmap, &k);
}

/* EXPECT accept */
SEC("socket")
int mv_const_last(struct __sk_buff *skb)
{
	struct val *v = val0();

	if (!v)
		return 0;
	return v->b[63];
}

/* EXPECT reject: min value is outside of the allowed memory range*/
SEC("socket")
int mv_const_past_end(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u8 *p;

	if (!v)
		return 0;
	p = (__u8 *)v;
	return p[64];
}

/* EXPECT reject: min value is outside of the allowed memory range*/
SEC("socket")
int mv_const_negative(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u8 *p;

	if (!v)
		return 0;
	p = (__u8 *)v;
	OPAQUE(p);
	return p[-1];
}

/* EXPECT accept */
SEC("socket")
int mv_write_const(struct __sk_buff *skb)
{
	struct val *v = val0();

	if (!v)
		return 0;
	*(__u64 *)&v->b[56] = skb->len;
	return 0;
}

/* EXPECT reject: min value is outside of the allowed memory range*/
SEC("socket")
int mv_write_straddle(struct __sk_buff *skb)
{
	struct val *v = val0();

	if (!v)
		return 0;
	*(__u64 *)&v->b[60] = skb->len;
	return 0;
}

/* EXPECT accept */
SEC("socket")
int mv_var_checked(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 i = skb->len;

	if (!v)
		return 0;
	if (i > 60)
		return 0;
	return *(__u32 *)&v->b[i];
}

/* EXPECT reject: max value is outside of the allowed memory range */
SEC("socket")
int mv_var_checked_wide_load(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u32 i = skb->len;

	if (!v)
		return 0;
	if (i > 61)
		return 0;
	return *(__u32 *)&v->b[i];
}

/* EXPECT accept */
SEC("socket")
int mv_index_from_value(struct __sk_buff *skb)
{
	struct val *v = val0();

	if (!v)
		return 0;
	return v->b[v->b[0] & 63];
}

/* EXPECT reject: max value is outside of the allowed memory range*/
SEC("socket")
int mv_index_from_value_unbounded(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u8 i;

	if (!v)
		return 0;
	i = v->b[0];
	return v->b[i];
}

/* EXPECT accept */
SEC("socket")
int null_checked(struct __sk_buff *skb)
{
	__u64 *p = hval(skb->len);

	if (!p)
		return 0;
	return *p;
}

/* EXPECT reject: invalid mem access 'map_value_or_null' */
SEC("socket")
int null_missing(struct __sk_buff *skb)
{
	__u64 *p = hval(skb->len);

	OPAQUE(p);
	return *p;
}

/* EXPECT accept */
SEC("socket")
__naked void null_check_on_copy(void)
{
	asm volatile (
	"r1 = 0;"
	"*(u32 *)(r10 - 4) = r1;"
	"r2 = r10;"
	"r2 += -4;"
	"r1 = %[hmap] ll;"
	"call 1;"
	"r6 = r0;"
	"if r6 == 0 goto 1f;"
	"r0 = *(u64 *)(r0 + 0);"
	"exit;"
	"1: r0 = 0;"
	"exit;"
	:: [hmap]"i"(&hmap) : "memory");
}

/* EXPECT reject: invalid mem access 'map_value_or_null' */
SEC("socket")
__naked void null_check_other_lookup(void)
{
	asm volatile (
	"r1 = 0;"
	"*(u32 *)(r10 - 4) = r1;"
	"r2 = r10;"
	"r2 += -4;"
	"r1 = %[hmap] ll;"
	"call 1;"
	"r6 = r0;"
	"r2 = r10;"
	"r2 += -4;"
	"r1 = %[hmap] ll;"
	"call 1;"
	"if r0 == 0 goto 1f;"
	"r0 = *(u64 *)(r6 + 0);"
	"exit;"
	"1: r0 = 0;"
	"exit;"
	:: [hmap]"i"(&hmap) : "memory");
}

/* equal to a pointer that is not null: not null either (JEQ and JNE) */
/* EXPECT accept */
SEC("socket")
__naked void null_check_by_equal_pointer(void)
{
	asm volatile (
	"r1 = 0;"
	"*(u32 *)(r10 - 4) = r1;"
	"r2 = r10;"
	"r2 += -4;"
	"r1 = %[hmap] ll;"
	"call 1;"
	"r6 = r0;"
	"r2 = r10;"
	"r2 += -4;"
	"r1 = %[hmap] ll;"
	"call 1;"
	"if r0 == 0 goto 1f;"
	"if r0 != r6 goto 1f;"
	"r0 = *(u64 *)(r6 + 0);"
	"exit;"
	"1: r0 = 0;"
	"exit;"
	:: [hmap]"i"(&hmap) : "memory");
}

/* EXPECT reject: invalid mem access 'map_value_or_null' */
SEC("socket")
__naked void null_check_by_unequal_pointer(void)
{
	asm volatile (
	"r1 = 0;"
	"*(u32 *)(r10 - 4) = r1;"
	"r2 = r10;"
	"r2 += -4;"
	"r1 = %[hmap] ll;"
	"call 1;"
	"r6 = r0;"
	"r2 = r10;"
	"r2 += -4;"
	"r1 = %[hmap] ll;"
	"call 1;"
	"if r0 == 0 goto 1f;"
	"if r0 == r6 goto 1f;"
	"r0 = *(u64 *)(r6 + 0);"
	"exit;"
	"1: r0 = 0;"
	"exit;"
	:: [hmap]"i"(&hmap) : "memory");
}

/* EXPECT accept */
SEC("socket")
__naked void null_check_spilled_copy(void)
{
	asm volatile (
	"r1 = 0;"
	"*(u32 *)(r10 - 4) = r1;"
	"r2 = r10;"
	"r2 += -4;"
	"r1 = %[hmap] ll;"
	"call 1;"
	"*(u64 *)(r10 - 16) = r0;"
	"if r0 == 0 goto 1f;"
	"r1 = *(u64 *)(r10 - 16);"
	"r0 = *(u64 *)(r1 + 0);"
	"exit;"
	"1: r0 = 0;"
	"exit;"
	:: [hmap]"i"(&hmap) : "memory");
}

/* EXPECT reject: invalid mem access 'scalar' */
SEC("socket")
__naked void null_check_wrong_branch(void)
{
	asm volatile (
	"r1 = 0;"
	"*(u32 *)(r10 - 4) = r1;"
	"r2 = r10;"
	"r2 += -4;"
	"r1 = %[hmap] ll;"
	"call 1;"
	"if r0 != 0 goto 1f;"
	"r0 = *(u64 *)(r0 + 0);"
	"1: r0 = 0;"
	"exit;"
	:: [hmap]"i"(&hmap) : "memory");
}

/* EXPECT accept */
SEC("socket")
__naked void null_check_ne_form(void)
{
	asm volatile (
	"r1 = 0;"
	"*(u32 *)(r10 - 4) = r1;"
	"r2 = r10;"
	"r2 += -4;"
	"r1 = %[hmap] ll;"
	"call 1;"
	"if r0 != 0 goto 1f;"
	"exit;"
	"1: r0 = *(u64 *)(r0 + 0);"
	"exit;"
	:: [hmap]"i"(&hmap) : "memory");
}

/* EXPECT accept */
SEC("socket")
int mv_update_delete(struct __sk_buff *skb)
{
	__u32 k = skb->len;
	__u64 v = 1;

	bpf_map_update_elem(&hmap, &k, &v, BPF_ANY);
	bpf_map_delete_elem(&hmap, &k);
	return 0;
}

/* EXPECT reject: min value is outside of the allowed memory range*/
SEC("socket")
__naked void mv_hash_value_too_wide(void)
{
	asm volatile (
	"r1 = 0;"
	"*(u32 *)(r10 - 4) = r1;"
	"r2 = r10;"
	"r2 += -4;"
	"r1 = %[hmap] ll;"
	"call 1;"
	"if r0 == 0 goto 1f;"
	"r1 = r0;"
	"r2 = 16;"
	"r3 = r10;"
	"call %[probe];"
	"1: r0 = 0;"
	"exit;"
	:: [hmap]"i"(&hmap), [probe]"i"(BPF_FUNC_probe_read_kernel) : "memory");
}

/* EXPECT reject: invalid mem access 'map_value_or_null' */
SEC("socket")
int mv_array_lookup_needs_check(struct __sk_buff *skb)
{
	__u32 k = 1;
	struct val *v = bpf_map_lookup_elem(&amap, &k);

	OPAQUE(v);
	return v->b[5];
}
