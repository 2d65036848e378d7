// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The soundness oracle: concrete runs checked against claims (oracle.h). */
#include "isa/insn.h"
#include "interp/interp_priv.h"
#include "interp/oracle.h"

/* Is there a value v of map m with omin <= addr - v <= omax? */
static bool map_has(void *arg, uint32_t m, uint64_t addr, int64_t omin,
		    int64_t omax)
{
	struct bc_vm *vm = arg;
	struct bc_rtmap *rm;
	__int128 lo, hi, base, st;

	if (!vm->maps || m >= vm->maps->cnt || omin > omax)
		return false;
	rm = &vm->maps->maps[m];
	if (!rm->vals || !rm->vstride)
		return false;
	/* value k starts at base + k * stride, k < max_entries */
	base = (uintptr_t)rm->vals;
	st = rm->vstride;
	lo = (__int128)addr - omax - base; /* k * st >= lo */
	hi = (__int128)addr - omin - base; /* k * st <= hi */
	if (hi < 0)
		return false;
	lo = lo <= 0 ? 0 : (lo + st - 1) / st;
	hi = hi / st;
	if (hi >= rm->max_entries)
		hi = rm->max_entries - 1;
	return lo <= hi;
}

static void bases(struct bc_vm *vm, struct bc_claim_bases *b)
{
	b->depth = vm->depth;
	for (int d = 0; d <= vm->depth; d++)
		b->fp[d] = (uintptr_t)vm->stacks[d] + BC_INTERP_STACK_SIZE;
	b->ctx = (uintptr_t)vm->ctx;
	b->data = (uintptr_t)vm->data;
	b->data_end = (uintptr_t)vm->data_end;
	b->data_meta = (uintptr_t)vm->data_meta;
	b->map_has = map_has;
	b->vm = vm;
}

int bc_oracle_hook(void *arg, struct bc_vm *vm, const struct bc_prog *prog,
		   uint32_t pc, const uint64_t *regs, int frame)
{
	struct bc_oracle *o = arg;
	struct bc_claim_bases b;
	char claim[256];

	(void)frame;
	if (prog != o->prog) /* a tail call: another program */
		return 0;
	bases(vm, &b);
	for (int r = 0; r <= 10; r++) {
		o->checks++;
		if (bc_claims_check(o->claims, pc, r, regs[r], claim,
				    sizeof(claim)) &&
		    bc_claims_check_ptr(o->claims, pc, r, regs[r], &b, claim,
					sizeof(claim)))
			continue;
		bc_vm_err(vm, pc,
			  "oracle: R%d = %#llx is outside the "
			  "verifier's claim %s (a bpfcheck bug: please report "
			  "it)",
			  r, (unsigned long long)regs[r], claim);
		return 1;
	}
	if (!bc_claims_check_stack(o->claims, pc, vm->depth,
				   vm->stacks[vm->depth], claim,
				   sizeof(claim))) {
		bc_vm_err(vm, pc,
			  "oracle: %s (a bpfcheck bug: please report "
			  "it)",
			  claim);
		return 1;
	}
	if (bc_class(&prog->insns[pc]) == BPF_LDX &&
	    bc_claims_btf_ptr(o->claims, pc, prog->insns[pc].src_reg))
		bc_vm_probe_load(vm, pc);
	return 0;
}

bool bc_oracle_bound_ok(const struct bc_run_result *res, bool has_bound,
			uint64_t bound)
{
	return !has_bound || res->tail_calls || res->insns <= bound;
}
