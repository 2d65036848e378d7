/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * verify -o sarif: SARIF 2.1.0, one run whose rules are diag.h's classes
 * and whose results are the rejected programs (accepted ones have none).
 */
#ifndef BPFCHECK_SARIF_H
#define BPFCHECK_SARIF_H

#include <stdbool.h>
#include <stdio.h>

#include <bpfcheck/bpfcheck.h>

/* The log's start: the tool, its rules, and the opening of results. */
void sarif_begin(FILE *f);
/* One program's verdict; first: no result printed yet (updated). */
void sarif_result(FILE *f, bool *first, const char *file,
		  const struct bpfcheck_prog *p,
		  const struct bpfcheck_verdict *r);
/* The log's end; ok: every file could be read and verified. */
void sarif_end(FILE *f, bool ok);

#endif
