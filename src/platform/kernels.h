/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Kernel profiles: what the verifier of one Linux release has and does,
 * as facts from that release's public sources (one row per version in
 * kernels.c). The checks consult the profile a verification runs with
 * (bc_verify_opts's kernel): which helpers exist, which instructions,
 * which program types, and the few rules whose arrival changed verdicts.
 */
#ifndef BC_KERNELS_H
#define BC_KERNELS_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/insn.h"

struct bc_kernel {
	const char *name; /* "6.12" */
	uint32_t major, minor;
	int32_t last_helper; /* the last BPF_FUNC_ id of __BPF_FUNC_MAPPER */
	uint32_t last_prog_type; /* the last enum bpf_prog_type value */
	struct bc_isa isa;
	/*
	 * Linux 6.17: an error on an unprivileged loader's speculative path
	 * becomes a nospec barrier; before, it rejects the program (and the
	 * speculative paths count towards the 8,193-jump limit). The same
	 * series ends a speculative path at a nospec barrier (a stack
	 * store's nospec_result); 6.12's goes on.
	 */
	bool nospec_fallback;
	/* Linux 6.14: an array lookup with a constant key in range is not
	 * NULL (map_value, not map_value_or_null) */
	bool lookup_const_key;
	/*
	 * Any access to the stack grows the stack Linux allocates (6.1's
	 * check_stack_access_within_bounds); 5.10 grows it on writes only
	 * and refuses a read, a helper's too, below the stack written so
	 * far, even where a privileged loader may read uninitialised stack.
	 */
	bool access_grows_stack;
	/*
	 * BPF_NEG and BPF_END results are tracked (6.18, as bpfcheck); 6.12
	 * and older make the register unknown (check_alu_op marks the
	 * destination only).
	 */
	bool neg_end_tracked;
	/* is_branch_taken compares two registers' ranges (6.8); before,
	 * only a register against a constant, JEQ/JNE only two constants
	 * (6.1 and 5.10 read) */
	bool branch_taken_regs;
	/* a global function's pointer arguments other than the context
	 * (5.12; 5.10: "Arg#0 type PTR ... is not supported yet") */
	bool global_ptr_args;
	/* its arguments' "arg:" decl tags, __arg_ctx... (6.8) */
	bool arg_tags;
	/* "p == q" with q never null makes p not null where equal (6.2;
	 * 6.1 lacks it) */
	bool eq_not_null;
	/* cgroup/bind4 and bind6 may return 2 and 3 (5.12; 5.10: 0 or 1) */
	bool bind_ret_flags;
	/* a scalar spilled in fewer than 8 bytes is tracked (5.16); 5.10
	 * and 5.15 keep such bytes as data */
	bool narrow_spills;
	/* a spill gives an id-less scalar an id, linking register and slot
	 * (6.8; 6.1 links only what already had one) */
	bool spill_assigns_id;
	/* a fill narrower than its spill keeps the value's bounds (6.8;
	 * 6.1 makes it unknown) */
	bool narrowing_fill;
	/* map pointers, mem and trusted BTF pointers are never null when
	 * compared with 0 (6.12; 6.1's reg_type_not_null has sockets, map
	 * values and keys only) */
	bool more_not_null;
	/* an exit with a lock or reference held says "BPF_EXIT instruction
	 * in main prog ..." (6.18); 6.12 and older "bpf_spin_unlock is
	 * missing", "Unreleased reference id=N alloc_insn=M" */
	bool exit_words_618;
	/* a subprogram may return holding a spin lock (6.12; 6.1 and 5.10
	 * refuse it: "bpf_spin_unlock is missing") */
	bool lock_in_subprog;
	/* bpf_strtol and bpf_strtoul for every type (bpf_base_func_proto:
	 * 6.1); 5.10 offers them to cgroup/sysctl programs only */
	bool strtol_any_type;
	/* a loop may close along an instruction's fall-through (6.12);
	 * 6.1's check_cfg takes only jumps' edges as loops (loop_ok) */
	bool fallthrough_loops;
	/* "program of this type cannot use helper" (6.12) or "unknown func"
	 * (6.1 and older) for a helper the program type lacks */
	bool helper_denied_named;
	/* struct sk_reuseport_md's sk and migrating_sk (5.14; 5.10's
	 * context ends after hash) */
	bool reuseport_md_socks;
	/* a tracing program's pointer-to-int argument is a scalar (5.17;
	 * 5.10's btf_ctx_access: "func '%s' arg%d type %s is not a
	 * struct") */
	bool tracing_int_ptr_args;
	/* bpf_tcp_ca writes sock's sk_pacing_rate and sk_pacing_status
	 * (6.0) and tcp_sock's app_limited (6.3) */
	bool tcp_ca_pacing_writes;
	bool tcp_ca_app_limited_write;
	/* a helper or kfunc may initialise a dynptr over an unreferenced
	 * one (6.3's destroy_if_dynptr_stack_slot); 6.1 refuses any dynptr
	 * slot there: "Dynptr has to be an uninitialized dynptr" */
	bool dynptr_reinit;
	/* "w1 = w2" links w1 to r2 where r2 fits in 32 bits (6.8); before,
	 * a 32-bit move clears the copy's id */
	bool mov32_keeps_id;
	/* a branch's range reaches the narrow (4-byte) spilled copies of a
	 * linked scalar too (6.12); 6.1's find_equal_scalars takes a slot
	 * whose first slot_type byte is STACK_SPILL (bpf_get_spilled_reg),
	 * which only a whole 8-byte spill marks */
	bool sync_narrow_spills;
	/* the infinite loop check compares states exactly (6.7); before,
	 * a state whose current frame's registers are identical to one
	 * still being explored there and whose other values lie within
	 * its ranges is a loop (states_maybe_looping, states_equal) */
	bool exact_loop_check;
	/* reg_bounds_sync learns from a signed range crossing the sign
	 * boundary that meets the unsigned one at one end only (6.12 has
	 * it, 6.1 not: its __reg32_deduce_bounds learns only from ranges
	 * that do not cross) */
	bool sign_wrap_deduction;
	/* or, xor and mul by a non-constant source are computed (6.11);
	 * before, the destination becomes unknown, all 64 bits */
	bool nonconst_bitops;
	/* bounds that leave the tnum one value make a constant (after
	 * 6.12: its __update_reg64_bounds does not) */
	bool const_collapse;
	/* 32-bit bounds from 64-bit ones whose upper halves agree (6.7);
	 * before, only from 64-bit bounds within 32 bits */
	bool mixed_bounds;
	/* __reg_bound_offset's low half from the 64-bit range's tnum (6.0);
	 * 5.10 keeps the old var_off's low half */
	bool subreg_offset_fix;
	/* a recorded table (tests/kernels/K.tsv) measures this profile */
	bool measured;
};

/* The profile of a version ("6.12", "6.12.118+deb12-amd64"): the newest
 * row not above it, a release above the newest is the newest; NULL when
 * older than the oldest row or not a version. */
const struct bc_kernel *bc_kernel_find(const char *version);
/* The newest profile (today's Linux). */
const struct bc_kernel *bc_kernel_newest(void);
/* The running kernel's profile (uname); the oldest row below it. */
const struct bc_kernel *bc_kernel_running(void);
/* Profile i in order, oldest first; NULL past the last. */
const struct bc_kernel *bc_kernel_at(unsigned i);
/* The first profile that has helper id, or NULL. */
const struct bc_kernel *bc_kernel_with_helper(int32_t id);
/* Does k offer helper id to programs of type prog_type, as far as the
 * helpers it offers fewer types than today's go? (k NULL: yes) */
bool bc_kernel_type_has_helper(const struct bc_kernel *k, int32_t id,
			       uint32_t prog_type);
struct bc_retval;
/* A program type's return range r (bc_ctx_retval) as kernel k checks it:
 * cgroup/bind4 and bind6 return 0 or 1 before 5.12. */
void bc_kernel_retval(const struct bc_kernel *k, uint32_t prog_type,
		      struct bc_retval *r);
/* Does k's context of prog_type reach byte off? Fields appended to a
 * context struct after k are past its end. (k NULL: yes) */
bool bc_kernel_ctx_has(const struct bc_kernel *k, uint32_t prog_type, int off);
/* Does k lack what newer profiles have? (k NULL: the newest) */
bool bc_kernel_is_newest(const struct bc_kernel *k);

#endif
