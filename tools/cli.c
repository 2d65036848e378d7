// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "cli.h"
#include "load/kbtf.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

bool cli_input_option(struct cli_input *in, int c, const char *arg)
{
	switch (c) {
	case OPT_TYPE: in->type = arg; return true;
	case OPT_RAW: in->raw = true; return true;
	case OPT_ASM: in->asm_text = true; return true;
	case OPT_PROG: in->prog = arg; return true;
	case OPT_SECTION: in->section = arg; return true;
	case OPT_BTF: in->btf = arg; return true;
	}
	return false;
}

void cli_error(const char *fmt, ...)
{
	va_list ap;

	fputs("bpfcheck: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "bpfcheck %s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'bpfcheck %s --help'.\n", cmd);
	return EXIT_BADINPUT;
}

bool cli_selected(const struct cli_input *in, const struct bc_prog *p)
{
	if (in->prog && strcmp(in->prog, p->name))
		return false;
	if (in->section && strcmp(in->section, p->section))
		return false;
	return true;
}

static struct bc_kernel_btf *kbtf;
static bool kbtf_opened, kbtf_bad;

static void kbtf_free(void)
{
	bc_kernel_btf_free(kbtf);
	kbtf = NULL;
}

/* The run's kernel BTF: opened once; false (error printed) when bad. */
static bool kbtf_open(const struct cli_input *in)
{
	struct bc_err err;

	if (kbtf_opened)
		return !kbtf_bad;
	kbtf_opened = true;
	bc_err_init(&err);
	if (bc_kernel_btf_open(in->btf, &kbtf, &err)) {
		cli_error("%s", err.msg);
		kbtf_bad = true;
		return false;
	}
	atexit(kbtf_free);
	return true;
}

struct bc_object *cli_open(const char *path, const struct cli_input *in)
{
	struct bc_open_opts o = { .type = in->type };
	struct bc_object *obj;
	struct bc_err err;
	uint32_t i;

	if (in->raw) {
		if (!in->type) {
			cli_error("%s: --raw needs --type T (raw instructions carry no program type)",
				  path);
			return NULL;
		}
		o.kind = BC_INPUT_RAW;
	} else if (in->asm_text) {
		o.kind = BC_INPUT_ASM;
	}
	if (!kbtf_open(in))
		return NULL;
	o.kbtf = kbtf;
	bc_err_init(&err);
	if (bc_object_open(path, &o, &obj, &err)) {
		if (strncmp(err.msg, path, strlen(path)) == 0)
			cli_error("%s", err.msg);
		else
			cli_error("%s: %s", path, err.msg);
		return NULL;
	}
	for (i = 0; i < obj->prog_cnt; i++)
		if (cli_selected(in, &obj->progs[i]))
			break;
	if (i == obj->prog_cnt) {
		if (in->prog || in->section)
			cli_error("%s: no program matches%s%s%s%s", path,
				  in->prog ? " --prog " : "",
				  in->prog ? in->prog : "",
				  in->section ? " --section " : "",
				  in->section ? in->section : "");
		else
			cli_error("%s: no programs found", path);
		bc_object_free(obj);
		return NULL;
	}
	return obj;
}

void cli_json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

const char *cli_srcloc(const struct bc_prog *p, uint32_t insn, char *buf,
		       size_t len)
{
	const char *f, *slash;

	buf[0] = '\0';
	if (!p->lines || insn >= p->insn_cnt || !p->lines[insn].file)
		return buf;
	f = p->lines[insn].file;
	slash = strrchr(f, '/');
	snprintf(buf, len, "%s:%u", slash ? slash + 1 : f,
		 p->lines[insn].line);
	return buf;
}
