// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* verify --kernels: the kernels matrix (kernels_matrix.h). */
#include "kernels_matrix.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "isa/insn.h"
#include "platform/kernels.h"
#include "util/util.h"

#define MAX_KERNELS 16

struct matrix_row {
	char *file, *section, *name;
	char *cell[MAX_KERNELS]; /* "PASS" or "FAIL: reason" */
	int oldest; /* the oldest kernel index that loads it, -1: none */
};

struct matrix {
	const struct bc_kernel *k[MAX_KERNELS];
	const char *name[MAX_KERNELS];
	/* --btf-dir: kernel i's target (DIR/NAME.btf), NULL: the run's */
	struct bpfcheck_target *target[MAX_KERNELS];
	int nk;
	struct bpfcheck_verify_opts vo;
	struct matrix_row *rows;
	size_t n, cap;
	int rc;
};

/* "lts" or "V,V,...": the profiles, oldest first; false on a bad one. */
static bool parse_list(const char *list, struct matrix *m)
{
	static const char *lts[] = { "5.10", "5.15", "6.1", "6.6", "6.12" };
	char *copy, *save = NULL;
	bool ok = true;

	if (!strcmp(list, "lts")) {
		for (unsigned i = 0; i < BC_ARRAY_SIZE(lts); i++)
			m->k[m->nk++] = bc_kernel_find(lts[i]);
		m->k[m->nk++] = bc_kernel_newest();
		return true;
	}
	copy = bc_xstrdup(list);
	for (char *t = strtok_r(copy, ",", &save); t && ok;
	     t = strtok_r(NULL, ",", &save)) {
		const struct bc_kernel *k = bc_kernel_find(t);

		ok = k && m->nk < MAX_KERNELS;
		if (ok)
			m->k[m->nk++] = k;
		else
			cli_usage_error("verify",
					"bad --kernels '%s' (5.10 onwards, or "
					"lts)",
					t);
	}
	free(copy);
	return ok && m->nk;
}

/* A helper the kernel lacks, by name; else the verifier's words. */
static char *fail_cell(const struct bc_kernel *k,
		       const struct bpfcheck_verdict *r)
{
	char buf[700];
	int id;

	if (sscanf(r->error, "invalid func unknown#%d", &id) == 1 &&
	    bc_helper_name(id) && id > k->last_helper)
		snprintf(buf, sizeof(buf), "FAIL: needs %s (not in %s)",
			 bc_helper_name(id), k->name);
	else if (r->error_insn >= 0)
		snprintf(buf, sizeof(buf), "FAIL: insn %lld: %s",
			 (long long)r->error_insn, r->error);
	else
		snprintf(buf, sizeof(buf), "FAIL: %s", r->error);
	return bc_xstrdup(buf);
}

/*
 * One program's row: column i verifies ps[i], the same program of the
 * object opened against kernel i's BTF (all the same without --btf-dir).
 */
static int matrix_row(struct matrix *m, const char *file,
		      const struct bpfcheck_prog *const *ps)
{
	const struct bpfcheck_prog *p = ps[0];
	struct matrix_row *row;

	BC_GROW(m->rows, m->cap, m->n + 1);
	row = &m->rows[m->n++];
	memset(row, 0, sizeof(*row));
	row->file = bc_xstrdup(file);
	row->section = bc_xstrdup(bpfcheck_prog_section(p));
	row->name = bc_xstrdup(bpfcheck_prog_name(p));
	row->oldest = -1;
	for (int i = 0; i < m->nk; i++) {
		struct bpfcheck_verdict r = { .sz = sizeof(r) };

		m->vo.kernel = m->k[i]->name;
		if (bpfcheck_verify(ps[i], &m->vo, &r) < 0) {
			cli_error("%s: %s: %s", file, bpfcheck_prog_name(p),
				  r.error ? r.error : "cannot be verified");
			row->cell[i] = bc_xstrdup("ERROR");
			m->rc = EXIT_BADINPUT;
			continue;
		}
		row->cell[i] = r.accepted ? bc_xstrdup("PASS") :
					    fail_cell(m->k[i], &r);
		if (r.accepted && row->oldest < 0)
			row->oldest = i;
		if (!r.accepted && m->rc < EXIT_REJECT)
			m->rc = EXIT_REJECT;
	}
	return 0;
}

static int matrix_prog(void *arg, const char *file,
		       const struct bpfcheck_prog *p)
{
	const struct bpfcheck_prog *ps[MAX_KERNELS];

	for (int i = 0; i < MAX_KERNELS; i++)
		ps[i] = p;
	return matrix_row(arg, file, ps);
}

/* --btf-dir DIR: each kernel's DIR/NAME.btf, where there is one. */
static bool open_targets(struct matrix *m, const struct cli_input *in,
			 const char *dir)
{
	for (int i = 0; i < m->nk; i++) {
		BPFCHECK_OPTS(bpfcheck_target_opts, to,
			      .kconfig_path = in->kconfig,
			      .kernel_release = in->release);
		char path[4096];

		snprintf(path, sizeof(path), "%s/%s.btf", dir, m->k[i]->name);
		if (access(path, R_OK))
			continue;
		to.btf_path = path;
		if (bpfcheck_target_open(&to, &m->target[i])) {
			cli_error("%s: cannot read the kernel's BTF", path);
			return false;
		}
	}
	return true;
}

/* One file, opened once per kernel: each against that kernel's BTF. */
static int matrix_file(struct matrix *m, const char *file,
		       const struct cli_input *in)
{
	struct bpfcheck_object *obj[MAX_KERNELS] = { 0 };
	const struct bpfcheck_prog *ps[MAX_KERNELS];
	bool skipped = false;
	int rc = 0;

	for (int i = 0; i < m->nk && !rc; i++) {
		obj[i] = m->target[i] ? cli_open_for(file, in, m->target[i],
						     &skipped) :
					cli_open(file, in, &skipped);
		if (!obj[i])
			rc = skipped ? -1 : EXIT_BADINPUT;
	}
	for (size_t k = 0; !rc && k < bpfcheck_object_prog_count(obj[0]); k++) {
		if (!cli_prog_selected(in, file,
				       bpfcheck_object_prog(obj[0], k)))
			continue;
		for (int i = 0; i < m->nk; i++)
			ps[i] = bpfcheck_object_prog(obj[i], k);
		matrix_row(m, file, ps);
	}
	for (int i = 0; i < m->nk; i++)
		bpfcheck_object_close(obj[i]);
	return rc < 0 ? 0 : rc;
}

static int matrix_files(struct matrix *m, int argc, char **argv,
			const struct cli_input *in, const char *btf_dir)
{
	int rc = 0;

	if (!btf_dir)
		return cli_each_prog(argc, argv, in, matrix_prog, m);
	if (!open_targets(m, in, btf_dir))
		return EXIT_BADINPUT;
	for (int i = optind; i < argc; i++) {
		int r = matrix_file(m, argv[i], in);

		rc = BC_MAX(rc, r);
	}
	return rc;
}

static const char *oldest(const struct matrix *m, const struct matrix_row *r)
{
	return r->oldest < 0 ? "none" : m->k[r->oldest]->name;
}

static void print_text(const struct matrix *m)
{
	size_t w[MAX_KERNELS + 1] = { strlen("program") };

	for (size_t j = 0; j < m->n; j++) {
		size_t l =
			strlen(m->rows[j].file) + strlen(m->rows[j].name) + 1;

		w[0] = l > w[0] ? l : w[0];
		for (int i = 0; i < m->nk; i++) {
			size_t c = strlen(m->rows[j].cell[i]);

			w[i + 1] = BC_MAX(w[i + 1],
					  BC_MAX(c, strlen(m->k[i]->name)));
		}
	}
	printf("%-*s", (int)w[0], "program");
	for (int i = 0; i < m->nk; i++)
		printf("  %-*s", (int)w[i + 1], m->k[i]->name);
	printf("  oldest\n");
	for (size_t j = 0; j < m->n; j++) {
		const struct matrix_row *r = &m->rows[j];

		printf("%s:%-*s", r->file, (int)(w[0] - strlen(r->file) - 1),
		       r->name);
		for (int i = 0; i < m->nk; i++)
			printf("  %-*s", (int)w[i + 1], r->cell[i]);
		printf("  %s\n", oldest(m, r));
	}
}

static void print_json(const struct matrix *m)
{
	fputs("{\"kernels\":[", stdout);
	for (int i = 0; i < m->nk; i++)
		printf("%s\"%s\"", i ? "," : "", m->k[i]->name);
	fputs("],\"programs\":[", stdout);
	for (size_t j = 0; j < m->n; j++) {
		const struct matrix_row *r = &m->rows[j];

		fputs(j ? ",{\"file\":" : "{\"file\":", stdout);
		cli_json_str(stdout, r->file);
		fputs(",\"section\":", stdout);
		cli_json_str(stdout, r->section);
		fputs(",\"name\":", stdout);
		cli_json_str(stdout, r->name);
		fputs(",\"kernels\":{", stdout);
		for (int i = 0; i < m->nk; i++) {
			bool pass = !strcmp(r->cell[i], "PASS");

			printf("%s\"%s\":{\"verdict\":\"%s\"", i ? "," : "",
			       m->k[i]->name, pass ? "accept" : "reject");
			if (!pass) {
				fputs(",\"reason\":", stdout);
				cli_json_str(stdout, r->cell[i] + 6);
			}
			fputs("}", stdout);
		}
		fputs("},\"oldest\":", stdout);
		if (r->oldest < 0)
			fputs("null", stdout);
		else
			printf("\"%s\"", oldest(m, r));
		fputs("}", stdout);
	}
	fputs("]}\n", stdout);
}

static void csv_field(const char *s)
{
	putchar('"');
	for (; *s; s++)
		fputs(*s == '"' ? "\"\"" : (char[2]){ *s, 0 }, stdout);
	putchar('"');
}

static void print_csv(const struct matrix *m)
{
	fputs("file_name,section,prog_name", stdout);
	for (int i = 0; i < m->nk; i++)
		printf(",%s", m->k[i]->name);
	puts(",oldest");
	for (size_t j = 0; j < m->n; j++) {
		const struct matrix_row *r = &m->rows[j];

		csv_field(r->file);
		putchar(',');
		csv_field(r->section);
		putchar(',');
		csv_field(r->name);
		for (int i = 0; i < m->nk; i++) {
			putchar(',');
			csv_field(r->cell[i]);
		}
		printf(",%s\n", r->oldest < 0 ? "" : oldest(m, r));
	}
}

static void matrix_free(struct matrix *m)
{
	for (int i = 0; i < m->nk; i++)
		bpfcheck_target_close(m->target[i]);
	for (size_t j = 0; j < m->n; j++) {
		free(m->rows[j].file);
		free(m->rows[j].section);
		free(m->rows[j].name);
		for (int i = 0; i < m->nk; i++)
			free(m->rows[j].cell[i]);
	}
	free(m->rows);
}

int kernels_matrix(int argc, char **argv, const struct cli_input *in,
		   const struct bpfcheck_verify_opts *vo, const char *list,
		   const char *btf_dir, enum matrix_format fmt)
{
	struct matrix m = { .vo = *vo };
	int rc;

	if (!parse_list(list, &m))
		return EXIT_BADINPUT;
	m.vo.linux_compat = true;
	m.vo.predict_linux = false;
	rc = matrix_files(&m, argc, argv, in, btf_dir);
	if (fmt == MATRIX_JSON)
		print_json(&m);
	else if (fmt == MATRIX_CSV)
		print_csv(&m);
	else
		print_text(&m);
	matrix_free(&m);
	return BC_MAX(rc, m.rc);
}
