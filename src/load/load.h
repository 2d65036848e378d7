/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Opening an input: an ELF object from clang -target bpf (elf.c), raw
 * instructions, or assembly text (asm/asm.h), told apart by its bytes
 * unless the options say (object.c).
 */
#ifndef BPFCHECK_LOAD_LOAD_H
#define BPFCHECK_LOAD_LOAD_H

#include "prog/prog.h"

/* Open a file of any supported kind. Returns 0 or -errno with err set. */
int bc_object_open(const char *path, const struct bc_open_opts *opts,
		   struct bc_object **out, struct bc_err *err);
/* Open from memory (data is copied as needed; caller keeps ownership). */
int bc_object_open_mem(const char *name, const uint8_t *data, size_t len,
		       const struct bc_open_opts *opts, struct bc_object **out,
		       struct bc_err *err);

/* The readers by kind (elf.c, raw in object.c). */
int bc_elf_open(const char *name, const uint8_t *data, size_t len,
		const struct bc_open_opts *opts, struct bc_object *obj,
		struct bc_err *err);
int bc_raw_open(const char *name, const uint8_t *data, size_t len,
		const struct bc_open_opts *opts, struct bc_object *obj,
		struct bc_err *err);

/* Fill f's BTF facts from the FUNC named f->name in btf (funcinfo.c). */
void bc_func_from_btf(const struct btf *btf, struct bc_func *f);

#endif
