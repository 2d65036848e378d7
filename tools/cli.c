// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "cli.h"

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

bool cli_selected(const struct cli_input *in, const char *file,
		  const char *name, const char *section)
{
	int i;

	name = name ? name : "";
	for (i = 0; i < in->prog_cnt && strcmp(in->progs[i], name); i++)
		;
	if (in->prog_cnt && i == in->prog_cnt)
		return false;
	if (in->section && strcmp(in->section, section ? section : ""))
		return false;
	return filters_pass(in, file, name);
}

bool cli_prog_selected(const struct cli_input *in, const char *file,
		       const struct bpfcheck_prog *p)
{
	return cli_selected(in, file, bpfcheck_prog_name(p),
			    bpfcheck_prog_section(p));
}

static struct bpfcheck_target *target;
static bool target_opened, target_bad;

static void target_close(void)
{
	bpfcheck_target_close(target);
	target = NULL;
}

/* The run's target kernel: opened once; false (error printed) when bad. */
static bool target_open(const struct cli_input *in)
{
	BPFCHECK_OPTS(bpfcheck_target_opts, to, .btf_path = in->btf,
		      .kconfig_path = in->kconfig,
		      .kernel_release = in->release);

	if (target_opened)
		return !target_bad;
	target_opened = true;
	atexit(target_close);
	target_bad = bpfcheck_target_open(&to, &target) != 0;
	return !target_bad;
}

static enum bpfcheck_input input_kind(const struct cli_input *in)
{
	if (in->raw)
		return BPFCHECK_INPUT_RAW;
	return in->asm_text ? BPFCHECK_INPUT_ASM : BPFCHECK_INPUT_AUTO;
}

/* Is one of obj's programs selected? */
static bool any_selected(const struct cli_input *in, const char *path,
			 const struct bpfcheck_object *obj)
{
	for (size_t i = 0; i < bpfcheck_object_prog_count(obj); i++)
		if (cli_prog_selected(in, path, bpfcheck_object_prog(obj, i)))
			return true;
	return false;
}

/* Why no program of path is selected: skipped, or an error printed. */
static void none_selected(const char *path, const struct cli_input *in,
			  bool *skipped)
{
	/* veristat: a file none of whose programs pass -f is skipped */
	if (skipped && in->filter_cnt && !in->prog_cnt && !in->section) {
		*skipped = true;
		return;
	}
	if (in->prog_cnt || in->section || in->filter_cnt)
		cli_error("%s: no program matches%s%s%s%s%s", path,
			  in->prog_cnt ? " --prog " : "",
			  in->prog_cnt ? in->progs[0] : "",
			  in->section ? " --section " : "",
			  in->section ? in->section : "",
			  in->filter_cnt ? " the filters" : "");
	else
		cli_error("%s: no programs found", path);
}

struct bpfcheck_object *cli_open(const char *path, const struct cli_input *in,
				 bool *skipped)
{
	if (!in->too_many && !target_open(in))
		return NULL;
	return cli_open_for(path, in, target, skipped);
}

struct bpfcheck_object *cli_open_for(const char *path,
				     const struct cli_input *in,
				     struct bpfcheck_target *t, bool *skipped)
{
	BPFCHECK_OPTS(bpfcheck_open_opts, oo, .input = input_kind(in),
		      .prog_type = in->type);
	struct bpfcheck_object *obj;

	if (in->too_many) {
		cli_error("more than %d --prog or -f options", CLI_MAX_SELECT);
		return NULL;
	}
	if (in->raw && !in->type) {
		cli_error(
			"%s: --raw needs --type T (raw instructions carry no program type)",
			path);
		return NULL;
	}
	oo.target = t;
	if (bpfcheck_object_open(path, &oo, &obj))
		return NULL;
	if (any_selected(in, path, obj))
		return obj;
	bpfcheck_object_close(obj);
	none_selected(path, in, skipped);
	return NULL;
}

int cli_each_prog(int argc, char **argv, const struct cli_input *in,
		  cli_prog_fn fn, void *ctx)
{
	int rc = 0;

	for (int i = optind; i < argc; i++) {
		bool skipped = false;
		struct bpfcheck_object *obj = cli_open(argv[i], in, &skipped);

		if (!obj) {
			rc = skipped ? rc : EXIT_BADINPUT;
			continue;
		}
		for (size_t k = 0; k < bpfcheck_object_prog_count(obj); k++) {
			const struct bpfcheck_prog *p =
				bpfcheck_object_prog(obj, k);
			int r;

			if (!cli_prog_selected(in, argv[i], p))
				continue;
			r = fn(ctx, argv[i], p);
			rc = r > rc ? r : rc;
		}
		bpfcheck_object_close(obj);
	}
	return rc;
}

static int print_to_stderr(enum bpfcheck_print_level level, const char *fmt,
			   va_list ap)
{
	if (level != BPFCHECK_WARN)
		return 0;
	fputs("bpfcheck: ", stderr);
	return vfprintf(stderr, fmt, ap);
}

void cli_init(void)
{
	bpfcheck_set_print(print_to_stderr);
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

const char *cli_srcloc(const struct bpfcheck_prog *p, uint32_t insn, char *buf,
		       size_t len)
{
	const char *f, *slash;
	unsigned line;

	buf[0] = '\0';
	if (!bpfcheck_prog_source_line(p, insn, &f, &line, NULL))
		return buf;
	slash = strrchr(f, '/');
	snprintf(buf, len, "%s:%u", slash ? slash + 1 : f, line);
	return buf;
}
