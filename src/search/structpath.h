/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The causal path of a rejection that no search path leads to (causal.h
 * slices a failing path): the program's shape is the cause. A jump back
 * or out of range is its own path; code nothing reaches, the instruction
 * before it that does not fall through; a call too deep or recursive,
 * the calls from the program's entry down to it; a loop over the worst
 * case, the tests that bound it and the jump back.
 */
#ifndef BC_STRUCTPATH_H
#define BC_STRUCTPATH_H

#include "cfg/cfg.h"
#include "prog/prog.h"
#include "verifier/verdict.h"

/* The control-flow check refused prog (res->error, res->error_insn). */
void vs_cfg_path(const struct bc_prog *prog, struct bc_verify_result *res);

/*
 * A rule about insn pc of prog (a call, an LD_ABS in a function that may
 * not hold it): the calls from the program's entry down to it, then pc.
 */
void vs_call_path(const struct bc_prog *prog, uint32_t pc,
		  struct bc_verify_result *res);

/* A rule about a map of prog (obj->maps[map]): at its first load. */
void vs_map_path(const struct bc_prog *prog, uint32_t map,
		 struct bc_verify_result *res);

/* The loop at res->error_insn may run more than the worst case allows. */
void vs_loop_path(const struct bc_cfg *cfg, struct bc_verify_result *res);

#endif
