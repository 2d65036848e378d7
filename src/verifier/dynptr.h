/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Dynptrs (dynptr.c): the two stack slots of a struct bpf_dynptr, the
 * arguments that make, read, change and release one, and the slices of
 * memory taken through it (Linux's process_dynptr_func and its helpers).
 */
#ifndef BC_VDYNPTR_H
#define BC_VDYNPTR_H

#include <stdbool.h>
#include <stdint.h>

#include "platform/helpers.h"
#include "verifier/env.h"

/* How an argument uses its dynptr (Linux's MEM_UNINIT, MEM_RDONLY). */
enum vd_use {
	VD_MUTABLE = 0, /* an initialised dynptr it may change */
	VD_RDONLY = 1, /* an initialised dynptr it only reads */
	VD_UNINIT = 2, /* the place where it makes one */
};

/* The dynptr an argument passed (Linux's meta->initialized_dynptr). */
struct vd_dynptr {
	uint8_t type; /* enum bc_dynptr_type */
	uint32_t id, ref;
};

/*
 * The dynptr argument in R<regno>: made (VD_UNINIT, of type, sharing
 * clone_ref when it is a clone's), or checked to be initialised and of
 * type (BC_DYNPTR_INVALID: any). kfunc: words errors as check_kfunc_args
 * (else check_func_arg). 0 with *out set, or the path's error.
 */
int vd_arg(struct venv *e, uint32_t pc, int regno, enum vd_use use,
	   uint8_t type, uint32_t clone_ref, bool kfunc, struct vd_dynptr *out);

/*
 * A release argument (ringbuf_submit_dynptr): it must be a dynptr on the
 * stack holding a reference; 0, or the path's error.
 */
int vd_release_arg(struct venv *e, uint32_t pc, int regno);

/*
 * Linux's unmark_stack_slots_dynptr for the referenced dynptr R<regno>
 * points to (vd_release_arg checked it): it, its clones and its slices.
 */
void vd_release(struct venv *e, int regno);

/*
 * Linux's destroy_if_dynptr_stack_slot for a write to bytes [lo, hi) of
 * frame f (offsets from its frame pointer): 0, or the path's error.
 */
int vd_stack_write(struct venv *e, uint32_t pc, struct bc_vframe *f, int64_t lo,
		   int64_t hi);

/*
 * A helper writing size bytes of stack at R (check_stack_range_initialized
 * in raw mode): none may be a dynptr's, lest the helper alias it; 0, or
 * the path's error.
 */
int vd_helper_write(struct venv *e, uint32_t pc, const struct bc_vreg *r,
		    uint64_t size);

/*
 * r0 a slice of size bytes of dynptr d (bpf_dynptr_data, slice kfuncs),
 * or the stack buffer buf when that is one (NULL: none).
 */
void vd_slice(struct bc_vreg *r0, const struct vd_dynptr *d, uint32_t size,
	      bool rdonly, const struct bc_vreg *buf);

/* r a dynptr argument of a callback or global function, of type. */
void vd_const_reg(struct venv *e, struct bc_vreg *r, uint8_t type);

/* bpf_dynptr_from_mem's data: a map value only; 0, or the error. */
int vd_from_mem_data(struct venv *e, uint32_t pc);

/* Linux's dynptr_type_str. */
const char *vd_type_str(uint8_t type);

#endif
