/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* The verifier's search over paths (search.c). */
#ifndef BC_VSEARCH_H
#define BC_VSEARCH_H

#include "verifier/env.h"

/*
 * Explore every path of e->prog from its entry state, pruning against the
 * states already explored, until all paths end or one fails (e->failed,
 * e->sum_abort). Fills e->use, e->def, e->live and e->prune first.
 */
void vs_search(struct venv *e);

#endif
