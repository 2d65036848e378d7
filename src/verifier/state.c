// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Abstract state of the verifier: kinds, copies, formatting, subsumption. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/btfctx.h"
#include "util/util.h"
#include "platform/kbtf.h"
#include "prog/prog.h"
#include "verifier/state.h"
#include "verifier/tags.h"

static const char *const kind_names[VK_MAX] = {
	[VK_NOT_INIT] = "?",
	[VK_SCALAR] = "scalar",
	[VK_CTX] = "ctx",
	[VK_FP] = "fp",
	[VK_PKT] = "pkt",
	[VK_PKT_META] = "pkt_meta",
	[VK_PKT_END] = "pkt_end",
	[VK_MAP_VALUE] = "map_value",
	[VK_MAP_VALUE_OR_NULL] = "map_value_or_null",
	[VK_MAP_KEY] = "map_key",
	[VK_MAP_PTR] = "map_ptr",
	[VK_MEM] = "ringbuf_mem",
	[VK_MEM_OR_NULL] = "ringbuf_mem_or_null",
	[VK_SOCK] = "sock",
	[VK_SOCK_OR_NULL] = "sock_or_null",
	[VK_SOCK_COMMON] = "sock_common",
	[VK_SOCK_COMMON_OR_NULL] = "sock_common_or_null",
	[VK_TCP_SOCK] = "tcp_sock",
	[VK_TCP_SOCK_OR_NULL] = "tcp_sock_or_null",
	[VK_BTF_ID] = "ptr_",
	[VK_BTF_ID_OR_NULL] = "ptr_or_null_",
	[VK_FLOW_KEYS] = "flow_keys",
	[VK_FUNC] = "func",
	[VK_CONST_DYNPTR] = "dynptr_ptr",
	[VK_ARENA] = "arena",
};

const char *bc_vkind_name(unsigned kind)
{
	return kind < VK_MAX ? kind_names[kind] : "?";
}

const char *bc_vreg_kind_name(const struct bc_vreg *r)
{
	if (r->kind == VK_MEM && r->frame)
		return r->bflags & VM_RDONLY ? "rdonly_mem" : "mem";
	if (r->kind == VK_MEM_OR_NULL && r->frame)
		return r->bflags & VM_RDONLY ? "rdonly_mem_or_null" :
					       "mem_or_null";
	return bc_vkind_name(r->kind);
}

const char *bc_vreg_type_str(const struct bc_vreg *r, char *buf, size_t len)
{
	if (r->kind != VK_BTF_ID && r->kind != VK_BTF_ID_OR_NULL)
		return bc_vreg_kind_name(r);
	bc_btf_ptr_str(r->bflags | (r->kind == VK_BTF_ID_OR_NULL ?
					    BC_BTF_MAYBE_NULL :
					    0),
		       buf, len);
	return buf;
}

bool bc_vkind_is_ptr(unsigned kind)
{
	return kind != VK_NOT_INIT && kind != VK_SCALAR;
}

bool bc_vkind_or_null(unsigned kind)
{
	switch (kind) {
	case VK_MAP_VALUE_OR_NULL:
	case VK_MEM_OR_NULL:
	case VK_SOCK_OR_NULL:
	case VK_SOCK_COMMON_OR_NULL:
	case VK_TCP_SOCK_OR_NULL:
	case VK_BTF_ID_OR_NULL: return true;
	}
	return false;
}

unsigned bc_vkind_not_null(unsigned kind)
{
	switch (kind) {
	case VK_MAP_VALUE_OR_NULL: return VK_MAP_VALUE;
	case VK_MEM_OR_NULL: return VK_MEM;
	case VK_SOCK_OR_NULL: return VK_SOCK;
	case VK_SOCK_COMMON_OR_NULL: return VK_SOCK_COMMON;
	case VK_TCP_SOCK_OR_NULL: return VK_TCP_SOCK;
	case VK_BTF_ID_OR_NULL: return VK_BTF_ID;
	}
	return kind;
}

void bc_vreg_scalar(struct bc_vreg *r)
{
	memset(r, 0, sizeof(*r));
	r->kind = VK_SCALAR;
	bc_scalar_unknown(&r->s);
}

void bc_vreg_scalar_load(struct bc_vreg *r, int size, bool sx)
{
	bc_vreg_scalar(r);
	bc_scalar_load(&r->s, size, sx);
}

void bc_vstate_for_each_reg(struct bc_vstate *st,
			    void (*fn)(struct bc_vreg *, void *), void *arg)
{
	for (uint32_t i = 0; i <= st->curframe; i++) {
		struct bc_vframe *f = st->frames[i];

		for (int r = 0; r < BC_MAX_REG; r++)
			fn(&f->regs[r], arg);
		for (int k = 0; k < BC_SLOTS; k++)
			if (f->stype[8 * k] == VS_SPILL)
				fn(&f->spill[k], arg);
	}
}

void bc_vreg_invalid(struct bc_vreg *r, bool priv)
{
	if (priv)
		bc_vreg_scalar(r);
	else
		bc_vreg_ptr(r, VK_NOT_INIT);
}

void bc_vreg_const(struct bc_vreg *r, uint64_t v)
{
	memset(r, 0, sizeof(*r));
	r->kind = VK_SCALAR;
	bc_scalar_const(&r->s, v);
}

void bc_vreg_ptr(struct bc_vreg *r, unsigned kind)
{
	memset(r, 0, sizeof(*r));
	r->kind = kind;
	bc_scalar_const(&r->s, 0);
}

static bool is_map_kind(unsigned kind)
{
	return kind == VK_MAP_PTR || kind == VK_MAP_VALUE ||
	       kind == VK_MAP_VALUE_OR_NULL || kind == VK_MAP_KEY;
}

/* A PTR_TO_BTF_ID's struct, named after its type as Linux prints it. */
static const char *btf_name(const struct bc_vreg *r,
			    const struct bc_object *obj)
{
	if ((r->kind != VK_BTF_ID && r->kind != VK_BTF_ID_OR_NULL) || !obj ||
	    !obj->kbtf || !r->btf_id)
		return "";
	return bc_btf_type_name(bc_kernel_btf_get(obj->kbtf, NULL), r->btf_id);
}

static void vreg_fmt(const struct bc_vreg *r, const struct bc_object *obj,
		     char *buf, size_t len)
{
	char v[320], t[48];
	int n;

	if (r->kind == VK_SCALAR) {
		bc_scalar_fmt(&r->s, buf, len);
		return;
	}
	if (r->kind == VK_ARENA) { /* Linux prints nothing more */
		snprintf(buf, len, "arena");
		return;
	}
	if (r->kind == VK_FP && bc_scalar_is_const(&r->s)) {
		snprintf(buf, len, "fp%d",
			 r->off + (int32_t)r->s.var_off.value);
		return;
	}
	n = snprintf(buf, len, "%s%s(", bc_vreg_type_str(r, t, sizeof(t)),
		     btf_name(r, obj));
	v[0] = 0;
	if (r->id)
		snprintf(v + strlen(v), sizeof(v) - strlen(v), "id=%u,", r->id);
	if (r->ref_id)
		snprintf(v + strlen(v), sizeof(v) - strlen(v), "ref_obj_id=%u,",
			 r->ref_id);
	if (obj && is_map_kind(r->kind) && r->map < obj->map_cnt)
		snprintf(v + strlen(v), sizeof(v) - strlen(v),
			 "map=%.40s,ks=%u,vs=%u,", obj->maps[r->map].name,
			 obj->maps[r->map].key_size,
			 obj->maps[r->map].value_size);
	if (r->off)
		snprintf(v + strlen(v), sizeof(v) - strlen(v), "off=%d,",
			 r->off);
	if (r->kind == VK_PKT || r->kind == VK_PKT_META)
		snprintf(v + strlen(v), sizeof(v) - strlen(v), "r=%d,",
			 r->range);
	if (r->kind == VK_MEM || r->kind == VK_MEM_OR_NULL)
		snprintf(v + strlen(v), sizeof(v) - strlen(v), "sz=%u,",
			 r->mem_size);
	if (!bc_scalar_is_const(&r->s) || r->s.var_off.value) {
		char s[200];

		bc_scalar_fmt(&r->s, s, sizeof(s));
		snprintf(v + strlen(v), sizeof(v) - strlen(v), "var=%s,", s);
	}
	if (*v)
		v[strlen(v) - 1] = 0;
	if (n < 0 || (size_t)n >= len)
		return;
	snprintf(buf + n, len - n, "%s)", v);
}

void bc_vreg_fmt(const struct bc_vreg *r, char *buf, size_t len)
{
	vreg_fmt(r, NULL, buf, len);
}

void bc_vreg_fmt_obj(const struct bc_vreg *r, const struct bc_object *obj,
		     char *buf, size_t len)
{
	vreg_fmt(r, obj, buf, len);
}

static _Thread_local size_t vmem_live, vmem_peak;

static void vmem_add(size_t n)
{
	vmem_live += n;
	if (vmem_live > vmem_peak)
		vmem_peak = vmem_live;
}

static void vmem_sub(size_t n)
{
	vmem_live -= vmem_live < n ? vmem_live : n;
}

static struct bc_vframe *frame_alloc(void)
{
	vmem_add(sizeof(struct bc_vframe));
	return bc_xmalloc(sizeof(struct bc_vframe));
}

/*
 * spill_lo..BC_SLOTS-1 of f, as stored: the array is indexed by slot,
 * its storage holds the slots in use only.
 */
static struct bc_vreg *spill_mem(const struct bc_vframe *f)
{
	if (f->spill_lo >= BC_SLOTS)
		return NULL;
	return (struct bc_vreg *)((uintptr_t)f->spill +
				  f->spill_lo * sizeof(struct bc_vreg));
}

static void spill_set(struct bc_vframe *f, struct bc_vreg *mem, uint32_t lo)
{
	f->spill_lo = lo;
	f->spill = (struct bc_vreg *)((uintptr_t)mem -
				      lo * sizeof(struct bc_vreg));
}

void bc_vframe_spill_grow(struct bc_vframe *f, int k)
{
	uint32_t lo = (uint32_t)k & ~3u; /* 4 slots at a time */
	uint32_t had = BC_SLOTS - f->spill_lo, n = BC_SLOTS - lo;
	struct bc_vreg *mem;

	if (k < 0 || (uint32_t)k >= f->spill_lo)
		return;
	mem = bc_xcalloc(n, sizeof(*mem));
	if (had)
		memcpy(mem + (n - had), spill_mem(f), had * sizeof(*mem));
	free(spill_mem(f));
	vmem_add((n - had) * sizeof(*mem));
	spill_set(f, mem, lo);
}

void bc_vframe_free(struct bc_vframe *f)
{
	if (!f)
		return;
	vmem_sub(sizeof(*f) + (BC_SLOTS - f->spill_lo) * sizeof(*f->spill));
	free(spill_mem(f));
	free(f);
}

size_t bc_vmem_live(void)
{
	return vmem_live;
}

size_t bc_vmem_peak(void)
{
	return vmem_peak;
}

void bc_vmem_reset_peak(void)
{
	vmem_peak = vmem_live;
}

struct bc_vframe *bc_vframe_new(uint32_t subprog, uint32_t callsite,
				uint32_t frameno)
{
	struct bc_vframe *f = frame_alloc();

	memset(f, 0, sizeof(*f));
	spill_set(f, NULL, BC_SLOTS);
	f->subprog = subprog;
	f->callsite = callsite;
	f->cb_proto = -1;
	bc_vreg_ptr(&f->regs[10], VK_FP);
	f->regs[10].frame = frameno;
	return f;
}

static struct bc_vframe *frame_copy(const struct bc_vframe *src)
{
	struct bc_vframe *f = frame_alloc();
	uint32_t n = BC_SLOTS - src->spill_lo;
	struct bc_vreg *mem = NULL;

	*f = *src;
	if (n) {
		mem = bc_xmalloc(n * sizeof(*mem));
		memcpy(mem, spill_mem(src), n * sizeof(*mem));
		vmem_add(n * sizeof(*mem));
	}
	spill_set(f, mem, src->spill_lo);
	return f;
}

void bc_vstate_copy(struct bc_vstate *dst, const struct bc_vstate *src)
{
	*dst = *src;
	for (uint32_t i = 0; i <= src->curframe; i++)
		dst->frames[i] = frame_copy(src->frames[i]);
	for (uint32_t i = src->curframe + 1; i < BC_MAX_CALL_FRAMES; i++)
		dst->frames[i] = NULL;
	dst->refs = NULL;
	if (src->ref_cnt) {
		dst->refs = bc_xmalloc(src->ref_cnt * sizeof(*dst->refs));
		memcpy(dst->refs, src->refs, src->ref_cnt * sizeof(*dst->refs));
	}
}

void bc_vstate_free(struct bc_vstate *st)
{
	for (uint32_t i = 0; i < BC_MAX_CALL_FRAMES; i++) {
		bc_vframe_free(st->frames[i]);
		st->frames[i] = NULL;
	}
	free(st->refs);
	st->refs = NULL;
	st->ref_cnt = 0;
}

/* old id -> cur id mapping, must be consistent (a bijection in use). */
struct idmap {
	uint32_t old[64], cur[64];
	unsigned n;
	uint32_t fresh; /* ids given to unlinked scalars of cur */
	bool overflow;
};

static bool idmap_check(struct idmap *m, uint32_t o, uint32_t c)
{
	if (!o && !c)
		return true;
	if (!o || !c)
		return false;
	for (unsigned i = 0; i < m->n; i++) {
		if (m->old[i] == o)
			return m->cur[i] == c;
		if (m->cur[i] == c)
			return false;
	}
	if (m->n == 64)
		return false;
	m->old[m->n] = o;
	m->cur[m->n++] = c;
	return true;
}

/*
 * Linux's check_scalar_ids: a scalar linked in old (its branches refined
 * the registers sharing its id together) and linked to nothing in cur
 * stands alone in cur: it gets an id of its own, so that it corresponds
 * to old's only if no other location of old shares that id.
 */
static bool scalar_ids(struct idmap *m, uint32_t o, uint32_t c)
{
	if (!o)
		return true;
	if (!c)
		c = 0x40000000u | ++m->fresh;
	return idmap_check(m, o, c);
}

/* The stack buffer a dynptr slice may be (buf_len is ivr elsewhere). */
static bool same_buf(const struct bc_vreg *o, const struct bc_vreg *c)
{
	if (o->kind != VK_MEM && o->kind != VK_MEM_OR_NULL)
		return true;
	return o->buf_frame == c->buf_frame && o->buf_off == c->buf_off &&
	       o->buf_len == c->buf_len;
}

/*
 * A pointer's id. At a loop summary's header, old's pointer linked to
 * nothing (a variable step gave it an id of its own) stands for cur's,
 * with no id (the packet pointers at fixed offsets, whose ranges move
 * together) or with one other pointers of cur share: exploring old,
 * fewer registers learnt from each check.
 */
static bool ptr_ids(struct idmap *m, uint32_t o, uint32_t c,
		    enum bc_sub_mode mode)
{
	if (mode != BC_SUB_HEADER)
		return idmap_check(m, o, c);
	return idmap_check(m, o, c) || (o && scalar_ids(m, o, 0));
}

static bool reg_sub(const struct bc_vreg *o, const struct bc_vreg *c,
		    struct idmap *m, enum bc_sub_mode mode, uint32_t own)
{
	bool exact = mode == BC_SUB_EXACT;

	if (mode != BC_SUB_EXACT && o->iv && o->iv != own &&
	    o->kind != VK_NOT_INIT && !vt_same(o, c))
		return false;
	if (o->kind == VK_NOT_INIT && !exact)
		return true;
	if (o->kind != c->kind)
		return false;
	if (o->kind == VK_NOT_INIT || o->kind == VK_ARENA)
		return true;
	if (o->kind == VK_SCALAR) {
		if (exact && o->narrow != c->narrow)
			return false;
		/* no decision below old depended on its value; a tagged
		 * one shares its range with others tagged alike (vl_sync),
		 * one with a packet fact gives pointers their range */
		if (mode == BC_SUB_PRUNE && !o->precise && !o->iv && !o->range)
			return true;
		if (exact ? o->range != c->range : o->range > c->range)
			return false;
		/* an id links a narrow spill's low half only, a whole
		 * spill entirely: old's link must mean the same in cur */
		if (o->id && o->narrow != c->narrow)
			return false;
		if (exact)
			return bc_scalar_equal(&o->s, &c->s) &&
			       idmap_check(m, o->id, c->id);
		if (mode == BC_SUB_STRICT)
			return bc_scalar_equal(&o->s, &c->s) &&
			       scalar_ids(m, o->id, c->id);
		/* old's exploration relied on registers linked by id
		 * being equal: cur must link them the same way */
		if (!scalar_ids(m, o->id, c->id))
			return false;
		return bc_scalar_subsumes(&o->s, &c->s);
	}
	if (o->frame != c->frame || o->map != c->map ||
	    o->mem_size != c->mem_size || o->btf_id != c->btf_id ||
	    o->bflags != c->bflags || !same_buf(o, c))
		return false;
	if (o->off != c->off) {
		/* the same addresses split differently between the fixed
		 * and the variable offset (a widened, walking pointer); a
		 * packet range is relative to the split: in old's, cur's
		 * has off - old's off bytes fewer */
		struct bc_scalar cs = c->s, d;
		int64_t delta = (int64_t)c->off - o->off;

		if (exact || o->range < 0 ||
		    (o->range && (c->range < 0 || o->range > c->range - delta)))
			return false;
		bc_scalar_const(&d, (uint64_t)delta);
		bc_scalar_alu(&cs, &d, BPF_ADD, false, 0);
		if (!bc_scalar_subsumes(&o->s, &cs))
			return false;
	} else if (exact ? !bc_scalar_equal(&o->s, &c->s) :
			   !bc_scalar_subsumes(&o->s, &c->s)) {
		return false;
	}
	/* an end mark (negative) decided branches: it must be the same */
	if (exact || o->range < 0 || c->range < 0 ? o->range != c->range :
						    o->range > c->range)
		return false;
	if (!ptr_ids(m, o->id, c->id, mode))
		return false;
	return idmap_check(m, o->ref_id | 0x80000000u, c->ref_id | 0x80000000u);
}

/*
 * Does a stack byte of type t read as data? Uninitialised bytes do too
 * for a loader that may read them (Linux's allow_uninit_stack).
 */
static bool misc_byte(uint8_t t, bool uninit)
{
	return t == VS_MISC || t == VS_ZERO || (uninit && t == VS_INVALID);
}

/*
 * An imprecise spilled scalar in old stands for any initialised bytes:
 * a fill from cur's slot gives an unknown scalar where old's gave a
 * value nothing depended on.
 */
static bool misc_for(const struct bc_vframe *o, const struct bc_vframe *c,
		     int k, enum bc_sub_mode mode, bool uninit)
{
	if (mode != BC_SUB_PRUNE || o->spill[k].kind != VK_SCALAR ||
	    o->spill[k].precise || o->spill[k].iv)
		return false;
	for (int b = 0; b < 8; b++)
		if (!misc_byte(c->stype[8 * k + b], uninit))
			return false;
	return true;
}

/*
 * An iterator slot (Linux's stacksafe for STACK_ITER): the same kind and
 * state, references that correspond; the depth is not compared.
 */
static bool iter_sub(const struct bc_vframe *o, const struct bc_vframe *c,
		     int k, struct idmap *m)
{
	const struct bc_vreg *a = &o->spill[k], *b = &c->spill[k];

	if (memcmp(o->stype + 8 * k, c->stype + 8 * k, 8))
		return false;
	return a->map == b->map && a->off == b->off &&
	       a->mem_size == b->mem_size && a->range == b->range &&
	       a->bflags == b->bflags &&
	       idmap_check(m, a->ref_id | 0x80000000u, b->ref_id | 0x80000000u);
}

/*
 * A packet pointer derived from a tagged value (ivw VL_W_PKT)
 * is read again, dead or not, by the next derivation of the same address
 * (ivrel.c, vt_derive_pkt takes its range): old relied on it.
 */
static bool derived_pkt(const struct bc_vreg *r)
{
	return (r->kind == VK_PKT || r->kind == VK_PKT_META) &&
	       r->ivw == VL_W_PKT;
}

static bool frame_sub(const struct bc_vframe *o, const struct bc_vframe *c,
		      uint16_t live, uint64_t slive, struct idmap *m,
		      enum bc_sub_mode mode, uint32_t own, bool uninit)
{
	bool exact = mode == BC_SUB_EXACT;

	if (o->callsite != c->callsite || o->subprog != c->subprog ||
	    o->cb_proto != c->cb_proto)
		return false;
	/* fewer callback rounds left than in the old state (Linux's
	 * func_states_equal) */
	if (o->callback_depth > c->callback_depth)
		return false;
	for (int r = 0; r < BC_MAX_REG; r++) {
		if (!(live & (1u << r)) && !derived_pkt(&o->regs[r]))
			continue;
		if (!reg_sub(&o->regs[r], &c->regs[r], m, mode, own))
			return false;
	}
	for (int k = 0; k < BC_SLOTS; k++) {
		const uint8_t *ot = o->stype + 8 * k, *ct = c->stype + 8 * k;

		if (!(slive & (1ull << k)) &&
		    !(ot[0] == VS_SPILL && derived_pkt(&o->spill[k])))
			continue;
		if (ot[0] == VS_ITER || ct[0] == VS_ITER ||
		    ot[0] == VS_DYNPTR || ct[0] == VS_DYNPTR) {
			if (!iter_sub(o, c, k, m))
				return false;
			continue;
		}
		if (ot[0] == VS_SPILL || ct[0] == VS_SPILL) {
			if (ot[0] == VS_SPILL && ct[0] == VS_SPILL) {
				if (!reg_sub(&o->spill[k], &c->spill[k], m,
					     mode, own))
					return false;
				continue;
			}
			if (exact)
				return false;
			if (ot[0] == VS_SPILL &&
			    !misc_for(o, c, k, mode, uninit))
				return false; /* old relied on a spill */
			if (ot[0] == VS_SPILL)
				continue;
		}
		for (int b = 0; b < 8; b++) {
			uint8_t x = ot[b], y = ct[b];

			if (exact) {
				if (x != y)
					return false;
				continue;
			}
			if (x == VS_INVALID)
				continue;
			if (x == VS_MISC && misc_byte(y, uninit))
				continue;
			if (x == VS_MISC && y == VS_SPILL &&
			    c->spill[k].kind == VK_SCALAR)
				continue;
			if (x == y && x != VS_SPILL)
				continue;
			return false;
		}
	}
	return true;
}

bool bc_vstate_subsumes(const struct bc_vstate *old,
			const struct bc_vstate *cur, const uint16_t *live,
			enum bc_sub_mode mode, uint32_t own)
{
	return bc_vstate_subsumes_live(old, cur, live, NULL, mode, own, false);
}

bool bc_vstate_subsumes_live(const struct bc_vstate *old,
			     const struct bc_vstate *cur, const uint16_t *live,
			     const uint64_t *slive, enum bc_sub_mode mode,
			     uint32_t own, bool uninit)
{
	struct idmap m = { .n = 0 };

	if (old->curframe != cur->curframe || old->ref_cnt != cur->ref_cnt)
		return false;
	/* old's runs may have relied on more bytes proven than cur's */
	if (mode == BC_SUB_EXACT ? old->pkt_len != cur->pkt_len :
				   old->pkt_len > cur->pkt_len)
		return false;
	/* a peeled round: cur's runs visit the header no more often than
	 * old's (an exact repeat is an infinite loop all the same) */
	if (mode != BC_SUB_EXACT &&
	    (old->peel_loop != cur->peel_loop ||
	     old->peel_frame != cur->peel_frame || old->peel_n < cur->peel_n))
		return false;
	/* the same lock held, through pointers linked alike (states_equal) */
	if (old->lock_map != cur->lock_map || old->rcu_lock != cur->rcu_lock ||
	    old->preempt_lock != cur->preempt_lock ||
	    !old->lock_id != !cur->lock_id ||
	    (old->lock_id && !idmap_check(&m, old->lock_id, cur->lock_id)))
		return false;
	for (uint32_t f = 0; f <= old->curframe; f++)
		if (!frame_sub(old->frames[f], cur->frames[f], live[f],
			       slive ? slive[f] : ~0ull, &m, mode, own, uninit))
			return false;
	for (uint32_t i = 0; i < old->ref_cnt; i++) {
		bool found = false;

		for (uint32_t j = 0; j < m.n; j++)
			if (m.old[j] == (old->refs[i].id | 0x80000000u))
				found = true;
		if (!found && !idmap_check(&m, old->refs[i].id | 0x80000000u,
					   cur->refs[i].id | 0x80000000u))
			return false;
	}
	return true;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdull;
}

static uint64_t rotl(uint64_t x, unsigned k)
{
	return x << k | x >> (64 - k);
}

/*
 * Every field counts (an evicted checkpoint is judged by its key alone),
 * folded by rotations into few mixes: this runs at every prune point.
 */
static uint64_t reg_hash(uint64_t h, const struct bc_vreg *r)
{
	const struct bc_scalar *s = &r->s;

	h = mix(h, r->kind | (uint64_t)r->frame << 8 |
			   (uint64_t)(uint32_t)r->off << 32);
	if (r->kind == VK_NOT_INIT)
		return h;
	h = mix(h, (uint64_t)(uint32_t)r->range | (uint64_t)r->map << 32);
	h = mix(h, (r->mem_size | (uint64_t)r->btf_id << 32) ^
			   (uint64_t)r->bflags << 56);
	h = mix(h, s->var_off.value ^ rotl(s->var_off.mask, 17));
	h = mix(h, s->umin ^ rotl(s->umax, 29) ^ rotl((uint64_t)s->smin, 41) ^
			   rotl((uint64_t)s->smax, 53));
	return mix(h, (s->u32_min | (uint64_t)s->u32_max << 32) ^
			      rotl((uint32_t)s->s32_min |
					   (uint64_t)(uint32_t)s->s32_max << 32,
				   23));
}

uint64_t bc_vstate_hash(const struct bc_vstate *st, const uint16_t *live)
{
	uint64_t h = mix(0, st->curframe | (uint64_t)st->ref_cnt << 32);

	h = mix(h, st->may_goto_depth | (uint64_t)st->iter_depth << 32);
	h = mix(h, st->lock_map | (uint64_t)st->rcu_lock << 32);
	h = mix(h, st->preempt_lock | (uint64_t)(uint32_t)st->pkt_len << 32);

	for (uint32_t f = 0; f <= st->curframe; f++) {
		const struct bc_vframe *fr = st->frames[f];

		h = mix(h, fr->callsite | (uint64_t)fr->subprog << 32);
		for (int r = 0; r < BC_MAX_REG; r++)
			if (live[f] & (1u << r))
				h = reg_hash(h, &fr->regs[r]);
		for (int k = 0; k < BC_SLOTS; k++) {
			uint64_t t;

			memcpy(&t, fr->stype + 8 * k, 8);
			if (!t) /* VS_INVALID: equal states skip alike */
				continue;
			h = mix(h, t ^ k);
			if (fr->stype[8 * k] == VS_SPILL)
				h = reg_hash(h, &fr->spill[k]);
			if (fr->stype[8 * k] == VS_ITER ||
			    fr->stype[8 * k] == VS_DYNPTR)
				h = mix(h,
					fr->spill[k].map |
						(uint64_t)(uint32_t)fr->spill[k]
								.off
							<< 32);
		}
	}
	/* mix()'s multiplies carry differences up, never down: avalanche
	 * (murmur3's finaliser) before the low bits pick a hash slot */
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ull;
	h ^= h >> 33;
	return h | 1; /* never 0 */
}
