// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Conditional jumps (Linux's check_cond_jmp_op): a branch decided by its
 * operands' ranges goes one way; otherwise the taken branch is pushed and
 * each branch learns what its outcome says: scalar ranges
 * (reg_set_min_max), which or-null pointers are null
 * (mark_ptr_or_null_regs), how far a packet pointer is inside the packet
 * (try_match_pkt_pointers).
 */
#include "verifier/jmp.h"
#include "verifier/lock.h"
#include "verifier/mem.h"
#include "verifier/precision.h"
#include "verifier/tags.h"

struct sync_arg {
	uint32_t id;
	const struct bc_scalar *s;
	bool narrow; /* narrow spills learn too */
};

static void sync_fn(struct bc_vreg *r, void *a)
{
	struct sync_arg *sa = a;

	if (r->kind == VK_SCALAR && r->id == sa->id &&
	    (sa->narrow || !r->narrow))
		vmem_sync_linked(r, sa->s);
}

/* Linux's sync_linked_regs: copies of r learn what a branch taught r. */
static void sync_linked(struct venv *e, const struct bc_vreg *r)
{
	struct sync_arg sa = { r->id, &r->s, e->kern->sync_narrow_spills };

	if (r->kind == VK_SCALAR && r->id)
		vc_for_each_reg(e, sync_fn, &sa);
}

/* Linux's flip_opcode: "a op b" as "b flip(op) a". */
static uint8_t flip(uint8_t op)
{
	switch (op) {
	case BPF_JGT: return BPF_JLT;
	case BPF_JLT: return BPF_JGT;
	case BPF_JGE: return BPF_JLE;
	case BPF_JLE: return BPF_JGE;
	case BPF_JSGT: return BPF_JSLT;
	case BPF_JSLT: return BPF_JSGT;
	case BPF_JSGE: return BPF_JSLE;
	case BPF_JSLE: return BPF_JSGE;
	}
	return op;
}

struct range_arg {
	unsigned kind;
	uint32_t id;
	int32_t range;
};

static void range_fn(struct bc_vreg *r, void *a)
{
	struct range_arg *ra = a;

	if (r->kind == ra->kind && r->id == ra->id && r->range < ra->range)
		r->range = ra->range;
}

/* "a op b" with a pkt (or pkt_meta) and b its end: on which outcome is a
 * proven <= b (returns 1 taken, 0 fallthrough, -1 none)? */
static int pkt_good_branch(uint8_t op)
{
	switch (op) {
	case BPF_JGT:
	case BPF_JGE: return 0;
	case BPF_JLT:
	case BPF_JLE: return 1;
	}
	return -1;
}

/*
 * Linux's find_good_pkt_pointers: p and its copies are inside. p < end
 * (right_open) proves one byte more than p <= end, except at off 0.
 */
static void mark_pkt(struct venv *e, const struct bc_vreg *p, bool right_open)
{
	struct range_arg ra = { p->kind, p->id, p->off + right_open };

	if (p->off < 0 || (!p->off && right_open) || p->off > 0xffff ||
	    p->s.umax > 0xffff || p->s.umax + (uint64_t)p->off > 0xffff)
		return;
	vc_for_each_reg(e, range_fn, &ra);
	if (e->cur.nsum)
		vt_pkt_checked(e, p, ra.range);
}

/*
 * A packet pointer found past the packet's end ("p > end" taken, say)
 * records it in its range, as Linux does (mark_pkt_end): only that
 * register, and only until it moves. A later test of the same register
 * against the end is then decided.
 */
#define PKT_AT_END     (-1) /* p >= end */
#define PKT_BEYOND_END (-2) /* p > end */

/* Mark p on the branch where "p pop end" says p is not inside. */
static void mark_pkt_end(struct bc_vreg *p, uint8_t pop)
{
	if (p->kind != VK_PKT)
		return;
	/* the bad branch of GT (taken) and of LE (fallthrough): p > end;
	 * of GE (taken) and of LT (fallthrough): p >= end */
	p->range = pop == BPF_JGT || pop == BPF_JLE ? PKT_BEYOND_END :
						      PKT_AT_END;
}

/* Is "p pop end" decided by p's end mark? 1 taken, 0 not, -1 unknown */
static int pkt_end_taken(const struct bc_vreg *p, uint8_t pop)
{
	if (p->kind != VK_PKT || p->range >= 0)
		return -1;
	switch (pop) {
	case BPF_JGT:
	case BPF_JLE:
		if (p->range == PKT_BEYOND_END)
			return pop == BPF_JGT;
		break;
	case BPF_JGE:
	case BPF_JLT: return pop == BPF_JGE;
	}
	return -1;
}

struct null_arg {
	uint32_t id;
	bool is_null;
	const struct bc_object *obj;
};

/* Linux's mark_ptr_or_null_reg. */
static void null_fn(struct bc_vreg *r, void *a)
{
	struct null_arg *na = a;

	if (!bc_vkind_or_null(r->kind) || r->id != na->id)
		return;
	if (na->is_null) {
		bc_vreg_const(r, 0);
	} else {
		r->kind = bc_vkind_not_null(r->kind);
		/* a lookup in a map of maps yields the inner map */
		if (r->kind == VK_MAP_VALUE &&
		    na->obj->maps[r->map].inner_map >= 0) {
			r->kind = VK_MAP_PTR;
			r->map = na->obj->maps[r->map].inner_map;
		}
		/* a value holding a lock is known by its id (Linux's
		 * reg_may_point_to_spin_lock) */
		if (r->kind != VK_SOCK && r->kind != VK_SOCK_COMMON &&
		    r->kind != VK_TCP_SOCK &&
		    !(r->kind == VK_MAP_VALUE &&
		      vlk_map_has_lock(&na->obj->maps[r->map])))
			r->id = 0;
	}
}

/* The branch's outcome rests on its operands' values. */
static void mark_operands(struct venv *e, const struct bpf_insn *in)
{
	vp_mark_reg(e, in->dst_reg);
	if (bc_srcbit(in))
		vp_mark_reg(e, in->src_reg);
}

/*
 * The branch's operands become a (dst) and b (a source register); values
 * shifted from a header value it proved not 0 fell (m says which).
 */
static void set_operands(struct venv *e, const struct bpf_insn *in,
			 const struct bc_vreg *a, const struct bc_vreg *b,
			 struct vt_fell *m)
{
	struct bc_vframe *f = vc_frame(e);
	int d = in->dst_reg, s = in->src_reg;

	f->regs[d] = *a;
	if (bc_srcbit(in) && s != d)
		f->regs[s] = *b;
	sync_linked(e, &f->regs[d]);
	if (bc_srcbit(in))
		sync_linked(e, &f->regs[s]);
	vt_mark_fell(e, &f->regs[d], m);
	if (bc_srcbit(in))
		vt_mark_fell(e, &f->regs[s], m);
}

/* Push the taken branch with its operands refined to ta, tb. */
static int push_refined(struct venv *e, const struct bpf_insn *in,
			const struct bc_vreg *ta, const struct bc_vreg *tb,
			uint32_t tgt)
{
	struct bc_vframe *f = vc_frame(e);
	int d = in->dst_reg, s = in->src_reg;
	struct bc_vreg sa = f->regs[d], sb = f->regs[s];
	struct vt_fell m = { 0 };

	set_operands(e, in, ta, tb, &m);
	if (vc_push(e, tgt))
		return -1;
	vt_unmark_fell(e, &m);
	f->regs[d] = sa;
	if (bc_srcbit(in))
		f->regs[s] = sb;
	return 0;
}

static bool feasible(const struct bc_vreg *a, const struct bc_vreg *b)
{
	return !bc_scalar_is_empty(&a->s) && !bc_scalar_is_empty(&b->s);
}

/* The way a decided branch does not go, verified as a speculative path
 * with the compared registers unknown. */
static int spec_other_way(struct venv *e, const struct bpf_insn *in,
			  uint32_t pc)
{
	return vc_push_spec(e, pc, in->dst_reg,
			    bc_srcbit(in) ? in->src_reg : -1);
}

/*
 * Inside a summarised loop (beyond Linux, which the search without
 * summaries matches): on the way a 64-bit JNE/JEQ against a constant
 * finds them different, the low halves differ too when the upper ones
 * are known equal. clang keeps `for (int i = -N; i < N; i++)` as a
 * 64-bit counter from 2^32 - N tested in its zero-extended low half.
 */
static void ne_low_halves(uint8_t op, struct bc_vreg *ta, struct bc_vreg *tb,
			  struct bc_vreg *fa, struct bc_vreg *fb)
{
	struct bc_vreg *a = op == BPF_JNE ? ta : fa;
	struct bc_vreg *b = op == BPF_JNE ? tb : fb;

	if (op != BPF_JNE && op != BPF_JEQ)
		return;
	bc_scalar_refine_ne_low(&a->s, &b->s);
	bc_scalar_refine_ne_low(&b->s, &a->s);
}

/*
 * Linux's reg_bounds_sanity_check: a branch that is_branch_taken did not
 * decide, whose refinement leaves a register no value, is not known to be
 * dead there ("REG INVARIANTS VIOLATION"): the register becomes unbounded
 * and the branch is explored.
 */
static void unbound_invalid(struct bc_vreg *a, struct bc_vreg *b)
{
	if (bc_scalar_is_empty(&a->s))
		bc_scalar_unknown(&a->s);
	if (bc_scalar_is_empty(&b->s))
		bc_scalar_unknown(&b->s);
}

/*
 * Before 6.8 is_branch_taken decides against a constant only, and JEQ/JNE
 * only when the register is a constant too (6.1's and 5.10's
 * is_branch64_taken).
 */
static bool old_branch_decided(const struct bc_vreg *a, const struct bc_vreg *b,
			       uint8_t op, bool j32)
{
	uint64_t width = j32 ? 0xffffffffull : ~0ull;

	if (b->s.var_off.mask & width)
		return false;
	return (op != BPF_JEQ && op != BPF_JNE) || !(a->s.var_off.mask & width);
}

/*
 * What a kernel before 6.8 learns from a branch (6.1's check_cond_jmp_op):
 * against a constant, the other register's bounds, but nothing on the
 * not-equal side of JEQ/JNE; between two registers nothing, but 64-bit
 * equality (reg_combine_min_max). The copies it does not refine are
 * reset to the registers as they were.
 */
static void old_refine(const struct bc_vreg *a, const struct bc_vreg *b,
		       uint8_t op, bool j32, struct bc_vreg *ta,
		       struct bc_vreg *tb, struct bc_vreg *fa,
		       struct bc_vreg *fb)
{
	uint64_t w = j32 ? 0xffffffffull : ~0ull;
	bool konst = !(b->s.var_off.mask & w) || !(a->s.var_off.mask & w);

	if (op == BPF_JEQ || op == BPF_JNE) {
		*(op == BPF_JEQ ? fa : ta) = *a;
		*(op == BPF_JEQ ? fb : tb) = *b;
		if (konst || !j32)
			return;
	} else if (konst) {
		/* the constant itself is left as it is (reg_set_min_max
		 * refines the other register) */
		if (!(a->s.var_off.mask & w))
			*ta = *fa = *a;
		if (!(b->s.var_off.mask & w))
			*tb = *fb = *b;
		return;
	}
	*ta = *fa = *a;
	*tb = *fb = *b;
}

/*
 * Linux's reg_set_min_max, with the branch decided first where the
 * ranges decide it (is_branch_taken): a and b are scalars.
 */
static int reg_set_min_max(struct venv *e, uint32_t pc,
			   const struct bpf_insn *in, const struct bc_vreg *a,
			   const struct bc_vreg *b, uint32_t *next)
{
	uint8_t op = bc_op(in);
	bool j32 = bc_class(in) == BPF_JMP32;
	uint32_t tgt = bc_jmp_target(in, pc), fall = pc + 1;
	struct bc_vreg ta = *a, tb = *b, fa = *a, fb = *b;
	bool tok, fok;
	int taken;

	vp_note_link(e, in->dst_reg, bc_srcbit(in) ? in->src_reg : -1);
	taken = bc_scalar_branch_taken(&a->s, &b->s, op, j32);
	if (!e->kern->branch_taken_regs && !old_branch_decided(a, b, op, j32))
		taken = -1;
	if (taken >= 0) { /* decided by the ranges */
		mark_operands(e, in);
		*next = taken ? tgt : fall;
		return spec_other_way(e, in, taken ? fall : tgt);
	}
	bc_scalar_refine(&ta.s, &tb.s, op, j32, true);
	bc_scalar_refine(&fa.s, &fb.s, op, j32, false);
	if (!e->kern->branch_taken_regs)
		old_refine(a, b, op, j32, &ta, &tb, &fa, &fb);
	if (e->cur.nsum && !j32)
		ne_low_halves(op, &ta, &tb, &fa, &fb);
	if (e->linux_only) {
		unbound_invalid(&ta, &tb);
		unbound_invalid(&fa, &fb);
	}
	tok = feasible(&ta, &tb);
	fok = feasible(&fa, &fb);
	/* a way Linux explores, known dead here: Linux's verdict may differ */
	if (!tok || !fok)
		e->beyond_linux = true;
	if (tok && !fok) {
		mark_operands(e, in); /* one way only: decided too */
		set_operands(e, in, &ta, &tb, &(struct vt_fell){ 0 });
		*next = tgt;
		return 0;
	}
	if (!tok)
		mark_operands(e, in);
	else if (push_refined(e, in, &ta, &tb, tgt))
		return -1;
	set_operands(e, in, &fa, &fb, &(struct vt_fell){ 0 });
	*next = fall;
	return 0;
}

static void null_branch(struct venv *e, struct null_arg *na, uint32_t ref)
{
	vc_for_each_reg(e, null_fn, na);
	/* a null pointer holds nothing; one cast from a socket holds that
	 * socket's reference, which stays (Linux: ref_obj_id == id) */
	if (na->is_null && ref && ref == na->id)
		vc_release_ref(e, ref);
}

/*
 * Linux's mark_ptr_or_null_regs: "p == 0" or "p != 0" (64-bit, the zero
 * an immediate) with p or-null: p, and its copies, is null on one branch
 * and a pointer on the other.
 */
static int mark_ptr_or_null_regs(struct venv *e, uint32_t pc,
				 const struct bpf_insn *in, uint32_t *next)
{
	uint32_t tgt = bc_jmp_target(in, pc), fall = pc + 1;
	struct bc_vreg *p = vc_reg(e, in->dst_reg);
	struct null_arg na = { p->id, bc_op(in) == BPF_JEQ, e->obj };
	uint32_t ref = p->ref_id;
	struct bc_vstate save;

	bc_vstate_copy(&save, &e->cur);
	null_branch(e, &na, ref);
	if (vc_push(e, tgt)) {
		bc_vstate_free(&save);
		return -1;
	}
	vc_restore(e, &save);
	na.is_null = !na.is_null;
	null_branch(e, &na, ref);
	*next = fall;
	return 0;
}

#define MAX_VAR_OFF (1 << 29)

/*
 * Linux's reg_not_null: pointer kinds that are never null, with a variable
 * offset too small to wrap the pointer round to 0.
 */
static bool never_null(const struct venv *e, const struct bc_vreg *r)
{
	if (r->s.smin <= -MAX_VAR_OFF || r->s.smax >= MAX_VAR_OFF)
		return false;
	switch (r->kind) {
	case VK_SOCK:
	case VK_TCP_SOCK:
	case VK_SOCK_COMMON:
	case VK_MAP_VALUE:
	case VK_MAP_KEY: return true;
	case VK_MEM:
	case VK_MAP_PTR: return e->kern->more_not_null;
	case VK_BTF_ID: /* is_trusted_reg: referenced, or trusted only */
		return e->kern->more_not_null &&
		       (r->ref_id || r->bflags == BC_BTF_TRUSTED);
	}
	return false;
}

static bool is_const(const struct bc_vreg *r)
{
	return r->kind == VK_SCALAR && bc_scalar_is_const(&r->s);
}

/*
 * Linux's is_branch_taken with a pointer operand: a pointer that is never
 * null compared (64-bit) for equality with the constant 0. 1 taken, 0 not,
 * -1 undecided.
 */
static int ptr_branch_taken(const struct venv *e, const struct bc_vreg *a,
			    const struct bc_vreg *b, uint8_t op, bool j32)
{
	const struct bc_vreg *p = a, *k = b;

	if (j32) /* a pointer's low half may be 0 */
		return -1;
	if (!is_const(k) && e->kern->branch_taken_regs) {
		p = b;
		k = a;
	}
	if (!is_const(k) || !never_null(e, p) || k->s.var_off.value)
		return -1;
	if (op == BPF_JEQ)
		return 0;
	return op == BPF_JNE ? 1 : -1;
}

/* The branch on which "p pop end" proves p inside the packet (good) or
 * not: p is register preg, pv its value before the branch. */
static void pkt_branch(struct venv *e, bool good, const struct bc_vreg *pv,
		       int preg, uint8_t pop)
{
	if (good) /* the good branch of JLT and JGE: p < end */
		mark_pkt(e, pv, pop == BPF_JLT || pop == BPF_JGE);
	else
		mark_pkt_end(vc_reg(e, preg), pop);
}

/*
 * Linux's reg_is_init_pkt_pointer: data itself, as the context gave it. Only
 * against it does a pkt_meta comparison bound pkt_meta.
 */
static bool init_pkt(const struct bc_vreg *r)
{
	return r->kind == VK_PKT && !r->off && bc_scalar_is_const(&r->s) &&
	       !r->s.var_off.value;
}

/*
 * Linux's try_match_pkt_pointers: "pkt op pkt_end" or "pkt_meta op pkt",
 * either way round, says on one branch how far the packet pointer is
 * inside. 1 when it was such a comparison, 0 not, -1 error.
 */
static int try_match_pkt_pointers(struct venv *e, uint32_t pc,
				  const struct bpf_insn *in,
				  const struct bc_vreg *a,
				  const struct bc_vreg *b, uint32_t *next)
{
	uint8_t op = bc_op(in);
	uint32_t tgt = bc_jmp_target(in, pc), fall = pc + 1;
	int preg, good, known;
	uint8_t pop;
	struct bc_vreg pv;
	struct bc_vstate save;

	if ((a->kind == VK_PKT && b->kind == VK_PKT_END) ||
	    (a->kind == VK_PKT_META && init_pkt(b))) {
		preg = in->dst_reg;
		pop = op;
	} else if ((b->kind == VK_PKT && a->kind == VK_PKT_END) ||
		   (b->kind == VK_PKT_META && init_pkt(a))) {
		preg = in->src_reg;
		pop = flip(op);
	} else {
		return 0;
	}
	good = pkt_good_branch(pop);
	if (good < 0)
		return 0;
	/* "pkt pop end", the packet pointer first */
	pv = *vc_reg(e, preg);
	known = pkt_end_taken(&pv, pop);
	if (known >= 0) { /* decided by an earlier test */
		*next = known ? tgt : fall;
		return spec_other_way(e, in, known ? fall : tgt) ? -1 : 1;
	}
	bc_vstate_copy(&save, &e->cur);
	pkt_branch(e, good == 1, &pv, preg, pop);
	if (vc_push(e, tgt)) {
		bc_vstate_free(&save);
		return -1;
	}
	vc_restore(e, &save);
	pkt_branch(e, good == 0, &pv, preg, pop);
	*next = fall;
	return 1;
}

static bool pkt_any(const struct bc_vreg *r)
{
	return r->kind == VK_PKT || r->kind == VK_PKT_META ||
	       r->kind == VK_PKT_END;
}

/*
 * A branch with a pointer operand. Unprivileged, a pointer may be compared
 * only with another packet pointer, or with 0 when that says whether it is
 * null (Linux's !allow_ptr_leaks: the comparison would leak it).
 */
/*
 * Two pointers compared for equality, one maybe null and the other not
 * (BTF pointers aside): where they are equal, the first is not null.
 */
static bool eq_infers_not_null(const struct bc_vreg *a, const struct bc_vreg *b)
{
	if (a->kind == VK_SCALAR || b->kind == VK_SCALAR ||
	    a->kind == VK_BTF_ID || a->kind == VK_BTF_ID_OR_NULL ||
	    b->kind == VK_BTF_ID || b->kind == VK_BTF_ID_OR_NULL)
		return false;
	return bc_vkind_or_null(a->kind) != bc_vkind_or_null(b->kind);
}

/* Linux's mark_ptr_not_null_reg on the equal branch of "a == b". */
static int eq_not_null(struct venv *e, uint32_t pc, const struct bpf_insn *in,
		       uint32_t *next)
{
	int r = bc_vkind_or_null(vc_reg(e, in->dst_reg)->kind) ? in->dst_reg :
								 in->src_reg;
	struct bc_vreg *p = vc_reg(e, r), saved = *p;
	struct null_arg na = { p->id, false, e->obj };
	bool jeq = bc_op(in) == BPF_JEQ;

	if (jeq)
		null_fn(p, &na);
	if (vc_push(e, bc_jmp_target(in, pc)))
		return -1;
	*vc_reg(e, r) = saved;
	if (!jeq)
		null_fn(vc_reg(e, r), &na);
	*next = pc + 1;
	return 0;
}

static int ptr_jmp(struct venv *e, uint32_t pc, const struct bpf_insn *in,
		   const struct bc_vreg *a, const struct bc_vreg *b,
		   uint32_t *next)
{
	uint8_t op = bc_op(in);
	bool j32 = bc_class(in) == BPF_JMP32;
	int d = in->dst_reg, s = in->src_reg, r, taken;

	if (!e->priv && bc_srcbit(in) && b->kind != VK_SCALAR &&
	    !(pkt_any(a) && pkt_any(b)))
		return vc_err(e, pc, "R%d pointer comparison prohibited", s);
	taken = ptr_branch_taken(e, a, b, op, j32);
	if (taken >= 0) {
		if (bc_srcbit(in) && b->kind == VK_SCALAR)
			vp_mark_reg(e, s);
		*next = taken ? bc_jmp_target(in, pc) : pc + 1;
		return spec_other_way(e, in,
				      taken ? pc + 1 : bc_jmp_target(in, pc));
	}
	if (!j32 && !bc_srcbit(in) && !in->imm && bc_vkind_or_null(a->kind) &&
	    (op == BPF_JEQ || op == BPF_JNE))
		return mark_ptr_or_null_regs(e, pc, in, next);
	if (!j32 && a->kind != VK_SCALAR && b->kind != VK_SCALAR) {
		r = try_match_pkt_pointers(e, pc, in, a, b, next);
		if (r)
			return r < 0 ? -1 : 0;
	}
	if (!e->priv && a->kind != VK_SCALAR)
		return vc_err(e, pc, "R%d pointer comparison prohibited", d);
	if (!j32 && bc_srcbit(in) && (op == BPF_JEQ || op == BPF_JNE) &&
	    e->kern->eq_not_null && eq_infers_not_null(a, b))
		return eq_not_null(e, pc, in, next);
	if (vc_push(e, bc_jmp_target(in, pc)))
		return -1;
	*next = pc + 1;
	return 0;
}

int vc_jmp(struct venv *e, uint32_t pc, const struct bpf_insn *in,
	   uint32_t *next)
{
	bool j32 = bc_class(in) == BPF_JMP32;
	int d = in->dst_reg, s = in->src_reg;
	struct bc_vreg a, b;

	if (vc_check_read(e, pc, d))
		return -1;
	a = *vc_reg(e, d);
	if (bc_srcbit(in)) {
		if (vc_check_read(e, pc, s))
			return -1;
		b = *vc_reg(e, s);
	} else {
		bc_vreg_const(&b, j32 ? (uint64_t)(uint32_t)in->imm :
					(uint64_t)(int64_t)in->imm);
	}
	if (a.kind == VK_SCALAR && b.kind == VK_SCALAR)
		return reg_set_min_max(e, pc, in, &a, &b, next);
	if (a.kind == VK_NOT_INIT || b.kind == VK_NOT_INIT)
		return vc_err(e, pc, "R%d !read_ok", d);
	return ptr_jmp(e, pc, in, &a, &b, next);
}

/* ---- may_goto ---- */

static bool same_callsites(const struct bc_vstate *a, const struct bc_vstate *b)
{
	if (a->curframe != b->curframe)
		return false;
	for (uint32_t f = 0; f <= a->curframe; f++)
		if (a->frames[f]->callsite != b->frames[f]->callsite)
			return false;
	return true;
}

const struct bc_vchk *vc_prev_round(const struct venv *e, uint32_t pc)
{
	const struct bc_vchk *c = e->cur.parent;

	if (e->cur.nsum) /* summaries: every state is precise */
		return NULL;
	for (int steps = 0; c && steps < 4096; c = c->parent, steps++)
		if (c->st.pc == pc && c->st.frames[0] &&
		    (c->st.may_goto_depth != e->cur.may_goto_depth ||
		     c->st.iter_depth != e->cur.iter_depth) &&
		    same_callsites(&c->st, &e->cur))
			return c;
	return NULL;
}

/* Linux's maybe_widen_reg */
static void widen_imprecise(const struct bc_vreg *o, struct bc_vreg *c)
{
	if (o->kind != VK_SCALAR || c->kind != VK_SCALAR || o->precise ||
	    (bc_scalar_equal(&o->s, &c->s) && o->id == c->id))
		return;
	bc_vreg_scalar(c);
}

void vc_widen_round(const struct bc_vchk *prev, struct bc_vstate *st)
{
	if (prev->all_precise)
		return;
	for (uint32_t f = 0; f <= st->curframe; f++) {
		const struct bc_vframe *fo = prev->st.frames[f];
		struct bc_vframe *fc = st->frames[f];

		for (int r = 0; r < BC_MAX_REG; r++)
			widen_imprecise(&fo->regs[r], &fc->regs[r]);
		for (int k = 0; k < BC_SLOTS; k++)
			if (fo->stype[8 * k] == VS_SPILL &&
			    fc->stype[8 * k] == VS_SPILL)
				widen_imprecise(&fo->spill[k], &fc->spill[k]);
	}
}

int vc_may_goto(struct venv *e, uint32_t pc, const struct bpf_insn *in,
		uint32_t *next)
{
	const struct bc_vchk *prev;
	struct bc_vstate *fall;

	*next = bc_jmp_target(in, pc);
	if (!in->off) /* a nop: Linux removes it */
		return 0;
	prev = vc_prev_round(e, pc);
	if (vc_push(e, pc + 1))
		return -1;
	fall = &e->stack[e->stack_n - 1];
	fall->may_goto_depth++;
	if (prev)
		vc_widen_round(prev, fall);
	return 0;
}
