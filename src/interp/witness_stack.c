// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The stack's written bytes, for a witness of a loader Linux refuses
 * reads of stack bytes never written (one without CAP_PERFMON:
 * check_stack_read_fixed_off, check_stack_range_initialized). Stores
 * mark bytes; a load, or a map helper's key or value, of a byte never
 * written stops the run. A helper given a pointer into a stack may
 * write there: from it to the frame's top counts as written, so the
 * check errs only towards no fault.
 */
#include <string.h>

#include "isa/insn.h"
#include "interp/interp_priv.h"
#include "interp/witness_priv.h"

void wstack_enter(struct wcheck *wc, int frame)
{
	if (frame >= 0 && frame < BC_INTERP_MAX_FRAMES)
		memset(wc->written[frame], 0, sizeof(wc->written[frame]));
}

/* The frame whose stack holds addr, and the byte's index in it; -1. */
static int stack_of(const struct bc_vm *vm, uint64_t addr, uint32_t *idx)
{
	for (int d = 0; d <= vm->depth; d++) {
		uint64_t b = (uintptr_t)vm->stacks[d];

		if (addr >= b && addr < b + BC_INTERP_STACK_SIZE) {
			*idx = (uint32_t)(addr - b);
			return d;
		}
	}
	return -1;
}

static void mark(struct wcheck *wc, const struct bc_vm *vm, uint64_t addr,
		 uint64_t size)
{
	uint32_t i;
	int d = stack_of(vm, addr, &i);

	for (; d >= 0 && size && i < BC_INTERP_STACK_SIZE; i++, size--)
		wc->written[d][i / 8] |= (uint8_t)(1u << (i % 8));
}

/* The first byte of [addr, addr+size) in a stack never written: its
 * frame, and its offset from the frame pointer; false when none. */
static bool unwritten(const struct wcheck *wc, const struct bc_vm *vm,
		      uint64_t addr, uint64_t size, int *frame, int *fp_off)
{
	uint32_t i;
	int d = stack_of(vm, addr, &i);

	for (; d >= 0 && size && i < BC_INTERP_STACK_SIZE; i++, size--)
		if (!(wc->written[d][i / 8] & (1u << (i % 8)))) {
			*frame = d;
			*fp_off = (int)i - BC_INTERP_STACK_SIZE;
			return true;
		}
	return false;
}

/* A map helper's key (and an update's value) read from a stack. */
static int check_map_args(struct wcheck *wc, struct bc_vm *vm, uint32_t pc,
			  const struct bpf_insn *in, const uint64_t *regs)
{
	struct bc_rtmap *m;
	int d, off;

	if (!bc_is_helper_call(in) || (in->imm != BPF_FUNC_map_lookup_elem &&
				       in->imm != BPF_FUNC_map_update_elem &&
				       in->imm != BPF_FUNC_map_delete_elem))
		return 0;
	m = bc_rtmaps_from_ptr(wc->maps, regs[1]);
	if (!m)
		return 0;
	for (int r = 2; r <= (in->imm == BPF_FUNC_map_update_elem ? 3 : 2); r++)
		if (unwritten(wc, vm, regs[r],
			      r == 2 ? m->key_size : m->value_size, &d, &off)) {
			bc_vm_err(vm, pc,
				  "R%d passes %s's %s at fp%+d of frame %d, "
				  "never written (uninitialised stack)",
				  r, bc_helper_name(in->imm),
				  r == 2 ? "key" : "value", off, d);
			return 1;
		}
	return 0;
}

int wstack_check(struct wcheck *wc, struct bc_vm *vm, uint32_t pc,
		 const struct bpf_insn *in, const uint64_t *regs)
{
	int size = bc_size_bytes(bc_size(in)), d, off;
	uint64_t addr;

	switch (bc_insn_kind(in)) {
	case BC_INSN_LDX:
		addr = regs[in->src_reg] + (int64_t)in->off;
		if (unwritten(wc, vm, addr, (uint64_t)size, &d, &off)) {
			bc_vm_err(vm, pc,
				  "reads %d bytes at fp%+d of frame %d, never "
				  "written (uninitialised stack)",
				  size, off, d);
			return 1;
		}
		break;
	case BC_INSN_ST:
	case BC_INSN_STX:
	case BC_INSN_ATOMIC:
		mark(wc, vm, regs[in->dst_reg] + (int64_t)in->off,
		     (uint64_t)size);
		break;
	case BC_INSN_CALL:
		if (check_map_args(wc, vm, pc, in, regs))
			return 1;
		for (int r = 1; r <= 5; r++)
			mark(wc, vm, regs[r], BC_INTERP_STACK_SIZE);
		break;
	case BC_INSN_ALU:
	case BC_INSN_ALU64:
	case BC_INSN_JA:
	case BC_INSN_JMP:
	case BC_INSN_JMP32:
	case BC_INSN_MAY_GOTO:
	case BC_INSN_EXIT:
	case BC_INSN_LDDW:
	case BC_INSN_LD_PKT:
	case BC_INSN_UNKNOWN: break;
	}
	return 0;
}
