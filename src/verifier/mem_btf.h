/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Loads typed by the kernel's BTF (mem_btf.c). */
#ifndef BPFCHECK_VERIFIER_MEM_BTF_H
#define BPFCHECK_VERIFIER_MEM_BTF_H

#include <stdbool.h>
#include <stdint.h>

#include "verifier/env.h"

/*
 * A read of a BTF-typed context's argument (Linux's
 * btf_ctx_access), a load through a PTR_TO_BTF_ID (check_ptr_to_btf_access)
 * or a map pointer (check_ptr_to_map_access) into *out.
 */
int vmem_typed_ctx_access(struct venv *e, uint32_t pc, int off, int size,
			  bool write, struct bc_vreg *out, bool sx);
int vmem_btf_access(struct venv *e, uint32_t pc, int regno,
		    const struct bc_vreg *r, int64_t off, int size, bool write,
		    struct bc_vreg *out, bool sx);
int vmem_map_ptr_access(struct venv *e, uint32_t pc, int regno,
			const struct bc_vreg *r, int64_t off, int size,
			bool write, struct bc_vreg *out, bool sx);

#endif
