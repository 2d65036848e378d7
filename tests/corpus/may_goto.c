// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* CORPUS-VARIANTS: c19v3 c19v4 */
/*
 * Loops bounded by may_goto (Linux 6.9), written with the can_loop and
 * cond_break macros as C programs use them: safe ones, unsafe ones, and
 * accesses out of bounds inside the loop. Compiled by clang 19 (the first
 * to know may_goto) at -mcpu=v3 and v4. EXPECT comments as in
 * tests/corpus (see corpus.h); variants c19v3 and c19v4.
 */
#include "corpus.h"

/* can_loop: true while the frame's may_goto budget lasts */
#define can_loop ({						\
	__label__ l_out, l_in;					\
	_Bool ok = 1;						\
	asm volatile goto("may_goto %l[l_out]" :::: l_out);	\
	goto l_in;						\
l_out:	ok = 0;							\
l_in:	ok;							\
})

/* cond_break: leave the enclosing loop once the budget is spent */
#define cond_break ({						\
	__label__ l_out, l_in;					\
	asm volatile goto("may_goto %l[l_out]" :::: l_out);	\
	goto l_in;						\
l_out:	break;							\
l_in:;								\
})

/* EXPECT accept */
SEC("xdp")
int can_loop_random_sum(struct xdp_md *ctx)
{
	__u32 s = 0;

	while (can_loop) {
		s += bpf_get_prandom_u32() & 0xff;
		if (s > 1000)
			break;
	}
	return s & 1 ? XDP_PASS : XDP_DROP;
}

/* EXPECT accept */
SEC("xdp")
int cond_break_array(struct xdp_md *ctx)
{
	__u8 buf[16] = {};
	__u32 i, s = 0;

	buf[3] = bpf_get_prandom_u32();
	for (i = 0; i < 16; i++) {
		s += buf[i];
		cond_break;
	}
	return s & 1 ? XDP_PASS : XDP_DROP;
}

/* An index that every round changes and the access depends on: Linux
 * explores round after round; the loop's summary covers them all. */
/* EXPECT accept LINUX reject: BPF program is too large */
SEC("xdp")
int can_loop_masked_index(struct xdp_md *ctx)
{
	__u8 buf[16] = {};
	__u32 i = 0, s = 0;

	buf[5] = bpf_get_prandom_u32();
	while (can_loop) {
		s += buf[i & 15];
		i++;
	}
	return s & 1 ? XDP_PASS : XDP_DROP;
}

/* EXPECT accept */
SEC("xdp")
int can_loop_and_bound(struct xdp_md *ctx)
{
	struct val *v = val0();
	__u32 i, n = 40, s = 0;

	if (!v)
		return XDP_DROP;
	OPAQUE(n);
	if (n > 64)
		return XDP_DROP;
	for (i = 0; i < n && can_loop; i++)
		s += v->b[i];
	return s & 1 ? XDP_PASS : XDP_DROP;
}

/* The index is never checked: the 17th round reads past the buffer. */
/* EXPECT reject: invalid read from stack */
SEC("xdp")
int can_loop_oob_stack(struct xdp_md *ctx)
{
	__u8 buf[16] = {};
	__u32 i = 0, s = 0;

	buf[1] = bpf_get_prandom_u32();
	while (can_loop) {
		s += buf[i];
		i++;
	}
	return s & 1 ? XDP_PASS : XDP_DROP;
}

/* EXPECT reject: value is outside of the allowed memory range */
SEC("xdp")
int cond_break_oob_map_value(struct xdp_md *ctx)
{
	struct val *v = val0();
	__u32 i = 0, s = 0;

	if (!v)
		return XDP_DROP;
	for (;;) {
		s += v->b[i];
		i += 2;
		cond_break;
	}
	return s & 1 ? XDP_PASS : XDP_DROP;
}

/* Off by one: i <= 64 reads b[64] in the last round. */
/* EXPECT reject: value is outside of the allowed memory range */
SEC("xdp")
int can_loop_off_by_one(struct xdp_md *ctx)
{
	struct val *v = val0();
	__u32 i, n = 64, s = 0;

	if (!v)
		return XDP_DROP;
	OPAQUE(n);
	if (n > 64)
		return XDP_DROP;
	for (i = 0; i <= n && can_loop; i++)
		s += v->b[i];
	return s & 1 ? XDP_PASS : XDP_DROP;
}

/* The count after the loop is any number up to the budget. */
/* EXPECT reject: value is outside of the allowed memory range */
SEC("xdp")
int can_loop_count_after(struct xdp_md *ctx)
{
	struct val *v = val0();
	__u32 n = 0;

	if (!v)
		return XDP_DROP;
	while (can_loop) {
		if (bpf_get_prandom_u32() == 7)
			break;
		n++;
	}
	return v->b[n] ? XDP_PASS : XDP_DROP;
}

/* Each call of a function has its own budget. */
static __noinline int count_rounds(__u32 lim)
{
	__u32 n = 0;

	while (can_loop) {
		if (n >= lim)
			break;
		n++;
	}
	return n;
}

/* EXPECT accept */
SEC("xdp")
int can_loop_in_subprog(struct xdp_md *ctx)
{
	return count_rounds(bpf_get_prandom_u32() & 7) +
	       count_rounds(3) > 5 ? XDP_PASS : XDP_DROP;
}

/* Nested loops each left by cond_break: the frame has one budget, so
 * the rounds of both loops together are at most BPF_MAX_LOOPS, and the
 * worst case is a sum of the two bodies per unit, not their product.
 * Linux explores round after round (rows and cols are unknown). */
/* EXPECT accept LINUX reject: BPF program is too large */
SEC("xdp")
int cond_break_nested(struct xdp_md *ctx)
{
	__u32 rows = bpf_get_prandom_u32(), cols = bpf_get_prandom_u32();
	__u32 r, c, s = 0;

	for (r = 0; r < rows; r++) {
		for (c = 0; c < cols; c++) {
			s += r ^ c;
			cond_break;
		}
		cond_break;
	}
	return s & 1 ? XDP_PASS : XDP_DROP;
}
