/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* The witness checks' state, shared by witness.c and witness_check.c. */
#ifndef BC_WITNESS_PRIV_H
#define BC_WITNESS_PRIV_H

#include "interp/witness.h"

#define WCHECK_MAX_KEYS	 16
#define WCHECK_KEY_BYTES 64

/* A key a run looked up: the search stores entries under it. */
struct wcheck_key {
	uint32_t map;
	uint8_t key[WCHECK_KEY_BYTES];
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
	/* keys looked up (NULL: not recorded) */
	struct wcheck_key *keys;
	size_t *key_cnt;
};

void wcheck_init(struct wcheck *wc, const struct bc_prog *entry,
		 struct bc_rtmaps *maps, int64_t goal);
/* A bc_interp_hook (arg: struct wcheck *). */
int wcheck_hook(void *arg, struct bc_vm *vm, const struct bc_prog *prog,
		uint32_t pc, const uint64_t *regs, int frame);

#endif
