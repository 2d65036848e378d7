/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The eBPF instruction set (RFC 9669): encoding constants, classification
 * helpers and the ISA validity check. Constants newer than the system's
 * <linux/bpf.h> (signed div/mod, movsx, sign-extending loads, gotol,
 * bswap) are defined here so the build does not depend on header versions.
 */
#ifndef BC_INSN_H
#define BC_INSN_H

#include <linux/bpf.h>
#include <stdbool.h>
#include <stdint.h>

#include "util/util.h"

#ifndef BPF_MEMSX
#define BPF_MEMSX 0x80
#endif
#ifndef BPF_JCOND
#define BPF_JCOND 0xe0
#endif
#ifndef BPF_MAY_GOTO
#define BPF_MAY_GOTO 0
#endif
#ifndef BPF_PSEUDO_MAP_IDX
#define BPF_PSEUDO_MAP_IDX 5
#endif
#ifndef BPF_PSEUDO_MAP_IDX_VALUE
#define BPF_PSEUDO_MAP_IDX_VALUE 6
#endif
#ifndef BPF_PSEUDO_KFUNC_CALL
#define BPF_PSEUDO_KFUNC_CALL 2
#endif
/* mov64's off for a cast between address spaces (Linux 6.9) */
#define BC_ADDR_SPACE_CAST 1
/* the map type of an arena (Linux 6.9's BPF_MAP_TYPE_ARENA) */
#define BC_MAP_TYPE_ARENA 33

#define BC_MAX_INSNS	   1000000u /* Linux's BPF_COMPLEXITY_LIMIT_INSNS */
#define BC_MAXINSNS_UNPRIV 4096u /* BPF_MAXINSNS: without CAP_BPF */
#define BC_MAX_REG	   11 /* r0..r10 */
#define BC_MAX_LOOPS                                                           \
	(8u * 1024 * 1024) /* Linux's BPF_MAX_LOOPS: the
					 * may_goto budget of one frame */

static inline uint8_t bc_class(const struct bpf_insn *i)
{
	return i->code & 0x07;
}
static inline uint8_t bc_op(const struct bpf_insn *i)
{
	return i->code & 0xf0;
}
static inline uint8_t bc_srcbit(const struct bpf_insn *i)
{
	return i->code & 0x08;
}
static inline uint8_t bc_size(const struct bpf_insn *i)
{
	return i->code & 0x18;
}
static inline uint8_t bc_mode(const struct bpf_insn *i)
{
	return i->code & 0xe0;
}

static inline bool bc_is_lddw(const struct bpf_insn *i)
{
	return i->code == (BPF_LD | BPF_IMM | BPF_DW);
}

/* The second half of an lddw: an all-zero slot but for its imm. */
static inline bool bc_is_lddw_tail(const struct bpf_insn *i)
{
	return !i->code && !i->dst_reg && !i->src_reg && !i->off;
}

static inline bool bc_is_jmp_class(const struct bpf_insn *i)
{
	return bc_class(i) == BPF_JMP || bc_class(i) == BPF_JMP32;
}

static inline bool bc_is_exit(const struct bpf_insn *i)
{
	return i->code == (BPF_JMP | BPF_EXIT);
}

static inline bool bc_is_call(const struct bpf_insn *i)
{
	return i->code == (BPF_JMP | BPF_CALL);
}

/* bpf-to-bpf call: call with src_reg == BPF_PSEUDO_CALL, target pc+imm+1 */
static inline bool bc_is_pseudo_call(const struct bpf_insn *i)
{
	return bc_is_call(i) && i->src_reg == BPF_PSEUDO_CALL;
}

static inline bool bc_is_helper_call(const struct bpf_insn *i)
{
	return bc_is_call(i) && i->src_reg == 0;
}

static inline bool bc_is_kfunc_call(const struct bpf_insn *i)
{
	return bc_is_call(i) && i->src_reg == BPF_PSEUDO_KFUNC_CALL;
}

/* lddw loading the address of a subprogram (callback) */
static inline bool bc_is_pseudo_func(const struct bpf_insn *i)
{
	return bc_is_lddw(i) && i->src_reg == BPF_PSEUDO_FUNC;
}

/* ja (JMP, off) or gotol (JMP32, imm) */
static inline bool bc_is_ja(const struct bpf_insn *i)
{
	return (i->code == (BPF_JMP | BPF_JA)) ||
	       (i->code == (BPF_JMP32 | BPF_JA));
}

/* may_goto (Linux 6.9): falls through while the frame's budget lasts */
static inline bool bc_is_may_goto(const struct bpf_insn *i)
{
	return i->code == (BPF_JMP | BPF_JCOND) && i->src_reg == BPF_MAY_GOTO;
}

/* conditional jump (anything in a JMP class but ja/call/exit) */
static inline bool bc_is_cond_jmp(const struct bpf_insn *i)
{
	uint8_t op = bc_op(i);

	return bc_is_jmp_class(i) && op != BPF_JA && op != BPF_CALL &&
	       op != BPF_EXIT;
}

/* Jump target of a ja/gotol/conditional jump at index pc. */
static inline int64_t bc_jmp_target(const struct bpf_insn *i, int64_t pc)
{
	if (i->code == (BPF_JMP32 | BPF_JA))
		return pc + (int64_t)i->imm + 1;
	return pc + (int64_t)i->off + 1;
}

/*
 * What an instruction does, decoded from its opcode. Switch on this rather
 * than on the class bits, so that -Wswitch names a kind a switch forgot.
 * Only meaningful for an instruction bc_insn_check accepted; anything else
 * is BC_INSN_UNKNOWN.
 */
enum bc_insn_kind {
	BC_INSN_ALU, /* 32-bit arithmetic (BPF_ALU) */
	BC_INSN_ALU64,
	BC_INSN_JA, /* ja (JMP, off) or gotol (JMP32, imm) */
	BC_INSN_JMP, /* conditional jump, 64-bit operands */
	BC_INSN_JMP32, /* conditional jump, 32-bit operands */
	BC_INSN_MAY_GOTO, /* JMP | JCOND: may_goto */
	BC_INSN_CALL, /* helper, bpf-to-bpf or kfunc call */
	BC_INSN_EXIT,
	BC_INSN_LDDW, /* ld_imm64: two slots */
	BC_INSN_LD_PKT, /* legacy LD_ABS / LD_IND */
	BC_INSN_LDX, /* load, zero- or sign-extending */
	BC_INSN_ST, /* store of an immediate */
	BC_INSN_STX, /* store of a register */
	BC_INSN_ATOMIC, /* STX | ATOMIC */
	BC_INSN_UNKNOWN,
};

static inline enum bc_insn_kind bc_jmp_kind(const struct bpf_insn *i)
{
	switch (bc_op(i)) {
	case BPF_JA: return BC_INSN_JA;
	case BPF_CALL:
		return bc_class(i) == BPF_JMP ? BC_INSN_CALL : BC_INSN_UNKNOWN;
	case BPF_EXIT:
		return bc_class(i) == BPF_JMP ? BC_INSN_EXIT : BC_INSN_UNKNOWN;
	case BPF_JCOND:
		return bc_class(i) == BPF_JMP ? BC_INSN_MAY_GOTO :
						BC_INSN_UNKNOWN;
	}
	return bc_class(i) == BPF_JMP ? BC_INSN_JMP : BC_INSN_JMP32;
}

static inline enum bc_insn_kind bc_insn_kind(const struct bpf_insn *i)
{
	switch (bc_class(i)) {
	case BPF_ALU: return BC_INSN_ALU;
	case BPF_ALU64: return BC_INSN_ALU64;
	case BPF_JMP:
	case BPF_JMP32: return bc_jmp_kind(i);
	case BPF_LD: return bc_is_lddw(i) ? BC_INSN_LDDW : BC_INSN_LD_PKT;
	case BPF_LDX: return BC_INSN_LDX;
	case BPF_ST: return BC_INSN_ST;
	case BPF_STX:
		return bc_mode(i) == BPF_ATOMIC ? BC_INSN_ATOMIC : BC_INSN_STX;
	}
	return BC_INSN_UNKNOWN;
}

/* Number of instruction slots this instruction takes (2 for lddw). */
static inline int bc_insn_slots(const struct bpf_insn *i)
{
	return bc_is_lddw(i) ? 2 : 1;
}

/* Access size in bytes of a load/store size field. */
static inline int bc_size_bytes(uint8_t size)
{
	switch (size) {
	case BPF_B: return 1;
	case BPF_H: return 2;
	case BPF_W: return 4;
	default: return 8;
	}
}

/*
 * Validate every instruction's encoding: known opcodes, reserved fields
 * zero, register numbers, lddw pairs. Messages follow the Linux verifier's
 * wording. Returns 0 or -EINVAL with err filled (err->insn = index).
 */
int bc_insn_check(const struct bpf_insn *insns, uint32_t cnt,
		  struct bc_err *err);

/*
 * The instructions an older kernel lacks (platform/kernels.c sets one per
 * release); all false past the newest release's: none missing.
 */
struct bc_isa {
	bool no_atomic_fetch; /* only BPF_ADD atomics, no fetch (< 5.12) */
	bool no_kfunc_call; /* no BPF_PSEUDO_KFUNC_CALL (< 5.13) */
	bool no_cpu_v4; /* ldsx, movsx, sdiv/smod, bswap, gotol (< 6.6) */
	bool no_may_goto; /* < 6.9 */
	bool no_may_goto_nop; /* "may_goto +0" refused (< 6.14) */
	bool no_addr_space_cast; /* < 6.9 */
};

/* bc_insn_check for a kernel with isa (NULL: today's), with that
 * kernel's messages for what it lacks. */
int bc_insn_check_isa(const struct bpf_insn *insns, uint32_t cnt,
		      const struct bc_isa *isa, struct bc_err *err);

/* Name of a helper by id ("bpf_map_lookup_elem"), or NULL if unknown. */
const char *bc_helper_name(int32_t id);
/* A helper's id by its name, with or without "bpf_"; -1 if none. */
int32_t bc_helper_by_name(const char *name);

#endif
