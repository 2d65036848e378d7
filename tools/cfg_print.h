/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Printing of control flow for `bpfcheck cfg` and `bpfcheck loops`. */
#ifndef BPFCHECK_CFG_PRINT_H
#define BPFCHECK_CFG_PRINT_H

#include <stdio.h>

#include "cfg/cfg.h"

void cfgp_text(FILE *f, const struct bc_cfg *cfg);
void cfgp_loops_text(FILE *f, const struct bc_cfg *cfg);
void cfgp_irr_text(FILE *f, const struct bc_cfg *cfg);
/* JSON members of one program (after its "section", "name", "type"). */
void cfgp_json_subprogs(FILE *f, const struct bc_cfg *cfg);
void cfgp_json_loops(FILE *f, const struct bc_cfg *cfg);
/* The insn whose source line is loop L's statement (for, while, do). */
uint32_t cfgp_loop_stmt_insn(const struct bc_cfg *cfg, const struct bc_loop *L);
/* {"file" (when not NULL), "section", "name", "type" */
void cfgp_json_prog_head(FILE *f, const char *file, const struct bc_prog *p);
/* The program's header: its error when its CFG cannot be built. */
void cfgp_json_prog_error(FILE *f, const char *file, const struct bc_prog *p,
			  const struct bc_err *err);
void cfgp_dot_prog(FILE *f, const struct bc_cfg *cfg, uint32_t prog_idx);
/* Name of block b: "entry", "exit" or "b<index>". */
const char *cfgp_block_name(const struct bc_cfg *cfg, uint32_t b, char *buf,
			    size_t len);

#endif
