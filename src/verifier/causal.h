/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The causal path of a rejection: on the failing path's history (the one
 * precision backtracking walks), the instructions that made the values
 * the faulting instruction uses what they are, followed back through
 * moves, arithmetic, spills and fills, calls and returns, and the
 * conditional jumps that compared them. Computed once, when the search
 * stops at an error; it reads the history and changes nothing.
 */
#ifndef BC_VCAUSAL_H
#define BC_VCAUSAL_H

#include "verifier/env.h"

/*
 * The search failed (e->failed): the causal path of the current path
 * into e->res->path. ran: the instruction at fault ran (the history's
 * last entry), rather than a limit or a loop stopping the path before it.
 */
void vc_causal_path(struct venv *e, bool ran);

#endif
