// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <bpf/btf.h>

#include "util/btf_types.h"

/* Longer chains than this only come from a loop in hostile BTF. */
#define BTF_MAX_MOD_CHAIN 32

static const struct btf_type *skip(const struct btf *btf, uint32_t id,
				   uint32_t *res, bool typedefs)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	int depth = 0;

	while (t && (btf_is_mod(t) || (typedefs && btf_is_typedef(t)))) {
		if (++depth > BTF_MAX_MOD_CHAIN)
			return NULL;
		id = t->type;
		t = btf__type_by_id(btf, id);
	}
	if (res)
		*res = id;
	return t;
}

const struct btf_type *bc_btf_skip_mods(const struct btf *btf, uint32_t id,
					uint32_t *res)
{
	return skip(btf, id, res, true);
}

const struct btf_type *bc_btf_skip_quals(const struct btf *btf, uint32_t id)
{
	return skip(btf, id, NULL, false);
}

const char *bc_btf_name(const struct btf *btf, const struct btf_type *t)
{
	const char *n = t ? btf__name_by_offset(btf, t->name_off) : NULL;

	return n ? n : "";
}

const char *bc_btf_type_name(const struct btf *btf, uint32_t id)
{
	return bc_btf_name(btf, btf__type_by_id(btf, id));
}

bool bc_btf_is_scalar(const struct btf_type *t)
{
	return t && (btf_is_int(t) || btf_is_any_enum(t));
}
