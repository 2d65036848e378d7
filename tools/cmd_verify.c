// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* bpfcheck verify: the Linux-style safety verdict of each program. */
#include <stdlib.h>
#include <string.h>

#include <linux/bpf.h>

#include "cli.h"
#include "diag.h"
#include "explain.h"
#include "sarif.h"
#include "kernels_matrix.h"
#include "stats_table.h"
#include "verify_jobs.h"
#include "witness.h"
#include "platform/kernels.h"
#include "util/util.h"

enum {
	OPT_LOG = OPT_CMD_BASE,
	OPT_STATS,
	OPT_JSON,
	OPT_UNPRIV,
	OPT_CAP_BPF,
	OPT_REJECT_IRR,
	OPT_BUDGET,
	OPT_NO_PREC,
	OPT_PROG_FLAGS,
	OPT_LINUX_COMPAT,
	OPT_MAX_WORST,
	OPT_JOBS,
	OPT_KERNEL,
	OPT_KERNELS,
	OPT_EXPLAIN,
	OPT_BTF_DIR,
	OPT_WITNESS,
};

static void help(FILE *f)
{
	fprintf(f,
		"Usage: bpfcheck verify [OPTIONS] FILE...\n"
		"   or: bpfcheck verify -C [-o FMT] [-e SPEC] A.csv B.csv\n\n"
		"Verify every program of every FILE with the Linux verifier's\n"
		"safety rules and print one line per program:\n"
		"  PASS file.o section/name (N insns processed)\n"
		"  FAIL file.o section/name: insn I: message (file.c:LINE)\n\n"
		"Options:\n"
		"  --log-level N    0 none, 1 the path to the error, 2 every insn\n"
		"                   (the log goes to stderr)\n"
		"  --stats          veristat figures per program\n"
		"  --explain        under a FAIL line, the source line at fault\n"
		"                   (at:) and, for an access out of bounds of a\n"
		"                   packet, map value or stack, the numbers (why:),\n"
		"                   the lines that made the values at fault what\n"
		"                   they are and the jumps taken (path:), and the\n"
		"                   change that fixes common ones (fix:)\n"
		"  --witness FILE   for a memory-safety rejection, search an input\n"
		"                   (packet, context, map entries, prandom seed)\n"
		"                   that makes the program fault at the rejected\n"
		"                   insn when run unverified; write it to FILE\n"
		"                   ('bpfcheck run --replay FILE' runs it)\n"
		"  -o, --output-format FMT  text (default), json, sarif (SARIF\n"
		"                   2.1.0: a result per rejection), or veristat's\n"
		"                   table and csv (columns file_name, prog_name,\n"
		"                   verdict, duration, total_insns, total_states,\n"
		"                   peak_states, ...)\n"
		"  -e, --emit SPEC  the columns of table/csv, comma-separated\n"
		"                   (also section, prog_type, max_states_per_insn,\n"
		"                   mem_peak (MiB), mem_peak_kb, stack_depth,\n"
		"                   worst_case_insns, loops_proven, linux_verdict,\n"
		"                   error)\n"
		"  -C, --compare    compare two CSV files of -o csv (or veristat's)\n"
		"  --json           one JSON document (-o json)\n"
		"  -j, --jobs N     verify on N threads (output in input order;\n"
		"                   not with --log-level)\n"
		"  --unprivileged   verify as a loader without capabilities (no\n"
		"                   CAP_BPF, CAP_PERFMON, CAP_NET_ADMIN,\n"
		"                   CAP_SYS_ADMIN), as unprivileged_bpf_disabled=0\n"
		"                   allows: no loops, no subprograms, at most 4096\n"
		"                   insns, socket_filter and cgroup_skb only\n"
		"  --cap-bpf        with --unprivileged: the loader keeps CAP_BPF\n"
		"  --linux-compat   the verdict Linux would give: no loop proofs,\n"
		"                   Linux's limits (1,000,000 processed insns, 8,193\n"
		"                   jumps in a sequence); to gate kernel loads\n"
		"  --kernel VERSION the verifier of Linux VERSION (5.10, 5.15,\n"
		"                   6.1, 6.6, 6.12, 6.18, or a release, mapped\n"
		"                   to the newest of those not above it): its\n"
		"                   helpers, instructions, program types and\n"
		"                   rules (default: the running kernel's)\n"
		"  --kernels LIST   a matrix: one row per program, one column\n"
		"                   per kernel of LIST (5.10,6.1,6.18, or lts:\n"
		"                   5.10,5.15,6.1,6.6,6.12 and 6.18), PASS or\n"
		"                   FAIL with the first reason, and the oldest\n"
		"                   kernel that loads it (--linux-compat);\n"
		"                   -o json and -o csv carry the same\n"
		"  --btf-dir DIR    with --kernels: kernel K's column uses\n"
		"                   DIR/K.btf as its BTF where it exists\n"
		"  --reject-irreducible  irreducible loops are an error\n"
		"  --no-precision   no precision tracking: prune only where every\n"
		"                   scalar is contained (slower, same verdicts)\n"
		"  --insn-budget N  processed-instruction limit (default 1000000)\n"
		"  --max-worst-case N  reject a program that may run more than\n"
		"                   N insns (default 4294967296: Linux runs no\n"
		"                   loop over 1<<23 times; that many rounds of\n"
		"                   a 512-insn body)\n"
		"  --prog-flags NAME[,NAME]  the load's flags (prog_flags):\n"
		"                   BPF_F_STRICT_ALIGNMENT, BPF_F_ANY_ALIGNMENT,\n"
		"                   BPF_F_SLEEPABLE are honoured;\n"
		"                   BPF_F_TEST_STATE_FREQ, BPF_F_XDP_HAS_FRAGS\n"
		"                   are accepted and have no effect yet\n" CLI_INPUT_HELP
		"  -h, --help       this help\n\n"
		"Exit status: 0 all accepted, 1 a program was rejected, 2 bad input.\n");
}

static const struct {
	const char *name;
	uint32_t flag;
} prog_flag_names[] = {
	{ "BPF_F_STRICT_ALIGNMENT", BPF_F_STRICT_ALIGNMENT },
	{ "BPF_F_ANY_ALIGNMENT", BPF_F_ANY_ALIGNMENT },
	{ "BPF_F_TEST_STATE_FREQ", BPF_F_TEST_STATE_FREQ },
	{ "BPF_F_SLEEPABLE", BPF_F_SLEEPABLE },
	{ "BPF_F_XDP_HAS_FRAGS", BPF_F_XDP_HAS_FRAGS },
};

/* "NAME[,NAME]..." into *flags; false on an unknown name. */
static bool parse_prog_flags(const char *arg, uint64_t *flags)
{
	char *copy = strdup(arg), *save = NULL;
	bool ok = copy != NULL;

	for (char *t = copy ? strtok_r(copy, ",", &save) : NULL; t && ok;
	     t = strtok_r(NULL, ",", &save)) {
		size_t i, n = sizeof(prog_flag_names) /
			      sizeof(prog_flag_names[0]);

		for (i = 0; i < n && strcmp(t, prog_flag_names[i].name); i++)
			;
		if (i == n)
			ok = false;
		else
			*flags |= prog_flag_names[i].flag;
	}
	free(copy);
	return ok;
}

/* "linux": what Linux answers, when known. */
static void json_linux(const struct bpfcheck_prog *p,
		       const struct bpfcheck_verdict *r)
{
	if (r->linux_verdict == BPFCHECK_LINUX_UNKNOWN)
		return;
	printf(",\"linux\":{\"verdict\":\"%s\"",
	       r->linux_verdict == BPFCHECK_LINUX_ACCEPT ? "accept" : "reject");
	if (r->linux_verdict == BPFCHECK_LINUX_REJECT) {
		fputs(",\"error\":{\"message\":", stdout);
		cli_json_str(stdout, r->linux_error);
		printf(",\"insn\":%lld", (long long)r->linux_error_insn);
		diag_json_pos(stdout, p, r->linux_error_insn);
		fputs("}", stdout);
	}
	printf(",\"processed_insns\":%llu}",
	       (unsigned long long)r->linux_processed_insns);
}

/* The __kconfig externs of p's object: their values and where from. */
static void stats_externs(const struct bpfcheck_prog *p)
{
	const struct bpfcheck_object *o = bpfcheck_prog_object(p);
	const char *name, *value, *from;

	for (size_t i = 0; bpfcheck_object_extern(o, i, &name, &value, &from);
	     i++)
		printf("%s%s=%s (%s)%s", i ? "" : "  externs: ", name,
		       value ? value : "?", from,
		       bpfcheck_object_extern(o, i + 1, NULL, NULL, NULL) ?
			       ", " :
			       "\n");
}

static void json_externs(const struct bpfcheck_prog *p)
{
	const struct bpfcheck_object *o = bpfcheck_prog_object(p);
	const char *name, *value, *from;
	size_t i;

	for (i = 0; bpfcheck_object_extern(o, i, &name, &value, &from); i++) {
		fputs(i ? ",{\"name\":" : ",\"externs\":[{\"name\":", stdout);
		cli_json_str(stdout, name);
		fputs(",\"value\":", stdout);
		if (value)
			cli_json_str(stdout, value);
		else
			fputs("null", stdout);
		fputs(",\"from\":", stdout);
		cli_json_str(stdout, from);
		fputs("}", stdout);
	}
	if (i)
		fputs("]", stdout);
}

/* The verdict's warnings, a line each: as JSON strings, or as text. */
static void print_warnings(const struct bpfcheck_verdict *r, bool json)
{
	const char *w = r->warnings;
	bool first = true;

	while (w && *w) {
		size_t n = strcspn(w, "\n");
		char line[512];

		snprintf(line, sizeof(line), "%.*s", (int)n, w);
		if (json) {
			fputs(first ? ",\"warnings\":[" : ",", stdout);
			cli_json_str(stdout, line);
		} else {
			printf("  warning: %s\n", line);
		}
		first = false;
		w += n + (w[n] == '\n');
	}
	if (json && !first)
		putchar(']');
}

static void json_prog(const char *file, const struct bpfcheck_prog *p,
		      const struct bpfcheck_verdict *r, bool first,
		      const struct witness_out *wo,
		      const struct witness_result *wr)
{
	fputs(first ? "" : ",", stdout);
	fputs("{\"file\":", stdout);
	cli_json_str(stdout, file);
	fputs(",\"section\":", stdout);
	cli_json_str(stdout, bpfcheck_prog_section(p));
	fputs(",\"name\":", stdout);
	cli_json_str(stdout, bpfcheck_prog_name(p));
	fputs(",\"type\":", stdout);
	cli_json_str(stdout, bpfcheck_prog_type_name(p) ?
				     bpfcheck_prog_type_name(p) :
				     "unknown");
	printf(",\"verdict\":\"%s\"", r->accepted ? "accept" : "reject");
	if (!r->accepted) {
		fputs(",\"error\":{\"message\":", stdout);
		cli_json_str(stdout, r->error);
		if (*r->error_detail) {
			fputs(",\"detail\":", stdout);
			cli_json_str(stdout, r->error_detail);
		}
		printf(",\"insn\":%lld", (long long)r->error_insn);
		diag_json_pos(stdout, p, r->error_insn);
		diag_json_acquired(stdout, p, r);
		diag_json_path(stdout, p, r);
		fputs("}", stdout);
	}
	printf(",\"processed_insns\":%llu,\"total_states\":%llu,"
	       "\"peak_states\":%llu,\"max_states_per_insn\":%llu,"
	       "\"duration_us\":%llu,\"peak_mem_kb\":%llu,\"stack_depth\":%u",
	       (unsigned long long)r->processed_insns,
	       (unsigned long long)r->total_states,
	       (unsigned long long)r->peak_states,
	       (unsigned long long)r->max_states_per_insn,
	       (unsigned long long)r->duration_us,
	       (unsigned long long)r->peak_mem_kb, r->stack_depth);
	if (r->has_worst_case)
		printf(",\"worst_case_insns\":%llu",
		       (unsigned long long)r->worst_case_insns);
	print_warnings(r, true);
	json_externs(p);
	json_linux(p, r);
	/* loops: proven by induction, or explored iteration by iteration */
	printf(",\"loops\":{\"proven\":%u,\"max_trip\":%llu,"
	       "\"explored\":%s,\"first_pass_insns\":%llu",
	       r->loops_proven, (unsigned long long)r->max_trip,
	       r->loops_explored ? "true" : "false",
	       (unsigned long long)r->first_pass_insns);
	if (*r->note) {
		fputs(",\"note\":", stdout);
		cli_json_str(stdout, r->note);
	}
	fputs("}", stdout);
	if (wr)
		witness_print_json(stdout, wo, p, wr);
	fputs("}", stdout);
}

/* "insn I: message" of Linux's rejection, into buf. */
static const char *linux_reason(const struct bpfcheck_verdict *r, char *buf,
				size_t len)
{
	if (r->linux_error_insn >= 0)
		snprintf(buf, len, "insn %lld: %s",
			 (long long)r->linux_error_insn, r->linux_error);
	else
		snprintf(buf, len, "%s", r->linux_error);
	return buf;
}

/* "PASS ..." or "FAIL ...: why" for one program; --stats adds figures. */
static void text_prog(const char *file, const struct bpfcheck_prog *p,
		      const struct bpfcheck_verdict *r, bool explain)
{
	char loc[600];

	if (r->accepted) {
		printf("PASS %s %s/%s (%llu insns processed", file,
		       bpfcheck_prog_section(p), bpfcheck_prog_name(p),
		       (unsigned long long)r->processed_insns);
		if (r->linux_verdict == BPFCHECK_LINUX_REJECT)
			printf("; Linux would reject: %s",
			       linux_reason(r, loc, sizeof(loc)));
		puts(")");
		return;
	}
	diag_text_loc(p, r, loc, sizeof(loc));
	printf("FAIL %s %s/%s: ", file, bpfcheck_prog_section(p),
	       bpfcheck_prog_name(p));
	if (r->error_insn >= 0)
		printf("insn %lld: ", (long long)r->error_insn);
	/* Linux's line above the error says what was accessed where */
	printf("%s%s%s%s%s%s\n", r->error, *r->error_detail ? "; " : "",
	       r->error_detail, *loc ? " (" : "", loc, *loc ? ")" : "");
	if (explain)
		explain_print(stdout, p, r);
	/* why the loop was not proven instead */
	if (r->loops_explored && *r->note && strcmp(r->note, r->error))
		printf("  %s\n", r->note);
}

static void stats_prog(const struct bpfcheck_verdict *r)
{
	printf("  verdict %s, processed %llu insns, "
	       "total states %llu, peak states %llu, "
	       "max states per insn %llu, duration "
	       "%llu us, peak memory %llu KiB, stack "
	       "depth %u\n",
	       r->accepted ? "accept" : "reject",
	       (unsigned long long)r->processed_insns,
	       (unsigned long long)r->total_states,
	       (unsigned long long)r->peak_states,
	       (unsigned long long)r->max_states_per_insn,
	       (unsigned long long)r->duration_us,
	       (unsigned long long)r->peak_mem_kb, r->stack_depth);
	if (r->linux_verdict != BPFCHECK_LINUX_UNKNOWN)
		printf("  linux: %s, processed %llu insns\n",
		       r->linux_verdict == BPFCHECK_LINUX_ACCEPT ? "accept" :
								   "reject",
		       (unsigned long long)r->linux_processed_insns);
	if (r->accepted && r->has_worst_case)
		printf("  worst case: at most %llu insns executed "
		       "by any run\n",
		       (unsigned long long)r->worst_case_insns);
	else if (r->accepted)
		printf("  worst case: no bound (a loop or callback "
		       "was explored, not proven)\n");
	if (r->loops_proven || r->loops_explored)
		printf("  loops: %u proven by induction (largest "
		       "trip bound %llu)%s%s\n",
		       r->loops_proven, (unsigned long long)r->max_trip,
		       r->loops_explored ? "; explored "
					   "iteration by iteration; " :
					   "",
		       r->loops_explored ? r->note : "");
}

enum out_format { OUT_TEXT, OUT_JSON, OUT_TABLE, OUT_CSV, OUT_SARIF };

struct verify_args {
	struct cli_input in;
	struct bpfcheck_verify_opts vo;
	bool json, stats, compare, explain;
	enum out_format out;
	struct stats_spec spec;
	const char *emit;
	const char *kernels; /* --kernels LIST */
	const char *btf_dir; /* --btf-dir DIR */
	int jobs;
	struct witness_out wit; /* --witness FILE */
};

static bool parse_format(const char *arg, enum out_format *out)
{
	static const char *names[] = { "text", "json", "table", "csv",
				       "sarif" };

	for (int i = 0; i < 5; i++)
		if (!strcmp(arg, names[i])) {
			*out = (enum out_format)i;
			return true;
		}
	return false;
}

/* -o, -e and -C together; -1 to go on, else the exit status. */
static int check_formats(int argc, struct verify_args *a)
{
	enum stats_format f = a->out == OUT_CSV ? STATS_CSV : STATS_TABLE;
	bool veristat = a->out == OUT_TABLE || a->out == OUT_CSV;

	if (a->compare &&
	    (argc - optind != 2 || a->out == OUT_JSON || a->out == OUT_SARIF))
		return cli_usage_error("verify", "-C takes two CSV files and "
						 "prints a table or csv");
	if (a->explain && (a->out != OUT_TEXT || a->kernels))
		return cli_usage_error("verify", "--explain explains the text "
						 "output's FAIL lines");
	if (a->emit && !veristat && !a->compare)
		return cli_usage_error("verify", "-e needs -o table or -o csv");
	stats_default_spec(&a->spec, f);
	if (a->emit && !stats_parse_spec(a->emit, &a->spec))
		return EXIT_BADINPUT;
	a->json = a->out == OUT_JSON;
	return -1;
}

/* A number option's value in [1, max]; false when it is not one. */
static bool parse_count(const char *arg, uint64_t max, uint64_t *v)
{
	char *end;

	*v = strtoull(arg, &end, 10);
	return !*end && *arg != '-' && *v && *v <= max;
}

/*
 * One verify option into *a: -1 taken, -2 not a verify option, else the
 * exit status of a bad value.
 */
static int take_option(struct verify_args *a, int c, const char *arg)
{
	struct bpfcheck_verify_opts *vo = &a->vo;
	uint64_t v;

	switch (c) {
	case OPT_LOG:
		v = 0;
		if (strcmp(arg, "0") && !parse_count(arg, 2, &v))
			return cli_usage_error("verify",
					       "bad --log-level '%s' "
					       "(0, 1 or 2)",
					       arg);
		vo->log_level = (int)v;
		return -1;
	case OPT_STATS: a->stats = true; return -1;
	case OPT_EXPLAIN: a->explain = true; return -1;
	case OPT_JSON: a->out = OUT_JSON; return -1;
	case 'e': a->emit = arg; return -1;
	case 'C': a->compare = true; return -1;
	case OPT_UNPRIV: vo->unprivileged = true; return -1;
	case OPT_CAP_BPF: vo->cap_bpf = true; return -1;
	case OPT_REJECT_IRR: vo->reject_irreducible = true; return -1;
	case OPT_LINUX_COMPAT: vo->linux_compat = true; return -1;
	case OPT_NO_PREC: vo->no_precision = true; return -1;
	case OPT_KERNEL: vo->kernel = arg; return -1;
	case OPT_KERNELS: a->kernels = arg; return -1;
	case OPT_BTF_DIR: a->btf_dir = arg; return -1;
	case OPT_WITNESS: a->wit.path = arg; return -1;
	case 'o':
		if (parse_format(arg, &a->out))
			return -1;
		return cli_usage_error("verify",
				       "bad -o '%s' (text, json, "
				       "sarif, table or csv)",
				       arg);
	case 'j':
		if (!parse_count(arg, 1024, &v))
			return cli_usage_error("verify",
					       "bad -j '%s' (1 to "
					       "1024)",
					       arg);
		a->jobs = (int)v;
		return -1;
	case OPT_BUDGET:
		if (!parse_count(arg, UINT64_MAX, &vo->insn_budget))
			return cli_usage_error("verify",
					       "bad --insn-budget "
					       "'%s'",
					       arg);
		return -1;
	case OPT_MAX_WORST:
		if (!parse_count(arg, UINT64_MAX, &vo->max_worst_case))
			return cli_usage_error("verify",
					       "bad --max-worst-case "
					       "'%s'",
					       arg);
		return -1;
	case OPT_PROG_FLAGS:
		if (parse_prog_flags(arg, &vo->prog_flags))
			return -1;
		return cli_usage_error("verify", "bad --prog-flags '%s'", arg);
	}
	return -2;
}

/* Options that do not go together; -1 to go on, else the exit status. */
static int check_combinations(int argc, struct verify_args *a)
{
	struct bpfcheck_verify_opts *vo = &a->vo;

	if (vo->linux_compat &&
	    (vo->insn_budget || vo->reject_irreducible || vo->max_worst_case))
		return cli_usage_error("verify",
				       "--linux-compat uses Linux's "
				       "limits and rules: no --insn-budget, "
				       "--max-worst-case or "
				       "--reject-irreducible");
	if (vo->kernel && !bc_kernel_find(vo->kernel))
		return cli_usage_error("verify",
				       "bad --kernel '%s' (5.10 onwards)",
				       vo->kernel);
	if (a->kernels && (vo->kernel || a->compare || a->out == OUT_TABLE ||
			   a->out == OUT_SARIF))
		return cli_usage_error("verify", "--kernels takes no --kernel, "
						 "-C, -o table or -o sarif");
	if (a->wit.path && (a->kernels || a->compare))
		return cli_usage_error("verify",
				       "--witness takes no --kernels or -C");
	if (a->btf_dir && !a->kernels)
		return cli_usage_error("verify",
				       "--btf-dir goes with --kernels");
	if (a->jobs > 1 && vo->log_level)
		return cli_usage_error("verify", "-j and --log-level: the logs "
						 "would interleave");
	vo->predict_linux = true;
	if (vo->cap_bpf && !vo->unprivileged)
		return cli_usage_error("verify", "--cap-bpf needs "
						 "--unprivileged");
	if (vo->log_level)
		vo->log = stderr;
	if (optind >= argc)
		return cli_usage_error("verify", "missing FILE");
	return check_formats(argc, a);
}

/* Options into *a; -1 to go on, else the exit status (help, bad usage). */
static int parse_args(int argc, char **argv, struct verify_args *a)
{
	static const struct option opts[] = {
		CLI_INPUT_OPTIONS,
		{ "log-level", required_argument, NULL, OPT_LOG },
		{ "stats", no_argument, NULL, OPT_STATS },
		{ "explain", no_argument, NULL, OPT_EXPLAIN },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "unprivileged", no_argument, NULL, OPT_UNPRIV },
		{ "cap-bpf", no_argument, NULL, OPT_CAP_BPF },
		{ "reject-irreducible", no_argument, NULL, OPT_REJECT_IRR },
		{ "no-precision", no_argument, NULL, OPT_NO_PREC },
		{ "insn-budget", required_argument, NULL, OPT_BUDGET },
		{ "prog-flags", required_argument, NULL, OPT_PROG_FLAGS },
		{ "linux-compat", no_argument, NULL, OPT_LINUX_COMPAT },
		{ "max-worst-case", required_argument, NULL, OPT_MAX_WORST },
		{ "output-format", required_argument, NULL, 'o' },
		{ "emit", required_argument, NULL, 'e' },
		{ "compare", no_argument, NULL, 'C' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "kernel", required_argument, NULL, OPT_KERNEL },
		{ "kernels", required_argument, NULL, OPT_KERNELS },
		{ "btf-dir", required_argument, NULL, OPT_BTF_DIR },
		{ "witness", required_argument, NULL, OPT_WITNESS },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	int c, r;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "hCo:e:j:" CLI_INPUT_SHORT, opts,
				NULL)) != -1) {
		if (cli_input_option(&a->in, c, optarg))
			continue;
		if (c == 'h') {
			help(stdout);
			return 0;
		}
		r = take_option(a, c, optarg);
		if (r == -2)
			return cli_usage_error("verify", "unknown option '%s'",
					       argv[optind - 1]);
		if (r != -1)
			return r;
	}
	return check_combinations(argc, a);
}

/* Where results go: the options, and the rows of a table or CSV. */
struct verify_out {
	struct verify_args *a;
	struct stats_rows rows;
	bool first; /* no JSON program printed yet */
};

/* One program's result, in the chosen format; returns its exit status. */
static int report(struct verify_out *o, const char *file,
		  const struct bpfcheck_prog *p, int vrc,
		  const struct bpfcheck_verdict *r)
{
	struct witness_result wr, *w = NULL;

	if (vrc < 0) {
		cli_error("%s: %s: %s", file, bpfcheck_prog_name(p),
			  r->error ? r->error : "cannot be verified");
		return EXIT_BADINPUT;
	}
	if (o->a->wit.path && !r->accepted) {
		witness_verify(&o->a->wit, p, r, o->a->vo.unprivileged, &wr);
		w = &wr;
	}
	switch (o->a->out) {
	case OUT_JSON:
		json_prog(file, p, r, o->first, &o->a->wit, w);
		o->first = false;
		break;
	case OUT_SARIF: sarif_result(stdout, &o->first, file, p, r); break;
	case OUT_TABLE:
	case OUT_CSV: stats_add(&o->rows, file, p, r); break;
	case OUT_TEXT:
		text_prog(file, p, r, o->a->explain);
		if (w)
			witness_print_text(stdout, &o->a->wit, p, w);
		print_warnings(r, false);
		if (o->a->stats) {
			stats_prog(r);
			stats_externs(p);
		}
		break;
	}
	return r->accepted ? 0 : EXIT_REJECT;
}

/* One thread: each program as it comes (cli_each_prog). */
static int verify_one(void *arg, const char *file,
		      const struct bpfcheck_prog *p)
{
	struct verify_out *o = arg;
	struct bpfcheck_verdict r = { .sz = sizeof(r) };
	int vrc = bpfcheck_verify(p, &o->a->vo, &r);

	return report(o, file, p, vrc, &r);
}

struct par_out {
	struct verify_out *o;
	int rc;
};

static void par_output(void *arg, struct verify_job *j)
{
	struct par_out *po = arg;
	int r = report(po->o, j->file, j->prog, j->rc, &j->res);

	po->rc = r > po->rc ? r : po->rc;
}

/*
 * -j N: open every file (errors in input order), then verify all
 * selected programs on N threads; returns the exit status.
 */
static int verify_parallel(struct verify_out *o, int argc, char **argv)
{
	struct bpfcheck_object **objs = calloc(argc, sizeof(*objs));
	struct verify_job *jobs = NULL;
	size_t n = 0, cap = 0;
	struct par_out po = { o, objs ? 0 : EXIT_BADINPUT };
	int jn = o->a->jobs;

	for (int i = optind; objs && i < argc; i++) {
		bool skipped = false;

		objs[i] = cli_open(argv[i], &o->a->in, &skipped);
		if (!objs[i] && !skipped)
			po.rc = EXIT_BADINPUT;
		for (size_t k = 0;
		     objs[i] && k < bpfcheck_object_prog_count(objs[i]); k++) {
			const struct bpfcheck_prog *p =
				bpfcheck_object_prog(objs[i], k);

			if (!cli_prog_selected(&o->a->in, argv[i], p))
				continue;
			BC_GROW(jobs, cap, n + 1);
			memset(&jobs[n], 0, sizeof(jobs[n]));
			jobs[n].file = argv[i];
			jobs[n++].prog = p;
		}
	}
	if (n && !verify_jobs_run(jobs, n, jn, &o->a->vo, par_output, &po)) {
		cli_error("cannot start %d threads", jn);
		po.rc = EXIT_BADINPUT;
	}
	for (int i = optind; objs && i < argc; i++)
		if (objs[i])
			bpfcheck_object_close(objs[i]);
	free(objs);
	free(jobs);
	return po.rc;
}

int cmd_verify(int argc, char **argv)
{
	struct verify_args a = { .vo.sz = sizeof(a.vo) };
	struct verify_out o = { .a = &a, .first = true };
	int rc = parse_args(argc, argv, &a);

	if (rc >= 0)
		return rc;
	if (a.compare)
		return stats_compare(
			argv[optind], argv[optind + 1], a.emit ? &a.spec : NULL,
			a.out == OUT_CSV ? STATS_CSV : STATS_TABLE);
	if (a.kernels)
		return kernels_matrix(argc, argv, &a.in, &a.vo, a.kernels,
				      a.btf_dir,
				      a.out == OUT_JSON ? MATRIX_JSON :
				      a.out == OUT_CSV	? MATRIX_CSV :
							  MATRIX_TEXT);
	if (a.json)
		fputs("{\"programs\":[", stdout);
	if (a.out == OUT_SARIF)
		sarif_begin(stdout);
	rc = a.jobs > 1 ? verify_parallel(&o, argc, argv) :
			  cli_each_prog(argc, argv, &a.in, verify_one, &o);
	if (a.json)
		fputs("]}\n", stdout);
	if (a.out == OUT_SARIF)
		sarif_end(stdout, rc != EXIT_BADINPUT);
	if (a.out == OUT_TABLE || a.out == OUT_CSV)
		stats_print(&o.rows, &a.spec,
			    a.out == OUT_CSV ? STATS_CSV : STATS_TABLE);
	stats_free(&o.rows);
	if (witness_close(&a.wit))
		rc = EXIT_BADINPUT;
	return rc;
}
