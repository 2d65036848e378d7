// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Exact results of the scalar domain on simple cases. The expected strings
 * are what the Linux 6.18 verifier printed (log level 2) for the same
 * instruction on the same input, so these also test the log formatting.
 */
#include <linux/bpf.h>
#include <stdio.h>
#include <string.h>

#include "domain/scalar.h"
#include "isa/alu.h"

static int failures;

#define CHECK(cond)                                                            \
	do {                                                                   \
		if (!(cond)) {                                                 \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, \
				__LINE__, #cond);                              \
			failures++;                                            \
		}                                                              \
	} while (0)

static void expect(int line, const struct bc_scalar *s, const char *want)
{
	char buf[256];
	int n = bc_scalar_fmt(s, buf, sizeof(buf));

	if (strcmp(buf, want) || n != (int)strlen(want)) {
		fprintf(stderr, "line %d:\n  got  %s (%d)\n  want %s\n", line,
			buf, n, want);
		failures++;
	}
}
#define EXPECT(s, want) expect(__LINE__, (s), (want))

static struct bc_scalar k(uint64_t v)
{
	struct bc_scalar s;

	bc_scalar_const(&s, v);
	return s;
}

static struct bc_scalar u32_load(void)
{
	struct bc_scalar s;

	bc_scalar_load(&s, 4, false);
	return s;
}

static struct bc_scalar alu(struct bc_scalar d, struct bc_scalar s, uint8_t op,
			    bool alu32, int16_t off)
{
	bc_scalar_alu(&d, &s, op, alu32, off);
	return d;
}

static struct bc_scalar alu_k(struct bc_scalar d, uint8_t op, bool alu32,
			      int64_t imm)
{
	return alu(d, k((uint64_t)imm), op, alu32, 0);
}

static struct bc_scalar tight(struct bc_scalar d, struct bc_scalar s,
			      uint8_t op, bool alu32, int16_t off)
{
	bc_scalar_alu_tight(&d, &s, op, alu32, off);
	return d;
}

static struct bc_scalar tight_k(struct bc_scalar d, uint8_t op, bool alu32,
				int64_t imm)
{
	return tight(d, k((uint64_t)imm), op, alu32, 0);
}

/* Linux probe 1: r2 = skb->len; r2 &= 255; ... */
static void test_linux_basic(void)
{
	struct bc_scalar r2 = u32_load(), r3, u;

	EXPECT(&r2,
	       "scalar(smin=0,smax=umax=0xffffffff,var_off=(0x0; 0xffffffff))");
	r2 = alu_k(r2, BPF_AND, false, 255);
	EXPECT(&r2,
	       "scalar(smin=smin32=0,smax=umax=smax32=umax32=255,var_off=(0x0; 0xff))");
	r3 = alu(r2, r2, BPF_ADD, false, 0);
	EXPECT(&r3,
	       "scalar(smin=smin32=0,smax=umax=smax32=umax32=510,var_off=(0x0; 0x1ff))");
	u = alu(r2, r3, BPF_DIV, true, 0);
	EXPECT(&u, "scalar()");
	u = alu_k(r2, BPF_MOD, false, 10);
	EXPECT(&u, "scalar()");
	u = k((uint64_t)-5);
	EXPECT(&u, "-5");
	u = k(100000);
	EXPECT(&u, "0x186a0");
	u = alu_k(r2, BPF_SUB, false, 5);
	EXPECT(&u, "scalar(smin=smin32=-5,smax=smax32=250)");
	u = alu(r2, r2, BPF_LSH, true, 0); /* shift by a non-constant */
	EXPECT(&u, "scalar()");
	u = k(0);
	EXPECT(&u, "0");
	bc_scalar_unknown(&u);
	EXPECT(&u, "scalar()");
	CHECK(bc_scalar_is_unknown(&u));
	{
		char small[8];
		int n = bc_scalar_fmt(&r3, small, sizeof(small));

		CHECK(n == 70 && strlen(small) == 7 &&
		      !strcmp(small, "scalar("));
		CHECK(bc_scalar_fmt(&r3, NULL, 0) == 70);
	}
}

/* Linux probe 2: r2 = skb->len & 0xff0, then one op each. */
static void test_linux_ops(void)
{
	struct bc_scalar r2 = alu_k(u32_load(), BPF_AND, false, 0xff0), u;

	EXPECT(&r2,
	       "scalar(smin=smin32=0,smax=umax=smax32=umax32=4080,var_off=(0x0; 0xff0))");
	u = r2;
	bc_scalar_end(&u, true, false, 16);
	EXPECT(&u,
	       "scalar(smin=smin32=0,smax=umax=smax32=umax32=0xf00f,var_off=(0x0; 0xf00f))");
	u = r2;
	bc_scalar_end(&u, false, true, 32);
	EXPECT(&u,
	       "scalar(smin=0,smax=umax=umax32=0xf00f0000,smax32=0x700f0000,var_off=(0x0; 0xf00f0000))");
	u = r2;
	bc_scalar_end(&u, false, false, 64);
	CHECK(bc_scalar_equal(&u, &r2));
	u = alu(u, r2, BPF_MOV, false, 8);
	EXPECT(&u, "scalar(smin=smin32=-128,smax=smax32=127)");
	u = alu(u, r2, BPF_MOV, true, 8);
	EXPECT(&u,
	       "scalar(smin=0,smax=umax=0xffffffff,smin32=-128,smax32=127,var_off=(0x0; 0xffffffff))");
	u = alu_k(r2, BPF_LSH, false, 32);
	EXPECT(&u,
	       "scalar(smin=smin32=0,smax=umax=0xff000000000,smax32=umax32=0,var_off=(0x0; 0xff000000000))");
	u = alu_k(u, BPF_ARSH, false, 36);
	EXPECT(&u,
	       "scalar(smin=smin32=0,smax=umax=smax32=umax32=255,var_off=(0x0; 0xff))");
	u = alu_k(r2, BPF_ARSH, true, 2);
	EXPECT(&u,
	       "scalar(smin=smin32=0,smax=umax=smax32=umax32=1020,var_off=(0x0; 0x3fc))");
	u = alu_k(r2, BPF_MUL, false, -3);
	EXPECT(&u,
	       "scalar(smin=smin32=-12240,smax=smax32=0,umax=0xfffffffffffffff0,umax32=0xfffffff0,var_off=(0x0; 0xfffffffffffffff0))");
	u = alu_k(r2, BPF_XOR, false, -1);
	EXPECT(&u,
	       "scalar(smin=smin32=-4081,smax=smax32=-1,umin=0xfffffffffffff00f,umin32=0xfffff00f,var_off=(0xfffffffffffff00f; 0xff0))");
	u = alu_k(r2, BPF_OR, false, 65536);
	EXPECT(&u,
	       "scalar(smin=umin=smin32=umin32=0x10000,smax=umax=smax32=umax32=0x10ff0,var_off=(0x10000; 0xff0))");
	u = alu(r2, r2, BPF_NEG, false, 0);
	EXPECT(&u,
	       "scalar(smin=smin32=-4080,smax=smax32=0,umax=0xfffffffffffffff0,umax32=0xfffffff0,var_off=(0x0; 0xfffffffffffffff0))");
	u = alu(r2, r2, BPF_NEG, true, 0);
	EXPECT(&u,
	       "scalar(smin=0,smax=umax=umax32=0xfffffff0,smin32=-4080,smax32=0,var_off=(0x0; 0xfffffff0))");
	u = alu_k(r2, BPF_SUB, true, 5);
	EXPECT(&u,
	       "scalar(smin=umin=umin32=11,smax=umax=umax32=0xfffffffb,smin32=-5,smax32=4075,var_off=(0xb; 0xfffffff0))");
}

static void branch(struct bc_scalar a, struct bc_scalar b, uint8_t op,
		   bool jmp32, bool taken, struct bc_scalar *out)
{
	bc_scalar_refine(&a, &b, op, jmp32, taken);
	*out = a;
}

/* Linux probe 3: branch refinement. */
static void test_linux_branches(void)
{
	struct bc_scalar r = u32_load(), t, f, x, y;

	CHECK(bc_scalar_branch_taken(&r, &(struct bc_scalar){ 0 }, BPF_JGT,
				     false) == -1);
	x = k(100);
	CHECK(bc_scalar_branch_taken(&r, &x, BPF_JGT, false) == -1);
	branch(r, x, BPF_JGT, false, false, &f);
	branch(r, x, BPF_JGT, false, true, &t);
	EXPECT(&f,
	       "scalar(smin=smin32=0,smax=umax=smax32=umax32=100,var_off=(0x0; 0x7f))");
	EXPECT(&t,
	       "scalar(smin=umin=umin32=101,smax=umax=0xffffffff,var_off=(0x0; 0xffffffff))");

	/* if w4 s> -3 (imm 0xfffffffd) */
	x = k(0xfffffffd);
	CHECK(bc_scalar_branch_taken(&t, &x, BPF_JSGT, true) == -1);
	branch(t, x, BPF_JSGT, true, false, &y);
	EXPECT(&y,
	       "scalar(smin=umin=umin32=0x80000000,smax=umax=umax32=0xfffffffd,smax32=-3,var_off=(0x80000000; 0x7fffffff))");
	branch(t, x, BPF_JSGT, true, true, &x);
	EXPECT(&x,
	       "scalar(smin=umin=umin32=101,smax=umax=0xffffffff,smin32=-2,var_off=(0x0; 0xffffffff))");

	/* JSET on the [0x80000000, 0xfffffffd] and smin32=-2 states */
	branch(y, k(8), BPF_JSET, false, false, &y);
	EXPECT(&y,
	       "scalar(smin=umin=umin32=0x80000000,smax=umax=umax32=0xfffffff7,smax32=-9,var_off=(0x80000000; 0x7ffffff7))");
	branch(x, k(8), BPF_JSET, false, false, &x);
	EXPECT(&x,
	       "scalar(smin=0,smax=umax=umax32=0xfffffff7,smax32=0x7ffffff7,var_off=(0x0; 0xfffffff7))");

	/* [0,100]: if r != 0 */
	branch(f, k(0), BPF_JNE, false, true, &t);
	EXPECT(&t,
	       "scalar(smin=umin=smin32=umin32=1,smax=umax=smax32=umax32=100,var_off=(0x0; 0x7f))");
	/* [1,100]: if r & 8 */
	branch(t, k(8), BPF_JSET, false, false, &f);
	branch(t, k(8), BPF_JSET, false, true, &x);
	EXPECT(&f,
	       "scalar(smin=smin32=0,smax=umax=smax32=umax32=119,var_off=(0x0; 0x77))");
	EXPECT(&x,
	       "scalar(smin=umin=smin32=umin32=8,smax=umax=smax32=umax32=100,var_off=(0x8; 0x77))");
	branch(f, k(6), BPF_JSET, false, false, &y);
	EXPECT(&y,
	       "scalar(smin=smin32=0,smax=umax=smax32=umax32=113,var_off=(0x0; 0x71))");
	branch(x, k(6), BPF_JSET, false, false, &y);
	EXPECT(&y,
	       "scalar(smin=umin=smin32=umin32=8,smax=umax=smax32=umax32=121,var_off=(0x8; 0x71))");
	/* JSET with several bits learns nothing when taken */
	branch(x, k(6), BPF_JSET, false, true, &y);
	CHECK(bc_scalar_equal(&x, &y));
}

/* Linux probe 4: movsx, le/bswap16 and JEQ against known bits. */
static void test_linux_movsx(void)
{
	struct bc_scalar r2 = u32_load(), u, v;

	u = alu_k(r2, BPF_OR, false, 1);
	EXPECT(&u,
	       "scalar(smin=umin=umin32=1,smax=umax=0xffffffff,smin32=0x80000001,var_off=(0x1; 0xfffffffe))");
	v = k(4);
	CHECK(bc_scalar_branch_taken(&u, &v, BPF_JEQ, false) == 0);
	CHECK(bc_scalar_branch_taken(&u, &v, BPF_JNE, false) == 1);
	u = r2;
	bc_scalar_end(&u, false, false, 16);
	EXPECT(&u,
	       "scalar(smin=smin32=0,smax=umax=smax32=umax32=0xffff,var_off=(0x0; 0xffff))");
	u = r2;
	bc_scalar_end(&u, false, true, 16);
	EXPECT(&u,
	       "scalar(smin=smin32=0,smax=umax=smax32=umax32=0xffff,var_off=(0x0; 0xffff))");
	u = alu_k(alu_k(r2, BPF_AND, false, 0x30), BPF_ADD, false, 16);
	EXPECT(&u,
	       "scalar(smin=umin=smin32=umin32=16,smax=umax=smax32=umax32=64,var_off=(0x0; 0x70))");
	u = alu(u, u, BPF_MOV, false, 8);
	EXPECT(&u,
	       "scalar(smin=umin=smin32=umin32=16,smax=umax=smax32=umax32=64,var_off=(0x0; 0x7f))");
	u = alu_k(r2, BPF_ADD, false, -5);
	EXPECT(&u, "scalar(smin=-5,smax=0xfffffffa)");
	u = alu(u, u, BPF_MOV, false, 32);
	EXPECT(&u, "scalar(smin=0xffffffff80000000,smax=0x7fffffff)");
	u = alu_k(r2, BPF_LSH, false, 60);
	EXPECT(&u,
	       "scalar(smax=0x7000000000000000,umax=0xf000000000000000,smin32=0,smax32=umax32=0,var_off=(0x0; 0xf000000000000000))");
	u = alu(u, u, BPF_MOV, false, 8);
	EXPECT(&u, "0");
}

/* Linux probe 5: signed ranges through and/mul/shift, reg-reg branches. */
static void test_linux_signed(void)
{
	struct bc_scalar r2 = alu_k(u32_load(), BPF_AND, false, 0xff);
	struct bc_scalar r3 = alu_k(u32_load(), BPF_AND, false, 0xf);
	struct bc_scalar r4 = alu_k(r2, BPF_SUB, false, 100), u, a, b;

	EXPECT(&r4, "scalar(smin=smin32=-100,smax=smax32=155)");
	u = alu_k(r4, BPF_AND, false, -16);
	EXPECT(&u,
	       "scalar(smax=0x7ffffffffffffff0,umax=0xfffffffffffffff0,smax32=0x7ffffff0,umax32=0xfffffff0,var_off=(0x0; 0xfffffffffffffff0))");
	u = alu(r4, r3, BPF_MUL, false, 0);
	EXPECT(&u, "scalar(smin=smin32=-1500,smax=smax32=2325)");
	u = alu_k(r4, BPF_RSH, false, 4);
	EXPECT(&u,
	       "scalar(smin=0,smax=umax=0xfffffffffffffff,var_off=(0x0; 0xfffffffffffffff))");
	u = alu_k(r4, BPF_RSH, true, 4);
	EXPECT(&u,
	       "scalar(smin=smin32=0,smax=umax=smax32=umax32=0xfffffff,var_off=(0x0; 0xfffffff))");
	u = alu_k(alu_k(r2, BPF_SUB, false, 16), BPF_ADD, false, 32);
	EXPECT(&u,
	       "scalar(smin=umin=smin32=umin32=16,smax=umax=smax32=umax32=271,var_off=(0x0; 0x1ff))");
	u = alu(r4, r3, BPF_OR, false, 0);
	EXPECT(&u, "scalar()");

	a = r2;
	b = r3;
	bc_scalar_refine(&a, &b, BPF_JLT, false, true);
	EXPECT(&a,
	       "scalar(smin=smin32=0,smax=umax=smax32=umax32=14,var_off=(0x0; 0xf))");
	EXPECT(&b,
	       "scalar(smin=umin=smin32=umin32=1,smax=umax=smax32=umax32=15,var_off=(0x0; 0xf))");
	a = r2;
	b = r3;
	bc_scalar_refine(&a, &b, BPF_JLT, false, false);
	CHECK(bc_scalar_equal(&a, &r2) && bc_scalar_equal(&b, &r3));
	a = r4;
	b = k(0);
	bc_scalar_refine(&a, &b, BPF_JSLT, false, false);
	EXPECT(&a,
	       "scalar(smin=smin32=0,smax=umax=smax32=umax32=155,var_off=(0x0; 0xff))");
	a = r2;
	b = k(255);
	bc_scalar_refine(&a, &b, BPF_JNE, true, false);
	EXPECT(&a, "255");
	a = r2;
	b = k(255);
	bc_scalar_refine(&a, &b, BPF_JNE, true, true);
	CHECK(a.umin == 0 && a.umax == 254);
	a = r3;
	b = k(4);
	bc_scalar_refine(&a, &b, BPF_JSET, true, false);
	EXPECT(&a,
	       "scalar(smin=smin32=0,smax=umax=smax32=umax32=11,var_off=(0x0; 0xb))");
	a = r3;
	b = k(4);
	bc_scalar_refine(&a, &b, BPF_JSET, true, true);
	EXPECT(&a,
	       "scalar(smin=umin=smin32=umin32=4,smax=umax=smax32=umax32=15,var_off=(0x4; 0xb))");
}

/* Cases named in the issue and classic verifier idioms. */
static void test_idioms(void)
{
	struct bc_scalar a, b, u;

	bc_scalar_urange(&a, 0, 255);
	b = a;
	bc_scalar_alu(&a, &b, BPF_ADD, false, 0);
	CHECK(a.umin == 0 && a.umax == 510 && a.smin == 0 && a.smax == 510);
	CHECK(a.var_off.value == 0 && a.var_off.mask == 0x1ff);

	bc_scalar_unknown(&u);
	u = alu_k(u, BPF_AND, false, 0xff);
	CHECK(u.umax == 255 && u.umin == 0 && u.var_off.mask == 0xff);
	EXPECT(&u,
	       "scalar(smin=smin32=0,smax=umax=smax32=umax32=255,var_off=(0x0; 0xff))");

	/* x <<= 32; x s>>= 32 sign-extends the low half */
	bc_scalar_unknown(&u);
	u = alu_k(u, BPF_AND, true, 0x7f);
	u = alu_k(u, BPF_LSH, false, 32);
	u = alu_k(u, BPF_ARSH, false, 32);
	CHECK(u.smin == 0 && u.smax == 127 && u.umax == 127);

	/* 32-bit ops zero-extend */
	bc_scalar_unknown(&u);
	u = alu_k(u, BPF_ADD, true, 1);
	CHECK(u.umax == 0xffffffff && u.smin == 0);

	/* jmp32 refines the low half only, then 32->64 deduction */
	bc_scalar_urange(&u, 0x100000000ULL, 0x380000000ULL);
	b = k(0);
	bc_scalar_refine(&u, &b, BPF_JSGT, true, true);
	CHECK(u.s32_min == 1 && u.s32_max == 0x7fffffff);
	CHECK(u.umin == 0x100000001ULL && u.umax == 0x37fffffffULL);

	/* reg-reg refinement of both operands */
	bc_scalar_urange(&a, 0, 1000);
	bc_scalar_urange(&b, 10, 20);
	bc_scalar_refine(&a, &b, BPF_JLT, false, true);
	CHECK(a.umax == 19 && b.umin == 10 && b.umax == 20);
	bc_scalar_urange(&a, 0, 1000);
	bc_scalar_urange(&b, 10, 20);
	bc_scalar_refine(&a, &b, BPF_JGE, false, true);
	CHECK(a.umin == 10 && a.umax == 1000 && b.umax == 20);
	bc_scalar_refine(&a, &b, BPF_JEQ, false, true);
	CHECK(a.umin == 10 && a.umax == 20 && bc_scalar_equal(&a, &b));

	/* branch prediction */
	bc_scalar_urange(&a, 0, 15);
	b = k(16);
	CHECK(bc_scalar_branch_taken(&a, &b, BPF_JLT, false) == 1);
	CHECK(bc_scalar_branch_taken(&a, &b, BPF_JGE, false) == 0);
	CHECK(bc_scalar_branch_taken(&a, &b, BPF_JEQ, false) == 0);
	CHECK(bc_scalar_branch_taken(&a, &b, BPF_JNE, false) == 1);
	CHECK(bc_scalar_branch_taken(&a, &b, BPF_JSET, false) == 0);
	CHECK(bc_scalar_branch_taken(&a, &b, BPF_JSLT, false) == 1);
	b = k(15);
	CHECK(bc_scalar_branch_taken(&a, &b, BPF_JLE, false) == 1);
	CHECK(bc_scalar_branch_taken(&a, &b, BPF_JGT, false) == 0);
	CHECK(bc_scalar_branch_taken(&a, &b, BPF_JLT, false) == -1);
	CHECK(bc_scalar_branch_taken(&a, &b, BPF_JEQ, false) == -1);
	b = k(0x100000005ULL); /* jmp32 looks at the low half only */
	CHECK(bc_scalar_branch_taken(&a, &b, BPF_JEQ, true) == -1);
	CHECK(bc_scalar_branch_taken(&a, &b, BPF_JEQ, false) == 0);
	a = k(0x10);
	b = k(0x30);
	CHECK(bc_scalar_branch_taken(&a, &b, BPF_JSET, false) == 1);
	/* known bits disagree: never equal */
	bc_scalar_unknown(&a);
	a = alu_k(a, BPF_OR, false, 1);
	b = k(4);
	CHECK(bc_scalar_branch_taken(&a, &b, BPF_JEQ, false) == 0);

	/* subsumption and join */
	bc_scalar_urange(&a, 0, 100);
	bc_scalar_urange(&b, 10, 20);
	CHECK(bc_scalar_subsumes(&a, &b));
	CHECK(!bc_scalar_subsumes(&b, &a));
	a = k(3);
	b = k(5);
	bc_scalar_join(&a, &b);
	CHECK(a.umin == 3 && a.umax == 5 && a.var_off.mask == 6);
	CHECK(bc_scalar_contains(&a, 3) && bc_scalar_contains(&a, 5));
	CHECK(!bc_scalar_contains(&a, 4) && !bc_scalar_contains(&a, 6));
	EXPECT(&a,
	       "scalar(smin=umin=smin32=umin32=3,smax=umax=smax32=umax32=5,var_off=(0x1; 0x6))");

	/* loads */
	bc_scalar_load(&u, 1, true);
	EXPECT(&u, "scalar(smin=smin32=-128,smax=smax32=127)");
	bc_scalar_load(&u, 2, false);
	EXPECT(&u,
	       "scalar(smin=smin32=0,smax=umax=smax32=umax32=0xffff,var_off=(0x0; 0xffff))");
}

/* Every op on constants folds to the runtime's result. */
static void test_const_folding(void)
{
	static const uint8_t ops[] = { BPF_ADD, BPF_SUB, BPF_MUL, BPF_DIV,
				       BPF_OR,	BPF_AND, BPF_LSH, BPF_RSH,
				       BPF_NEG, BPF_MOD, BPF_XOR, BPF_MOV,
				       BPF_ARSH };
	static const uint64_t vals[] = { 0,
					 1,
					 2,
					 5,
					 31,
					 32,
					 63,
					 64,
					 0x7f,
					 0x80,
					 0xff,
					 0x7fffffff,
					 0x80000000,
					 0xffffffff,
					 0x100000000ULL,
					 0x7fffffffffffffffULL,
					 0x8000000000000000ULL,
					 (uint64_t)-1,
					 (uint64_t)-7,
					 0x123456789abcdef0ULL };
	int n = (int)(sizeof(vals) / sizeof(vals[0]));
	int t, i, j, w, o, f;

	for (t = 0; t < 2; t++) {
		for (o = 0; o < (int)sizeof(ops); o++)
			for (w = 0; w < 2; w++)
				for (f = 0; f < 4; f++)
					for (i = 0; i < n; i++)
						for (j = 0; j < n; j++) {
							static const int16_t
								offs[] = { 0, 1,
									   8,
									   16 };
							int16_t off = offs[f];
							uint8_t op = ops[o];
							bool alu32 = w, shift;
							struct bc_scalar
								d = k(vals[i]),
								s = k(vals[j]);
							uint64_t want;

							if (off == 1 &&
							    op != BPF_DIV &&
							    op != BPF_MOD)
								continue;
							if (off > 1 &&
							    op != BPF_MOV)
								continue;
							shift = op == BPF_LSH ||
								op == BPF_RSH ||
								op == BPF_ARSH;
							want = bc_alu_eval(
								op, alu32, off,
								vals[i],
								vals[j]);
							d = t ? tight(d, s, op,
								      alu32,
								      off) :
								alu(d, s, op,
								    alu32, off);
							if (!t &&
							    (op == BPF_DIV ||
							     op == BPF_MOD))
								continue; /* Linux: unknown */
							if (shift &&
							    vals[j] >=
								    (alu32 ? 32u :
									     64u)) {
								/* undefined amount: unknown (zero-extended) */
								CHECK(!bc_scalar_is_const(
									&d));
								continue;
							}
							if (!bc_scalar_is_const(
								    &d) ||
							    d.var_off.value !=
								    want ||
							    d.umin != want ||
							    d.smax !=
								    (int64_t)
									    want) {
								fprintf(stderr,
									"fold op %#x alu32 %d off %d: %#llx, %#llx -> %#llx (want %#llx)\n",
									op,
									alu32,
									off,
									(unsigned long long)
										vals[i],
									(unsigned long long)
										vals[j],
									(unsigned long long)d
										.var_off
										.value,
									(unsigned long long)
										want);
								failures++;
							}
						}
		for (i = 0; i < n; i++) {
			static const int widths[] = { 16, 32, 64 };

			for (w = 0; w < 3; w++)
				for (f = 0; f < 3; f++) {
					bool to_be = f == 1, alu64 = f == 2;
					struct bc_scalar d = k(vals[i]);
					uint64_t want =
						bc_end_eval(to_be, alu64,
							    widths[w], vals[i]);

					bc_scalar_end(&d, to_be, alu64,
						      widths[w]);
					CHECK(bc_scalar_is_const(&d) &&
					      d.var_off.value == want &&
					      d.umax == want);
				}
		}
	}
}

/* bc_scalar_alu_tight: div/mod ranges and runtime corner cases. */
static void test_tight_divmod(void)
{
	struct bc_scalar a, b, u;

	bc_scalar_urange(&a, 0, 1000);
	u = tight_k(a, BPF_DIV, false, 10);
	CHECK(u.umin == 0 && u.umax == 100);
	u = tight_k(a, BPF_MOD, false, 10);
	CHECK(u.umin == 0 && u.umax == 9);
	bc_scalar_urange(&b, 0, 3); /* may be zero */
	u = tight(a, b, BPF_DIV, false, 0);
	CHECK(u.umin == 0 && u.umax == 1000);
	u = tight(a, b, BPF_MOD, false, 0);
	CHECK(u.umin == 0 && u.umax == 1000);
	u = tight_k(a, BPF_DIV, true, 0);
	EXPECT(&u, "0");
	u = tight_k(a, BPF_MOD, false, 0);
	CHECK(bc_scalar_equal(&u, &a));
	u = tight(k(0x8000000000000000ULL), k((uint64_t)-1), BPF_DIV, false, 1);
	CHECK(bc_scalar_is_const(&u) &&
	      u.var_off.value == 0x8000000000000000ULL);
	u = tight(k(0x80000000), k((uint64_t)-1), BPF_MOD, true, 1);
	EXPECT(&u, "0");
	bc_scalar_unknown(&a);
	u = tight_k(a, BPF_DIV, true, 7); /* zero-extended */
	CHECK(u.umax <= 0xffffffffu / 7);
}

int main(void)
{
	test_linux_basic();
	test_linux_ops();
	test_linux_branches();
	test_linux_movsx();
	test_linux_signed();
	test_idioms();
	test_const_folding();
	test_tight_divmod();
	if (failures) {
		fprintf(stderr, "%d failures\n", failures);
		return 1;
	}
	printf("scalar precision: all checks passed\n");
	return 0;
}
