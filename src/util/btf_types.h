/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Small total queries on a BTF read with libbpf, shared by the loader,
 * the BTF-typed contexts and the kfunc checks. An object's BTF is
 * untrusted input: names may be missing and modifier chains may loop.
 */
#ifndef BPFCHECK_LOAD_BTF_TYPES_H
#define BPFCHECK_LOAD_BTF_TYPES_H

#include <stdbool.h>
#include <stdint.h>

struct btf;
struct btf_type;

/*
 * The type id names with modifiers, type tags and typedefs skipped;
 * *res (if given) its id. NULL for a bad id or a chain that loops.
 */
const struct btf_type *bc_btf_skip_mods(const struct btf *btf, uint32_t id,
					uint32_t *res);
/* The same, skipping qualifiers and type tags only (typedefs kept). */
const struct btf_type *bc_btf_skip_quals(const struct btf *btf, uint32_t id);
/* t's name, "" when it has none or its offset is bad. */
const char *bc_btf_name(const struct btf *btf, const struct btf_type *t);
/* The name of type id ("task_struct"), "" when it has none. */
const char *bc_btf_type_name(const struct btf *btf, uint32_t id);
/* An integer or enum of any size: what the verifier treats as a scalar. */
bool bc_btf_is_scalar(const struct btf_type *t);

#endif
