// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Packet facts through loop summaries (issue 23, beyond the RFC's patch
 * 13): a scalar's range says data + it has that many bytes (tags.c keeps
 * it through the body). A summary's header state holds them for the
 * locations it steps, from the packet bytes proven on entry and on each
 * back edge, and from the checks a round makes on data + X (a check
 * made in every round, p + 1 <= end before p++, is part of the
 * invariant); containment and widening treat them as any other range.
 */
#include "loops/pktfact.h"
#include "verifier/tags.h"

static void pkt_len_fn(struct bc_vreg *r, void *arg)
{
	vt_pkt_len(arg, r, r->range);
}

/* The bytes proven past data in st, learnt from its packet pointers. */
static int32_t pkt_len(struct bc_vstate *st)
{
	bc_vstate_for_each_reg(st, pkt_len_fn, st);
	return st->pkt_len;
}

static void pkt_range_fn(struct bc_vreg *r, void *arg)
{
	int32_t len = *(int32_t *)arg;

	if (r->kind == VK_PKT && r->range >= 0 && r->s.smin >= 0 &&
	    r->s.umax < (uint64_t)len && r->range < len - (int32_t)r->s.umax)
		r->range = len - (int32_t)r->s.umax;
}

/*
 * On entry and on a back edge, with len bytes of the packet proven: a
 * location the loop steps, at most u, has len - u bytes from data + it,
 * and so has a packet pointer whose offsets are at most u.
 */
void vl_pkt_facts(struct venv *e, uint32_t loop)
{
	struct bc_vframe *f = vc_frame(e);
	int32_t len = pkt_len(&e->cur);

	vl_pkt_ranges(&e->cur);
	for (int j = 0; len > 0 && j < VL_LOCS; j++) {
		struct bc_vreg *r = vl_loc(f, j);

		if (r && r->kind == VK_SCALAR && !r->narrow &&
		    r->s.umax < (uint64_t)len &&
		    r->range < len - (int32_t)r->s.umax &&
		    (j >= 10 || vl_step_dst(e->cfg, loop, j)))
			r->range = len - (int32_t)r->s.umax;
	}
}

void vl_pkt_join(struct bc_vstate *out, const struct bc_vstate *c)
{
	if (c->pkt_len < out->pkt_len)
		out->pkt_len = c->pkt_len;
	pkt_len(out);
}

/*
 * A packet pointer that walks loses a step of its range at every widening
 * (its offsets grow, its range is the least): it has what its largest
 * offset leaves of the bytes proven past data.
 */
void vl_pkt_ranges(struct bc_vstate *out)
{
	bc_vstate_for_each_reg(out, pkt_range_fn, &out->pkt_len);
}

/*
 * A packet fact that shrank on the back edge: rather than step by step,
 * down to what W's range of X still proves, or to what this round's
 * check proved (once it holds on its own, the check keeps it).
 */
void vl_pkt_widen(const struct vsum *s, uint32_t own, const struct bc_vstate *w,
		  const struct bc_vstate *c, struct bc_vstate *out)
{
	int32_t len = out->pkt_len;

	for (int j = 0; j < VL_LOCS; j++) {
		const struct bc_vreg *o = vl_loc(w->frames[s->frame], j);
		const struct bc_vreg *b = vl_loc(c->frames[s->frame], j);
		struct bc_vreg *n = vl_loc(out->frames[s->frame], j);
		int64_t lo = 0, chk = 0;

		if (!n || n->kind != VK_SCALAR || !o || n->range >= o->range)
			continue;
		if (n->s.umax < (uint64_t)len)
			lo = len - (int64_t)n->s.umax;
		if (b && b->iv == own && b->ivl == j && b->ivw == 64)
			chk = (int64_t)s->pk_chk[j] - b->ivd;
		if (chk > lo)
			lo = chk;
		if (lo < n->range)
			n->range = lo > 0 ? (int32_t)lo : 0;
	}
}

/*
 * At a back edge: the checks made on pointers derived as data + (X_h + d)
 * (tags.c notes them as they are made: such a pointer is often dead by
 * the back edge). A pointer's range got otherwise (from X's own fact, or
 * in a round where X_h was a constant) is no check: counting it would
 * make a shrinking fact shrink a step a round rather than at once.
 */
void vl_pkt_round(const struct venv *e, struct vsum *s, uint32_t id)
{
	for (size_t i = 0; i < BC_ARRAY_SIZE(e->round_chk); i++) {
		const struct vt_round_chk *c = &e->round_chk[i];

		if (c->iv == id && c->ivl < VL_LOCS &&
		    c->end > s->pk_chk[c->ivl])
			s->pk_chk[c->ivl] = c->end;
	}
}
