// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "cli.h"
#include "platform/kbtf.h"
#include "platform/kconfig.h"

#include <fnmatch.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

bool cli_input_option(struct cli_input *in, int c, const char *arg)
{
	switch (c) {
	case OPT_TYPE: in->type = arg; return true;
	case OPT_RAW: in->raw = true; return true;
	case OPT_ASM: in->asm_text = true; return true;
	case OPT_PROG:
		if (in->prog_cnt < CLI_MAX_SELECT)
			in->progs[in->prog_cnt++] = arg;
		else
			in->too_many = true;
		return true;
	case 'f':
		if (in->filter_cnt < CLI_MAX_SELECT)
			in->filters[in->filter_cnt++] = arg;
		else
			in->too_many = true;
		return true;
	case OPT_SECTION: in->section = arg; return true;
	case OPT_BTF: in->btf = arg; return true;
	case OPT_KCONFIG: in->kconfig = arg; return true;
	case OPT_RELEASE: in->release = arg; return true;
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

/* One filter without its '!': GLOB (file or program) or FILE/PROG. */
static bool filter_matches(const char *f, const char *file, const char *prog)
{
	const char *slash = strrchr(f, '/');
	const char *base = strrchr(file, '/');
	char fglob[512];

	base = base ? base + 1 : file;
	if (!slash)
		return !fnmatch(f, base, 0) || !fnmatch(f, prog, 0);
	snprintf(fglob, sizeof(fglob), "%.*s", (int)(slash - f), f);
	return (!fnmatch(fglob, base, 0) || !fnmatch(fglob, file, 0)) &&
	       !fnmatch(slash + 1, prog, 0);
}

/*
 * veristat's rule: with allow filters, a program must match one; it must
 * match no deny (!) filter.
 */
static bool filters_pass(const struct cli_input *in, const char *file,
			 const char *prog)
{
	bool any_allow = false, allowed = false;

	for (int i = 0; i < in->filter_cnt; i++) {
		const char *f = in->filters[i];
		bool deny = f[0] == '!';

		if (deny && filter_matches(f + 1, file, prog))
			return false;
		if (!deny) {
			any_allow = true;
			allowed |= filter_matches(f, file, prog);
		}
	}
	return !any_allow || allowed;
}

bool cli_selected(const struct cli_input *in, const struct bc_prog *p)
{
	const char *name = p->name ? p->name : "";
	int i;

	for (i = 0; i < in->prog_cnt && strcmp(in->progs[i], name); i++)
		;
	if (in->prog_cnt && i == in->prog_cnt)
		return false;
	if (in->section && strcmp(in->section, p->section))
		return false;
	return filters_pass(in, p->obj && p->obj->path ? p->obj->path : "",
			    name);
}

static struct bc_kernel_btf *kbtf;
static struct bc_kconfig *kconfig;
static bool target_opened, target_bad;

static void target_free(void)
{
	bc_kernel_btf_free(kbtf);
	bc_kconfig_free(kconfig);
	kbtf = NULL;
	kconfig = NULL;
}

/* The run's target kernel: opened once; false (error printed) when bad. */
static bool target_open(const struct cli_input *in)
{
	struct bc_err err;

	if (target_opened)
		return !target_bad;
	target_opened = true;
	atexit(target_free);
	bc_err_init(&err);
	if (bc_kernel_btf_open(in->btf, &kbtf, &err) ||
	    bc_kconfig_open(in->kconfig, in->release, &kconfig, &err)) {
		cli_error("%s", err.msg);
		target_bad = true;
		return false;
	}
	return true;
}

struct bc_object *cli_open(const char *path, const struct cli_input *in,
			   bool *skipped)
{
	struct bc_open_opts o = { .type = in->type };
	struct bc_object *obj;
	struct bc_err err;
	uint32_t i;

	if (in->too_many) {
		cli_error("more than %d --prog or -f options", CLI_MAX_SELECT);
		return NULL;
	}
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
	if (!target_open(in))
		return NULL;
	o.kbtf = kbtf;
	o.kconfig = kconfig;
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
	/* veristat: a file none of whose programs pass -f is skipped */
	if (i == obj->prog_cnt && skipped && in->filter_cnt &&
	    !in->prog_cnt && !in->section) {
		*skipped = true;
		bc_object_free(obj);
		return NULL;
	}
	if (i == obj->prog_cnt) {
		if (in->prog_cnt || in->section || in->filter_cnt)
			cli_error("%s: no program matches%s%s%s%s%s", path,
				  in->prog_cnt ? " --prog " : "",
				  in->prog_cnt ? in->progs[0] : "",
				  in->section ? " --section " : "",
				  in->section ? in->section : "",
				  in->filter_cnt ? " the filters" : "");
		else
			cli_error("%s: no programs found", path);
		bc_object_free(obj);
		return NULL;
	}
	return obj;
}

int cli_each_prog(int argc, char **argv, const struct cli_input *in,
		  cli_prog_fn fn, void *ctx)
{
	int rc = 0;

	for (int i = optind; i < argc; i++) {
		bool skipped = false;
		struct bc_object *obj = cli_open(argv[i], in, &skipped);

		if (!obj) {
			rc = skipped ? rc : EXIT_BADINPUT;
			continue;
		}
		for (uint32_t k = 0; k < obj->prog_cnt; k++) {
			int r;

			if (!cli_selected(in, &obj->progs[k]))
				continue;
			r = fn(ctx, argv[i], &obj->progs[k]);
			rc = r > rc ? r : rc;
		}
		bc_object_free(obj);
	}
	return rc;
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
