// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * verify -o table|csv, -e and -C with veristat's column names, so that
 * its users and their scripts read bpfcheck's figures unchanged.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "stats_table.h"
#include "util/util.h"

enum col {
	C_FILE,
	C_PROG,
	C_SECTION,
	C_TYPE,
	C_VERDICT,
	C_DURATION,
	C_INSNS,
	C_STATES,
	C_PEAK,
	C_MAXSPI,
	C_MEM,
	C_MEM_KB,
	C_STACK,
	C_WORST,
	C_LOOPS,
	C_LINUX,
	C_ERROR,
	C_CNT
};

static const struct col_def {
	const char *names[3]; /* the first is the CSV name */
	const char *title; /* the table's header */
	bool key; /* identifies a program (-C joins on them) */
	bool numeric;
} cols[C_CNT] = {
	[C_FILE] = { { "file_name", "filename", "file" }, "File", true },
	[C_PROG] = { { "prog_name", "progname", "prog" }, "Program", true },
	[C_SECTION] = { { "section" }, "Section" },
	[C_TYPE] = { { "prog_type", "type" }, "Type" },
	[C_VERDICT] = { { "verdict" }, "Verdict" },
	[C_DURATION] = { { "duration", "dur" }, "Duration (us)", false, true },
	[C_INSNS] = { { "total_insns", "insns" }, "Insns", false, true },
	[C_STATES] = { { "total_states", "states" }, "States", false, true },
	[C_PEAK] = { { "peak_states" }, "Peak states", false, true },
	[C_MAXSPI] = { { "max_states_per_insn" },
		       "Max states per insn",
		       false,
		       true },
	[C_MEM] = { { "mem_peak" }, "Peak memory (MiB)", false, true },
	[C_MEM_KB] = { { "mem_peak_kb" }, "Peak memory (KiB)", false, true },
	[C_STACK] = { { "stack_depth", "stack" }, "Stack depth", false, true },
	[C_WORST] = { { "worst_case_insns", "worst" },
		      "Worst case insns",
		      false,
		      true },
	[C_LOOPS] = { { "loops_proven", "loops" }, "Loops proven", false, true },
	[C_LINUX] = { { "linux_verdict", "linux" }, "Linux verdict" },
	[C_ERROR] = { { "error" }, "Error" },
};

static int col_by_name(const char *name, size_t len)
{
	for (int c = 0; c < C_CNT; c++)
		for (int k = 0; k < 3 && cols[c].names[k]; k++)
			if (strlen(cols[c].names[k]) == len &&
			    !strncmp(cols[c].names[k], name, len))
				return c;
	return -1;
}

bool stats_parse_spec(const char *arg, struct stats_spec *spec)
{
	const char *s = arg;

	spec->cnt = 0;
	while (*s) {
		size_t len = strcspn(s, ",");
		int c = col_by_name(s, len);

		if (c < 0 || spec->cnt == STATS_MAX_COLS) {
			cli_error(
				"-e: unknown column '%.*s' (columns: file_name, "
				"prog_name, section, prog_type, verdict, "
				"duration, total_insns, total_states, "
				"peak_states, max_states_per_insn, "
				"mem_peak, mem_peak_kb, "
				"stack_depth, worst_case_insns, "
				"loops_proven, linux_verdict, error)",
				(int)len, s);
			return false;
		}
		spec->cols[spec->cnt++] = c;
		s += len + (s[len] == ',');
	}
	return spec->cnt > 0;
}

void stats_default_spec(struct stats_spec *spec, enum stats_format fmt)
{
	static const int table[] = { C_FILE,  C_PROG,	C_VERDICT, C_DURATION,
				     C_INSNS, C_STATES, C_PEAK };
	static const int csv[] = { C_FILE,  C_PROG,   C_VERDICT, C_DURATION,
				   C_INSNS, C_STATES, C_PEAK,	 C_MAXSPI,
				   C_MEM,   C_MEM_KB, C_STACK,	 C_WORST,
				   C_LOOPS, C_LINUX };
	const int *c = fmt == STATS_CSV ? csv : table;
	int n = fmt == STATS_CSV ? (int)(sizeof(csv) / sizeof(csv[0])) :
				   (int)(sizeof(table) / sizeof(table[0]));

	memcpy(spec->cols, c, n * sizeof(int));
	spec->cnt = n;
}

static char *fmt_u64(uint64_t v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%" PRIu64, v);
	return bc_xstrdup(buf);
}

static const char *linux_word(enum bpfcheck_linux_verdict v)
{
	return v == BPFCHECK_LINUX_ACCEPT ? "success" :
	       v == BPFCHECK_LINUX_REJECT ? "failure" :
					    "";
}

void stats_add(struct stats_rows *rows, const char *file,
	       const struct bpfcheck_prog *p, const struct bpfcheck_verdict *r)
{
	const char *type = bpfcheck_prog_type_name(p);
	char **c;

	BC_GROW(rows->cells, rows->cap, (rows->cnt + 1) * C_CNT);
	c = &rows->cells[rows->cnt++ * C_CNT];
	c[C_FILE] = bc_xstrdup(file);
	c[C_PROG] = bc_xstrdup(bpfcheck_prog_name(p));
	c[C_SECTION] = bc_xstrdup(bpfcheck_prog_section(p));
	c[C_TYPE] = bc_xstrdup(type ? type : "unknown");
	/* veristat's words for the verdict */
	c[C_VERDICT] = bc_xstrdup(r->accepted ? "success" : "failure");
	c[C_DURATION] = fmt_u64(r->duration_us);
	c[C_INSNS] = fmt_u64(r->processed_insns);
	c[C_STATES] = fmt_u64(r->total_states);
	c[C_PEAK] = fmt_u64(r->peak_states);
	c[C_MAXSPI] = fmt_u64(r->max_states_per_insn);
	/* veristat's mem_peak is in MiB */
	c[C_MEM] = fmt_u64(((uint64_t)r->peak_mem_kb + 512) / 1024);
	c[C_MEM_KB] = fmt_u64((uint64_t)r->peak_mem_kb);
	c[C_STACK] = fmt_u64(r->stack_depth);
	c[C_WORST] = r->accepted && r->has_worst_case ?
			     fmt_u64(r->worst_case_insns) :
			     bc_xstrdup("");
	c[C_LOOPS] = fmt_u64(r->loops_proven);
	c[C_LINUX] = bc_xstrdup(linux_word(r->linux_verdict));
	c[C_ERROR] = bc_xstrdup(r->accepted ? "" : r->error);
}

void stats_free(struct stats_rows *rows)
{
	for (size_t i = 0; i < rows->cnt * C_CNT; i++)
		free(rows->cells[i]);
	free(rows->cells);
}

/* One CSV field, quoted when it holds a comma, a quote or a newline. */
static void csv_field(const char *s, bool last)
{
	if (strpbrk(s, ",\"\n")) {
		putchar('"');
		for (; *s; s++) {
			if (*s == '"')
				putchar('"');
			putchar(*s);
		}
		putchar('"');
	} else {
		fputs(s, stdout);
	}
	putchar(last ? '\n' : ',');
}

/*
 * A table of n columns: titles, then cells (rows x n), as veristat
 * prints one: two spaces between columns, numbers right-aligned.
 */
static void print_table(const char **titles, const bool *right, int n,
			char **cells, size_t nrows)
{
	size_t w[STATS_MAX_COLS * 4];

	for (int j = 0; j < n; j++) {
		w[j] = strlen(titles[j]);
		for (size_t i = 0; i < nrows; i++)
			if (strlen(cells[i * n + j]) > w[j])
				w[j] = strlen(cells[i * n + j]);
	}
	for (int j = 0; j < n; j++)
		printf("%s%-*s", j ? "  " : "", j == n - 1 ? 0 : (int)w[j],
		       titles[j]);
	putchar('\n');
	for (int j = 0; j < n; j++) {
		printf("%s", j ? "  " : "");
		for (size_t k = 0; k < w[j]; k++)
			putchar('-');
	}
	putchar('\n');
	for (size_t i = 0; i < nrows; i++) {
		for (int j = 0; j < n; j++)
			printf("%s%*s", j ? "  " : "",
			       right[j]	  ? (int)w[j] :
			       j == n - 1 ? 0 :
					    -(int)w[j],
			       cells[i * n + j]);
		putchar('\n');
	}
}

void stats_print(const struct stats_rows *rows, const struct stats_spec *spec,
		 enum stats_format fmt)
{
	const char *titles[STATS_MAX_COLS];
	bool right[STATS_MAX_COLS];
	char **cells;
	int n = spec->cnt;

	if (fmt == STATS_CSV) {
		for (int j = 0; j < n; j++)
			csv_field(cols[spec->cols[j]].names[0], j == n - 1);
		for (size_t i = 0; i < rows->cnt; i++)
			for (int j = 0; j < n; j++)
				csv_field(
					rows->cells[i * C_CNT + spec->cols[j]],
					j == n - 1);
		return;
	}
	cells = bc_xcalloc(rows->cnt * n + 1, sizeof(char *));
	for (int j = 0; j < n; j++) {
		titles[j] = cols[spec->cols[j]].title;
		right[j] = cols[spec->cols[j]].numeric;
		for (size_t i = 0; i < rows->cnt; i++)
			cells[i * n + j] =
				rows->cells[i * C_CNT + spec->cols[j]];
	}
	print_table(titles, right, n, cells, rows->cnt);
	free(cells);
}

/* A CSV file as rows of fields; row 0 is the header. */
struct csv {
	char **f; /* n fields, row-major */
	size_t n, cap, rows, cols;
};

/* One field at *s (RFC 4180 quoting) into a new string; *s moves past
 * it and its separator; *eol is set at the end of a record. */
static char *csv_next(const char **s, const char *end, bool *eol)
{
	char *out = bc_xmalloc(end - *s + 1);
	size_t n = 0;
	bool quoted = *s < end && **s == '"';

	*s += quoted;
	*eol = true;
	while (*s < end) {
		char c = *(*s)++;

		if (quoted && c == '"' && *s < end && **s == '"') {
			out[n++] = *(*s)++;
		} else if (quoted && c == '"') {
			quoted = false;
		} else if (!quoted && (c == ',' || c == '\n')) {
			*eol = c == '\n';
			break;
		} else if (quoted || c != '\r') {
			out[n++] = c;
		}
	}
	out[n] = 0;
	return out;
}

static void csv_free(struct csv *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->f[i]);
	free(t->f);
}

/* Read path into *t; false (with a message) when it is not a CSV table. */
static bool csv_read(const char *path, struct csv *t)
{
	struct bc_err err;
	uint8_t *data;
	size_t len, line = 1;
	const char *s, *end;
	bool ok = true;

	memset(t, 0, sizeof(*t));
	bc_err_init(&err);
	if (bc_read_file(path, &data, &len, &err)) {
		cli_error("%s", err.msg);
		return false;
	}
	for (s = (const char *)data, end = s + len; s < end && ok; line++) {
		bool eol = false;
		size_t k = 0;

		while (!eol) {
			BC_GROW(t->f, t->cap, t->n + 1);
			t->f[t->n++] = csv_next(&s, end, &eol);
			k++;
		}
		if (!t->rows)
			t->cols = k;
		t->rows++;
		if (k != t->cols) {
			cli_error("%s:%zu: %zu fields where the header has %zu",
				  path, line, k, t->cols);
			ok = false;
		}
	}
	free(data);
	if (ok && !t->rows) {
		cli_error("%s: empty, not a CSV file of verify -o csv", path);
		ok = false;
	}
	return ok;
}

/* The column of t named name (any of its aliases), or -1. */
static int csv_col(const struct csv *t, const char *name)
{
	int want = col_by_name(name, strlen(name));

	for (size_t j = 0; j < t->cols; j++) {
		const char *h = t->f[j];

		if (!strcmp(h, name) ||
		    (want >= 0 && col_by_name(h, strlen(h)) == want))
			return (int)j;
	}
	return -1;
}

/* Row of t whose file and program are those given, or 0 (the header). */
static size_t csv_find(const struct csv *t, int fc, int pc, const char *file,
		       const char *prog)
{
	for (size_t i = 1; i < t->rows; i++)
		if (!strcmp(t->f[i * t->cols + fc], file) &&
		    !strcmp(t->f[i * t->cols + pc], prog))
			return i;
	return 0;
}

static bool parse_i64(const char *s, long long *v)
{
	char *end;

	if (!*s)
		return false;
	*v = strtoll(s, &end, 10);
	return !*end;
}

/* veristat's DIFF: +N (+P%) for numbers, MATCH or MISMATCH for words. */
static char *diff_cell(const char *a, const char *b)
{
	long long x, y;
	char buf[64];

	if (!a || !b || !*a || !*b)
		return bc_xstrdup("N/A");
	if (!parse_i64(a, &x) || !parse_i64(b, &y))
		return bc_xstrdup(strcmp(a, b) ? "MISMATCH" : "MATCH");
	snprintf(buf, sizeof(buf), "%+lld (%+.2f%%)", y - x,
		 x ? (double)(y - x) * 100.0 / (double)llabs(x) :
		 y ? 100.0 :
		     0.0);
	return bc_xstrdup(buf);
}

struct compare {
	const struct csv *a, *b;
	int af, ap, bf, bp; /* file and program columns */
	int stat_a[STATS_MAX_COLS], stat_b[STATS_MAX_COLS], nstat;
	char **cells;
	size_t n, cap, width;
};

static void compare_row(struct compare *c, const char *file, const char *prog)
{
	size_t ra = csv_find(c->a, c->af, c->ap, file, prog);
	size_t rb = csv_find(c->b, c->bf, c->bp, file, prog);

	BC_GROW(c->cells, c->cap, c->n + c->width);
	c->cells[c->n++] = bc_xstrdup(file);
	c->cells[c->n++] = bc_xstrdup(prog);
	for (int k = 0; k < c->nstat; k++) {
		const char *x = ra ? c->a->f[ra * c->a->cols + c->stat_a[k]] :
				     NULL;
		const char *y = rb ? c->b->f[rb * c->b->cols + c->stat_b[k]] :
				     NULL;

		c->cells[c->n++] = bc_xstrdup(x ? x : "N/A");
		c->cells[c->n++] = bc_xstrdup(y ? y : "N/A");
		c->cells[c->n++] = diff_cell(x, y);
	}
}

static void compare_print(const struct compare *c, enum stats_format fmt)
{
	static const char *tsfx[3] = { " (A)", " (B)", " (DIFF)" };
	static const char *csfx[3] = { "_base", "_comp", "_diff" };
	const char *titles[2 + 3 * STATS_MAX_COLS];
	char *own[3 * STATS_MAX_COLS];
	bool right[2 + 3 * STATS_MAX_COLS] = { false };
	size_t w = c->width, nrows = c->n / w;

	titles[0] = fmt == STATS_CSV ? "file_name" : "File";
	titles[1] = fmt == STATS_CSV ? "prog_name" : "Program";
	for (int k = 0; k < c->nstat; k++) {
		const char *name = c->a->f[c->stat_a[k]];
		int id = col_by_name(name, strlen(name));

		for (int j = 0; j < 3; j++) {
			char buf[128];

			snprintf(buf, sizeof(buf), "%s%s",
				 fmt == STATS_CSV || id < 0 ?
					 (id < 0 ? name : cols[id].names[0]) :
					 cols[id].title,
				 fmt == STATS_CSV ? csfx[j] : tsfx[j]);
			own[3 * k + j] = bc_xstrdup(buf);
			titles[2 + 3 * k + j] = own[3 * k + j];
			right[2 + 3 * k + j] = j < 2 && id >= 0 &&
					       cols[id].numeric;
		}
	}
	if (fmt == STATS_CSV) {
		for (size_t j = 0; j < w; j++)
			csv_field(titles[j], j == w - 1);
		for (size_t i = 0; i < nrows * w; i++)
			csv_field(c->cells[i], i % w == w - 1);
	} else {
		print_table(titles, right, (int)w, c->cells, nrows);
	}
	for (int k = 0; k < 3 * c->nstat; k++)
		free(own[k]);
}

/* spec names column id (or spec is NULL: every column). */
static bool spec_has(const struct stats_spec *spec, int id)
{
	for (int k = 0; spec && k < spec->cnt; k++)
		if (spec->cols[k] == id)
			return true;
	return !spec;
}

/*
 * The stats both files have, in A's order (file and program excluded),
 * only those of spec when one was given (-e).
 */
static void compare_columns(struct compare *c, const struct stats_spec *spec)
{
	for (size_t j = 0; j < c->a->cols && c->nstat < STATS_MAX_COLS; j++) {
		const char *h = c->a->f[j];
		int jb = csv_col(c->b, h);

		if ((int)j == c->af || (int)j == c->ap || jb < 0 ||
		    !spec_has(spec, col_by_name(h, strlen(h))))
			continue;
		c->stat_a[c->nstat] = (int)j;
		c->stat_b[c->nstat++] = jb;
	}
	c->width = 2 + 3 * (size_t)c->nstat;
}

int stats_compare(const char *a, const char *b, const struct stats_spec *spec,
		  enum stats_format fmt)
{
	struct csv ta, tb;
	struct compare c = { .a = &ta, .b = &tb };
	int rc = EXIT_BADINPUT;

	if (!csv_read(a, &ta))
		goto out_a;
	if (!csv_read(b, &tb))
		goto out_b;
	c.af = csv_col(&ta, "file_name");
	c.ap = csv_col(&ta, "prog_name");
	c.bf = csv_col(&tb, "file_name");
	c.bp = csv_col(&tb, "prog_name");
	if (c.af < 0 || c.ap < 0 || c.bf < 0 || c.bp < 0) {
		cli_error("%s: no file_name and prog_name columns to join on",
			  c.af < 0 || c.ap < 0 ? a : b);
		goto out;
	}
	compare_columns(&c, spec);
	for (size_t i = 1; i < ta.rows; i++)
		compare_row(&c, ta.f[i * ta.cols + c.af],
			    ta.f[i * ta.cols + c.ap]);
	for (size_t i = 1; i < tb.rows; i++)
		if (!csv_find(&ta, c.af, c.ap, tb.f[i * tb.cols + c.bf],
			      tb.f[i * tb.cols + c.bp]))
			compare_row(&c, tb.f[i * tb.cols + c.bf],
				    tb.f[i * tb.cols + c.bp]);
	compare_print(&c, fmt);
	rc = 0;
out:
	for (size_t i = 0; i < c.n; i++)
		free(c.cells[i]);
	free(c.cells);
out_b:
	csv_free(&tb);
out_a:
	csv_free(&ta);
	return rc;
}
