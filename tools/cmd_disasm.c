// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* bpfcheck disasm: instructions with indices and source lines. */
#include <string.h>

#include "cli.h"
#include "asm/disasm.h"

enum {
	OPT_NO_LINES = OPT_CMD_BASE,
	OPT_RAW_BYTES,
};

static void help(FILE *f)
{
	fprintf(f,
		"Usage: bpfcheck disasm [OPTIONS] FILE...\n\n"
		"Print every program's instructions in the Linux verifier-log syntax,\n"
		"with instruction indices, opcode bytes and source lines (from BTF).\n"
		"Without the header line, the output reads back as assembly (--asm).\n\n"
		"Options:\n"
		"  --no-lines       do not print source lines\n"
		"  --raw-bytes      print the 8 bytes of each instruction slot\n" CLI_INPUT_HELP
		"  -h, --help       this help\n\n"
		"Exit status: 0 success, 2 bad input or usage.\n");
}

struct disasm_ctx {
	unsigned flags;
	bool multi, first; /* several files: name each program's */
};

static int disasm_prog(void *arg, const char *file,
		       const struct bpfcheck_prog *prog)
{
	const struct bc_prog *p = cli_model_prog(prog);
	struct disasm_ctx *ctx = arg;

	if (!ctx->first)
		putchar('\n');
	ctx->first = false;
	printf("%s%s%s/%s (%s):\n", ctx->multi ? file : "",
	       ctx->multi ? ": " : "", p->section, p->name,
	       bc_progtype_name(p->type));
	bc_disasm_prog(stdout, p, ctx->flags);
	return 0;
}

int cmd_disasm(int argc, char **argv)
{
	static const struct option opts[] = {
		CLI_INPUT_OPTIONS,
		{ "no-lines", no_argument, NULL, OPT_NO_LINES },
		{ "raw-bytes", no_argument, NULL, OPT_RAW_BYTES },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	struct cli_input in = { 0 };
	struct disasm_ctx ctx = { .flags = BC_DISASM_LINES, .first = true };
	int c, rc;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "h" CLI_INPUT_SHORT, opts, NULL)) !=
	       -1) {
		if (cli_input_option(&in, c, optarg))
			continue;
		switch (c) {
		case OPT_NO_LINES: ctx.flags &= ~BC_DISASM_LINES; break;
		case OPT_RAW_BYTES: ctx.flags |= BC_DISASM_RAW; break;
		case 'h': help(stdout); return 0;
		default:
			return cli_usage_error("disasm", "unknown option '%s'",
					       argv[optind - 1]);
		}
	}
	if (optind == argc)
		return cli_usage_error("disasm", "missing FILE");
	ctx.multi = argc - optind > 1;
	rc = cli_each_prog(argc, argv, &in, disasm_prog, &ctx);
	if (fflush(stdout))
		return EXIT_BADINPUT;
	return rc;
}
