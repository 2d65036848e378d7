// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A kfunc's map argument (a parameter named "...__map" in the kernel's
 * BTF, Linux's KF_ARG_PTR_TO_MAP in check_kfunc_args): the arena kfuncs'
 * p__map. The register must hold a map (reg->map_ptr, which Linux shares
 * with a BTF pointer's btf), be trusted when the kfunc wants trusted
 * arguments, and point to a struct bpf_map: the map's address
 * (CONST_PTR_TO_MAP, reg2btf_ids) or a BTF pointer to one.
 */
#include <bpf/btf.h>
#include <inttypes.h>
#include <stdio.h>

#include "platform/btfctx.h"
#include "util/btf_types.h"
#include "verifier/arena.h"
#include "verifier/precision.h"

/* Kinds whose reg->map_ptr (or what shares its place) is set. */
static bool has_map_ptr(const struct bc_vreg *r)
{
	switch (r->kind) {
	case VK_MAP_PTR:
	case VK_MAP_VALUE:
	case VK_MAP_VALUE_OR_NULL:
	case VK_MAP_KEY:
	case VK_BTF_ID:
	case VK_BTF_ID_OR_NULL: return true;
	default: return false;
	}
}

static bool is_trusted(const struct bc_vreg *r)
{
	return r->ref_id || r->kind == VK_MAP_PTR ||
	       (r->kind == VK_BTF_ID && r->bflags == BC_BTF_TRUSTED);
}

/* check_func_arg_reg_off: a map's or trusted pointer at offset 0. */
static int zero_offset(struct venv *e, uint32_t pc, int regno,
		       const struct bc_vreg *r)
{
	char t[48];

	bc_vreg_type_str(r, t, sizeof(t));
	if (r->off < 0)
		return vc_err(e, pc,
			      "negative offset %s ptr R%d off=%d disallowed", t,
			      regno, r->off);
	if (!bc_scalar_is_const(&r->s) || r->s.var_off.value)
		return vc_err(e, pc,
			      "variable %s access var_off=(%#" PRIx64
			      "; %#" PRIx64 ") disallowed",
			      t, r->s.var_off.value, r->s.var_off.mask);
	return 0;
}

int vk_map_arg(struct venv *e, uint32_t pc, const char *kfunc, int i,
	       bool trusted)
{
	int regno = i + 1;
	const struct bc_vreg *r = vc_reg(e, regno);
	char t[48];

	if (!has_map_ptr(r))
		return vc_err(e, pc, "pointer in R%d isn't map pointer", regno);
	if (trusted && !is_trusted(r))
		return vc_err(e, pc, "R%d must be referenced or trusted",
			      regno);
	if (r->kind != VK_MAP_PTR && r->kind != VK_BTF_ID) {
		bc_vreg_type_str(r, t, sizeof(t));
		return vc_err(e, pc,
			      "arg#%d is %s expected trusted_ptr_ or socket", i,
			      t);
	}
	if (r->kind == VK_MAP_PTR)
		return r->off ? vc_err(e, pc,
				       "R%d must have zero offset when "
				       "passed to release func or trusted "
				       "arg to kfunc",
				       regno) :
				0;
	if (zero_offset(e, pc, regno, r))
		return -1;
	if (r->btf_id && vc_kbtf(e) &&
	    bc_btf_ids_match(vc_kbtf(e), r->btf_id, r->off, "bpf_map"))
		return 0;
	return vc_err(e, pc,
		      "kernel function %s args#%d expected pointer to STRUCT "
		      "bpf_map but R%d has a pointer to STRUCT %s",
		      kfunc, i, regno,
		      r->btf_id && vc_kbtf(e) ?
			      bc_btf_type_name(vc_kbtf(e), r->btf_id) :
			      "?");
}
