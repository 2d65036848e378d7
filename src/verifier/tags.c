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

void vt_low(struct bc_vreg *dst, const struct bc_vreg *src)
{
	if (src->ivw >= 32)
		vt_set(dst, src, src->ivd, 32);
	else
		vt_clear(dst);
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
	if (!sc || !sc->iv || sc->ivw != 64 || sc->ivl >= VT_LOCS ||
	    !vt_active(&e->cur, sc->iv))
		return;
	res->iv = sc->iv;
	res->ivl = sc->ivl;
	res->ivd = sc->ivd;
	res->ivw = VL_W_PKT;
	q = derived_like(&e->cur, res);
	if (!q)
		return;
	res->id = q->id;
	if (q->range > res->range)
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
void vt_pkt_checked(struct venv *e, const struct bc_vreg *p, int32_t range)
{
	struct pkt_fact f;

	if (p->kind != VK_PKT || p->ivw != VL_W_PKT || range <= 0 ||
	    !vt_active(&e->cur, p->iv))
		return;
	f.iv = p->iv;
	f.ivl = p->ivl;
	f.end = (int64_t)p->ivd + range;
	bc_vstate_for_each_reg(&e->cur, learn_fact, &f);
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
}
