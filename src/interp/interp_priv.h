/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Interpreter internals shared by interp.c and rthelpers.c. */
#ifndef BC_INTERP_PRIV_H
#define BC_INTERP_PRIV_H

#include "interp/interp.h"
#include "isa/insn.h"
#include "platform/progtypes.h"

/* Subprogram addresses (lddw BPF_PSEUDO_FUNC) are tagged, never memory. */
#define BC_FUNC_TAG  0xfffe000000000000ull
#define BC_FUNC_MASK 0x00000000ffffffffull

struct bc_frame {
	const struct bc_prog *prog; /* program running in this frame */
	uint32_t ret_pc; /* caller's pc to resume at */
	uint64_t saved[5]; /* caller's r6..r10 */
	bool callback; /* entered from a helper */
	uint64_t may_goto; /* this frame's may_goto budget */
};

/* Memory handed to the program besides stacks, ctx, packet and maps. */
struct bc_dynreg {
	uint8_t *base;
	uint64_t size;
	bool writable;
	const char *name;
	uint32_t map; /* ringbuf records: owning map index */
	uint32_t acq_pc; /* a reference: the insn that acquired it, or
			  * UINT32_MAX (bc_vm_ref_held) */
};

struct bc_vm {
	const struct bc_object *obj;
	struct bc_rtmaps *maps;
	struct bc_vm_opts opts;
	uint64_t total_insns;

	/* one run */
	struct bc_err *err;
	const struct bc_prog *entry;
	enum bc_ctx_layout ctx_layout; /* of the entry program's type */
	uint64_t regs[BC_MAX_REG];
	struct bc_frame frames[BC_INTERP_MAX_FRAMES];
	int depth;
	uint8_t stacks[BC_INTERP_MAX_FRAMES][BC_INTERP_STACK_SIZE]
		__attribute__((aligned(16)));
	uint8_t *ctx;
	size_t ctx_size;
	bool ctx_pkt; /* ctx has data/data_end fields */
	uint32_t off_data, off_end, off_meta;
	uint8_t *pkt_buf; /* headroom + packet + tailroom */
	size_t pkt_buf_size;
	uint8_t *data, *data_end, *data_meta;
	size_t l2_skip; /* socket filters: eth header hidden */
	uint8_t *mem;
	size_t mem_len;
	struct bc_dynreg *dyn;
	size_t dyn_cnt, dyn_cap;
	uint32_t keybuf; /* for_each_map_elem array keys */
	uint64_t insns, limit;
	uint32_t tail_calls;
	const struct bc_prog *tail_target;
	bool ld_abs_fail; /* LD_ABS out of packet: return 0 */
	int64_t probe_pc; /* bc_vm_probe_load's, -1: none */
	uint64_t rng[2];
	uint32_t prandom_used; /* of opts.prandom, this run */
	bool fault_unmapped; /* the run's fault: at NULL or in no region */
	uint64_t clock;
	uint64_t events;
};

/* Set the run's error (first error wins); returns -errnum. */
int bc_vm_fail(struct bc_vm *vm, uint32_t pc, int errnum, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Is addr at or past the runtime maps' array (a map pointer's target)? */
bool bc_vm_in_map_object(const struct bc_vm *vm, uint64_t addr);
/* Checked memory access: host pointer for [addr, addr+size), or NULL
 * with the run's error set ("insn N: invalid read of ..."). */
void *bc_vm_mem(struct bc_vm *vm, uint32_t pc, uint64_t addr, uint64_t size,
		bool write);
/* Call a subprogram (callback) from a helper; result in *ret. */
int bc_vm_callback(struct bc_vm *vm, uint32_t pc, uint64_t func,
		   const uint64_t args[5], uint64_t *ret);
/* Execute kfunc name at pc; -ENOTSUP (no error set) when unknown. */
int bc_rt_kfunc(struct bc_vm *vm, uint32_t pc, const char *name);
/* Execute helper `id` at pc (args in vm->regs, result to r0). */
int bc_rt_helper(struct bc_vm *vm, uint32_t pc, int32_t id);
/* Dynptr helpers and kfuncs (rtdynptr.c; op: the name after bpf_dynptr_). */
int bc_rt_dynptr_helper(struct bc_vm *vm, uint32_t pc, int32_t id);
int bc_rt_dynptr_kfunc(struct bc_vm *vm, uint32_t pc, const char *op);
struct bc_rtmap;
/* An output record of ring buffer or perf map m (rthelpers.c). */
void bc_rt_emit_record(struct bc_vm *vm, struct bc_rtmap *m, const uint8_t *p,
		       size_t n);
/* Add/remove a dynamic region (ring buffer records). */
struct bc_dynreg *bc_vm_dyn_add(struct bc_vm *vm, size_t size,
				const char *name);
struct bc_dynreg *bc_vm_dyn_find(struct bc_vm *vm, uint64_t addr);
void bc_vm_dyn_del(struct bc_vm *vm, struct bc_dynreg *d);

#endif
