// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The interpreter's execution core: instruction semantics (bpf_conformance
 * is the reference), frames, the region table and the run set-up per
 * program type. Helpers live in rthelpers.c, maps in rtmaps.c.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/alu.h"
#include "isa/insn.h"
#include "interp/interp_priv.h"

#define PKT_BUF_SIZE 4096u /* headroom + packet + tailroom, as test_run */

/* ---- instruction semantics ---- */

static uint64_t load_n(const void *p, int size)
{
	uint8_t b;
	uint16_t h;
	uint32_t w;
	uint64_t q;

	switch (size) {
	case 1: memcpy(&b, p, 1); return b;
	case 2: memcpy(&h, p, 2); return h;
	case 4: memcpy(&w, p, 4); return w;
	default: memcpy(&q, p, 8); return q;
	}
}

static void store_n(void *p, int size, uint64_t v)
{
	uint8_t b = (uint8_t)v;
	uint16_t h = (uint16_t)v;
	uint32_t w = (uint32_t)v;

	switch (size) {
	case 1: memcpy(p, &b, 1); break;
	case 2: memcpy(p, &h, 2); break;
	case 4: memcpy(p, &w, 4); break;
	default: memcpy(p, &v, 8); break;
	}
}

/* The flow dissector's struct bpf_flow_keys, zeroed, one per run. */
static uint8_t *flow_keys(struct bc_vm *vm)
{
	for (size_t i = 0; i < vm->dyn_cnt; i++)
		if (!strcmp(vm->dyn[i].name, "flow keys"))
			return vm->dyn[i].base;
	return bc_vm_dyn_add(vm, sizeof(struct bpf_flow_keys), "flow keys")
		->base;
}

/* The socket an sk_reuseport context points to: zeroed, read-only. */
static uint8_t *ctx_socket(struct bc_vm *vm)
{
	struct bc_dynreg *r;

	for (size_t i = 0; i < vm->dyn_cnt; i++)
		if (!strcmp(vm->dyn[i].name, "socket"))
			return vm->dyn[i].base;
	r = bc_vm_dyn_add(vm, sizeof(struct bpf_sock), "socket");
	r->writable = false;
	return r->base;
}

/*
 * Loads of the pointer fields of a context yield host pointers: the
 * packet's, and the objects Linux never leaves NULL there.
 */
static bool ctx_ptr_load(struct bc_vm *vm, uint64_t addr, int size,
			 uint64_t *val)
{
	uint64_t off;

	if (addr < (uintptr_t)vm->ctx ||
	    addr >= (uintptr_t)vm->ctx + vm->ctx_size || size < 4)
		return false;
	off = addr - (uintptr_t)vm->ctx;
	if (vm->ctx_layout == BC_CTX_SK_REUSEPORT && size == 8 &&
	    off == offsetof(struct sk_reuseport_md, sk)) {
		*val = (uintptr_t)ctx_socket(vm);
		return true;
	}
	if (!vm->ctx_pkt)
		return false;
	if (off == vm->off_data)
		*val = (uintptr_t)vm->data;
	else if (off == vm->off_end)
		*val = (uintptr_t)vm->data_end;
	else if (vm->off_meta != UINT32_MAX && off == vm->off_meta)
		*val = (uintptr_t)vm->data_meta;
	else if (vm->ctx_layout == BC_CTX_FLOW_DISSECTOR && size == 8 &&
		 off == offsetof(struct __sk_buff, flow_keys))
		*val = (uintptr_t)flow_keys(vm);
	else
		return false;
	return true;
}

/*
 * The program's arena when base is a pointer into it and addr in no
 * region, else NULL. A pointer into the arena is 32 bits, and 64-bit
 * arithmetic here (32-bit in the kernel's rewrite) may carry into or
 * borrow from the high half; a host address is never that low.
 */
static struct bc_rtarena *arena_at(struct bc_vm *vm, uint64_t base,
				   uint64_t addr, int size, bool write)
{
	uint32_t hi = (uint32_t)(base >> 32);

	if ((hi > 1 && hi != UINT32_MAX) || bc_vm_in_map_object(vm, addr))
		return NULL;
	for (uint32_t i = 0; vm->maps && i < vm->maps->cnt; i++)
		if (vm->maps->maps[i].arena)
			return bc_vm_mem_ok(vm, addr, (uint64_t)size, write) ?
				       NULL :
				       vm->maps->maps[i].arena;
	return NULL;
}

static int do_load(struct bc_vm *vm, uint32_t pc, const struct bpf_insn *in)
{
	int size = bc_size_bytes(bc_size(in));
	uint64_t addr = vm->regs[in->src_reg] + (int64_t)in->off, v;
	struct bc_rtarena *a;
	void *p;

	if (ctx_ptr_load(vm, addr, size, &v)) {
		vm->regs[in->dst_reg] = v;
		return 0;
	}
	if (vm->probe_pc == pc && !bc_vm_mem_ok(vm, addr, size, false)) {
		vm->regs[in->dst_reg] = 0;
		return 0;
	}
	if ((a = arena_at(vm, vm->regs[in->src_reg], addr, size, false)))
		p = bc_rtarena_mem(a, vm->regs[in->src_reg], in->off, size);
	else
		p = bc_vm_mem(vm, pc, addr, size, false);
	if (!p)
		return -EFAULT;
	v = load_n(p, size);
	if (bc_mode(in) == BPF_MEMSX)
		v = (uint64_t)bc_sext(v, size * 8);
	vm->regs[in->dst_reg] = v;
	return 0;
}

static int do_store(struct bc_vm *vm, uint32_t pc, const struct bpf_insn *in)
{
	int size = bc_size_bytes(bc_size(in));
	uint64_t addr = vm->regs[in->dst_reg] + (int64_t)in->off;
	uint64_t v = bc_class(in) == BPF_ST ? (uint64_t)(int64_t)in->imm :
					      vm->regs[in->src_reg];
	struct bc_rtarena *a =
		arena_at(vm, vm->regs[in->dst_reg], addr, size, true);
	void *p = a ? bc_rtarena_mem(a, vm->regs[in->dst_reg], in->off, size) :
		      bc_vm_mem(vm, pc, addr, size, true);

	if (!p)
		return -EFAULT;
	store_n(p, size, v);
	return 0;
}

#ifndef BPF_LOAD_ACQ
#define BPF_LOAD_ACQ  0x100
#define BPF_STORE_REL 0x110
#endif

static int do_atomic(struct bc_vm *vm, uint32_t pc, const struct bpf_insn *in)
{
	int size = bc_size_bytes(bc_size(in));
	uint64_t mask = size == 4 ? 0xffffffffull : ~0ull;
	uint64_t *r = vm->regs, addr, old, src, nv;
	int32_t op = in->imm;
	struct bc_rtarena *a;
	void *p;

	if (op == BPF_LOAD_ACQ) {
		p = bc_vm_mem(vm, pc, r[in->src_reg] + (int64_t)in->off, size,
			      false);
		if (!p)
			return -EFAULT;
		r[in->dst_reg] = load_n(p, size);
		return 0;
	}
	addr = r[in->dst_reg] + (int64_t)in->off;
	a = arena_at(vm, r[in->dst_reg], addr, size, true);
	p = a ? bc_rtarena_mem(a, r[in->dst_reg], in->off, size) :
		bc_vm_mem(vm, pc, addr, size, true);
	if (!p)
		return -EFAULT;
	if (op == BPF_STORE_REL) {
		store_n(p, size, r[in->src_reg]);
		return 0;
	}
	old = load_n(p, size);
	src = r[in->src_reg] & mask;
	switch (op & ~BPF_FETCH) {
	case BPF_ADD: nv = old + src; break;
	case BPF_OR: nv = old | src; break;
	case BPF_AND: nv = old & src; break;
	case BPF_XOR: nv = old ^ src; break;
	default:
		if (op == BPF_XCHG) {
			nv = src;
			break;
		}
		if (op == BPF_CMPXCHG) {
			nv = old == (r[0] & mask) ? src : old;
			store_n(p, size, nv);
			r[0] = old;
			return 0;
		}
		return bc_vm_fail(vm, pc, EINVAL,
				  "unknown atomic operation 0x%x",
				  (unsigned)op);
	}
	store_n(p, size, nv & mask);
	if (op & BPF_FETCH)
		r[in->src_reg] = old;
	return 0;
}

/* LD_ABS/LD_IND: big-endian load from the skb packet; false: out of it. */
static bool ld_pkt(struct bc_vm *vm, const struct bpf_insn *in, uint64_t *v)
{
	int size = bc_size_bytes(bc_size(in));
	int64_t off = in->imm;
	uint64_t x;

	if (bc_mode(in) == BPF_IND)
		off = (int32_t)((uint32_t)vm->regs[in->src_reg] +
				(uint32_t)in->imm);
	if (!vm->data || off < 0 || off + size > vm->data_end - vm->data)
		return false;
	x = load_n(vm->data + off, size);
	*v = size == 1 ? x : bc_bswap(x, size * 8);
	return true;
}

static uint64_t map_ptr(struct bc_vm *vm, uint32_t idx)
{
	return (uintptr_t)&vm->maps->maps[idx];
}

static int do_lddw(struct bc_vm *vm, uint32_t pc, const struct bpf_insn *in)
{
	uint64_t imm = (uint32_t)in[0].imm |
		       ((uint64_t)(uint32_t)in[1].imm << 32);
	uint32_t idx = (uint32_t)in->imm;
	struct bc_rtmap *m;

	switch (in->src_reg) {
	case 0: vm->regs[in->dst_reg] = imm; return 0;
	case BPF_PSEUDO_FUNC:
		vm->regs[in->dst_reg] = BC_FUNC_TAG |
					(uint32_t)(pc + in->imm + 1);
		return 0;
	case BPF_PSEUDO_MAP_FD:
	case BPF_PSEUDO_MAP_IDX:
	case BPF_PSEUDO_MAP_VALUE:
	case BPF_PSEUDO_MAP_IDX_VALUE:
		if (!vm->maps || idx >= vm->maps->cnt)
			return bc_vm_fail(
				vm, pc, EINVAL, "%s %u is not a known map",
				in->src_reg == BPF_PSEUDO_MAP_FD ||
						in->src_reg ==
							BPF_PSEUDO_MAP_VALUE ?
					"map fd" :
					"map index",
				idx);
		if (in->src_reg == BPF_PSEUDO_MAP_FD ||
		    in->src_reg == BPF_PSEUDO_MAP_IDX) {
			vm->regs[in->dst_reg] = map_ptr(vm, idx);
			return 0;
		}
		m = &vm->maps->maps[idx];
		if (m->arena) {
			vm->regs[in->dst_reg] = bc_rtarena_user_addr(
				m->arena, (uint32_t)in[1].imm);
			return 0;
		}
		if (!m->vals || m->hashed)
			return bc_vm_fail(
				vm, pc, EINVAL,
				"map '%s' has no direct value address",
				m->name);
		vm->regs[in->dst_reg] =
			(uintptr_t)m->vals + (uint32_t)in[1].imm;
		return 0;
	}
	return bc_vm_fail(
		vm, pc, ENOTSUP,
		"lddw with src_reg %u is not supported by the interpreter",
		in->src_reg);
}

static void set_r10(struct bc_vm *vm)
{
	vm->regs[10] = (uintptr_t)vm->stacks[vm->depth] + BC_INTERP_STACK_SIZE;
}

static int push_frame(struct bc_vm *vm, uint32_t pc, uint32_t ret_pc,
		      bool callback)
{
	struct bc_frame *f;

	if (vm->depth + 1 >= BC_INTERP_MAX_FRAMES)
		return bc_vm_fail(vm, pc, E2BIG, "call depth exceeds %d frames",
				  BC_INTERP_MAX_FRAMES);
	f = &vm->frames[++vm->depth];
	f->prog = vm->frames[vm->depth - 1].prog;
	f->ret_pc = ret_pc;
	f->callback = callback;
	f->may_goto = BC_MAX_LOOPS;
	memcpy(f->saved, &vm->regs[6], sizeof(f->saved));
	memset(vm->stacks[vm->depth], 0, BC_INTERP_STACK_SIZE);
	set_r10(vm);
	return 0;
}

/* Pop the current frame; returns the caller's resume pc. */
static uint32_t pop_frame(struct bc_vm *vm)
{
	struct bc_frame *f = &vm->frames[vm->depth--];

	memcpy(&vm->regs[6], f->saved, sizeof(f->saved));
	return f->ret_pc;
}

static int do_call(struct bc_vm *vm, const struct bpf_insn *in, uint32_t pc,
		   uint32_t *npc)
{
	uint64_t target;
	int r;

	if (bc_srcbit(in) == BPF_X) {
		target = vm->regs[in->dst_reg];
		if ((target & ~BC_FUNC_MASK) == BC_FUNC_TAG) {
			r = push_frame(vm, pc, pc + 1, false);
			*npc = (uint32_t)target;
			return r;
		}
		if (target > INT32_MAX)
			return bc_vm_fail(
				vm, pc, EINVAL,
				"callx target 0x%llx is not a function",
				(unsigned long long)target);
		return bc_rt_helper(vm, pc, (int32_t)target);
	}
	if (in->src_reg == BPF_PSEUDO_CALL) {
		r = push_frame(vm, pc, pc + 1, false);
		*npc = pc + in->imm + 1;
		return r;
	}
	if (in->src_reg == BPF_PSEUDO_KFUNC_CALL) {
		const char *name = bc_object_ksym_name(vm->obj, in->imm);

		r = bc_rt_kfunc(vm, pc, name);
		if (r == -ENOTSUP)
			return bc_vm_fail(vm, pc, ENOTSUP,
					  "kfunc %s is not "
					  "supported by the interpreter",
					  name ? name : "?");
		return r;
	}
	if (in->src_reg != 0)
		return bc_vm_fail(
			vm, pc, ENOTSUP,
			"kfunc calls are not supported by the interpreter");
	return bc_rt_helper(vm, pc, in->imm);
}

static int exec(struct bc_vm *vm, uint32_t pc, int stop_depth);

int bc_vm_callback(struct bc_vm *vm, uint32_t pc, uint64_t func,
		   const uint64_t args[5], uint64_t *ret)
{
	int r;

	if ((func & ~BC_FUNC_MASK) != BC_FUNC_TAG)
		return bc_vm_fail(vm, pc, EINVAL,
				  "callback 0x%llx is not a function address",
				  (unsigned long long)func);
	if ((uint32_t)func >= vm->frames[vm->depth].prog->insn_cnt)
		return bc_vm_fail(vm, pc, EINVAL,
				  "callback at insn %u is outside the program",
				  (uint32_t)func);
	r = push_frame(vm, pc, pc + 1, true);
	if (r)
		return r;
	memcpy(&vm->regs[1], args, 5 * sizeof(*args));
	r = exec(vm, (uint32_t)func, vm->depth);
	*ret = vm->regs[0];
	return r;
}

/* addr_space_cast through the program's arena (a mov32 without one). */
static uint64_t addr_space_cast(struct bc_vm *vm, uint64_t v, int32_t imm)
{
	for (uint32_t i = 0; vm->maps && i < vm->maps->cnt; i++)
		if (vm->maps->maps[i].arena)
			return bc_rtarena_cast(vm->maps->maps[i].arena, v, imm);
	return (uint32_t)v;
}

static void alu(struct bc_vm *vm, const struct bpf_insn *in)
{
	uint64_t *r = vm->regs;
	bool is64 = bc_class(in) == BPF_ALU64;
	uint64_t s;

	if (bc_op(in) == BPF_END) {
		r[in->dst_reg] = bc_end_eval(bc_srcbit(in) == BPF_TO_BE, is64,
					     in->imm, r[in->dst_reg]);
		return;
	}
	s = bc_srcbit(in) == BPF_X ? r[in->src_reg] :
				     (uint64_t)(int64_t)in->imm;
	if (is64 && bc_op(in) == BPF_MOV && bc_srcbit(in) == BPF_X &&
	    in->off == BC_ADDR_SPACE_CAST) {
		r[in->dst_reg] = addr_space_cast(vm, s, in->imm);
		return;
	}
	r[in->dst_reg] =
		bc_alu_eval(bc_op(in), !is64, in->off, r[in->dst_reg], s);
}

/*
 * may_goto: every call of a function (and a tail call) starts with a
 * budget of BPF_MAX_LOOPS, as Linux's prologue sets it; each may_goto
 * falls through and spends one until none is left, then jumps.
 */
static uint32_t may_goto(struct bc_vm *vm, const struct bpf_insn *in,
			 uint32_t pc)
{
	struct bc_frame *f = &vm->frames[vm->depth];

	if (!in->off) /* "may_goto +0": a nop Linux removes */
		return pc + 1;
	if (!f->may_goto)
		return pc + in->off + 1;
	f->may_goto--;
	return pc + 1;
}

/* Next pc after a conditional jump. */
static uint32_t cond_jmp(struct bc_vm *vm, const struct bpf_insn *in,
			 uint32_t pc)
{
	uint64_t *r = vm->regs;
	uint64_t s;

	s = bc_srcbit(in) == BPF_X ? r[in->src_reg] :
				     (uint64_t)(int64_t)in->imm;
	if (bc_jmp_eval(bc_op(in), bc_class(in) == BPF_JMP32, r[in->dst_reg],
			s))
		return pc + in->off + 1;
	return pc + 1;
}

/* A call; a tail call the helper set up replaces the frame's program. */
static int call(struct bc_vm *vm, const struct bpf_insn *in, uint32_t pc,
		uint32_t *npc)
{
	int e = do_call(vm, in, pc, npc);

	if (!e && vm->tail_target) {
		vm->frames[vm->depth].prog = vm->tail_target;
		vm->frames[vm->depth].may_goto = BC_MAX_LOOPS;
		vm->tail_target = NULL;
		*npc = 0;
	}
	return e;
}

/* Encodings the interpreter refuses (it may run unverified programs). */
static bool insn_ok(const struct bpf_insn *in)
{
	uint8_t cls = bc_class(in), op = bc_op(in), mode = bc_mode(in);

	if (in->dst_reg >= BC_MAX_REG || in->src_reg >= BC_MAX_REG)
		return bc_is_lddw(in) || bc_is_call(in) ?
			       in->dst_reg < BC_MAX_REG :
			       false;
	switch (cls) {
	case BPF_ALU:
	case BPF_ALU64: return op <= BPF_END;
	case BPF_JMP: return op != 0xf0;
	case BPF_JMP32: return op != 0xf0 && op != BPF_JCOND && op != BPF_EXIT;
	case BPF_LD:
		return bc_is_lddw(in) ||
		       ((mode == BPF_ABS || mode == BPF_IND) &&
			bc_size(in) != BPF_DW);
	case BPF_LDX:
		return mode == BPF_MEM ||
		       (mode == BPF_MEMSX && bc_size(in) != BPF_DW);
	case BPF_ST: return mode == BPF_MEM;
	default:
		return mode == BPF_MEM ||
		       (mode == BPF_ATOMIC &&
			(bc_size(in) == BPF_W || bc_size(in) == BPF_DW));
	}
}

static int step_limit(struct bc_vm *vm, const struct bc_prog *p, uint32_t pc)
{
	if (!insn_ok(&p->insns[pc]))
		return bc_vm_fail(
			vm, pc, EINVAL,
			"invalid instruction (code 0x%02x, dst r%u, src r%u)",
			p->insns[pc].code, p->insns[pc].dst_reg,
			p->insns[pc].src_reg);
	if (vm->insns >= vm->limit)
		return bc_vm_fail(
			vm, pc, E2BIG,
			"instruction limit of %llu reached (infinite loop?)",
			(unsigned long long)vm->limit);
	vm->probe_pc = -1;
	if (vm->opts.hook &&
	    vm->opts.hook(vm->opts.hook_arg, vm, p, pc, vm->regs, vm->depth)) {
		if (!vm->err->set)
			bc_vm_fail(vm, pc, ECANCELED, "run stopped by hook");
		return -ECANCELED;
	}
	vm->insns++; /* counts instructions that execute */
	return 0;
}

/* The next pc is outside the program: fell off its end or jumped out. */
static int past_end(struct bc_vm *vm, const struct bc_prog *p,
		    const struct bpf_insn *in, uint32_t pc, uint32_t npc)
{
	if (npc == pc + 1 || (npc == pc + 2 && bc_is_lddw(in)))
		return bc_vm_fail(
			vm, pc, EFAULT,
			"falls off the end of the program (%u instructions)",
			p->insn_cnt);
	return bc_vm_fail(
		vm, pc, EFAULT,
		"jump to insn %lld is outside the program (%u instructions)",
		(long long)(int32_t)npc, p->insn_cnt);
}

/* Run from pc in the current frame until frame stop_depth exits. */
static int exec(struct bc_vm *vm, uint32_t pc, int stop_depth)
{
	const struct bc_prog *p = vm->frames[vm->depth].prog;
	int e;

	for (;;) {
		const struct bpf_insn *in;
		uint32_t npc = pc + 1;

		e = step_limit(vm, p, pc);
		if (e)
			return e;
		in = &p->insns[pc];
		switch (bc_insn_kind(in)) {
		case BC_INSN_ALU:
		case BC_INSN_ALU64: alu(vm, in); break;
		case BC_INSN_LDX: e = do_load(vm, pc, in); break;
		case BC_INSN_ST:
		case BC_INSN_STX: e = do_store(vm, pc, in); break;
		case BC_INSN_ATOMIC: e = do_atomic(vm, pc, in); break;
		case BC_INSN_LDDW:
			if (pc + 1 >= p->insn_cnt)
				return bc_vm_fail(
					vm, pc, EINVAL,
					"lddw without its second half");
			e = do_lddw(vm, pc, in);
			npc = pc + 2;
			break;
		case BC_INSN_LD_PKT:
			if (!ld_pkt(vm, in, &vm->regs[0])) {
				vm->regs[0] = 0;
				vm->ld_abs_fail = true;
				return 0;
			}
			break;
		case BC_INSN_JA: npc = (uint32_t)bc_jmp_target(in, pc); break;
		case BC_INSN_JMP:
		case BC_INSN_JMP32: npc = cond_jmp(vm, in, pc); break;
		case BC_INSN_MAY_GOTO: npc = may_goto(vm, in, pc); break;
		case BC_INSN_CALL:
		case BC_INSN_UNKNOWN: /* insn_ok lets a JMP32 call pass */
			e = call(vm, in, pc, &npc);
			break;
		case BC_INSN_EXIT:
			if (vm->depth == stop_depth) {
				if (stop_depth > 0)
					pop_frame(vm);
				return 0;
			}
			npc = pop_frame(vm);
			break;
		}
		if (e)
			return e;
		p = vm->frames[vm->depth].prog; /* after a return or tail call */
		if (npc >= p->insn_cnt)
			return past_end(vm, p, in, pc, npc);
		pc = npc;
	}
}

/* ---- run set-up ---- */

static bool is_sk_buff(enum bc_ctx_layout l)
{
	switch (l) {
	case BC_CTX_SK_BUFF:
	case BC_CTX_SK_BUFF_L2:
	case BC_CTX_FLOW_DISSECTOR: return true;
	case BC_CTX_FLAT:
	case BC_CTX_XDP_MD:
	case BC_CTX_PT_REGS:
	case BC_CTX_PERF_EVENT:
	case BC_CTX_SK_REUSEPORT: break;
	}
	return false;
}

#define PT_REGS_SIZE 168 /* x86-64 struct pt_regs */

size_t bc_interp_ctx_size(enum bc_ctx_layout l)
{
	switch (l) {
	case BC_CTX_XDP_MD: return sizeof(struct xdp_md);
	case BC_CTX_SK_BUFF:
	case BC_CTX_SK_BUFF_L2:
	case BC_CTX_FLOW_DISSECTOR: return sizeof(struct __sk_buff);
	case BC_CTX_PT_REGS: return PT_REGS_SIZE;
	case BC_CTX_PERF_EVENT: /* bpf_perf_event_data */
		return PT_REGS_SIZE + 16;
	case BC_CTX_SK_REUSEPORT: return sizeof(struct sk_reuseport_md);
	case BC_CTX_FLAT: break;
	}
	return 512; /* tracing and others: zeroed memory */
}

static void setup_packet(struct bc_vm *vm, const struct bc_run_input *in)
{
	size_t len = in->packet_len;

	vm->pkt_buf_size = PKT_BUF_SIZE;
	vm->pkt_buf = bc_xcalloc(1, PKT_BUF_SIZE);
	if (len)
		memcpy(vm->pkt_buf + BC_XDP_HEADROOM, in->packet, len);
	vm->data = vm->pkt_buf + BC_XDP_HEADROOM;
	vm->data_end = vm->data + len;
	vm->data_meta = vm->data;
	vm->l2_skip = 0;
	/* test_run hands L3 skb types the packet after the Ethernet header */
	if (vm->ctx_layout == BC_CTX_SK_BUFF && len >= 14) {
		vm->l2_skip = 14;
		vm->data += 14;
		vm->data_meta = vm->data;
	}
}

/*
 * What test_run's eth_type_trans() on the loopback device (address
 * 00:00:00:00:00:00) makes of the Ethernet header: protocol, pkt_type.
 */
static void eth_type_trans(struct bc_vm *vm, struct __sk_buff *s)
{
	const uint8_t *eth = vm->pkt_buf + BC_XDP_HEADROOM;
	static const uint8_t zero[6],
		bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	uint16_t proto;

	if (vm->data_end - eth < 14)
		return;
	if (eth[0] & 1)
		s->pkt_type = memcmp(eth, bcast, 6) ?
				      2 :
				      1; /* MULTICAST, BROADCAST */
	else
		s->pkt_type = memcmp(eth, zero, 6) ? 3 :
						     0; /* OTHERHOST, HOST */
	memcpy(&proto, eth + 12, 2);
	if (__builtin_bswap16(proto) < 0x600) {
		bool raw = vm->data_end - eth >= 16 && eth[14] == 0xff &&
			   eth[15] == 0xff;

		proto = __builtin_bswap16(raw ? 0x0001 : 0x0004);
	}
	s->protocol = proto;
}

static void setup_ctx(struct bc_vm *vm, const struct bc_run_input *in)
{
	size_t n = bc_interp_ctx_size(vm->ctx_layout);

	if (in->ctx && in->ctx_len > n && !vm->ctx_pkt)
		n = in->ctx_len;
	vm->ctx_size = n;
	vm->ctx = bc_xcalloc(1, n);
	if (in->ctx)
		memcpy(vm->ctx, in->ctx, BC_MIN(n, in->ctx_len));
	if (vm->ctx_layout == BC_CTX_XDP_MD) {
		struct xdp_md *x = (struct xdp_md *)vm->ctx;

		x->data = x->data_end = x->data_meta = 0;
		if (!in->ctx)
			x->ingress_ifindex = 1;
	} else if (is_sk_buff(vm->ctx_layout)) {
		struct __sk_buff *s = (struct __sk_buff *)vm->ctx;

		s->len = (uint32_t)(vm->data_end - vm->data);
		eth_type_trans(vm, s);
		if (!s->ifindex)
			s->ifindex = 1;
		s->data = s->data_end = s->data_meta = 0;
	}
}

static void run_reset(struct bc_vm *vm)
{
	size_t i;

	free(vm->ctx);
	free(vm->pkt_buf);
	free(vm->mem);
	for (i = 0; i < vm->dyn_cnt; i++)
		free(vm->dyn[i].base);
	vm->dyn_cnt = 0;
	vm->ctx = vm->pkt_buf = vm->mem = NULL;
	vm->data = vm->data_end = vm->data_meta = NULL;
	vm->ctx_size = vm->mem_len = 0;
}

static void setup_types(struct bc_vm *vm)
{
	vm->ctx_pkt = false;
	vm->off_meta = UINT32_MAX;
	if (vm->ctx_layout == BC_CTX_XDP_MD) {
		vm->ctx_pkt = true;
		vm->off_data = offsetof(struct xdp_md, data);
		vm->off_end = offsetof(struct xdp_md, data_end);
		vm->off_meta = offsetof(struct xdp_md, data_meta);
	} else if (is_sk_buff(vm->ctx_layout)) {
		vm->ctx_pkt = true;
		vm->off_data = offsetof(struct __sk_buff, data);
		vm->off_end = offsetof(struct __sk_buff, data_end);
		vm->off_meta = offsetof(struct __sk_buff, data_meta);
	}
}

static void collect_result(struct bc_vm *vm, const struct bc_run_input *in,
			   struct bc_run_result *res)
{
	uint8_t *start;
	size_t n;

	memset(res, 0, sizeof(*res));
	res->r0 = vm->regs[0];
	res->insns = vm->insns;
	res->tail_calls = vm->tail_calls;
	res->events = vm->events;
	if (in->mem_mode && vm->mem) {
		res->mem = bc_xmalloc(vm->mem_len ? vm->mem_len : 1);
		memcpy(res->mem, vm->mem, vm->mem_len);
		res->mem_len = vm->mem_len;
	}
	if (!vm->pkt_buf)
		return;
	start = vm->data - vm->l2_skip;
	if (vm->ctx_layout == BC_CTX_XDP_MD)
		start = vm->data_meta; /* test_run's output includes metadata */
	n = vm->data_end > start ? (size_t)(vm->data_end - start) : 0;
	res->packet = bc_xmalloc(n ? n : 1);
	memcpy(res->packet, start, n);
	/* test_run pushes back a zeroed L2 header for L3 program types */
	memset(res->packet, 0, BC_MIN(n, vm->l2_skip));
	res->packet_len = n;
	res->packet_changed = n != in->packet_len ||
			      (n && memcmp(res->packet, in->packet, n));
}

struct bc_vm *bc_vm_new(const struct bc_object *obj, struct bc_rtmaps *maps,
			const struct bc_vm_opts *opts)
{
	struct bc_vm *vm = bc_xcalloc(1, sizeof(*vm));

	vm->obj = obj;
	vm->maps = maps;
	if (opts)
		vm->opts = *opts;
	vm->rng[0] = vm->opts.seed ^ 0x9e3779b97f4a7c15ull;
	vm->rng[1] = (vm->opts.seed * 0xbf58476d1ce4e5b9ull) | 1;
	return vm;
}

void bc_vm_free(struct bc_vm *vm)
{
	if (!vm)
		return;
	run_reset(vm);
	free(vm->dyn);
	free(vm);
}

uint64_t bc_vm_insn_count(const struct bc_vm *vm)
{
	return vm->total_insns;
}

void bc_run_result_free(struct bc_run_result *res)
{
	free(res->packet);
	free(res->mem);
	res->packet = res->mem = NULL;
}

int bc_vm_run(struct bc_vm *vm, const struct bc_prog *prog,
	      const struct bc_run_input *in, struct bc_run_result *res,
	      struct bc_err *err)
{
	int r;

	run_reset(vm);
	memset(res, 0, sizeof(*res));
	vm->err = err;
	vm->entry = prog;
	vm->ctx_layout = bc_prog_type_ops(prog->type)->ctx_layout;
	vm->limit = vm->opts.insn_limit ? vm->opts.insn_limit :
					  BC_INTERP_DEFAULT_LIMIT;
	vm->insns = 0;
	vm->tail_calls = 0;
	vm->tail_target = NULL;
	vm->ld_abs_fail = false;
	vm->prandom_used = 0;
	vm->fault_unmapped = false;
	vm->events = 0;
	vm->depth = 0;
	vm->frames[0] =
		(struct bc_frame){ .prog = prog, .may_goto = BC_MAX_LOOPS };
	memset(vm->regs, 0, sizeof(vm->regs));
	memset(vm->stacks[0], 0, BC_INTERP_STACK_SIZE);
	set_r10(vm);
	if (in->mem_mode) {
		vm->mem_len = in->mem_len;
		if (in->mem_len) {
			vm->mem = bc_xmalloc(in->mem_len);
			memcpy(vm->mem, in->mem, in->mem_len);
		}
		vm->regs[1] = (uintptr_t)vm->mem;
		vm->regs[2] = in->mem_len;
	} else if (in->packet_len > BC_INTERP_MAX_PACKET) {
		return bc_errf(
			err, -1, E2BIG,
			"packet of %zu bytes is longer than the %u bytes a run takes (as BPF_PROG_TEST_RUN)",
			in->packet_len, BC_INTERP_MAX_PACKET);
	} else {
		setup_types(vm);
		if (vm->ctx_pkt)
			setup_packet(vm, in);
		setup_ctx(vm, in);
		vm->regs[1] = (uintptr_t)vm->ctx;
	}
	if (!prog->insn_cnt)
		r = bc_vm_fail(vm, 0, EINVAL, "empty program");
	else
		r = exec(vm, 0, 0);
	vm->total_insns += vm->insns;
	if (r) {
		res->insns = vm->insns;
		return r;
	}
	collect_result(vm, in, res);
	return 0;
}

int bc_interp_run_mem(const struct bpf_insn *insns, uint32_t cnt,
		      const uint8_t *mem, size_t mem_len, uint64_t *r0,
		      struct bc_err *err)
{
	struct bc_prog prog = { .name = "prog",
				.insns = (struct bpf_insn *)insns,
				.insn_cnt = cnt };
	struct bc_run_input in = { .mem_mode = true,
				   .mem = mem,
				   .mem_len = mem_len };
	struct bc_run_result res;
	struct bc_vm *vm = bc_vm_new(NULL, NULL, NULL);
	int r = bc_vm_run(vm, &prog, &in, &res, err);

	*r0 = res.r0;
	bc_run_result_free(&res);
	bc_vm_free(vm);
	return r;
}
