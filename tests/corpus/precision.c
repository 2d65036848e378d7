// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Precision tracking. Each program has several independent branches
 * ("stages"), so many paths reach the same point with different constants.
 *
 * Accepted programs: the differing value is never checked (an accumulator
 * stored in a map value or the packet, returned by XDP, printed) or it is
 * (masked index, cgroup_skb return), and parsers where only the packet
 * offset matters. Linux prunes the paths that differ only in imprecise
 * scalars; without precision tracking every path is walked.
 *
 * pr_trap_*: the value that looks irrelevant at the pruning points is used
 * later (map value, stack or packet offset, helper size, return value,
 * branch guard), directly or through spill/fill, a call argument, a return
 * value in r0, a linked copy, 32-bit or other ALU ops. Exactly one path of
 * the 2^N is out of bounds: pruning it against a safe path accepts an
 * unsafe program. pr_twin_* is the same program with every path in bounds.
 *
 * The stage deltas are chosen so that exactly one combination of branches
 * (taken, not taken, taken, ... alternating) reaches the bad value.
 *
 * Other comments are // comments: the runner (corpus.py, MACRO_RE) lets a
 * block comment after an EXPECT span to any later one, so many block
 * comments in a row make it backtrack exponentially, and one ending right
 * before ST(x, ...) is taken for a program made by a macro.
 */
#include "corpus.h"

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} prb SEC(".maps");

/*
 * One stage: when c holds, x changes by d. The empty asm keeps clang from
 * turning the stages into arithmetic, a select or a lookup table; it emits
 * nothing, so a verifier knows x exactly on every path.
 */
#define ST(x, c, d) \
	do { \
		if (c) { \
			x += (d); \
			OPAQUE(x); \
		} \
	} while (0)
#define B(u, i) ((u) & (1ULL << (i)))

// 1024 distinct sums: the worst case for a verifier that cannot prune.
#define ACC10(x, u) \
	ST(x, B(u, 0), 1); ST(x, B(u, 1), 2); ST(x, B(u, 2), 4); \
	ST(x, B(u, 3), 8); ST(x, B(u, 4), 16); ST(x, B(u, 5), 32); \
	ST(x, B(u, 6), 64); ST(x, B(u, 7), 128); ST(x, B(u, 8), 256); \
	ST(x, B(u, 9), 512)

// From base: base - 19 .. base + 36, the maximum only on one path.
#define MAPD(x, u) \
	ST(x, B(u, 0), 9); ST(x, B(u, 1), -5); ST(x, B(u, 2), 7); \
	ST(x, B(u, 3), -3); ST(x, B(u, 4), 8); ST(x, B(u, 5), -6); \
	ST(x, B(u, 6), 10); ST(x, B(u, 7), -4); ST(x, B(u, 8), 2); \
	ST(x, B(u, 9), -1)

// From base: base - 8 .. base + 24, five stages (bits 0-4).
#define MAPD5(x, u) \
	ST(x, B(u, 0), 9); ST(x, B(u, 1), -5); ST(x, B(u, 2), 7); \
	ST(x, B(u, 3), -3); ST(x, B(u, 4), 8)

// Small steps, from base: base - 8 .. base + 9.
#define SMALLD(x, u) \
	ST(x, B(u, 0), 2); ST(x, B(u, 1), -1); ST(x, B(u, 2), 3); \
	ST(x, B(u, 3), -2); ST(x, B(u, 4), 1); ST(x, B(u, 5), -2); \
	ST(x, B(u, 6), 2); ST(x, B(u, 7), -1); ST(x, B(u, 8), 1); \
	ST(x, B(u, 9), -2)

// Sizes, from base: base - 8 .. base + 8.
#define SIZED(x, u) \
	ST(x, B(u, 0), 2); ST(x, B(u, 1), -2); ST(x, B(u, 2), 1); \
	ST(x, B(u, 3), -1); ST(x, B(u, 4), 3); ST(x, B(u, 5), -2); \
	ST(x, B(u, 6), 1); ST(x, B(u, 7), -2); ST(x, B(u, 8), 1); \
	ST(x, B(u, 9), -1)

// Noise: an accumulator over bits 10-12 that no check depends on.
#define NOISE3(y, u) \
	ST(y, B(u, 10), 3); ST(y, B(u, 11), 5); ST(y, B(u, 12), 17)

static __always_inline __u64 unk(struct val *v)
{
	return *(__u64 *)&v->b[0];
}

// ---- Accepted: the differing values are never checked ----------------

/* EXPECT accept */
SEC("socket")
int pr_acc_map_store(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, x = 0;

	if (!v)
		return 0;
	u = unk(v);
	ACC10(x, u);
	*(__u64 *)&v->b[8] = x;
	return 0;
}

/* EXPECT accept */
SEC("xdp")
int pr_acc_xdp_ret(struct xdp_md *ctx)
{
	struct val *v = val0();
	__u64 u, x = 0;

	if (!v)
		return XDP_PASS;
	u = unk(v);
	ACC10(x, u);
	return x;
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: program of this type cannot use helper bpf_trace_printk#6 */
SEC("socket")
int pr_acc_printk(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, x = 0;

	if (!v)
		return 0;
	u = unk(v);
	ACC10(x, u);
	bpf_printk("acc %llu", x);
	return 0;
}

/* EXPECT accept */
SEC("xdp")
int pr_acc_pkt_store(struct xdp_md *ctx)
{
	PKT(ctx);
	struct val *v = val0();
	__u64 u, x = 0;

	if (!v)
		return XDP_PASS;
	u = unk(v);
	ACC10(x, u);
	if (data + 8 > data_end)
		return XDP_DROP;
	*(__u64 *)data = x;
	return XDP_TX;
}

// The accumulator goes out as ringbuf data (a stack buffer, size fixed).
/* EXPECT accept */
SEC("socket")
int pr_acc_ringbuf_data(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, x = 0;

	if (!v)
		return 0;
	u = unk(v);
	ACC10(x, u);
	bpf_ringbuf_output(&prb, &x, sizeof(x), 0);
	return 0;
}

// Two accumulators: one is an index (two values), one is only stored.
/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: R0 tried to add from different maps, paths or scalars */
SEC("socket")
int pr_two_accs(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, x = 0, i = 0;

	if (!v)
		return 0;
	u = unk(v);
	ACC10(x, u);
	ST(i, B(u, 20), 56);
	*(__u64 *)&v->b[i] = x;
	return 0;
}

// Masked before use: the mask keeps it safe, but x itself is now precise.
/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: R0 tried to add from different maps, paths or scalars */
SEC("socket")
int pr_masked_index(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, x = 0;

	if (!v)
		return 0;
	u = unk(v);
	ACC10(x, u);
	return v->b[x & 63];
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: R0 tried to add from different maps, paths or scalars */
SEC("socket")
int pr_masked_small(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, x = 0;

	if (!v)
		return 0;
	u = unk(v);
	ACC10(x, u);
	return *(__u64 *)&v->b[(x & 7) * 8];
}

// Spilled around a helper call, filled back, stored: never checked.
/* EXPECT accept */
SEC("socket")
int pr_spill_store(struct __sk_buff *skb)
{
	struct val *v = val0();
	volatile __u64 slot;
	__u64 u, x = 0, y = 0;

	if (!v)
		return 0;
	u = unk(v);
	ACC10(x, u);
	slot = x;
	y = bpf_get_prandom_u32();
	NOISE3(y, u);
	*(__u64 *)&v->b[8] = slot + y;
	return 0;
}

static __noinline int sub_store(struct val *v, __u64 x, __u64 u)
{
	__u64 y = 0;

	NOISE3(y, u);
	*(__u64 *)&v->b[8] = x;
	*(__u64 *)&v->b[16] = y;
	return 0;
}

/* EXPECT accept */
SEC("socket")
int pr_call_arg_store(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, x = 0;

	if (!v)
		return 0;
	u = unk(v);
	ACC10(x, u);
	return sub_store(v, x, u);
}

static __noinline __u64 sub_acc(__u64 u)
{
	__u64 x = 0;

	ACC10(x, u);
	return x;
}

/* EXPECT accept */
SEC("socket")
int pr_call_ret_store(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, x, y = 0;

	if (!v)
		return 0;
	u = unk(v);
	x = sub_acc(u);
	NOISE3(y, u);
	*(__u64 *)&v->b[8] = x + y;
	return 0;
}

// The return value is checked: x & 1 makes x precise.
/* EXPECT accept */
SEC("cgroup_skb/ingress")
int pr_cgroup_ret_mask(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, x = 0;

	if (!v)
		return 1;
	u = unk(v);
	ACC10(x, u);
	return x & 1;
}

// A parser: 0-2 VLAN tags, IPv4 or IPv6, TCP or UDP. Each stage sets
// flags and a kind, only stored; the header offset is checked.
/* EXPECT accept */
SEC("xdp")
int pr_parser(struct xdp_md *ctx)
{
	PKT(ctx);
	struct val *v = val0();
	__u64 off = 14, flags = 0, kind = 0;
	__u16 proto;
	__u8 l4, *p;

	if (!v)
		return XDP_PASS;
	if (data + 14 > data_end)
		return XDP_DROP;
	proto = *(__u16 *)(data + 12);
	if (proto == bpf_htons(0x8100)) {
		if (data + 18 > data_end)
			return XDP_DROP;
		proto = *(__u16 *)(data + 16);
		off = 18;
		ST(flags, 1, 1);
		if (proto == bpf_htons(0x8100)) {
			if (data + 22 > data_end)
				return XDP_DROP;
			proto = *(__u16 *)(data + 20);
			off = 22;
			ST(flags, 1, 2);
		}
	}
	OPAQUE(off);
	p = data + off;
	if (proto == bpf_htons(0x0800)) {
		if ((void *)(p + 20) > data_end)
			return XDP_DROP;
		l4 = p[9];
		ST(flags, p[8] <= 1, 4);		// ttl
		ST(flags, p[6] & 0x20, 8);		// more fragments
		ST(flags, p[1] & 0xfc, 16);		// dscp
		ST(kind, p[1] & 0x03, 1);		// ecn
		off += 20;
	} else if (proto == bpf_htons(0x86dd)) {
		if ((void *)(p + 40) > data_end)
			return XDP_DROP;
		l4 = p[6];
		ST(flags, p[7] <= 1, 4);		// hop limit
		ST(flags, p[1] & 0x0f, 32);		// flow label
		ST(flags, p[0] & 0x0f, 16);		// traffic class
		ST(kind, p[1] & 0x30, 1);		// ecn
		off += 40;
	} else {
		return XDP_PASS;
	}
	OPAQUE(off);
	p = data + off;
	if (l4 == 6) {
		if ((void *)(p + 20) > data_end)
			return XDP_DROP;
		ST(kind, 1, 6);
		ST(flags, p[13] & 0x02, 64);		// syn
		ST(flags, p[13] & 0x05, 128);		// fin, rst
		ST(flags, p[13] & 0x10, 256);		// ack
	} else if (l4 == 17) {
		if ((void *)(p + 8) > data_end)
			return XDP_DROP;
		ST(kind, 1, 17);
		ST(flags, p[3] == 53, 512);		// dns
		ST(flags, p[2] == 0x12, 1024);		// high port
	} else {
		ST(kind, 1, 255);
	}
	*(__u64 *)&v->b[8] = flags;
	*(__u64 *)&v->b[16] = kind;
	return XDP_PASS;
}

// Three switches over packet bytes, each setting a stored class.
/* EXPECT accept */
SEC("xdp")
int pr_switch_class(struct xdp_md *ctx)
{
	PKT(ctx);
	struct val *v = val0();
	__u64 c = 0;
	__u8 *p = data;

	if (!v)
		return XDP_PASS;
	if (data + 3 > data_end)
		return XDP_DROP;
	switch (p[0]) {
	case 1: ST(c, 1, 11); break;
	case 2: ST(c, 1, 23); break;
	case 3: ST(c, 1, 37); break;
	case 5: ST(c, 1, 41); break;
	case 8: ST(c, 1, 53); break;
	case 13: ST(c, 1, 67); break;
	}
	switch (p[1]) {
	case 1: ST(c, 1, 100); break;
	case 4: ST(c, 1, 300); break;
	case 9: ST(c, 1, 700); break;
	case 16: ST(c, 1, 1100); break;
	case 25: ST(c, 1, 1300); break;
	}
	switch (p[2]) {
	case 2: ST(c, 1, 10000); break;
	case 3: ST(c, 1, 30000); break;
	case 7: ST(c, 1, 70000); break;
	case 11: ST(c, 1, 110000); break;
	}
	*(__u64 *)&v->b[8] = c;
	return XDP_PASS;
}

// ---- (a) used directly as a map value offset -----------------------------

/* EXPECT reject: R0 min value is outside of the allowed memory range */
SEC("socket")
int pr_trap_index(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, x = 28;

	if (!v)
		return 0;
	u = unk(v);
	MAPD(x, u);
	return v->b[x];
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: R0 tried to add from different maps, paths or scalars */
SEC("socket")
int pr_twin_index(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, x = 27;

	if (!v)
		return 0;
	u = unk(v);
	MAPD(x, u);
	return v->b[x];
}

// ---- (b) spilled, noise stages, filled back, then the offset ----------

/* EXPECT reject: R0 min value is outside of the allowed memory range */
SEC("socket")
int pr_trap_spill(struct __sk_buff *skb)
{
	struct val *v = val0();
	volatile __u64 slot;
	__u64 u, x = 40, y = 0;

	if (!v)
		return 0;
	u = unk(v);
	MAPD5(x, u);
	slot = x;
	NOISE3(y, u);
	*(__u64 *)&v->b[8] = y;
	return v->b[slot];
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: R0 tried to add from different maps, paths or scalars */
SEC("socket")
int pr_twin_spill(struct __sk_buff *skb)
{
	struct val *v = val0();
	volatile __u64 slot;
	__u64 u, x = 39, y = 0;

	if (!v)
		return 0;
	u = unk(v);
	MAPD5(x, u);
	slot = x;
	NOISE3(y, u);
	*(__u64 *)&v->b[8] = y;
	return v->b[slot];
}

// ---- (c) passed to a subprogram, used there after noise --------------

static __noinline int sub_read(struct val *v, __u64 i, __u64 u)
{
	__u64 y = 0;

	NOISE3(y, u);
	*(__u64 *)&v->b[8] = y;
	return v->b[i];
}

/* EXPECT reject: R1 min value is outside of the allowed memory range */
SEC("socket")
int pr_trap_call_arg(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, x = 28;

	if (!v)
		return 0;
	u = unk(v);
	MAPD(x, u);
	return sub_read(v, x, u);
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: R1 tried to add from different maps, paths or scalars */
SEC("socket")
int pr_twin_call_arg(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, x = 27;

	if (!v)
		return 0;
	u = unk(v);
	MAPD(x, u);
	return sub_read(v, x, u);
}

// ---- (d) computed by a subprogram, returned in r0, used by the caller -

static __noinline __u64 sub_pick28(__u64 u)
{
	__u64 x = 28;

	MAPD(x, u);
	return x;
}

static __noinline __u64 sub_pick27(__u64 u)
{
	__u64 x = 27;

	MAPD(x, u);
	return x;
}

/* EXPECT reject: R6 min value is outside of the allowed memory range */
SEC("socket")
int pr_trap_call_ret(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, x, y = 0;

	if (!v)
		return 0;
	u = unk(v);
	x = sub_pick28(u);
	NOISE3(y, u);
	*(__u64 *)&v->b[8] = y;
	return v->b[x];
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: R6 tried to add from different maps, paths or scalars */
SEC("socket")
int pr_twin_call_ret(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, x, y = 0;

	if (!v)
		return 0;
	u = unk(v);
	x = sub_pick27(u);
	NOISE3(y, u);
	*(__u64 *)&v->b[8] = y;
	return v->b[x];
}

// ---- (e) linked copies: y = x on one path, an unrelated y of the same
// range on the other; the branch on y bounds x only where they are linked.
// At the join x is precise; y must be precise too, or the unlinked path
// is pruned against the linked one.

/* EXPECT reject: R0 max value is outside of the allowed memory range */
SEC("socket")
__naked void pr_trap_linked(void)
{
	asm volatile (
	"r6 = *(u32 *)(r1 + 0);"	// len: the unknown
	"r1 = 0;"
	"*(u32 *)(r10 - 4) = r1;"
	"r2 = r10;"
	"r2 += -4;"
	"r1 = %[amap] ll;"
	"call %[lookup];"
	"if r0 == 0 goto 2f;"
	"r1 = r6;"
	"r1 &= 127;"			// x in [0, 127]
	"r2 = r6;"
	"r2 >>= 8;"
	"r2 &= 127;"			// y in [0, 127], not x
	"r3 = r6;"
	"r3 &= 0x10000;"
	"if r3 == 0 goto 4f;"
	"r2 = r1;"			// y = x: linked
	"r5 = 1;"			// enough work for a checkpoint at 1:
	"*(u64 *)(r0 + 8) = r5;"
	"r5 = 2;"
	"*(u64 *)(r0 + 16) = r5;"
	"r5 = 3;"
	"*(u64 *)(r0 + 24) = r5;"
	"goto 1f;"
"4:"
	"r5 = 4;"			// y stays unrelated
	"*(u64 *)(r0 + 8) = r5;"
"1:"
	"if r2 > 63 goto 2f;"		// bounds x only where linked
	"r0 += r1;"
	"r0 = *(u8 *)(r0 + 0);"
	"exit;"
"2:"
	"r0 = 0;"
	"exit;"
	:: [amap]"i"(&amap), [lookup]"i"(bpf_map_lookup_elem) : "memory");
}

/* EXPECT accept */
SEC("socket")
__naked void pr_twin_linked(void)
{
	asm volatile (
	"r6 = *(u32 *)(r1 + 0);"
	"r1 = 0;"
	"*(u32 *)(r10 - 4) = r1;"
	"r2 = r10;"
	"r2 += -4;"
	"r1 = %[amap] ll;"
	"call %[lookup];"
	"if r0 == 0 goto 2f;"
	"r1 = r6;"
	"r1 &= 127;"
	"r2 = r6;"
	"r2 >>= 8;"
	"r2 &= 127;"
	"r3 = r6;"
	"r3 &= 0x10000;"
	"if r3 == 0 goto 4f;"
	"r2 = r1;"			// linked: bounded by the branch
	"r5 = 1;"
	"*(u64 *)(r0 + 8) = r5;"
	"r5 = 2;"
	"*(u64 *)(r0 + 16) = r5;"
	"r5 = 3;"
	"*(u64 *)(r0 + 24) = r5;"
	"goto 1f;"
"4:"
	"r1 &= 63;"			// not linked: bounded by itself
	"r5 = 4;"
	"*(u64 *)(r0 + 8) = r5;"
"1:"
	"if r2 > 63 goto 2f;"
	"r0 += r1;"
	"r0 = *(u8 *)(r0 + 0);"
	"exit;"
"2:"
	"r0 = 0;"
	"exit;"
	:: [amap]"i"(&amap), [lookup]"i"(bpf_map_lookup_elem) : "memory");
}

// ---- (f) 32-bit arithmetic: one path wraps below zero ----------------

/* EXPECT reject: math between map_value pointer and 4294967295 is not allowed */
SEC("socket")
int pr_trap_alu32(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u;
	__u32 x = 18;

	if (!v)
		return 0;
	u = unk(v);
	MAPD(x, u);
	return v->b[x];
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: R0 tried to add from different maps, paths or scalars */
SEC("socket")
int pr_twin_alu32(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u;
	__u32 x = 19;

	if (!v)
		return 0;
	u = unk(v);
	MAPD(x, u);
	return v->b[x];
}

// ---- (j) through mul, add, shift --------------------------------------

/* EXPECT reject: R0 min value is outside of the allowed memory range */
SEC("socket")
int pr_trap_alu_chain(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, x = 32, y;

	if (!v)
		return 0;
	u = unk(v);
	SMALLD(x, u);
	y = (x * 3 + 5) >> 1;
	return v->b[y];
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: R0 tried to add from different maps, paths or scalars */
SEC("socket")
int pr_twin_alu_chain(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, x = 31, y;

	if (!v)
		return 0;
	u = unk(v);
	SMALLD(x, u);
	y = (x * 3 + 5) >> 1;
	return v->b[y];
}

// ---- (g) helper sizes --------------------------------------------------

// 17 bytes into a 16-byte buffer at the top of the frame.
/* EXPECT reject: invalid write to stack R1 off=-16 size=17 */
SEC("kprobe/do_nanosleep")
int pr_trap_probe_read(void *regs)
{
	char buf[16];
	__u64 u = *(__u64 *)regs, n = 9;

	SIZED(n, u);
	bpf_probe_read_kernel(buf, n, (void *)((__u64 *)regs)[1]);
	return buf[0];
}

/* EXPECT accept */
SEC("kprobe/do_nanosleep")
int pr_twin_probe_read(void *regs)
{
	char buf[16];
	__u64 u = *(__u64 *)regs, n = 8;

	SIZED(n, u);
	bpf_probe_read_kernel(buf, n, (void *)((__u64 *)regs)[1]);
	return buf[0];
}

// A zero size on one path, for a helper that needs a non-zero one.
/* EXPECT reject: R4 invalid zero-sized read: u64=[0,0] */
SEC("socket")
int pr_trap_load_bytes_zero(struct __sk_buff *skb)
{
	char buf[32];
	__u64 u = skb->len, n = 8;

	SIZED(n, u);
	if (bpf_skb_load_bytes(skb, 0, buf, n))
		return 0;
	return buf[0];
}

/* EXPECT accept */
SEC("socket")
int pr_twin_load_bytes(struct __sk_buff *skb)
{
	char buf[32];
	__u64 u = skb->len, n = 9;

	SIZED(n, u);
	if (bpf_skb_load_bytes(skb, 0, buf, n))
		return 0;
	return buf[0];
}

// 65 bytes of a 64-byte map value into the ring buffer.
/* EXPECT reject: R2 min value is outside of the allowed memory range */
SEC("socket")
int pr_trap_ringbuf_size(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, n = 29;

	if (!v)
		return 0;
	u = unk(v);
	MAPD(n, u);
	bpf_ringbuf_output(&prb, v, n, 0);
	return 0;
}

/* EXPECT accept */
SEC("socket")
int pr_twin_ringbuf_size(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, n = 28;

	if (!v)
		return 0;
	u = unk(v);
	MAPD(n, u);
	bpf_ringbuf_output(&prb, v, n, 0);
	return 0;
}

// ---- (h) the return value of a cgroup_skb program (0 or 1) ------------

/* EXPECT reject: At program exit the register R0 has smin=2 smax=2 should have been in [0, 1] */
SEC("cgroup_skb/ingress")
int pr_trap_cgroup_ret(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, x = 56;

	if (!v)
		return 1;
	u = unk(v);
	ST(x, B(u, 0), 18); ST(x, B(u, 1), -10); ST(x, B(u, 2), 14);
	ST(x, B(u, 3), -6); ST(x, B(u, 4), 16); ST(x, B(u, 5), -12);
	ST(x, B(u, 6), 20); ST(x, B(u, 7), -8); ST(x, B(u, 8), 4);
	ST(x, B(u, 9), -2);
	return x >> 6;
}

/* EXPECT accept */
SEC("cgroup_skb/ingress")
int pr_twin_cgroup_ret(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, x = 55;

	if (!v)
		return 1;
	u = unk(v);
	ST(x, B(u, 0), 18); ST(x, B(u, 1), -10); ST(x, B(u, 2), 14);
	ST(x, B(u, 3), -6); ST(x, B(u, 4), 16); ST(x, B(u, 5), -12);
	ST(x, B(u, 6), 20); ST(x, B(u, 7), -8); ST(x, B(u, 8), 4);
	ST(x, B(u, 9), -2);
	return x >> 6;
}

// ---- (i) deciding a branch that guards an unsafe access ----------------

/* EXPECT reject: R1 invalid mem access 'scalar' */
SEC("socket")
int pr_trap_branch_guard(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, x = 28;

	if (!v)
		return 0;
	u = unk(v);
	MAPD(x, u);
	*(__u64 *)&v->b[8] = x;
	if (x > 63)
		return *(volatile __u8 *)(long)skb->len;
	return 0;
}

/* EXPECT accept */
SEC("socket")
int pr_twin_branch_guard(struct __sk_buff *skb)
{
	struct val *v = val0();
	__u64 u, x = 27;

	if (!v)
		return 0;
	u = unk(v);
	MAPD(x, u);
	*(__u64 *)&v->b[8] = x;
	if (x > 63)
		return *(volatile __u8 *)(long)skb->len;
	return 0;
}

// ---- (k) a packet offset ------------------------------------------------

/* EXPECT reject: R6 offset is outside of the packet */
SEC("xdp")
int pr_trap_pkt_off(struct xdp_md *ctx)
{
	PKT(ctx);
	struct val *v = val0();
	__u64 u, x = 20;

	if (!v)
		return XDP_PASS;
	u = unk(v);
	MAPD(x, u);
	if (data + 56 > data_end)
		return XDP_DROP;
	return *(__u8 *)(data + x);
}

/* EXPECT accept */
SEC("xdp")
int pr_twin_pkt_off(struct xdp_md *ctx)
{
	PKT(ctx);
	struct val *v = val0();
	__u64 u, x = 19;

	if (!v)
		return XDP_PASS;
	u = unk(v);
	MAPD(x, u);
	if (data + 56 > data_end)
		return XDP_DROP;
	return *(__u8 *)(data + x);
}

// ---- (l) a stack offset: a write one past the top of the frame --------

/* EXPECT reject: invalid write to stack R1 off=0 size=1 */
SEC("socket")
int pr_trap_stack_off(struct __sk_buff *skb)
{
	volatile __u8 buf[64];
	__u64 u = skb->len, x = 28;

	MAPD(x, u);
	buf[x] = 1;
	return 0;
}

/* EXPECT accept */
/* EXPECT --unprivileged --cap-bpf -> reject: R1 tried to add from different maps, paths or scalars */
SEC("socket")
int pr_twin_stack_off(struct __sk_buff *skb)
{
	volatile __u8 buf[64];
	__u64 u = skb->len, x = 27;

	MAPD(x, u);
	buf[x] = 1;
	return 0;
}
