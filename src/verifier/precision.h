/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Precision tracking (Linux's mark_chain_precision). A scalar in an
 * explored state is imprecise until some safety decision below that
 * state depended on its value: a pointer offset, a helper's size or
 * constant argument, a branch decided by its range, a checked return
 * value. The decision marks the register precise before the current
 * instruction, and the mark is carried backwards along the current path
 * (the history of executed instructions) to every checkpoint on it:
 * through movs and ALU operations, spills and fills of stack slots,
 * call arguments and return values, and registers linked by a copy that
 * a branch refined. Pruning ignores the values of imprecise scalars.
 *
 * What the backtracking cannot follow (callbacks, whose states are
 * widened or joined; atomics on tracked slots; values linked into other
 * frames) makes every checkpoint on the path precise instead. A
 * checkpoint that is all precise has only all-precise ancestors, so a
 * walk stops at the first one; a loop summary's header state is all
 * precise too, its ancestors marked by vp_mark_state for what flowed
 * into it (docs/LOOPS.md). Private to the verifier.
 */
#ifndef BC_VPREC_H
#define BC_VPREC_H

#include "verifier/env.h"

/* One executed instruction of the current path. */
struct vhist {
	uint32_t pc;
	uint8_t frame; /* curframe when it ran */
	uint16_t flags; /* VH_* */
	uint8_t sframe; /* frame of the stack slots it touched */
	uint8_t slot, slot_last;
	uint16_t link; /* jump: registers linked to its operands */
	uint64_t link_slots; /* jump: stack slots linked to them */
};

enum {
	VH_FILL = 1, /* dst read a spill or zeros in [slot, slot_last] */
	VH_SPILL = 2, /* slot now holds a spill of the src register */
	VH_SPILL_IMM = 4, /* slot now holds a spill of the immediate */
	VH_STW = 8, /* slots [slot, slot_last] overwritten */
	VH_STVAR = 16, /* some slot of sframe written (variable offset) */
	VH_COMPLEX = 32, /* cannot be followed: all precise */
	VH_LINKX = 64, /* jump: linked values in other frames */
	VH_PKT_MOVED = 128, /* a call that may move the packet: its
			     * pointers became scalars (causal.c) */
	VH_MARKED = 256, /* a callback's call: every scalar of the state
			  * before it was marked (vp_mark_all) */
	VH_STACK = VH_FILL | VH_SPILL | VH_SPILL_IMM | VH_STW | VH_STVAR,
};

/*
 * What an evicted checkpoint keeps of its state for later walks: which
 * registers and stack slots held scalars, and which of those are
 * precise, so that a walk still stops there when nothing new becomes
 * precise (Linux keeps such states whole while they have branches).
 */
struct vp_marks {
	uint32_t curframe;
	uint16_t sregs[BC_MAX_CALL_FRAMES], pregs[BC_MAX_CALL_FRAMES];
	uint64_t sslots[BC_MAX_CALL_FRAMES], pslots[BC_MAX_CALL_FRAMES];
};

/* Keep c's marks before its state is freed (c->kept, freed with c). */
void vp_keep_marks(struct bc_vchk *c);

/* Append the instruction about to run at pc to the path's history. */
void vp_hist_push(struct venv *e, uint32_t pc);

/* The running instruction accessed the stack of frame fr. */
void vp_note_stack(struct venv *e, unsigned fr, unsigned flag, int slot,
		   int slot_last);

/* The running instruction cannot be backtracked through. */
void vp_note_complex(struct venv *e);

/* The running jump compares d and s (s < 0: an immediate). */
void vp_note_link(struct venv *e, int d, int s);

/* The value of register regno (current frame) before the running
 * instruction matters: mark it precise along the path. */
void vp_mark_reg(struct venv *e, int regno);

/* The same for stack slot slot of frame f. */
void vp_mark_slot(struct venv *e, unsigned f, int slot);

/* The current state was pruned by c: what c relied on must be precise
 * on the current path too. live: registers compared, per frame. */
void vp_prune_hit(struct venv *e, const struct bc_vchk *c,
		  const uint16_t *live);

/* The whole current state matters (a loop summary's header joins or
 * compares it): its live registers and its stack, precise and read. */
void vp_mark_state(struct venv *e, const uint16_t *live);

/*
 * Back edges (Linux 6.17's propagate_backedges). A state pruned by a
 * checkpoint whose own paths are still being explored (a loop's state
 * at an iterator's next, a may_goto, a callback's entry) relies on that
 * checkpoint's final precision, which its later paths have yet to mark.
 * vp_backedge keeps what the pruned path's walk needs; when the
 * outermost such checkpoint is done (vp_chk_done), every kept walk is
 * made again with the marks then final, until none marks more. Until
 * then every checkpoint created below it is compared whole
 * (vp_pending), as Linux compares the states of an SCC whose visit has
 * back edges with RANGE_WITHIN.
 */
void vp_backedge(struct venv *e, struct bc_vchk *c, const uint16_t *live);
bool vp_pending(const struct venv *e, const struct bc_vchk *c);
void vp_chk_done(struct venv *e, struct bc_vchk *c);
void vp_backedges_free(struct venv *e);

/*
 * Every scalar of the current state matters (a callback is called: its
 * entries are joined and compared whole): mark them along the path, and
 * end later walks at the running instruction.
 */
void vp_mark_all(struct venv *e);

/* Make every checkpoint on the current path precise. */
void vp_all(struct venv *e);

/* A new checkpoint c of the current state (called by vc_checkpoint). */
void vp_checkpoint(struct venv *e, struct bc_vchk *c, uint32_t pc);

/*
 * Stack liveness found by the search: a read of stack slots of frame f
 * marks them read in every checkpoint above, up to the one below which
 * the path wrote them first. A finished checkpoint compares only the
 * slots read below it, unless it is all precise (a loop summary or a
 * callback below it compared whole states). Registers need no marks:
 * they are compared where the static liveness says (Linux 6.18).
 */
void vp_read(struct venv *e, unsigned f, uint64_t slots);
void vp_read_stack(struct venv *e, unsigned f, int64_t lo, int64_t hi);
void vp_write_slot(struct venv *e, unsigned f, int slot);
/* A new frame f: nothing in it was there before. */
void vp_new_frame(struct venv *e, unsigned f);

/*
 * What c compares with the current state: stack slots slive[f] (in),
 * narrowed to what was read below c (out). Registers are compared where
 * the static liveness says (Linux 6.18 reads no marks on them).
 */
void vp_live(const struct venv *e, const struct bc_vchk *c, uint32_t pc,
	     uint64_t *slive);

#endif
