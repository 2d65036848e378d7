// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Runtime in-memory maps for the interpreter. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "interp/rtmaps.h"
#include "isa/insn.h"

#define RT_POOL_LIMIT (1ull << 32) /* refuse maps needing > 4 GiB */
#define RT_HASH_LIMIT (1u << 26) /* and hash maps of more entries */

bool bc_rtmap_has_values(uint32_t type)
{
	switch (type) {
	case BPF_MAP_TYPE_RINGBUF:
	case BPF_MAP_TYPE_PERF_EVENT_ARRAY:
	case BPF_MAP_TYPE_PROG_ARRAY:
	case BPF_MAP_TYPE_ARRAY_OF_MAPS:
	case BPF_MAP_TYPE_HASH_OF_MAPS:
	case BPF_MAP_TYPE_DEVMAP:
	case BPF_MAP_TYPE_DEVMAP_HASH:
	case BPF_MAP_TYPE_CPUMAP:
	case BPF_MAP_TYPE_XSKMAP:
	case BPF_MAP_TYPE_SOCKMAP:
	case BPF_MAP_TYPE_SOCKHASH: return false;
	}
	return true;
}

/* Maps whose slots start empty (fd-valued maps). */
static bool slot_tracked(uint32_t type)
{
	return !bc_rtmap_has_values(type) && type != BPF_MAP_TYPE_RINGBUF &&
	       type != BPF_MAP_TYPE_PERF_EVENT_ARRAY;
}

bool bc_rtmap_of_maps(uint32_t type)
{
	return type == BPF_MAP_TYPE_ARRAY_OF_MAPS ||
	       type == BPF_MAP_TYPE_HASH_OF_MAPS;
}

static bool is_hashed(uint32_t type)
{
	switch (type) {
	case BPF_MAP_TYPE_HASH:
	case BPF_MAP_TYPE_HASH_OF_MAPS:
	case BPF_MAP_TYPE_DEVMAP_HASH:
	case BPF_MAP_TYPE_SOCKHASH:
	case BPF_MAP_TYPE_PERCPU_HASH:
	case BPF_MAP_TYPE_LRU_HASH:
	case BPF_MAP_TYPE_LRU_PERCPU_HASH: return true;
	}
	return false;
}

static bool is_lru(uint32_t type)
{
	return type == BPF_MAP_TYPE_LRU_HASH ||
	       type == BPF_MAP_TYPE_LRU_PERCPU_HASH;
}

/* Small pools come from the heap: a run that makes its maps afresh (the
 * witness search's thousands) then costs no system call. */
#define HEAP_POOL_MAX (256u << 10)

static void *pool(size_t bytes)
{
	void *p;

	if (!bytes)
		return NULL;
	if (bytes <= HEAP_POOL_MAX)
		return calloc(1, bytes);
	p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

static void pool_free(void *p, size_t bytes)
{
	if (bytes <= HEAP_POOL_MAX)
		free(p);
	else if (p)
		munmap(p, bytes);
}

static int map_init(struct bc_rtmap *m, const struct bc_map *d,
		    struct bc_err *err)
{
	uint64_t vb, kb;

	m->name = bc_xstrdup(d->name ? d->name : "?");
	m->type = d->type;
	m->key_size = d->key_size;
	m->value_size = d->value_size;
	m->max_entries = d->max_entries;
	m->flags = d->map_flags;
	m->readonly = d->readonly || (d->map_flags & BPF_F_RDONLY_PROG);
	m->hashed = is_hashed(d->type);
	if (d->type == BC_MAP_TYPE_ARENA)
		m->arena = bc_rtarena_new(d);
	if (d->type == BPF_MAP_TYPE_RINGBUF || m->arena)
		return 0;
	if (!m->hashed && m->key_size != 4 && m->max_entries)
		m->hashed = true; /* unknown keyed kinds behave as hash */
	m->vstride = (m->value_size + 7) & ~7u;
	/* a gap as large as the value after each one: an access past one
	 * value's end faults rather than landing in the next value */
	if (2ull * m->vstride * m->max_entries <= RT_POOL_LIMIT)
		m->vstride *= 2;
	vb = (uint64_t)m->vstride * m->max_entries;
	kb = m->hashed ? (uint64_t)m->key_size * m->max_entries : 0;
	if (vb > RT_POOL_LIMIT || kb > RT_POOL_LIMIT ||
	    (m->hashed && m->max_entries > RT_HASH_LIMIT))
		return bc_errf(
			err, -1, E2BIG,
			"map '%s': %u entries of %u bytes is too big to run",
			m->name, m->max_entries, m->value_size);
	m->vals_bytes = vb;
	m->keys_bytes = kb;
	m->vals = pool(vb);
	m->keys = pool(kb);
	if ((vb && !m->vals) || (kb && !m->keys))
		return bc_errf(err, -1, ENOMEM, "map '%s': out of memory",
			       m->name);
	if (m->hashed || slot_tracked(m->type))
		m->live = bc_xcalloc(m->max_entries ? m->max_entries : 1, 1);
	if (is_lru(m->type))
		m->stamp = bc_xcalloc(m->max_entries ? m->max_entries : 1, 8);
	if (m->hashed) {
		m->index_cap = 16;
		while (m->index_cap < 2ull * m->max_entries)
			m->index_cap *= 2;
		m->index = bc_xcalloc(m->index_cap, sizeof(*m->index));
		/* freed slots; the never used ones are handed out in
		 * order (fresh), so making a big map costs nothing */
		m->free_slots = bc_xmalloc((m->max_entries + 1) *
					   sizeof(*m->free_slots));
		m->free_cnt = 0;
		m->fresh = 0;
	}
	if (d->init && m->vals && m->max_entries)
		memcpy(m->vals, d->init, BC_MIN(d->init_size, m->value_size));
	return 0;
}

bool bc_rtmaps_reachable(const struct bc_prog *p, uint32_t i)
{
	const struct bc_map *d = &p->obj->maps[i];
	bool plain = d->type == BPF_MAP_TYPE_HASH ||
		     d->type == BPF_MAP_TYPE_ARRAY ||
		     d->type == BPF_MAP_TYPE_PERCPU_HASH ||
		     d->type == BPF_MAP_TYPE_PERCPU_ARRAY ||
		     d->type == BPF_MAP_TYPE_LRU_HASH ||
		     d->type == BPF_MAP_TYPE_LRU_PERCPU_HASH;

	if (!plain)
		return true;
	for (uint32_t k = 0; k < p->maps_used_cnt; k++) {
		const struct bc_map *u = &p->obj->maps[p->maps_used[k]];

		if (p->maps_used[k] == i || bc_rtmap_of_maps(u->type) ||
		    u->type == BPF_MAP_TYPE_PROG_ARRAY)
			return true;
	}
	return false;
}

int bc_rtmaps_new(const struct bc_object *obj, struct bc_rtmaps **out,
		  struct bc_err *err)
{
	return bc_rtmaps_new_for(obj, NULL, out, err);
}

int bc_rtmaps_new_for(const struct bc_object *obj, const struct bc_prog *p,
		      struct bc_rtmaps **out, struct bc_err *err)
{
	struct bc_rtmaps *m = bc_xcalloc(1, sizeof(*m));
	uint32_t i;
	int r;

	m->cnt = obj ? obj->map_cnt : 0;
	m->maps = bc_xcalloc(1, (m->cnt ? m->cnt : 1) * sizeof(*m->maps) +
					BC_RTMAP_OBJECT);
	for (i = 0; i < m->cnt; i++) {
		struct bc_map empty = obj->maps[i];

		/* one p cannot reach: no entries, so no memory */
		empty.max_entries = 0;
		r = map_init(&m->maps[i],
			     !p || bc_rtmaps_reachable(p, i) ? &obj->maps[i] :
							       &empty,
			     err);
		if (r) {
			m->cnt = i + 1;
			bc_rtmaps_free(m);
			return r;
		}
	}
	*out = m;
	return 0;
}

void bc_rtmaps_free(struct bc_rtmaps *m)
{
	uint32_t i;

	if (!m)
		return;
	for (i = 0; i < m->cnt; i++) {
		struct bc_rtmap *r = &m->maps[i];

		pool_free(r->vals, r->vals_bytes);
		pool_free(r->keys, r->keys_bytes);
		free(r->name);
		free(r->live);
		free(r->stamp);
		free(r->index);
		free(r->free_slots);
		bc_rtarena_free(r->arena);
	}
	free(m->maps);
	free(m);
}

struct bc_rtmap *bc_rtmaps_find(struct bc_rtmaps *m, const char *name)
{
	uint32_t i;

	for (i = 0; m && i < m->cnt; i++)
		if (!strcmp(m->maps[i].name, name))
			return &m->maps[i];
	return NULL;
}

struct bc_rtmap *bc_rtmaps_from_ptr(struct bc_rtmaps *m, uint64_t p)
{
	uint32_t i;

	for (i = 0; m && i < m->cnt; i++)
		if ((uint64_t)(uintptr_t)&m->maps[i] == p)
			return &m->maps[i];
	return NULL;
}

static uint32_t hash_key(const uint8_t *k, uint32_t n)
{
	uint32_t h = 2166136261u, i;

	for (i = 0; i < n; i++)
		h = (h ^ k[i]) * 16777619u;
	return h;
}

#define IDX_TOMB UINT32_MAX

/* Index position of key, or of the empty place to insert it (*found). */
static uint32_t hash_find(struct bc_rtmap *m, const void *key, bool *found)
{
	uint32_t mask = m->index_cap - 1, i = hash_key(key, m->key_size) & mask;
	uint32_t tomb = IDX_TOMB;

	*found = false;
	for (;;) {
		uint32_t e = m->index[i];

		if (!e)
			return tomb != IDX_TOMB ? tomb : i;
		if (e == IDX_TOMB) {
			if (tomb == IDX_TOMB)
				tomb = i;
		} else if (!memcmp(m->keys + (size_t)(e - 1) * m->key_size, key,
				   m->key_size)) {
			*found = true;
			return i;
		}
		i = (i + 1) & mask;
	}
}

static void touch(struct bc_rtmap *m, uint32_t slot)
{
	if (m->stamp)
		m->stamp[slot] = ++m->clock;
}

void *bc_rtmap_lookup(struct bc_rtmap *m, const void *key)
{
	uint32_t idx, slot;
	bool found;

	if (m->type == BPF_MAP_TYPE_RINGBUF)
		return NULL;
	if (!m->hashed) {
		memcpy(&idx, key, 4);
		if (idx >= m->max_entries)
			return NULL;
		if (m->live && !m->live[idx])
			return NULL;
		return m->vals + (size_t)idx * m->vstride;
	}
	if (!m->max_entries)
		return NULL;
	idx = hash_find(m, key, &found);
	if (!found)
		return NULL;
	slot = m->index[idx] - 1;
	touch(m, slot);
	return m->vals + (size_t)slot * m->vstride;
}

static void hash_remove(struct bc_rtmap *m, uint32_t idx)
{
	uint32_t slot = m->index[idx] - 1;

	m->index[idx] = IDX_TOMB;
	m->live[slot] = 0;
	m->free_slots[m->free_cnt++] = slot;
	m->count--;
}

static void lru_evict(struct bc_rtmap *m)
{
	uint32_t i, best = UINT32_MAX, slot;
	bool found;

	for (i = 0; i < m->max_entries; i++)
		if (m->live[i] &&
		    (best == UINT32_MAX || m->stamp[i] < m->stamp[best]))
			best = i;
	if (best == UINT32_MAX)
		return;
	slot = hash_find(m, m->keys + (size_t)best * m->key_size, &found);
	if (found)
		hash_remove(m, slot);
}

int bc_rtmap_update(struct bc_rtmap *m, const void *key, const void *val,
		    uint64_t flags)
{
	uint32_t idx, slot;
	bool found;

	if (flags > BPF_EXIST)
		return -EINVAL;
	if (m->type == BPF_MAP_TYPE_RINGBUF)
		return -EINVAL;
	if (!m->hashed) {
		memcpy(&idx, key, 4);
		if (idx >= m->max_entries)
			return -E2BIG;
		if (flags == BPF_NOEXIST)
			return -EEXIST;
		memcpy(m->vals + (size_t)idx * m->vstride, val, m->value_size);
		if (m->live)
			m->live[idx] = 1;
		return 0;
	}
	if (!m->max_entries)
		return -E2BIG;
	idx = hash_find(m, key, &found);
	if (found && flags == BPF_NOEXIST)
		return -EEXIST;
	if (!found && flags == BPF_EXIST)
		return -ENOENT;
	if (found) {
		slot = m->index[idx] - 1;
	} else {
		if (!m->free_cnt && m->fresh == m->max_entries) {
			if (!is_lru(m->type))
				return -E2BIG;
			lru_evict(m);
			idx = hash_find(m, key, &found);
		}
		slot = m->free_cnt ? m->free_slots[--m->free_cnt] : m->fresh++;
		m->index[idx] = slot + 1;
		m->live[slot] = 1;
		m->count++;
		memcpy(m->keys + (size_t)slot * m->key_size, key, m->key_size);
	}
	memcpy(m->vals + (size_t)slot * m->vstride, val, m->value_size);
	touch(m, slot);
	return 0;
}

int bc_rtmap_delete(struct bc_rtmap *m, const void *key)
{
	uint32_t idx;
	bool found;

	if (!m->hashed) {
		if (!m->live)
			return -EINVAL;
		memcpy(&idx, key, 4);
		if (idx >= m->max_entries || !m->live[idx])
			return -ENOENT;
		m->live[idx] = 0;
		return 0;
	}
	if (!m->max_entries)
		return -ENOENT;
	idx = hash_find(m, key, &found);
	if (!found)
		return -ENOENT;
	hash_remove(m, idx);
	return 0;
}

bool bc_rtmap_slot(struct bc_rtmap *m, uint32_t i, const void **key, void **val,
		   uint32_t *scratch)
{
	if (i >= m->max_entries || !m->vals)
		return false;
	if (m->live && !m->live[i])
		return false;
	if (m->hashed) {
		*key = m->keys + (size_t)i * m->key_size;
	} else {
		*scratch = i;
		*key = scratch;
	}
	*val = m->vals + (size_t)i * m->vstride;
	return true;
}

bool bc_rtmap_covers(struct bc_rtmap *m, uint64_t addr, uint64_t size,
		     struct bc_rtmap_at *at)
{
	uint64_t off, slot;

	memset(at, 0, sizeof(*at));
	if (m->vals && addr >= (uintptr_t)m->vals &&
	    addr < (uintptr_t)m->vals + m->vals_bytes) {
		off = addr - (uintptr_t)m->vals;
		slot = off / m->vstride;
		at->off = off - slot * m->vstride;
		at->size = m->value_size;
		at->live = !m->live || m->live[slot];
		at->inside = at->live && size <= m->value_size &&
			     at->off <= m->value_size - size;
		at->writable = !m->readonly;
		return true;
	}
	if (m->keys && addr >= (uintptr_t)m->keys &&
	    addr < (uintptr_t)m->keys + m->keys_bytes) {
		off = addr - (uintptr_t)m->keys;
		slot = off / m->key_size;
		at->off = off - slot * m->key_size;
		at->size = m->key_size;
		at->key = true;
		at->live = m->live[slot];
		at->inside = at->live && size <= m->key_size &&
			     at->off <= m->key_size - size;
		return true;
	}
	return false;
}
