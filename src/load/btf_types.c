// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <bpf/btf.h>

#include "load/btf_types.h"

/* Longer chains than this only come from a loop in hostile BTF. */
#define BTF_MAX_MOD_CHAIN 32

const struct btf_type *bc_btf_skip_mods(const struct btf *btf, uint32_t id,
					uint32_t *res)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	int depth = 0;

	while (t && (btf_is_mod(t) || btf_is_typedef(t))) {
		if (++depth > BTF_MAX_MOD_CHAIN)
			return NULL;
		id = t->type;
		t = btf__type_by_id(btf, id);
	}
	if (res)
		*res = id;
	return t;
}

const char *bc_btf_name(const struct btf *btf, const struct btf_type *t)
{
	const char *n = t ? btf__name_by_offset(btf, t->name_off) : NULL;

	return n ? n : "";
}

bool bc_btf_is_scalar(const struct btf_type *t)
{
	return t && (btf_is_int(t) || btf_is_any_enum(t));
}
