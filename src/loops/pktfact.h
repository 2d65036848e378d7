/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Packet facts of a loop summary (pktfact.c). Private to the verifier. */
#ifndef BC_PKTFACT_H
#define BC_PKTFACT_H

#include "loops/induction.h"

/*
 * On entry and on a back edge, with len bytes of the packet proven: a
 * location loop steps, at most u, has len - u bytes from data + it.
 */
void vl_pkt_facts(struct venv *e, uint32_t loop);
/* At a back edge: what this round's checks proved past data + X_h. */
void vl_pkt_round(const struct venv *e, struct vsum *s, uint32_t id);
/* out (a copy of w, widened with c): the bytes proven past data on both. */
void vl_pkt_join(struct bc_vstate *out, const struct bc_vstate *c);
/* out's packet pointers: the range their largest offsets leave of those. */
void vl_pkt_ranges(struct bc_vstate *out);
/* out (the widening of w and c): shrunk facts jump to what still holds. */
void vl_pkt_widen(const struct vsum *s, uint32_t own, const struct bc_vstate *w,
		  const struct bc_vstate *c, struct bc_vstate *out);

#endif
