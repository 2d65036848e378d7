/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Static stack liveness (beyond Linux's compute_live_registers; the
 * counterpart of 6.18's kernel/bpf/liveness.c): for each instruction, the
 * 8-byte slots of its own function's frame that some path from it may
 * read before writing them. Slot k is bytes [-512 + 8k, -512 + 8k + 8)
 * from the frame pointer (fp-8 is slot 63), as the verifier's stack.
 *
 * A forward pass finds which registers and slots may hold a pointer into
 * the function's own frame (r10 plus a constant, or an unknown offset);
 * a backward pass over the CFG then computes the live slots. When unsure
 * a slot counts as live: a read through a pointer of unknown offset reads
 * every slot, a stack pointer that reaches a subprogram or a callback
 * makes every slot live at that call, a helper's memory argument of
 * unknown size reads up to the frame's top.
 */
#ifndef BC_STACKLIVE_H
#define BC_STACKLIVE_H

#include <stdint.h>

#include "cfg/cfg.h"

/* What a call does with the memory an argument register points to. */
enum bc_arg_mem {
	BC_ARG_MEM_READ, /* reads it (the default: the safe answer) */
	BC_ARG_MEM_WRITE, /* only writes it, as an uninitialised buffer */
	BC_ARG_MEM_ESCAPE, /* program code runs with it (subprogram, callback) */
	BC_ARG_MEM_NONE, /* follows no pointer it is given (a scalar) */
};

/* A call's arguments r1..r5, index 0..4. */
struct bc_call_mem {
	uint8_t mem[5]; /* enum bc_arg_mem */
	/* bytes accessed from the pointer: > 0 a constant, 0 the value of
	 * size_reg[i] when the analysis knows it, else up to the top */
	int32_t size[5];
	int8_t size_reg[5]; /* 1..5, or 0 */
};

/*
 * The call at pc (helper, kfunc or bpf-to-bpf): fills *m. Without one,
 * a bpf-to-bpf call escapes its arguments and any other call reads them
 * up to the frame's top.
 */
typedef void (*bc_call_mem_fn)(void *arg, uint32_t pc, struct bc_call_mem *m);

/*
 * Live slots before each instruction of cfg's program (insn_cnt entries,
 * free() them). Writes kill a slot only when the program may not read
 * what it held through the write itself: for a loader that may leak
 * pointers (Linux's allow_ptr_leaks, bypass_spec_v4), as bpfcheck
 * applies it.
 */
uint64_t *bc_stack_liveness(const struct bc_cfg *cfg, bc_call_mem_fn fn,
			    void *arg);

#endif
