/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Induction tags on values, as the checkers keep them (tags.c). */
#ifndef BPFCHECK_VERIFIER_TAGS_H
#define BPFCHECK_VERIFIER_TAGS_H

#include "verifier/env.h"

/* Locations a tag may name: r0..r9, then the stack slots of a frame. */
#define VT_LOCS (10 + BC_SLOTS)
/* A tag's offset stays under this in magnitude (else it is dropped). */
#define VT_MAX_STEP (1u << 30)

/* Is summary instance id active on the state's path? */
bool vt_active(const struct bc_vstate *st, uint32_t id);
void vt_clear(struct bc_vreg *r);
/* Do a and b carry the same tag? */
bool vt_same(const struct bc_vreg *a, const struct bc_vreg *b);
/* A shift tag (VL_W_SHR*): no delta, only a fall (ivr 1: it fell). */
bool vt_is_shift(const struct bc_vreg *r);
/*
 * A branch refined r: when r is a header value (exact) proven not 0, the
 * values of the current frame shifted from it fell; m records them, for
 * vt_unmark_fell on the way the branch did not prove it.
 */
struct vt_fell {
	uint16_t regs;
	uint64_t slots;
};
void vt_mark_fell(struct venv *e, const struct bc_vreg *r, struct vt_fell *m);
void vt_unmark_fell(struct venv *e, const struct vt_fell *m);
/*
 * The offsets from its header value that r's tag allows: [ivd, ivd] for
 * an exact tag, [ivd, ivd + ivr] for a range tag; false: untagged.
 */
bool vt_delta(const struct bc_vreg *r, int64_t *lo, int64_t *hi);
/* r is from's tagged value plus d, at width w (64, 32, VL_W_PKT). */
void vt_set(struct bc_vreg *r, const struct bc_vreg *from, int64_t d,
	    uint8_t w);
/*
 * dst holds the low 32 bits of src (a 4-byte spill or fill): it keeps
 * src's tag in its low half.
 */
void vt_low(struct bc_vreg *dst, const struct bc_vreg *src);
/*
 * After an ALU instruction in (dst before it: before; src_const or an
 * immediate: konst, of value k): the tag of its destination. A constant
 * step keeps an exact tag exact; a variable one with a narrow range makes
 * it a range tag (VL_W_RNG*).
 */
void vt_after_alu(struct venv *e, const struct bpf_insn *in,
		  const struct bc_vreg *before, bool konst, int64_t k);
/* After a load into d: a fill keeps the spilled value's tag. */
void vt_after_fill(struct bc_vreg *d, const struct bpf_insn *in);
/*
 * res, a packet pointer just moved by a variable sc (its id fresh): tag it
 * with its derivation when sc is a tagged value of an active summary and
 * res had no variable part before (sc non-NULL), and take the id and range
 * of a pointer derived the same way in the current state; else untag it.
 */
void vt_derive_pkt(struct venv *e, struct bc_vreg *res,
		   const struct bc_vreg *sc);
/*
 * res, a packet pointer with no variable part, moved by sc, which is the
 * constant v in this round: tag it with sc's derivation (its id kept).
 */
void vt_derive_pkt_const(struct venv *e, struct bc_vreg *res,
			 const struct bc_vreg *sc, int64_t v);
/*
 * Packet facts on scalars (a scalar's range: data + x has that many
 * bytes), kept only while a summary is active: p was just proven to
 * have range bytes; the scalars tagged as its derivation learn it.
 */
void vt_pkt_checked(struct venv *e, const struct bc_vreg *p, int32_t range);
/* The fact of d after an ALU instruction wrote it. */
void vt_pkt_after_alu(struct bc_vreg *d, const struct bpf_insn *in, bool konst,
		      int64_t k);
/* No summary left on the path: nothing keeps the facts any more. */
void vt_pkt_drop(struct bc_vstate *st);
/* Packet pointer p is proven to have range bytes: st->pkt_len learns it. */
void vt_pkt_len(struct bc_vstate *st, const struct bc_vreg *p, int32_t range);

#endif
