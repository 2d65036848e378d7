// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * bpf_conformance through the interpreter: for every tests/NAME.data,
 * assemble "-- asm", run it with "-- mem" as memory (r1 = its address,
 * r2 = its length) and check r0 against "-- result", or that the run fails
 * where "-- error" is given.
 *
 * usage: interp_conformance DIR   (DIR holds tests/)
 */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "interp/interp.h"

struct cf_file {
	char *asm_text;
	uint8_t *mem;
	size_t mem_len;
	bool has_result, has_error;
	uint64_t result;
	char error[256];
};

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = calloc(1, n + 1);
	if (fread(buf, 1, n, f) != (size_t)n)
		buf[0] = 0;
	fclose(f);
	return buf;
}

static void append(char **s, size_t *len, const char *line, size_t n)
{
	*s = realloc(*s, *len + n + 2);
	memcpy(*s + *len, line, n);
	*len += n;
	(*s)[(*len)++] = '\n';
	(*s)[*len] = 0;
}

/* Parse one .data file into t; returns an error string or NULL. */
static const char *cf_parse(char *text, struct cf_file *t)
{
	char *line, *save = NULL, *sect = NULL, *res = NULL;
	size_t alen = 0, rlen = 0;

	memset(t, 0, sizeof(*t));
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "-- ", 3)) {
			sect = line + 3;
			if (!strcmp(sect, "error"))
				t->has_error = true;
			continue;
		}
		if (!sect)
			continue;
		if (!strcmp(sect, "asm")) {
			append(&t->asm_text, &alen, line, strlen(line));
		} else if (!strcmp(sect, "mem")) {
			char *p = line, *e;

			for (;;) {
				unsigned long b;

				while (isspace((unsigned char)*p))
					p++;
				if (!*p || *p == '#')
					break;
				b = strtoul(p, &e, 16);
				if (e == p || b > 255)
					return "bad byte in -- mem";
				t->mem = realloc(t->mem, t->mem_len + 1);
				t->mem[t->mem_len++] = (uint8_t)b;
				p = e;
			}
		} else if (!strcmp(sect, "result")) {
			if (line[0] && line[0] != '#')
				append(&res, &rlen, line, strlen(line));
		} else if (!strcmp(sect, "error")) {
			snprintf(t->error, sizeof(t->error), "%s", line);
		}
	}
	if (res) {
		char *e;

		t->result = strtoull(res, &e, 0);
		t->has_result = e != res;
		free(res);
	}
	if (!t->asm_text)
		return "no -- asm section";
	if (!t->has_result && !t->has_error)
		return "no -- result or -- error section";
	return NULL;
}

static int run_one(const char *path, const char *name)
{
	struct bpf_insn *insns = NULL;
	char *text = slurp(path);
	const char *perr;
	struct cf_file t;
	struct bc_err err;
	uint32_t cnt = 0;
	uint64_t r0 = 0;
	int bad = 1, r;

	if (!text) {
		printf("FAIL %s: cannot read\n", name);
		return 1;
	}
	perr = cf_parse(text, &t);
	if (perr) {
		printf("FAIL %s: %s\n", name, perr);
		goto out;
	}
	bc_err_init(&err);
	if (bc_asm(t.asm_text, strlen(t.asm_text), &insns, &cnt, &err)) {
		printf("FAIL %s: assemble: %s\n", name, err.msg);
		goto out;
	}
	bc_err_init(&err);
	r = bc_interp_run_mem(insns, cnt, t.mem, t.mem_len, &r0, &err);
	if (t.has_error) {
		if (!r)
			printf("FAIL %s: expected error '%s', got r0=0x%llx\n",
			       name, t.error, (unsigned long long)r0);
		else
			bad = 0;
	} else if (r) {
		printf("FAIL %s: %s\n", name, err.msg);
	} else if (r0 != t.result) {
		printf("FAIL %s: r0=0x%llx, expected 0x%llx\n", name,
		       (unsigned long long)r0, (unsigned long long)t.result);
	} else {
		bad = 0;
	}
out:
	free(insns);
	free(t.asm_text);
	free(t.mem);
	free(text);
	return bad;
}

int main(int argc, char **argv)
{
	char dir[4096], path[8192];
	struct dirent **ents;
	int n, i, total = 0, ok = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: %s CONFORMANCE_DIR\n", argv[0]);
		return 2;
	}
	snprintf(dir, sizeof(dir), "%s/tests", argv[1]);
	n = scandir(dir, &ents, NULL, alphasort);
	if (n < 0) {
		printf("SKIP: no conformance suite at %s\n", dir);
		return 77;
	}
	for (i = 0; i < n; i++) {
		size_t l = strlen(ents[i]->d_name);

		if (l > 5 && !strcmp(ents[i]->d_name + l - 5, ".data")) {
			snprintf(path, sizeof(path), "%s/%s", dir,
				 ents[i]->d_name);
			total++;
			ok += !run_one(path, ents[i]->d_name);
		}
		free(ents[i]);
	}
	free(ents);
	printf("%d of %d passed\n", ok, total);
	return ok == total && total > 0 ? 0 : 1;
}
