// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Maps of an ELF object: the legacy "maps" section (libbpf's struct
 * bpf_map_def or iproute2's struct bpf_elf_map, told apart by the record
 * size), BTF-defined ".maps", and global data sections as one-entry arrays.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "load/btf_types.h"
#include "load/elf_priv.h"

#define MAP_DEF_SIZE 20		/* struct bpf_map_def: 5 x u32 */
#define ELF_MAP_SIZE 36		/* iproute2 struct bpf_elf_map: 9 x u32 */

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

static int iproute2_inner(struct eloader *L, uint32_t first,
			  const uint32_t *inner_id)
{
	struct bc_object *o = L->obj;
	uint32_t i, j;

	for (i = first; i < o->map_cnt; i++) {
		if (!inner_id[i - first])
			continue;
		for (j = first; j < o->map_cnt; j++)
			if (j != i && o->maps[j].id == inner_id[i - first])
				break;
		if (j == o->map_cnt)
			return bc_elf_fail(L, "map '%s': inner_id %u matches no map's id",
					   o->maps[i].name, inner_id[i - first]);
		o->maps[i].inner_map = j;
	}
	return 0;
}

int bc_elf_legacy_maps(struct eloader *L)
{
	const struct esec *s;
	struct legacy_sym *ls;
	uint32_t *inner_id;
	size_t i, n = 0, rec;
	uint32_t first = L->obj->map_cnt;
	int r = 0;

	if (!L->maps_sec)
		return 0;
	s = &L->secs[L->maps_sec];
	ls = bc_xcalloc(L->nsym + 1, sizeof(*ls));
	for (i = 1; i < L->nsym; i++) {
		const struct esym *y = &L->syms[i];

		if (y->shndx != L->maps_sec || y->type == STT_SECTION)
			continue;
		ls[n++] = (struct legacy_sym){ y->name, y->value, y->size };
	}
	if (!n) {
		free(ls);
		if (!s->size)
			return 0;
		return bc_elf_fail(L, "section 'maps' (%zu bytes) has no map symbols",
				   s->size);
	}
	if (s->size % n) {
		free(ls);
		return bc_elf_fail(L, "section 'maps': size %zu is not a multiple of its %zu map symbols",
				   s->size, n);
	}
	rec = s->size / n;
	qsort(ls, n, sizeof(*ls), cmp_lsym);
	for (i = 0; i < n && !r; i++) {
		if (ls[i].size && ls[i].size != rec)
			r = bc_elf_fail(L, "map '%s': symbol size %llu does not match the record size %zu (section size / map count)",
					ls[i].name, (unsigned long long)ls[i].size,
					rec);
		else if (ls[i].off % 4 || ls[i].off > s->size - rec)
			r = bc_elf_fail(L, "map '%s': bad offset %llu in section 'maps'",
					ls[i].name, (unsigned long long)ls[i].off);
		else if (i && ls[i].off < ls[i - 1].off + rec)
			r = bc_elf_fail(L, "maps '%s' and '%s' overlap",
					ls[i - 1].name, ls[i].name);
	}
	if (!r && rec < MAP_DEF_SIZE)
		r = bc_elf_fail(L, "section 'maps': %zu-byte map records are too small for struct bpf_map_def (%d bytes)",
				rec, MAP_DEF_SIZE);
	inner_id = bc_xcalloc(n, sizeof(*inner_id));
	for (i = 0; i < n && !r; i++) {
		const uint8_t *d = s->data + ls[i].off;
		struct bc_map *m;
		int mi = bc_elf_add_map(L, ls[i].off);

		m = &L->obj->maps[mi];
		m->name = bc_xstrdup(ls[i].name);
		m->origin = rec == ELF_MAP_SIZE ? BC_MAP_IPROUTE2 : BC_MAP_LEGACY;
		m->sec_idx = L->maps_sec;
		m->type = rd32(d, 0);
		m->key_size = rd32(d, 1);
		m->value_size = rd32(d, 2);
		m->max_entries = rd32(d, 3);
		m->map_flags = rd32(d, 4);
		if (m->origin == BC_MAP_IPROUTE2) {
			m->id = rd32(d, 5);
			m->pinning = rd32(d, 6);
			inner_id[i] = rd32(d, 7);
		}
	}
	if (!r)
		r = iproute2_inner(L, first, inner_id);
	free(inner_id);
	free(ls);
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
		return bc_elf_fail(L, "map '%s': field '%s' is not a __uint() pointer",
				   map, field);
	arr = bc_btf_skip_mods(btf, t->type, NULL);
	if (!arr || !btf_is_array(arr))
		return bc_elf_fail(L, "map '%s': field '%s' does not point to an array",
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
		return bc_elf_fail(L, "map '%s': field '%s' is neither a __uint() "
				   "pointer nor a __ulong() enum", map, field);
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
		return bc_elf_fail(L, "map '%s': field '%s' is not a __type() pointer",
				   map, field);
	sz = btf__resolve_size(btf, t->type);
	if (sz < 0 || sz > UINT32_MAX)
		return bc_elf_fail(L, "map '%s': cannot resolve the size of '%s'",
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
		return bc_elf_fail(L, "map '%s': field 'values' is not an array",
				   L->obj->maps[mi].name);
	ptr = bc_btf_skip_mods(btf, btf_array(arr)->type, NULL);
	if (!ptr || !btf_is_ptr(ptr))
		return bc_elf_fail(L, "map '%s': 'values' elements are not pointers",
				   L->obj->maps[mi].name);
	def = bc_btf_skip_mods(btf, ptr->type, &def_id);
	if (!def || !btf_is_struct(def))
		return 0;	/* prog_array of functions: no inner map */
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

static int parse_member(struct eloader *L, int mi, const char *f,
			uint32_t tid, bool outer)
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
		const struct btf_type *t = bc_btf_skip_mods(L->obj->btf, tid, NULL);

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
			return bc_elf_fail(L, "map '%s': conflicting %s sizes %u and %u",
					   mn, key ? "key" : "value", *dst, v);
		*dst = v;
		return 0;
	}
	if (!strcmp(f, "values")) {
		if (!outer)
			return bc_elf_fail(L, "map '%s': nested map-in-map is not supported",
					   mn);
		if (!m->value_size)
			m->value_size = 4;	/* map fd or prog fd, as libbpf */
		return btf_inner(L, mi, tid);
	}
	return 0;	/* unknown fields are ignored */
}

static int parse_map_def(struct eloader *L, int mi, uint32_t def_id,
			 bool outer)
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
	const struct namesym *f = bsearch(&key, ns, n, sizeof(*ns),
					  cmp_namesym);

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
		return bc_elf_fail(L, "section '.maps' needs BTF, but the object has no .BTF section");
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
			r = bc_elf_fail(L, "section '.maps': DATASEC entry %u is not a variable",
					i);
			break;
		}
		name = btf__name_by_offset(btf, v->name_off);
		if (!name || !name[0]) {
			r = bc_elf_fail(L, "section '.maps': variable %u has no name",
					i);
			break;
		}
		off = map_sym_off(ns, nns, name, vi[i].offset);
		if (off >= L->secs[L->btfmaps_sec].size) {
			r = bc_elf_fail(L, "map '%s': offset %llu is past the end of '.maps'",
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
			return bc_elf_fail(L, "section '%s' is too large for a map",
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

/*
 * __kconfig externs: libbpf lays them out in one read-only ".kconfig" map,
 * by descending alignment, then ascending size, then name, and fills it
 * from the running kernel's config. Its contents are unknown here (init
 * stays NULL).
 */
static int cmp_kcfg(const void *a, const void *b)
{
	const struct ekcfg *x = a, *y = b;

	if (x->align != y->align)
		return x->align > y->align ? -1 : 1;
	if (x->size != y->size)
		return x->size < y->size ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* Alignment of a kconfig value type (libbpf's btf__align_of trusts ids). */
static int kcfg_align(const struct btf *btf, uint32_t id)
{
	const struct btf_type *t = bc_btf_skip_mods(btf, id, NULL);
	int depth;

	for (depth = 0; t && depth < 8; depth++) {
		if (btf_is_int(t) || btf_is_enum(t) || btf_is_enum64(t))
			return t->size >= 8 ? 8 : t->size ? t->size : -1;
		if (btf_is_ptr(t))
			return 8;
		if (!btf_is_array(t))
			return -1;
		t = bc_btf_skip_mods(btf, btf_array(t)->type, NULL);
	}
	return -1;
}

int bc_elf_kconfig_map(struct eloader *L)
{
	const struct btf *btf = L->obj->btf;
	const struct btf_var_secinfo *vi;
	const struct btf_type *ds;
	struct bc_map *m;
	uint32_t i, n, off = 0;
	int id;

	L->kcfg_map = -1;
	if (!btf)
		return 0;
	id = btf__find_by_name_kind(btf, ".kconfig", BTF_KIND_DATASEC);
	if (id < 0)
		return 0;
	ds = btf__type_by_id(btf, id);
	n = btf_vlen(ds);
	vi = btf_var_secinfos(ds);
	L->kcfg = bc_xcalloc(n ? n : 1, sizeof(*L->kcfg));
	for (i = 0; i < n; i++) {
		const struct btf_type *v = btf__type_by_id(btf, vi[i].type);
		struct ekcfg *k = &L->kcfg[i];
		long long sz;
		int al;

		if (!v || !btf_is_var(v))
			return bc_elf_fail(L, "BTF '.kconfig': entry %u is not a variable",
					   i);
		k->name = btf__name_by_offset(btf, v->name_off);
		sz = btf__resolve_size(btf, v->type);
		al = kcfg_align(btf, v->type);
		if (!k->name || sz <= 0 || sz > 4096 || al <= 0 || al > 8)
			return bc_elf_fail(L, "BTF '.kconfig': bad extern %u", i);
		k->size = sz;
		k->align = al;
	}
	L->kcfg_cnt = n;
	if (!n)
		return 0;
	qsort(L->kcfg, n, sizeof(*L->kcfg), cmp_kcfg);
	for (i = 0; i < n; i++) {
		off = (off + L->kcfg[i].align - 1) / L->kcfg[i].align *
		      L->kcfg[i].align;
		L->kcfg[i].off = off;
		off += L->kcfg[i].size;
	}
	L->kcfg_map = bc_elf_add_map(L, BC_NO_OFF);
	m = &L->obj->maps[L->kcfg_map];
	m->name = bc_xstrdup(".kconfig");
	m->origin = BC_MAP_GLOBAL;
	m->type = BPF_MAP_TYPE_ARRAY;
	m->key_size = 4;
	m->value_size = off;
	m->max_entries = 1;
	m->readonly = true;
	m->map_flags = BPF_F_MMAPABLE | BPF_F_RDONLY_PROG;
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
 * The special fields of a map value (Linux's btf_parse_fields, the part for
 * struct bpf_spin_lock and struct bpf_timer): found by the name of their
 * struct, in the value's members, in nested structs and in the variables
 * of a DATASEC. A field met twice, or any member off a byte boundary (a
 * bitfield), makes the whole record invalid, as btf_find_struct_field.
 */
struct fields {
	struct bc_map *m;
	unsigned seen;		/* 1 lock, 2 timer */
	bool bad;
};

static void struct_fields(const struct btf *btf, const struct btf_type *t,
			  uint32_t base, int depth, struct fields *fs);

/* A field of the given struct name, size and alignment (btf_find_struct). */
static void special_field(const struct btf_type *t, uint32_t off,
			  uint32_t nelems, uint32_t expect, unsigned bit,
			  struct fields *fs)
{
	uint32_t sz = bit == 1 ? 4 : 16, align = bit == 1 ? 4 : 8;
	int32_t *dst = bit == 1 ? &fs->m->lock_off : &fs->m->timer_off;

	if (fs->seen & bit) {
		fs->bad = true;
		return;
	}
	fs->seen |= bit;
	if ((expect && expect != sz * nelems) || off % align ||
	    !btf_is_struct(t) || t->size != sz)
		return;
	if (nelems > 1) {	/* btf_repeat_fields repeats no lock nor timer */
		fs->bad = true;
		return;
	}
	*dst = (int32_t)off;
}

/* One member or variable of type id at off (btf_find_field_one). */
static void field_one(const struct btf *btf, uint32_t id, uint32_t off,
		      uint32_t expect, int depth, struct fields *fs)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	uint32_t nelems = 1;
	unsigned before = fs->seen;
	const char *name;
	int i;

	for (i = 0; i < 32 && t && btf_is_array(t); i++) {
		nelems *= btf_array(t)->nelems;
		t = btf__type_by_id(btf, btf_array(t)->type);
	}
	if (!t || i == 32) {
		fs->bad = true;
		return;
	}
	if (!nelems)
		return;
	name = btf__name_by_offset(btf, t->name_off);
	if (name && (!strcmp(name, "bpf_spin_lock") ||
		     !strcmp(name, "bpf_timer"))) {
		special_field(t, off, nelems, expect, name[4] == 's' ? 1 : 2,
			      fs);
		return;
	}
	if (!btf_is_composite(t) || (expect && expect != t->size * nelems))
		return;
	struct_fields(btf, t, off, depth + 1, fs);
	if (nelems > 1 && fs->seen != before)
		fs->bad = true;
}

static void struct_fields(const struct btf *btf, const struct btf_type *t,
			  uint32_t base, int depth, struct fields *fs)
{
	const struct btf_member *mem = btf_members(t);

	if (depth >= 32) {
		fs->bad = true;
		return;
	}
	for (uint32_t i = 0; i < btf_vlen(t) && !fs->bad; i++) {
		uint32_t bit = btf_member_bit_offset(t, i);

		if (bit % 8) {
			fs->bad = true;
			return;
		}
		field_one(btf, mem[i].type, base + bit / 8, 0, depth, fs);
	}
}

static void value_fields(const struct btf *btf, struct bc_map *m)
{
	const struct btf_type *t = btf__type_by_id(btf, m->value_btf);
	struct fields fs = { .m = m };

	if (!t)
		return;
	if (btf_is_composite(t)) {
		struct_fields(btf, t, 0, 0, &fs);
	} else if (btf_is_datasec(t)) {
		const struct btf_var_secinfo *vi = btf_var_secinfos(t);

		for (uint32_t i = 0; i < btf_vlen(t) && !fs.bad; i++) {
			const struct btf_type *v = btf__type_by_id(btf,
								   vi[i].type);

			if (v && btf_is_var(v))
				field_one(btf, v->type, vi[i].offset,
					  vi[i].size, 0, &fs);
		}
	}
	if (fs.bad) {
		/* Linux refuses the map's BTF and libbpf creates the map
		 * again without it: a plain map, no lock nor timer. */
		m->value_btf = 0;
		m->lock_off = m->timer_off = -1;
	}
}

void bc_elf_map_fields(struct eloader *L)
{
	for (uint32_t i = 0; i < L->obj->map_cnt && L->obj->btf; i++)
		if (L->obj->maps[i].value_btf)
			value_fields(L->obj->btf, &L->obj->maps[i]);
}
