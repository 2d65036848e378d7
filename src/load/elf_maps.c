// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Maps of an ELF object: the legacy "maps" section (libbpf's struct
 * bpf_map_def or iproute2's struct bpf_elf_map, told apart by the record
 * size), BTF-defined ".maps", and global data sections as one-entry arrays.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "load/btf_fields.h"
#include "util/btf_types.h"
#include "load/elf_priv.h"

#define MAP_DEF_SIZE	  20 /* struct bpf_map_def: 5 x u32 */
#define NO_INNER	  UINT32_MAX /* a map with no inner map reference */
#define LOAD_MAP_DEF_SIZE 24 /* samples/bpf's bpf_load_map_def: 7 x u32 */
#define ELF_MAP_SIZE	  36 /* iproute2 struct bpf_elf_map: 9 x u32 */

struct legacy_sym {
	const char *name;
	uint64_t off, size;
};

static int cmp_lsym(const void *a, const void *b)
{
	const struct legacy_sym *x = a, *y = b;

	return x->off < y->off ? -1 : x->off > y->off;
}

static uint32_t rd32(const uint8_t *p, size_t i)
{
	uint32_t v;

	memcpy(&v, p + 4 * i, 4);
	return v;
}

/* iproute2: an inner map is named by its id (struct bpf_elf_map). */
static int iproute2_inner(struct eloader *L, uint32_t first,
			  const uint32_t *inner, uint32_t i)
{
	struct bc_object *o = L->obj;
	uint32_t j;

	for (j = first; j < o->map_cnt; j++)
		if (j != i && o->maps[j].id == inner[i - first])
			break;
	if (j == o->map_cnt)
		return bc_elf_fail(L,
				   "map '%s': inner_id %u matches no map's id",
				   o->maps[i].name, inner[i - first]);
	o->maps[i].inner_map = j;
	return 0;
}

/*
 * samples/bpf's bpf_load.c: an outer map names its inner map template by
 * its index among the object's legacy maps (inner_map_idx), and holds
 * 4-byte map ids whatever its value_size says.
 */
static int load_inner(struct eloader *L, uint32_t first, const uint32_t *inner,
		      uint32_t i)
{
	struct bc_object *o = L->obj;
	struct bc_map *m = &o->maps[i];

	if (m->type != BPF_MAP_TYPE_ARRAY_OF_MAPS &&
	    m->type != BPF_MAP_TYPE_HASH_OF_MAPS)
		return 0;
	if (inner[i - first] >= o->map_cnt - first ||
	    first + inner[i - first] == i)
		return bc_elf_fail(
			L,
			"map '%s': inner_map_idx %u is not another map of the object",
			m->name, inner[i - first]);
	m->inner_map = first + inner[i - first];
	m->value_size = 4;
	return 0;
}

static int link_inner_maps(struct eloader *L, uint32_t first,
			   const uint32_t *inner)
{
	for (uint32_t i = first; i < L->obj->map_cnt; i++) {
		const struct bc_map *m = &L->obj->maps[i];
		int r = 0;

		if (inner[i - first] == NO_INNER)
			continue;
		if (m->origin == BC_MAP_IPROUTE2)
			r = iproute2_inner(L, first, inner, i);
		else
			r = load_inner(L, first, inner, i);
		if (r)
			return r;
	}
	return 0;
}

/* The map symbols of legacy map section si, by offset; their count. */
static size_t legacy_syms(struct eloader *L, size_t si, struct legacy_sym *ls)
{
	size_t i, n = 0;

	for (i = 1; i < L->nsym; i++) {
		const struct esym *y = &L->syms[i];

		if (y->shndx != si || y->type == STT_SECTION)
			continue;
		ls[n++] = (struct legacy_sym){ y->name, y->value, y->size };
	}
	qsort(ls, n, sizeof(*ls), cmp_lsym);
	return n;
}

/* The record size of section s holding n maps, after checking the layout. */
static int legacy_layout(struct eloader *L, const struct esec *s,
			 const struct legacy_sym *ls, size_t n, size_t *rec)
{
	if (!n)
		return bc_elf_fail(
			L, "section '%s' (%zu bytes) has no map symbols",
			s->name, s->size);
	if (s->size % n)
		return bc_elf_fail(
			L,
			"section '%s': size %zu is not a multiple of its %zu map symbols",
			s->name, s->size, n);
	*rec = s->size / n;
	for (size_t i = 0; i < n; i++) {
		if (ls[i].size && ls[i].size != *rec)
			return bc_elf_fail(
				L,
				"map '%s': symbol size %llu does not match the record size %zu (section size / map count)",
				ls[i].name, (unsigned long long)ls[i].size,
				*rec);
		if (ls[i].off % 4 || ls[i].off > s->size - *rec)
			return bc_elf_fail(
				L, "map '%s': bad offset %llu in section '%s'",
				ls[i].name, (unsigned long long)ls[i].off,
				s->name);
		if (i && ls[i].off < ls[i - 1].off + *rec)
			return bc_elf_fail(L, "maps '%s' and '%s' overlap",
					   ls[i - 1].name, ls[i].name);
	}
	if (*rec < MAP_DEF_SIZE)
		return bc_elf_fail(
			L,
			"section '%s': %zu-byte map records are too small for struct bpf_map_def (%d bytes)",
			s->name, *rec, MAP_DEF_SIZE);
	return 0;
}

/* The map at y (rec bytes); its inner map reference, if any, in *inner. */
static void legacy_map(struct eloader *L, size_t si, const struct legacy_sym *y,
		       size_t rec, uint32_t *inner)
{
	const uint8_t *d = L->secs[si].data + y->off;
	int mi = bc_elf_add_map(L, y->off);
	struct bc_map *m = &L->obj->maps[mi];

	m->name = bc_xstrdup(y->name);
	m->origin = rec == ELF_MAP_SIZE ? BC_MAP_IPROUTE2 : BC_MAP_LEGACY;
	m->sec_idx = (int)si;
	m->type = rd32(d, 0);
	m->key_size = rd32(d, 1);
	m->value_size = rd32(d, 2);
	m->max_entries = rd32(d, 3);
	m->map_flags = rd32(d, 4);
	if (m->origin == BC_MAP_IPROUTE2) {
		m->id = rd32(d, 5);
		m->pinning = rd32(d, 6);
		if (rd32(d, 7))
			*inner = rd32(d, 7);
	} else if (rec >= LOAD_MAP_DEF_SIZE) {
		*inner = rd32(d, 5);
	}
}

static int legacy_section(struct eloader *L, size_t si, uint32_t first,
			  uint32_t **inner)
{
	const struct esec *s = &L->secs[si];
	struct legacy_sym *ls = bc_xcalloc(L->nsym + 1, sizeof(*ls));
	size_t n = legacy_syms(L, si, ls), rec = 0;
	int r = 0;

	if (!n && !s->size)
		goto out;
	r = legacy_layout(L, s, ls, n, &rec);
	for (size_t i = 0; i < n && !r; i++) {
		uint32_t at = L->obj->map_cnt - first;

		*inner = bc_xrealloc(*inner, (at + 1) * sizeof(**inner));
		(*inner)[at] = NO_INNER;
		legacy_map(L, si, &ls[i], rec, &(*inner)[at]);
	}
out:
	free(ls);
	return r;
}

/* The legacy map sections ("maps", and "maps/NAME" one map each), in order. */
int bc_elf_legacy_maps(struct eloader *L)
{
	uint32_t first = L->obj->map_cnt, *inner = NULL;
	int r = 0;

	for (size_t si = 1; si < L->nsec && !r; si++)
		if (L->secs[si].kind == ES_MAPS)
			r = legacy_section(L, si, first, &inner);
	if (!r)
		r = link_inner_maps(L, first, inner);
	free(inner);
	return r;
}

/* BTF-defined maps. */

/* __uint(name, val) is "int (*name)[val]". */
static int btf_uint(struct eloader *L, const char *map, const char *field,
		    uint32_t type_id, uint32_t *val)
{
	const struct btf *btf = L->obj->btf;
	const struct btf_type *t = bc_btf_skip_mods(btf, type_id, NULL);
	const struct btf_type *arr;

	if (!t || !btf_is_ptr(t))
		return bc_elf_fail(
			L, "map '%s': field '%s' is not a __uint() pointer",
			map, field);
	arr = bc_btf_skip_mods(btf, t->type, NULL);
	if (!arr || !btf_is_array(arr))
		return bc_elf_fail(
			L, "map '%s': field '%s' does not point to an array",
			map, field);
	*val = btf_array(arr)->nelems;
	return 0;
}

/*
 * map_extra is a __uint() or, when it needs 64 bits, a __ulong(name, val):
 * "enum { unique = val } name", an enum of one value.
 */
static int btf_ulong(struct eloader *L, const char *map, const char *field,
		     uint32_t type_id, uint64_t *val)
{
	const struct btf *btf = L->obj->btf;
	const struct btf_type *t = bc_btf_skip_mods(btf, type_id, NULL);
	uint32_t v32;

	if (t && btf_is_ptr(t)) {
		if (btf_uint(L, map, field, type_id, &v32))
			return -1;
		*val = v32;
		return 0;
	}
	if (!t || (!btf_is_enum(t) && !btf_is_enum64(t)) || btf_vlen(t) != 1)
		return bc_elf_fail(L,
				   "map '%s': field '%s' is neither a __uint() "
				   "pointer nor a __ulong() enum",
				   map, field);
	*val = btf_is_enum(t) ? (uint32_t)btf_enum(t)->val :
				btf_enum64_value(btf_enum64(t));
	return 0;
}

/* __type(name, T) is "T *name". */
static int btf_size(struct eloader *L, const char *map, const char *field,
		    uint32_t type_id, uint32_t *val)
{
	const struct btf *btf = L->obj->btf;
	const struct btf_type *t = bc_btf_skip_mods(btf, type_id, NULL);
	long long sz;

	if (!t || !btf_is_ptr(t))
		return bc_elf_fail(
			L, "map '%s': field '%s' is not a __type() pointer",
			map, field);
	sz = btf__resolve_size(btf, t->type);
	if (sz < 0 || sz > UINT32_MAX)
		return bc_elf_fail(L,
				   "map '%s': cannot resolve the size of '%s'",
				   map, field);
	*val = sz;
	return 0;
}

static int parse_map_def(struct eloader *L, int mi, uint32_t def_id,
			 bool outer);

/* __array(values, struct inner) is "struct inner *values[]". */
static int btf_inner(struct eloader *L, int mi, uint32_t type_id)
{
	const struct btf *btf = L->obj->btf;
	const struct btf_type *arr = bc_btf_skip_mods(btf, type_id, NULL);
	const struct btf_type *ptr, *def;
	uint32_t def_id;
	char *name;
	int ii;

	if (!arr || !btf_is_array(arr))
		return bc_elf_fail(L,
				   "map '%s': field 'values' is not an array",
				   L->obj->maps[mi].name);
	ptr = bc_btf_skip_mods(btf, btf_array(arr)->type, NULL);
	if (!ptr || !btf_is_ptr(ptr))
		return bc_elf_fail(
			L, "map '%s': 'values' elements are not pointers",
			L->obj->maps[mi].name);
	def = bc_btf_skip_mods(btf, ptr->type, &def_id);
	if (!def || !btf_is_struct(def))
		return 0; /* prog_array of functions: no inner map */
	name = bc_xmalloc(strlen(L->obj->maps[mi].name) + 7);
	strcpy(name, L->obj->maps[mi].name);
	strcat(name, ".inner");
	ii = bc_elf_add_map(L, BC_NO_OFF);
	L->obj->maps[ii].name = name;
	L->obj->maps[ii].origin = BC_MAP_BTF;
	L->obj->maps[ii].sec_idx = L->btfmaps_sec;
	L->obj->maps[mi].inner_map = ii;
	return parse_map_def(L, ii, def_id, false);
}

static int parse_member(struct eloader *L, int mi, const char *f, uint32_t tid,
			bool outer)
{
	struct bc_map *m = &L->obj->maps[mi];
	const char *mn = m->name;
	uint32_t v, dummy;

	if (!strcmp(f, "type"))
		return btf_uint(L, mn, f, tid, &m->type);
	if (!strcmp(f, "max_entries"))
		return btf_uint(L, mn, f, tid, &m->max_entries);
	if (!strcmp(f, "map_flags"))
		return btf_uint(L, mn, f, tid, &m->map_flags);
	if (!strcmp(f, "pinning"))
		return btf_uint(L, mn, f, tid, &m->pinning);
	if (!strcmp(f, "numa_node"))
		return btf_uint(L, mn, f, tid, &dummy);
	if (!strcmp(f, "map_extra"))
		return btf_ulong(L, mn, f, tid, &m->map_extra);
	if (!strcmp(f, "value")) {
		const struct btf_type *t =
			bc_btf_skip_mods(L->obj->btf, tid, NULL);

		if (t && btf_is_ptr(t))
			bc_btf_skip_mods(L->obj->btf, t->type, &m->value_btf);
	}
	if (!strcmp(f, "key_size") || !strcmp(f, "value_size") ||
	    !strcmp(f, "key") || !strcmp(f, "value")) {
		bool key = f[0] == 'k';
		uint32_t *dst = key ? &m->key_size : &m->value_size;
		int r = strchr(f, '_') ? btf_uint(L, mn, f, tid, &v) :
					 btf_size(L, mn, f, tid, &v);

		if (r)
			return r;
		if (*dst && *dst != v)
			return bc_elf_fail(
				L, "map '%s': conflicting %s sizes %u and %u",
				mn, key ? "key" : "value", *dst, v);
		*dst = v;
		return 0;
	}
	if (!strcmp(f, "values")) {
		if (!outer)
			return bc_elf_fail(
				L,
				"map '%s': nested map-in-map is not supported",
				mn);
		if (!m->value_size)
			m->value_size = 4; /* map fd or prog fd, as libbpf */
		return btf_inner(L, mi, tid);
	}
	return 0; /* unknown fields are ignored */
}

static int parse_map_def(struct eloader *L, int mi, uint32_t def_id, bool outer)
{
	const struct btf *btf = L->obj->btf;
	const struct btf_type *def = btf__type_by_id(btf, def_id);
	const struct btf_member *mem;
	uint32_t i, vlen;
	int r;

	if (!def || !btf_is_struct(def))
		return bc_elf_fail(L, "map '%s': definition is not a struct",
				   L->obj->maps[mi].name);
	vlen = btf_vlen(def);
	mem = btf_members(def);
	for (i = 0; i < vlen; i++) {
		const char *f = btf__name_by_offset(btf, mem[i].name_off);

		if (!f || !f[0])
			return bc_elf_fail(L, "map '%s': unnamed field",
					   L->obj->maps[mi].name);
		r = parse_member(L, mi, f, mem[i].type, outer);
		if (r)
			return r;
	}
	return 0;
}

struct namesym {
	const char *name;
	uint64_t value;
};

static int cmp_namesym(const void *a, const void *b)
{
	const struct namesym *x = a, *y = b;

	return strcmp(x->name, y->name);
}

/* Symbols of .maps sorted by name, so each BTF variable finds its own. */
static struct namesym *map_syms(struct eloader *L, size_t *cnt)
{
	struct namesym *ns = bc_xcalloc(L->nsym + 1, sizeof(*ns));
	size_t i, n = 0;

	for (i = 1; i < L->nsym; i++)
		if (L->syms[i].shndx == L->btfmaps_sec &&
		    L->syms[i].type != STT_SECTION)
			ns[n++] = (struct namesym){ L->syms[i].name,
						    L->syms[i].value };
	qsort(ns, n, sizeof(*ns), cmp_namesym);
	*cnt = n;
	return ns;
}

static uint64_t map_sym_off(const struct namesym *ns, size_t n,
			    const char *name, uint64_t dflt)
{
	struct namesym key = { name, 0 };
	const struct namesym *f =
		bsearch(&key, ns, n, sizeof(*ns), cmp_namesym);

	return f ? f->value : dflt;
}

int bc_elf_btf_maps(struct eloader *L)
{
	const struct btf *btf = L->obj->btf;
	const struct btf_var_secinfo *vi;
	const struct btf_type *ds;
	struct namesym *ns;
	uint32_t i, vlen;
	size_t nns;
	int id, r = 0;

	if (!L->btfmaps_sec)
		return 0;
	if (!btf)
		return bc_elf_fail(
			L,
			"section '.maps' needs BTF, but the object has no .BTF section");
	id = btf__find_by_name_kind(btf, ".maps", BTF_KIND_DATASEC);
	if (id < 0)
		return bc_elf_fail(L, "section '.maps' has no BTF DATASEC");
	ds = btf__type_by_id(btf, id);
	vlen = btf_vlen(ds);
	vi = btf_var_secinfos(ds);
	ns = map_syms(L, &nns);
	for (i = 0; i < vlen && !r; i++) {
		const struct btf_type *v = btf__type_by_id(btf, vi[i].type);
		const char *name;
		uint64_t off;
		uint32_t def_id;
		int mi;

		if (!v || !btf_is_var(v)) {
			r = bc_elf_fail(
				L,
				"section '.maps': DATASEC entry %u is not a variable",
				i);
			break;
		}
		name = btf__name_by_offset(btf, v->name_off);
		if (!name || !name[0]) {
			r = bc_elf_fail(
				L, "section '.maps': variable %u has no name",
				i);
			break;
		}
		off = map_sym_off(ns, nns, name, vi[i].offset);
		if (off >= L->secs[L->btfmaps_sec].size) {
			r = bc_elf_fail(
				L,
				"map '%s': offset %llu is past the end of '.maps'",
				name, (unsigned long long)off);
			break;
		}
		mi = bc_elf_add_map(L, off);
		L->obj->maps[mi].name = bc_xstrdup(name);
		L->obj->maps[mi].origin = BC_MAP_BTF;
		L->obj->maps[mi].sec_idx = L->btfmaps_sec;
		if (!bc_btf_skip_mods(btf, v->type, &def_id))
			r = bc_elf_fail(L, "map '%s': bad type id", name);
		else
			r = parse_map_def(L, mi, def_id, true);
	}
	free(ns);
	return r;
}

int bc_elf_data_maps(struct eloader *L)
{
	size_t i;

	for (i = 1; i < L->nsec; i++) {
		struct esec *s = &L->secs[i];
		struct bc_map *m;
		int mi;

		if (s->kind != ES_DATA || !s->size)
			continue;
		if (s->size > (s->data ? UINT32_MAX : (1u << 28)))
			return bc_elf_fail(
				L, "section '%s' is too large for a map",
				s->name);
		mi = bc_elf_add_map(L, 0);
		s->map_idx = mi;
		m = &L->obj->maps[mi];
		m->name = bc_xstrdup(s->name);
		m->origin = BC_MAP_GLOBAL;
		m->type = BPF_MAP_TYPE_ARRAY;
		m->key_size = 4;
		m->value_size = s->size;
		m->max_entries = 1;
		m->readonly = !strncmp(s->name, ".rodata", 7);
		m->map_flags = BPF_F_MMAPABLE |
			       (m->readonly ? BPF_F_RDONLY_PROG : 0);
		m->sec_idx = i;
		if (L->obj->btf) {
			int ds = btf__find_by_name_kind(L->obj->btf, s->name,
							BTF_KIND_DATASEC);

			m->value_btf = ds > 0 ? (uint32_t)ds : 0;
		}
		m->init = bc_xcalloc(1, s->size);
		m->init_size = s->size;
		if (s->data)
			memcpy(m->init, s->data, s->size);
	}
	return 0;
}

static int cmp_mapref(const void *a, const void *b)
{
	const struct emapref *x = a, *y = b;

	if (x->sec != y->sec)
		return x->sec < y->sec ? -1 : 1;
	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

void bc_elf_index_maps(struct eloader *L)
{
	uint32_t i, n = 0;

	L->mapref = bc_xcalloc(L->obj->map_cnt + 1, sizeof(*L->mapref));
	for (i = 0; i < L->obj->map_cnt; i++) {
		if (L->map_off[i] == BC_NO_OFF)
			continue;
		L->mapref[n++] = (struct emapref){ L->obj->maps[i].sec_idx,
						   L->map_off[i], i };
	}
	qsort(L->mapref, n, sizeof(*L->mapref), cmp_mapref);
	L->mapref_cnt = n;
}

/* Map starting at off in section sec (the first one, as libbpf), or -1. */
int bc_elf_find_map(struct eloader *L, int sec, uint64_t off)
{
	struct emapref key = { sec, off, 0 };
	uint32_t lo = 0, hi = L->mapref_cnt;

	if (off >= BC_NO_OFF)
		return -1;
	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;

		if (cmp_mapref(&L->mapref[mid], &key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < L->mapref_cnt && L->mapref[lo].sec == sec &&
	    L->mapref[lo].off == off)
		return L->mapref[lo].idx;
	return -1;
}

/*
 * The special fields of each map value (Linux's map_check_btf). Where the
 * kernel refuses the program BTF as a whole (bc_btf_refused), libbpf loads
 * the object without it: no map has BTF. Where only a value's record is
 * bad, the map keeps its BTF and has no lock nor timer.
 */
void bc_elf_map_fields(struct eloader *L)
{
	const struct btf *btf = L->obj->btf;
	char why[128];

	if (!btf)
		return;
	if (bc_btf_refused(btf, why, sizeof(why))) {
		snprintf(L->obj->btf_note, sizeof(L->obj->btf_note),
			 "Linux refuses this object's BTF (the fields of %s "
			 "cannot be parsed); libbpf loads it without BTF",
			 why);
		for (uint32_t i = 0; i < L->obj->map_cnt; i++)
			L->obj->maps[i].value_btf = 0;
		return;
	}
	for (uint32_t i = 0; i < L->obj->map_cnt; i++) {
		struct bc_map *m = &L->obj->maps[i];
		struct bc_btf_record rec;

		if (!m->value_btf)
			continue;
		bc_btf_parse_fields(btf, m->value_btf, m->value_size,
				    BC_FIELDS_MAP, &rec);
		m->lock_off = rec.lock_off;
		m->timer_off = rec.timer_off;
	}
}
