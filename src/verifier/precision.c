// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Precision tracking: backtracking which scalars mattered (precision.h). */
#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "verifier/precision.h"

/* History entries one walk follows between two checkpoints. */
#define VP_MAX_WALK 4096

/*
 * What must be precise: registers and stack slots, per frame; frames nf
 * and above hold nothing (the walk is in the hot path of every search:
 * scanning only the frames in use matters).
 */
struct bt {
	uint16_t regs[BC_MAX_CALL_FRAMES];
	uint64_t slots[BC_MAX_CALL_FRAMES];
	unsigned nf;
};

static void bt_init(struct bt *bt, unsigned curframe)
{
	memset(bt, 0, sizeof(*bt));
	bt->nf = curframe + 1;
}

/* The frames in which bt tracks something, as a bitmask. */
static unsigned bt_frames(const struct bt *bt)
{
	unsigned m = 0;

	for (unsigned f = 0; f < bt->nf; f++)
		if (bt->regs[f] || bt->slots[f])
			m |= 1u << f;
	return m;
}

static void set_flags(struct bc_vstate *st, uint8_t v)
{
	if (!st->frames[0])
		return;
	for (uint32_t f = 0; f <= st->curframe; f++) {
		struct bc_vframe *fr = st->frames[f];

		for (int r = 0; r < BC_MAX_REG; r++)
			fr->regs[r].precise = v;
		for (int k = (int)fr->spill_lo; k < BC_SLOTS; k++)
			fr->spill[k].precise = v;
	}
}

/* c and every checkpoint above it: all precise. */
static void all_from(struct bc_vchk *c)
{
	for (; c && !c->all_precise; c = c->parent) {
		c->all_precise = true;
		set_flags(&c->st, 1);
	}
}

void vp_all(struct venv *e)
{
	if (e->prec)
		all_from(e->cur.parent);
}

/*
 * Mark what bt holds in checkpoint c; values that are not scalars there
 * are dropped (pointers are always compared whole). 1: something became
 * precise, 0: all of it was already (an earlier walk went on from here
 * with the same values), -1: bt does not fit c's frames.
 */
void vp_keep_marks(struct bc_vchk *c)
{
	struct vp_marks *m;

	if (!c->st.frames[0])
		return;
	m = bc_xcalloc(1, sizeof(*m));
	m->curframe = c->st.curframe;
	for (uint32_t f = 0; f <= c->st.curframe; f++) {
		const struct bc_vframe *fr = c->st.frames[f];

		for (int r = 0; r < BC_MAX_REG; r++) {
			if (fr->regs[r].kind != VK_SCALAR)
				continue;
			m->sregs[f] |= 1u << r;
			if (fr->regs[r].precise)
				m->pregs[f] |= 1u << r;
		}
		for (int k = 0; k < BC_SLOTS; k++) {
			if (fr->stype[8 * k] != VS_SPILL ||
			    fr->spill[k].kind != VK_SCALAR)
				continue;
			m->sslots[f] |= 1ull << k;
			if (fr->spill[k].precise)
				m->pslots[f] |= 1ull << k;
		}
	}
	c->kept = m;
}

/* mark() on what an evicted checkpoint kept; 1 when it kept nothing. */
static int mark_kept(struct vp_marks *m, struct bt *bt)
{
	int changed = 0;

	if (!m)
		return 1;
	for (uint32_t f = 0; f < bt->nf; f++) {
		if (!bt->regs[f] && !bt->slots[f])
			continue;
		if (f > m->curframe)
			return -1;
		bt->regs[f] &= m->sregs[f];
		bt->slots[f] &= m->sslots[f];
		changed |= (bt->regs[f] & ~m->pregs[f]) ||
			   (bt->slots[f] & ~m->pslots[f]);
		m->pregs[f] |= bt->regs[f];
		m->pslots[f] |= bt->slots[f];
	}
	return changed;
}

static int mark(struct bc_vchk *c, struct bt *bt)
{
	int changed = 0;

	if (!c->st.frames[0]) /* evicted: only its marks are left */
		return mark_kept(c->kept, bt);
	for (uint32_t f = 0; f < bt->nf; f++) {
		struct bc_vframe *fr;

		if (!bt->regs[f] && !bt->slots[f])
			continue;
		if (f > c->st.curframe)
			return -1;
		fr = c->st.frames[f];
		for (int r = 0; r < BC_MAX_REG; r++) {
			struct bc_vreg *v = &fr->regs[r];

			if (!(bt->regs[f] & (1u << r)))
				continue;
			if (v->kind != VK_SCALAR)
				bt->regs[f] &= ~(1u << r);
			else if (!v->precise)
				v->precise = changed = 1;
		}
		for (int k = 0; k < BC_SLOTS; k++) {
			struct bc_vreg *v;

			if (!(bt->slots[f] & (1ull << k)))
				continue;
			v = fr->stype[8 * k] == VS_SPILL ? &fr->spill[k] : NULL;
			if (!v || v->kind != VK_SCALAR)
				bt->slots[f] &= ~(1ull << k);
			else if (!v->precise)
				v->precise = changed = 1;
		}
	}
	return changed;
}

static int bt_stack(struct bt *bt, const struct vhist *h,
		    const struct bpf_insn *in)
{
	unsigned sf = h->sframe;
	uint64_t hit;

	if (h->flags & VH_STVAR)
		return bt->slots[sf] ? -1 : 0;
	if (!(h->flags & (VH_SPILL | VH_SPILL_IMM | VH_STW)))
		return 0;
	hit = 0;
	for (int k = h->slot; k <= h->slot_last && k < BC_SLOTS; k++)
		hit |= bt->slots[sf] & (1ull << k);
	if (!hit)
		return 0;
	if (h->flags & VH_STW) /* no spill made here: cannot be */
		return -1;
	bt->slots[sf] &= ~hit;
	if (h->flags & VH_SPILL)
		bt->regs[h->frame] |= 1u << in->src_reg;
	return 0;
}

static int bt_jmp(struct bt *bt, const struct vhist *h,
		  const struct bpf_insn *in)
{
	unsigned f = h->frame;
	uint8_t op = bc_op(in);

	if (bc_is_exit(in)) {
		/* from the caller after the return back into the callee */
		if (!f || bt->regs[f] || bt->slots[f])
			return -1;
		if (bt->regs[f - 1] & 1)
			bt->regs[f] = 1;
		bt->regs[f - 1] &= ~0x3fu;
		return 0;
	}
	if (bc_is_pseudo_call(in)) {
		/* from the callee's entry back into the caller */
		if (f + 1 >= BC_MAX_CALL_FRAMES || (bt->regs[f + 1] & ~0x3eu) ||
		    bt->slots[f + 1])
			return -1;
		bt->regs[f] |= bt->regs[f + 1];
		bt->regs[f + 1] = 0;
		return 0;
	}
	if (bc_is_call(in)) { /* helper: r0 from its prototype */
		bt->regs[f] &= ~0x3fu;
		return 0;
	}
	if (op == BPF_JA)
		return 0;
	if ((bt->regs[f] & h->link) || (bt->slots[f] & h->link_slots) ||
	    ((h->flags & VH_LINKX) && (bt_frames(bt) & ~(1u << f)))) {
		/* linked into another frame: which ones is not recorded */
		if (h->flags & VH_LINKX)
			return -1;
		bt->regs[f] |= h->link;
		bt->slots[f] |= h->link_slots;
	}
	return 0;
}

/* bt after the instruction of h -> bt before it; -1: cannot follow, 1:
 * nothing before it needs more. */
static int bt_insn(struct venv *e, struct bt *bt, const struct vhist *h)
{
	const struct bpf_insn *in = &e->prog->insns[h->pc];
	unsigned f = h->frame;
	uint16_t d = 1u << in->dst_reg, s = 1u << in->src_reg;
	uint8_t op = bc_op(in);
	int r = 0;

	if ((h->flags & VH_COMPLEX) && bt_frames(bt))
		return -1;
	if (h->flags & VH_MARKED) /* what came before is all marked */
		return 1;
	switch (bc_insn_kind(in)) {
	case BC_INSN_ALU:
	case BC_INSN_ALU64:
		if (!(bt->regs[f] & d))
			break;
		if (op == BPF_MOV)
			bt->regs[f] &= ~d;
		if (bc_srcbit(in) && op != BPF_NEG && op != BPF_END)
			bt->regs[f] |= s;
		break;
	case BC_INSN_LDX:
		if (bt->regs[f] & d) {
			bt->regs[f] &= ~d;
			for (int k = h->slot; (h->flags & VH_FILL) &&
					      k <= h->slot_last && k < BC_SLOTS;
			     k++)
				bt->slots[h->sframe] |= 1ull << k;
		}
		break;
	case BC_INSN_ATOMIC:
		if (in->imm == BPF_CMPXCHG)
			bt->regs[f] &= ~1u;
		else if (in->imm & BPF_FETCH)
			bt->regs[f] &= ~s;
		r = bt_stack(bt, h, in);
		break;
	case BC_INSN_ST:
	case BC_INSN_STX: r = bt_stack(bt, h, in); break;
	case BC_INSN_LDDW: bt->regs[f] &= ~d; break;
	case BC_INSN_LD_PKT: /* r0 loaded, r1-r5 clobbered */
		bt->regs[f] &= ~0x3fu;
		break;
	case BC_INSN_JA:
	case BC_INSN_JMP:
	case BC_INSN_JMP32:
	case BC_INSN_CALL:
	case BC_INSN_EXIT: r = bt_jmp(bt, h, in); break;
	case BC_INSN_MAY_GOTO: /* reads and writes no register */
	case BC_INSN_UNKNOWN: break;
	}
	bt->regs[f] &= ~(1u << 10); /* always the frame pointer */
	if (f >= bt->nf)
		bt->nf = f + 1;
	if (r < 0 || (bt_frames(bt) >> (f + 1))) /* frames above f */
		return -1;
	return 0;
}

/*
 * The history a walk reads: the current path's (tail NULL), or what a
 * back edge kept, its own entries [base, base + n) below its last
 * checkpoint and above them each checkpoint's segment.
 */
struct hsrc {
	const struct vhist *tail;
	size_t base;
};

static const struct vhist *hist_at(const struct venv *e, const struct hsrc *s,
				   const struct bc_vchk *below, size_t i)
{
	if (!s->tail)
		return &e->hist[i];
	if (!below)
		return &s->tail[i - s->base];
	return &below->seg[i - (below->hist - below->seg_n)];
}

/* all_from(c), and whether it marked anything */
static bool give_up(struct bc_vchk *c)
{
	bool changed = c && !c->all_precise;

	all_from(c);
	return changed;
}

/*
 * Carry bt (values needed before entry i of the history, or in the
 * current state when i is the history's end) backwards to checkpoint c
 * and its ancestors. Returns whether a mark was made.
 */
static bool walk(struct venv *e, struct bt *bt, struct bc_vchk *c, size_t i,
		 const struct hsrc *src)
{
	struct bc_vchk *below = NULL;
	size_t steps = 0;
	bool any = false;
	int r;

	if (!c || c->all_precise) /* no checkpoint to mark */
		return false;
	for (;;) {
		for (; c && c->hist >= i; below = c, c = c->parent, steps = 0) {
			int m;

			if (c->all_precise)
				return any;
			m = mark(c, bt);
			if (m < 0)
				return give_up(c) || any;
			if (!m)
				return any;
			any = true;
		}
		if (!bt_frames(bt) || !i)
			return any;
		/* a long stretch without a checkpoint (straight-line code):
		 * give up rather than walk it again for every mark; the next
		 * walks then stop at once, c being all precise */
		if (++steps > VP_MAX_WALK)
			return give_up(c) || any;
		i--;
		r = bt_insn(e, bt, hist_at(e, src, below, i));
		if (r < 0)
			return give_up(c) || any;
		if (r > 0)
			return any;
	}
}

static void backtrack(struct venv *e, struct bt *bt, size_t pos)
{
	static const struct hsrc path;

	walk(e, bt, e->cur.parent, pos, &path);
}

void vp_hist_push(struct venv *e, uint32_t pc)
{
	struct vhist *h;

	BC_GROW(e->hist, e->hist_cap, e->hist_n + 1);
	h = &e->hist[e->hist_n++];
	memset(h, 0, sizeof(*h));
	h->pc = pc;
	h->frame = (uint8_t)e->cur.curframe;
}

void vp_note_stack(struct venv *e, unsigned fr, unsigned flag, int slot,
		   int slot_last)
{
	struct vhist *h;

	if (!e->hist_n)
		return;
	h = &e->hist[e->hist_n - 1];
	/* a helper's memory: what it writes becomes misc data, what it
	 * reads does not decide anything */
	if (bc_is_jmp_class(&e->prog->insns[h->pc]))
		return;
	if (h->flags & VH_STACK) { /* two accesses (atomics) */
		h->flags |= VH_COMPLEX;
		return;
	}
	h->flags |= flag;
	h->sframe = (uint8_t)fr;
	h->slot = (uint8_t)slot;
	h->slot_last = (uint8_t)slot_last;
}

void vp_note_complex(struct venv *e)
{
	if (e->hist_n)
		e->hist[e->hist_n - 1].flags |= VH_COMPLEX;
}

static uint32_t scalar_id(const struct bc_vreg *r)
{
	return r->kind == VK_SCALAR ? r->id : 0;
}

void vp_note_link(struct venv *e, int d, int s)
{
	struct vhist *h;
	uint32_t a, b;

	if (!e->prec || !e->hist_n)
		return;
	h = &e->hist[e->hist_n - 1];
	h->link = 1u << d | (s >= 0 ? 1u << s : 0);
	a = scalar_id(vc_reg(e, d));
	b = s >= 0 ? scalar_id(vc_reg(e, s)) : 0;
	if (!a && !b)
		return;
	for (uint32_t f = 0; f <= e->cur.curframe; f++) {
		const struct bc_vframe *fr = e->cur.frames[f];
		bool here = f == e->cur.curframe;

		for (int r = 0; r < BC_MAX_REG; r++) {
			uint32_t id = scalar_id(&fr->regs[r]);

			if (!id || (id != a && id != b))
				continue;
			if (here)
				h->link |= 1u << r;
			else
				h->flags |= VH_LINKX;
		}
		for (int k = 0; k < BC_SLOTS; k++) {
			uint32_t id = fr->stype[8 * k] == VS_SPILL ?
					      scalar_id(&fr->spill[k]) :
					      0;

			if (!id || (id != a && id != b))
				continue;
			if (here)
				h->link_slots |= 1ull << k;
			else
				h->flags |= VH_LINKX;
		}
	}
}

void vp_mark_reg(struct venv *e, int regno)
{
	struct bt bt;

	if (!e->prec || !e->hist_n || vc_reg(e, regno)->kind != VK_SCALAR)
		return;
	bt_init(&bt, e->cur.curframe);
	bt.regs[e->cur.curframe] = 1u << regno;
	backtrack(e, &bt, e->hist_n - 1);
}

void vp_mark_slot(struct venv *e, unsigned f, int slot)
{
	struct bt bt;

	if (!e->prec || !e->hist_n || f >= BC_MAX_CALL_FRAMES)
		return;
	bt_init(&bt, f > e->cur.curframe ? f : e->cur.curframe);
	bt.slots[f] = 1ull << slot;
	backtrack(e, &bt, e->hist_n - 1);
}

/*
 * What c has precise among live: bt. False when that is not known (c is
 * all precise, or evicted without its marks).
 */
static bool precise_of(const struct bc_vchk *c, const uint16_t *live,
		       struct bt *bt)
{
	const struct vp_marks *m = c->kept;

	if (c->all_precise || (!c->st.frames[0] && !m))
		return false;
	bt_init(bt, c->st.frames[0] ? c->st.curframe : m->curframe);
	if (!c->st.frames[0]) {
		for (uint32_t f = 0; f <= m->curframe; f++) {
			bt->regs[f] = m->pregs[f] & live[f];
			bt->slots[f] = m->pslots[f];
		}
		return true;
	}
	for (uint32_t f = 0; f <= c->st.curframe; f++) {
		const struct bc_vframe *fr = c->st.frames[f];

		for (int r = 0; r < BC_MAX_REG; r++)
			if ((live[f] & (1u << r)) && fr->regs[r].precise &&
			    fr->regs[r].kind == VK_SCALAR)
				bt->regs[f] |= 1u << r;
		for (int k = 0; k < BC_SLOTS; k++)
			if (fr->stype[8 * k] == VS_SPILL &&
			    fr->spill[k].precise &&
			    fr->spill[k].kind == VK_SCALAR)
				bt->slots[f] |= 1ull << k;
	}
	return true;
}

void vp_prune_hit(struct venv *e, const struct bc_vchk *c, const uint16_t *live)
{
	struct bt bt;

	if (!e->prec)
		return;
	if (!precise_of(c, live, &bt)) {
		vp_all(e);
		return;
	}
	if (bt_frames(&bt))
		backtrack(e, &bt, e->hist_n);
}

/* ---- back edges ---- */

struct vp_backedge {
	struct vp_backedge *next;
	struct bc_vchk *c; /* the checkpoint that pruned the path */
	struct bc_vchk *p; /* the pruned path's last checkpoint */
	struct vhist *tail; /* the path's history from p on */
	size_t base, n;
	uint16_t live[BC_MAX_CALL_FRAMES];
};

static struct vhist *hist_dup(const struct vhist *h, size_t n)
{
	struct vhist *d = bc_xcalloc(n ? n : 1, sizeof(*d));

	memcpy(d, h, n * sizeof(*d));
	return d;
}

/* Keep the history of c and its ancestors, each from its parent on. */
static void save_segs(struct venv *e, struct bc_vchk *c)
{
	for (; c && !c->seg_saved; c = c->parent) {
		size_t base = c->parent ? c->parent->hist : 0;

		if (base > c->hist)
			base = c->hist;
		c->seg_n = c->hist - (uint32_t)base;
		c->seg = hist_dup(e->hist + base, c->seg_n);
		c->seg_saved = true;
	}
}

bool vp_pending(const struct venv *e, const struct bc_vchk *c)
{
	return e->backedges && c->seq >= e->pend_seq;
}

void vp_backedge(struct venv *e, struct bc_vchk *c, const uint16_t *live)
{
	struct bc_vchk *p = e->cur.parent;
	struct vp_backedge *b;

	if (!e->prec || c->all_precise || !p || p->all_precise)
		return;
	save_segs(e, p);
	b = bc_xcalloc(1, sizeof(*b));
	b->c = c;
	b->p = p;
	b->base = p->hist;
	b->n = e->hist_n - b->base;
	b->tail = hist_dup(e->hist + b->base, b->n);
	memcpy(b->live, live, sizeof(b->live));
	if (!e->backedges || c->seq < e->pend_seq)
		e->pend_seq = c->seq;
	b->next = e->backedges;
	e->backedges = b;
	if (c->branches && !c->target) {
		c->target = true;
		e->open_targets++;
	}
}

/* The walk of b with the marks its checkpoint has now. */
static bool walk_back(struct venv *e, const struct vp_backedge *b)
{
	struct hsrc src = { b->tail, b->base };
	struct bt bt;

	if (!precise_of(b->c, b->live, &bt))
		return give_up(b->p);
	return bt_frames(&bt) && walk(e, &bt, b->p, b->base + b->n, &src);
}

/* Rounds of walks before giving up on a fixed point. */
#define VP_MAX_ROUNDS 64

void vp_chk_done(struct venv *e, struct bc_vchk *c)
{
	bool again = true;

	if (!c->target)
		return;
	c->target = false;
	if (--e->open_targets)
		return;
	for (int round = 0; again; round++) {
		again = false;
		for (struct vp_backedge *b = e->backedges; b; b = b->next)
			again |= round < VP_MAX_ROUNDS ? walk_back(e, b) :
							 give_up(b->p);
	}
	vp_backedges_free(e);
}

void vp_backedges_free(struct venv *e)
{
	for (struct vp_backedge *b = e->backedges, *n; b; b = n) {
		n = b->next;
		free(b->tail);
		free(b);
	}
	e->backedges = NULL;
	e->open_targets = 0;
}

/*
 * The current state's scalars in live (NULL: every register) and its
 * spilled scalars, precise before history entry pos; its stack all read.
 */
static void mark_scalars(struct venv *e, const uint16_t *live, size_t pos)
{
	struct bt bt;

	bt_init(&bt, e->cur.curframe);
	for (uint32_t f = 0; f <= e->cur.curframe; f++) {
		const struct bc_vframe *fr = e->cur.frames[f];

		for (int r = 0; r < BC_MAX_REG; r++)
			if ((!live || (live[f] & (1u << r))) &&
			    fr->regs[r].kind == VK_SCALAR)
				bt.regs[f] |= 1u << r;
		for (int k = 0; k < BC_SLOTS; k++)
			if (fr->stype[8 * k] == VS_SPILL &&
			    fr->spill[k].kind == VK_SCALAR)
				bt.slots[f] |= 1ull << k;
		vp_read(e, f, ~0ull);
	}
	if (bt_frames(&bt))
		backtrack(e, &bt, pos);
}

void vp_mark_all(struct venv *e)
{
	if (!e->prec || !e->hist_n)
		return;
	mark_scalars(e, NULL, e->hist_n - 1);
	e->hist[e->hist_n - 1].flags |= VH_MARKED;
}

void vp_mark_state(struct venv *e, const uint16_t *live)
{
	if (e->prec)
		mark_scalars(e, live, e->hist_n);
}

static bool in_callback(const struct bc_vstate *st)
{
	for (uint32_t f = 0; f <= st->curframe; f++)
		if (st->frames[f]->cb_proto >= 0)
			return true;
	return false;
}

void vp_checkpoint(struct venv *e, struct bc_vchk *c, uint32_t pc)
{
	bool all = !e->prec || e->prune[pc] == 2 || in_callback(&e->cur);

	c->hist = (uint32_t)e->hist_n;
	/* its ancestors first; a callback's entry after its call: they are,
	 * as far as the entry's values go (vp_mark_all) */
	if (all && !(e->hist_n && (e->hist[e->hist_n - 1].flags & VH_MARKED)))
		vp_all(e);
	/* a summary's header state is joined and compared whole; what
	 * flowed into it was marked by vp_mark_state, so a walk may stop
	 * there while its ancestors stay as they are */
	all |= e->sum_head;
	c->all_precise = all;
	set_flags(&c->st, all);
	memcpy(c->segsw, e->cur.swr, sizeof(c->segsw));
	memset(e->cur.swr, 0, sizeof(e->cur.swr));
}

/* ---- liveness ---- */

void vp_read(struct venv *e, unsigned f, uint64_t slots)
{
	if (!e->prec)
		return;
	slots &= ~e->cur.swr[f];
	for (struct bc_vchk *c = e->cur.parent; c && slots; c = c->parent) {
		if (f > c->st.curframe)
			break;
		slots &= ~c->srd[f]; /* already: marked above too */
		c->srd[f] |= slots;
		slots &= ~c->segsw[f]; /* written before c: read no more */
	}
}

void vp_read_stack(struct venv *e, unsigned f, int64_t lo, int64_t hi)
{
	uint64_t m = 0;

	if (lo < -BC_STACK)
		lo = -BC_STACK;
	if (hi > 0)
		hi = 0;
	if (!e->prec || lo >= hi)
		return;
	for (int64_t k = (BC_STACK + lo) / 8; k <= (BC_STACK + hi - 1) / 8; k++)
		m |= 1ull << k;
	vp_read(e, f, m);
}

void vp_write_slot(struct venv *e, unsigned f, int slot)
{
	e->cur.swr[f] |= 1ull << slot;
}

void vp_new_frame(struct venv *e, unsigned f)
{
	e->cur.swr[f] = ~0ull;
}

void vp_live(const struct venv *e, const struct bc_vchk *c, uint32_t pc,
	     uint64_t *slive)
{
	/* a live checkpoint has not seen all its reads yet */
	if (!e->prec || c->all_precise || c->branches || e->prune[pc] == 2)
		return;
	/* registers: what the program may read from here on, the static
	 * liveness alone (Linux 6.18 dropped its read marks on registers:
	 * a register only this checkpoint's own paths left unread is still
	 * compared); stack slots: what its paths read */
	for (uint32_t f = 0; f <= c->st.curframe; f++)
		slive[f] &= c->srd[f];
}
