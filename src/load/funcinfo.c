// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * What the verifier needs of a function's BTF prototype (the kernel reads
 * it through the program's func_info): its linkage, whether it returns a
 * scalar, and per argument its kind, its "arg:" decl tags and, for a
 * pointer, what it points to. The FUNC is found by name, which is what
 * func_info would name for the objects clang emits.
 */
#include <string.h>

#include <bpf/btf.h>

#include "load/load.h"
#include "util/btf_types.h"
#include "prog/prog.h"

static bool is_scalar(const struct btf_type *t)
{
	return t && ((btf_is_int(t) && t->size <= 8) || btf_is_any_enum(t));
}

/* The typedef bpf_user_pt_regs_t behind any qualifiers (kprobe ctx). */
static bool is_pt_regs(const struct btf *btf, uint32_t id)
{
	const struct btf_type *t = bc_btf_skip_quals(btf, id);

	return t && btf_is_typedef(t) &&
	       !strcmp(bc_btf_name(btf, t), "bpf_user_pt_regs_t");
}

static void read_arg(const struct btf *btf, uint32_t id, struct bc_func_arg *a)
{
	const struct btf_type *t = bc_btf_skip_mods(btf, id, &id), *pt;
	uint32_t pid;
	int64_t sz;

	a->scalar = is_scalar(t);
	a->ptr = t && btf_is_ptr(t);
	a->size = -1;
	if (!a->ptr)
		return;
	pid = t->type;
	a->pt_regs = is_pt_regs(btf, pid);
	pt = bc_btf_skip_mods(btf, pid, &pid);
	if (pt && (btf_is_struct(pt) || btf_is_union(pt)))
		a->pointee = btf__name_by_offset(btf, pt->name_off);
	a->dynptr = a->pointee && !strcmp(a->pointee, "bpf_dynptr");
	a->to_void = !pid;
	a->to_int = pt && btf_is_int(pt);
	sz = pt && pid ? btf__resolve_size(btf, pid) : -1;
	a->size = sz > 0 || (pt && btf_is_composite(pt) && sz == 0) ? sz : -1;
}

static uint8_t tag_bit(const char *tag)
{
	static const struct {
		const char *name;
		uint8_t bit;
	} tags[] = {
		{ "ctx", BC_ARG_TAG_CTX },
		{ "nonnull", BC_ARG_TAG_NONNULL },
		{ "nullable", BC_ARG_TAG_NULLABLE },
		{ "trusted", BC_ARG_TAG_TRUSTED },
		{ "arena", BC_ARG_TAG_ARENA },
	};

	for (size_t i = 0; i < sizeof(tags) / sizeof(tags[0]); i++)
		if (!strcmp(tag, tags[i].name))
			return tags[i].bit;
	return BC_ARG_TAG_UNKNOWN;
}

/* DECL_TAG "arg:..." on argument i of the FUNC fid. */
static void read_tags(const struct btf *btf, uint32_t fid, struct bc_func *f)
{
	uint32_t n = btf__type_cnt(btf);

	for (uint32_t id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		const char *name;
		int i;

		if (!btf_is_decl_tag(t) || t->type != fid)
			continue;
		i = btf_decl_tag(t)->component_idx;
		name = btf__name_by_offset(btf, t->name_off);
		if (i < 0 || i >= BC_FUNC_MAX_ARGS || !name ||
		    strncmp(name, "arg:", 4))
			continue;
		f->args[i].tags |= tag_bit(name + 4);
	}
}

void bc_func_from_btf(const struct btf *btf, struct bc_func *f)
{
	const struct btf_type *fn, *proto, *ret;
	const struct btf_param *p;
	uint32_t rid;
	int fid;

	if (!btf || !f->name)
		return;
	fid = btf__find_by_name_kind(btf, f->name, BTF_KIND_FUNC);
	fn = fid > 0 ? btf__type_by_id(btf, fid) : NULL;
	proto = fn ? btf__type_by_id(btf, fn->type) : NULL;
	if (!proto || !btf_is_func_proto(proto))
		return;
	f->btf = true;
	f->global = btf_vlen(fn) == BTF_FUNC_GLOBAL; /* FUNC linkage */
	rid = proto->type;
	ret = rid ? bc_btf_skip_mods(btf, rid, &rid) : NULL;
	f->ret_scalar = is_scalar(ret);
	f->arg_cnt = btf_vlen(proto) > 255 ? 255 : btf_vlen(proto);
	p = btf_params(proto);
	for (int i = 0; i < f->arg_cnt && i < BC_FUNC_MAX_ARGS; i++)
		read_arg(btf, p[i].type, &f->args[i]);
	read_tags(btf, fid, f);
}
