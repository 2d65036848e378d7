// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The witness checks (witness.h): a hook that sees each instruction before
 * it runs, keeps which registers hold a value as Linux's check_reg_arg
 * does, and stops the run at a read of one that holds none, or at the
 * main program's exit (or a tail call) with a reference still held. Where
 * it cannot tell (a helper's arguments, a callback's registers), it takes
 * the register as written: a check that errs only towards no fault.
 */
#include <string.h>

#include "isa/insn.h"
#include "interp/interp_priv.h"
#include "interp/witness_priv.h"

#define R(i)	 ((uint16_t)(1u << (i)))
#define ARGS	 (R(1) | R(2) | R(3) | R(4) | R(5))
#define ALL_REGS ((uint16_t)0x7ff)

void wcheck_init(struct wcheck *wc, const struct bc_prog *entry,
		 struct bc_rtmaps *maps, int64_t goal)
{
	memset(wc, 0, sizeof(*wc));
	wc->entry = entry;
	wc->maps = maps;
	wc->goal = goal;
	wc->acq_insn = -1;
	wc->init = R(1) | R(10);
}

/* What the insn at the last call wrote, in its own frame. */
static void apply_writes(struct wcheck *wc, const struct bpf_insn *in)
{
	switch (bc_insn_kind(in)) {
	case BC_INSN_ALU:
	case BC_INSN_ALU64:
	case BC_INSN_LDX:
	case BC_INSN_LDDW: wc->init |= R(in->dst_reg); break;
	case BC_INSN_ATOMIC:
		if (in->imm == BPF_CMPXCHG)
			wc->init |= R(0);
		else if (in->imm == 0x100) /* load-acquire */
			wc->init |= R(in->dst_reg);
		break;
	case BC_INSN_LD_PKT:
	case BC_INSN_CALL:
		wc->init = (uint16_t)((wc->init & ~ARGS) | R(0));
		break;
	case BC_INSN_JA:
	case BC_INSN_JMP:
	case BC_INSN_JMP32:
	case BC_INSN_MAY_GOTO:
	case BC_INSN_EXIT:
	case BC_INSN_ST:
	case BC_INSN_STX:
	case BC_INSN_UNKNOWN: break;
	}
}

/*
 * Carry the registers from the last insn to this one: a call entered
 * (a subprogram gets r1-r5 and r10), a frame left (the caller's r6-r9
 * back, r0 the result, r1-r5 gone), a tail call (a new program: r1 and
 * r10), or the last insn's writes.
 */
static void step(struct wcheck *wc, const struct bc_prog *prog, int frame)
{
	const struct bpf_insn *in = &wc->prog->insns[wc->pc];
	bool subprog_call = bc_insn_kind(in) == BC_INSN_CALL &&
			    (bc_is_pseudo_call(in) || bc_srcbit(in) == BPF_X);

	if (frame > wc->frame && frame < BC_INTERP_MAX_FRAMES) {
		wstack_enter(wc, frame);
		wc->saved[wc->frame] = wc->init;
		/* a callback's registers are the helper's to set */
		wc->init = subprog_call ?
				   (uint16_t)((wc->init & ARGS) | R(10)) :
				   ALL_REGS;
	} else if (frame < wc->frame && frame >= 0) {
		wc->init = (uint16_t)((wc->saved[frame] & ~ARGS) | R(0));
	} else if (bc_insn_kind(in) == BC_INSN_EXIT) {
		wstack_enter(wc, frame);
		wc->init = ALL_REGS; /* a callback left and entered again */
	} else if (prog != wc->prog) {
		wc->init = R(1) | R(10);
	} else {
		apply_writes(wc, in);
	}
}

/* The registers insn reads (helpers' arguments are not known here). */
static uint16_t reads(const struct bpf_insn *in, int frame)
{
	uint16_t src = R(in->src_reg), dst = R(in->dst_reg);
	bool x = bc_srcbit(in) == BPF_X;

	switch (bc_insn_kind(in)) {
	case BC_INSN_ALU:
	case BC_INSN_ALU64:
		if (bc_op(in) == BPF_MOV)
			return x ? src : 0;
		if (bc_op(in) == BPF_NEG || bc_op(in) == BPF_END)
			return dst;
		return (uint16_t)(dst | (x ? src : 0));
	case BC_INSN_LDX: return src;
	case BC_INSN_ST: return dst;
	case BC_INSN_STX: return (uint16_t)(dst | src);
	case BC_INSN_ATOMIC:
		if (in->imm == 0x100) /* load-acquire */
			return src;
		return (uint16_t)(dst | src |
				  (in->imm == BPF_CMPXCHG ? R(0) : 0));
	case BC_INSN_JMP:
	case BC_INSN_JMP32: return (uint16_t)(dst | (x ? src : 0));
	case BC_INSN_CALL: return x ? dst : 0;
	case BC_INSN_EXIT: return frame == 0 ? R(0) : 0;
	case BC_INSN_LD_PKT:
		return (uint16_t)(R(6) | (bc_mode(in) == BPF_IND ? src : 0));
	case BC_INSN_JA:
	case BC_INSN_MAY_GOTO:
	case BC_INSN_LDDW:
	case BC_INSN_UNKNOWN: break;
	}
	return 0;
}

/* Keep the key of a map lookup the run makes (the search stores it). */
static void record_lookup(struct wcheck *wc, struct bc_vm *vm,
			  const uint64_t *regs)
{
	struct bc_rtmap *m = bc_rtmaps_from_ptr(wc->maps, regs[1]);
	struct wcheck_key k = { 0 };

	if (!m || !wc->learn || wc->learn->key_cnt >= WCHECK_MAX_KEYS ||
	    m->key_size > WCHECK_KEY_BYTES ||
	    !bc_vm_mem_ok(vm, regs[2], m->key_size, false))
		return;
	k.map = (uint32_t)(m - wc->maps->maps);
	memcpy(k.key, (const void *)(uintptr_t)regs[2], m->key_size);
	for (size_t i = 0; i < wc->learn->key_cnt; i++)
		if (!memcmp(&wc->learn->keys[i], &k, sizeof(k)))
			return;
	wc->learn->keys[wc->learn->key_cnt++] = k;
}

/* A reference held where Linux checks for leaks: exit, tail call. */
static int check_leak(struct wcheck *wc, struct bc_vm *vm, uint32_t pc,
		      const struct bpf_insn *in, int frame)
{
	bool tail = bc_is_helper_call(in) && in->imm == BPF_FUNC_tail_call;
	const char *what;
	uint32_t acq;

	if ((!bc_is_exit(in) || frame) && !tail)
		return 0;
	if (!bc_vm_ref_held(vm, &acq, &what))
		return 0;
	bc_vm_err(vm, pc, "%s with a %s still held, acquired at insn %u",
		  tail ? "tail call" : "exit", what, acq);
	wc->kind = BC_FAULT_LEAK;
	wc->acq_insn = acq;
	return 1;
}

/* The packet offset of addr (from the packet's start as the run was
 * given it), or -1 when addr is not in the packet. */
static int64_t packet_off(const struct bc_vm *vm, uint64_t addr, int size)
{
	if (!vm->data || addr < (uintptr_t)vm->data ||
	    addr + (uint64_t)size > (uintptr_t)vm->data_end)
		return -1;
	return (int64_t)(addr - (uintptr_t)vm->data) + (int64_t)vm->l2_skip;
}

static void add_hint(struct wcheck *wc, const struct wcheck_origin *o,
		     uint32_t val)
{
	struct wcheck_hint h = { o->off1 - 1, o->size,
				 (uint32_t)((uint64_t)(val & o->mask)
					    << o->shift),
				 (uint32_t)((uint64_t)o->mask << o->shift) };

	struct wcheck_learn *l = wc->learn;

	for (size_t i = 0; i < l->hint_cnt; i++)
		if (!memcmp(&l->hints[i], &h, sizeof(h)))
			return;
	if (l->hint_cnt < WCHECK_MAX_HINTS)
		l->hints[l->hint_cnt++] = h;
}

/*
 * Follow values loaded from the packet through moves and masks to the
 * comparisons with constants they meet (input-to-state hints).
 */
static void track_origins(struct wcheck *wc, struct bc_vm *vm,
			  const struct bpf_insn *in, const uint64_t *regs)
{
	struct wcheck_origin *o = wc->origin, *d = &o[in->dst_reg];
	bool k = bc_srcbit(in) == BPF_K;
	int size = bc_size_bytes(bc_size(in));
	int64_t off;

	switch (bc_insn_kind(in)) {
	case BC_INSN_LDX:
		off = size <= 4 ? packet_off(vm, regs[in->src_reg] + in->off,
					     size) :
				  -1;
		*d = (struct wcheck_origin){
			(uint32_t)(off + 1), (uint32_t)size, 0,
			size >= 4 ? UINT32_MAX : (1u << (8 * size)) - 1
		};
		break;
	case BC_INSN_ALU:
	case BC_INSN_ALU64:
		if (bc_op(in) == BPF_MOV && !k && !in->off)
			*d = o[in->src_reg];
		else if (bc_op(in) == BPF_AND && k)
			d->mask &= (uint32_t)in->imm;
		else if (bc_op(in) == BPF_RSH && k && in->imm < 32 &&
			 d->shift + (uint32_t)in->imm < 32)
			d->shift += (uint32_t)in->imm, d->mask >>= in->imm;
		else
			d->off1 = 0;
		break;
	case BC_INSN_JMP:
	case BC_INSN_JMP32:
		if (k && d->off1 && wc->learn)
			add_hint(wc, d, (uint32_t)in->imm);
		break;
	case BC_INSN_LDDW: d->off1 = 0; break;
	case BC_INSN_CALL:
	case BC_INSN_LD_PKT:
		for (int r = 0; r <= 5; r++)
			o[r].off1 = 0;
		break;
	case BC_INSN_ATOMIC:
	case BC_INSN_JA:
	case BC_INSN_MAY_GOTO:
	case BC_INSN_EXIT:
	case BC_INSN_ST:
	case BC_INSN_STX:
	case BC_INSN_UNKNOWN: break;
	}
}

int wcheck_hook(void *arg, struct bc_vm *vm, const struct bc_prog *prog,
		uint32_t pc, const uint64_t *regs, int frame)
{
	struct wcheck *wc = arg;
	const struct bpf_insn *in = &prog->insns[pc];
	uint16_t bad;

	if (wc->started)
		step(wc, prog, frame);
	wc->started = true;
	wc->frame = frame;
	wc->pc = pc;
	wc->prog = prog;
	if (prog == wc->entry && (int64_t)pc == wc->goal)
		wc->reached = true;
	bad = reads(in, frame) & (uint16_t)~wc->init;
	/* check_return_code: a void LSM hook or struct_ops member returns
	 * no R0 (which this hook cannot tell from another: none checked) */
	if (bc_is_exit(in) && (wc->entry->type == BPF_PROG_TYPE_LSM ||
			       wc->entry->type == BPF_PROG_TYPE_STRUCT_OPS))
		bad &= (uint16_t)~R(0);
	if (bad) {
		bc_vm_err(vm, pc,
			  "R%d is read before any write to it (it holds no "
			  "value on this path)",
			  __builtin_ctz(bad));
		wc->kind = BC_FAULT_UNINIT;
		return 1;
	}
	if (bc_is_helper_call(in) &&
	    (in->imm == BPF_FUNC_map_lookup_elem ||
	     in->imm == BPF_FUNC_map_lookup_percpu_elem))
		record_lookup(wc, vm, regs);
	track_origins(wc, vm, in, regs);
	if (wc->stack_init && wstack_check(wc, vm, pc, in, regs)) {
		wc->kind = BC_FAULT_UNINIT;
		return 1;
	}
	return check_leak(wc, vm, pc, in, frame);
}
