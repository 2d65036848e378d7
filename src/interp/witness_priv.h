/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* The witness checks' state, shared by witness.c and witness_check.c. */
#ifndef BC_WITNESS_PRIV_H
#define BC_WITNESS_PRIV_H

#include "interp/witness.h"
#include "isa/insn.h"

#define WCHECK_MAX_KEYS	 16
#define WCHECK_KEY_BYTES 64

/* A key a run looked up: the search stores entries under it. */
struct wcheck_key {
	uint32_t map;
	uint8_t key[WCHECK_KEY_BYTES];
};

#define WCHECK_MAX_HINTS 64

/*
 * A comparison of packet bytes with a constant a run made: the bytes at
 * off (size of them, under mask) against val. The search writes val
 * there to take the other way.
 */
struct wcheck_hint {
	uint32_t off, size;
	uint32_t val, mask;
};

/*
 * Where a register's value was loaded from the packet: (the little-endian
 * bytes at off1 - 1, size of them, >> shift) & mask; off1 0: it was not.
 */
struct wcheck_origin {
	uint32_t off1, size, shift, mask;
};

/* What runs tell the search: keys looked up, comparisons with packet
 * bytes (in the order runs made them). */
struct wcheck_learn {
	struct wcheck_key keys[WCHECK_MAX_KEYS];
	size_t key_cnt;
	struct wcheck_hint hints[WCHECK_MAX_HINTS];
	size_t hint_cnt;
};

struct wcheck {
	const struct bc_prog *entry;
	struct bc_rtmaps *maps;
	int64_t goal; /* insn whose execution the run records */
	bool reached;
	/* registers holding a value (bit i: Ri), per frame */
	uint16_t init, saved[BC_INTERP_MAX_FRAMES];
	/* the insn the last call saw, to apply its effect at the next */
	bool started;
	int frame;
	uint32_t pc;
	const struct bc_prog *prog;
	/* what stopped the run, when the checks did */
	enum bc_fault_kind kind;
	int64_t acq_insn;
	struct wcheck_origin origin[BC_MAX_REG];
	struct wcheck_learn *learn; /* NULL: nothing recorded */
	/* a read of stack bytes never written is a fault (witness_stack.c) */
	bool stack_init;
	uint8_t written[BC_INTERP_MAX_FRAMES][BC_INTERP_STACK_SIZE / 8];
};

void wcheck_init(struct wcheck *wc, const struct bc_prog *entry,
		 struct bc_rtmaps *maps, int64_t goal);
/* Frame entered: its stack holds nothing written yet. */
void wstack_enter(struct wcheck *wc, int frame);
/*
 * Before insn in runs: a read of stack bytes never written (a load, a
 * map helper's key or value) stops the run (returns 1, error set);
 * stores, and helpers given stack pointers, mark bytes written.
 */
int wstack_check(struct wcheck *wc, struct bc_vm *vm, uint32_t pc,
		 const struct bpf_insn *in, const uint64_t *regs);

/* A bc_interp_hook (arg: struct wcheck *). */
int wcheck_hook(void *arg, struct bc_vm *vm, const struct bc_prog *prog,
		uint32_t pc, const uint64_t *regs, int frame);

#endif
