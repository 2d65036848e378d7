/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * verify --explain: under a FAIL line, where (the source line) and, for
 * the common out-of-bounds rejections, why in numbers.
 */
#ifndef BPFCHECK_EXPLAIN_H
#define BPFCHECK_EXPLAIN_H

#include <stdio.h>

#include <bpfcheck/bpfcheck.h>

/*
 * "  at: FILE:LINE:COL: TEXT" when the error's insn has line info, and
 * "  why: ..." when the rejection is a packet, map value, map key,
 * memory or stack access out of bounds; "  fix: ..." for the classes
 * fixhint.h knows.
 */
void explain_print(FILE *f, const struct bpfcheck_prog *p,
		   const struct bpfcheck_verdict *r);

#endif
