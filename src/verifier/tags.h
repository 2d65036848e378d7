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
/* r is from's tagged value plus d, at width w (64, 32, VL_W_PKT). */
void vt_set(struct bc_vreg *r, const struct bc_vreg *from, int64_t d,
	    uint8_t w);
/*
 * dst holds the low 32 bits of src (a 4-byte spill or fill): it keeps
 * src's tag in its low half.
 */
void vt_low(struct bc_vreg *dst, const struct bc_vreg *src);
/*
 * res, a packet pointer just moved by a variable sc (its id fresh): tag it
 * with its derivation when sc is a tagged value of an active summary and
 * res had no variable part before (sc non-NULL), and take the id and range
 * of a pointer derived the same way in the current state; else untag it.
 */
void vt_derive_pkt(struct venv *e, struct bc_vreg *res,
		   const struct bc_vreg *sc);
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

#endif
