/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The verifier's entry point (Linux's bpf_check): the checks made before
 * any path (instructions, load rules, maps, the attach target), the
 * control-flow graph, then the search (search.h) with loop summaries and,
 * where they do not prove the program, without them as Linux; Linux's
 * verdict predicted on request.
 */
#ifndef BC_SEARCH_VERIFY_H
#define BC_SEARCH_VERIFY_H

#include "verifier/verdict.h"

/*
 * Verify prog. Returns 0 when verification ran (see res->accepted) or
 * < 0 on an internal error (res->error says why). opts may be NULL.
 */
int bc_verify(const struct bc_prog *prog, const struct bc_verify_opts *opts,
	      struct bc_verify_result *res);

#endif
