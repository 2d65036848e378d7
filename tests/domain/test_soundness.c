// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Soundness of the scalar domain by seeded random sampling: build random
 * abstract values (constants, small ranges, joins of nearby values, random
 * tnums, loads, and results of earlier operations), pick concrete members
 * of them, run the concrete operation with eBPF runtime semantics (written
 * here independently of the library) and check the concrete result lies in
 * the abstract result. Same for branch prediction and refinement, join,
 * subsumption and synchronisation; ALU results of bc_scalar_alu and of
 * bc_scalar_alu_tight, on alternate pairs.
 *
 * Usage: domain_soundness [pairs [seed]] (defaults: 30000, 1).
 */
#include <linux/bpf.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "domain/scalar.h"

#define MAXM 8

struct abs {
	struct bc_scalar s;
	uint64_t m[MAXM]; /* concrete members */
	int n;
};

static uint64_t rng = 0x9e3779b97f4a7c15ULL;
static unsigned long long checks, failures, empties;

static uint64_t rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dULL;
}

static uint64_t rn(uint64_t n)
{
	return n ? rnd() % n : 0;
}

static uint64_t interesting(void)
{
	static const uint64_t t[] = { 0,
				      1,
				      2,
				      3,
				      7,
				      8,
				      31,
				      32,
				      63,
				      64,
				      0x7f,
				      0x80,
				      0xff,
				      0x100,
				      0x7fff,
				      0x8000,
				      0xffff,
				      0x10000,
				      0x7fffffff,
				      0x80000000,
				      0xffffffff,
				      0x100000000ULL,
				      0x1ffffffffULL,
				      0x7fffffffffffffffULL,
				      0x8000000000000000ULL,
				      0xffffffff00000000ULL,
				      0xffffffff80000000ULL,
				      0xffffffff7fffffffULL,
				      (uint64_t)-1,
				      (uint64_t)-2,
				      (uint64_t)-128,
				      (uint64_t)-129,
				      0x00000000fffffff0ULL };
	uint64_t v;

	switch (rn(4)) {
	case 0: v = rnd(); break;
	case 1: v = (uint32_t)rnd(); break;
	case 2: v = rn(300); break;
	default: v = t[rn(sizeof(t) / sizeof(t[0]))]; break;
	}
	if (rn(2))
		v += rn(9) - 4;
	if (!rn(4))
		v = 0 - v;
	return v;
}

/* ---- concrete reference semantics (independent of the library) ------- */

static uint64_t sx(uint64_t v, int bits)
{
	if (bits == 8)
		return (uint64_t)(int64_t)(int8_t)v;
	if (bits == 16)
		return (uint64_t)(int64_t)(int16_t)v;
	return (uint64_t)(int64_t)(int32_t)v;
}

static uint64_t ref_alu(uint8_t op, bool w32, int16_t off, uint64_t a,
			uint64_t b)
{
	uint32_t x = (uint32_t)a, y = (uint32_t)b;
	int32_t sx32 = (int32_t)x, sy32 = (int32_t)y;
	int64_t sa = (int64_t)a, sb = (int64_t)b;

	if (w32) {
		switch (op) {
		case BPF_ADD: return (uint32_t)(x + y);
		case BPF_SUB: return (uint32_t)(x - y);
		case BPF_MUL: return (uint32_t)(x * y);
		case BPF_DIV:
			if (!y)
				return 0;
			if (off != 1)
				return x / y;
			if (sx32 == INT32_MIN && sy32 == -1)
				return x;
			return (uint32_t)(sx32 / sy32);
		case BPF_MOD:
			if (!y)
				return x;
			if (off != 1)
				return x % y;
			if (sy32 == -1)
				return 0;
			return (uint32_t)(sx32 % sy32);
		case BPF_OR: return x | y;
		case BPF_AND: return x & y;
		case BPF_XOR: return x ^ y;
		case BPF_LSH: return (uint32_t)(x << (y & 31));
		case BPF_RSH: return x >> (y & 31);
		case BPF_ARSH: return (uint32_t)(sx32 >> (y & 31));
		case BPF_NEG: return (uint32_t)(0u - x);
		case BPF_MOV: return off ? (uint32_t)sx(y, off) : y;
		}
		return 0;
	}
	switch (op) {
	case BPF_ADD: return a + b;
	case BPF_SUB: return a - b;
	case BPF_MUL: return a * b;
	case BPF_DIV:
		if (!b)
			return 0;
		if (off != 1)
			return a / b;
		if (sa == INT64_MIN && sb == -1)
			return a;
		return (uint64_t)(sa / sb);
	case BPF_MOD:
		if (!b)
			return a;
		if (off != 1)
			return a % b;
		if (sb == -1)
			return 0;
		return (uint64_t)(sa % sb);
	case BPF_OR: return a | b;
	case BPF_AND: return a & b;
	case BPF_XOR: return a ^ b;
	case BPF_LSH: return a << (b & 63);
	case BPF_RSH: return a >> (b & 63);
	case BPF_ARSH: return (uint64_t)(sa >> (b & 63));
	case BPF_NEG: return 0 - a;
	case BPF_MOV: return off ? sx(b, off) : b;
	}
	return 0;
}

static uint64_t ref_end(bool to_be, bool alu64, int width, uint64_t v)
{
	uint64_t r = 0;
	int i;

	if (!alu64 && !to_be)
		return width == 64 ? v : v & ((1ULL << width) - 1);
	for (i = 0; i < width / 8; i++)
		r |= ((v >> (8 * i)) & 0xff) << (width - 8 - 8 * i);
	return r;
}

static bool ref_jmp(uint8_t op, bool w32, uint64_t a, uint64_t b)
{
	int64_t sa = (int64_t)a, sb = (int64_t)b;

	if (w32) {
		a = (uint32_t)a;
		b = (uint32_t)b;
		sa = (int32_t)(uint32_t)a;
		sb = (int32_t)(uint32_t)b;
	}
	switch (op) {
	case BPF_JEQ: return a == b;
	case BPF_JNE: return a != b;
	case BPF_JGT: return a > b;
	case BPF_JGE: return a >= b;
	case BPF_JLT: return a < b;
	case BPF_JLE: return a <= b;
	case BPF_JSGT: return sa > sb;
	case BPF_JSGE: return sa >= sb;
	case BPF_JSLT: return sa < sb;
	case BPF_JSLE: return sa <= sb;
	case BPF_JSET: return (a & b) != 0;
	}
	return false;
}

/* ---- abstract values and their members ------------------------------- */

#define POOL 512
static struct bc_scalar pool[POOL];
static int pool_n, pool_pos;

static void pool_add(const struct bc_scalar *s)
{
	pool[pool_pos] = *s;
	pool_pos = (pool_pos + 1) % POOL;
	if (pool_n < POOL)
		pool_n++;
}

static void add_member(struct abs *a, uint64_t v)
{
	int i;

	if (a->n >= MAXM || !bc_scalar_contains(&a->s, v))
		return;
	for (i = 0; i < a->n; i++)
		if (a->m[i] == v)
			return;
	a->m[a->n++] = v;
}

/* Find members: extremes of every bound, tnum fillings, mixes. */
static void find_members(struct abs *a)
{
	const struct bc_scalar *s = &a->s;
	uint64_t cand[24];
	int i, n = 0, tries;

	cand[n++] = s->umin;
	cand[n++] = s->umax;
	cand[n++] = (uint64_t)s->smin;
	cand[n++] = (uint64_t)s->smax;
	cand[n++] = s->var_off.value;
	cand[n++] = s->var_off.value | s->var_off.mask;
	cand[n++] = (s->umin & ~0xffffffffULL) | s->u32_min;
	cand[n++] = (s->umax & ~0xffffffffULL) | s->u32_max;
	cand[n++] = (s->umin & ~0xffffffffULL) | (uint32_t)s->s32_min;
	cand[n++] = (s->umax & ~0xffffffffULL) | (uint32_t)s->s32_max;
	cand[n++] = ((uint64_t)s->smin & ~0xffffffffULL) | s->u32_max;
	cand[n++] = ((uint64_t)s->smax & ~0xffffffffULL) | s->u32_min;
	cand[n++] = (uint64_t)(int64_t)s->s32_min;
	cand[n++] = (uint64_t)(int64_t)s->s32_max;
	cand[n++] = s->u32_min;
	cand[n++] = s->u32_max;
	for (i = 0; i < n && a->n < MAXM; i++)
		add_member(a, cand[i]);
	for (tries = 0; tries < 40 && a->n < MAXM; tries++) {
		uint64_t v;

		switch (rn(4)) {
		case 0: v = s->var_off.value | (rnd() & s->var_off.mask); break;
		case 1: v = s->umin + rn(16); break;
		case 2: v = s->umax - rn(16); break;
		default: v = (uint64_t)s->smin + rn(1000); break;
		}
		add_member(a, v);
	}
}

static void gen(struct abs *a)
{
	int i, k;
	uint64_t base, v;

	a->n = 0;
	switch (rn(9)) {
	case 0: bc_scalar_const(&a->s, interesting()); break;
	case 1: /* join of values near a base */
	case 2:
		base = interesting();
		bc_scalar_const(&a->s, base);
		a->m[a->n++] = base;
		k = 1 + (int)rn(4);
		for (i = 0; i < k; i++) {
			struct bc_scalar c;

			v = rn(2) ? base + rn(33) - 16 :
				    base ^ (rnd() &
					    (rn(2) ? 0xff : 0x80000081));
			bc_scalar_const(&c, v);
			bc_scalar_join(&a->s, &c);
			if (a->n < MAXM)
				a->m[a->n++] = v;
		}
		break;
	case 3: { /* join of unrelated values */
		struct bc_scalar c;

		bc_scalar_const(&a->s, interesting());
		bc_scalar_const(&c, interesting());
		bc_scalar_join(&a->s, &c);
		break;
	}
	case 4: { /* range */
		uint64_t lo = interesting(), hi;

		hi = rn(2) ? lo + rn(300) : interesting();
		if (hi < lo) {
			v = lo;
			lo = hi;
			hi = v;
		}
		bc_scalar_urange(&a->s, lo, hi);
		break;
	}
	case 5: bc_scalar_load(&a->s, 1 << rn(4), rn(2)); break;
	case 6: { /* random tnum, bounds from it */
		uint64_t mask = rnd() & rnd() & (rn(2) ? rnd() : 0xffff);

		bc_scalar_unknown(&a->s);
		a->s.var_off = TNUM(rnd() & ~mask, mask);
		bc_scalar_sync(&a->s);
		break;
	}
	default:
		if (pool_n) {
			a->s = pool[rn(pool_n)];
		} else {
			bc_scalar_unknown(&a->s);
		}
		break;
	}
	for (i = 0; i < a->n; i++) {
		if (!bc_scalar_contains(&a->s, a->m[i])) {
			char buf[256];

			bc_scalar_fmt(&a->s, buf, sizeof(buf));
			fprintf(stderr, "generator: %#" PRIx64 " not in %s\n",
				a->m[i], buf);
			failures++;
		}
	}
	find_members(a);
}

static void report(const char *what, const struct bc_scalar *in1,
		   const struct bc_scalar *in2, const struct bc_scalar *out,
		   uint64_t x, uint64_t y, uint64_t r)
{
	char b1[256], b2[256], b3[256];

	if (++failures > 20)
		return;
	bc_scalar_fmt(in1, b1, sizeof(b1));
	bc_scalar_fmt(in2, b2, sizeof(b2));
	bc_scalar_fmt(out, b3, sizeof(b3));
	fprintf(stderr,
		"UNSOUND %s: a=%#" PRIx64 " in %s, b=%#" PRIx64
		" in %s: concrete %#" PRIx64 " not in %s\n",
		what, x, b1, y, b2, r, b3);
}

static void check_in(const char *what, const struct abs *A, const struct abs *B,
		     const struct bc_scalar *out, uint64_t x, uint64_t y,
		     uint64_t r)
{
	checks++;
	if (!bc_scalar_contains(out, r))
		report(what, &A->s, &B->s, out, x, y, r);
}

static void scalar_alu(struct bc_scalar *d, const struct bc_scalar *s,
		       uint8_t op, bool w32, int16_t off, bool tight)
{
	if (tight)
		bc_scalar_alu_tight(d, s, op, w32, off);
	else
		bc_scalar_alu(d, s, op, w32, off);
}

static void check_alu(const struct abs *A, const struct abs *B, uint8_t op,
		      bool w32, int16_t off, bool tight)
{
	struct bc_scalar r = A->s;
	char what[64];
	int i, j;

	snprintf(what, sizeof(what), "alu%s op %#x w32 %d off %d",
		 tight ? "_tight" : "", op, w32, off);
	scalar_alu(&r, &B->s, op, w32, off, tight);
	for (i = 0; i < A->n; i++)
		for (j = 0; j < B->n; j++)
			check_in(what, A, B, &r, A->m[i], B->m[j],
				 ref_alu(op, w32, off, A->m[i], B->m[j]));
	if (rn(8) == 0)
		pool_add(&r);
	/* dst and src the same register */
	r = A->s;
	scalar_alu(&r, &r, op, w32, off, tight);
	for (i = 0; i < A->n; i++)
		check_in(what, A, A, &r, A->m[i], A->m[i],
			 ref_alu(op, w32, off, A->m[i], A->m[i]));
}

static void check_end(const struct abs *A)
{
	static const int widths[] = { 16, 32, 64 };
	int w, f, i;

	for (w = 0; w < 3; w++)
		for (f = 0; f < 3; f++) {
			bool to_be = f == 1, alu64 = f == 2;
			struct bc_scalar r = A->s;

			bc_scalar_end(&r, to_be, alu64, widths[w]);
			for (i = 0; i < A->n; i++)
				check_in("end", A, A, &r, A->m[i], 0,
					 ref_end(to_be, alu64, widths[w],
						 A->m[i]));
		}
}

static void check_jmp(const struct abs *A, const struct abs *B, uint8_t op,
		      bool w32)
{
	int t = bc_scalar_branch_taken(&A->s, &B->s, op, w32);
	struct bc_scalar at = A->s, bt = B->s, af = A->s, bf = B->s;
	char what[64];
	int i, j;

	snprintf(what, sizeof(what), "jmp op %#x w32 %d", op, w32);
	bc_scalar_refine(&at, &bt, op, w32, true);
	bc_scalar_refine(&af, &bf, op, w32, false);
	if (bc_scalar_is_empty(&at) || bc_scalar_is_empty(&bt))
		empties++;
	for (i = 0; i < A->n; i++)
		for (j = 0; j < B->n; j++) {
			uint64_t x = A->m[i], y = B->m[j];
			bool c = ref_jmp(op, w32, x, y);

			checks += 4;
			if ((c && (bc_scalar_is_empty(&at) ||
				   bc_scalar_is_empty(&bt))) ||
			    (!c && (bc_scalar_is_empty(&af) ||
				    bc_scalar_is_empty(&bf)))) {
				if (++failures <= 20)
					fprintf(stderr,
						"WRONG empty refinement %s for %#" PRIx64
						", %#" PRIx64 "\n",
						what, x, y);
			}
			if ((c && t == 0) || (!c && t == 1)) {
				if (++failures <= 20)
					fprintf(stderr,
						"WRONG branch_taken %s: %d for %#" PRIx64
						", %#" PRIx64 "\n",
						what, t, x, y);
			}
			if (c) {
				if (!bc_scalar_contains(&at, x))
					report(what, &A->s, &B->s, &at, x, y,
					       x);
				if (!bc_scalar_contains(&bt, y))
					report(what, &A->s, &B->s, &bt, x, y,
					       y);
			} else {
				if (!bc_scalar_contains(&af, x))
					report(what, &A->s, &B->s, &af, x, y,
					       x);
				if (!bc_scalar_contains(&bf, y))
					report(what, &A->s, &B->s, &bf, x, y,
					       y);
			}
		}
	if (t < 0 && rn(8) == 0) {
		pool_add(&at);
		pool_add(&af);
	}
}

static void check_lattice(const struct abs *A, const struct abs *B)
{
	struct bc_scalar j = A->s, s = A->s;
	bool sub = bc_scalar_subsumes(&A->s, &B->s);
	int i;

	bc_scalar_join(&j, &B->s);
	bc_scalar_sync(&s);
	for (i = 0; i < A->n; i++) {
		check_in("join", A, B, &j, A->m[i], 0, A->m[i]);
		check_in("sync", A, A, &s, A->m[i], 0, A->m[i]);
	}
	for (i = 0; i < B->n; i++) {
		check_in("join", A, B, &j, 0, B->m[i], B->m[i]);
		if (sub)
			check_in("subsumes", A, B, &A->s, 0, B->m[i], B->m[i]);
	}
	checks++;
	if (!bc_scalar_subsumes(&A->s, &A->s) || !bc_scalar_subsumes(&j, &j)) {
		failures++;
		fprintf(stderr, "subsumes is not reflexive\n");
	}
	if (rn(16) == 0)
		pool_add(&j);
}

static const uint8_t alu_ops[] = { BPF_ADD, BPF_SUB, BPF_MUL, BPF_DIV, BPF_OR,
				   BPF_AND, BPF_LSH, BPF_RSH, BPF_NEG, BPF_MOD,
				   BPF_XOR, BPF_MOV, BPF_ARSH };
static const uint8_t jmp_ops[] = { BPF_JEQ,  BPF_JNE,  BPF_JGT,	 BPF_JGE,
				   BPF_JLT,  BPF_JLE,  BPF_JSGT, BPF_JSGE,
				   BPF_JSLT, BPF_JSLE, BPF_JSET };

static void check_pair(struct abs *A, struct abs *B, bool tight)
{
	int o, w;

	for (o = 0; o < (int)sizeof(alu_ops); o++)
		for (w = 0; w < 2; w++) {
			uint8_t op = alu_ops[o];

			check_alu(A, B, op, w, 0, tight);
			if (op == BPF_DIV || op == BPF_MOD)
				check_alu(A, B, op, w, 1, tight);
			if (op == BPF_MOV) {
				check_alu(A, B, op, w, 8, tight);
				check_alu(A, B, op, w, 16, tight);
				if (!w)
					check_alu(A, B, op, w, 32, tight);
			}
		}
	check_end(A);
	for (o = 0; o < (int)sizeof(jmp_ops); o++)
		for (w = 0; w < 2; w++)
			check_jmp(A, B, jmp_ops[o], w);
	check_lattice(A, B);
}

/* B as the constant the verifier builds from an immediate. */
static void const_operand(struct abs *B, bool w32)
{
	uint64_t v = B->n ? B->m[0] : interesting();

	if (w32)
		v = (uint32_t)v;
	bc_scalar_const(&B->s, v);
	B->n = 1;
	B->m[0] = v;
}

int main(int argc, char **argv)
{
	long pairs = argc > 1 ? atol(argv[1]) : 30000;
	long i;
	unsigned long long members = 0;

	rng ^= argc > 2 ? strtoull(argv[2], NULL, 0) * 0x100000001b3ULL : 1;
	for (i = 0; i < pairs; i++) {
		struct abs A, B;

		gen(&A);
		gen(&B);
		if (rn(4) == 0)
			const_operand(&B, rn(2));
		members += (unsigned long long)(A.n + B.n);
		check_pair(&A, &B, i & 1);
	}
	printf("scalar soundness: %ld abstract pairs, %llu members, %llu concrete checks, %llu failures (%llu refinements found a branch dead)\n",
	       pairs, members, checks, failures, empties);
	return failures ? 1 : 0;
}
