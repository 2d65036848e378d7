// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Concrete eBPF arithmetic and comparisons, one implementation for all. */
#include "isa/alu.h"

#include <linux/bpf.h>

uint64_t bc_bswap(uint64_t v, int width)
{
	switch (width) {
	case 16: return __builtin_bswap16((uint16_t)v);
	case 32: return __builtin_bswap32((uint32_t)v);
	default: return __builtin_bswap64(v);
	}
}

int64_t bc_sext(uint64_t v, int bits)
{
	uint64_t sign = 1ULL << (bits - 1);
	uint64_t m = bits == 64 ? ~0ULL : (1ULL << bits) - 1;

	v &= m;
	return (int64_t)((v ^ sign) - sign);
}

/* Division by -1 is negation, so INT_MIN / -1 wraps instead of trapping. */
static uint64_t div64(uint64_t a, uint64_t b, bool sign)
{
	if (!b)
		return 0;
	if (!sign)
		return a / b;
	if ((int64_t)b == -1)
		return -a;
	return (uint64_t)((int64_t)a / (int64_t)b);
}

static uint64_t mod64(uint64_t a, uint64_t b, bool sign)
{
	if (!b)
		return a;
	if (!sign)
		return a % b;
	if ((int64_t)b == -1)
		return 0;
	return (uint64_t)((int64_t)a % (int64_t)b);
}

static uint32_t div32(uint32_t a, uint32_t b, bool sign)
{
	if (!b)
		return 0;
	if (!sign)
		return a / b;
	if ((int32_t)b == -1)
		return -a;
	return (uint32_t)((int32_t)a / (int32_t)b);
}

static uint32_t mod32(uint32_t a, uint32_t b, bool sign)
{
	if (!b)
		return a;
	if (!sign)
		return a % b;
	if ((int32_t)b == -1)
		return 0;
	return (uint32_t)((int32_t)a % (int32_t)b);
}

static uint64_t eval64(uint8_t op, int16_t off, uint64_t d, uint64_t s)
{
	switch (op) {
	case BPF_ADD: return d + s;
	case BPF_SUB: return d - s;
	case BPF_MUL: return d * s;
	case BPF_DIV: return div64(d, s, off == 1);
	case BPF_MOD: return mod64(d, s, off == 1);
	case BPF_OR: return d | s;
	case BPF_AND: return d & s;
	case BPF_XOR: return d ^ s;
	case BPF_LSH: return d << (s & 63);
	case BPF_RSH: return d >> (s & 63);
	case BPF_ARSH: return (uint64_t)((int64_t)d >> (s & 63));
	case BPF_NEG: return -d;
	case BPF_MOV:
		if (off == 8 || off == 16 || off == 32)
			return (uint64_t)bc_sext(s, off);
		return s;
	}
	return 0;
}

static uint32_t eval32(uint8_t op, int16_t off, uint32_t d, uint32_t s)
{
	switch (op) {
	case BPF_ADD: return d + s;
	case BPF_SUB: return d - s;
	case BPF_MUL: return d * s;
	case BPF_DIV: return div32(d, s, off == 1);
	case BPF_MOD: return mod32(d, s, off == 1);
	case BPF_OR: return d | s;
	case BPF_AND: return d & s;
	case BPF_XOR: return d ^ s;
	case BPF_LSH: return d << (s & 31);
	case BPF_RSH: return d >> (s & 31);
	case BPF_ARSH: return (uint32_t)((int32_t)d >> (s & 31));
	case BPF_NEG: return -d;
	case BPF_MOV:
		if (off == 8 || off == 16)
			return (uint32_t)bc_sext(s, off);
		return s;
	}
	return 0;
}

uint64_t bc_alu_eval(uint8_t op, bool alu32, int16_t off, uint64_t dst,
		     uint64_t src)
{
	if (alu32)
		return eval32(op, off, (uint32_t)dst, (uint32_t)src);
	return eval64(op, off, dst, src);
}

uint64_t bc_end_eval(bool to_be, bool alu64, int width, uint64_t v)
{
	if (alu64 || to_be)
		return bc_bswap(v, width);
	switch (width) {
	case 16: return (uint16_t)v;
	case 32: return (uint32_t)v;
	default: return v;
	}
}

bool bc_jmp_eval(uint8_t op, bool jmp32, uint64_t dst, uint64_t src)
{
	uint64_t d = jmp32 ? (uint32_t)dst : dst;
	uint64_t s = jmp32 ? (uint32_t)src : src;
	int64_t sd = jmp32 ? (int32_t)dst : (int64_t)dst;
	int64_t ss = jmp32 ? (int32_t)src : (int64_t)src;

	switch (op) {
	case BPF_JEQ: return d == s;
	case BPF_JNE: return d != s;
	case BPF_JGT: return d > s;
	case BPF_JGE: return d >= s;
	case BPF_JLT: return d < s;
	case BPF_JLE: return d <= s;
	case BPF_JSET: return (d & s) != 0;
	case BPF_JSGT: return sd > ss;
	case BPF_JSGE: return sd >= ss;
	case BPF_JSLT: return sd < ss;
	case BPF_JSLE: return sd <= ss;
	}
	return false;
}
