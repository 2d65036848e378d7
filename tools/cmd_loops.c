// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* bpfcheck loops: the loop nesting forest with source lines. */
#include <string.h>

#include "cfg_print.h"
#include "cli.h"

enum {
	OPT_JSON = OPT_CMD_BASE,
	OPT_REJECT_IRR,
};

static void help(FILE *f)
{
	fprintf(f,
		"Usage: bpfcheck loops [OPTIONS] FILE...\n\n"
		"Print each program's loop nesting forest: per loop its header and\n"
		"latch instructions with source lines (from BTF), body size, exits\n"
		"and depth; then any irreducible cycles.\n\n"
		"Options:\n"
		"  --json           JSON output (schema in the README)\n"
		"  --reject-irreducible  treat an irreducible loop as an error\n" CLI_INPUT_HELP
		"  -h, --help       this help\n\n"
		"Exit status: 0 success, 1 a program is malformed (message on stderr),\n"
		"2 bad input or usage.\n");
}

static void print_loop(const struct bc_cfg *cfg, uint32_t l)
{
	const struct bc_loop *L = &cfg->loops[l];
	const struct bc_prog *p = cfg->prog;
	uint32_t hi = cfg->blocks[L->header].first;
	uint32_t si = cfgp_loop_stmt_insn(cfg, L);
	char loc[256];

	printf("%*sloop %u at insn %u", 2 * L->depth, "", l, hi);
	if (*cli_srcloc(cli_api_prog(p), si, loc, sizeof(loc)))
		printf(" (%s)", loc);
	printf(": depth %u, %u block%s, latch", L->depth, L->body_cnt,
	       L->body_cnt == 1 ? "" : "s");
	for (uint32_t k = 0; k < L->latch_cnt; k++) {
		uint32_t li = cfg->blocks[L->latches[k]].last;

		printf("%s insn %u", k ? "," : "", li);
		if (*cli_srcloc(cli_api_prog(p), li, loc, sizeof(loc)))
			printf(" (%s)", loc);
	}
	printf(", %u exit%s", L->exit_cnt, L->exit_cnt == 1 ? "" : "s");
	if (p->lines && p->lines[si].text) {
		const char *t = p->lines[si].text;

		while (*t == ' ' || *t == '\t')
			t++;
		printf("  ; %s", t);
	}
	putchar('\n');
	for (uint32_t c = 0; c < L->child_cnt; c++)
		print_loop(cfg, L->children[c]);
}

struct loops_ctx {
	struct bc_cfg_opts copts;
	bool json, multi, first;
};

static int loops_prog(void *arg, const char *file,
		      const struct bpfcheck_prog *prog)
{
	const struct bc_prog *p = cli_model_prog(prog);
	struct loops_ctx *ctx = arg;
	struct bc_cfg *cfg;
	struct bc_err err;

	fputs(ctx->json && !ctx->first ? "," : "", stdout);
	ctx->first = false;
	bc_err_init(&err);
	if (bc_cfg_build(p, &ctx->copts, &cfg, &err)) {
		cli_error("%s: %s: %s", file, p->name, err.msg);
		if (ctx->json)
			cfgp_json_prog_error(stdout, ctx->multi ? file : NULL,
					     p, &err);
		return EXIT_REJECT;
	}
	if (ctx->json) {
		cfgp_json_prog_head(stdout, ctx->multi ? file : NULL, p);
		cfgp_json_loops(stdout, cfg);
		fputc('}', stdout);
	} else {
		printf("%s%s%s/%s (%s): %u loop%s\n", ctx->multi ? file : "",
		       ctx->multi ? ": " : "", p->section, p->name,
		       bc_progtype_name(p->type), cfg->loop_cnt,
		       cfg->loop_cnt == 1 ? "" : "s");
		for (uint32_t l = 0; l < cfg->loop_cnt; l++)
			if (cfg->loops[l].parent == BC_NONE)
				print_loop(cfg, l);
		cfgp_irr_text(stdout, cfg);
	}
	bc_cfg_free(cfg);
	return 0;
}

int cmd_loops(int argc, char **argv)
{
	static const struct option opts[] = {
		CLI_INPUT_OPTIONS,
		{ "json", no_argument, NULL, OPT_JSON },
		{ "reject-irreducible", no_argument, NULL, OPT_REJECT_IRR },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	struct cli_input in = { 0 };
	struct loops_ctx ctx = { .first = true };
	int c, rc;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "h" CLI_INPUT_SHORT, opts, NULL)) !=
	       -1) {
		if (cli_input_option(&in, c, optarg))
			continue;
		switch (c) {
		case OPT_JSON: ctx.json = true; break;
		case OPT_REJECT_IRR: ctx.copts.reject_irreducible = true; break;
		case 'h': help(stdout); return 0;
		default:
			return cli_usage_error("loops", "unknown option '%s'",
					       argv[optind - 1]);
		}
	}
	if (optind == argc)
		return cli_usage_error("loops", "missing FILE");
	ctx.multi = argc - optind > 1;
	if (ctx.json)
		fputs("{\"programs\":[", stdout);
	rc = cli_each_prog(argc, argv, &in, loops_prog, &ctx);
	if (ctx.json)
		fputs("]}\n", stdout);
	if (fflush(stdout))
		return EXIT_BADINPUT;
	return rc;
}
