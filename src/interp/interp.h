/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The interpreter: runs a linked program in userspace exactly as Linux
 * executes it (bpf_conformance semantics), with bpf-to-bpf calls, tail
 * calls, in-memory maps and the helpers that make sense outside a kernel.
 *
 * Memory model. Every value a program holds that points somewhere is a real
 * host pointer into a region the interpreter owns: the stack frames (512
 * bytes each), the context buffer, the packet [data_meta, data_end), the
 * conformance "mem" buffer, map values and keys, ring buffer records. Each
 * load and store is checked against that region table first; an access
 * outside stops the run with the address in the program's terms, never a
 * host address ("insn N: invalid read of 4 bytes at packet+12, past the
 * end of the packet (14 bytes)", "at fp-520 of frame 0, outside the stack
 * of frame 0 (512 bytes)"). The interpreter never touches memory it did
 * not give the program.
 *
 * Frames. A bpf-to-bpf call gets its own zeroed 512-byte stack and r10;
 * r6..r9 are restored when it returns, as Linux's JITs and interpreter do
 * (bpf_conformance's call_local checks it). At most 8 frames; tail calls
 * (at most 33 per run) replace the program of the current frame.
 *
 * Context emulation. The uapi contexts of packet programs hold 32-bit
 * packet "pointers" (xdp_md->data, __sk_buff->data, ...) that the kernel
 * rewrites into 64-bit loads of the real pointers. The interpreter keeps a
 * real context buffer with the uapi layout (so other fields read and write
 * normally) and special-cases loads of the data/data_end/data_meta fields
 * by the program type's context layout (enum bc_ctx_layout): such a load
 * yields the host pointer into the packet.
 */
#ifndef BC_INTERP_H
#define BC_INTERP_H

#include <stdio.h>

#include "prog/prog.h"
#include "interp/rtmaps.h"
#include "platform/progtypes.h"

#define BC_INTERP_STACK_SIZE	 512
#define BC_INTERP_MAX_FRAMES	 8
#define BC_INTERP_MAX_TAIL_CALLS 33
#define BC_INTERP_DEFAULT_LIMIT	 10000000ull
#define BC_XDP_HEADROOM		 256
#define BC_INTERP_MAX_PACKET	 (4096u - 256u - 320u) /* room for headers */

struct bc_vm;

/*
 * Called before each executed instruction with the current registers
 * (r0..r10) and call depth. Return non-zero to stop the run; the hook may
 * set the error through bc_vm_err() first.
 */
typedef int (*bc_interp_hook)(void *arg, struct bc_vm *vm,
			      const struct bc_prog *prog, uint32_t pc,
			      const uint64_t *regs, int frame);

struct bc_vm_opts {
	uint64_t insn_limit; /* 0: BC_INTERP_DEFAULT_LIMIT */
	uint64_t seed; /* prandom seed */
	bool fixed_time; /* ktime returns a deterministic counter */
	FILE *trace; /* trace_printk output, NULL: stderr */
	FILE *events; /* perf/ringbuf records, NULL: discard */
	/* the first results of bpf_get_prandom_u32, then the seed's */
	const uint32_t *prandom;
	uint32_t prandom_cnt;
	bool ringbuf_full; /* every ring buffer reservation fails */
	bc_interp_hook hook;
	void *hook_arg;
};

/* Input of one run. */
struct bc_run_input {
	const uint8_t *packet; /* packet bytes (xdp, skb programs) */
	size_t packet_len;
	const uint8_t *ctx; /* user context bytes, or NULL */
	size_t ctx_len;
	bool mem_mode; /* conformance: r1 = copy of mem, r2 = len */
	const uint8_t *mem;
	size_t mem_len;
};

struct bc_run_result {
	uint64_t r0;
	uint64_t insns; /* instructions executed */
	uint8_t *packet; /* packet after the run (malloc'd), or NULL;
				 * as BPF_PROG_TEST_RUN: XDP from data_meta,
				 * L3 skb types with a zeroed L2 header */
	size_t packet_len;
	bool packet_changed;
	uint8_t *mem; /* mem buffer after the run (mem mode) */
	size_t mem_len;
	uint32_t tail_calls;
	uint64_t events; /* perf/ringbuf records emitted */
};

/*
 * A VM runs programs of one object against one set of runtime maps
 * (which persist across runs, as kernel maps do).
 */
struct bc_vm *bc_vm_new(const struct bc_object *obj, struct bc_rtmaps *maps,
			const struct bc_vm_opts *opts);
void bc_vm_free(struct bc_vm *vm);

/* Run prog once. Returns 0, or -errno with err set (insn = failing pc). */
int bc_vm_run(struct bc_vm *vm, const struct bc_prog *prog,
	      const struct bc_run_input *in, struct bc_run_result *res,
	      struct bc_err *err);
void bc_run_result_free(struct bc_run_result *res);

/* Instructions executed so far by this VM (all runs). */
uint64_t bc_vm_insn_count(const struct bc_vm *vm);
/* Set the run's error from a hook (first error wins). */
void bc_vm_err(struct bc_vm *vm, uint32_t pc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * The load at pc reads kernel memory the interpreter does not have: as the
 * kernel's BPF_PROBE_MEM (a load through a BTF pointer), an address in no
 * region reads zero instead of failing the run. Set from a hook.
 */
void bc_vm_probe_load(struct bc_vm *vm, uint32_t pc);

/*
 * Is [addr, addr+size) inside one region given to the program? Writable
 * when write is set. Used by the soundness oracle as well.
 */
bool bc_vm_mem_ok(struct bc_vm *vm, uint64_t addr, uint64_t size, bool write);

/*
 * Does the run hold a reference it acquired and has not released (a ring
 * buffer record reserved, not submitted or discarded)? Sets the insn that
 * acquired it and what it is. Asked from a hook at the main program's
 * exit, as Linux's check_reference_leak asks.
 */
bool bc_vm_ref_held(const struct bc_vm *vm, uint32_t *acq_pc,
		    const char **what);

/* The size of the context a run of a program of layout l is given. */
size_t bc_interp_ctx_size(enum bc_ctx_layout l);

/* Convenience: run a bare instruction array as the conformance suite does. */
int bc_interp_run_mem(const struct bpf_insn *insns, uint32_t cnt,
		      const uint8_t *mem, size_t mem_len, uint64_t *r0,
		      struct bc_err *err);

#endif
