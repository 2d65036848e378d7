/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The verifier's environment (Linux's struct bpf_verifier_env) and the
 * services every checker calls: errors and the log, register read and
 * write checks, pushing the other branch of a fork, checkpoints. Private
 * to the verifier; it calls neither the search nor the checkers.
 */
#ifndef BC_VENV_H
#define BC_VENV_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cfg/cfg.h"
#include "prog/prog.h"
#include "verifier/log.h"
#include "platform/btfctx.h"
#include "verifier/state.h"
#include "verifier/verdict.h"

struct vhist;
struct vsum;

struct venv {
	const struct bc_prog *prog;
	const struct bc_object *obj;
	struct bc_cfg *cfg;
	const struct bc_verify_opts *opts;
	struct bc_verify_result *res;
	bool priv; /* CAP_PERFMON: allow_ptr_leaks, bypass_spec */
	bool bpf_cap; /* CAP_BPF (Linux's env->bpf_capable) */
	bool strict_align; /* BPF_F_STRICT_ALIGNMENT without ANY */
	uint32_t type, attach;
	const char *target; /* attach target from the section name */
	const struct bc_attach *at; /* typed context (btfctx.h), or NULL */
	/* the target kernel's BTF as vc_kbtf found it, once asked */
	const struct btf *kbtf_parsed;
	bool kbtf_asked;
	bool sleepable; /* not in an RCU read section */
	bool gpl; /* the license is GPL-compatible */
	uint8_t *prune; /* 1 pruning point, 2 also against live states */
	uint8_t *jmp_point; /* reached by a jump or a return (Linux's
				 * jmp_point: its path history records it) */
	uint16_t *live; /* registers live into each insn */
	uint16_t *use, *def; /* registers each insn reads, writes */
	/* stack slots of its own frame live before each insn (privileged
	 * loaders only, else NULL): bc_stack_liveness */
	uint64_t *slive;
	struct bc_vchk **chk; /* explored states per insn */
	struct bc_vchk *evicted; /* dropped from chk[], state freed */
	struct bc_vchk **seen; /* checkpoints by (pc, key), open addressing */
	size_t seen_n, seen_cap;
	uint32_t *chk_cnt;
	struct bc_vstate *stack; /* pending paths */
	size_t stack_n, stack_cap;
	struct bc_vstate cur;
	uint32_t id_gen;
	uint32_t *sub_depth; /* stack depth per subprogram */
	uint8_t *global_state; /* per prog->funcs[k]: a global function
				 * called (1), then verified on its own (2) */
	uint8_t *insn_ptr; /* per load/store insn: 1 + the kind of the
				 * pointer it first used, 0 none yet */
	uint8_t *sub_tail; /* per subprogram: it or a callee may tail
				 * call (0 not known yet, 1 no, 2 yes) */
	struct vhist *hist; /* instructions of the current path */
	size_t hist_n, hist_cap;
	bool prec; /* precision tracking (precision.h) */
	FILE *log;
	int level;
	uint64_t budget, processed, last_chk, last_jmps, jmps, states,
		live_states;
	bool failed;
	bool fatal; /* the error is a limit or unsupported, not a
				 * path's: no nospec barrier recovers it */
	/* Spectre v1 masking for !root (sanitize_alu), per insn */
	uint8_t *alu_state; /* 0: no pointer arithmetic masked yet */
	uint32_t *alu_limit;
	uint32_t *tc_map; /* !root: map (index + 1) of each tail call,
				 * TC_MAP_POISON when paths pass different
				 * maps (Linux's map_ptr_state) */
	bool barrier_after; /* this insn gets a speculation barrier
				 * (Spectre v4: a stack write over a spill
				 * or uninitialised bytes, or of a pointer) */
	bool explore_alu; /* a register offset was masked: scalars
				 * must be equal for pruning, as in Linux */
	/* loop summaries (induction.c) */
	bool nosum; /* off: the fallback run explores iterations */
	bool sum_head; /* the checkpoint made is a summary's header */
	uint32_t peel_entries; /* loops entered with a peeled round */
	bool linux_only; /* Linux's rules alone (--linux-compat) */
	const struct bc_kernel *kern; /* the kernel mirrored (kernels.h) */
	bool beyond_linux; /* a rule Linux lacks decided something */
	bool sum_abort; /* a summary failed: verify again without */
	/*
	 * Per loop and location (loop * VL_LOCS + j): 1 relate it to no
	 * counter, 2 learn no congruence for it; set when one that a
	 * summary used failed later, and the summaries are tried again.
	 */
	uint8_t *no_rel;
	/*
	 * Per loop and location: a variable step's hull that a run found
	 * wider than it had assumed ({counter + 1, lo, hi, counter's
	 * step}; 0: none), assumed from the start by the next run.
	 */
	int32_t (*rr_seed)[4];
	bool sum_retry;
	bool cb_widened; /* a callback entry state was widened */
	/* a callback's return widened the caller's scalars (call.c), and
	 * the search that widens none of them (verify.c) */
	bool cb_round_widened;
	bool cb_exact;
	char sum_why[200];
	/* why the first loop explored without a summary was (no abort) */
	char unsum_why[200];
	/* the log (log.h); the kernel's lines above the error, written
	 * during the current instruction; the source line printed last */
	struct vlog lg;
	char detail[256];
	const struct bc_line *log_line;
	uint8_t *reached; /* per insn: processed at least once */
	uint8_t *loop_unsum; /* per loop: reached without a summary */
	uint64_t *loop_trip; /* per loop: largest trip bound proven */
	/* per loop: header states the search went on from (not pruned);
	 * with no open_prune, a bound on an explored loop's rounds per
	 * entry (verify.c explored_trip) */
	uint64_t *loop_visits;
	bool open_prune; /* a state pruned by one still being explored */
	/*
	 * States pruned by checkpoints whose precision was not final yet
	 * (precision.h): their walks are made again when the outermost such
	 * checkpoint (seq pend_seq) is done; open_targets of them are open.
	 */
	struct vp_backedge *backedges;
	uint64_t pend_seq, chk_seq;
	uint32_t open_targets;
	/* per insn, at a helper call running a callback (NULL until one):
	 * the most calls, and the callback (cost.h's bc_cost_facts) */
	uint64_t *cb_calls;
	uint32_t *cb_target;
	/* per insn, at an iterator's next() (kfunc.c): the most elements an
	 * iterator passed there may still yield (UINT32_MAX: not known),
	 * and the stack slot passed (1 + frame << 16 | slot, UINT32_MAX:
	 * more than one) */
	uint32_t *iter_cnt, *iter_slot;
	struct vsum *sums;
	uint32_t sum_cnt;
	size_t sum_cap;
	/*
	 * The packet checks made on pointers derived from a summary's header
	 * values (tags.c): data + X_h + end bytes proven, X its location
	 * ivl; read at the summary's back edges, where the pointer checked
	 * may be dead already. The latest summaries' only.
	 */
	struct vt_round_chk {
		uint32_t iv;
		uint8_t ivl;
		int32_t end;
	} round_chk[8];
};

#define TC_MAP_POISON UINT32_MAX

void vc_kbtf_ask(const struct venv *e);
/*
 * Does the target's BTF describe the kernel mirrored (e->kern)? Not when
 * it is the running kernel's and that is another release: its kfuncs are
 * not the older kernel's.
 */
bool vc_kbtf_is_kernels(const struct venv *e);

/*
 * The target kernel's BTF, or NULL: parsed when a program first needs it
 * (kbtf.h); one that cannot be read marks the result (kbtf_unreadable).
 */
static inline const struct btf *vc_kbtf(const struct venv *e)
{
	if (!e->kbtf_asked)
		vc_kbtf_ask(e);
	return e->kbtf_parsed;
}

static inline struct bc_vframe *vc_frame(struct venv *e)
{
	return e->cur.frames[e->cur.curframe];
}

static inline struct bc_vreg *vc_reg(struct venv *e, int r)
{
	return &vc_frame(e)->regs[r];
}

/* Reject the program at pc (the first error wins). Returns -1. */
int vc_err(struct venv *e, uint32_t pc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/*
 * An error no path can avoid: a verifier limit, or a feature bpfcheck
 * does not support (the kernel's -E2BIG, -EFAULT, -ENOTSUPP).
 */
#define vc_err_fatal(e, pc, ...) vc_fatal((e), vc_err((e), (pc), __VA_ARGS__))

static inline int vc_fatal(struct venv *e, int r)
{
	e->fatal = true;
	return r;
}

/*
 * Linux 6.17+: an error on a speculative path ends that path behind a
 * speculation barrier (nospec) instead of rejecting. True if it did.
 */
bool vc_recover_speculative(struct venv *e);
void vc_log(struct venv *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Linux's check_reg_arg: SRC_OP (r must be set) and DST_OP (not r10). */
int vc_check_read(struct venv *e, uint32_t pc, int r);
int vc_check_write(struct venv *e, uint32_t pc, int r);

/* Apply fn to every register and spilled register of every frame. */
void vc_for_each_reg(struct venv *e, void (*fn)(struct bc_vreg *, void *),
		     void *arg);
/* Drop reference ref and every register holding it. */
void vc_release_ref(struct venv *e, uint32_t ref);

/* Linux's push_stack: the current state, at pc, is explored later. */
int vc_push(struct venv *e, uint32_t pc);
/*
 * Linux's sanitize_speculative_path: a loader that may not bypass Spectre
 * v1 has the path a mispredicted jump or masked pointer move takes
 * verified too, from pc on, registers r1 and r2 (when >= 0) unknown on it.
 * No-op for a privileged loader.
 */
int vc_push_spec(struct venv *e, uint32_t pc, int r1, int r2);
/*
 * The current state becomes saved, a copy made before a change meant for
 * the branch just pushed; the path keeps its last checkpoint.
 */
void vc_restore(struct venv *e, struct bc_vstate *saved);

/*
 * A checkpoint of the current state at pc; the path continues below it.
 * key: bc_vstate_hash of the state, for infinite loop detection (0 none).
 */
struct bc_vchk *vc_checkpoint(struct venv *e, uint32_t pc, uint64_t key);
/*
 * Is the current state equal to one still being explored below it (a
 * checkpoint at pc with live paths and the same key)? Then the path came
 * back to where it was and can go round forever: that checkpoint.
 */
const struct bc_vchk *vc_looping(struct venv *e, uint32_t pc, uint64_t key,
				 const uint16_t *live);

#endif
