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
