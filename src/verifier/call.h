/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Verifier calls and exits (call.c). */
#ifndef BC_VCALL_H
#define BC_VCALL_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/insn.h"
#include "verifier/env.h"

/* Helper, bpf-to-bpf or callback call at pc; *next is the next insn. */
int vc_call(struct venv *e, uint32_t pc, const struct bpf_insn *in,
	    uint32_t *next);
/*
 * exit at pc: back into the caller (0, the path goes on at e->cur.pc) or
 * the end of the program (1, the path ends), < 0 error.
 */
int vc_exit(struct venv *e, uint32_t pc);
/*
 * Linux's check_helper_mem_access for an argument: register regno points
 * to size bytes that may be read (or written).
 */
int vc_mem_arg(struct venv *e, uint32_t pc, int regno, uint64_t size,
	       bool write);
/*
 * Memory in R<mem_regno> of the size R<mem_regno + 1> holds (Linux's
 * check_mem_size_reg, zero allowed); 0, or the path's error.
 */
int vc_mem_size_arg(struct venv *e, uint32_t pc, int mem_regno, bool write);
/* clear_all_pkt_pointers */
void vc_clear_pkt(struct venv *e);
/* A new reference acquired at pc (Linux's acquire_reference_state). */
uint32_t vc_acquire(struct venv *e, uint32_t pc);

#endif
