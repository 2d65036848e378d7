// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Special fields in program BTF, found as Linux's btf_find_field and
 * btf_parse_fields find them: a member or variable whose type is a struct
 * named after a field kind (of the right size and alignment), or a pointer
 * tagged kptr; other structs are walked into, arrays flattened. Types are
 * taken as they are, not through typedefs, as the kernel takes them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "load/btf_fields.h"

#define FIELDS_MAX 11 /* BTF_FIELDS_MAX */
#define DEPTH_MAX  32 /* MAX_RESOLVE_DEPTH */

enum kind {
	K_SPIN_LOCK,
	K_TIMER,
	K_WQ,
	K_LIST_HEAD,
	K_LIST_NODE,
	K_RB_ROOT,
	K_RB_NODE,
	K_REFCOUNT,
	K_KPTR,
	K_NR
};

static const struct kind_info {
	const char *name;
	uint32_t size, align;
	bool unique; /* one per record (seen_mask) */
	bool repeat; /* may be an array (btf_repeat_fields) */
} kinds[K_NR] = {
	[K_SPIN_LOCK] = { "bpf_spin_lock", 4, 4, true, false },
	[K_TIMER] = { "bpf_timer", 16, 8, true, false },
	[K_WQ] = { "bpf_wq", 16, 8, true, false },
	[K_LIST_HEAD] = { "bpf_list_head", 16, 8, false, true },
	[K_LIST_NODE] = { "bpf_list_node", 24, 8, false, false },
	[K_RB_ROOT] = { "bpf_rb_root", 16, 8, false, true },
	[K_RB_NODE] = { "bpf_rb_node", 32, 8, false, false },
	[K_REFCOUNT] = { "bpf_refcount", 4, 4, true, false },
	[K_KPTR] = { NULL, 8, 8, false, true },
};

#define M(k) (1u << (k))
static const unsigned masks[] = {
	[BC_FIELDS_MAP] = M(K_SPIN_LOCK) | M(K_TIMER) | M(K_WQ) |
			  M(K_LIST_HEAD) | M(K_RB_ROOT) | M(K_REFCOUNT) |
			  M(K_KPTR),
	[BC_FIELDS_BTF_LOAD] = M(K_SPIN_LOCK) | M(K_LIST_HEAD) |
			       M(K_LIST_NODE) | M(K_RB_ROOT) | M(K_RB_NODE) |
			       M(K_REFCOUNT) | M(K_KPTR),
};

struct found {
	enum kind kind;
	uint32_t off;
};

struct walk {
	const struct btf *btf;
	unsigned mask, seen;
	struct found f[FIELDS_MAX];
	int cnt;
	bool bad;
};

static void walk_struct(struct walk *w, uint32_t id, uint32_t base, int depth);

static bool is_kptr(const struct btf *btf, const struct btf_type *t)
{
	const char *tag;

	if (!btf_is_ptr(t) || !(t = btf__type_by_id(btf, t->type)) ||
	    !btf_is_type_tag(t))
		return false;
	tag = btf__name_by_offset(btf, t->name_off);
	return tag && (!strcmp(tag, "kptr") || !strcmp(tag, "kptr_untrusted") ||
		       !strcmp(tag, "percpu_kptr") || !strcmp(tag, "uptr"));
}

/* The kind of a member's type under the mask; K_NR for none. */
static enum kind kind_of(const struct walk *w, const struct btf_type *t)
{
	const char *name = btf__name_by_offset(w->btf, t->name_off);

	if (btf_is_struct(t)) {
		for (int k = 0; k < K_KPTR && name; k++)
			if ((w->mask & M(k)) && !strcmp(name, kinds[k].name))
				return (enum kind)k;
		return K_NR;
	}
	return (w->mask & M(K_KPTR)) && is_kptr(w->btf, t) ? K_KPTR : K_NR;
}

/* Is there a "contains:" decl tag on member comp of container id? */
static bool has_contains(const struct btf *btf, uint32_t container, int comp)
{
	uint32_t n = btf__type_cnt(btf);

	for (uint32_t i = 1; i < n; i++) {
		const struct btf_type *t = btf__type_by_id(btf, i);
		const char *v;

		if (!btf_is_decl_tag(t) || t->type != container ||
		    btf_decl_tag(t)->component_idx != comp)
			continue;
		v = btf__name_by_offset(btf, t->name_off);
		if (v && !strncmp(v, "contains:", 9))
			return true;
	}
	return false;
}

static void add_field(struct walk *w, enum kind k, uint32_t off,
		      uint32_t nelems, uint32_t elem)
{
	if (kinds[k].unique && (w->seen & M(k))) {
		w->bad = true; /* -E2BIG */
		return;
	}
	w->seen |= M(k);
	if (nelems > 1 && !kinds[k].repeat) {
		w->bad = true; /* btf_repeat_fields: -EINVAL */
		return;
	}
	for (uint32_t i = 0; i < nelems && !w->bad; i++) {
		if (w->cnt == FIELDS_MAX) {
			w->bad = true; /* -E2BIG */
			return;
		}
		w->f[w->cnt++] = (struct found){ k, off + i * elem };
	}
}

/* Fields [from, cnt) of an array's first element, for the others. */
static void repeat_fields(struct walk *w, int from, uint32_t nelems,
			  uint32_t elem)
{
	int n = w->cnt;

	for (int j = from; j < n; j++)
		if (!kinds[w->f[j].kind].repeat)
			w->bad = true; /* btf_repeat_fields: -EINVAL */
	for (uint32_t e = 1; e < nelems && !w->bad; e++)
		for (int j = from; j < n && !w->bad; j++)
			add_field(w, w->f[j].kind, w->f[j].off + e * elem, 1,
				  0);
}

/* One member (comp) or variable (comp -1) of container (btf_find_field_one). */
static void walk_one(struct walk *w, uint32_t container, int comp,
		     uint32_t type, uint32_t off, uint32_t expect, int depth)
{
	const struct btf_type *t = btf__type_by_id(w->btf, type);
	uint32_t nelems = 1, sz;
	int before = w->cnt, i;
	enum kind k;

	for (i = 0; i < DEPTH_MAX && t && btf_is_array(t); i++) {
		nelems *= btf_array(t)->nelems;
		type = btf_array(t)->type;
		t = btf__type_by_id(w->btf, type);
	}
	if (!t || i == DEPTH_MAX) {
		w->bad = true;
		return;
	}
	if (!nelems)
		return;
	k = kind_of(w, t);
	if (k == K_NR) {
		if (!btf_is_struct(t) || (expect && expect != t->size * nelems))
			return;
		walk_struct(w, type, off, depth + 1);
		if (nelems > 1 && w->cnt > before)
			repeat_fields(w, before, nelems, t->size);
		return;
	}
	sz = kinds[k].size;
	if ((expect && expect != sz * nelems) || off % kinds[k].align)
		return;
	if (k != K_KPTR && t->size != sz)
		return; /* btf_find_struct: BTF_FIELD_IGNORE */
	if ((k == K_LIST_HEAD || k == K_RB_ROOT) &&
	    !has_contains(w->btf, container, comp)) {
		w->bad = true; /* btf_find_graph_root: -EINVAL */
		return;
	}
	add_field(w, k, off, nelems, sz);
}

static void walk_struct(struct walk *w, uint32_t id, uint32_t base, int depth)
{
	const struct btf_type *t = btf__type_by_id(w->btf, id);

	if (depth >= DEPTH_MAX) {
		w->bad = true;
		return;
	}
	for (uint32_t i = 0; t && i < btf_vlen(t) && !w->bad; i++) {
		uint32_t bit = btf_member_bit_offset(t, i);

		if (bit % 8) {
			w->bad = true; /* "valid C code cannot generate" */
			return;
		}
		walk_one(w, id, (int)i, btf_members(t)[i].type, base + bit / 8,
			 0, depth);
	}
}

static void walk_datasec(struct walk *w, const struct btf_type *t)
{
	const struct btf_var_secinfo *vi = btf_var_secinfos(t);

	for (uint32_t i = 0; i < btf_vlen(t) && !w->bad; i++) {
		const struct btf_type *v = btf__type_by_id(w->btf, vi[i].type);

		if (v && btf_is_var(v))
			walk_one(w, vi[i].type, -1, v->type, vi[i].offset,
				 vi[i].size, 0);
	}
}

static int cmp_found(const void *a, const void *b)
{
	const struct found *x = a, *y = b;

	return (x->off > y->off) - (x->off < y->off);
}

/* btf_parse_fields: sorted, in the value, not overlapping. */
static void check_layout(struct walk *w, uint32_t size)
{
	uint32_t next = 0;

	qsort(w->f, w->cnt, sizeof(*w->f), cmp_found);
	for (int i = 0; i < w->cnt && !w->bad; i++) {
		uint32_t sz = kinds[w->f[i].kind].size;

		if (w->f[i].off < next || w->f[i].off + sz > size)
			w->bad = true;
		next = w->f[i].off + sz;
	}
}

void bc_btf_parse_fields(const struct btf *btf, uint32_t id, uint32_t size,
			 enum bc_fields_at at, struct bc_btf_record *rec)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	struct walk w = { .btf = btf, .mask = masks[at] };

	rec->lock_off = rec->timer_off = -1;
	rec->bad = false;
	if (t && btf_is_struct(t))
		walk_struct(&w, id, 0, 0);
	else if (t && btf_is_datasec(t))
		walk_datasec(&w, t);
	else
		return; /* a union or a scalar: no record */
	if (!w.bad)
		check_layout(&w, size);
	rec->bad = w.bad;
	for (int i = 0; i < w.cnt && !w.bad; i++) {
		if (w.f[i].kind == K_SPIN_LOCK)
			rec->lock_off = (int32_t)w.f[i].off;
		else if (w.f[i].kind == K_TIMER)
			rec->timer_off = (int32_t)w.f[i].off;
	}
}

/* A direct member whose type is a graph or lock struct, or a kptr. */
static bool has_alloc_field(const struct btf *btf, const struct btf_type *t)
{
	struct walk w = { .btf = btf, .mask = masks[BC_FIELDS_BTF_LOAD] };

	for (uint32_t i = 0; i < btf_vlen(t); i++) {
		const struct btf_type *m =
			btf__type_by_id(btf, btf_members(t)[i].type);

		if (m && kind_of(&w, m) != K_NR)
			return true;
	}
	return false;
}

bool bc_btf_refused(const struct btf *btf, char *why, size_t len)
{
	uint32_t n = btf__type_cnt(btf);

	for (uint32_t i = 1; i < n; i++) {
		const struct btf_type *t = btf__type_by_id(btf, i);
		struct bc_btf_record rec;

		if (!t || !btf_is_struct(t) || !has_alloc_field(btf, t))
			continue;
		bc_btf_parse_fields(btf, i, t->size, BC_FIELDS_BTF_LOAD, &rec);
		if (!rec.bad)
			continue;
		snprintf(why, len, "struct %s",
			 btf__name_by_offset(btf, t->name_off));
		return true;
	}
	return false;
}
