/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Verifier memory checks (mem.c). */
#ifndef BC_VMEM_H
#define BC_VMEM_H

#include <stdbool.h>
#include <stdint.h>

#include "domain/scalar.h"
#include "isa/insn.h"
#include "verifier/env.h"

/* Linux's BPF_MAX_VAR_OFF: the largest variable offset a pointer may have. */
#define BC_MAX_VAR_OFF (1ll << 29)

/*
 * Load (write=false, result in *out) or store (val, register valno, NULL
 * for an unknown scalar) of size bytes at R[regno] + off.
 */
int vmem_access(struct venv *e, uint32_t pc, int regno, int off, int size,
		bool write, const struct bc_vreg *val, int valno,
		struct bc_vreg *out, bool sx);
/*
 * Stack bytes [reg+off, reg+off+size) at a variable offset or passed to
 * a helper (Linux's check_stack_range_initialized).
 */
int vmem_check_align(struct venv *e, uint32_t pc, const struct bc_vreg *reg,
		     int off, int size, bool strict_once);
int vmem_stack_range(struct venv *e, uint32_t pc, int regno,
		     const struct bc_vreg *reg, int64_t off, int64_t size,
		     bool write);
/*
 * Is one byte at map value pointer r (its off and variable part) inside
 * the value? (Linux's check_map_access(.., r->off, 1, ..) for !root
 * pointer arithmetic.)
 */
bool vmem_map_ptr_in_value(struct venv *e, const struct bc_vreg *r);
/* Linked scalar dst follows src (a narrow spill's slot: its low half). */
void vmem_sync_linked(struct bc_vreg *dst, const struct bc_scalar *src);

/* The instructions (Linux's check_load_mem, check_store_reg, check_atomic,
 * check_ld_imm, check_ld_abs), each at pc. */
int vmem_load(struct venv *e, uint32_t pc, const struct bpf_insn *in);
int vmem_store_imm(struct venv *e, uint32_t pc, const struct bpf_insn *in);
int vmem_store_reg(struct venv *e, uint32_t pc, const struct bpf_insn *in);
int vmem_atomic(struct venv *e, uint32_t pc, const struct bpf_insn *in);
int vmem_ld_imm(struct venv *e, uint32_t pc, const struct bpf_insn *in);
int vmem_ld_abs(struct venv *e, uint32_t pc, const struct bpf_insn *in);

/* A tnum as Linux prints it (tnum_strn); a constant as its value. */
void vmem_off_str(char *t, size_t n, struct tnum v);

#endif
