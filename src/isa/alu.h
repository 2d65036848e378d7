/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Concrete eBPF semantics (RFC 9669; bpf_conformance is the reference):
 * what one ALU, byte swap or conditional jump computes at run time. The
 * interpreter executes with these; the scalar domain folds constants with
 * them.
 */
#ifndef BC_ALU_H
#define BC_ALU_H

#include <stdbool.h>
#include <stdint.h>

/*
 * dst OP src for ALU op BPF_ADD .. BPF_ARSH or BPF_MOV (off: 1 for signed
 * div/mod, 8/16/32 for movsx), on the low 32 bits and zero-extended when
 * alu32. x / 0 = 0, x % 0 = x, signed INT_MIN / -1 = INT_MIN and
 * INT_MIN % -1 = 0; shift amounts are masked to the width. BPF_NEG
 * ignores src; an op that is none of these gives 0.
 */
uint64_t bc_alu_eval(uint8_t op, bool alu32, int16_t off, uint64_t dst,
		     uint64_t src);

/*
 * BPF_END on a little-endian machine: a byte swap of the low width bits
 * (bswap when alu64, or to big endian), else a truncation to them. A width
 * other than 16 or 32 is 64.
 */
uint64_t bc_end_eval(bool to_be, bool alu64, int width, uint64_t v);

/* Byte swap of the low 16 or 32 bits; any other width swaps all 64. */
uint64_t bc_bswap(uint64_t v, int width);

/* The low `bits` bits of v (1..64), sign-extended. */
int64_t bc_sext(uint64_t v, int bits);

/*
 * Does "if dst OP src goto" jump, for op BPF_JEQ .. BPF_JSLE (not ja, call,
 * exit)? Compares the low 32 bits when jmp32. Any other op does not jump.
 */
bool bc_jmp_eval(uint8_t op, bool jmp32, uint64_t dst, uint64_t src);

#endif
