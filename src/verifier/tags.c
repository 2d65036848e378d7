// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Induction tags on values (struct bc_vreg's iv, ivd, ivw, ivl): "the
 * header value of location ivl of summarised loop instance iv, plus ivd".
 * The loop method (loops/) sets them at a summary's header and reads them
 * on its back edges; the checkers keep them through the instructions that
 * move a value, with these primitives.
 */
#include "verifier/tags.h"

bool vt_active(const struct bc_vstate *st, uint32_t id)
{
	for (uint32_t i = 0; i < st->nsum; i++)
		if (st->sums[i] == id)
			return true;
	return false;
}

void vt_clear(struct bc_vreg *r)
{
	r->iv = 0;
	r->ivd = 0;
	r->ivw = 0;
	r->ivl = 0;
}

/* Kinds whose ivr is free for a range tag (VK_MEM*'s is buf_len). */
static bool may_range(const struct bc_vreg *r)
{
	return r->kind == VK_SCALAR || r->kind == VK_PKT ||
	       r->kind == VK_MAP_VALUE || r->kind == VK_FP;
}

static bool is_range_tag(const struct bc_vreg *r)
{
	return may_range(r) && (r->ivw == VL_W_RNG || r->ivw == VL_W_RNG32);
}

bool vt_is_shift(const struct bc_vreg *r)
{
	return r->iv && (r->ivw == VL_W_SHR || r->ivw == VL_W_SHR32);
}

bool vt_same(const struct bc_vreg *a, const struct bc_vreg *b)
{
	return a->iv == b->iv && a->ivd == b->ivd && a->ivw == b->ivw &&
	       a->ivl == b->ivl && is_range_tag(a) == is_range_tag(b) &&
	       ((!is_range_tag(a) && !vt_is_shift(a)) || a->ivr == b->ivr);
}

bool vt_delta(const struct bc_vreg *r, int64_t *lo, int64_t *hi)
{
	if (!r->iv || vt_is_shift(r))
		return false;
	*lo = r->ivd;
	*hi = is_range_tag(r) ? (int64_t)r->ivd + r->ivr : r->ivd;
	return true;
}

void vt_set(struct bc_vreg *r, const struct bc_vreg *from, int64_t d, uint8_t w)
{
	/* pointers keep a tag (on their address) only through +/- and
	 * copies at 64 bits, and only as the same kind of pointer */
	bool ok_kind = r->kind == VK_SCALAR ||
		       (from && from->kind == r->kind && w == 64 &&
			r->kind != VK_NOT_INIT);

	if (!from || !from->iv || !ok_kind || d >= VT_MAX_STEP ||
	    d <= -(int64_t)VT_MAX_STEP) {
		vt_clear(r);
		return;
	}
	r->iv = from->iv;
	r->ivl = from->ivl;
	r->ivd = (int32_t)d;
	r->ivw = w;
}

/*
 * r := from's tag moved by some d in [lo, hi] (a variable step), at width
 * w (64: VL_W_RNG, 32: VL_W_RNG32); untagged when from is not exact or
 * range-tagged at that width, or the range is too wide to be a step.
 */
static void vt_set_range(struct bc_vreg *r, const struct bc_vreg *from,
			 int64_t lo, int64_t hi, int w)
{
	int64_t flo, fhi;
	/* a pointer's is on its address, at 64 bits */
	bool ok = may_range(r) && r->kind == from->kind &&
		  (r->kind == VK_SCALAR || w == 64) &&
		  vt_delta(from, &flo, &fhi) &&
		  (w == 32 ? from->ivw >= 32 || is_range_tag(from) :
			     from->ivw == 64 || from->ivw == VL_W_RNG);

	if (!ok || lo > hi || hi - lo > UINT16_MAX ||
	    fhi - flo + hi - lo > UINT16_MAX ||
	    flo + lo <= -(int64_t)VT_MAX_STEP || fhi + hi >= VT_MAX_STEP) {
		vt_clear(r);
		return;
	}
	r->iv = from->iv;
	r->ivl = from->ivl;
	r->ivd = (int32_t)(flo + lo);
	r->ivr = (uint16_t)(fhi + hi - (flo + lo));
	r->ivw = w == 32 ? VL_W_RNG32 : VL_W_RNG;
}

void vt_low(struct bc_vreg *dst, const struct bc_vreg *src)
{
	if (src->ivw >= 32)
		vt_set(dst, src, src->ivd, 32);
	else if (is_range_tag(src))
		vt_set_range(dst, src, 0, 0, 32);
	else
		vt_clear(dst);
}

/* d += src (or -=): a variable step, when src's range is narrow */
static void add_range(struct bc_vreg *d, const struct bc_vreg *before,
		      const struct bc_vreg *src, uint8_t op, bool alu32)
{
	int64_t lo = alu32 ? src->s.s32_min : src->s.smin;
	int64_t hi = alu32 ? src->s.s32_max : src->s.smax;

	if (src->kind != VK_SCALAR || lo < -(int64_t)VT_MAX_STEP ||
	    hi > (int64_t)VT_MAX_STEP) {
		vt_clear(d);
		return;
	}
	if (op == BPF_SUB)
		vt_set_range(d, before, -hi, -lo, alu32 ? 32 : 64);
	else
		vt_set_range(d, before, lo, hi, alu32 ? 32 : 64);
}

/* The tag of a copy or of a constant step of a range-tagged value. */
static void range_after_alu(struct bc_vreg *d, const struct bc_vreg *before,
			    const struct bpf_insn *in, bool konst, int64_t k,
			    const struct bc_vreg *src)
{
	uint8_t op = bc_op(in);
	bool alu32 = bc_class(in) == BPF_ALU;

	if (op == BPF_MOV && bc_srcbit(in) && !in->off)
		vt_set_range(d, src, 0, 0,
			     alu32 || src->ivw == VL_W_RNG32 ? 32 : 64);
	else if ((op == BPF_ADD || op == BPF_SUB) && konst &&
		 (!bc_srcbit(in) || in->src_reg != in->dst_reg) &&
		 k > -(int64_t)VT_MAX_STEP && k < (int64_t)VT_MAX_STEP)
		vt_set_range(d, before, op == BPF_ADD ? k : -k,
			     op == BPF_ADD ? k : -k,
			     alu32 || before->ivw == VL_W_RNG32 ? 32 : 64);
	else if ((op == BPF_ADD || op == BPF_SUB) && bc_srcbit(in) &&
		 in->src_reg != in->dst_reg)
		add_range(d, before, src, op, alu32);
	else
		vt_clear(d);
}

static void vt_set_shift(struct bc_vreg *d, const struct bc_vreg *s)
{
	vt_set(d, s, s->ivd, s->ivw);
	d->ivr = s->ivr;
}

/*
 * A branch proved r, the header value of a location (exact), not 0 in the
 * width of a value shifted from it: so that shift made it fall.
 */
static bool fell_by(const struct bc_vreg *r, const struct bc_vreg *v)
{
	return vt_is_shift(v) && !v->ivr && v->iv == r->iv &&
	       v->ivl == r->ivl &&
	       (v->ivw == VL_W_SHR32 ? r->s.u32_min != 0 :
				       r->ivw == 64 && r->s.umin != 0);
}

void vt_mark_fell(struct venv *e, const struct bc_vreg *r, struct vt_fell *m)
{
	struct bc_vframe *f = vc_frame(e);

	if (r->kind != VK_SCALAR || !r->iv || r->ivd ||
	    (r->ivw != 64 && r->ivw != 32))
		return;
	for (int i = 0; i < BC_MAX_REG; i++)
		if (fell_by(r, &f->regs[i])) {
			f->regs[i].ivr = 1;
			m->regs |= 1u << i;
		}
	for (int k = 0; k < BC_SLOTS; k++)
		if (f->stype[8 * k] == VS_SPILL && fell_by(r, &f->spill[k])) {
			f->spill[k].ivr = 1;
			m->slots |= 1ull << k;
		}
}

void vt_unmark_fell(struct venv *e, const struct vt_fell *m)
{
	struct bc_vframe *f = vc_frame(e);

	for (int i = 0; i < BC_MAX_REG; i++)
		if (m->regs & (1u << i))
			f->regs[i].ivr = 0;
	for (int k = 0; k < BC_SLOTS; k++)
		if (m->slots & (1ull << k))
			f->spill[k].ivr = 0;
}

/*
 * d := before >> k: a header value (exact in the width shifted), or one
 * shifted already, is shifted by the k's so far. A low half zero-extended
 * shifts at 64 bits as at 32.
 */
static bool shift_after_alu(struct bc_vreg *d, const struct bc_vreg *before,
			    bool alu32, int64_t k)
{
	bool low = before->ivw == 32 && (alu32 || before->s.umax <= UINT32_MAX);
	bool exact = before->iv && !before->ivd && (low || before->ivw == 64);
	uint8_t w = alu32 || low ? VL_W_SHR32 : VL_W_SHR;
	int64_t n = k;
	uint16_t fell;

	if (vt_is_shift(before)) {
		if (alu32 && before->ivw == VL_W_SHR)
			return false;
		/* a zero-extended low half shifted at 64 bits stays one */
		w = before->ivw;
		n += before->ivd;
		fell = before->ivr;
	} else if (!exact) {
		return false;
	} else {
		fell = w == VL_W_SHR32 ? before->s.u32_min != 0 :
					 before->s.umin != 0;
	}
	if (k < 1 || n >= (w == VL_W_SHR32 ? 32 : 64))
		return false;
	vt_set(d, before, n, w);
	d->ivr = fell;
	return true;
}

/* Is k a low-bit mask (2^n - 1) that x's values all fit in? */
static bool low_mask_keeps(const struct bc_vreg *x, int64_t k, bool alu32)
{
	uint64_t m = alu32 ? (uint32_t)k : (uint64_t)k;

	if (x->kind != VK_SCALAR || !m || (m & (m + 1)))
		return false;
	return alu32 ? x->s.u32_max <= m : x->s.umax <= m;
}

void vt_after_alu(struct venv *e, const struct bpf_insn *in,
		  const struct bc_vreg *before, bool konst, int64_t k)
{
	bool alu32 = bc_class(in) == BPF_ALU;
	uint8_t op = bc_op(in), w = before->ivw;
	struct bc_vreg *d = vc_reg(e, in->dst_reg);
	const struct bc_vreg *s = vc_reg(e, in->src_reg);

	if ((op == BPF_MOV && bc_srcbit(in) && !in->off && is_range_tag(s)) ||
	    (op != BPF_MOV && is_range_tag(before))) {
		range_after_alu(d, before, in, konst, k, s);
	} else if (op == BPF_RSH && konst &&
		   shift_after_alu(d, before, alu32, k)) {
		return;
	} else if (op == BPF_MOV && bc_srcbit(in) && !in->off) {
		/* a 64-bit copy keeps a shifted value's tag too */
		if (s->ivw >= 32 || (s->ivw == 1 && !alu32))
			vt_set(d, s, s->ivd, alu32 ? 32 : s->ivw);
		else if (vt_is_shift(s) && (!alu32 || s->ivw == VL_W_SHR32))
			vt_set_shift(d, s);
		else
			vt_set(d, NULL, 0, 0);
	} else if ((op == BPF_ADD || op == BPF_SUB) && w >= 32 && konst &&
		   (!bc_srcbit(in) || in->src_reg != in->dst_reg)) {
		int64_t step = op == BPF_ADD ? k : -k;

		vt_set(d, before, before->ivd + step, alu32 ? 32 : w);
	} else if ((op == BPF_ADD || op == BPF_SUB) && w >= 32 &&
		   bc_srcbit(in) && in->src_reg != in->dst_reg) {
		add_range(d, before, s, op, alu32);
	} else if (op == BPF_ADD && !alu32 && bc_srcbit(in) &&
		   before->kind == VK_SCALAR && d->kind != VK_SCALAR &&
		   in->src_reg != in->dst_reg) {
		/* x += p: p's address moved by x */
		add_range(d, s, before, op, false);
	} else if (op == BPF_ADD && !alu32 && konst && w == 1 &&
		   !((uint64_t)k & 0xffffffffu)) {
		/* (v << 32) + (c << 32): the high half is v + c */
		vt_set(d, before,
		       (int32_t)((uint32_t)before->ivd +
				 (uint32_t)((uint64_t)k >> 32)),
		       1);
	} else if (op == BPF_AND && konst && w >= 32 &&
		   low_mask_keeps(before, k, alu32)) {
		/* x & (2^n - 1) with x within the mask: x itself */
		vt_set(d, before, before->ivd, alu32 ? 32 : w);
	} else if (op == BPF_LSH && !alu32 && konst && k == 32 && w >= 32) {
		vt_set(d, before, before->ivd, 1);
	} else if ((op == BPF_RSH || op == BPF_ARSH) && !alu32 && konst &&
		   k == 32 && w == 1) {
		/* (v << 32) >> 32: the low half of v, extended */
		vt_set(d, before, before->ivd, 32);
	} else {
		vt_set(d, NULL, 0, 0);
	}
}

void vt_after_fill(struct bc_vreg *d, const struct bpf_insn *in)
{
	/* a fill keeps the spilled value's tag (in the low half for a
	 * 4-byte fill) and a whole one its packet fact; any other load
	 * is a fresh value */
	if (d->kind == VK_SCALAR && bc_size(in) != BPF_DW)
		d->range = 0;
	if (bc_mode(in) != BPF_MEM || bc_size(in) == BPF_B ||
	    bc_size(in) == BPF_H ||
	    (d->ivw < 32 && !is_range_tag(d) &&
	     !(vt_is_shift(d) && bc_size(in) == BPF_DW)))
		vt_set(d, NULL, 0, 0);
	else if (bc_size(in) == BPF_W)
		vt_low(d, d);
}

static bool same_derivation(const struct bc_vreg *r, const struct bc_vreg *p)
{
	return r->kind == p->kind && r->ivw == VL_W_PKT && r->iv == p->iv &&
	       r->ivl == p->ivl && r->ivd == p->ivd;
}

/* The first pointer of st derived as p is (NULL: none). */
static const struct bc_vreg *derived_like(const struct bc_vstate *st,
					  const struct bc_vreg *p)
{
	for (uint32_t f = 0; f <= st->curframe; f++) {
		const struct bc_vframe *fr = st->frames[f];

		for (int r = 0; r < BC_MAX_REG; r++)
			if (same_derivation(&fr->regs[r], p))
				return &fr->regs[r];
		for (int k = 0; k < BC_SLOTS; k++)
			if (fr->stype[8 * k] == VS_SPILL &&
			    same_derivation(&fr->spill[k], p))
				return &fr->spill[k];
	}
	return NULL;
}

/* res := data + (V_h + d), d the tag's ivd: sc's tag shifted by -shift */
static bool tag_derived(struct venv *e, struct bc_vreg *res,
			const struct bc_vreg *sc, int64_t shift)
{
	int64_t d = (int64_t)sc->ivd - shift;

	if (!sc->iv || sc->ivw != 64 || sc->ivl >= VT_LOCS ||
	    !vt_active(&e->cur, sc->iv) || d >= VT_MAX_STEP ||
	    d <= -(int64_t)VT_MAX_STEP)
		return false;
	res->iv = sc->iv;
	res->ivl = sc->ivl;
	res->ivd = (int32_t)d;
	res->ivw = VL_W_PKT;
	return true;
}

/*
 * Within one round of a summarised loop (the body explored once from the
 * header state), base + (V_h + d) is the same address each time the body
 * computes it, V_h being location V's value at this round's header. The
 * pointer carries that derivation as its tag (width VL_W_PKT), kept by
 * copies, fills and constant moves, compared by pruning as every tag,
 * and dropped at the loop's header (tag_header). A second derivation
 * finds the first in the state and takes its id and range, as Linux's
 * copies of a pointer share one id: the bytes p + i + 2 > data_end
 * proved are there for p[i + 1] computed afresh.
 */
void vt_derive_pkt(struct venv *e, struct bc_vreg *res,
		   const struct bc_vreg *sc)
{
	const struct bc_vreg *q;

	vt_clear(res);
	/* data + x with x + n proven inside: n bytes from the new base */
	if (sc && sc->kind == VK_SCALAR && res->kind == VK_PKT &&
	    sc->range > res->range)
		res->range = sc->range;
	if (!sc || !tag_derived(e, res, sc, 0))
		return;
	q = derived_like(&e->cur, res);
	if (!q)
		return;
	res->id = q->id;
	if (q->range > res->range)
		res->range = q->range;
}

/*
 * data + x, x = V_h + d being the constant v in this round: v went into
 * the fixed offset and the pointer's base is data itself, V_h + d - v
 * past data + V_h. Tagged so, the round's checks on it count.
 */
void vt_derive_pkt_const(struct venv *e, struct bc_vreg *res,
			 const struct bc_vreg *sc, int64_t v)
{
	const struct bc_vreg *q;

	/* (tag_derived sets the whole tag, or leaves it as it was) */
	if (res->kind != VK_PKT || res->ivw == VL_W_PKT ||
	    !tag_derived(e, res, sc, v))
		return;
	q = derived_like(&e->cur, res);
	if (q && q->range > res->range)
		res->range = q->range;
}

struct pkt_fact {
	uint32_t iv;
	uint8_t ivl;
	int64_t end; /* header value + end bytes are inside */
};

static void learn_fact(struct bc_vreg *r, void *arg)
{
	const struct pkt_fact *f = arg;
	int64_t n;

	if (r->kind != VK_SCALAR || r->iv != f->iv || r->ivl != f->ivl ||
	    r->ivw != 64 || r->narrow)
		return;
	n = f->end - r->ivd;
	if (n > r->range && n <= 0xffff)
		r->range = (int32_t)n;
}

/*
 * p = data + (V_h + d), proven to have range bytes: V_h + d + range
 * bytes are inside, so a scalar holding V_h + d' has d + range - d'.
 * This is what carries a check made in one round (p + 1 <= end, before
 * p++) to the next round's header, where data + V is computed afresh.
 */
/* p has range bytes past it: data has as many past the least of p's offsets */
void vt_pkt_len(struct bc_vstate *st, const struct bc_vreg *p, int32_t range)
{
	uint64_t n = p->s.umin + (uint64_t)(range > 0 ? range : 0);

	if (p->kind == VK_PKT && range > 0 && p->s.smin >= 0 && n <= 0xffff &&
	    (int32_t)n > st->pkt_len)
		st->pkt_len = (int32_t)n;
}

/* Note that data + X_h + end bytes were proven (X: location ivl of iv). */
static void note_round_chk(struct venv *e, uint32_t iv, uint8_t ivl,
			   int64_t end)
{
	struct vt_round_chk *c, *old = &e->round_chk[0];

	if (end > 0xffff || end <= 0)
		return;
	for (c = e->round_chk; c < e->round_chk + BC_ARRAY_SIZE(e->round_chk);
	     c++) {
		if (c->iv == iv && c->ivl == ivl) {
			if (end > c->end)
				c->end = (int32_t)end;
			return;
		}
		if (c->iv < old->iv)
			old = c;
	}
	*old = (struct vt_round_chk){ iv, ivl, (int32_t)end };
}

void vt_pkt_checked(struct venv *e, const struct bc_vreg *p, int32_t range)
{
	struct pkt_fact f;

	vt_pkt_len(&e->cur, p, range);
	if (p->kind != VK_PKT || p->ivw != VL_W_PKT || range <= 0 ||
	    !vt_active(&e->cur, p->iv))
		return;
	f.iv = p->iv;
	f.ivl = p->ivl;
	f.end = (int64_t)p->ivd + range;
	bc_vstate_for_each_reg(&e->cur, learn_fact, &f);
	note_round_chk(e, f.iv, f.ivl, f.end);
}

void vt_pkt_after_alu(struct bc_vreg *d, const struct bpf_insn *in, bool konst,
		      int64_t k)
{
	uint8_t op = bc_op(in);
	int64_t n = d->range;

	if (d->kind != VK_SCALAR || !d->range)
		return;
	/* a copy keeps the fact, x + k has k bytes fewer (the arithmetic
	 * left d's range as it was before) */
	if (bc_class(in) == BPF_ALU64 && op == BPF_MOV && bc_srcbit(in) &&
	    !in->off)
		return;
	if (bc_class(in) == BPF_ALU64 && (op == BPF_ADD || op == BPF_SUB) &&
	    konst && (!bc_srcbit(in) || in->src_reg != in->dst_reg) &&
	    k > -0x10000 && k < 0x10000) {
		n -= op == BPF_ADD ? k : -k;
		d->range = n > 0 && n <= 0xffff ? (int32_t)n : 0;
		return;
	}
	d->range = 0;
}

static void drop_fact(struct bc_vreg *r, void *arg)
{
	(void)arg;
	if (r->kind == VK_SCALAR)
		r->range = 0;
}

void vt_pkt_drop(struct bc_vstate *st)
{
	bc_vstate_for_each_reg(st, drop_fact, NULL);
	st->pkt_len = 0;
}
