/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Control flow: subprograms, basic blocks, edges (CSR arrays), call graph,
 * structural checks, dominator and post-dominator trees, natural loops and
 * their nesting forest, irreducible cycles. Everything lives in one arena
 * per analysed program and is indexed by 32-bit integers.
 */
#ifndef BC_CFG_H
#define BC_CFG_H

#include <stdbool.h>
#include <stdint.h>

#include "prog/prog.h"
#include "util/util.h"

#define BC_NONE		   UINT32_MAX
#define BC_MAX_CALL_FRAMES 8

enum bc_edge_kind {
	BC_EDGE_FALL, /* fall-through */
	BC_EDGE_TAKEN, /* conditional branch taken */
	BC_EDGE_JUMP, /* ja / gotol */
	BC_EDGE_EXIT, /* exit to the virtual exit block */
	BC_EDGE_ENTRY, /* virtual entry to first block */
};

/*
 * A basic block. Real blocks cover insns [first, last]; each subprogram
 * also has a virtual entry and a virtual exit block with first = last =
 * BC_NONE. Successors are succ[succ_off .. succ_off + succ_cnt), same for
 * predecessors.
 */
struct bc_block {
	uint32_t first, last;
	uint32_t succ_off, succ_cnt;
	uint32_t pred_off, pred_cnt;
	uint32_t subprog;
	uint32_t idom; /* immediate dominator block, BC_NONE for entry */
	uint32_t ipdom; /* immediate post-dominator, BC_NONE if none */
	uint32_t dom_pre, dom_post; /* DFS numbers in the dominator tree */
	uint32_t pdom_pre, pdom_post; /* same in the post-dominator tree */
	uint32_t loop; /* innermost natural loop, BC_NONE if none */
};

struct bc_subprog {
	uint32_t start, end; /* insns [start, end) */
	uint32_t entry, exit; /* virtual entry/exit block indices */
	uint32_t block_first, block_cnt; /* its blocks, contiguous */
	uint32_t *callees; /* subprogram indices this one calls */
	uint32_t *callee_sites; /* first call/lddw insn for each callee */
	uint32_t callee_cnt;
	bool is_callback; /* address taken by lddw BPF_PSEUDO_FUNC */
	uint32_t depth; /* longest call chain from the main program */
	const char *name;
};

struct bc_loop_exit {
	uint32_t from, to; /* block in the loop, block outside */
};

struct bc_loop {
	uint32_t header; /* block */
	uint32_t subprog;
	uint32_t *latches; /* blocks with a back edge to header */
	uint32_t latch_cnt;
	uint32_t *body; /* blocks, sorted, header included */
	uint32_t body_cnt;
	struct bc_loop_exit *exits;
	uint32_t exit_cnt;
	uint32_t parent; /* enclosing loop index, BC_NONE at top level */
	uint32_t depth; /* 1 for outermost */
	uint32_t *children;
	uint32_t child_cnt;
	/* every cycle through the header falls through a may_goto of the
	 * loop's own function: the frame's budget bounds the loop */
	bool may_goto_bound;
};

/* A cycle with more than one entry (Stoltz's algorithm). */
struct bc_irreducible {
	uint32_t subprog;
	uint32_t *blocks; /* sorted */
	uint32_t block_cnt;
	uint32_t *entries; /* blocks entered from outside the cycle */
	uint32_t entry_cnt;
};

/*
 * Post-dominators of blocks that cannot reach the exit (infinite loops):
 * the highest-numbered such block (the last in instruction order, usually
 * the loop's latch) gets a virtual edge to the virtual exit, then the next
 * one that still cannot reach the exit, and so on (see dom.h). ipdom is
 * therefore defined for every block but the virtual exit.
 *
 * Irreducible cycles are the strongly connected components of a
 * subprogram's graph without its back edges; each has two or more entries.
 * Stoltz's test decides whether there are any.
 */
/*
 * Loop bodies are stored explicitly, so their total size grows with the
 * nesting depth. A pathological nest (hundreds of thousands of loops deep)
 * is refused with -E2BIG ("loops nested too deeply: ...") once the bodies
 * add up to more than max_loop_blocks (default 32 per block + 2^20).
 */
#define BC_LOOP_BLOCKS_PER_BLOCK 32

struct bc_cfg_opts {
	bool reject_irreducible; /* the RFC's rule: irreducible is an error */
	bool no_back_edges; /* Linux's check_cfg without CAP_BPF: a loop
				 * is an error ("back-edge from insn") */
	/* before 6.4's check_cfg: a back-edge along a fall-through that is
	 * not a jump's (a loop entered below its latch) is an error too */
	bool no_fallthrough_back_edges;
	uint64_t max_loop_blocks; /* 0: the default above */
};

struct bc_cfg {
	struct bc_arena arena;
	const struct bc_prog *prog;
	struct bc_subprog *subs;
	uint32_t sub_cnt;
	struct bc_block *blocks;
	uint32_t block_cnt;
	uint32_t *succ, *pred;
	uint8_t *succ_kind; /* enum bc_edge_kind, parallel to succ */
	uint32_t edge_cnt;
	uint32_t *insn_block; /* block of each instruction */
	struct bc_loop *loops;
	uint32_t loop_cnt;
	struct bc_irreducible *irr;
	uint32_t irr_cnt;
};

/*
 * Build everything. Structural errors return -EINVAL with one line in err
 * and err->insn set to the instruction at fault; the wording is Linux's
 * where Linux has a message (checked against the kernel in the tests):
 *   call to invalid destination                 (call/func target outside)
 *   jump out of range from insn 5 to 40         (also out of a subprogram)
 *   jump into the middle of ldimm64 insn 7      (insn = the lddw)
 *   last insn is not an exit or jmp             (also for a subprogram that
 *                                                falls into the next one)
 *   unreachable insn 12
 *   recursive call from insn 9 to 2             (call site, callee start)
 *   unreachable subprogram at insn 20
 *   the call stack of 9 frames is too deep      (insn = the 9th frame's call)
 *   irreducible loop: insns 14..30 entered at insn 14 and insn 22
 *                                               (opts->reject_irreducible)
 * and -E2BIG for "loops nested too deeply: ..." (see max_loop_blocks).
 * Checks run in that order per program: subprogram boundaries, jumps and
 * last instructions of every subprogram, reachability, the call graph.
 * opts may be NULL. cfg->prog points to prog, which must outlive cfg.
 */
int bc_cfg_build(const struct bc_prog *prog, const struct bc_cfg_opts *opts,
		 struct bc_cfg **out, struct bc_err *err);
void bc_cfg_free(struct bc_cfg *cfg);

/* O(1) dominance from DFS numbers. */
bool bc_cfg_dominates(const struct bc_cfg *cfg, uint32_t a, uint32_t b);
bool bc_cfg_postdominates(const struct bc_cfg *cfg, uint32_t a, uint32_t b);
/* Subprogram containing instruction pc. */
uint32_t bc_cfg_subprog_of(const struct bc_cfg *cfg, uint32_t pc);
/*
 * Is there a cycle through loop l's header, inside its body, that takes
 * no edge cut(cfg, block, k, arg) says is cut (k: index into cfg->succ)?
 */
bool bc_loop_free_cycle(const struct bc_cfg *cfg, uint32_t l,
			bool (*cut)(const struct bc_cfg *, uint32_t, uint32_t,
				    void *),
			void *arg);
/* Is pc the first instruction of a loop header block? Returns loop or BC_NONE. */
uint32_t bc_cfg_loop_at(const struct bc_cfg *cfg, uint32_t pc);

/*
 * One line for an irreducible cycle, the message --reject-irreducible
 * gives: "irreducible loop: insns 14..30 entered at insn 14 and insn 22"
 * (the cycle's instruction span, then each entry block's first insn).
 */
void bc_irr_describe(const struct bc_cfg *cfg, const struct bc_irreducible *r,
		     char *buf, size_t len);

#endif
