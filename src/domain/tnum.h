/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Tristate numbers: each bit known 0, known 1, or unknown (mask bit set). */
#ifndef BC_TNUM_H
#define BC_TNUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tnum {
	uint64_t value;
	uint64_t mask;
};

#define TNUM(v, m) ((struct tnum){ .value = (v), .mask = (m) })
extern const struct tnum tnum_unknown;

struct tnum tnum_const(uint64_t v);
struct tnum tnum_range(uint64_t min, uint64_t max);
struct tnum tnum_lshift(struct tnum a, uint8_t shift);
struct tnum tnum_rshift(struct tnum a, uint8_t shift);
struct tnum tnum_arshift(struct tnum a, uint8_t shift, uint8_t insn_bitness);
struct tnum tnum_add(struct tnum a, struct tnum b);
struct tnum tnum_sub(struct tnum a, struct tnum b);
struct tnum tnum_neg(struct tnum a);
struct tnum tnum_and(struct tnum a, struct tnum b);
struct tnum tnum_or(struct tnum a, struct tnum b);
struct tnum tnum_xor(struct tnum a, struct tnum b);
struct tnum tnum_mul(struct tnum a,
		     struct tnum b); /* CGO 2022, sound; Linux 6.17+ form */
struct tnum tnum_intersect(struct tnum a, struct tnum b);
struct tnum tnum_union(struct tnum a, struct tnum b); /* join */
struct tnum tnum_cast(struct tnum a, uint8_t size); /* keep low size bytes */
struct tnum tnum_subreg(struct tnum a);
struct tnum tnum_clear_subreg(struct tnum a);
struct tnum tnum_with_subreg(struct tnum reg, struct tnum subreg);
struct tnum tnum_const_subreg(struct tnum a, uint32_t value);
bool tnum_is_const(struct tnum a);
bool tnum_is_unknown(struct tnum a);
bool tnum_equals_const(struct tnum a, uint64_t b);
bool tnum_is_aligned(struct tnum a, uint64_t size);
bool tnum_in(struct tnum a, struct tnum b); /* b ⊆ a */
bool tnum_contains(struct tnum a, uint64_t v);
/* Smallest member of a that is >= x; false when there is none. */
bool tnum_next_ge(struct tnum a, uint64_t x, uint64_t *out);
int tnum_sbin(char *str, size_t size, struct tnum a);

#endif
