// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Verifier: memory accesses (stack, ctx, packet, map values, memory). */
#include <inttypes.h>
#include <string.h>

#include <bpf/btf.h>

#include "platform/ctx.h"
#include "verifier/call.h"
#include "verifier/env.h"
#include "verifier/tags.h"
#include "verifier/lock.h"
#include "verifier/dynptr.h"
#include "verifier/mem.h"
#include "verifier/mem_btf.h"
#include "verifier/precision.h"

static int check_mem_region(struct venv *e, uint32_t pc, int regno,
			    const struct bc_vreg *reg, int64_t off, int size,
			    int64_t limit, const char *what)
{
	const struct bc_scalar *s = &reg->s;
	int64_t lo, hi;

	if (s->smin < 0 && (s->smin == INT64_MIN || off + s->smin < 0))
		return vc_err(e, pc,
			      "R%d min value is negative, either use "
			      "unsigned index or do a if (index >=0) check.",
			      regno);
	lo = s->smin + off;
	if (lo < 0 || lo + size > limit) {
		vc_log(e, what, (int)limit, (int)lo, size);
		return vc_err(e, pc,
			      "R%d min value is outside of the allowed "
			      "memory range",
			      regno);
	}
	if (s->umax >= (uint64_t)BC_MAX_VAR_OFF)
		return vc_err(e, pc,
			      "R%d unbounded memory access, make sure "
			      "to bounds check any such access",
			      regno);
	hi = (int64_t)s->umax + off;
	if (hi + size > limit) {
		vc_log(e, what, (int)limit, (int)hi, size);
		return vc_err(e, pc,
			      "R%d max value is outside of the allowed "
			      "memory range",
			      regno);
	}
	return 0;
}

bool vmem_map_ptr_in_value(struct venv *e, const struct bc_vreg *r)
{
	const struct bc_scalar *s = &r->s;
	int64_t limit = e->obj->maps[r->map].value_size, off = r->off;

	if (s->smin < 0 && (s->smin == INT64_MIN || off + s->smin < 0))
		return false;
	if (s->smin + off < 0 || s->smin + off + 1 > limit)
		return false;
	if (s->umax >= (uint64_t)BC_MAX_VAR_OFF)
		return false;
	return (int64_t)s->umax + off + 1 <= limit;
}

static int pkt_access(struct venv *e, uint32_t pc, int regno,
		      const struct bc_vreg *reg, int64_t off, int size)
{
	if (reg->s.smin < 0)
		return vc_err(e, pc,
			      "R%d min value is negative, either use "
			      "unsigned index or do a if (index >=0) check.",
			      regno);
	if (off < 0 || off + size > reg->range) {
		vc_log(e,
		       "invalid access to packet, off=%d size=%d, "
		       "R%d(id=%u,off=%d,r=%d)\n",
		       (int)off, size, regno, reg->id, (int)off, reg->range);
		return vc_err(e, pc, "R%d offset is outside of the packet",
			      regno);
	}
	return 0;
}

/* Read-only map with known contents: the loaded constant. */
static bool rodata_const(struct venv *e, const struct bc_vreg *reg, int64_t off,
			 int size, uint64_t *v)
{
	const struct bc_map *m = &e->obj->maps[reg->map];
	int64_t o;

	if (!m->readonly || !m->init || !bc_scalar_is_const(&reg->s) ||
	    size > 8) /* a helper's memory argument, not a load */
		return false;
	o = off + (int64_t)reg->s.var_off.value;
	if (o < 0 || o + size > m->init_size)
		return false;
	*v = 0;
	memcpy(v, m->init + o, size); /* little endian host */
	return true;
}

/*
 * Value of the low size bytes of s, zero-extended (Linux's
 * coerce_reg_to_size): the range survives when all values agree above it.
 */
static void coerce_reg_to_size(struct bc_scalar *s, int size)
{
	uint64_t m, lo, hi;
	struct tnum t;

	if (size >= 8)
		return;
	if (size == 4) {
		bc_scalar_zext32(s);
		return;
	}
	m = (1ull << (8 * size)) - 1;
	t = tnum_cast(s->var_off, size);
	if ((s->umin & ~m) == (s->umax & ~m)) {
		lo = s->umin & m;
		hi = s->umax & m;
	} else {
		lo = 0;
		hi = m;
	}
	bc_scalar_urange(s, lo, hi);
	s->var_off = tnum_intersect(s->var_off, t);
	bc_scalar_sync(s);
}

/*
 * A register linked by id to a 4-byte spill's slot value changed to src:
 * the slot's low half follows (its upper half stays unknown); registers
 * and 8-byte spills linked to it are equal to it and follow entirely.
 */
void vmem_sync_linked(struct bc_vreg *r, const struct bc_scalar *src)
{
	struct bc_scalar *dst = &r->s;

	if (!r->narrow || (src->umax >> 32)) {
		*dst = *src;
		return;
	}
	bc_scalar_unknown(dst);
	dst->var_off =
		TNUM(src->var_off.value & 0xffffffffu,
		     0xffffffff00000000ull | (src->var_off.mask & 0xffffffffu));
	dst->u32_min = src->u32_min;
	dst->u32_max = src->u32_max;
	dst->s32_min = src->s32_min;
	dst->s32_max = src->s32_max;
	bc_scalar_sync(dst);
}

struct fits_arg {
	uint32_t id;
	bool fits;
};

static void fits_fn(struct bc_vreg *r, void *a)
{
	struct fits_arg *fa = a;

	if (r->kind == VK_SCALAR && r->id == fa->id && !(r->s.umax >> 32))
		fa->fits = true;
}

/* Is a value linked by id known to fit in 32 bits? */
static bool id_fits32(struct venv *e, uint32_t id)
{
	struct fits_arg fa = { id, false };

	vc_for_each_reg(e, fits_fn, &fa);
	return fa.fits;
}

/*
 * Are bytes [b, b+size) of a slot inside a spill of the constant 0 (whole,
 * or narrow)? (Linux reads 0 from spilled bytes of a spilled 0, unknown
 * otherwise.)
 */
static bool in_zero_spill(const struct bc_scalar *s, int b, int size)
{
	if (bc_scalar_is_const(s) && !s->var_off.value)
		return true;
	for (int w = 1; w <= 4; w *= 2)
		if (!s->var_off.value &&
		    s->var_off.mask == ~((1ull << (8 * w)) - 1))
			return b + size <= w;
	return false;
}

/* Fill of size bytes at the start of a slot holding scalar sp. */
static void fill_narrow(struct venv *e, struct bc_vreg *out,
			const struct bc_vreg *sp, int size, bool sx)
{
	struct bc_scalar v = sp->s;
	/* a 4-byte spill read back: the register it was (Linux links them) */
	uint32_t id = size == 4 && sp->id && sp->narrow &&
				      id_fits32(e, sp->id) ?
			      sp->id :
			      0;

	if (sx) {
		bc_vreg_scalar(out);
		bc_scalar_alu(&out->s, &v, BPF_MOV, false, (int16_t)(8 * size));
		return;
	}
	/* before 6.8 a fill narrower than the spill knows nothing */
	if (!e->kern->narrowing_fill && sp->narrow != size) {
		bc_vreg_scalar_load(out, size, false);
		return;
	}
	/* the value fits: the fill is the spilled register itself (and
	 * keeps its id, as Linux does when the fill does not narrow it) */
	if (!(v.umax >> (8 * size))) {
		*out = *sp;
		out->narrow = 0;
		return;
	}
	bc_vreg_scalar(out);
	coerce_reg_to_size(&v, size);
	out->s = v;
	out->id = id;
	if (size == 4)
		vt_low(out, sp);
}

static void slot_misc(struct bc_vframe *f, int k)
{
	if (f->stype[8 * k] == VS_SPILL)
		memset(f->stype + 8 * k, VS_MISC, 8);
}

/*
 * Bytes of the stack Linux has allocated (allocated_stack): every access
 * grows it, rounded up to a slot, and only an unprivileged loader cannot
 * read below it. Written bytes never become invalid again, so it is the
 * deepest slot holding a byte that is not VS_INVALID.
 */
static int stack_allocated(const struct bc_vframe *f)
{
	for (int i = 0; i < BC_STACK; i++)
		if (f->stype[i] != VS_INVALID)
			return (BC_STACK - i + 7) & ~7;
	return 0;
}

/*
 * A scalar of size < 8 bytes spilled at the start of slot k (Linux keeps
 * the register and its bounds). The slot's state compares spills as a
 * whole, so the spill stands for all 8 bytes: its low size bytes are val's,
 * the others unknown. Returns false when that is not worth it (nothing is
 * known about the low bytes) or not possible (an unprivileged loader may
 * not read the slot's other bytes, which are uninitialised).
 */
static bool spill_narrow(struct venv *e, struct bc_vframe *f, int k, int size,
			 const struct bc_vreg *val, struct bc_vreg *src)
{
	uint64_t m = (1ull << (8 * size)) - 1;
	struct bc_vreg c;

	if (!e->priv)
		for (int b = size; b < 8; b++)
			if (f->stype[8 * k + b] == VS_INVALID)
				return false;
	bc_vreg_scalar(&c);
	c.narrow = (uint8_t)size;
	c.s.var_off =
		TNUM(val->s.var_off.value & m, (val->s.var_off.mask & m) | ~m);
	if (size == 4) {
		c.s.u32_min = val->s.u32_min;
		c.s.u32_max = val->s.u32_max;
		c.s.s32_min = val->s.s32_min;
		c.s.s32_max = val->s.s32_max;
	}
	bc_scalar_sync(&c.s);
	if (size == 4) /* the register's tag, not the stored copy's */
		vt_low(&c, src && src->kind == VK_SCALAR ? src : val);
	/* a 32-bit value spilled in 4 bytes stays linked to its register
	 * (its low half; vmem_sync_linked) */
	if (size == 4 && src && src->kind == VK_SCALAR &&
	    !bc_scalar_is_const(&src->s) && !(src->s.umax >> 32)) {
		if (!src->id && e->kern->spill_assigns_id)
			src->id = ++e->id_gen;
		c.id = src->id;
	}
	if (bc_scalar_is_unknown(&c.s) && !c.id && !c.iv)
		return false;
	bc_vframe_spill_grow(f, k);
	memset(f->stype + 8 * k, VS_SPILL, 8);
	f->spill[k] = c;
	return true;
}

/* Stack write at byte offset o (from fp) of size bytes. */
static void stack_write(struct venv *e, struct bc_vframe *f, int o, int size,
			const struct bc_vreg *val, struct bc_vreg *src)
{
	int i = BC_STACK + o;
	bool zero = val && val->kind == VK_SCALAR &&
		    bc_scalar_is_const(&val->s) && !val->s.var_off.value;
	/* without CAP_BPF Linux keeps no scalar spill: data (or zeros) */
	bool track = val && (val->kind != VK_SCALAR || e->bpf_cap);

	if (size == 8 && !(i % 8) && track && val->kind != VK_NOT_INIT) {
		int k = i / 8;

		/* a zero too is a spilled constant (Linux's
		 * save_register_state): imprecise, it stands for any
		 * bytes when states are compared */
		bc_vframe_spill_grow(f, k);
		memset(f->stype + i, VS_SPILL, 8);
		f->spill[k] = *val;
		f->spill[k].narrow = 0;
		/* the slot and the register are the same value: link them
		 * (Linux assigns an id before the spill) */
		if (src && val->kind == VK_SCALAR &&
		    !bc_scalar_is_const(&val->s)) {
			if (!src->id && e->kern->spill_assigns_id)
				src->id = ++e->id_gen;
			f->spill[k].id = src->id;
		}
		return;
	}
	/* a register holding 0 is spilled too (Linux: bytes of the slot
	 * written later turn the whole spill into misc data) */
	if (size < 8 && !(i % 8) && track && val->kind == VK_SCALAR &&
	    e->kern->narrow_spills && (!zero || src) &&
	    spill_narrow(e, f, i / 8, size, val, src))
		return;
	for (int b = 0; b < size; b++)
		slot_misc(f, (i + b) / 8);
	memset(f->stype + i, zero ? VS_ZERO : VS_MISC, size);
}

/*
 * Spectre v4 for a loader that may not bypass it: a store to the stack is
 * followed by a barrier when it spills a pointer or overwrites anything
 * but data (a spill, uninitialised bytes), lest a later load speculatively
 * see the old bytes (Linux's sanitize_stack_spill).
 */
static bool v4_barrier(const struct bc_vframe *f, int o, int size,
		       const struct bc_vreg *val)
{
	if (val && bc_vkind_is_ptr(val->kind))
		return true;
	for (int b = BC_STACK + o; b < BC_STACK + o + size; b++)
		if (f->stype[b] != VS_MISC && f->stype[b] != VS_ZERO)
			return true;
	return false;
}

void vmem_off_str(char *t, size_t n, struct tnum v)
{
	if (tnum_is_const(v))
		snprintf(t, n, "%" PRId64, (int64_t)v.value);
	else
		snprintf(t, n, "(0x%" PRIx64 "; 0x%" PRIx64 ")", v.value,
			 v.mask);
}

/* What Linux calls memory of kind k in an alignment error. */
static const char *align_desc(enum bc_vkind k)
{
	switch (k) {
	case VK_FLOW_KEYS: return "flow keys ";
	case VK_MAP_KEY: return "key ";
	case VK_MAP_VALUE: return "value ";
	case VK_CTX: return "context ";
	case VK_FP: return "stack ";
	case VK_SOCK: return "sock ";
	case VK_SOCK_COMMON: return "sock_common ";
	case VK_TCP_SOCK: return "tcp_sock ";
	default: return "";
	}
}

/*
 * Linux's check_ptr_alignment: the stack is always strict; other memory
 * under BPF_F_STRICT_ALIGNMENT, or for one access that must be aligned
 * (strict_once: atomics, int and long helper arguments). A packet offset
 * counts from NET_IP_ALIGN (2), as on machines without efficient
 * unaligned access.
 */
int vmem_check_align(struct venv *e, uint32_t pc, const struct bc_vreg *reg,
		     int off, int size, bool strict_once)
{
	bool pkt = reg->kind == VK_PKT || reg->kind == VK_PKT_META;
	bool strict = e->strict_align || strict_once || reg->kind == VK_FP;
	int ip = pkt ? 2 : 0;
	struct tnum a;
	char t[64];

	if (!strict || size == 1 || reg->kind == VK_ARENA)
		return 0;
	a = tnum_add(reg->s.var_off,
		     tnum_const((uint64_t)(int64_t)(ip + reg->off + off)));
	if (tnum_is_aligned(a, size))
		return 0;
	vmem_off_str(t, sizeof(t), reg->s.var_off);
	if (pkt)
		return vc_err(e, pc,
			      "misaligned packet access off %d+%s+%d+%d "
			      "size %d",
			      ip, t, reg->off, off, size);
	return vc_err(e, pc, "misaligned %saccess off %s+%d+%d size %d",
		      align_desc(reg->kind), t, reg->off, off, size);
}

/* Linux words helper and direct accesses alike. */
int vmem_stack_range(struct venv *e, uint32_t pc, int regno,
		     const struct bc_vreg *reg, int64_t off, int64_t size,
		     bool write)
{
	struct bc_vframe *f = e->cur.frames[reg->frame];
	int64_t lo = reg->off + off + reg->s.smin;
	int64_t hi = reg->off + off + reg->s.smax;
	int64_t min_ok = write || (e->priv && e->kern->access_grows_stack) ?
				 -BC_STACK :
				 -stack_allocated(f);

	const char *what = write ? "write to" : "read from";

	if (!bc_scalar_is_const(&reg->s)) {
		char t[64];

		vmem_off_str(t, sizeof(t), reg->s.var_off);
		if (!e->priv)
			return vc_err(e, pc,
				      "R%d variable offset stack access "
				      "prohibited for !root, var_off=%s",
				      regno, t);
		if (reg->s.smax >= BC_MAX_VAR_OFF ||
		    reg->s.smin <= -BC_MAX_VAR_OFF)
			return vc_err(e, pc,
				      "invalid unbounded variable-offset "
				      "%s stack R%d",
				      what, regno);
		if (lo < min_ok || lo >= 0 || hi + size > 0)
			return vc_err(e, pc,
				      "invalid variable-offset %s stack "
				      "R%d var_off=%s off=%d size=%d",
				      what, regno, t, (int)(reg->off + off),
				      (int)size);
	} else if (lo < min_ok || lo >= 0 || lo + size > 0 || size > BC_STACK) {
		return vc_err(e, pc, "invalid %s stack R%d off=%d size=%d",
			      what, regno, (int)(reg->off + off), (int)size);
	}
	uint32_t depth = (uint32_t)-lo;

	if (!write)
		vp_read_stack(e, reg->frame, lo, hi + size);
	uint32_t sp = f->subprog;
	if (depth > e->sub_depth[sp])
		e->sub_depth[sp] = depth;
	if (write) {
		if (vd_stack_write(e, pc, f, lo, hi + size))
			return -1;
		for (int64_t o = lo; o < hi + size; o++) {
			int i = BC_STACK + (int)o;

			slot_misc(f, i / 8);
			if (bc_scalar_is_const(&reg->s) ||
			    f->stype[i] != VS_INVALID)
				f->stype[i] = VS_MISC;
		}
		return 0;
	}
	int64_t alloc = -stack_allocated(f);

	for (int64_t o = lo; o < hi + size; o++) {
		int i = BC_STACK + (int)o;
		uint8_t t = f->stype[i];
		bool ok = (e->priv && t != VS_ITER && t != VS_DYNPTR &&
			   (o >= alloc || e->kern->access_grows_stack)) ||
			  t == VS_MISC || t == VS_ZERO;

		/* Linux checks a spill for the whole slot: any byte of a slot
		 * holding a spilled scalar is initialised for a helper */
		if (f->stype[i & ~7] == VS_SPILL &&
		    f->spill[i / 8].kind == VK_SCALAR)
			ok = true;
		if (!ok)
			return vc_err(e, pc,
				      "invalid read from stack R%d off "
				      "%d+%d size %d",
				      regno, (int)lo, (int)(o - lo), (int)size);
	}
	return 0;
}

/* For precision: what a constant-offset stack write left in the slots. */
static void note_write(struct venv *e, unsigned frame,
		       const struct bc_vframe *f, int o, int size, int valno)
{
	int i = BC_STACK + o, k = i / 8, last = (i + size - 1) / 8;

	/* a spill, or a whole slot of zeros: the stored value itself */
	if (k == last && !(i % 8) &&
	    (f->stype[i] == VS_SPILL || (size == 8 && f->stype[i] == VS_ZERO)))
		vp_note_stack(e, frame, valno >= 0 ? VH_SPILL : VH_SPILL_IMM, k,
			      k);
	else
		vp_note_stack(e, frame, VH_STW, k, last);
}

/*
 * For precision: a read whose value comes from the slots (a spill, or
 * bytes known to be zero: a stored zero) depends on what was stored.
 */
static void note_read(struct venv *e, unsigned frame, const struct bc_vframe *f,
		      int o, int size)
{
	int i = BC_STACK + o;

	for (int b = 0; b < size; b++)
		if (f->stype[i + b] == VS_ZERO || f->stype[i + b] == VS_SPILL) {
			vp_note_stack(e, frame, VH_FILL, i / 8,
				      (i + size - 1) / 8);
			return;
		}
}

static int stack_access(struct venv *e, uint32_t pc, int regno,
			const struct bc_vreg *reg, int off, int size,
			bool write, const struct bc_vreg *val, int valno,
			struct bc_vreg *out, bool sx)
{
	struct bc_vframe *f = e->cur.frames[reg->frame];
	int o;

	if (!bc_scalar_is_const(&reg->s)) {
		if (write)
			vp_note_stack(e, reg->frame, VH_STVAR, 0, 0);
		if (vmem_stack_range(e, pc, regno, reg, off, size, write))
			return -1;
		if (out)
			bc_vreg_scalar_load(out, size, sx);
		return 0;
	}
	o = reg->off + (int)reg->s.var_off.value + off;
	if (o < (write || (e->priv && e->kern->access_grows_stack) ?
			 -BC_STACK :
			 -stack_allocated(f)) ||
	    o + size > 0)
		return vc_err(e, pc, "invalid %s stack R%d off=%d size=%d",
			      write ? "write to" : "read from", regno,
			      reg->off + off, size);
	if ((uint32_t)-o > e->sub_depth[f->subprog])
		e->sub_depth[f->subprog] = -o;
	if (write) {
		int k = (BC_STACK + o) / 8;

		/* a pointer's bytes would become readable data */
		if (!e->priv && size != 8 && f->stype[8 * k] == VS_SPILL &&
		    f->spill[k].kind != VK_SCALAR)
			return vc_err(e, pc,
				      "attempt to corrupt spilled "
				      "pointer on stack");
		if (val && bc_vkind_is_ptr(val->kind) && size != 8)
			return vc_err(e, pc, "invalid size of register spill");
		/* a caller's slot would outlive the frame pointed to */
		if (val && val->kind == VK_FP && reg->frame != e->cur.curframe)
			return vc_err(e, pc,
				      "cannot spill pointers to stack into "
				      "stack frame of the caller");
		if (!e->priv && v4_barrier(f, o, size, val))
			e->barrier_after = true;
		if (vd_stack_write(e, pc, f, o, o + size))
			return -1;
		stack_write(e, f, o, size, val,
			    valno >= 0 ? vc_reg(e, valno) : NULL);
		note_write(e, reg->frame, f, o, size, valno);
		/* zero bytes, no spill: no walk back leads here, so the zero
		 * is made precise now (Linux's STACK_ZERO of a register) */
		if (valno >= 0 && f->stype[BC_STACK + o] == VS_ZERO)
			vp_mark_reg(e, valno);
		if (size == 8 && !(o % 8))
			vp_write_slot(e, reg->frame, (BC_STACK + o) / 8);
		return 0;
	}
	int i = BC_STACK + o, k = i / 8;

	vp_read_stack(e, reg->frame, o, o + size);
	note_read(e, reg->frame, f, o, size);
	if (f->stype[i] == VS_SPILL) {
		const struct bc_vreg *sp = &f->spill[k];

		if (size == 8) {
			/* a narrow spill read whole: Linux knows nothing */
			if (sp->kind == VK_SCALAR && sp->narrow)
				bc_vreg_scalar_load(out, 8, false);
			else
				*out = *sp;
			return 0;
		}
		if (sp->kind != VK_SCALAR)
			return vc_err(e, pc, "invalid size of register fill");
		if (!(i % 8))
			fill_narrow(e, out, sp, size, sx);
		else if (in_zero_spill(&sp->s, i % 8, size))
			bc_vreg_const(out, 0);
		else
			bc_vreg_scalar_load(out, size, sx);
		return 0;
	}
	bool zero = true;

	for (int b = 0; b < size; b++) {
		uint8_t t = f->stype[i + b];

		if (t == VS_SPILL && f->spill[(i + b) / 8].kind != VK_SCALAR)
			return vc_err(e, pc, "invalid size of register fill");
		if ((t == VS_INVALID && !e->priv) || t == VS_ITER ||
		    t == VS_DYNPTR)
			return vc_err(e, pc,
				      "invalid read from stack off "
				      "%d+%d size %d",
				      o, b, size);
		if (t != VS_ZERO)
			zero = false;
	}
	if (zero)
		bc_vreg_const(out, 0);
	else
		bc_vreg_scalar_load(out, size, sx);
	return 0;
}

static int ctx_access(struct venv *e, uint32_t pc, int regno,
		      const struct bc_vreg *reg, int off, int size, bool write,
		      struct bc_vreg *out, bool sx)
{
	struct bc_ctx_access acc;
	bool ok;

	if (reg->off || !bc_scalar_is_const(&reg->s) || reg->s.var_off.value) {
		if (!bc_scalar_is_const(&reg->s)) {
			char t[64];

			vmem_off_str(t, sizeof(t), reg->s.var_off);
			return vc_err(e, pc,
				      "variable ctx access var_off=%s "
				      "off=%d size=%d",
				      t, off, size);
		}
		int o = reg->off + (int)reg->s.var_off.value;

		return vc_err(e, pc, "%s ctx ptr R%d off=%d disallowed",
			      o < 0 ? "negative offset" :
				      "dereference of modified",
			      regno, o);
	}
	if (e->at)
		return vmem_typed_ctx_access(e, pc, off, size, write, out, sx);
	ok = sx ? bc_ctx_check_ldsx(e->type, e->attach, e->priv, off, size,
				    &acc) :
		  bc_ctx_check(e->type, e->attach, e->priv, off, size, write,
			       &acc);
	if (!ok || !bc_kernel_ctx_has(e->kern, e->type, off))
		return vc_err(e, pc,
			      "invalid bpf_context access off=%d size=%d", off,
			      size);
	if (write || !out)
		return 0;
	switch (acc.kind) {
	case BC_CTXF_SCALAR:
		bc_vreg_scalar_load(out, size, false);
		if (acc.umax && acc.umax < out->s.umax) {
			struct bc_scalar r;

			bc_scalar_urange(&r, 0, acc.umax);
			out->s = r;
		}
		break;
	case BC_CTXF_PKT: bc_vreg_ptr(out, VK_PKT); break;
	case BC_CTXF_PKT_END: bc_vreg_ptr(out, VK_PKT_END); break;
	case BC_CTXF_PKT_META: bc_vreg_ptr(out, VK_PKT_META); break;
	case BC_CTXF_SOCK_COMMON_OR_NULL:
		bc_vreg_ptr(out, VK_SOCK_COMMON_OR_NULL);
		out->id = ++e->id_gen;
		break;
	case BC_CTXF_SOCK: bc_vreg_ptr(out, VK_SOCK); break;
	case BC_CTXF_SOCK_OR_NULL:
		bc_vreg_ptr(out, VK_SOCK_OR_NULL);
		out->id = ++e->id_gen;
		break;
	case BC_CTXF_FLOW_KEYS: bc_vreg_ptr(out, VK_FLOW_KEYS); break;
	}
	return 0;
}

/*
 * Linux's check_map_access_type: BPF_F_RDONLY_PROG maps take no program
 * writes, BPF_F_WRONLY_PROG maps no program reads, direct or by a helper.
 */
static int map_access_type(struct venv *e, uint32_t pc, const struct bc_map *m,
			   int64_t off, int size, bool write)
{
	uint32_t deny = write ? BPF_F_RDONLY_PROG : BPF_F_WRONLY_PROG;

	if (!(m->map_flags & deny))
		return 0;
	return vc_err(e, pc, "%s map forbidden, value_size=%u off=%d size=%d",
		      write ? "write into" : "read from", m->value_size,
		      (int)off, size);
}

/* Linux's check_sock_access, for a load through a socket pointer. */
static int sock_access(struct venv *e, uint32_t pc, int regno,
		       const struct bc_vreg *r, int64_t off, int size,
		       bool write)
{
	enum bc_sk_ptr k = r->kind == VK_TCP_SOCK    ? BC_SK_TCP_SOCK :
			   r->kind == VK_SOCK_COMMON ? BC_SK_SOCK_COMMON :
						       BC_SK_SOCK;

	if (write)
		return vc_err(e, pc, "R%d cannot write into %s", regno,
			      bc_vkind_name(r->kind));
	if (bc_scalar_is_const(&r->s) && off == (int)off &&
	    bc_sk_ptr_is_valid_access(k, (int)off, size))
		return 0;
	return vc_err(e, pc, "R%d invalid %s access off=%d size=%d", regno,
		      bc_vkind_name(r->kind), (int)off, size);
}

static int check_ptr_leak(struct venv *e, uint32_t pc,
			  const struct bc_vreg *val, int valno,
			  const char *into)
{
	if (!e->priv && val && bc_vkind_is_ptr(val->kind))
		return vc_err(e, pc, "R%d leaks addr into %s", valno, into);
	return 0;
}

/* BPF_PROBE_MEM32 (PTR_TO_ARENA): any offset; a fault reads 0, drops a
 * write. Sign extension is 6.12's convert_ctx_accesses rule; a JIT with
 * signed arena loads (x86 from late 2025) lifts it: refusing is safe. */
static int arena_access(struct venv *e, uint32_t pc, int size,
			struct bc_vreg *out, bool sx)
{
	if (sx)
		return vc_err(e, pc,
			      "sign extending loads from arena are not "
			      "supported yet");
	bc_vreg_scalar_load(out, size, false);
	return 0;
}

int vmem_access(struct venv *e, uint32_t pc, int regno, int off, int size,
		bool write, const struct bc_vreg *val, int valno,
		struct bc_vreg *out, bool sx)
{
	struct bc_vreg r = *vc_reg(e, regno);
	int64_t o = (int64_t)r.off + off;
	struct bc_vreg tmp;

	if (!out)
		out = &tmp;
	switch (r.kind) {
	case VK_NOT_INIT: return vc_err(e, pc, "R%d !read_ok", regno);
	case VK_FP:
		return stack_access(e, pc, regno, &r, off, size, write, val,
				    valno, out, sx);
	case VK_CTX:
		if (check_ptr_leak(e, pc, val, valno, "ctx"))
			return -1;
		return ctx_access(e, pc, regno, &r, off, size, write, out, sx);
	case VK_PKT:
	case VK_PKT_META:
		if (write && !bc_ctx_has_pkt(e->type, e->attach, true))
			return vc_err(e, pc, "cannot write into packet");
		if (check_ptr_leak(e, pc, val, valno, "packet"))
			return -1;
		if (pkt_access(e, pc, regno, &r, o, size))
			return -1;
		bc_vreg_scalar_load(out, size, sx);
		return 0;
	case VK_MAP_VALUE: {
		const struct bc_map *m = &e->obj->maps[r.map];
		uint64_t v;

		if (check_ptr_leak(e, pc, val, valno, "map"))
			return -1;
		if (map_access_type(e, pc, m, o, size, write))
			return -1;
		if (check_mem_region(
			    e, pc, regno, &r, o, size, m->value_size,
			    "invalid access to map value, value_size=%d "
			    "off=%d size=%d\n"))
			return -1;
		if (vlk_field_access(e, pc, &r, o, size))
			return -1;
		if (!write && rodata_const(e, &r, o, size, &v)) {
			if (sx && size < 8) {
				int sh = 64 - 8 * size;

				v = (uint64_t)(((int64_t)(v << sh)) >> sh);
			}
			bc_vreg_const(out, v);
		} else {
			bc_vreg_scalar_load(out, size, sx);
		}
		return 0;
	}
	case VK_MAP_KEY:
		if (write)
			return vc_err(e, pc, "R%d cannot write into map_key",
				      regno);
		if (check_mem_region(
			    e, pc, regno, &r, o, size, r.mem_size,
			    "invalid access to map key, key_size=%d off=%d "
			    "size=%d\n"))
			return -1;
		bc_vreg_scalar_load(out, size, sx);
		return 0;
	case VK_MEM:
		if (write && (r.bflags & VM_RDONLY))
			return vc_err(e, pc, "R%d cannot write into rdonly_mem",
				      regno);
		if (check_ptr_leak(e, pc, val, valno, "mem"))
			return -1;
		if (check_mem_region(
			    e, pc, regno, &r, o, size, r.mem_size,
			    "invalid access to memory, mem_size=%d off=%d "
			    "size=%d\n"))
			return -1;
		bc_vreg_scalar_load(out, size, sx);
		return 0;
	case VK_FLOW_KEYS:
		if (check_mem_region(
			    e, pc, regno, &r, o, size, 56,
			    "invalid access to flow keys size=%d off=%d "
			    "size=%d\n"))
			return -1;
		bc_vreg_scalar_load(out, size, sx);
		return 0;
	case VK_SOCK:
	case VK_SOCK_COMMON:
	case VK_TCP_SOCK:
		if (sock_access(e, pc, regno, &r, o, size, write))
			return -1;
		bc_vreg_scalar_load(out, size, sx);
		return 0;
	case VK_MAP_PTR:
		return vmem_map_ptr_access(e, pc, regno, &r, o, size, write,
					   out, sx);
	case VK_ARENA: return arena_access(e, pc, size, out, sx);
	case VK_BTF_ID: /* of a type not known: as the others below */
		if (r.kind == VK_BTF_ID && r.btf_id && vc_kbtf(e))
			return vmem_btf_access(e, pc, regno, &r, o, size, write,
					       out, sx);
		/* fallthrough */
	default: {
		char t[48];

		return vc_err(e, pc, "R%d invalid mem access '%s'", regno,
			      bc_vreg_type_str(&r, t, sizeof(t)));
	}
	}
}

/* Kinds whose accesses Linux rewrites per instruction (ctx, sockets). */
static bool kind_mismatch_ok(unsigned k)
{
	switch (k) {
	case VK_CTX:
	case VK_SOCK:
	case VK_SOCK_OR_NULL:
	case VK_SOCK_COMMON:
	case VK_SOCK_COMMON_OR_NULL:
	case VK_TCP_SOCK:
	case VK_TCP_SOCK_OR_NULL:
	case VK_BTF_ID:
	case VK_BTF_ID_OR_NULL:
	case VK_ARENA: return false;
	default: return true;
	}
}

/*
 * Linux's save_aux_ptr_type: a load or store through the context or a
 * socket is rewritten for that kind, so no path may take the same insn
 * through a pointer of another kind.
 */
static int same_ptr_kind(struct venv *e, uint32_t pc, unsigned kind)
{
	unsigned prev = e->insn_ptr[pc];

	if (!prev) {
		e->insn_ptr[pc] = (uint8_t)(kind + 1);
		return 0;
	}
	if (prev - 1 != kind &&
	    (!kind_mismatch_ok(kind) || !kind_mismatch_ok(prev - 1)))
		return vc_err(e, pc,
			      "same insn cannot be used with different "
			      "pointers");
	return 0;
}

int vmem_load(struct venv *e, uint32_t pc, const struct bpf_insn *in)
{
	struct bc_vreg out;
	int size = bc_size_bytes(bc_size(in));

	if (vc_check_read(e, pc, in->src_reg) ||
	    vc_check_write(e, pc, in->dst_reg))
		return -1;
	if (vmem_check_align(e, pc, vc_reg(e, in->src_reg), in->off, size,
			     false))
		return -1;
	if (vmem_access(e, pc, in->src_reg, in->off, size, false, NULL, -1,
			&out, bc_mode(in) == BPF_MEMSX) ||
	    same_ptr_kind(e, pc, vc_reg(e, in->src_reg)->kind))
		return -1;
	*vc_reg(e, in->dst_reg) = out;
	return 0;
}

int vmem_store_imm(struct venv *e, uint32_t pc, const struct bpf_insn *in)
{
	int size = bc_size_bytes(bc_size(in));
	struct bc_vreg v;

	if (vc_check_read(e, pc, in->dst_reg) ||
	    vmem_check_align(e, pc, vc_reg(e, in->dst_reg), in->off, size,
			     false))
		return -1;
	bc_vreg_const(&v, (uint64_t)(int64_t)in->imm);
	if (size < 8)
		bc_vreg_const(&v, (uint64_t)(int64_t)in->imm &
					  ((1ull << (8 * size)) - 1));
	if (vmem_access(e, pc, in->dst_reg, in->off, size, true, &v, -1, NULL,
			false))
		return -1;
	return same_ptr_kind(e, pc, vc_reg(e, in->dst_reg)->kind);
}

int vmem_store_reg(struct venv *e, uint32_t pc, const struct bpf_insn *in)
{
	int size = bc_size_bytes(bc_size(in));
	struct bc_vreg v;

	if (vc_check_read(e, pc, in->dst_reg) ||
	    vc_check_read(e, pc, in->src_reg) ||
	    vmem_check_align(e, pc, vc_reg(e, in->dst_reg), in->off, size,
			     false))
		return -1;
	v = *vc_reg(e, in->src_reg);
	/* the low size bytes of a scalar are stored; a pointer stays one
	 * (a leak for !root, a partial spill on the stack) */
	if (size < 8 && v.kind == VK_SCALAR) {
		struct bc_scalar t = v.s;

		bc_vreg_scalar(&v);
		v.s = t;
		if (size == 4)
			bc_scalar_zext32(&v.s);
		else if (!bc_scalar_is_const(&t))
			coerce_reg_to_size(&v.s, size);
		else if (t.var_off.value >> (8 * size))
			bc_scalar_load(&v.s, size, false);
	}
	if (vmem_access(e, pc, in->dst_reg, in->off, size, true, &v,
			in->src_reg, NULL, false))
		return -1;
	return same_ptr_kind(e, pc, vc_reg(e, in->dst_reg)->kind);
}

int vmem_atomic(struct venv *e, uint32_t pc, const struct bpf_insn *in)
{
	int size = bc_size_bytes(bc_size(in));
	int op = in->imm;
	struct bc_vreg *dst, *src, old, unk;

	if (vc_check_read(e, pc, in->dst_reg) ||
	    vc_check_read(e, pc, in->src_reg))
		return -1;
	if (op == BPF_CMPXCHG && vc_check_read(e, pc, 0))
		return -1;
	if (op == 0x100 || op == 0x110)
		return vc_err(e, pc,
			      "load-acquire/store-release are not "
			      "supported");
	dst = vc_reg(e, in->dst_reg);
	src = vc_reg(e, in->src_reg);
	/* a pointer operand is a leak for !root; for root the memory just
	 * becomes an unknown scalar (written below) */
	if (src->kind != VK_SCALAR && !e->priv)
		return vc_err(e, pc, "R%d leaks addr into mem", in->src_reg);
	if (op == BPF_CMPXCHG && vc_reg(e, 0)->kind != VK_SCALAR && !e->priv)
		return vc_err(e, pc, "R0 leaks addr into mem");
	switch (dst->kind) {
	case VK_ARENA: /* x86's bpf_jit_supports_insn(insn, in_arena) */
		if (op == (BPF_AND | BPF_FETCH) || op == (BPF_OR | BPF_FETCH) ||
		    op == (BPF_XOR | BPF_FETCH))
			return vc_err(e, pc,
				      "BPF_ATOMIC stores into R%d arena is "
				      "not allowed",
				      in->dst_reg);
		break;
	case VK_PKT:
	case VK_PKT_META:
		return vc_err(e, pc,
			      "BPF_ATOMIC stores into R%d pkt is not "
			      "allowed",
			      in->dst_reg);
	case VK_CTX:
		return vc_err(e, pc,
			      "BPF_ATOMIC stores into R%d ctx is not "
			      "allowed",
			      in->dst_reg);
	case VK_FLOW_KEYS:
	case VK_SOCK:
	case VK_SOCK_COMMON:
	case VK_TCP_SOCK:
		return vc_err(e, pc,
			      "BPF_ATOMIC stores into R%d %s is not "
			      "allowed",
			      in->dst_reg, bc_vkind_name(dst->kind));
	}
	if (vmem_check_align(e, pc, dst, in->off, size, true) ||
	    vmem_access(e, pc, in->dst_reg, in->off, size, false, NULL, -1,
			&old, false))
		return -1;
	if (old.kind != VK_SCALAR && !e->priv && dst->kind == VK_FP)
		return vc_err(e, pc, "leaking pointer from stack off %d",
			      dst->off + (int)dst->s.var_off.value + in->off);
	if (old.kind != VK_SCALAR)
		return vc_err(e, pc, "R%d atomic on a spilled pointer",
			      in->dst_reg);
	bc_vreg_scalar(&unk);
	if (size == 4)
		bc_scalar_load(&unk.s, 4, false);
	if (vmem_access(e, pc, in->dst_reg, in->off, size, true, &unk, -1, NULL,
			false))
		return -1;
	if (op == BPF_CMPXCHG) {
		bc_vreg_scalar(vc_reg(e, 0));
		if (size == 4)
			bc_scalar_load(&vc_reg(e, 0)->s, 4, false);
	} else if (op & BPF_FETCH) {
		if (vc_check_write(e, pc, in->src_reg))
			return -1;
		bc_vreg_scalar(vc_reg(e, in->src_reg));
		if (size == 4)
			bc_scalar_load(&vc_reg(e, in->src_reg)->s, 4, false);
	}
	return 0;
}

/*
 * An extern __ksym, as libbpf resolves it and Linux's check_pseudo_btf_id
 * types it: a kernel function's address (bpf_ksym_exists) is read-only
 * memory of size 0, a weak one the kernel lacks is 0; a `void` variable
 * is its address from kallsyms, a number.
 */
static int ld_ksym(struct venv *e, uint32_t pc, int32_t idx, struct bc_vreg *d)
{
	const char *name = bc_object_ksym_name(e->obj, idx);
	uint8_t kind = name ? e->obj->ksym_kind[idx] : BC_KSYM_VAR;

	if ((kind & ~BC_KSYM_WEAK) == BC_KSYM_UNTYPED) {
		bc_vreg_scalar(d);
		return 0;
	}
	if ((kind & ~BC_KSYM_WEAK) == BC_KSYM_VAR)
		return vc_err_fatal(e, pc,
				    "ksym %s: typed __ksym variables are "
				    "not supported by bpfcheck",
				    name ? name : "?");
	if (vc_kbtf(e) &&
	    btf__find_by_name_kind(vc_kbtf(e), name, BTF_KIND_FUNC) > 0) {
		bc_vreg_ptr(d, VK_MEM);
		d->frame = 1; /* plain memory, of no size */
		d->mem_size = 0;
		return 0;
	}
	if (!vc_kbtf(e))
		return vc_err_fatal(e, pc, "ksym %s: needs the kernel's BTF",
				    name);
	if (!(kind & BC_KSYM_WEAK))
		return vc_err_fatal(e, pc,
				    "extern (func ksym) '%s': not found "
				    "in kernel or module BTFs",
				    name);
	bc_vreg_const(d, 0);
	return 0;
}

int vmem_ld_imm(struct venv *e, uint32_t pc, const struct bpf_insn *in)
{
	const struct bpf_insn *n = in + 1;
	struct bc_vreg *d;

	if (vc_check_write(e, pc, in->dst_reg))
		return -1;
	d = vc_reg(e, in->dst_reg);
	switch (in->src_reg) {
	case 0:
		bc_vreg_const(d, (uint32_t)in->imm |
					 ((uint64_t)(uint32_t)n->imm << 32));
		return 0;
	case BPF_PSEUDO_MAP_IDX:
	case BPF_PSEUDO_MAP_IDX_VALUE:
		if ((uint32_t)in->imm >= e->obj->map_cnt)
			return vc_err(e, pc,
				      "fd %d is not pointing to valid "
				      "bpf_map",
				      in->imm);
		if (in->src_reg == BPF_PSEUDO_MAP_IDX_VALUE &&
		    e->obj->maps[in->imm].type == BC_MAP_TYPE_ARENA) {
			/* the arena's user address: a scalar */
			bc_vreg_scalar(d);
			return 0;
		}
		bc_vreg_ptr(d, in->src_reg == BPF_PSEUDO_MAP_IDX ?
				       VK_MAP_PTR :
				       VK_MAP_VALUE);
		d->map = in->imm;
		if (in->src_reg == BPF_PSEUDO_MAP_IDX_VALUE)
			d->off = n->imm;
		return 0;
	case BPF_PSEUDO_FUNC:
		bc_vreg_ptr(d, VK_FUNC);
		d->off = pc + in->imm + 1;
		return 0;
	case BPF_PSEUDO_BTF_ID: return ld_ksym(e, pc, in->imm, d);
	}
	return vc_err_fatal(e, pc,
			    "unsupported pseudo load src_reg=%d (map fds of "
			    "raw input are unknown)",
			    in->src_reg);
}

/*
 * A failed LD_ABS/LD_IND ends the program with r0 = 0; in a subprogram
 * that is a return of 0 to its caller (Linux models this hidden exit of
 * bpf_gen_ld_abs): the caller's path after the call, with r0 = 0.
 */
static int ld_abs_early_exit(struct venv *e, uint32_t pc)
{
	struct bc_vstate save;
	int err;

	vp_all(e); /* the path jumps frames: no precision tracking */
	bc_vstate_copy(&save, &e->cur);
	bc_vreg_const(vc_reg(e, 0), 0);
	err = vc_exit(e, pc) < 0 || vc_push(e, e->cur.pc);
	vc_restore(e, &save);
	return err ? -1 : 0;
}

int vmem_ld_abs(struct venv *e, uint32_t pc, const struct bpf_insn *in)
{
	if (!bc_ctx_has_ld_abs(e->type))
		return vc_err(e, pc,
			      "BPF_LD_[ABS|IND] instructions not allowed "
			      "for this program type");
	if (e->cur.lock_map)
		return vc_err(e, pc,
			      "BPF_LD_[ABS|IND] cannot be used inside "
			      "bpf_spin_lock-ed region");
	if (e->cur.rcu_lock)
		return vc_err(e, pc,
			      "BPF_LD_[ABS|IND] cannot be used inside "
			      "bpf_rcu_read_lock-ed region");
	if (e->cur.preempt_lock)
		return vc_err(e, pc,
			      "BPF_LD_[ABS|IND] cannot be used inside "
			      "bpf_preempt_disable-ed region");
	if (e->cur.ref_cnt)
		return vc_err(e, pc,
			      "BPF_LD_[ABS|IND] cannot be mixed with "
			      "socket references");
	if (vc_check_read(e, pc, 6))
		return -1;
	if (bc_mode(in) == BPF_IND && vc_check_read(e, pc, in->src_reg))
		return -1;
	if (vc_reg(e, 6)->kind != VK_CTX)
		return vc_err(e, pc,
			      "at the time of BPF_LD_ABS|IND R6 != "
			      "pointer to skb");
	if (bc_mode(in) == BPF_IND && vc_reg(e, in->src_reg)->kind != VK_SCALAR)
		return vc_err(e, pc, "R%d type=%s expected=scalar", in->src_reg,
			      bc_vkind_name(vc_reg(e, in->src_reg)->kind));
	if (e->cur.curframe && ld_abs_early_exit(e, pc))
		return -1;
	for (int r = 1; r <= 5; r++)
		bc_vreg_ptr(vc_reg(e, r), VK_NOT_INIT);
	bc_vreg_scalar(vc_reg(e, 0));
	bc_scalar_load(&vc_reg(e, 0)->s, bc_size_bytes(bc_size(in)), false);
	return 0;
}
