// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Tristate numbers. A tnum (value, mask) stands for every 64-bit x with
 * (x & ~mask) == value: bits set in mask are unknown, the others equal the
 * corresponding bit of value. Invariant: value & mask == 0.
 */
#include <stdio.h>

#include "domain/tnum.h"

const struct tnum tnum_unknown = { .value = 0, .mask = ~0ULL };

struct tnum tnum_const(uint64_t v)
{
	return TNUM(v, 0);
}

/* Number of bits needed to write x (0 for x == 0). */
static unsigned int bit_width(uint64_t x)
{
	return x ? 64 - __builtin_clzll(x) : 0;
}

struct tnum tnum_range(uint64_t min, uint64_t max)
{
	unsigned int bits = bit_width(min ^ max);
	uint64_t low;

	if (bits >= 64)
		return tnum_unknown;
	low = (1ULL << bits) - 1;
	return TNUM(min & ~low, low);
}

struct tnum tnum_lshift(struct tnum a, uint8_t shift)
{
	if (shift >= 64)
		return tnum_const(0);
	return TNUM(a.value << shift, a.mask << shift);
}

struct tnum tnum_rshift(struct tnum a, uint8_t shift)
{
	if (shift >= 64)
		return tnum_const(0);
	return TNUM(a.value >> shift, a.mask >> shift);
}

/* Arithmetic shift of a 32- or 64-bit quantity (32: result zero-extended). */
struct tnum tnum_arshift(struct tnum a, uint8_t shift, uint8_t insn_bitness)
{
	/* gcc and clang shift a signed value arithmetically, as the
	 * kernel's tnum.c relies on */
	if (insn_bitness == 32) {
		if (shift > 31)
			shift = 31;
		/* cppcheck-suppress shiftTooManyBitsSigned */
		return TNUM((uint32_t)((int32_t)(uint32_t)a.value >> shift),
			    (uint32_t)((int32_t)(uint32_t)a.mask >> shift));
	}
	if (shift > 63)
		shift = 63;
	/* cppcheck-suppress shiftTooManyBitsSigned */
	return TNUM((uint64_t)((int64_t)a.value >> shift),
		    (uint64_t)((int64_t)a.mask >> shift));
}

/*
 * Addition: the known sum of the values, plus every bit a carry chain
 * through an unknown bit may reach (the two extreme sums differ there).
 */
struct tnum tnum_add(struct tnum a, struct tnum b)
{
	uint64_t sm = a.mask + b.mask;
	uint64_t sv = a.value + b.value;
	uint64_t reach = (sm + sv) ^ sv;
	uint64_t mu = reach | a.mask | b.mask;

	return TNUM(sv & ~mu, mu);
}

struct tnum tnum_sub(struct tnum a, struct tnum b)
{
	uint64_t dv = a.value - b.value;
	uint64_t hi = dv + a.mask; /* largest difference */
	uint64_t lo = dv - b.mask; /* smallest difference */
	uint64_t mu = (hi ^ lo) | a.mask | b.mask;

	return TNUM(dv & ~mu, mu);
}

struct tnum tnum_neg(struct tnum a)
{
	return tnum_sub(tnum_const(0), a);
}

struct tnum tnum_and(struct tnum a, struct tnum b)
{
	uint64_t ones_a = a.value | a.mask; /* bits that may be 1 */
	uint64_t ones_b = b.value | b.mask;
	uint64_t v = a.value & b.value;

	return TNUM(v, ones_a & ones_b & ~v);
}

struct tnum tnum_or(struct tnum a, struct tnum b)
{
	uint64_t v = a.value | b.value;
	uint64_t mu = a.mask | b.mask;

	return TNUM(v, mu & ~v);
}

struct tnum tnum_xor(struct tnum a, struct tnum b)
{
	uint64_t v = a.value ^ b.value;
	uint64_t mu = a.mask | b.mask;

	return TNUM(v & ~mu, mu);
}

/*
 * Multiplication, after Vishwanathan et al., "Sound, Precise, and Fast
 * Abstract Interpretation with Tristate Numbers" (CGO 2022), in the
 * refined form Linux uses since 6.17: shift-and-add over the bits of a;
 * a known-1 bit adds b, an unknown bit adds b to one copy of the
 * accumulator and takes the union with the untouched copy. Soundness is
 * checked exhaustively on 5-bit tnums and by sampling in the tests.
 */
struct tnum tnum_mul(struct tnum a, struct tnum b)
{
	struct tnum acc = tnum_const(0);

	while (a.value | a.mask) {
		if (a.value & 1)
			acc = tnum_add(acc, b);
		else if (a.mask & 1)
			acc = tnum_union(acc, tnum_add(acc, b));
		a = tnum_rshift(a, 1);
		b = tnum_lshift(b, 1);
	}
	return acc;
}

/* Values in both a and b (a and b are assumed to intersect). */
struct tnum tnum_intersect(struct tnum a, struct tnum b)
{
	uint64_t v = a.value | b.value;
	uint64_t mu = a.mask & b.mask;

	return TNUM(v & ~mu, mu);
}

/* Smallest tnum holding every value of a and of b. */
struct tnum tnum_union(struct tnum a, struct tnum b)
{
	uint64_t mu = a.mask | b.mask | (a.value ^ b.value);

	return TNUM(a.value & b.value & ~mu, mu);
}

struct tnum tnum_cast(struct tnum a, uint8_t size)
{
	uint64_t keep = size >= 8 ? ~0ULL : (1ULL << (size * 8)) - 1;

	return TNUM(a.value & keep, a.mask & keep);
}

struct tnum tnum_subreg(struct tnum a)
{
	return tnum_cast(a, 4);
}

struct tnum tnum_clear_subreg(struct tnum a)
{
	return TNUM(a.value & ~0xffffffffULL, a.mask & ~0xffffffffULL);
}

struct tnum tnum_with_subreg(struct tnum reg, struct tnum subreg)
{
	return tnum_or(tnum_clear_subreg(reg), tnum_subreg(subreg));
}

struct tnum tnum_const_subreg(struct tnum a, uint32_t value)
{
	return tnum_with_subreg(a, tnum_const(value));
}

bool tnum_is_const(struct tnum a)
{
	return !a.mask;
}

bool tnum_is_unknown(struct tnum a)
{
	return !~a.mask;
}

bool tnum_equals_const(struct tnum a, uint64_t b)
{
	return tnum_is_const(a) && a.value == b;
}

bool tnum_is_aligned(struct tnum a, uint64_t size)
{
	if (!size)
		return true;
	return !((a.value | a.mask) & (size - 1));
}

/* Is every value of b also a value of a? */
bool tnum_in(struct tnum a, struct tnum b)
{
	if (b.mask & ~a.mask)
		return false;
	return a.value == (b.value & ~a.mask);
}

bool tnum_contains(struct tnum a, uint64_t v)
{
	return (v & ~a.mask) == a.value;
}

/* Smallest member of t that is >= x; false when there is none. */
bool tnum_next_ge(struct tnum t, uint64_t x, uint64_t *out)
{
	uint64_t diff = (x ^ t.value) & ~t.mask;
	uint64_t low, free;
	int h, p;

	if (!diff) {
		*out = x; /* x's fixed bits already match */
		return true;
	}
	h = 63 - __builtin_clzll(diff);
	low = h == 63 ? ~0ULL : (1ULL << (h + 1)) - 1;
	if (t.value & (1ULL << h)) {
		/* raise bit h, lowest possible below it */
		*out = (x & ~low) | (t.value & low);
		return true;
	}
	/* bit h must drop: carry into the lowest free zero bit above h */
	free = t.mask & ~x & ~low;
	if (!free)
		return false;
	p = __builtin_ctzll(free);
	low = (1ULL << p) - 1;
	*out = (x & ~low & ~(1ULL << p)) | (1ULL << p) | (t.value & low);
	return true;
}

/* 64 characters, most significant bit first: '0', '1' or 'x'. */
int tnum_sbin(char *str, size_t size, struct tnum a)
{
	size_t n;

	for (n = 0; n < 64; n++) {
		uint64_t bit = 1ULL << (63 - n);
		char c = (a.mask & bit) ? 'x' : (a.value & bit) ? '1' : '0';

		if (n + 1 < size)
			str[n] = c;
	}
	if (size)
		str[n < size ? n : size - 1] = '\0';
	return 64;
}
