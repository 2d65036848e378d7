// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Dynptrs as Linux verifies them (process_dynptr_func and the stack-slot
 * functions around it): a struct bpf_dynptr is 16 bytes of stack, two
 * VS_DYNPTR slots made by a constructor (bpf_dynptr_from_mem,
 * bpf_ringbuf_reserve_dynptr, bpf_dynptr_from_skb/xdp, a clone). A ring
 * buffer's holds a reference its submit or discard releases, with every
 * clone and slice; writing over any other destroys it and its slices.
 * Callbacks and global functions get a read-only CONST_PTR_TO_DYNPTR.
 */
#include <stdio.h>
#include <string.h>

#include "platform/helpers.h"
#include "verifier/call.h"
#include "verifier/dynptr.h"
#include "verifier/mem.h"
#include "verifier/precision.h"

#define DYNPTR_SLOTS 2

const char *vd_type_str(uint8_t type)
{
	switch (type) {
	case BC_DYNPTR_LOCAL: return "local";
	case BC_DYNPTR_RINGBUF: return "ringbuf";
	case BC_DYNPTR_SKB: return "skb";
	case BC_DYNPTR_XDP: return "xdp";
	case BC_DYNPTR_SKB_META: return "skb_meta";
	default: return "<invalid>";
	}
}

static bool refcounted(uint8_t type)
{
	return type == BC_DYNPTR_RINGBUF;
}

static bool is_dynptr_slot(const struct bc_vframe *f, int k)
{
	return f->stype[8 * k] == VS_DYNPTR;
}

/* The slot a constant-offset stack pointer points into. */
static int slot_of(const struct bc_vreg *r)
{
	return (int)((BC_STACK + r->off + (int64_t)r->s.var_off.value) / 8);
}

/*
 * Linux's stack_slot_obj_get_spi: the first (lower) slot R<regno> points
 * to, or -1 with the path's error; -2 when the slots are outside the
 * stack (Linux's -ERANGE, not an error in itself).
 */
static int get_slot(struct venv *e, uint32_t pc, const struct bc_vreg *r)
{
	int64_t o;

	if (!bc_scalar_is_const(&r->s))
		return vc_err(e, pc, "dynptr has to be at a constant offset");
	o = r->off + (int64_t)r->s.var_off.value;
	if (o % 8 || o > -8 * DYNPTR_SLOTS)
		return vc_err(e, pc, "cannot pass in dynptr at an offset=%lld",
			      (long long)o);
	return o < -BC_STACK ? -2 : slot_of(r);
}

/* A slice whose dynptr is gone is invalid (bc_vreg_invalid). */
struct kill_slice {
	uint32_t id;
	bool priv;
};

static void kill_slice_fn(struct bc_vreg *r, void *a)
{
	const struct kill_slice *ks = a;

	if ((r->kind == VK_MEM || r->kind == VK_MEM_OR_NULL) &&
	    r->map == ks->id)
		bc_vreg_invalid(r, ks->priv);
}

static void clear_slots(struct bc_vframe *f, int k)
{
	for (int i = 0; i < DYNPTR_SLOTS; i++) {
		memset(f->stype + 8 * (k + i), VS_INVALID, 8);
		bc_vreg_ptr(&f->spill[k + i], VK_NOT_INIT);
	}
}

/* The first slot of the dynptr slot k belongs to. */
static int first_slot(const struct bc_vframe *f, int k)
{
	return f->spill[k].mem_size ? k - 1 : k;
}

/* Linux's destroy_if_dynptr_stack_slot for slot k of frame f. */
static int destroy(struct venv *e, uint32_t pc, struct bc_vframe *f, int k)
{
	struct kill_slice ks;

	if (k < 0 || k >= BC_SLOTS || !is_dynptr_slot(f, k))
		return 0;
	k = first_slot(f, k);
	if (refcounted((uint8_t)f->spill[k].map))
		return vc_err(e, pc, "cannot overwrite referenced dynptr");
	ks = (struct kill_slice){ f->spill[k].id, e->priv };
	clear_slots(f, k);
	vc_for_each_reg(e, kill_slice_fn, &ks);
	return 0;
}

/* A slice that may be the stack bytes [lo, hi) of frame f. */
struct buf_write {
	struct bc_vframe *f;
	struct bc_vframe *const *frames;
	int64_t lo, hi;
	bool priv;
};

static void kill_buf_fn(struct bc_vreg *r, void *a)
{
	const struct buf_write *w = a;

	if ((r->kind == VK_MEM || r->kind == VK_MEM_OR_NULL) && r->buf_len &&
	    w->frames[r->buf_frame] == w->f && r->buf_off < w->hi &&
	    r->buf_off + r->buf_len > w->lo)
		bc_vreg_invalid(r, w->priv);
}

int vd_stack_write(struct venv *e, uint32_t pc, struct bc_vframe *f, int64_t lo,
		   int64_t hi)
{
	int64_t first = (BC_STACK + lo) >> 3, last = (BC_STACK + hi - 1) >> 3;
	struct buf_write w = { f, e->cur.frames, lo, hi, e->priv };

	for (int64_t k = first; k <= last; k++)
		if (destroy(e, pc, f, (int)k))
			return -1;
	vc_for_each_reg(e, kill_buf_fn, &w);
	return 0;
}

int vd_helper_write(struct venv *e, uint32_t pc, const struct bc_vreg *r,
		    uint64_t size)
{
	const struct bc_vframe *f = e->cur.frames[r->frame];
	int64_t lo = r->off + r->s.smin, hi = r->off + r->s.smax;

	hi += size < BC_STACK ? (int64_t)size : BC_STACK;
	for (int64_t o = lo < -BC_STACK ? -BC_STACK : lo; o < hi && o < 0; o++)
		if (f->stype[BC_STACK + o] == VS_DYNPTR)
			return vc_err(e, pc,
				      "potential write to dynptr at off=%lld "
				      "disallowed",
				      (long long)o);
	return 0;
}

/* Linux's is_dynptr_reg_valid_init for slot k of f. */
static bool valid_init(const struct bc_vframe *f, int k)
{
	if (k < 0 || k + DYNPTR_SLOTS > BC_SLOTS)
		return false;
	for (int b = 0; b < 8 * DYNPTR_SLOTS; b++)
		if (f->stype[8 * k + b] != VS_DYNPTR)
			return false;
	return !f->spill[k].mem_size && f->spill[k + 1].mem_size == 1;
}

/*
 * Linux 6.1's is_dynptr_reg_valid_uninit: no byte of the two slots is a
 * dynptr's (6.3 destroys an unreferenced one there instead).
 */
static bool valid_uninit(const struct venv *e, const struct bc_vreg *r)
{
	const struct bc_vframe *f = e->cur.frames[r->frame];
	int k = slot_of(r);

	if (e->kern->dynptr_reinit || r->kind != VK_FP ||
	    !bc_scalar_is_const(&r->s) || k < 0 || k + DYNPTR_SLOTS > BC_SLOTS)
		return true;
	for (int b = 0; b < 8 * DYNPTR_SLOTS; b++)
		if (f->stype[8 * k + b] == VS_DYNPTR)
			return false;
	return true;
}

/* Linux's mark_stack_slots_dynptr. */
static int make(struct venv *e, uint32_t pc, int regno, uint8_t type,
		uint32_t clone_ref, struct vd_dynptr *out)
{
	const struct bc_vreg *r = vc_reg(e, regno);
	struct bc_vframe *f;
	uint32_t ref = 0;
	int k;

	for (int i = 0; i < 8 * DYNPTR_SLOTS; i += 8)
		if (vmem_access(e, pc, regno, i, 8, true, NULL, -1, NULL,
				false))
			return -1;
	r = vc_reg(e, regno);
	f = e->cur.frames[r->frame];
	k = slot_of(r);
	if (destroy(e, pc, f, k) || destroy(e, pc, f, k + 1))
		return -1;
	if (refcounted(type))
		ref = clone_ref ? clone_ref : vc_acquire(e, pc);
	out->type = type;
	out->id = ++e->id_gen;
	out->ref = ref;
	bc_vframe_spill_grow(f, k);
	for (int i = 0; i < DYNPTR_SLOTS; i++) {
		struct bc_vreg *s = &f->spill[k + i];

		memset(f->stype + 8 * (k + i), VS_DYNPTR, 8);
		bc_vreg_ptr(s, VK_NOT_INIT);
		s->map = type;
		s->mem_size = (uint32_t)i;
		s->id = out->id;
		s->ref_id = ref;
	}
	return 0;
}

/* Linux's __check_ptr_off_reg for a CONST_PTR_TO_DYNPTR argument. */
static int const_off(struct venv *e, uint32_t pc, int regno,
		     const struct bc_vreg *r)
{
	char v[64];

	if (r->off < 0)
		return vc_err(e, pc,
			      "negative offset dynptr_ptr ptr R%d off=%d "
			      "disallowed",
			      regno, r->off);
	if (r->off)
		return vc_err(e, pc,
			      "dereference of modified dynptr_ptr ptr R%d "
			      "off=%d disallowed",
			      regno, r->off);
	if (bc_scalar_is_const(&r->s) && !r->s.var_off.value)
		return 0;
	vmem_off_str(v, sizeof(v), r->s.var_off);
	return vc_err(e, pc, "variable dynptr_ptr access var_off=%s disallowed",
		      v);
}

static int check_type(struct venv *e, uint32_t pc, int regno, bool kfunc)
{
	const struct bc_vreg *r = vc_reg(e, regno);
	char t[48];

	if (r->kind == VK_CONST_DYNPTR)
		return const_off(e, pc, regno, r);
	if (r->kind == VK_FP)
		return 0;
	if (kfunc)
		return vc_err(e, pc,
			      "arg#%d expected pointer to stack or const "
			      "struct bpf_dynptr",
			      regno - 1);
	return vc_err(e, pc, "R%d type=%s expected=fp, dynptr_ptr", regno,
		      bc_vreg_type_str(r, t, sizeof(t)));
}

/* An initialised dynptr: the const register's, or the stack's. */
static int use_init(struct venv *e, uint32_t pc, int regno, enum vd_use use,
		    uint8_t type, struct vd_dynptr *out)
{
	const struct bc_vreg *r = vc_reg(e, regno);
	const struct bc_vframe *f = e->cur.frames[r->frame];
	const struct bc_vreg *s = r;
	int k = -2;

	if (r->kind == VK_CONST_DYNPTR && use != VD_RDONLY)
		return vc_err(e, pc,
			      "cannot pass pointer to const bpf_dynptr, "
			      "the helper mutates it");
	if (r->kind == VK_FP) {
		k = get_slot(e, pc, r);
		if (k == -1)
			return -1;
		if (!valid_init(f, k))
			return vc_err(e, pc,
				      "Expected an initialized dynptr as arg "
				      "#%d",
				      regno - 1);
		s = &f->spill[k];
		vp_read_stack(e, r->frame, k * 8 - BC_STACK,
			      (k + DYNPTR_SLOTS) * 8 - BC_STACK);
	}
	if (type != BC_DYNPTR_INVALID && s->map != type)
		return vc_err(e, pc, "Expected a dynptr of type %s as arg #%d",
			      vd_type_str(type), regno - 1);
	*out = (struct vd_dynptr){ (uint8_t)s->map, s->id, s->ref_id };
	return 0;
}

int vd_arg(struct venv *e, uint32_t pc, int regno, enum vd_use use,
	   uint8_t type, uint32_t clone_ref, bool kfunc, struct vd_dynptr *out)
{
	const struct bc_vreg *r = vc_reg(e, regno);

	if (check_type(e, pc, regno, kfunc))
		return -1;
	if (use != VD_UNINIT)
		return use_init(e, pc, regno, use, type, out);
	if (r->kind == VK_CONST_DYNPTR || !valid_uninit(e, r))
		return vc_err(e, pc,
			      "Dynptr has to be an uninitialized dynptr");
	if (get_slot(e, pc, r) == -1)
		return -1;
	return make(e, pc, regno, type, clone_ref, out);
}

int vd_release_arg(struct venv *e, uint32_t pc, int regno)
{
	const struct bc_vreg *r = vc_reg(e, regno);
	int k;

	if (r->kind == VK_CONST_DYNPTR)
		return vc_err(e, pc, "cannot release unowned const bpf_dynptr");
	if (r->kind != VK_FP)
		return check_type(e, pc, regno, false);
	k = get_slot(e, pc, r);
	if (k == -1)
		return -1;
	if (k < 0 || !is_dynptr_slot(e->cur.frames[r->frame], k) ||
	    !e->cur.frames[r->frame]->spill[k].ref_id)
		return vc_err(e, pc, "arg %d is an unacquired reference",
			      regno);
	return 0;
}

/* Every dynptr holding ref (the released one and its clones) is gone. */
static void clear_clones(struct venv *e, uint32_t ref)
{
	for (uint32_t i = 0; i <= e->cur.curframe; i++) {
		struct bc_vframe *f = e->cur.frames[i];

		for (int k = 0; k + 1 < BC_SLOTS; k++)
			if (is_dynptr_slot(f, k) && !f->spill[k].mem_size &&
			    f->spill[k].ref_id == ref)
				clear_slots(f, k);
	}
}

void vd_release(struct venv *e, int regno)
{
	const struct bc_vreg *r = vc_reg(e, regno);
	uint32_t ref = e->cur.frames[r->frame]->spill[slot_of(r)].ref_id;

	/* vd_release_arg saw the reference: its slices go with it */
	vc_release_ref(e, ref);
	clear_clones(e, ref);
}

void vd_slice(struct bc_vreg *r0, const struct vd_dynptr *d, uint32_t size,
	      bool rdonly, const struct bc_vreg *buf)
{
	bc_vreg_ptr(r0, VK_MEM_OR_NULL);
	r0->frame = 1; /* plain memory, not a ring buffer record */
	r0->mem_size = size;
	r0->map = d->id;
	r0->ref_id = d->ref;
	r0->bflags = (uint8_t)((rdonly ? VM_RDONLY : 0) |
			       (d->type == BC_DYNPTR_SKB ||
						d->type == BC_DYNPTR_XDP ?
					VM_PKT :
					0));
	/* the kfunc may hand back the buffer it was given, not the data */
	if (buf && buf->kind == VK_FP && bc_scalar_is_const(&buf->s) && size) {
		r0->buf_frame = buf->frame;
		r0->buf_off =
			(int16_t)(buf->off + (int64_t)buf->s.var_off.value);
		r0->buf_len = (uint16_t)(size > BC_STACK ? BC_STACK : size);
	}
}

void vd_const_reg(struct venv *e, struct bc_vreg *r, uint8_t type)
{
	bc_vreg_ptr(r, VK_CONST_DYNPTR);
	r->map = type;
	r->id = ++e->id_gen;
}

int vd_from_mem_data(struct venv *e, uint32_t pc)
{
	const struct bc_vreg *r = vc_reg(e, 1);
	char t[48];

	if (r->kind == VK_MAP_VALUE)
		return 0;
	return vc_err(e, pc,
		      "Unsupported reg type %s for bpf_dynptr_from_mem data",
		      bc_vreg_type_str(r, t, sizeof(t)));
}
