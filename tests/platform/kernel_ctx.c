/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Compares bc_ctx_check with the live kernel: for every program type in
 * kload.h, every offset around the context and every size, a read
 * `r0 = *(uN *)(r1 + off)` and a write `*(uN *)(r1 + off) = r2`. Also the
 * return value ranges (r0 = k; exit). Prints the agreement figure; fails on
 * a disagreement not listed as a known kernel-version difference.
 */
#include <stdlib.h>

#include "platform/ctx.h"
#include "kload.h"

static const int sizes[] = { 1, 2, 4, 8 };
static const int bpf_size[] = { BPF_B, BPF_H, BPF_W, BPF_DW };

static int kernel_ctx(const struct ktype *t, int off, int si, bool write)
{
	struct bpf_insn p[4];
	int n = 0;

	memset(p, 0, sizeof(p));
	if (write) {
		p[n++] = (struct bpf_insn){ .code = BPF_ALU64 | BPF_MOV | BPF_K,
					    .dst_reg = 2,
					    .imm = 0 };
		p[n++] = (struct bpf_insn){ .code = BPF_STX | BPF_MEM |
						    bpf_size[si],
					    .dst_reg = 1,
					    .src_reg = 2,
					    .off = (int16_t)off };
	} else {
		p[n++] = (struct bpf_insn){ .code = BPF_LDX | BPF_MEM |
						    bpf_size[si],
					    .dst_reg = 0,
					    .src_reg = 1,
					    .off = (int16_t)off };
	}
	p[n++] = (struct bpf_insn){ .code = BPF_ALU64 | BPF_MOV | BPF_K,
				    .dst_reg = 0,
				    .imm = kret(t) };
	p[n++] = (struct bpf_insn){ .code = BPF_JMP | BPF_EXIT };
	return kload(t, p, n);
}

/*
 * Known differences: fields the running kernel has past the end of the
 * <linux/bpf.h> (6.1) struct bpfcheck is built against.
 */
static bool known_diff(const struct ktype *t, int off)
{
	if (t->type == BPF_PROG_TYPE_SOCK_OPS &&
	    off >= (int)bc_ctx_size(t->type, t->attach))
		return true;
	/*
	 * tp_prog_is_valid_access compares the int offset with sizeof(void *),
	 * so negative offsets pass its "off < 8" test; bpfcheck rejects them.
	 */
	return t->type == BPF_PROG_TYPE_TRACEPOINT && off < 0;
}

/* r0 = k; exit for k in -1..4 against bc_ctx_retval_range. */
static void retvals(const struct ktype *t, unsigned *agree, unsigned *total,
		    unsigned *bad)
{
	for (int k = -1; k <= 4; k++) {
		struct bpf_insn p[] = {
			{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .imm = k },
			{ .code = BPF_JMP | BPF_EXIT },
		};
		int64_t lo, hi;
		bool mine =
			!bc_ctx_retval_range(t->type, t->attach, &lo, &hi) ||
			(k >= lo && k <= hi);
		int kv = kload(t, p, 2);

		if (kv < 0)
			continue;
		(*total)++;
		if (mine == (kv == 1)) {
			(*agree)++;
			continue;
		}
		(*bad)++;
		printf("DIFF %s return %d: bpfcheck %s, kernel %s (%s)\n",
		       t->name, k, mine ? "ok" : "invalid",
		       kv ? "ok" : "invalid", kv ? "" : klast());
	}
}

static void offsets(const struct ktype *t, int *lo, int *hi, int *step)
{
	int sz = (int)bc_ctx_size(t->type, t->attach);

	*lo = -8;
	*hi = sz + 16;
	*step = 1;
	if (t->type == BPF_PROG_TYPE_TRACEPOINT) {
		*lo = -8;
		*hi = 64;
	}
}

/* Offset and size of the field yielding `kind`, or -1. */
static int find_field(const struct ktype *t, enum bc_ctx_kind kind, int *sz)
{
	struct bc_ctx_access a;
	int end = (int)bc_ctx_size(t->type, t->attach);

	for (int off = 0; off < end && end <= 4096; off += 4)
		for (*sz = 4; *sz <= 8; *sz += 4)
			if (bc_ctx_check(t->type, t->attach, true, off, *sz,
					 false, &a) &&
			    a.kind == kind)
				return off;
	return -1;
}

/*
 * A byte read and a byte write through a checked packet pointer: the
 * read must pass wherever the context yields packet pointers, the write
 * exactly where bc_ctx_has_pkt(write) says so.
 */
static void pkt_rw(const struct ktype *t, unsigned *agree, unsigned *total,
		   unsigned *bad)
{
	int sd, se, d = find_field(t, BC_CTXF_PKT, &sd);
	int e = find_field(t, BC_CTXF_PKT_END, &se);

	if (d < 0 || e < 0)
		return;
	for (int w = 0; w < 2; w++) {
		struct bpf_insn p[] = {
			{ .code = BPF_LDX | BPF_MEM |
				  (sd == 8 ? BPF_DW : BPF_W),
			  .dst_reg = 2,
			  .src_reg = 1,
			  .off = (int16_t)d },
			{ .code = BPF_LDX | BPF_MEM |
				  (se == 8 ? BPF_DW : BPF_W),
			  .dst_reg = 3,
			  .src_reg = 1,
			  .off = (int16_t)e },
			{ .code = BPF_ALU64 | BPF_MOV | BPF_X,
			  .dst_reg = 4,
			  .src_reg = 2 },
			{ .code = BPF_ALU64 | BPF_ADD | BPF_K,
			  .dst_reg = 4,
			  .imm = 8 },
			{ .code = BPF_JMP | BPF_JGT | BPF_X,
			  .dst_reg = 4,
			  .src_reg = 3,
			  .off = 1 },
			w ? (struct bpf_insn){ .code = BPF_ST | BPF_MEM | BPF_B,
					       .dst_reg = 2 } :
			    (struct bpf_insn){ .code = BPF_LDX | BPF_MEM |
						       BPF_B,
					       .dst_reg = 0,
					       .src_reg = 2 },
			{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .imm = kret(t) },
			{ .code = BPF_JMP | BPF_EXIT },
		};
		bool mine = !w || bc_ctx_has_pkt(t->type, t->attach, true);
		int k = kload(t, p, sizeof(p) / sizeof(p[0]));

		if (k < 0)
			continue;
		(*total)++;
		if (mine == (k == 1)) {
			(*agree)++;
			continue;
		}
		(*bad)++;
		printf("DIFF %s packet %s: bpfcheck %s, kernel %s (%s)\n",
		       t->name, w ? "write" : "read", mine ? "ok" : "invalid",
		       k ? "ok" : "invalid", k ? "" : klast());
	}
}

/* r6 = r1; r0 = *(u8 *)skb[0]; r0 = ok; exit */
static void ld_abs(const struct ktype *t, unsigned *agree, unsigned *total,
		   unsigned *bad)
{
	struct bpf_insn p[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_X,
		  .dst_reg = 6,
		  .src_reg = 1 },
		{ .code = BPF_LD | BPF_ABS | BPF_B, .imm = 0 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .imm = kret(t) },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	bool mine = bc_ctx_has_ld_abs(t->type);
	int k = kload(t, p, 4);

	if (k < 0)
		return;
	(*total)++;
	if (mine == (k == 1) &&
	    (k || strstr(klog, "BPF_LD_[ABS|IND] instructions not allowed"))) {
		(*agree)++;
		return;
	}
	(*bad)++;
	printf("DIFF %s LD_ABS: bpfcheck %s, kernel %s (%s)\n", t->name,
	       mine ? "ok" : "invalid", k ? "ok" : "invalid", k ? "" : klast());
}

int main(int argc, char **argv)
{
	unsigned agree = 0, total = 0, bad = 0, known = 0, other = 0;
	unsigned ragree = 0, rtotal = 0, pagree = 0, ptotal = 0;
	unsigned lagree = 0, ltotal = 0;
	bool verbose = argc > 1 && !strcmp(argv[1], "-v");

	if (ktype_usable(&ktypes[0]) < 0) {
		printf("SKIP: bpf() unavailable (need root / CAP_BPF)\n");
		return 77;
	}
	for (size_t i = 0; i < NKTYPES; i++) {
		const struct ktype *t = &ktypes[i];
		int lo, hi, step;

		if (t->btf_target)
			continue; /* context layout comes from BTF */
		if (ktype_usable(t) != 1) {
			printf("note: kernel cannot load %s here: %s\n",
			       t->name, klog[0] ? klast() : strerror(errno));
			continue;
		}
		retvals(t, &ragree, &rtotal, &bad);
		pkt_rw(t, &pagree, &ptotal, &bad);
		ld_abs(t, &lagree, &ltotal, &bad);
		offsets(t, &lo, &hi, &step);
		for (int pass = 0; pass < 2; pass++) {
			int a = lo, b = hi;

			if (pass == 1) {
				if (t->type != BPF_PROG_TYPE_TRACEPOINT)
					break;
				a = 8192 - 24;
				b = 8192 + 16;
			}
			for (int off = a; off < b; off += step)
				for (int si = 0; si < 4; si++)
					for (int w = 0; w < 2; w++) {
						struct bc_ctx_access acc;
						bool mine = bc_ctx_check(
							t->type, t->attach,
							true, off, sizes[si], w,
							&acc);
						int k = kernel_ctx(t, off, si,
								   w);

						if (k < 0)
							continue;
						if (!k &&
						    !strstr(klog,
							    "invalid bpf_context access") &&
						    !strstr(klog,
							    "invalid access")) {
							other++;
							if (verbose)
								printf("other %s off=%d size=%d %s: %s\n",
								       t->name,
								       off,
								       sizes[si],
								       w ? "write" :
									   "read",
								       klast());
						}
						total++;
						if (mine == (k == 1)) {
							agree++;
							continue;
						}
						if (known_diff(t, off)) {
							known++;
							continue;
						}
						bad++;
						printf("DIFF %s off=%d size=%d %s: bpfcheck %s, "
						       "kernel %s (%s)\n",
						       t->name, off, sizes[si],
						       w ? "write" : "read",
						       mine ? "ok" : "invalid",
						       k ? "ok" : "invalid",
						       k ? "" : klast());
					}
		}
	}
	printf("ctx access: bpfcheck agrees with the kernel on %u of %u "
	       "cases (%u known version differences, %u other rejections)\n",
	       agree, total, known, other);
	printf("return values: bpfcheck agrees with the kernel on %u of %u "
	       "cases\n",
	       ragree, rtotal);
	printf("packet reads/writes: bpfcheck agrees with the kernel on %u of "
	       "%u cases\n",
	       pagree, ptotal);
	printf("LD_ABS: bpfcheck agrees with the kernel on %u of %u program "
	       "types\n",
	       lagree, ltotal);
	return bad ? 1 : 0;
}
