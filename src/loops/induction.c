// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Bounded loops by induction; see induction.h and docs/LOOPS.md. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "verifier/env.h"
#include "loops/induction.h"
#include "verifier/tags.h"
#include "loops/ivrel.h"
#include "loops/pktfact.h"
#include "verifier/precision.h"
#include "loops/trip.h"

#define VL_MAX_ROUNDS  24 /* widening rounds per summary */
#define VL_MAX_INST    65536 /* summaries per run */
#define VL_COVER_TRIES 64 /* header states an entry is compared with */

struct vsum *vl_sum(struct venv *e, uint32_t id)
{
	return &e->sums[id - 1];
}

void vl_abort(struct venv *e, const struct vsum *s, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (e->sum_abort)
		return;
	e->sum_abort = true;
	n = snprintf(e->sum_why, sizeof(e->sum_why),
		     "loop at insn %u: ", s->pc);
	va_start(ap, fmt);
	vsnprintf(e->sum_why + n, sizeof(e->sum_why) - n, fmt, ap);
	va_end(ap);
}

struct bc_vreg *vl_loc(struct bc_vframe *f, int j)
{
	if (j < 10)
		return &f->regs[j];
	j -= 10;
	if (f->stype[8 * j] != VS_SPILL)
		return NULL;
	return &f->spill[j];
}

void vl_loc_name(int j, char *buf, size_t len)
{
	if (j < 10)
		snprintf(buf, len, "R%d", j);
	else
		snprintf(buf, len, "fp%d", (j - 10) * 8 - BC_STACK);
}

bool vl_in_loop(const struct bc_cfg *cfg, uint32_t loop, uint32_t pc)
{
	uint32_t l;

	if (pc >= cfg->prog->insn_cnt)
		return false;
	for (l = cfg->blocks[cfg->insn_block[pc]].loop; l != BC_NONE;
	     l = cfg->loops[l].parent)
		if (l == loop)
			return true;
	return false;
}

static void untag_reg(struct bc_vreg *r, void *arg)
{
	if (r->iv == *(uint32_t *)arg)
		vt_clear(r);
}

static void untag_pkt(struct bc_vreg *r, void *arg)
{
	if (r->ivw == VL_W_PKT)
		untag_reg(r, arg);
}

bool vl_inside(const struct venv *e, uint32_t pc)
{
	uint32_t l;

	if (!e->cur.nsum || pc >= e->cfg->prog->insn_cnt)
		return false;
	/* the innermost loop: one not summarised is explored, and its
	 * repeats are Linux's infinite loops */
	l = e->cfg->blocks[e->cfg->insn_block[pc]].loop;
	for (uint32_t i = 0; i < e->cur.nsum && l != BC_NONE; i++) {
		const struct vsum *s = &e->sums[e->cur.sums[i] - 1];

		if (s->frame == e->cur.curframe && s->loop == l)
			return true;
	}
	return false;
}

/* The path explores a round of loop peeled, after n header visits. */
static void peel_set(struct bc_vstate *st, uint32_t loop, uint32_t frame,
		     uint32_t n)
{
	st->peel_loop = loop + 1;
	st->peel_frame = frame;
	st->peel_n = n;
}

/* No peel record; all of it cleared, as pruning compares all of it. */
static void peel_clear(struct bc_vstate *st)
{
	st->peel_loop = 0;
	st->peel_frame = 0;
	st->peel_n = 0;
}

void vl_leave(struct venv *e, uint32_t pc)
{
	struct bc_vstate *st = &e->cur;

	if (st->peel_loop && st->curframe <= st->peel_frame &&
	    (st->curframe < st->peel_frame ||
	     !vl_in_loop(e->cfg, st->peel_loop - 1, pc)))
		peel_clear(st);

	while (st->nsum) {
		uint32_t id = st->sums[st->nsum - 1];
		struct vsum *s = vl_sum(e, id);

		if (st->curframe > s->frame ||
		    (st->curframe == s->frame &&
		     vl_in_loop(e->cfg, s->loop, pc)))
			return;
		st->nsum--;
		vc_for_each_reg(e, untag_reg, &id);
		if (!st->nsum)
			vt_pkt_drop(st);
	}
}

/* ---- the loop's thresholds and steps ---- */

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static int cmp_s64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

struct thr_build {
	uint64_t v[VL_MAX_THR];
	uint32_t n;
	int64_t steps[8];
	uint32_t nsteps;
};

static void thr_add(struct thr_build *t, uint64_t b)
{
	uint64_t c[3] = { b - 1, b, b + 1 };

	for (int i = 0; i < 3 && t->n < VL_MAX_THR; i++)
		t->v[t->n++] = c[i];
	for (uint32_t i = 0; i < t->nsteps && t->n + 2 <= VL_MAX_THR; i++) {
		t->v[t->n++] = b + (uint64_t)t->steps[i] - 1;
		t->v[t->n++] = b - (uint64_t)t->steps[i] + 1;
	}
}

static void thr_add_reg(struct thr_build *t, const struct bc_vreg *r)
{
	if (r->kind != VK_SCALAR)
		return;
	thr_add(t, r->s.umin);
	thr_add(t, r->s.umax);
	thr_add(t, (uint64_t)r->s.smin);
	thr_add(t, (uint64_t)r->s.smax);
}

bool vl_is_step(const struct bpf_insn *in, int64_t *c)
{
	uint8_t cl = bc_class(in), op = bc_op(in);

	if ((cl != BPF_ALU && cl != BPF_ALU64) || bc_srcbit(in) ||
	    (op != BPF_ADD && op != BPF_SUB) || !in->imm)
		return false;
	*c = in->imm < 0 ? -(int64_t)in->imm : in->imm;
	return true;
}

/* A constant step, or a right shift by a constant (a value that halves). */
static bool has_step(const struct bc_cfg *cfg, uint32_t l)
{
	int64_t c;

	FOR_BODY_INSNS(cfg, l, i)
	{
		const struct bpf_insn *in = &cfg->prog->insns[i];

		if (vl_is_step(in, &c) ||
		    (bc_op(in) == BPF_RSH && !bc_srcbit(in) && in->imm > 0 &&
		     (bc_class(in) == BPF_ALU || bc_class(in) == BPF_ALU64)))
			return true;
	}
	return false;
}

static void thresholds(struct venv *e, struct vsum *s)
{
	const struct bc_cfg *cfg = e->cfg;
	struct thr_build *t = bc_xcalloc(1, sizeof(*t));
	struct bc_vframe *f = vc_frame(e);
	uint32_t n = 0;

	FOR_BODY_INSNS(cfg, s->loop, i)
	{
		int64_t c;
		bool dup = false;

		if (!vl_is_step(&cfg->prog->insns[i], &c))
			continue;
		for (uint32_t k = 0; k < t->nsteps; k++)
			dup |= t->steps[k] == c;
		if (!dup && t->nsteps < 8)
			t->steps[t->nsteps++] = c;
	}
	t->v[t->n++] = 0;
	FOR_BODY_INSNS(cfg, s->loop, i)
	{
		const struct bpf_insn *in = &cfg->prog->insns[i];

		if (!bc_is_cond_jmp(in))
			continue;
		if (bc_srcbit(in)) {
			thr_add_reg(t, &f->regs[in->src_reg]);
			thr_add_reg(t, &f->regs[in->dst_reg]);
		} else if (bc_class(in) == BPF_JMP32) {
			thr_add(t, (uint32_t)in->imm);
			thr_add(t, (uint64_t)(int64_t)in->imm);
		} else {
			thr_add(t, (uint64_t)(int64_t)in->imm);
		}
	}
	s->thr_u = bc_xmalloc(t->n * sizeof(uint64_t));
	s->thr_s = bc_xmalloc(t->n * sizeof(int64_t));
	qsort(t->v, t->n, sizeof(uint64_t), cmp_u64);
	for (uint32_t i = 0; i < t->n; i++)
		if (!n || t->v[i] != s->thr_u[n - 1])
			s->thr_u[n++] = t->v[i];
	s->thr_cnt = n;
	for (uint32_t i = 0; i < n; i++)
		s->thr_s[i] = (int64_t)s->thr_u[i];
	qsort(s->thr_s, n, sizeof(int64_t), cmp_s64);
	free(t);
}

/* ---- widening ---- */

/*
 * The type limits a counter may run up to, tried only where the loop's own
 * tests give no threshold (so that the rounds do not depend on the bound).
 */
static const int64_t limits[] = {
	INT64_MIN,     INT64_MIN + 1, -0x80000001ll, -0x80000000ll,
	-0x7fffffffll, -0x8001,	      -0x8000,	     -0x7fff,
	-0x81,	       -0x80,	      -0x7f,	     0xfe,
	0xff,	       0x100,	      0xfffe,	     0xffff,
	0x10000,       0x7ffffffe,    0x7fffffff,    0x80000000ll,
	0xfffffffell,  0xffffffffll,  0x100000000ll, INT64_MAX - 1,
	INT64_MAX,
};

/* a before b, in the order of signed (sg) or unsigned values */
static bool before(uint64_t a, uint64_t b, bool sg)
{
	return sg ? (int64_t)a < (int64_t)b : a < b;
}

/* x <= t <= bound going up, bound <= t <= x going down */
static bool between(uint64_t x, uint64_t t, uint64_t bound, bool sg, bool up)
{
	return up ? !before(t, x, sg) && !before(bound, t, sg) :
		    !before(x, t, sg) && !before(t, bound, sg);
}

/*
 * The bound a test of the loop puts on a tagged location (vsum's tb)
 * nearest to x going up or down, no further than bound; false when none.
 */
static bool tested_bound(const struct vsum *s, uint64_t x, uint64_t bound,
			 bool sg, bool up, uint64_t *out)
{
	bool found = false;

	for (uint32_t i = 0; i < s->tb_cnt && s->rounds <= VL_THR_ROUNDS; i++) {
		uint64_t b = s->tb[i].b;

		if (!between(x, b, bound, sg, up) ||
		    (found &&
		     !(up ? before(b, *out, sg) : before(*out, b, sg))))
			continue;
		*out = b;
		found = true;
	}
	return found;
}

/*
 * Where a bound that moved from x widens to, going up or down, no further
 * than bound, in the order sg says: the bound a test of the loop puts on
 * the location, else the nearest threshold of the loop's code, else the
 * nearest type limit, else bound itself (the last two only for the first
 * VL_THR_ROUNDS rounds).
 */
static uint64_t widen_to(const struct vsum *s, uint64_t x, uint64_t bound,
			 bool sg, bool up)
{
	const uint64_t *thr = sg ? (const uint64_t *)s->thr_s : s->thr_u;
	uint64_t best = bound;

	if (tested_bound(s, x, bound, sg, up, &best))
		return best;
	if (s->rounds > VL_THR_ROUNDS)
		return best;
	for (uint32_t k = 0; k < s->thr_cnt; k++) {
		uint64_t t = thr[up ? k : s->thr_cnt - 1 - k];

		if (between(x, t, bound, sg, up))
			return t;
	}
	for (size_t k = 0; k < BC_ARRAY_SIZE(limits); k++)
		if (between(x, (uint64_t)limits[k], best, sg, up) &&
		    (uint64_t)limits[k] != best)
			best = (uint64_t)limits[k];
	return best;
}

/*
 * Known bits for a widened range r: those of the join u below its lowest
 * unknown bit (an alignment every value keeps, e.g. a step of 4 from 0),
 * otherwise only what both u and r know.
 */
static struct tnum widen_tnum(struct tnum u, struct tnum r)
{
	uint64_t low = u.mask ? (u.mask & -u.mask) - 1 : UINT64_MAX;
	uint64_t m = (u.mask | r.mask | (u.value ^ r.value)) & ~low;
	struct tnum t;

	/* bits above r's mask that u and r disagree on become unknown */
	m |= (u.value ^ r.value) & ~(r.mask | u.mask) & ~low;
	t.mask = m;
	t.value = (u.value & low) | (r.value & ~m & ~low);
	return t;
}

/* o := a widening of o and c (o's bounds move to thresholds past c's). */
static void widen_scalar(const struct vsum *s, struct bc_scalar *o,
			 const struct bc_scalar *c)
{
	struct bc_scalar j = *o;

	if (bc_scalar_subsumes(o, c))
		return;
	j.var_off = tnum_union(o->var_off, c->var_off);
	if (c->umin < o->umin)
		j.umin = widen_to(s, c->umin, 0, false, false);
	if (c->umax > o->umax)
		j.umax = widen_to(s, c->umax, UINT64_MAX, false, true);
	if (c->smin < o->smin)
		j.smin = (int64_t)widen_to(s, (uint64_t)c->smin,
					   (uint64_t)INT64_MIN, true, false);
	if (c->smax > o->smax)
		j.smax = (int64_t)widen_to(s, (uint64_t)c->smax, INT64_MAX,
					   true, true);
	if (c->u32_min < o->u32_min)
		j.u32_min = (uint32_t)(c->u32_min ? widen_to(s, c->u32_min, 0,
							     false, false) :
						    0);
	if (j.u32_min > c->u32_min)
		j.u32_min = 0;
	if (c->u32_max > o->u32_max)
		j.u32_max = (uint32_t)widen_to(s, c->u32_max, UINT32_MAX, false,
					       true);
	if (c->s32_min < o->s32_min)
		j.s32_min = (int32_t)widen_to(s, (uint64_t)(int64_t)c->s32_min,
					      (uint64_t)(int64_t)INT32_MIN,
					      true, false);
	if (c->s32_max > o->s32_max)
		j.s32_max = (int32_t)widen_to(s, (uint64_t)(int64_t)c->s32_max,
					      INT32_MAX, true, true);
	/* the known bits must not pull the widened bounds back in */
	if (j.umin != o->umin || j.umax != o->umax)
		j.var_off = widen_tnum(j.var_off, tnum_range(j.umin, j.umax));
	if (j.u32_min != o->u32_min || j.u32_max != o->u32_max) {
		struct tnum t = tnum_range(j.u32_min, j.u32_max);

		t.mask |= 0xffffffff00000000ull;
		t.value &= 0xffffffffull;
		j.var_off = widen_tnum(j.var_off, t);
	}
	bc_scalar_sync(&j);
	vrel_align_scalar(&j);
	*o = j;
}

static void make_top(struct bc_vreg *r)
{
	memset(r, 0, sizeof(*r));
	r->kind = VK_NOT_INIT;
	bc_scalar_const(&r->s, 0);
}

/*
 * A packet pointer's range with its fixed offset moved down to base: the
 * bytes past data + var + (off - base) are as many fewer.
 */
static int32_t split_range(const struct bc_vreg *r, int32_t base)
{
	int64_t n = (int64_t)r->range - (r->off - base);

	if (r->kind != VK_PKT || r->range <= 0 || n <= 0)
		return 0;
	return (int32_t)n;
}

static void widen_reg(const struct vsum *s, uint32_t own, struct bc_vreg *o,
		      const struct bc_vreg *c, uint32_t *id_gen)
{
	if (o->kind == VK_NOT_INIT)
		return;
	/* another loop's relation survives only where both sides agree;
	 * this loop's own tags are set afresh at the header */
	if (o->iv && o->iv != own && !vt_same(o, c))
		vt_clear(o);
	if (o->kind != c->kind) {
		make_top(o);
		return;
	}
	if (o->kind == VK_SCALAR) {
		widen_scalar(s, &o->s, &c->s);
		if (c->range < o->range)
			o->range = c->range;
		return;
	}
	if (o->frame != c->frame || o->map != c->map ||
	    o->mem_size != c->mem_size || o->ref_id != c->ref_id) {
		make_top(o);
		return;
	}
	if (o->off != c->off) {
		/* a pointer that walks: the fixed offsets become part of the
		 * variable one, from the lower of the two */
		int32_t base = o->off < c->off ? o->off : c->off;
		int32_t ro = split_range(o, base), rc = split_range(c, base);
		struct bc_scalar d, cv = c->s;

		bc_scalar_const(&d, (uint64_t)(int64_t)(o->off - base));
		bc_scalar_alu(&o->s, &d, BPF_ADD, false, 0);
		bc_scalar_const(&d, (uint64_t)(int64_t)(c->off - base));
		bc_scalar_alu(&cv, &d, BPF_ADD, false, 0);
		/* a walking packet pointer's range shrinks by its step at
		 * every round: it jumps to what the bytes proven past data
		 * leave it (vl_pkt_ranges) */
		o->range = ro < rc ? ro : rc;
		if (o->kind == VK_PKT && o->range < ro)
			o->range = 0;
		o->off = base;
		widen_scalar(s, &o->s, &cv);
		if (o->kind == VK_PKT || o->kind == VK_PKT_META)
			o->id = ++*id_gen;
		return;
	}
	widen_scalar(s, &o->s, &c->s);
	/* linked differently on either side: linked to nothing */
	if (o->id != c->id && (o->kind == VK_PKT || o->kind == VK_PKT_META))
		o->id = ++*id_gen;
	if (c->range < 0 || o->range < 0) /* end marks: none common */
		o->range = c->range == o->range ? o->range : 0;
	else if (c->range < o->range)
		o->range = c->range;
}

static void widen_slot(const struct vsum *s, uint32_t own, struct bc_vframe *o,
		       const struct bc_vframe *c, int k, uint32_t *id_gen)
{
	uint8_t *ot = o->stype + 8 * k;
	const uint8_t *ct = c->stype + 8 * k;

	if (ot[0] == VS_ITER || ct[0] == VS_ITER || ot[0] == VS_DYNPTR ||
	    ct[0] == VS_DYNPTR) { /* kept only if equal */
		if (memcmp(ot, ct, 8) || o->spill[k].map != c->spill[k].map ||
		    o->spill[k].off != c->spill[k].off ||
		    o->spill[k].mem_size != c->spill[k].mem_size ||
		    o->spill[k].range != c->spill[k].range ||
		    o->spill[k].bflags != c->spill[k].bflags ||
		    o->spill[k].ref_id != c->spill[k].ref_id)
			memset(ot, VS_INVALID, 8);
		return;
	}
	if (ot[0] == VS_SPILL && ct[0] == VS_SPILL) {
		widen_reg(s, own, &o->spill[k], &c->spill[k], id_gen);
		if (o->spill[k].kind == VK_NOT_INIT)
			memset(ot, VS_INVALID, 8);
		return;
	}
	if (ot[0] == VS_SPILL) {
		bool scalar = o->spill[k].kind == VK_SCALAR;

		memset(ot, scalar ? VS_MISC : VS_INVALID, 8);
	}
	for (int b = 0; b < 8; b++) {
		uint8_t x = ot[b], y = ct[b];

		if (y == VS_SPILL)
			y = c->spill[k].kind == VK_SCALAR ? VS_MISC :
							    VS_INVALID;
		if (x == y)
			continue;
		if ((x == VS_MISC || x == VS_ZERO) &&
		    (y == VS_MISC || y == VS_ZERO))
			ot[b] = VS_MISC;
		else
			ot[b] = VS_INVALID;
	}
}

static void clear_scalar_id(struct bc_vreg *r, void *arg)
{
	(void)arg;
	if (r->kind == VK_SCALAR)
		r->id = 0;
}

/* Does w contain a and b, where live (NULL: everywhere) says? */
static bool contains(const struct bc_vstate *w, const struct bc_vstate *a,
		     const struct bc_vstate *b, uint32_t own,
		     const uint16_t *live)
{
	uint16_t all[BC_MAX_CALL_FRAMES];

	for (int i = 0; i < BC_MAX_CALL_FRAMES; i++)
		all[i] = 0x7ff;
	if (!live)
		live = all;
	return bc_vstate_subsumes(w, a, live, BC_SUB_HEADER, own) &&
	       bc_vstate_subsumes(w, b, live, BC_SUB_HEADER, own);
}

/* A pointer whose address a loop may step (map value, stack, memory). */
bool vl_walker(const struct bc_vreg *r)
{
	return r->kind == VK_MAP_VALUE || r->kind == VK_MEM ||
	       r->kind == VK_FP || r->kind == VK_PKT;
}

/* A location's constant: a scalar's value, or a pointer's offset. */
bool vl_loc_const(const struct bc_vreg *r, int64_t *v)
{
	if (!r || (r->kind != VK_SCALAR && !vl_walker(r)) ||
	    !bc_scalar_is_const(&r->s))
		return false;
	*v = (int64_t)r->s.var_off.value + (r->kind == VK_SCALAR ? 0 : r->off);
	return true;
}

/* A walker's address range on entry, when its variable part is small. */
static bool entry_range(const struct bc_vreg *r, int64_t *lo, int64_t *span)
{
	if (!r || !vl_walker(r) || r->s.smin < 0 || r->s.smax > (1ll << 40))
		return false;
	*lo = r->s.smin + r->off;
	*span = r->s.smax - r->s.smin;
	return true;
}

/*
 * Narrow each derived pointer of summary s in frame f from its counter:
 * with P = P_h + dP and V = V_h + dV (their tags) and P_h = a + k * V_h,
 * P = a + k * V + (dP - k * dV).
 */
/*
 * Thresholds only for what may count the loop (a location still stepping
 * by a constant of one sign): anything else widens straight to the
 * extremes, so the rounds do not depend on the loop's bound.
 */
static const struct vsum no_thr = { .rounds = VL_THR_ROUNDS + 1 };

static const struct vsum *thr_for(const struct vsum *s, uint32_t f, int j)
{
	if (f != s->frame || j >= VL_LOCS || s->bad[j] || !s->sign[j])
		return &no_thr;
	return s;
}

/*
 * out := a state containing both w and c, or false. The result is checked
 * against both (the same containment as pruning, where live says: a
 * register dead at the header is written before it is read), so a
 * mistake here can only make the summary fail, never make it unsound.
 */
static bool widen(struct vsum *s, uint32_t own, const struct bc_vstate *w,
		  const struct bc_vstate *c, struct bc_vstate *out,
		  const uint16_t *live, uint32_t *id_gen)
{
	if (w->curframe != c->curframe || w->ref_cnt || c->ref_cnt ||
	    w->lock_map || c->lock_map || w->rcu_lock != c->rcu_lock ||
	    w->preempt_lock != c->preempt_lock)
		return false;
	/* out keeps w's callback_depth: a bpf_loop round counted fewer
	 * times may run more rounds, so it stands for c's too (the rounds
	 * on one path count up, so w's is never the larger) */
	for (uint32_t f = 0; f <= w->curframe; f++) {
		const struct bc_vframe *a = w->frames[f], *b = c->frames[f];

		if (a->callsite != b->callsite || a->subprog != b->subprog ||
		    a->cb_proto != b->cb_proto ||
		    a->callback_depth > b->callback_depth)
			return false;
	}
	bc_vstate_copy(out, w);
	for (uint32_t f = 0; f <= w->curframe; f++) {
		struct bc_vframe *o = out->frames[f];
		const struct bc_vframe *b = c->frames[f];

		for (int r = 0; r < BC_MAX_REG; r++)
			widen_reg(thr_for(s, f, r), own, &o->regs[r],
				  &b->regs[r], id_gen);
		for (int k = 0; k < BC_SLOTS; k++)
			widen_slot(thr_for(s, f, 10 + k), own, o, b, k, id_gen);
	}
	vl_pkt_join(out, c);
	vl_pkt_widen(s, own, w, c, out);
	vrel_relate_narrow(s, own, out->frames[s->frame]);
	if (own)
		vrel_range_narrow(s, own, out->frames[s->frame],
				  w->frames[s->frame]);
	if (own)
		vrel_cong_header(s, out->frames[s->frame]);
	if (own && s->lt == 1)
		vrel_lt_narrow(s, out->frames[s->frame]);
	vl_pkt_ranges(out);
	if (contains(out, w, c, own, live))
		return true;
	bc_vstate_for_each_reg(out, clear_scalar_id, NULL);
	if (contains(out, w, c, own, live))
		return true;
	bc_vstate_free(out);
	return false;
}

/* The path goes on from nw (same frames and path links as st). */
static void adopt(struct bc_vstate *st, struct bc_vstate *nw)
{
	st->pkt_len = nw->pkt_len;
	for (uint32_t f = 0; f <= st->curframe; f++) {
		bc_vframe_free(st->frames[f]);
		st->frames[f] = nw->frames[f];
	}
	free(nw->refs);
}

/* ---- header ---- */

bool vl_step_dst(const struct bc_cfg *cfg, uint32_t l, int reg)
{
	int64_t c;

	FOR_BODY_INSNS(cfg, l, i)
	if (vl_is_step(&cfg->prog->insns[i], &c) &&
	    cfg->prog->insns[i].dst_reg == reg)
		return true;
	return false;
}

/* Tag every scalar location of the loop's frame as "header value + 0". */
static void tag_header(struct venv *e, struct vsum *s, uint32_t id, bool fresh)
{
	struct bc_vframe *f = vc_frame(e);

	/* a new round: packet pointers derived in the last one say
	 * nothing about this one's header values */
	bc_vstate_for_each_reg(&e->cur, untag_pkt, &id);
	for (int j = 0; j < VL_LOCS; j++) {
		struct bc_vreg *r = vl_loc(f, j);

		if (!r || (r->kind != VK_SCALAR && !vl_walker(r)))
			continue;
		/* keep an enclosing loop's relation unless this loop steps
		 * the register itself */
		if (fresh && r->iv && r->iv != id &&
		    vt_active(&e->cur, r->iv) &&
		    (j >= 10 || !vl_step_dst(e->cfg, s->loop, j)))
			continue;
		if (!fresh && r->iv != id)
			continue;
		r->iv = id;
		r->ivd = 0;
		r->ivw = 64;
		r->ivl = (uint8_t)j;
	}
}

/*
 * A slot of eight zero bytes holds the same value as a spilled constant 0
 * (a fill reads 0 from either): at the header it becomes one, so that a
 * counter spilled as 0 on entry is a location the loop can rank.
 */
static void zero_slots_spilled(struct venv *e)
{
	struct bc_vframe *f = vc_frame(e);
	static const uint8_t zero8[8] = { VS_ZERO, VS_ZERO, VS_ZERO, VS_ZERO,
					  VS_ZERO, VS_ZERO, VS_ZERO, VS_ZERO };

	if (!e->bpf_cap) /* Linux keeps no scalar spill then */
		return;
	for (int k = 0; k < BC_SLOTS; k++) {
		if (memcmp(f->stype + 8 * k, zero8, 8))
			continue;
		bc_vframe_spill_grow(f, k);
		memset(f->stype + 8 * k, VS_SPILL, 8);
		bc_vreg_const(&f->spill[k], 0);
	}
}

static void new_head(struct venv *e, struct vsum *s, uint32_t id)
{
	struct bc_vchk *c;

	e->sum_head = true;
	c = vc_checkpoint(e, e->cur.pc, 0);
	e->sum_head = false;
	c->sum = id;
	s->w = c;
}

/*
 * Does location j of f hold what summary t found there on entry? Its
 * relations, congruences and bounds start from those values (ivrel.c),
 * which a header state widened past them no longer says.
 */
static bool entry_holds(const struct vsum *t, const struct bc_vframe *f, int j)
{
	const struct bc_vreg *r = vl_loc((struct bc_vframe *)f, j);
	int64_t v, lo, span;

	if (t->ent_c[j])
		return vl_loc_const(r, &v) && v == t->ent_v[j];
	if (t->ent_a[j])
		return entry_range(r, &lo, &span) && lo >= t->ent_v[j] &&
		       lo + span <= t->ent_v[j] + t->ent_span[j];
	if (t->ent_r[j])
		return r && r->kind == VK_SCALAR && r->s.smin >= t->ent_lo[j] &&
		       r->s.smax <= t->ent_hi[j];
	return true;
}

static bool entry_agrees(const struct vsum *t, const struct bc_vframe *f,
			 uint16_t live)
{
	for (int j = 0; j < VL_LOCS; j++)
		if ((j >= 10 || (live & (1u << j))) && !entry_holds(t, f, j))
			return false;
	return true;
}

/*
 * Is the state at the header of loop contained in the header state of a
 * summary of it that counts at least peel peeled rounds, and does it
 * agree with that summary's entry? Then that summary covers every run
 * from here (its trip bound too): prune.
 */
static bool covered(struct venv *e, uint32_t loop, uint32_t peel,
		    const uint16_t *live)
{
	uint32_t tried = 0, seen = 0;

	/* the latest few: a loop entered from many states stays linear */
	for (uint32_t i = e->sum_cnt; i-- > 0 && tried < VL_COVER_TRIES &&
				      ++seen <= 64 * VL_COVER_TRIES;) {
		struct vsum *t = &e->sums[i];

		if (t->loop != loop || t->frame != e->cur.curframe ||
		    t->peel < peel)
			continue;
		tried++;
		if (!bc_vstate_subsumes(&t->w->st, &e->cur, live, BC_SUB_HEADER,
					i + 1) ||
		    !entry_agrees(t, vc_frame(e), live[t->frame]))
			continue;
		t->w->hit++;
		/* a summary still being explored: a cycle (explored_trip) */
		if (t->w->branches)
			e->open_prune = true;
		return true;
	}
	return false;
}

/* A loop explored without a summary: the first one says why. */
static void unsum(struct venv *e, uint32_t pc, const char *why)
{
	if (!e->unsum_why[0])
		snprintf(e->unsum_why, sizeof(e->unsum_why),
			 "loop at insn %u: %s", pc, why);
}

/* Can a summary start here? */
static bool summarisable(struct venv *e, uint32_t pc, uint32_t loop)
{
	const char *why = NULL;

	if (e->cur.nsum == BC_MAX_SUMS)
		why = "nested deeper than the summaries go";
	else if (e->sum_cnt >= VL_MAX_INST)
		why = "too many loop summaries in the program";
	else if (e->cfg->loops[loop].subprog != vc_frame(e)->subprog)
		why = "entered from another subprogram";
	else if (!has_step(e->cfg, loop))
		why = "no register or stack slot changes by a constant step "
		      "or a constant right shift in it";
	if (why)
		unsum(e, pc, why);
	return !why;
}

static int entry(struct venv *e, uint32_t pc, uint32_t loop, uint32_t peel,
		 const uint16_t *live)
{
	struct bc_vstate *st = &e->cur;
	struct vsum *s;
	uint32_t id;

	if (!summarisable(e, pc, loop))
		return 0;
	vp_mark_state(e, live);
	if (covered(e, loop, peel, live))
		return 1;
	BC_GROW(e->sums, e->sum_cap, e->sum_cnt + 1);
	s = &e->sums[e->sum_cnt++];
	memset(s, 0, sizeof(*s));
	id = e->sum_cnt;
	s->loop = loop;
	s->pc = pc;
	s->frame = st->curframe;
	s->peel = peel;
	thresholds(e, s);
	zero_slots_spilled(e);
	for (int j = 0; j < VL_LOCS; j++) {
		const struct bc_vreg *r = vl_loc(vc_frame(e), j);

		s->rel_v[j] = -1;
		s->rr_v[j] = -1;
		s->ent_c[j] = vl_loc_const(r, &s->ent_v[j]);
		s->ent_a[j] = !s->ent_c[j] &&
			      entry_range(r, &s->ent_v[j], &s->ent_span[j]);
		s->ent_r[j] = r && r->kind == VK_SCALAR;
		if (s->ent_r[j]) {
			s->ent_lo[j] = r->s.smin;
			s->ent_hi[j] = r->s.smax;
		}
	}
	st->sums[st->nsum++] = id;
	vl_pkt_facts(e, loop);
	tag_header(e, s, id, true);
	new_head(e, s, id);
	return 2;
}

/*
 * Peel the round that starts here (beyond the RFC): explore it without
 * the summary, exactly, as Linux does, instead of widening. A loop that
 * ends within a round or two costs fewer passes over its body so than a
 * summary, which explores it at least twice more from a widened state
 * (pyperf180's loops run twice), and states of different paths prune
 * each other in the round. Its header visits so far (the summary's peeled
 * ones, its own and this) go with the path to the summary the next visit
 * starts. Not where speculative paths are verified (unprivileged): they
 * would go round without a summary again and again.
 */
static int peel(struct venv *e, struct vsum *s, uint32_t id)
{
	struct bc_vstate *st = &e->cur;

	st->nsum--;
	vc_for_each_reg(e, untag_reg, &id);
	if (!st->nsum)
		vt_pkt_drop(st);
	s->peeled = true;
	peel_set(st, s->loop, s->frame, s->peel + 2);
	return 3;
}

/* A round peeled before any summary: n header visits so far. */
static int peel_entry(struct venv *e, uint32_t loop, uint32_t n)
{
	peel_set(&e->cur, loop, e->cur.curframe, n);
	if (e->loop_trip[loop] < n)
		e->loop_trip[loop] = n;
	if (n == 1)
		e->peel_entries++;
	return 3;
}

static bool peels(const struct venv *e, const struct vsum *s, uint32_t id)
{
	const struct bc_vstate *st = &e->cur;

	return e->priv && !s->rounds && s->peel < VL_PEEL_MAX &&
	       !st->peel_loop && st->sums[st->nsum - 1] == id &&
	       vl_near_end(s, id, st->frames[s->frame]);
}

static int arrival(struct venv *e, struct vsum *s, uint32_t id,
		   const uint16_t *live)
{
	struct bc_vstate *st = &e->cur, nw;

	if (peels(e, s, id))
		return peel(e, s, id);
	vp_mark_state(e, live);
	s->arrivals++;
	zero_slots_spilled(e);
	vl_mark_ranking_locs(e, s, id);
	vrel_relate(e, s, id);
	vrel_range(e, s, id);
	vrel_congruence(e, s, id);
	vrel_lt_arrive(e, s, id);
	if (e->sum_abort)
		return -1;
	vrel_relate_narrow(s, id, vc_frame(e));
	vrel_range_narrow(s, id, vc_frame(e), NULL);
	bc_vstate_for_each_reg(st, vrel_align_reg, NULL);
	vl_pkt_facts(e, s->loop);
	vl_pkt_round(e, s, id);
	if (bc_vstate_subsumes(&s->w->st, st, live, BC_SUB_HEADER, id)) {
		s->w->hit++;
		return 1;
	}
	if (++s->rounds > VL_MAX_ROUNDS) {
		vl_abort(e, s,
			 "the state at the header did not become "
			 "stable in %d rounds",
			 VL_MAX_ROUNDS);
		return -1;
	}
	if (!widen(s, id, &s->w->st, st, &nw, live, &e->id_gen)) {
		vl_abort(e, s, "the states at the header cannot be joined");
		return -1;
	}
	adopt(st, &nw);
	tag_header(e, s, id, false);
	new_head(e, s, id);
	return 2;
}

int vl_header(struct venv *e, uint32_t pc, uint32_t loop, const uint16_t *live)
{
	struct bc_vstate *st = &e->cur;

	if (e->nosum)
		return 0;
	for (uint32_t i = st->nsum; i-- > 0;) {
		struct vsum *s = vl_sum(e, st->sums[i]);

		if (s->loop != loop || s->frame != st->curframe)
			continue;
		/*
		 * A speculative path skips checks (the masking state) and
		 * may end early: it may be pruned by the header state but
		 * never widen it, nor start a summary.
		 */
		if (st->speculative)
			return bc_vstate_subsumes(&s->w->st, st, live,
						  BC_SUB_HEADER, st->sums[i]);
		return arrival(e, s, st->sums[i], live);
	}
	if (st->speculative) {
		unsum(e, pc, "entered on a speculative path");
		return 0;
	}
	if (st->peel_loop == loop + 1 && st->peel_frame == st->curframe) {
		uint32_t n = st->peel_n;

		if (n < VL_PEEL_MAX && vl_entry_near_end(e, loop))
			return peel_entry(e, loop, n + 1);
		peel_clear(st);
		return entry(e, pc, loop, n, live);
	}
	if (e->priv && !st->peel_loop && vl_entry_near_end(e, loop))
		return peel_entry(e, loop, 1);
	return entry(e, pc, loop, 0, live);
}

/* ---- tags through instructions ---- */

void vl_after_insn(struct venv *e, const struct bpf_insn *in,
		   const struct bc_vreg *before, bool src_const, int64_t k)
{
	enum bc_insn_kind kind = bc_insn_kind(in);
	struct bc_vreg *d = vc_reg(e, in->dst_reg);

	/* a packet pointer's tag: set or cleared by the pointer arithmetic
	 * itself (vt_derive_pkt), kept by copies and fills */
	if ((d->kind == VK_PKT || d->kind == VK_PKT_META) &&
	    d->ivw == VL_W_PKT && kind != BC_INSN_LD_PKT &&
	    kind != BC_INSN_LDDW)
		return;
	switch (kind) {
	case BC_INSN_ALU:
	case BC_INSN_ALU64:
		vt_pkt_after_alu(d, in, src_const || !bc_srcbit(in), k);
		vt_after_alu(e, in, before, src_const || !bc_srcbit(in), k);
		break;
	case BC_INSN_LDX: vt_after_fill(d, in); break;
	case BC_INSN_LDDW:
	case BC_INSN_LD_PKT:
		vt_set(d, NULL, 0, 0);
		vt_set(vc_reg(e, 0), NULL, 0, 0);
		break;
	case BC_INSN_ST:
	case BC_INSN_STX:
	case BC_INSN_ATOMIC:
	case BC_INSN_JA:
	case BC_INSN_JMP:
	case BC_INSN_JMP32:
	case BC_INSN_MAY_GOTO:
	case BC_INSN_CALL:
	case BC_INSN_EXIT:
	case BC_INSN_UNKNOWN: break;
	}
}

/*
 * Values tagged from the same header location differ by a known constant
 * (at 64 bits, or in their low halves): a range learnt for one, by a
 * branch on a copy, holds for the others shifted by that constant.
 */
static void narrow(struct bc_vreg *q, const struct bc_vreg *r)
{
	int64_t delta = (int64_t)q->ivd - r->ivd;
	struct bc_scalar n = q->s;

	if (q->ivw == 64 && r->ivw == 64) {
		uint64_t lo = r->s.umin + (uint64_t)delta;
		uint64_t hi = r->s.umax + (uint64_t)delta;

		if (hi - lo == r->s.umax - r->s.umin && lo <= hi) {
			if (lo > n.umin)
				n.umin = lo;
			if (hi < n.umax)
				n.umax = hi;
		}
	}
	{
		int64_t lo = (int64_t)r->s.u32_min + delta;
		int64_t hi = (int64_t)r->s.u32_max + delta;

		if (lo >= 0 && hi <= (int64_t)UINT32_MAX) {
			if ((uint32_t)lo > n.u32_min)
				n.u32_min = (uint32_t)lo;
			if ((uint32_t)hi < n.u32_max)
				n.u32_max = (uint32_t)hi;
		}
		/* and in the signed view of the low halves */
		lo = (int64_t)r->s.s32_min + delta;
		hi = (int64_t)r->s.s32_max + delta;
		if (lo >= INT32_MIN && hi <= INT32_MAX) {
			if (lo > n.s32_min)
				n.s32_min = (int32_t)lo;
			if (hi < n.s32_max)
				n.s32_max = (int32_t)hi;
		}
	}
	bc_scalar_sync(&n);
	if (!bc_scalar_is_empty(&n))
		q->s = n;
}

void vl_sync(struct venv *e)
{
	struct bc_vframe *f;
	struct bc_vreg *t[VL_LOCS];
	int n = 0;

	if (!e->cur.nsum)
		return;
	f = vc_frame(e);
	for (int j = 0; j < VL_LOCS; j++) {
		struct bc_vreg *r = vl_loc(f, j);

		if (r && r->kind == VK_SCALAR && r->iv && r->ivw >= 32 &&
		    vt_active(&e->cur, r->iv))
			t[n++] = r;
	}
	for (int a = 0; a < n; a++)
		for (int b = 0; b < n; b++)
			if (a != b && t[a]->iv == t[b]->iv &&
			    t[a]->ivl == t[b]->ivl)
				narrow(t[a], t[b]);
	for (uint32_t i = 0; i < e->cur.nsum; i++) {
		struct vsum *s = vl_sum(e, e->cur.sums[i]);

		if (s->frame != e->cur.curframe)
			continue;
		vrel_relate_narrow(s, e->cur.sums[i], f);
		vrel_range_narrow(s, e->cur.sums[i], f, NULL);
		for (int a = 0; a < n; a++)
			for (int b = 0; b < n; b++)
				if (a != b)
					vrel_cross_narrow(s, e->cur.sums[i],
							  t[a], t[b]);
	}
}

void vl_free(struct venv *e)
{
	for (uint32_t i = 0; i < e->sum_cnt; i++) {
		free(e->sums[i].thr_u);
		free(e->sums[i].thr_s);
		free(e->sums[i].tb);
	}
	free(e->sums);
	e->sums = NULL;
	e->sum_cnt = e->sum_cap = 0;
	memset(e->round_chk, 0, sizeof(e->round_chk));
}

/* ---- callbacks ---- */

/*
 * At the entry of a callback the helper calls again and again (bpf_loop,
 * for_each_map_elem): when an earlier entry on this path did not contain
 * the current state, go on from the join of both, widened to unknown
 * where they differ, so the next entry is contained in it.
 */
void vl_callback(struct venv *e, uint32_t pc)
{
	static struct vsum none;
	struct bc_vstate *st = &e->cur, nw;
	struct bc_vchk *c = st->parent;
	int steps = 0;

	for (; c && steps < 4096; c = c->parent, steps++)
		if (c->st.pc == pc && c->st.frames[0] &&
		    c->st.curframe == st->curframe)
			break;
	if (!c || steps == 4096 || !c->st.frames[0] ||
	    !widen(&none, 0, &c->st, st, &nw, NULL, &e->id_gen))
		return;
	adopt(st, &nw);
	e->cb_widened = true;
}
