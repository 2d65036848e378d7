// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* bpfcheck cfg: blocks, edges, dominators, loops; text, JSON or Graphviz. */
#include <string.h>

#include "cfg_print.h"
#include "cli.h"
#include "asm/disasm.h"

enum {
	OPT_DOT = OPT_CMD_BASE,
	OPT_JSON,
	OPT_REJECT_IRR,
};

static void help(FILE *f)
{
	fprintf(f,
		"Usage: bpfcheck cfg [OPTIONS] FILE...\n\n"
		"Print each program's control flow: per subprogram its basic blocks\n"
		"(instruction range, successors, predecessors, immediate dominator and\n"
		"post-dominator), then its natural loops and irreducible cycles.\n\n"
		"Options:\n"
		"  --dot            Graphviz output (render with dot -Tsvg)\n"
		"  --json           JSON output (schema in the README)\n"
		"  --reject-irreducible  treat an irreducible loop as an error\n" CLI_INPUT_HELP
		"  -h, --help       this help\n\n"
		"Exit status: 0 success, 1 a program is malformed (message on stderr),\n"
		"2 bad input or usage.\n");
}

const char *cfgp_block_name(const struct bc_cfg *cfg, uint32_t b, char *buf,
			    size_t len)
{
	const struct bc_subprog *s = &cfg->subs[cfg->blocks[b].subprog];

	if (b == s->entry)
		return "entry";
	if (b == s->exit)
		return "exit";
	snprintf(buf, len, "b%u", b);
	return buf;
}

static void block_list(FILE *f, const struct bc_cfg *cfg, const uint32_t *v,
		       uint32_t n)
{
	char buf[32];

	for (uint32_t i = 0; i < n; i++)
		fprintf(f, "%s%s", i ? " " : "",
			cfgp_block_name(cfg, v[i], buf, sizeof(buf)));
	if (!n)
		fputc('-', f);
}

void cfgp_text(FILE *f, const struct bc_cfg *cfg)
{
	char a[32], b2[32];

	for (uint32_t s = 0; s < cfg->sub_cnt; s++) {
		const struct bc_subprog *sp = &cfg->subs[s];

		fprintf(f, "subprog %u%s%s: insns %u..%u, depth %u%s, calls ",
			s, *sp->name ? " " : "", sp->name, sp->start,
			sp->end - 1, sp->depth,
			sp->is_callback ? ", callback" : "");
		if (!sp->callee_cnt)
			fputc('-', f);
		for (uint32_t k = 0; k < sp->callee_cnt; k++)
			fprintf(f, "%s%u", k ? " " : "", sp->callees[k]);
		fputc('\n', f);
		for (uint32_t b = sp->block_first;
		     b < sp->block_first + sp->block_cnt; b++) {
			const struct bc_block *bl = &cfg->blocks[b];

			fprintf(f, "  %s",
				cfgp_block_name(cfg, b, a, sizeof(a)));
			if (bl->first != BC_NONE)
				fprintf(f, " insns %u..%u", bl->first,
					bl->last);
			fputs(": succ ", f);
			block_list(f, cfg, cfg->succ + bl->succ_off,
				   bl->succ_cnt);
			fputs("; pred ", f);
			block_list(f, cfg, cfg->pred + bl->pred_off,
				   bl->pred_cnt);
			fprintf(f, "; idom %s; ipdom %s\n",
				bl->idom == BC_NONE ?
					"-" :
					cfgp_block_name(cfg, bl->idom, a,
							sizeof(a)),
				bl->ipdom == BC_NONE ?
					"-" :
					cfgp_block_name(cfg, bl->ipdom, b2,
							sizeof(b2)));
		}
	}
}

static void loop_line(FILE *f, const struct bc_cfg *cfg, uint32_t l)
{
	const struct bc_loop *L = &cfg->loops[l];
	char a[32], b[32];

	fprintf(f, "loop %u: header %s (insn %u), latches ", l,
		cfgp_block_name(cfg, L->header, a, sizeof(a)),
		cfg->blocks[L->header].first);
	block_list(f, cfg, L->latches, L->latch_cnt);
	fputs(", body ", f);
	block_list(f, cfg, L->body, L->body_cnt);
	fputs(", exits ", f);
	for (uint32_t k = 0; k < L->exit_cnt; k++)
		fprintf(f, "%s%s->%s", k ? " " : "",
			cfgp_block_name(cfg, L->exits[k].from, a, sizeof(a)),
			cfgp_block_name(cfg, L->exits[k].to, b, sizeof(b)));
	if (!L->exit_cnt)
		fputs("none", f);
	fprintf(f, ", depth %u, parent ", L->depth);
	if (L->parent == BC_NONE)
		fputs("-\n", f);
	else
		fprintf(f, "%u\n", L->parent);
}

void cfgp_irr_text(FILE *f, const struct bc_cfg *cfg)
{
	char msg[512];

	for (uint32_t i = 0; i < cfg->irr_cnt; i++) {
		bc_irr_describe(cfg, &cfg->irr[i], msg, sizeof(msg));
		fprintf(f, "  %s (blocks ", msg);
		block_list(f, cfg, cfg->irr[i].blocks, cfg->irr[i].block_cnt);
		fputs(")\n", f);
	}
}

static void json_u32s(FILE *f, const uint32_t *v, uint32_t n)
{
	fputc('[', f);
	for (uint32_t i = 0; i < n; i++)
		fprintf(f, "%s%u", i ? "," : "", v[i]);
	fputc(']', f);
}

static void json_opt(FILE *f, uint32_t v)
{
	if (v == BC_NONE)
		fputs("null", f);
	else
		fprintf(f, "%u", v);
}

void cfgp_json_prog_head(FILE *f, const char *file, const struct bc_prog *p)
{
	fputc('{', f);
	if (file) {
		fputs("\"file\":", f);
		cli_json_str(f, file);
		fputc(',', f);
	}
	fputs("\"section\":", f);
	cli_json_str(f, p->section);
	fputs(",\"name\":", f);
	cli_json_str(f, p->name);
	fputs(",\"type\":", f);
	cli_json_str(f, bc_progtype_name(p->type));
}

void cfgp_json_prog_error(FILE *f, const char *file, const struct bc_prog *p,
			  const struct bc_err *err)
{
	cfgp_json_prog_head(f, file, p);
	fprintf(f,
		",\"error\":{\"insn\":%lld,\"message\":", (long long)err->insn);
	cli_json_str(f, err->msg);
	fputs("}}", f);
}

void cfgp_json_subprogs(FILE *f, const struct bc_cfg *cfg)
{
	fputs(",\"subprograms\":[", f);
	for (uint32_t s = 0; s < cfg->sub_cnt; s++) {
		const struct bc_subprog *sp = &cfg->subs[s];

		fprintf(f, "%s{\"index\":%u,\"name\":", s ? "," : "", s);
		cli_json_str(f, sp->name);
		fprintf(f,
			",\"start\":%u,\"end\":%u,\"entry\":%u,\"exit\":%u,"
			"\"depth\":%u,\"callback\":%s,\"callees\":",
			sp->start, sp->end - 1, sp->entry, sp->exit, sp->depth,
			sp->is_callback ? "true" : "false");
		json_u32s(f, sp->callees, sp->callee_cnt);
		fputs(",\"blocks\":[", f);
		for (uint32_t b = sp->block_first;
		     b < sp->block_first + sp->block_cnt; b++) {
			const struct bc_block *bl = &cfg->blocks[b];
			static const char *const kinds[] = { "fall", "taken",
							     "jump", "exit",
							     "entry" };

			fprintf(f, "%s{\"id\":%u,\"kind\":\"%s\",\"first\":",
				b > sp->block_first ? "," : "", b,
				b == sp->entry ? "entry" :
				b == sp->exit  ? "exit" :
						 "code");
			json_opt(f, bl->first);
			fputs(",\"last\":", f);
			json_opt(f, bl->last);
			fputs(",\"succ\":", f);
			json_u32s(f, cfg->succ + bl->succ_off, bl->succ_cnt);
			fputs(",\"succ_kind\":[", f);
			for (uint32_t k = 0; k < bl->succ_cnt; k++)
				fprintf(f, "%s\"%s\"", k ? "," : "",
					kinds[cfg->succ_kind[bl->succ_off + k]]);
			fputs("],\"pred\":", f);
			json_u32s(f, cfg->pred + bl->pred_off, bl->pred_cnt);
			fputs(",\"idom\":", f);
			json_opt(f, bl->idom);
			fputs(",\"ipdom\":", f);
			json_opt(f, bl->ipdom);
			fputs(",\"loop\":", f);
			json_opt(f, bl->loop);
			fputc('}', f);
		}
		fputs("]}", f);
	}
	fputc(']', f);
}

/*
 * The instruction that names loop L in the source: of its header's first
 * and its latches' last, the one on the earliest line of the header's
 * file. A for or while loop's header starts its body, the statement after
 * the loop's own line; the latch's test is on that line.
 */
uint32_t cfgp_loop_stmt_insn(const struct bc_cfg *cfg, const struct bc_loop *L)
{
	const struct bc_line *lines = cfg->prog->lines;
	uint32_t best = cfg->blocks[L->header].first;

	if (!lines || !lines[best].file)
		return best;
	for (uint32_t k = 0; k < L->latch_cnt; k++) {
		uint32_t li = cfg->blocks[L->latches[k]].last;

		if (lines[li].file && lines[li].line &&
		    !strcmp(lines[li].file, lines[best].file) &&
		    lines[li].line < lines[best].line)
			best = li;
	}
	return best;
}

void cfgp_json_loops(FILE *f, const struct bc_cfg *cfg)
{
	char loc[256];

	fputs(",\"loops\":[", f);
	for (uint32_t l = 0; l < cfg->loop_cnt; l++) {
		const struct bc_loop *L = &cfg->loops[l];
		uint32_t hi = cfg->blocks[L->header].first;

		fprintf(f,
			"%s{\"id\":%u,\"subprog\":%u,\"header\":%u,"
			"\"header_insn\":%u,\"source\":",
			l ? "," : "", l, L->subprog, L->header, hi);
		cli_json_str(f, cli_srcloc(cli_api_prog(cfg->prog),
					   cfgp_loop_stmt_insn(cfg, L), loc,
					   sizeof(loc)));
		fputs(",\"latches\":", f);
		json_u32s(f, L->latches, L->latch_cnt);
		fputs(",\"latch_insns\":[", f);
		for (uint32_t k = 0; k < L->latch_cnt; k++)
			fprintf(f, "%s%u", k ? "," : "",
				cfg->blocks[L->latches[k]].last);
		fputs("],\"body\":", f);
		json_u32s(f, L->body, L->body_cnt);
		fputs(",\"exits\":[", f);
		for (uint32_t k = 0; k < L->exit_cnt; k++)
			fprintf(f, "%s{\"from\":%u,\"to\":%u}", k ? "," : "",
				L->exits[k].from, L->exits[k].to);
		fputs("],\"exiting\":[", f);
		for (uint32_t k = 0, n = 0; k < L->exit_cnt; k++) {
			if (k && L->exits[k].from == L->exits[k - 1].from)
				continue;
			fprintf(f, "%s%u", n++ ? "," : "", L->exits[k].from);
		}
		fprintf(f, "],\"depth\":%u,\"parent\":", L->depth);
		json_opt(f, L->parent);
		fputs(",\"children\":", f);
		json_u32s(f, L->children, L->child_cnt);
		fputc('}', f);
	}
	fputs("],\"irreducible\":[", f);
	for (uint32_t i = 0; i < cfg->irr_cnt; i++) {
		const struct bc_irreducible *r = &cfg->irr[i];
		char msg[512];

		bc_irr_describe(cfg, r, msg, sizeof(msg));
		fprintf(f, "%s{\"subprog\":%u,\"blocks\":", i ? "," : "",
			r->subprog);
		json_u32s(f, r->blocks, r->block_cnt);
		fputs(",\"entries\":", f);
		json_u32s(f, r->entries, r->entry_cnt);
		fputs(",\"entry_insns\":[", f);
		for (uint32_t k = 0; k < r->entry_cnt; k++)
			fprintf(f, "%s%u", k ? "," : "",
				cfg->blocks[r->entries[k]].first);
		fputs("],\"message\":", f);
		cli_json_str(f, msg);
		fputc('}', f);
	}
	fputc(']', f);
}

static void dot_str(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		fputc(*s, f);
	}
}

static const char *const shade[] = { "#e4ecff", "#c4d4ff", "#a4bcff",
				     "#84a4ff" };

static bool in_irr(const struct bc_cfg *cfg, uint32_t b, uint32_t *which)
{
	for (uint32_t i = 0; i < cfg->irr_cnt; i++)
		for (uint32_t k = 0; k < cfg->irr[i].block_cnt; k++)
			if (cfg->irr[i].blocks[k] == b) {
				*which = i;
				return true;
			}
	return false;
}

static void dot_block(FILE *f, const struct bc_cfg *cfg, uint32_t pi,
		      uint32_t b)
{
	const struct bc_block *bl = &cfg->blocks[b];
	const struct bc_prog *p = cfg->prog;
	const struct bc_subprog *sp = &cfg->subs[bl->subprog];
	char buf[256];
	uint32_t w;

	fprintf(f, "    p%u_b%u [", pi, b);
	if (bl->first == BC_NONE) {
		fprintf(f, "shape=oval, label=\"%s\"];\n",
			b == sp->entry ? "entry" : "exit");
		return;
	}
	fputs("label=\"", f);
	for (uint32_t i = bl->first; i <= bl->last;) {
		int n = bc_disasm_insn(p, p->insns, p->insn_cnt, i, buf,
				       sizeof(buf));

		fprintf(f, "%u: ", i);
		dot_str(f, buf);
		fputs("\\l", f);
		i += n > 0 ? (uint32_t)n : 1;
	}
	fputc('"', f);
	if (bl->loop != BC_NONE) {
		uint32_t d = cfg->loops[bl->loop].depth;

		fprintf(f, ", style=filled, fillcolor=\"%s\"",
			shade[BC_MIN(BC_MAX(d, 1u), 4u) - 1]);
	}
	if (in_irr(cfg, b, &w))
		fputs(", color=red, penwidth=2", f);
	fputs("];\n", f);
}

void cfgp_dot_prog(FILE *f, const struct bc_cfg *cfg, uint32_t pi)
{
	const struct bc_prog *p = cfg->prog;

	for (uint32_t s = 0; s < cfg->sub_cnt; s++) {
		const struct bc_subprog *sp = &cfg->subs[s];

		fprintf(f, "  subgraph cluster_p%u_s%u {\n    label=\"", pi, s);
		dot_str(f, p->section ? p->section : "");
		fputc('/', f);
		dot_str(f, *sp->name ? sp->name : p->name ? p->name : "");
		fprintf(f, " (subprog %u)\";\n", s);
		for (uint32_t b = sp->block_first;
		     b < sp->block_first + sp->block_cnt; b++)
			dot_block(f, cfg, pi, b);
		fputs("  }\n", f);
	}
	for (uint32_t b = 0; b < cfg->block_cnt; b++) {
		const struct bc_block *bl = &cfg->blocks[b];

		for (uint32_t k = 0; k < bl->succ_cnt; k++) {
			uint32_t t = cfg->succ[bl->succ_off + k], x, y;
			uint8_t kind = cfg->succ_kind[bl->succ_off + k];
			bool back = bc_cfg_dominates(cfg, t, b);
			bool red = in_irr(cfg, b, &x) && in_irr(cfg, t, &y) &&
				   x == y;

			fprintf(f, "  p%u_b%u -> p%u_b%u", pi, b, pi, t);
			if (back || red || kind == BC_EDGE_TAKEN) {
				fputs(" [", f);
				if (kind == BC_EDGE_TAKEN)
					fputs("label=\"T\"", f);
				if (back)
					fprintf(f, "%sstyle=dashed",
						kind == BC_EDGE_TAKEN ? ", " :
									"");
				if (red)
					fprintf(f, "%scolor=red",
						kind == BC_EDGE_TAKEN || back ?
							", " :
							"");
				fputc(']', f);
			}
			fputs(";\n", f);
		}
	}
}

struct cfg_ctx {
	struct bc_cfg_opts copts;
	bool dot, json, multi, first;
	uint32_t dot_idx; /* programs drawn so far: unique node names */
};

static void cfg_text(const char *file, const struct bc_prog *p,
		     const struct bc_cfg *cfg, bool multi)
{
	printf("%s%s%s/%s (%s):\n", multi ? file : "", multi ? ": " : "",
	       p->section, p->name, bc_progtype_name(p->type));
	cfgp_text(stdout, cfg);
	printf("loops:%s\n", cfg->loop_cnt ? "" : " none");
	for (uint32_t l = 0; l < cfg->loop_cnt; l++) {
		fputs("  ", stdout);
		loop_line(stdout, cfg, l);
	}
	if (cfg->irr_cnt) {
		puts("irreducible:");
		cfgp_irr_text(stdout, cfg);
	}
}

static int cfg_prog(void *arg, const char *file,
		    const struct bpfcheck_prog *prog)
{
	const struct bc_prog *p = cli_model_prog(prog);
	struct cfg_ctx *ctx = arg;
	const char *jfile = ctx->multi ? file : NULL;
	struct bc_cfg *cfg;
	struct bc_err err;
	bool first = ctx->first;

	ctx->first = false;
	bc_err_init(&err);
	if (bc_cfg_build(p, &ctx->copts, &cfg, &err)) {
		cli_error("%s: %s: %s", file, p->name, err.msg);
		if (ctx->json) {
			fputs(first ? "" : ",", stdout);
			cfgp_json_prog_error(stdout, jfile, p, &err);
		}
		return EXIT_REJECT;
	}
	if (ctx->json) {
		fputs(first ? "" : ",", stdout);
		cfgp_json_prog_head(stdout, jfile, p);
		cfgp_json_subprogs(stdout, cfg);
		cfgp_json_loops(stdout, cfg);
		fputc('}', stdout);
	} else if (ctx->dot) {
		cfgp_dot_prog(stdout, cfg, ctx->dot_idx++);
	} else {
		if (!first)
			putchar('\n');
		cfg_text(file, p, cfg, ctx->multi);
	}
	bc_cfg_free(cfg);
	return 0;
}

int cmd_cfg(int argc, char **argv)
{
	static const struct option opts[] = {
		CLI_INPUT_OPTIONS,
		{ "dot", no_argument, NULL, OPT_DOT },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "reject-irreducible", no_argument, NULL, OPT_REJECT_IRR },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	struct cli_input in = { 0 };
	struct cfg_ctx ctx = { .first = true };
	int c, rc;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "h" CLI_INPUT_SHORT, opts, NULL)) !=
	       -1) {
		if (cli_input_option(&in, c, optarg))
			continue;
		switch (c) {
		case OPT_DOT: ctx.dot = true; break;
		case OPT_JSON: ctx.json = true; break;
		case OPT_REJECT_IRR: ctx.copts.reject_irreducible = true; break;
		case 'h': help(stdout); return 0;
		default:
			return cli_usage_error("cfg", "unknown option '%s'",
					       argv[optind - 1]);
		}
	}
	if (ctx.dot && ctx.json)
		return cli_usage_error("cfg",
				       "--dot and --json exclude each other");
	if (optind == argc)
		return cli_usage_error("cfg", "missing FILE");
	ctx.multi = argc - optind > 1;
	if (ctx.json)
		fputs("{\"programs\":[", stdout);
	if (ctx.dot)
		fputs("digraph cfg {\n  node [shape=box, fontname=\"monospace\"];\n",
		      stdout);
	rc = cli_each_prog(argc, argv, &in, cfg_prog, &ctx);
	if (ctx.json)
		fputs("]}\n", stdout);
	if (ctx.dot)
		fputs("}\n", stdout);
	if (fflush(stdout))
		return EXIT_BADINPUT;
	return rc;
}
