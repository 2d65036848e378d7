// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * tnum: soundness of every operation on random members of random tnums
 * (seeded), and exact results on simple cases.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "domain/tnum.h"

static uint64_t rng = 0x243f6a8885a308d3ULL;
static unsigned long long checks, failures;

static uint64_t rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dULL;
}

static struct tnum rtnum(void)
{
	uint64_t m;

	switch (rnd() % 4) {
	case 0: m = 0; break;
	case 1: m = rnd() & 0xff; break;
	case 2: m = rnd() & rnd() & rnd(); break;
	default: m = rnd() & rnd(); break;
	}
	return TNUM(rnd() & ~m, m);
}

static uint64_t member(struct tnum t)
{
	return t.value | (rnd() & t.mask);
}

static void in(const char *what, struct tnum r, uint64_t v)
{
	checks++;
	if (!tnum_contains(r, v) || (r.value & r.mask)) {
		if (++failures <= 20)
			fprintf(stderr,
				"UNSOUND %s: %#" PRIx64 " not in (%#" PRIx64
				"; %#" PRIx64 ")\n",
				what, v, r.value, r.mask);
	}
}

#define CHECK(c)                                                               \
	do {                                                                   \
		checks++;                                                      \
		if (!(c)) {                                                    \
			failures++;                                            \
			fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,     \
				#c);                                           \
		}                                                              \
	} while (0)

static void random_checks(long rounds)
{
	long i;
	int j;

	for (i = 0; i < rounds; i++) {
		struct tnum a = rtnum(), b = rtnum();
		uint8_t sh = (uint8_t)(rnd() % 64), sh32 = sh % 32;
		uint8_t size = (uint8_t)(1u << (rnd() % 4));

		for (j = 0; j < 8; j++) {
			uint64_t x = member(a), y = member(b);
			uint64_t lo = x < y ? x : y, hi = x < y ? y : x;

			in("add", tnum_add(a, b), x + y);
			in("sub", tnum_sub(a, b), x - y);
			in("mul", tnum_mul(a, b), x * y);
			in("and", tnum_and(a, b), x & y);
			in("or", tnum_or(a, b), x | y);
			in("xor", tnum_xor(a, b), x ^ y);
			in("neg", tnum_neg(a), 0 - x);
			in("lsh", tnum_lshift(a, sh), x << sh);
			in("rsh", tnum_rshift(a, sh), x >> sh);
			in("arsh64", tnum_arshift(a, sh, 64),
			   (uint64_t)((int64_t)x >> sh));
			in("arsh32", tnum_arshift(a, sh32, 32),
			   (uint32_t)((int32_t)(uint32_t)x >> sh32));
			in("union a", tnum_union(a, b), x);
			in("union b", tnum_union(a, b), y);
			in("range lo", tnum_range(lo, hi), lo);
			in("range hi", tnum_range(lo, hi), hi);
			in("range mid", tnum_range(lo, hi), lo + (hi - lo) / 2);
			in("cast", tnum_cast(a, size),
			   size == 8 ? x : x & ((1ULL << (size * 8)) - 1));
			in("subreg", tnum_subreg(a), (uint32_t)x);
			in("clear_subreg", tnum_clear_subreg(a),
			   x & ~0xffffffffULL);
			in("with_subreg", tnum_with_subreg(a, b),
			   (x & ~0xffffffffULL) | (uint32_t)y);
			in("const_subreg", tnum_const_subreg(a, (uint32_t)y),
			   (x & ~0xffffffffULL) | (uint32_t)y);
			if (tnum_contains(b, x))
				in("intersect", tnum_intersect(a, b), x);
			/* b in a: every member of b is in a */
			checks++;
			if (tnum_in(a, b) && !tnum_contains(a, y)) {
				failures++;
				fprintf(stderr, "tnum_in wrong\n");
			}
			checks++;
			if (tnum_is_aligned(a, 8) && (x & 7)) {
				failures++;
				fprintf(stderr, "tnum_is_aligned wrong\n");
			}
		}
		CHECK(tnum_in(tnum_union(a, b), a) &&
		      tnum_in(tnum_union(a, b), b));
		CHECK(tnum_in(a, a));
		CHECK(tnum_in(tnum_unknown, a));
	}
}

static void exact_checks(void)
{
	struct tnum t;
	char buf[80];

	t = tnum_range(0, 255);
	CHECK(t.value == 0 && t.mask == 0xff);
	t = tnum_range(16, 31);
	CHECK(t.value == 16 && t.mask == 15);
	CHECK(tnum_is_unknown(tnum_range(0, ~0ULL)));
	CHECK(tnum_equals_const(tnum_mul(tnum_const(3), tnum_const(5)), 15));
	CHECK(tnum_equals_const(tnum_add(tnum_const(~0ULL), tnum_const(2)), 1));
	t = tnum_add(TNUM(0, 0xff), TNUM(0, 0xff));
	CHECK(t.value == 0 && t.mask == 0x1ff);
	/* x * 4 keeps the low two bits known zero */
	t = tnum_mul(TNUM(0, 0xff), tnum_const(4));
	CHECK(t.value == 0 && t.mask == 0x3fc);
	t = tnum_and(tnum_unknown, tnum_const(0xf0));
	CHECK(t.value == 0 && t.mask == 0xf0);
	t = tnum_or(TNUM(0, 0xf), tnum_const(0x10));
	CHECK(t.value == 0x10 && t.mask == 0xf);
	t = tnum_arshift(TNUM(0x80000000, 0x0f), 4, 32);
	CHECK(t.value == 0xf8000000 && t.mask == 0);
	t = tnum_union(tnum_const(3), tnum_const(5));
	CHECK(t.value == 1 && t.mask == 6);
	CHECK(tnum_is_aligned(TNUM(0x10, 0xf0), 16));
	CHECK(!tnum_is_aligned(TNUM(0x10, 0xf8), 16));
	CHECK(!tnum_in(TNUM(0, 0xf), TNUM(0, 0x1f)));
	CHECK(tnum_sbin(buf, sizeof(buf), TNUM(5, 2)) == 64);
	CHECK(!strcmp(buf + 60, "01x1") && strlen(buf) == 64);
	tnum_sbin(buf, 5, TNUM(5, 2));
	CHECK(!strcmp(buf, "0000"));
}

/* tnum_next_ge against brute force on 8-bit tnums (all 3^8 of them). */
static void next_ge_checks(void)
{
	uint64_t m, v, x, y, got;
	bool ok;

	for (m = 0; m < 256; m++)
		for (v = 0; v < 256; v++) {
			struct tnum t = TNUM(v, m);

			if (v & m)
				continue;
			for (x = 0; x < 256; x++) {
				for (y = x; y < 256 && !tnum_contains(t, y);
				     y++)
					;
				ok = tnum_next_ge(t, x, &got);
				checks++;
				if (y < 256 ? !ok || got != y : ok) {
					if (++failures <= 10)
						fprintf(stderr,
							"next_ge (%#llx; %#llx) %#llx: got %d %#llx\n",
							(unsigned long long)v,
							(unsigned long long)m,
							(unsigned long long)x,
							ok,
							(unsigned long long)got);
				}
			}
		}
	CHECK(!tnum_next_ge(tnum_const(5), 6, &got));
	CHECK(tnum_next_ge(TNUM(0, ~0ULL), ~0ULL, &got) && got == ~0ULL);
	CHECK(tnum_next_ge(TNUM(1ULL << 63, 1), 3, &got) && got == 1ULL << 63);
}

int main(void)
{
	exact_checks();
	next_ge_checks();
	random_checks(300000);
	printf("tnum: %llu checks, %llu failures\n", checks, failures);
	return failures ? 1 : 0;
}
