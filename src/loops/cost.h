/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* The worst-case instruction bound of a verified program (cost.c). */
#ifndef BC_VCOST_H
#define BC_VCOST_H

#include <stdbool.h>
#include <stdint.h>

#include "cfg/cfg.h"

/*
 * What the search learnt that the bound needs, per instruction and per
 * loop: reached[i], the search reached insn i; trip[l], loop l's bound on
 * header visits per entry (0: none); at a helper call that runs a
 * callback (bpf_loop, for_each_map_elem, ...), cb_calls[i] the most
 * times it may call it and cb_target[i] its first insn + 1 (0: none,
 * UINT32_MAX: more than one). cb_calls and cb_target may be NULL.
 */
struct bc_cost_facts {
	const uint8_t *reached;
	const uint64_t *trip;
	const uint64_t *cb_calls;
	const uint32_t *cb_target;
};

/*
 * The bound: insns, and the loop that may run most often, named by its
 * header or its helper call (insn, -1: none) with its trip bound.
 */
struct bc_worst_case {
	uint64_t insns;
	int64_t insn;
	uint64_t trip;
	bool callback; /* insn is a helper call running a callback */
};

/* True and *out set when a bound exists. */
bool bc_worst_case(const struct bc_cfg *cfg, const struct bc_cost_facts *f,
		   struct bc_worst_case *out);

#endif
