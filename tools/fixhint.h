/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * verify --explain's "  fix: ..." line: for the common classes of
 * rejection (a packet access past data_end, a pointer that may be NULL, a
 * leaked reference, an unbounded index, a loop without a visible end, an
 * uninitialised read, a number used as a pointer, a return value out of
 * range, a GPL-only call), the change in C that makes it pass.
 */
#ifndef BPFCHECK_FIXHINT_H
#define BPFCHECK_FIXHINT_H

#include <stdbool.h>
#include <stdio.h>

#include <bpfcheck/bpfcheck.h>

/* Print the hint for r's class; false when it has none. */
bool fixhint_print(FILE *f, const struct bpfcheck_prog *p,
		   const struct bpfcheck_verdict *r);

#endif
