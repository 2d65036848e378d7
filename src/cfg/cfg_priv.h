/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Internals shared by cfg.c and loop.c. */
#ifndef BC_CFG_PRIV_H
#define BC_CFG_PRIV_H

#include "cfg/cfg.h"
#include "cfg/dom.h"

/* Local CSR graph of subprogram s: node b is block block_first + b. */
void bc_cfg_sub_graph(const struct bc_cfg *cfg, uint32_t s, struct bc_csr *c);
/* Natural loops, nesting forest and irreducible cycles (loop.c). */
int bc_loops_build(struct bc_cfg *cfg, const struct bc_cfg_opts *opts,
		   struct bc_err *err);

#endif
