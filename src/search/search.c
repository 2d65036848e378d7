// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The verifier's search (Linux's do_check): depth-first over paths with an
 * explicit stack of pending states, pruning at jump targets, after calls
 * and at loop headers against the states explored there
 * (is_state_visited), each instruction checked by its kind's checker.
 */
#include <bpf/btf.h>
#include <inttypes.h>
#include <string.h>

#include "platform/helpers.h"
#include "verifier/alu.h"
#include "verifier/call.h"
#include "verifier/causal.h"
#include "verifier/global.h"
#include "loops/induction.h"
#include "loops/ivrel.h"
#include "verifier/jmp.h"
#include "verifier/kfunc.h"
#include "verifier/mem.h"
#include "verifier/precision.h"
#include "cfg/stacklive.h"
#include "search/search.h"

static void end_path(struct venv *e)
{
	struct bc_vchk *c = e->cur.parent;

	while (c && --c->branches == 0) {
		e->live_states--;
		vp_chk_done(e, c);
		c = c->parent;
	}
	bc_vstate_free(&e->cur);
}

static bool pop(struct venv *e)
{
	if (!e->stack_n)
		return false;
	e->cur = e->stack[--e->stack_n];
	e->hist_n = e->cur.path_len;
	vlog_pop(e);
	return true;
}

static void live_masks(struct venv *e, uint32_t pc, uint16_t *live)
{
	for (uint32_t f = 0; f < e->cur.curframe; f++) {
		uint32_t cs = e->cur.frames[f + 1]->callsite;

		live[f] = (e->live[cs + 1] & ~0x3fu) | 0x400;
		if (e->cur.frames[f + 1]->cb_proto >= 0)
			live[f] = 0x7ff;
	}
	live[e->cur.curframe] = e->live[pc] | 0x400;
}

/*
 * The stack slots each frame may still read (bc_stack_liveness): the
 * current function's before pc, a caller's before its call (what the
 * callee may read through its arguments, then what follows the call; a
 * callback's caller, whose call may run it again, alike). NULL without
 * the static liveness, or inside a loop summary, whose header states are
 * compared whole.
 */
static const uint64_t *static_stack_live(const struct venv *e, uint32_t pc,
					 uint64_t *sl)
{
	if (!e->slive || e->cur.nsum)
		return NULL;
	for (uint32_t f = 0; f < e->cur.curframe; f++)
		sl[f] = e->slive[e->cur.frames[f + 1]->callsite];
	sl[e->cur.curframe] = e->slive[pc];
	return sl;
}

/* A frame's iterator and dynptr slots: compared even when dead, as Linux
 * keeps them (a write there checks what they hold). */
static uint64_t special_slots(const struct bc_vframe *f)
{
	uint64_t m = 0;

	for (uint32_t k = f->spill_lo; k < BC_SLOTS; k++)
		if (f->stype[8 * k] == VS_ITER || f->stype[8 * k] == VS_DYNPTR)
			m |= 1ull << k;
	return m;
}

/* What c compares of the stack: the slots read below it (vp_live) that
 * the program may still read. */
static void stack_masks(struct venv *e, const struct bc_vchk *c, uint32_t pc,
			const uint64_t *slive, uint64_t *sl)
{
	memset(sl, 0xff, sizeof(uint64_t) * BC_MAX_CALL_FRAMES);
	vp_live(e, c, pc, sl);
	if (!slive || c->sum)
		return;
	for (uint32_t f = 0; f <= e->cur.curframe; f++)
		sl[f] &= slive[f] | special_slots(c->st.frames[f]) |
			 special_slots(e->cur.frames[f]);
}

/*
 * A checkpoint that keeps failing to prune is dropped from the list (as
 * Linux does: it slows every later visit and rarely helps). Its state is
 * freed; the node stays on e->evicted while paths below it still count
 * on it.
 */
static void evict(struct venv *e, struct bc_vchk **pp)
{
	struct bc_vchk *c = *pp;

	*pp = c->next;
	vp_keep_marks(c);
	bc_vstate_free(&c->st);
	c->next = e->evicted;
	e->evicted = c;
}

/*
 * Is pc a callback's first insn, reached from the helper call that runs
 * the callback? The callback's entry states are then compared with the
 * ones still being explored (the callback may run again). Reached by a
 * jump inside the callback instead, it is a loop in the callback's body,
 * checked as any loop is: an exact repeat is an infinite loop.
 */
static bool callback_entry(struct venv *e, uint32_t pc)
{
	const struct vhist *h;
	const struct bpf_insn *in;

	if (e->prune[pc] != 2 || !e->hist_n)
		return e->prune[pc] == 2;
	h = &e->hist[e->hist_n - 1];
	in = &e->prog->insns[h->pc];
	return h->frame != e->cur.curframe || !bc_is_jmp_class(in) ||
	       bc_is_call(in) || bc_is_exit(in);
}

/* More than two bits set (without a popcount call on plain x86-64). */
static bool over_two_bits(uint32_t x)
{
	x &= x - 1;
	x &= x - 1;
	return x != 0;
}

/*
 * Has the path gone too long without a checkpoint? Linux forces one when
 * the history it keeps for precision since the last one has more than 40
 * entries: one per instruction reached by a jump or a return, per
 * register spilled to or filled from the stack, per jump on linked
 * scalars. The same count over this path's history.
 */
static bool long_history(const struct venv *e)
{
	uint32_t n = 0;

	for (size_t i = e->cur.parent ? e->cur.parent->hist : 0; i < e->hist_n;
	     i++) {
		const struct vhist *h = &e->hist[i];

		if (e->jmp_point[h->pc] ||
		    (h->flags &
		     (VH_FILL | VH_SPILL | VH_SPILL_IMM | VH_LINKX)) ||
		    h->link_slots || over_two_bits(h->link))
			if (++n > 40)
				return true;
	}
	return false;
}

/*
 * Linux's is_state_visited: 1 when the current state is pruned by one
 * explored at pc, else 0, perhaps after adding a checkpoint.
 */
/*
 * May the current state be pruned by c? A checkpoint still being explored
 * counts only at a callback's entry, and at a may_goto when the two
 * differ in the budget spent (then every scalar is compared: c's marks
 * are not final), as Linux's is_state_visited.
 */
static bool hits(struct venv *e, const struct bc_vchk *c, uint32_t pc,
		 const uint16_t *lv, const uint64_t *sl, bool cb)
{
	enum bc_sub_mode mode = e->explore_alu ? BC_SUB_STRICT : BC_SUB_PRUNE;

	if (c->branches && !cb) {
		bool mg = bc_is_may_goto(&e->prog->insns[pc]);

		if (mg && c->st.may_goto_depth == e->cur.may_goto_depth)
			return false;
		/* an iterator's next(): the loop converged while the
		 * iterator is still active (it ends by its contract) */
		if (!mg && !(vk_is_iter_next(e, pc) && vk_iter_active(e)))
			return false;
		if (mode == BC_SUB_PRUNE)
			mode = BC_SUB_RANGE;
	} else if (mode == BC_SUB_PRUNE && vp_pending(e, c)) {
		mode = BC_SUB_RANGE; /* its precision is not final yet */
	}
	return bc_vstate_subsumes_live(&c->st, &e->cur, lv, sl, mode, 0,
				       e->priv);
}

static bool other_callsite(const struct venv *e, const struct bc_vchk *c)
{
	uint32_t f = e->cur.curframe;

	return c->st.curframe != f ||
	       c->st.frames[f]->callsite != e->cur.frames[f]->callsite;
}

/* Linux's states_maybe_looping: the current frame's registers equal. */
static bool regs_identical(const struct bc_vframe *o, const struct bc_vframe *c)
{
	for (int i = 0; i < BC_MAX_REG; i++) {
		const struct bc_vreg *a = &o->regs[i], *b = &c->regs[i];

		if (a->kind != b->kind || a->off != b->off ||
		    a->range != b->range || a->id != b->id ||
		    a->ref_id != b->ref_id || a->map != b->map ||
		    a->mem_size != b->mem_size || a->btf_id != b->btf_id ||
		    a->bflags != b->bflags || a->frame != b->frame ||
		    !bc_scalar_equal(&a->s, &b->s))
			return false;
	}
	return true;
}

/*
 * Before 6.7 the infinite loop check compares as pruning does: a state
 * still being explored at pc whose current frame's registers are the
 * same and which contains the current state is a loop.
 */
static const struct bc_vchk *looping_within(struct venv *e, uint32_t pc,
					    const uint16_t *live)
{
	uint32_t f = e->cur.curframe;

	if (e->kern->exact_loop_check)
		return NULL;
	for (const struct bc_vchk *c = e->chk[pc]; c; c = c->next)
		if (c->branches && !other_callsite(e, c) &&
		    !(c->st.speculative && !e->cur.speculative) &&
		    c->st.may_goto_depth == e->cur.may_goto_depth &&
		    c->st.iter_depth == e->cur.iter_depth &&
		    regs_identical(c->st.frames[f], e->cur.frames[f]) &&
		    bc_vstate_subsumes(&c->st, &e->cur, live, BC_SUB_RANGE, 0))
			return c;
	return NULL;
}

static int is_state_visited(struct venv *e, uint32_t pc)
{
	uint16_t live[BC_MAX_CALL_FRAMES];
	uint64_t slive_buf[BC_MAX_CALL_FRAMES];
	const uint64_t *slive = static_stack_live(e, pc, slive_buf);
	uint32_t loop = bc_cfg_loop_at(e->cfg, pc);
	/* rounds of may_goto and iterator loops: always a checkpoint */
	bool mg = bc_is_may_goto(&e->prog->insns[pc]) || vk_is_iter_next(e, pc);
	uint64_t key = 0;
	bool add, far, cb = callback_entry(e, pc);
	int r;

	live_masks(e, pc, live);
	/* a summary's header state is joined from and compared with the
	 * whole state: everything before it counts (vp_mark_state marks
	 * it on the path) */
	if (loop != BC_NONE) {
		r = vl_header(e, pc, loop, live);
		if (r == 2) /* a (new) header state */
			return 0;
		if (r != 0 && r != 3) /* pruned, or an error */
			return r;
		if (!r) /* explored, not a peeled round */
			e->loop_unsum[loop] = 1;
	}
	if (cb && !e->nosum)
		vl_callback(e, pc);
	if (!cb) {
		const struct bc_vchk *old;

		key = bc_vstate_hash(&e->cur, live);
		/* inside a summarised loop the header's containment ends
		 * the search and the ranking variable the loop */
		if (!vl_inside(e, pc) &&
		    ((old = vc_looping(e, pc, key, live)) ||
		     (old = looping_within(e, pc, live)))) {
			vc_err(e, pc, "infinite loop detected at insn %u", pc);
			vlog_states(e, &e->cur, &old->st);
			return -1;
		}
	}
	/*
	 * A new checkpoint every 8 insns and 2 jumps, at callbacks always,
	 * and whenever the path itself went too long without one (other
	 * paths' checkpoints reset the counters; a long stretch without one
	 * makes each precision walk go all the way back).
	 */
	far = long_history(e);
	add = cb || far || mg ||
	      (e->processed - e->last_chk >= 8 && e->jmps - e->last_jmps >= 2);
	for (struct bc_vchk **pp = &e->chk[pc], *c; (c = *pp);) {
		uint16_t lv[BC_MAX_CALL_FRAMES];
		uint64_t sl[BC_MAX_CALL_FRAMES];
		bool hit;

		/* Linux keeps the states of each call site apart (its list
		 * is keyed by the insn and the frame's call site): another
		 * call site's state is neither compared nor missed */
		if (other_callsite(e, c)) {
			pp = &c->next;
			continue;
		}
		memcpy(lv, live, sizeof(lv));
		stack_masks(e, c, pc, slive, sl);
		/* a speculative state never stands for a real one */
		hit = !(c->st.speculative && !e->cur.speculative) &&
		      hits(e, c, pc, lv, sl, cb);
		/* going round a loop (a state here is still being explored):
		 * a new checkpoint only every 20 jumps or 100 insns, as
		 * Linux, so that the loop's states are not evicted by its
		 * own iterations */
		if (!hit && c->branches && !cb && !far && !mg &&
		    e->jmps - e->last_jmps < 20 &&
		    e->processed - e->last_chk < 100)
			add = false;
		if (hit) {
			c->hit++;
			/* the path relied on what c compared */
			for (uint32_t f = 0; f <= e->cur.curframe; f++)
				vp_read(e, f, sl[f]);
			vp_prune_hit(e, c, lv);
			/* what it relies on is open, or its marks are not
			 * final: the walk is made again when they are */
			if (c->branches || vp_pending(e, c))
				vp_backedge(e, c, lv);
			if (c->branches)
				e->open_prune = true;
			return 1;
		}
		if (add && !c->sum && ++c->miss > c->hit * 3 + 3) {
			evict(e, pp);
			continue;
		}
		pp = &c->next;
	}
	if (!add)
		return 0;
	if (e->states > 2000000)
		return 0;
	vc_checkpoint(e, pc, key);
	return 0;
}

/* The instruction at pc by its kind. 1: the path ended, 0: it goes on
 * at *next, < 0 error. */
static int check_insn(struct venv *e, uint32_t pc, const struct bpf_insn *in,
		      uint32_t *next)
{
	int r;

	switch (bc_insn_kind(in)) {
	case BC_INSN_ALU:
	case BC_INSN_ALU64: return vc_alu(e, pc, in);
	case BC_INSN_LDX: return vmem_load(e, pc, in);
	case BC_INSN_ST: return vmem_store_imm(e, pc, in);
	case BC_INSN_STX: return vmem_store_reg(e, pc, in);
	case BC_INSN_ATOMIC: return vmem_atomic(e, pc, in);
	case BC_INSN_LDDW: return vmem_ld_imm(e, pc, in);
	case BC_INSN_LD_PKT: return vmem_ld_abs(e, pc, in);
	case BC_INSN_JA:
		e->jmps++;
		*next = bc_jmp_target(in, pc);
		return 0;
	case BC_INSN_JMP:
	case BC_INSN_JMP32: e->jmps++; return vc_jmp(e, pc, in, next);
	case BC_INSN_MAY_GOTO: e->jmps++; return vc_may_goto(e, pc, in, next);
	case BC_INSN_CALL: e->jmps++; return vc_call(e, pc, in, next);
	case BC_INSN_EXIT:
		e->jmps++;
		r = vc_exit(e, pc);
		*next = e->cur.pc; /* in the caller */
		return r;
	case BC_INSN_UNKNOWN: /* bc_insn_check refused it before */ break;
	}
	return vc_err(e, pc, "unknown opcode %02x", in->code);
}

/* Execute the instruction at e->cur.pc. 1: path ended, <0 error. */
static int step(struct venv *e)
{
	uint32_t pc = e->cur.pc;
	const struct bpf_insn *in = &e->prog->insns[pc];
	uint32_t next = pc + bc_insn_slots(in);
	/* induction tags need the operands as they were before the insn;
	 * only while some loop summary is active */
	bool tags = e->cur.nsum && !bc_is_jmp_class(in);
	struct bc_vreg before;
	bool src_const = false;
	int64_t k = in->imm;
	int r;

	if (tags) {
		const struct bc_vreg *src = vc_reg(e, in->src_reg & 0xf);

		before = *vc_reg(e, in->dst_reg & 0xf);
		src_const = bc_srcbit(in) && src->kind == VK_SCALAR &&
			    bc_scalar_is_const(&src->s);
		if (bc_srcbit(in))
			k = bc_class(in) == BPF_ALU ?
				    (int32_t)src->s.var_off.value :
				    (int64_t)src->s.var_off.value;
	}
	e->barrier_after = false;
	if (e->cur.nsum && bc_is_jmp_class(in))
		vl_jump(e, in);
	r = check_insn(e, pc, in, &next);
	if (r)
		return r;
	/* speculation stops at a barrier: so does a speculative path
	 * (Linux 6.17's series with the nospec fallback; 6.12 goes on) */
	if (e->cur.speculative && e->barrier_after && e->kern->nospec_fallback)
		return 1;
	if (tags)
		vl_after_insn(e, in, &before, src_const, k);
	/* what a branch learnt on a copy (w5 = w4; if w5 > 30) reaches the
	 * values tagged alike before the copy is overwritten */
	else if (e->cur.nsum && bc_is_cond_jmp(in) && !e->prune[next])
		vl_sync(e);
	e->cur.pc = next;
	return 0;
}

/*
 * The registers a kfunc call reads: as many as its prototype has
 * parameters, in the kernel's BTF or else the object's declaration (as
 * kfunc.c), R1-R5 when it has none (Linux's get_call_summary).
 */
static uint16_t kfunc_use(const struct venv *e, const struct bpf_insn *in)
{
	const char *name = bc_object_ksym_name(e->obj, in->imm);
	const struct btf *b;
	const struct btf_type *t = name ? vk_kfunc_proto(e, name, &b) : NULL;

	if (!t)
		return 0x3e;
	return (uint16_t)(((1u << btf_vlen(t)) - 1) << 1);
}

/* The registers a helper call reads: its arguments. */
static uint16_t call_use(const struct venv *e, const struct bpf_insn *in)
{
	const struct bc_helper_proto *p;
	uint16_t u = 0;

	if (bc_is_kfunc_call(in))
		return kfunc_use(e, in);
	if (bc_is_pseudo_call(in) ||
	    !(p = bc_helper_proto_for(in->imm, e->type, e->attach)))
		return 0x3e;
	for (int i = 0; i < 5; i++)
		if (BC_ARG_KIND(p->args[i]) != BC_ARG_NONE)
			u |= 1u << (i + 1);
	return u;
}

/* The registers an instruction reads (*use) and writes (*def). */
static void insn_use_def(const struct venv *e, const struct bpf_insn *in,
			 uint16_t *use, uint16_t *def)
{
	uint16_t u = 0, d = 0, dst = 1u << in->dst_reg, src = 1u << in->src_reg;
	uint8_t op = bc_op(in);

	switch (bc_insn_kind(in)) {
	case BC_INSN_ALU:
	case BC_INSN_ALU64:
		if (bc_srcbit(in) && op != BPF_NEG && op != BPF_END)
			u |= src;
		if (op != BPF_MOV)
			u |= dst;
		d |= dst;
		break;
	case BC_INSN_LDX:
		u |= src;
		d |= dst;
		break;
	case BC_INSN_ST: u |= dst; break;
	case BC_INSN_STX: u |= dst | src; break;
	case BC_INSN_ATOMIC:
		u |= dst | src;
		if (in->imm == BPF_CMPXCHG) {
			u |= 1;
			d |= 1;
		} else if (in->imm & BPF_FETCH) {
			d |= src;
		}
		break;
	case BC_INSN_LDDW: d |= dst; break;
	case BC_INSN_LD_PKT:
		u |= 1u << 6;
		if (bc_mode(in) == BPF_IND)
			u |= src;
		d |= 0x3f;
		break;
	case BC_INSN_EXIT: u |= 1; break;
	case BC_INSN_CALL:
		u |= call_use(e, in);
		d |= 0x3f;
		break;
	case BC_INSN_JMP:
	case BC_INSN_JMP32:
		u |= dst;
		if (bc_srcbit(in))
			u |= src;
		break;
	case BC_INSN_JA:
	case BC_INSN_MAY_GOTO:
	case BC_INSN_UNKNOWN: break;
	}
	*use = u;
	*def = d;
}

/* Registers live after insn i: live into its successors. */
static uint16_t live_out(const struct venv *e, uint32_t i)
{
	const struct bc_prog *p = e->prog;
	const struct bpf_insn *in = &p->insns[i];
	uint32_t n = p->insn_cnt, nx = i + bc_insn_slots(in);
	uint16_t out = 0;

	if (!bc_is_jmp_class(in) || bc_is_call(in))
		return nx < n ? e->live[nx] : 0;
	if (bc_is_exit(in))
		return 0;
	int64_t t = bc_jmp_target(in, i);

	if (t >= 0 && t < n)
		out |= e->live[t];
	if (bc_op(in) != BPF_JA && i + 1 < n)
		out |= e->live[i + 1];
	return out;
}

/* Registers live into each instruction (Linux's compute_live_registers). */
static void compute_liveness(struct venv *e)
{
	const struct bc_prog *p = e->prog;
	uint32_t n = p->insn_cnt;
	uint16_t *use = e->use = bc_xcalloc(n, 2);
	uint16_t *def = e->def = bc_xcalloc(n, 2);
	bool changed = true;

	for (uint32_t i = 0; i < n; i++)
		insn_use_def(e, &p->insns[i], &use[i], &def[i]);
	while (changed) {
		changed = false;
		for (uint32_t i = n; i-- > 0;) {
			uint16_t v;

			if (i && bc_is_lddw(&p->insns[i - 1]))
				continue;
			v = use[i] | (live_out(e, i) & ~def[i]);
			if (v != e->live[i]) {
				e->live[i] = v;
				changed = true;
			}
		}
	}
}

/* What a helper does with the memory argument i points to (stacklive.h). */
static void helper_arg_mem(uint32_t a, int i, struct bc_call_mem *m)
{
	switch (BC_ARG_KIND(a)) {
	case BC_ARG_PTR_TO_UNINIT_MEM:
		m->mem[i] = BC_ARG_MEM_WRITE;
		m->size_reg[i] = (int8_t)(i + 2);
		break;
	case BC_ARG_PTR_TO_MEM: m->size_reg[i] = (int8_t)(i + 2); break;
	case BC_ARG_PTR_TO_LONG: m->size[i] = 8; break;
	case BC_ARG_PTR_TO_INT: m->size[i] = 4; break;
	case BC_ARG_PTR_TO_DYNPTR: m->size[i] = 16; break;
	default: break; /* read, up to the frame's top */
	}
}

/*
 * The call at pc for the stack liveness: a register it does not read is
 * no argument; a helper that runs a callback lets it at every argument;
 * an iterator kfunc reads its iterator; the rest read up to the top.
 */
static void call_mem(void *arg, uint32_t pc, struct bc_call_mem *m)
{
	const struct venv *e = arg;
	const struct bpf_insn *in = &e->prog->insns[pc];
	const struct bc_helper_proto *p = NULL;

	for (int i = 0; i < 5; i++)
		if (!(e->use[pc] & (1u << (i + 1))))
			m->mem[i] = BC_ARG_MEM_NONE;
	if (bc_is_kfunc_call(in)) {
		m->size[0] = vk_iter_arg_bytes(e, pc);
		return;
	}
	if (bc_is_pseudo_call(in) ||
	    !(p = bc_helper_proto_for(in->imm, e->type, e->attach)))
		return;
	for (int i = 0; i < 5; i++) {
		if (m->mem[i] == BC_ARG_MEM_NONE)
			continue;
		if (p->flags & BC_HF_CALLBACK)
			m->mem[i] = BC_ARG_MEM_ESCAPE;
		else
			helper_arg_mem(p->args[i], i, m);
	}
}

/* Linux's mark_prune_point: where is_state_visited() is called (e->prune). */
static void mark_prune_points(struct venv *e)
{
	const struct bc_prog *p = e->prog;

	for (uint32_t i = 0; i < p->insn_cnt; i++) {
		const struct bpf_insn *in = &p->insns[i];

		if (bc_is_pseudo_func(in)) {
			uint32_t t = i + in->imm + 1;

			if (t < p->insn_cnt)
				e->prune[t] = 2;
		}
		if (bc_is_call(in) && i + 1 < p->insn_cnt && !e->prune[i + 1])
			e->prune[i + 1] = 1;
		if (bc_is_call(in) && i + 1 < p->insn_cnt)
			e->jmp_point[i + 1] = 1;
		/* a bpf-to-bpf call: the call itself and the callee's entry */
		if (bc_is_pseudo_call(in)) {
			int64_t t = (int64_t)i + in->imm + 1;

			if (!e->prune[i])
				e->prune[i] = 1;
			if (t >= 0 && t < p->insn_cnt && !e->prune[t])
				e->prune[t] = 1;
			if (t >= 0 && t < p->insn_cnt)
				e->jmp_point[t] = 1;
		}
		if (vk_is_iter_next(e, i) && !e->prune[i])
			e->prune[i] = 1;
		if (!bc_is_jmp_class(in) || bc_is_call(in) || bc_is_exit(in))
			continue;
		int64_t t = bc_jmp_target(in, i);

		/* as Linux: branch targets and the conditional jumps
		 * themselves (not their fall-through) */
		if (t >= 0 && t < p->insn_cnt && !e->prune[t])
			e->prune[t] = 1;
		if (t >= 0 && t < p->insn_cnt)
			e->jmp_point[t] = 1;
		if (bc_op(in) != BPF_JA && !e->prune[i])
			e->prune[i] = 1;
	}
	for (uint32_t l = 0; l < e->cfg->loop_cnt; l++) {
		uint32_t f = e->cfg->blocks[e->cfg->loops[l].header].first;

		if (f < p->insn_cnt && !e->prune[f])
			e->prune[f] = 1;
	}
}

/* A loop's header state that the search goes on from (explored_trip). */
static void count_header_visit(struct venv *e, uint32_t pc)
{
	uint32_t l = bc_cfg_loop_at(e->cfg, pc);

	if (l != BC_NONE)
		e->loop_visits[l]++;
}

/* Linux's do_check: until every path ended or one failed. */
static void run(struct venv *e)
{
	struct bc_vframe *f0 = bc_vframe_new(0, BC_NONE, 0);
	bool ran = true; /* the insn that failed is in the history */

	bc_vreg_ptr(&f0->regs[1], VK_CTX);
	e->cur.frames[0] = f0;
	vlog_start(e);
	for (;;) {
		uint32_t pc = e->cur.pc;
		int r = 0;

		/* counted before the pruning check, as Linux does */
		if (++e->processed > e->budget) {
			vc_err(e, pc,
			       "BPF program is too large. Processed %" PRIu64
			       " insn",
			       e->processed);
			ran = false;
			break;
		}
		if (e->prune[pc]) {
			vl_leave(e, pc);
			vl_sync(e);
			r = is_state_visited(e, pc);
			if (r < 0) {
				ran = false;
				break;
			}
		}
		if (r == 1) {
			vlog_safe(e, pc);
			end_path(e);
			if (!pop(e) && !vg_next(e))
				return;
			continue;
		}
		e->reached[pc] = 1;
		if (e->prune[pc])
			count_header_visit(e, pc);
		/* a global function's own run assumes only its prototype:
		 * its states say nothing about one concrete call */
		if (e->opts->claims && !e->cur.frames[0]->subprog)
			bc_claims_record(e->opts->claims, pc, e->live[pc],
					 e->slive ? e->slive[pc] : ~0ull,
					 vc_frame(e), e->cur.curframe);
		else if (e->opts->claims)
			bc_claims_record_btf(e->opts->claims, pc, vc_frame(e));
		vp_hist_push(e, pc);
		e->detail[0] = 0;
		vlog_insn_begin(e, pc);
		r = step(e);
		if (r < 0 && vc_recover_speculative(e))
			r = 1;
		if (r >= 0)
			vlog_insn_end(e, pc);
		if (r < 0)
			break;
		if (r == 1) {
			end_path(e);
			if (!pop(e) && !vg_next(e))
				return;
		}
	}
	if (e->failed) /* the failing path's history is still whole */
		vc_causal_path(e, ran);
	end_path(e);
}

void vs_search(struct venv *e)
{
	compute_liveness(e);
	if (e->priv)
		e->slive = bc_stack_liveness(e->cfg, call_mem, e);
	mark_prune_points(e);
	run(e);
}
