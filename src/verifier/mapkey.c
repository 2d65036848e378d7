// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* A lookup that cannot fail: a constant key in an array map (mapkey.h). */
#include <linux/bpf.h>

#include "verifier/mapkey.h"
#include "verifier/precision.h"

/*
 * Is s a spill of exactly size bytes holding a known value? A narrow
 * spill keeps its low size bytes and leaves the others unknown (mem.c's
 * spill_narrow); Linux requires the spill and the key to be as wide.
 */
static bool spill_of_size(const struct bc_scalar *s, uint32_t size)
{
	uint64_t low = size >= 8 ? ~0ull : (1ull << (8 * size)) - 1;

	return s->var_off.mask == ~low;
}

/*
 * The key at fp+o of frame f, when the stack holds it as a constant:
 * zero bytes as wide as the key, or a spill as wide as the key.
 */
static bool const_key(struct venv *e, unsigned f, int o, uint32_t size,
		      uint64_t *val)
{
	const struct bc_vframe *fr = e->cur.frames[f];
	int i = BC_STACK + o, k = i / 8;
	uint32_t zero = 0;

	for (int b = i; b < 8 * k + 8 && fr->stype[b] == VS_ZERO; b++)
		zero++;
	if (zero >= size) {
		*val = 0;
		return true;
	}
	if (i % 8 || fr->stype[i] != VS_SPILL ||
	    fr->spill[k].kind != VK_SCALAR ||
	    !spill_of_size(&fr->spill[k].s, size))
		return false;
	*val = fr->spill[k].s.var_off.value;
	vp_mark_slot(e, f, k);
	return true;
}

bool vc_lookup_not_null(struct venv *e, int32_t fn, int32_t map)
{
	const struct bc_vreg *key = vc_reg(e, 2);
	const struct bc_map *m;
	uint64_t val;
	int o;

	if (fn != BPF_FUNC_map_lookup_elem || map < 0 || !e->bpf_cap ||
	    !e->kern->lookup_const_key)
		return false;
	m = &e->obj->maps[map];
	if (m->type != BPF_MAP_TYPE_ARRAY &&
	    m->type != BPF_MAP_TYPE_PERCPU_ARRAY)
		return false;
	if (key->kind != VK_FP || !bc_scalar_is_const(&key->s) ||
	    !m->key_size || m->key_size > 8)
		return false;
	o = key->off + (int)key->s.var_off.value;
	if (o < -BC_STACK || o + (int)m->key_size > 0)
		return false;
	return const_key(e, key->frame, o, m->key_size, &val) &&
	       val < m->max_entries;
}
