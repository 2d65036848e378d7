/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Witnesses on the command line (src/interp/witness.h): `verify
 * --witness FILE` searches an input that makes a rejected program fault
 * where the verifier said, `run --replay FILE` runs it again and shows
 * the fault in the program's terms, `run --search-witness FILE` searches
 * a fault anywhere (no verification).
 */
#ifndef BPFCHECK_WITNESS_H
#define BPFCHECK_WITNESS_H

#include <stdio.h>

#include <bpfcheck/bpfcheck.h>

#include "cli.h"
#include "interp/witness.h"

/* What verify --witness found for one rejected program. */
struct witness_result {
	bool searched; /* a memory-safety rejection */
	bool found;
	const char *rule; /* the rejection's class (diag.h) */
	struct bc_witness_fault f;
};

/* verify --witness FILE: the file is written at the first witness. */
struct witness_out {
	const char *path;
	FILE *f;
};

/* Search a witness for rejection r of p; writes it to o's file. */
void witness_verify(struct witness_out *o, const struct bpfcheck_prog *p,
		    const struct bpfcheck_verdict *r, bool unprivileged,
		    struct witness_result *res);
/* "  witness: ..." under a FAIL line. */
void witness_print_text(FILE *f, const struct witness_out *o,
			const struct bpfcheck_prog *p,
			const struct witness_result *res);
/* ,"witness":{...} in a program's JSON object. */
void witness_print_json(FILE *f, const struct witness_out *o,
			const struct bpfcheck_prog *p,
			const struct witness_result *res);
/* Returns 0 when the file could be closed (or was never opened). */
int witness_close(struct witness_out *o);

/*
 * run --replay FILE: the witness of p (or of the program the file names
 * first, when no --prog chose one) run without verification; prints the
 * fault. Returns the exit status (1: it faults).
 */
int witness_replay(const char *path, const char *file, struct bc_object *obj,
		   const struct cli_input *in, bool json);
/* run --search-witness FILE: a fault anywhere; exit status 1 when found. */
int witness_search_any(const char *file, const struct bc_prog *p,
		       unsigned budget_ms, bool stack_init, bool json);

#endif
