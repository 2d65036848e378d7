/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * veristat's conventions for verify's figures: named columns (-e), a table
 * or CSV (-o), and the comparison of two CSV runs (-C).
 */
#ifndef BPFCHECK_STATS_TABLE_H
#define BPFCHECK_STATS_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#include <bpfcheck/bpfcheck.h>

enum stats_format { STATS_TABLE, STATS_CSV };

#define STATS_MAX_COLS 24

/* Which columns, in which order (-e SPEC). */
struct stats_spec {
	int cols[STATS_MAX_COLS];
	int cnt;
};

/* Rows of one verify run, printed together once all are known. */
struct stats_rows {
	char **cells; /* row-major, every column of every row */
	size_t cnt, cap;
};

/* "name,name,..." into *spec; false (with a message) on an unknown name. */
bool stats_parse_spec(const char *arg, struct stats_spec *spec);
void stats_default_spec(struct stats_spec *spec, enum stats_format fmt);

void stats_add(struct stats_rows *rows, const char *file,
	       const struct bpfcheck_prog *p, const struct bpfcheck_verdict *r);
void stats_print(const struct stats_rows *rows, const struct stats_spec *spec,
		 enum stats_format fmt);
void stats_free(struct stats_rows *rows);

/* -C: compare two CSV files of verify -o csv (or veristat's); spec, when
 * not NULL, picks the stats compared. */
int stats_compare(const char *a, const char *b, const struct stats_spec *spec,
		  enum stats_format fmt);

#endif
