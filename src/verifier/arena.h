/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * BPF arenas (BPF_MAP_TYPE_ARENA, Linux 6.9): the program's arena, the
 * addr_space_cast instruction, arithmetic on arena pointers (arena.c) and
 * the arena kfuncs' map argument (kfunc_arena.c).
 */
#ifndef BC_VARENA_H
#define BC_VARENA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa/insn.h"
#include "prog/prog.h"
#include "verifier/env.h"
#include "verifier/verdict.h"

/*
 * Linux's resolve_pseudo_ldimm64 on the arena maps a program loads: at
 * most one, and only with CAP_BPF and CAP_PERFMON. NULL, or the message
 * (in buf) that rejects the program before any instruction is verified.
 */
const char *varena_prog_check(const struct bc_prog *prog,
			      const struct bc_verify_opts *opts, char *buf,
			      size_t n);

/* Does the program load the address of an arena map (aux->arena)? */
bool varena_of_prog(const struct bc_prog *prog);

/* addr_space_cast (mov64 with off BC_ADDR_SPACE_CAST) at pc. 0 or -1. */
int varena_cast(struct venv *e, uint32_t pc, const struct bpf_insn *in);

/*
 * adjust_reg_min_max_vals with an arena pointer operand: any operation
 * is allowed and the result is an arena pointer. False when neither
 * operand is one.
 */
bool varena_alu(struct bc_vreg *dst, const struct bc_vreg *src);

/*
 * A kfunc argument named "...__map" (Linux's KF_ARG_PTR_TO_MAP): a
 * trusted pointer to a struct bpf_map, the map's address or a BTF
 * pointer to one. Argument i in register i + 1; 0 or -1.
 */
int vk_map_arg(struct venv *e, uint32_t pc, const char *kfunc, int i,
	       bool trusted);

#endif
