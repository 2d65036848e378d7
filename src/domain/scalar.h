/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The scalar abstract domain: a tnum (known bits) plus unsigned/signed 64-
 * and 32-bit bounds, kept consistent with each other the way Linux does
 * (bounds from tnum, tnum from bounds, 32<->64 deduction). Every operation
 * is sound: the concrete result of the operation on any values inside the
 * operands lies inside the result.
 */
#ifndef BC_SCALAR_H
#define BC_SCALAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "domain/tnum.h"

struct bc_scalar {
	struct tnum var_off;
	uint64_t umin, umax;
	int64_t smin, smax;
	uint32_t u32_min, u32_max;
	int32_t s32_min, s32_max;
};

void bc_scalar_unknown(struct bc_scalar *s);
void bc_scalar_const(struct bc_scalar *s, uint64_t v);
/* Value of a zero-extended load of `size` bytes (1,2,4,8), or sign-extended. */
void bc_scalar_load(struct bc_scalar *s, int size, bool sign_extend);
/* Unsigned 64-bit range [lo, hi]. */
void bc_scalar_urange(struct bc_scalar *s, uint64_t lo, uint64_t hi);
bool bc_scalar_is_const(const struct bc_scalar *s);
bool bc_scalar_is_unknown(const struct bc_scalar *s);
/* Restore consistency between tnum and all bounds (reg_bounds_sync). */
void bc_scalar_sync(struct bc_scalar *s);
/* Zero-extend the low 32 bits into 64 (result of any ALU32 op). */
void bc_scalar_zext32(struct bc_scalar *s);

/*
 * dst = dst OP src for ALU op (BPF_ADD .. BPF_ARSH, BPF_MOV; off is the
 * instruction's off: 1 for signed div/mod, 8/16/32 for movsx), 32-bit when
 * alu32. BPF_NEG ignores src. Division by zero behaves as Linux runtime
 * does (x/0 = 0, x%0 = x).
 */
void bc_scalar_alu(struct bc_scalar *dst, const struct bc_scalar *src,
		   uint8_t op, bool alu32, int16_t off);
/*
 * bc_scalar_alu without the places where Linux 6.18 gives up: div/mod
 * ranges are tracked, operations on constants fold exactly, and an ALU32
 * result it cannot compute is still zero-extended. Equally sound; the
 * verifier uses bc_scalar_alu, whose results must be Linux's.
 */
void bc_scalar_alu_tight(struct bc_scalar *dst, const struct bc_scalar *src,
			 uint8_t op, bool alu32, int16_t off);
/* Byte swap: BPF_END with to_be (BPF_TO_BE) or bswap (alu64), width 16/32/64. */
void bc_scalar_end(struct bc_scalar *dst, bool to_be, bool alu64, int width);

/*
 * Branch outcome of "if a OP b" (BPF_JEQ .. BPF_JSLE, JMP32 when jmp32):
 * 1 always taken, 0 never, -1 unknown.
 */
int bc_scalar_branch_taken(const struct bc_scalar *a, const struct bc_scalar *b,
			   uint8_t op, bool jmp32);
/*
 * Refine a and b assuming the branch is taken (or not); both are synced.
 * Linux refines only when bc_scalar_branch_taken gave -1. A refined
 * operand for which bc_scalar_is_empty holds means that direction is
 * infeasible. For a reg-imm jump pass the immediate as a constant
 * (bc_scalar_const); JMP32 looks at its low 32 bits only.
 */
void bc_scalar_refine(struct bc_scalar *a, struct bc_scalar *b, uint8_t op,
		      bool jmp32, bool taken);
/*
 * Beyond Linux: a != c (64 bits, c a constant) where a's upper half is
 * known to be c's is also a != c in the low halves: step a's 32-bit
 * ranges over it (Linux's 64-bit refinement leaves them alone).
 */
void bc_scalar_refine_ne_low(struct bc_scalar *a, const struct bc_scalar *c);

/*
 * What an older kernel's scalar tracking lacks, for the scalars this
 * thread computes until set again (a bit set: as that kernel).
 * BC_OLD_NO_SIGN_WRAP: reg_bounds_sync learns nothing from a signed range
 * crossing the sign boundary that meets the unsigned range at one end
 * only (__reg32/64_deduce_bounds of 6.12 and later do).
 * BC_OLD_CONST_SRC_BITOPS: or, xor and mul by a non-constant make the
 * destination unknown, all 64 bits (is_safe_to_compute_dst_reg_range
 * takes them from 6.11).
 */
enum bc_scalar_old {
	BC_OLD_NO_SIGN_WRAP = 1,
	BC_OLD_CONST_SRC_BITOPS = 2,
	/* the bounds make a constant only where the tnum is one (6.12's
	 * __update_reg64_bounds) */
	BC_OLD_NO_CONST_COLLAPSE = 4,
	/* 32-bit bounds from the 64-bit ones only where these fit in 32
	 * bits (__reg_combine_64_into_32; 6.7 learns from equal upper
	 * halves) */
	BC_OLD_32_FROM_64_FITS = 8,
	/* __reg_bound_offset takes the low half's bits from the old
	 * var_off, not from the 64-bit range's (5.10; fixed in 6.0) */
	BC_OLD_SUBREG_OFFSET = 16,
};
void bc_scalar_old_set(unsigned flags);
unsigned bc_scalar_old_get(void);

/* Does old contain every value cur may have? (for state pruning) */
bool bc_scalar_subsumes(const struct bc_scalar *old,
			const struct bc_scalar *cur);
/* dst = smallest representable over-approximation of dst ∪ other. */
void bc_scalar_join(struct bc_scalar *dst, const struct bc_scalar *other);
bool bc_scalar_equal(const struct bc_scalar *a, const struct bc_scalar *b);
/*
 * Is the scalar certainly empty (contradictory bounds)? After
 * bc_scalar_refine this means that branch direction cannot happen.
 */
bool bc_scalar_is_empty(const struct bc_scalar *s);
/* Does the scalar contain concrete value v? (soundness oracle) */
bool bc_scalar_contains(const struct bc_scalar *s, uint64_t v);

/*
 * Linux-log style (print_scalar_ranges of Linux 6.x): "5", "-5" or
 * "0x186a0" for constants, "scalar()" for unknown, otherwise e.g.
 * "scalar(smin=smin32=0,smax=umax=smax32=umax32=255,var_off=(0x0; 0xff))":
 * bounds at their type's extreme are left out, equal bounds of the same
 * kind (min or max) are merged, numbers outside [-32768, 32767] (signed)
 * or above 65535 (unsigned) are hex, var_off only when not unknown.
 * Returns the full length, like snprintf (buf may be short or NULL).
 */
int bc_scalar_fmt(const struct bc_scalar *s, char *buf, size_t len);

/*
 * Linux (6.18.y, maybe_fork_scalars) splits the verifier state before
 * "dst &= src" and "dst |= src" with a constant src when dst is [-1, 0]
 * as s64 (returns 64) or as s32 (returns 32); else returns 0. The current
 * path continues with dst = -1 (bc_scalar_fork_set(dst, w, true)), and a
 * path pushed for later re-executes the instruction with dst = 0
 * (bc_scalar_fork_set(dst, w, false)). For w == 32 only the low half is set.
 */
int bc_scalar_fork_width(const struct bc_scalar *dst, uint8_t op,
			 const struct bc_scalar *src);
void bc_scalar_fork_set(struct bc_scalar *dst, int width, bool minus_one);

#endif
