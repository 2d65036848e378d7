// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * struct_ops maps, as libbpf reads them (bpf_object__init_struct_ops and
 * bpf_object__collect_st_ops_relos): each global variable of a
 * .struct_ops or .struct_ops.link section is a BPF_MAP_TYPE_STRUCT_OPS
 * map whose BTF type is the ops struct (struct tcp_congestion_ops, ...);
 * a relocation in the section puts a program into the function pointer
 * member at its offset. The program records the struct and the member.
 */
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "load/elf_priv.h"
#include "util/btf_types.h"

#ifndef BPF_F_LINK
#define BPF_F_LINK (1U << 13) /* a .struct_ops.link map */
#endif

static bool is_st_ops_sec(const char *n)
{
	if (n[0] == '?')
		n++;
	return !strcmp(n, ".struct_ops") || !strcmp(n, ".struct_ops.link");
}

/*
 * The offset of variable name in section si, from its ELF symbol (the
 * DATASEC of an object has no offsets until libbpf fixes them up).
 */
static bool var_off(const struct eloader *L, size_t si, const char *name,
		    uint64_t *off)
{
	for (size_t i = 1; i < L->nsym; i++)
		if (L->syms[i].shndx == si && !strcmp(L->syms[i].name, name) &&
		    L->syms[i].type == STT_OBJECT) {
			*off = L->syms[i].value;
			return true;
		}
	return false;
}

/* The struct_ops map of the variable vi of datasec ds, in section si. */
static int add_var_map(struct eloader *L, size_t si, const struct btf_type *ds,
		       int vi)
{
	const struct btf *btf = L->obj->btf;
	const struct btf_var_secinfo *v = &btf_var_secinfos(ds)[vi];
	const struct btf_type *var = btf__type_by_id(btf, v->type);
	const struct esec *s = &L->secs[si];
	const struct btf_type *t;
	struct bc_map *m;
	uint32_t id = 0;
	uint64_t off;
	int64_t size;
	int mi;

	if (!var || !btf_is_var(var))
		return 0;
	t = bc_btf_skip_mods(btf, var->type, &id);
	if (!t || !btf_is_struct(t))
		return bc_elf_fail(L, "struct_ops init: %s is not a struct",
				   bc_btf_name(btf, var));
	size = btf__resolve_size(btf, id);
	if (!var_off(L, si, bc_btf_name(btf, var), &off) || size <= 0 ||
	    off + (uint64_t)size > s->size)
		return bc_elf_fail(L,
				   "struct_ops init: %s has no symbol inside "
				   "its section",
				   bc_btf_name(btf, var));
	mi = bc_elf_add_map(L, (uint32_t)off);
	m = &L->obj->maps[mi];
	m->name = bc_xstrdup(bc_btf_name(btf, var));
	m->origin = BC_MAP_BTF;
	m->type = BPF_MAP_TYPE_STRUCT_OPS;
	m->key_size = 4;
	m->value_size = (uint32_t)size;
	m->max_entries = 1;
	m->map_flags = strstr(s->name, ".link") ? BPF_F_LINK : 0;
	m->sec_idx = (int)si;
	m->value_btf = id;
	m->init = bc_xcalloc(1, (size_t)size);
	m->init_size = (uint32_t)size;
	if (s->data)
		memcpy(m->init, s->data + off, (size_t)size);
	return 0;
}

int bc_elf_struct_ops_maps(struct eloader *L)
{
	for (size_t i = 1; i < L->nsec; i++) {
		const struct btf_type *ds;
		int id;

		if (!is_st_ops_sec(L->secs[i].name) || !L->obj->btf)
			continue;
		id = btf__find_by_name_kind(L->obj->btf, L->secs[i].name,
					    BTF_KIND_DATASEC);
		ds = id > 0 ? btf__type_by_id(L->obj->btf, id) : NULL;
		if (!ds)
			return bc_elf_fail(L,
					   "struct_ops init: DATASEC %s not "
					   "found",
					   L->secs[i].name);
		for (int v = 0; v < btf_vlen(ds); v++)
			if (add_var_map(L, i, ds, v))
				return -1;
	}
	return 0;
}

/* The struct_ops map of section si whose variable holds byte off. */
static struct bc_map *map_at(struct eloader *L, size_t si, uint32_t off,
			     uint32_t *moff)
{
	for (uint32_t i = 0; i < L->obj->map_cnt; i++) {
		struct bc_map *m = &L->obj->maps[i];

		if (m->type != BPF_MAP_TYPE_STRUCT_OPS ||
		    m->sec_idx != (int)si || off < L->map_off[i] ||
		    off >= L->map_off[i] + m->value_size)
			continue;
		*moff = off - L->map_off[i];
		return m;
	}
	return NULL;
}

/* The member of struct id at byte off, or NULL. */
static const char *member_at(const struct btf *btf, uint32_t id, uint32_t off)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	const struct btf_member *mb = btf_members(t);

	for (int i = 0; i < btf_vlen(t); i++)
		if (btf_member_bit_offset(t, i) == off * 8)
			return btf__name_by_offset(btf, mb[i].name_off);
	return NULL;
}

static struct bc_prog *prog_at(struct eloader *L, const struct esym *y)
{
	const char *sec = y->shndx < L->nsec ? L->secs[y->shndx].name : NULL;

	for (uint32_t i = 0; sec && i < L->obj->prog_cnt; i++) {
		struct bc_prog *p = &L->obj->progs[i];

		if (!strcmp(p->section, sec) && p->sec_off == y->value)
			return p;
	}
	return NULL;
}

/* One relocation of a struct_ops section: a program into a member. */
static int st_ops_reloc(struct eloader *L, size_t si, const Elf64_Rel *er)
{
	uint32_t sym = ELF64_R_SYM(er->r_info), moff;
	const struct esym *y;
	struct bc_map *m;
	const char *mname, *sname;
	struct bc_prog *p;

	if (sym == 0 || sym >= L->nsym || er->r_offset > UINT32_MAX)
		return bc_elf_fail(L, "struct_ops reloc: bad relocation in %s",
				   L->secs[si].name);
	y = &L->syms[sym];
	m = map_at(L, si, (uint32_t)er->r_offset, &moff);
	if (!m)
		return bc_elf_fail(L,
				   "struct_ops reloc: cannot find map at "
				   "offset %u of %s",
				   (uint32_t)er->r_offset, L->secs[si].name);
	mname = member_at(L->obj->btf, m->value_btf, moff);
	p = prog_at(L, y);
	if (!mname || !p || p->type != BPF_PROG_TYPE_STRUCT_OPS)
		return bc_elf_fail(L,
				   "struct_ops reloc %s: %s at offset %u is "
				   "not a struct_ops program",
				   m->name, y->name, moff);
	sname = bc_btf_type_name(L->obj->btf, m->value_btf);
	/* libbpf's bpf_map__init_kern_struct_ops refuses the object */
	if (p->st_ops &&
	    (strcmp(p->st_ops, sname) || strcmp(p->st_member, mname)))
		return bc_elf_fail(L,
				   "struct_ops init_kern %s func ptr %s: "
				   "invalid reuse of prog %s, already in "
				   "%s.%s",
				   m->name, mname, p->name, p->st_ops,
				   p->st_member);
	if (!p->st_ops) {
		p->st_ops = bc_xstrdup(sname);
		p->st_member = bc_xstrdup(mname);
	}
	return 0;
}

int bc_elf_struct_ops_progs(struct eloader *L)
{
	for (size_t i = 1; i < L->nsec; i++) {
		const struct esec *rs = &L->secs[i];
		size_t si = rs->sh.sh_info, n;

		if (rs->sh.sh_type != SHT_REL || si >= L->nsec ||
		    !is_st_ops_sec(L->secs[si].name) || !rs->data)
			continue;
		n = rs->size / sizeof(Elf64_Rel);
		for (size_t j = 0; j < n; j++) {
			Elf64_Rel er;

			memcpy(&er, rs->data + j * sizeof(er), sizeof(er));
			if (st_ops_reloc(L, si, &er))
				return -1;
		}
	}
	return 0;
}
