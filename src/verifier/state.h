/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Abstract state of the verifier: registers, stack frames, references. */
#ifndef BC_VSTATE_H
#define BC_VSTATE_H

#include <stdbool.h>
#include <stdint.h>

#include "cfg/cfg.h"
#include "isa/insn.h"
#include "domain/scalar.h"

enum bc_vkind {
	VK_NOT_INIT,
	VK_SCALAR,
	VK_CTX,
	VK_FP, /* stack pointer of frame `frame` */
	VK_PKT,
	VK_PKT_META,
	VK_PKT_END,
	VK_MAP_VALUE,
	VK_MAP_VALUE_OR_NULL,
	VK_MAP_KEY,
	VK_MAP_PTR,
	VK_MEM, /* ringbuf record (mem_size bytes) */
	VK_MEM_OR_NULL,
	VK_SOCK,
	VK_SOCK_OR_NULL,
	VK_SOCK_COMMON,
	VK_SOCK_COMMON_OR_NULL,
	VK_TCP_SOCK,
	VK_TCP_SOCK_OR_NULL,
	VK_BTF_ID,
	VK_BTF_ID_OR_NULL,
	VK_FLOW_KEYS,
	VK_FUNC, /* subprogram address (off = first insn) */
	VK_CONST_DYNPTR, /* a callback's or global function's dynptr
			  * (Linux's CONST_PTR_TO_DYNPTR): map its type */
	VK_ARENA, /* into the program's arena (Linux's PTR_TO_ARENA) */
	VK_MAX
};

struct bc_vreg {
	uint8_t kind; /* enum bc_vkind */
	uint8_t frame; /* VK_FP: frame number; VK_MEM(_OR_NULL): 1
				 * plain memory (a global function's
				 * argument), 0 a ringbuf record */
	uint8_t precise; /* in a checkpoint: the value mattered
				 * (precision.h); elsewhere meaningless */
	uint8_t bflags; /* VK_BTF_ID*: enum bc_btf_flag; VK_MEM*: VM_* */
	int32_t off; /* fixed offset of a pointer */
	/* packet: bytes proven from the base; scalar x: bytes proven
	 * from data + x, a loop summary's fact (tags.c), 0 none */
	int32_t range;
	uint32_t id; /* packet / or-null / linked scalar id */
	uint32_t ref_id; /* reference held (0 none) */
	uint32_t map; /* map index (map ptr/value/key); VK_MEM*: the
				 * id of the dynptr it is a slice of, or 0 */
	uint32_t mem_size; /* VK_MEM, VK_MAP_KEY */
	uint32_t btf_id; /* VK_BTF_ID*: the struct in the kernel's BTF,
				 * 0 when not known (no kernel BTF) */
	struct bc_scalar s; /* scalar value or pointer variable offset */
	/*
	 * Induction tag (induction.c): when iv != 0, this value equals the
	 * value location ivl had at the header of summarised loop instance
	 * iv, plus ivd, modulo 2^ivw (64, or 32: the low half only, or 1:
	 * that value shifted left by 32, on the way to a zero extension).
	 */
	uint32_t iv;
	int32_t ivd;
	uint8_t ivw, ivl;
	/* a spilled scalar: the width in bytes of a narrow spill (its other
	 * bytes unknown, its fill linked to nothing), 0 a whole one */
	uint8_t narrow;
	/* VK_MEM* slice of a dynptr: the stack buffer it may be (Linux
	 * prints buf=fp[F]OFF+LEN), which a write there invalidates;
	 * buf_len 0: none */
	uint8_t buf_frame;
	int16_t buf_off;
	union {
		uint16_t buf_len;
		uint16_t ivr; /* a scalar's VL_W_RNG* tag: its width */
	};
};

/*
 * ivw of a packet pointer's tag: its variable part is the header value
 * of location ivl plus ivd, in this round of the loop (ivrel.c,
 * vt_derive_pkt).
 */
#define VL_W_PKT 2

/*
 * ivw of a range tag, on a scalar stepped by a bounded variable amount:
 * it is the header value of location ivl plus some d in [ivd, ivd +
 * ivr], in 64 bits (VL_W_RNG) or in the low half, zero-extended
 * (VL_W_RNG32). Not an exact tag: only ivrel.c's range relations read it.
 */
#define VL_W_RNG   3
#define VL_W_RNG32 4
/*
 * ivw of a shift tag: the header value of location ivl shifted right
 * (logically) by ivd bits, in 64 bits (VL_W_SHR) or in its low half,
 * zero-extended (VL_W_SHR32). Only the termination proof reads it.
 */
#define VL_W_SHR   5
#define VL_W_SHR32 6

#define BC_STACK 512
#define BC_SLOTS (BC_STACK / 8)

/*
 * VS_ITER: a slot of an open-coded iterator (Linux's STACK_ITER), made by
 * its *_new kfunc; spill[k] of each of its slots describes it: map is the
 * iterator's kind (1 + its index in kfunc.c), off its state (enum
 * vk_iter_state), ref_id its reference (first slot only), mem_size the
 * slot's place in it (0 first).
 */
/*
 * VS_DYNPTR: one of the two slots of a dynptr (Linux's STACK_DYNPTR);
 * spill[k] of each: map its type (platform/helpers.h's bc_dynptr_type), mem_size 0 in
 * the first (lower) slot and 1 in the second, id the dynptr's (its
 * slices carry it), ref_id the reference a ring buffer's holds.
 */
enum { VS_INVALID, VS_MISC, VS_ZERO, VS_SPILL, VS_ITER, VS_DYNPTR };

/* VK_MEM* flags (bflags): read-only memory, a slice of a packet. */
#define VM_RDONLY 0x1u
#define VM_PKT	  0x2u

/* Linux's BPF_ITER_STATE_*: next() may return an element, or no more. */
enum vk_iter_state { VK_ITER_ACTIVE = 1, VK_ITER_DRAINED = 2 };

struct bc_vframe {
	struct bc_vreg regs[BC_MAX_REG];
	uint8_t stype[BC_STACK]; /* byte i is at fp - BC_STACK + i */
	/*
	 * The registers held in slots spill_lo..BC_SLOTS-1 (slot k = bytes
	 * 8k..8k+7), indexed by slot: spill[k] for k >= spill_lo only. The
	 * array grows down as the program uses its stack (Linux's
	 * allocated_stack): a slot below spill_lo is none of VS_SPILL,
	 * VS_ITER, VS_DYNPTR; make it one after bc_vframe_spill_grow.
	 */
	struct bc_vreg *spill;
	uint32_t spill_lo;
	uint32_t callsite; /* call insn in the caller, BC_NONE */
	uint32_t subprog;
	int16_t cb_proto; /* callback frame: helper id, else -1 */
	int16_t cb_ret_min, cb_ret_max;
	/* bpf_loop callbacks simulated from this frame on this path
	 * (Linux's callback_depth): no more than the loop count */
	uint32_t callback_depth;
	/* callback frame: its rounds are bounded by callback_depth alone,
	 * its caller's scalars are not widened at its return */
	bool cb_counted;
};

struct bc_vref {
	uint32_t id;
	uint32_t insn;
};

struct bc_vchk;
struct vp_marks;

#define BC_MAX_SUMS 8 /* summarised loops active on one path */

struct bc_vstate {
	struct bc_vframe *frames[BC_MAX_CALL_FRAMES];
	uint32_t curframe;
	struct bc_vref *refs;
	uint32_t ref_cnt;
	uint32_t pc;
	uint32_t path_len; /* length of the path's history at fork */
	uint64_t log_pos; /* the log's position at fork (level 1) */
	uint32_t from; /* the branch that pushed it */
	struct bc_vchk *parent; /* last checkpoint on this path */
	uint32_t sums[BC_MAX_SUMS]; /* active loop summaries, innermost last */
	uint32_t nsum;
	/*
	 * may_goto fall-throughs taken on this path (Linux's may_goto_depth):
	 * the hidden budget counter, kept out of every comparison but the
	 * infinite loop check, so that states differing only in it are equal
	 */
	uint32_t may_goto_depth;
	/* iterator next() calls that returned an element on this path
	 * (Linux's iter.depth), kept out of comparisons as may_goto_depth */
	uint32_t iter_depth;
	/* callbacks entered on this path (Linux's callback_unroll_depth):
	 * a callback's body met again in another round is not a loop */
	uint32_t callback_unroll_depth;
	/* the bpf_spin_lock held (Linux's active_lock): 1 + the index of
	 * the map whose value holds it, 0 none; and the id of the map value
	 * pointer it was taken through (0 for global data) */
	uint32_t lock_map, lock_id;
	/*
	 * A peeled round (induction.c, peel): loop peel_loop - 1 (0 none)
	 * of frame peel_frame is explored without a summary on this path,
	 * after peel_n header visits; the summary started at the next
	 * visit counts them in its trip bound.
	 */
	uint32_t peel_loop, peel_frame, peel_n;
	/* in a bpf_rcu_read_lock() section (Linux's active_rcu_lock) */
	bool rcu_lock;
	/* bpf_preempt_disable() calls not yet enabled again (Linux's
	 * active_preempt_lock) */
	uint32_t preempt_lock;
	bool speculative; /* a mispredicted path (vc_push_spec) */
	/*
	 * While a loop summary is active: bytes of the packet proven past
	 * data (data + pkt_len <= data_end), whichever register held the
	 * pointer that proved them (loops/pktfact.c); 0 outside summaries,
	 * so that it never stands between two states there.
	 */
	int32_t pkt_len;
	/* stack slots written since the last checkpoint, per frame
	 * (precision.h) */
	uint64_t swr[BC_MAX_CALL_FRAMES];
};

/* An explored state kept at a pruning point. */
struct bc_vchk {
	struct bc_vstate st;
	struct bc_vchk *parent;
	struct bc_vchk *next; /* same pc */
	uint32_t branches; /* live paths below this checkpoint */
	uint32_t hit, miss; /* pruning statistics (eviction) */
	uint32_t sum; /* header state of this loop summary */
	uint64_t key; /* bc_vstate_hash at its pc, 0 none */
	uint32_t hist; /* its place in the path's history */
	bool all_precise; /* every scalar counts (precision.h) */
	/*
	 * Stack liveness found by the search (precision.h): slots read below
	 * this checkpoint before being written, per frame; and those the
	 * path wrote between its parent and it.
	 */
	uint64_t srd[BC_MAX_CALL_FRAMES], segsw[BC_MAX_CALL_FRAMES];
	struct vp_marks *kept; /* evicted: its precision (precision.h) */
	/*
	 * Back edges (precision.h): its place in creation order, whether a
	 * state was pruned by it while its marks were incomplete, and the
	 * history from its parent to it, kept for the walks made later.
	 */
	uint64_t seq;
	bool target, seg_saved;
	struct vhist *seg;
	uint32_t seg_n;
};

const char *bc_vkind_name(unsigned kind);
/* The kernel's name of r's type (reg_type_str). */
const char *bc_vreg_kind_name(const struct bc_vreg *r);
/* Linux's reg_type_str: the kind with a BTF pointer's flags. */
const char *bc_vreg_type_str(const struct bc_vreg *r, char *buf, size_t len);
bool bc_vkind_is_ptr(unsigned kind);
bool bc_vkind_or_null(unsigned kind);
unsigned bc_vkind_not_null(unsigned kind);

void bc_vreg_scalar(struct bc_vreg *r); /* unknown scalar */
/*
 * Linux's mark_reg_invalid: a pointer whose object is gone is an unknown
 * scalar, or unreadable for an unprivileged loader (it would leak).
 */
void bc_vreg_invalid(struct bc_vreg *r, bool priv);
/* An unknown scalar loaded from size bytes, zero- or sign-extended. */
void bc_vreg_scalar_load(struct bc_vreg *r, int size, bool sx);
/* fn on every register and spilled register of st's frames in use. */
void bc_vstate_for_each_reg(struct bc_vstate *st,
			    void (*fn)(struct bc_vreg *, void *), void *arg);
void bc_vreg_const(struct bc_vreg *r, uint64_t v);
void bc_vreg_ptr(struct bc_vreg *r, unsigned kind);
void bc_vreg_fmt(const struct bc_vreg *r, char *buf, size_t len);
struct bc_object;
/* As bc_vreg_fmt, naming a map pointer's map as Linux's log does
 * (map=NAME,ks=K,vs=V). */
void bc_vreg_fmt_obj(const struct bc_vreg *r, const struct bc_object *obj,
		     char *buf, size_t len);

void bc_vstate_copy(struct bc_vstate *dst, const struct bc_vstate *src);
void bc_vstate_free(struct bc_vstate *st);
void bc_vframe_free(struct bc_vframe *f);
/*
 * Bytes of frames alive in this thread (the bulk of the verifier's
 * memory), and their peak since bc_vmem_reset_peak.
 */
size_t bc_vmem_live(void);
size_t bc_vmem_peak(void);
void bc_vmem_reset_peak(void);
struct bc_vframe *bc_vframe_new(uint32_t subprog, uint32_t callsite,
				uint32_t frameno);
/* Make f->spill[k] (and the slots above it) exist; new ones are zero. */
void bc_vframe_spill_grow(struct bc_vframe *f, int k);

enum bc_sub_mode {
	BC_SUB_PRUNE, /* containment; induction tags must agree */
	BC_SUB_EXACT, /* equality (infinite loop detection) */
	BC_SUB_HEADER, /* containment at a loop header: the tags of that
			 * summary (own) are ignored, others must agree */
	BC_SUB_STRICT, /* as PRUNE, but scalars must be equal (Linux's
			 * explore_alu_limits for unprivileged loaders) */
	BC_SUB_RANGE, /* containment of every scalar, precise or not
			 * (Linux's RANGE_WITHIN); tags must agree */
};

/*
 * Does old contain every concrete state cur may stand for? live[f] is a
 * bitmask of the registers that matter in frame f (others are ignored).
 * In BC_SUB_PRUNE mode a tagged value in old (a relation to a loop
 * header that old's exploration relied on) needs the same tag in cur.
 */
bool bc_vstate_subsumes(const struct bc_vstate *old,
			const struct bc_vstate *cur, const uint16_t *live,
			enum bc_sub_mode mode, uint32_t own);
/*
 * The same, comparing only the stack slots in slive[f] (NULL: all); with
 * uninit, data bytes in old stand for uninitialised ones in cur too (the
 * loader may read uninitialised stack: Linux's allow_uninit_stack).
 */
bool bc_vstate_subsumes_live(const struct bc_vstate *old,
			     const struct bc_vstate *cur, const uint16_t *live,
			     const uint64_t *slive, enum bc_sub_mode mode,
			     uint32_t own, bool uninit);

/*
 * A hash of what BC_SUB_EXACT compares (ids left out: they only need to
 * agree up to renaming), for finding equal states quickly.
 */
uint64_t bc_vstate_hash(const struct bc_vstate *st, const uint16_t *live);

#endif
