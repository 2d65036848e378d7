/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Verifier memory checks (vcheck_mem.c). */
#ifndef BC_VMEM_H
#define BC_VMEM_H

#include "verifier/check.h"

/*
 * Load (write=false, result in *out) or store (val, register valno, NULL
 * for an unknown scalar) of size bytes at R[regno] + off.
 */
int vm_access(struct venv *e, uint32_t pc, int regno, int off, int size,
	      bool write, const struct bc_vreg *val, int valno,
	      struct bc_vreg *out, bool sx);
/* Stack bytes [reg+off, reg+off+size) passed to a helper. */
int vm_stack_range(struct venv *e, uint32_t pc, int regno,
		   const struct bc_vreg *reg, int64_t off, int64_t size,
		   bool write, bool helper, bool init_only);
/*
 * Is one byte at map value pointer r (its off and variable part) inside
 * the value? (Linux's check_map_access(.., r->off, 1, ..) for !root
 * pointer arithmetic.)
 */
bool vm_map_ptr_in_value(struct venv *e, const struct bc_vreg *r);
/* Does s know nothing about its upper 32 bits (a narrow spill's slot)? */
bool vm_wide_upper(const struct bc_scalar *s);
/* Linked scalar dst follows src (a narrow spill's slot: its low half). */
void vm_sync_linked(struct bc_scalar *dst, const struct bc_scalar *src);
/* s = its low size bytes, zero-extended (Linux's coerce_reg_to_size). */
void vm_coerce(struct bc_scalar *s, int size);

#endif
