// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* bpfcheck verify: the Linux-style safety verdict of each program. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "isa/insn.h"
#include "platform/helpers.h"
#include "verifier/verify.h"

enum {
	OPT_LOG = OPT_CMD_BASE,
	OPT_STATS,
	OPT_JSON,
	OPT_UNPRIV,
	OPT_REJECT_IRR,
	OPT_BUDGET,
	OPT_NO_PREC,
	OPT_PROG_FLAGS,
};

static void help(FILE *f)
{
	fprintf(f,
		"Usage: bpfcheck verify [OPTIONS] FILE...\n\n"
		"Verify every program of every FILE with the Linux verifier's\n"
		"safety rules and print one line per program:\n"
		"  PASS file.o section/name (N insns processed)\n"
		"  FAIL file.o section/name: insn I: message (file.c:LINE)\n\n"
		"Options:\n"
		"  --log-level N    0 none, 1 the path to the error, 2 every insn\n"
		"                   (the log goes to stderr)\n"
		"  --stats          veristat figures per program\n"
		"  --json           one JSON document (schema in the README)\n"
		"  --unprivileged   verify as a loader without CAP_BPF/CAP_PERFMON\n"
		"  --reject-irreducible  irreducible loops are an error\n"
		"  --no-precision   no precision tracking: prune only where every\n"
		"                   scalar is contained (slower, same verdicts)\n"
		"  --insn-budget N  processed-instruction limit (default 1000000)\n"
		"  --prog-flags NAME[,NAME]  the load's flags (prog_flags):\n"
		"                   BPF_F_STRICT_ALIGNMENT, BPF_F_ANY_ALIGNMENT,\n"
		"                   BPF_F_SLEEPABLE are honoured;\n"
		"                   BPF_F_TEST_STATE_FREQ, BPF_F_XDP_HAS_FRAGS\n"
		"                   are accepted and have no effect yet\n"
		CLI_INPUT_HELP
		"  -h, --help       this help\n\n"
		"Exit status: 0 all accepted, 1 a program was rejected, 2 bad input.\n");
}

/*
 * Calls to helpers a kernel offers only when built or booted so
 * (bc_helper_config): one warning each, in text or as JSON strings.
 */
static void config_warnings(const struct bc_prog *p, bool json)
{
	uint64_t seen[2] = { 0 };	/* helper ids below 128 warned about */
	bool first = true;

	for (uint32_t i = 0; i < p->insn_cnt; i++) {
		const struct bpf_insn *in = &p->insns[i];
		const char *config;
		char msg[256];

		if (!bc_is_helper_call(in) || in->imm < 0 || in->imm >= 128 ||
		    !(config = bc_helper_config(in->imm)) ||
		    (seen[in->imm / 64] & (1ull << (in->imm % 64))))
			continue;
		seen[in->imm / 64] |= 1ull << (in->imm % 64);
		snprintf(msg, sizeof(msg), "%s is available only with %s; "
			 "other kernels refuse this program",
			 bc_helper_name(in->imm), config);
		if (!json) {
			printf("  warning: %s\n", msg);
			continue;
		}
		fputs(first ? ",\"warnings\":[" : ",", stdout);
		cli_json_str(stdout, msg);
		first = false;
	}
	if (json && !first)
		putchar(']');
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
static bool parse_prog_flags(const char *arg, uint32_t *flags)
{
	char *copy = strdup(arg), *save = NULL;
	bool ok = copy != NULL;

	for (char *t = copy ? strtok_r(copy, ",", &save) : NULL; t && ok;
	     t = strtok_r(NULL, ",", &save)) {
		size_t i, n = sizeof(prog_flag_names) / sizeof(prog_flag_names[0]);

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

static void json_prog(const char *file, const struct bc_prog *p,
		      const struct bc_verify_result *r, bool first)
{
	fputs(first ? "" : ",", stdout);
	fputs("{\"file\":", stdout);
	cli_json_str(stdout, file);
	fputs(",\"section\":", stdout);
	cli_json_str(stdout, p->section ? p->section : "");
	fputs(",\"name\":", stdout);
	cli_json_str(stdout, p->name ? p->name : "");
	fputs(",\"type\":", stdout);
	cli_json_str(stdout, bc_progtype_name(p->type) ?
		     bc_progtype_name(p->type) : "unknown");
	printf(",\"verdict\":\"%s\"", r->accepted ? "accept" : "reject");
	if (!r->accepted) {
		fputs(",\"error\":{\"message\":", stdout);
		cli_json_str(stdout, r->error);
		printf(",\"insn\":%lld}", (long long)r->error_insn);
	}
	printf(",\"processed_insns\":%llu,\"total_states\":%llu,"
	       "\"peak_states\":%llu,\"max_states_per_insn\":%llu,"
	       "\"duration_us\":%llu,\"peak_mem_kb\":%ld,\"stack_depth\":%u",
	       (unsigned long long)r->processed_insns,
	       (unsigned long long)r->total_states,
	       (unsigned long long)r->peak_states,
	       (unsigned long long)r->max_states_per_insn,
	       (unsigned long long)r->duration_us, r->peak_mem_kb,
	       r->stack_depth);
	if (r->has_worst_case)
		printf(",\"worst_case_insns\":%llu",
		       (unsigned long long)r->worst_case_insns);
	config_warnings(p, true);
	/* loops: proven by induction, or explored iteration by iteration */
	printf(",\"loops\":{\"proven\":%u,\"max_trip\":%llu,"
	       "\"explored\":%s,\"first_pass_insns\":%llu",
	       r->loops_proven, (unsigned long long)r->max_trip,
	       r->loops_explored ? "true" : "false",
	       (unsigned long long)r->first_pass_insns);
	if (r->loop_note[0]) {
		fputs(",\"note\":", stdout);
		cli_json_str(stdout, r->loop_note);
	}
	fputs("}}", stdout);
}

/* "PASS ..." or "FAIL ...: why" for one program; --stats adds figures. */
static void text_prog(const char *file, const struct bc_prog *p,
		      const struct bc_verify_result *r)
{
	char loc[256];

	if (r->accepted) {
		printf("PASS %s %s/%s (%llu insns processed)\n",
		       file, p->section, p->name,
		       (unsigned long long)r->processed_insns);
		return;
	}
	loc[0] = 0;
	if (r->error_insn >= 0)
		cli_srcloc(p, (uint32_t)r->error_insn, loc, sizeof(loc));
	printf("FAIL %s %s/%s: ", file, p->section, p->name);
	if (r->error_insn >= 0)
		printf("insn %lld: ", (long long)r->error_insn);
	printf("%s%s%s%s\n", r->error, *loc ? " (" : "", loc,
	       *loc ? ")" : "");
	/* why the loop was not proven instead */
	if (r->loops_explored && r->loop_note[0] &&
	    strcmp(r->loop_note, r->error))
		printf("  %s\n", r->loop_note);
}

static void stats_prog(const struct bc_verify_result *r)
{
	printf("  verdict %s, processed %llu insns, "
	       "total states %llu, peak states %llu, "
	       "max states per insn %llu, duration "
	       "%llu us, peak memory %ld KiB, stack "
	       "depth %u\n",
	       r->accepted ? "success" : "failure",
	       (unsigned long long)r->processed_insns,
	       (unsigned long long)r->total_states,
	       (unsigned long long)r->peak_states,
	       (unsigned long long)r->max_states_per_insn,
	       (unsigned long long)r->duration_us,
	       r->peak_mem_kb, r->stack_depth);
	if (r->accepted && r->has_worst_case)
		printf("  worst case: at most %llu insns executed "
		       "by any run\n",
		       (unsigned long long)r->worst_case_insns);
	else if (r->accepted)
		printf("  worst case: no bound (a loop or callback "
		       "was explored, not proven)\n");
	if (r->loops_proven || r->loops_explored)
		printf("  loops: %u proven by induction (largest "
		       "trip bound %llu)%s%s\n", r->loops_proven,
		       (unsigned long long)r->max_trip,
		       r->loops_explored ? "; explored "
		       "iteration by iteration; " : "",
		       r->loops_explored ? r->loop_note : "");
}

struct verify_args {
	struct cli_input in;
	struct bc_verify_opts vo;
	bool json, stats;
};

/* Options into *a; -1 to go on, else the exit status (help, bad usage). */
static int parse_args(int argc, char **argv, struct verify_args *a)
{
	static const struct option opts[] = {
		CLI_INPUT_OPTIONS,
		{ "log-level", required_argument, NULL, OPT_LOG },
		{ "stats", no_argument, NULL, OPT_STATS },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "unprivileged", no_argument, NULL, OPT_UNPRIV },
		{ "reject-irreducible", no_argument, NULL, OPT_REJECT_IRR },
		{ "no-precision", no_argument, NULL, OPT_NO_PREC },
		{ "insn-budget", required_argument, NULL, OPT_BUDGET },
		{ "prog-flags", required_argument, NULL, OPT_PROG_FLAGS },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	struct bc_verify_opts *vo = &a->vo;
	char *end;
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (cli_input_option(&a->in, c, optarg))
			continue;
		switch (c) {
		case OPT_LOG:
			vo->log_level = (int)strtol(optarg, &end, 10);
			if (*end || vo->log_level < 0 || vo->log_level > 2)
				return cli_usage_error("verify", "bad --log-level "
						       "'%s' (0, 1 or 2)", optarg);
			break;
		case OPT_STATS:
			a->stats = true;
			break;
		case OPT_JSON:
			a->json = true;
			break;
		case OPT_UNPRIV:
			vo->unprivileged = true;
			break;
		case OPT_REJECT_IRR:
			vo->reject_irreducible = true;
			break;
		case OPT_NO_PREC:
			vo->no_precision = true;
			break;
		case OPT_BUDGET:
			vo->insn_budget = strtoull(optarg, &end, 10);
			if (*end || !vo->insn_budget)
				return cli_usage_error("verify", "bad "
						       "--insn-budget '%s'",
						       optarg);
			break;
		case OPT_PROG_FLAGS:
			if (!parse_prog_flags(optarg, &vo->prog_flags))
				return cli_usage_error("verify", "bad "
						       "--prog-flags '%s'",
						       optarg);
			break;
		case 'h':
			help(stdout);
			return 0;
		default:
			return cli_usage_error("verify", "unknown option '%s'",
					       argv[optind - 1]);
		}
	}
	if (optind >= argc)
		return cli_usage_error("verify", "missing FILE");
	if (vo->log_level)
		vo->log = stderr;
	return -1;
}

int cmd_verify(int argc, char **argv)
{
	struct verify_args a = { 0 };
	bool first = true, bad = false;
	int rc = parse_args(argc, argv, &a);

	if (rc >= 0)
		return rc;
	rc = 0;
	if (a.json)
		fputs("{\"programs\":[", stdout);
	for (int i = optind; i < argc; i++) {
		const char *file = argv[i];
		struct bc_object *obj = cli_open(file, &a.in);

		if (!obj) {
			bad = true;
			continue;
		}
		for (uint32_t k = 0; k < obj->prog_cnt; k++) {
			const struct bc_prog *p = &obj->progs[k];
			struct bc_verify_result r;

			if (!cli_selected(&a.in, p))
				continue;
			if (bc_verify(p, &a.vo, &r) < 0) {
				cli_error("%s: %s: %s", file, p->name, r.error);
				bad = true;
				continue;
			}
			if (!r.accepted && !rc)
				rc = EXIT_REJECT;
			if (a.json) {
				json_prog(file, p, &r, first);
				first = false;
				continue;
			}
			text_prog(file, p, &r);
			config_warnings(p, false);
			if (a.stats)
				stats_prog(&r);
		}
		bc_object_free(obj);
	}
	if (a.json)
		fputs("]}\n", stdout);
	if (bad)
		return EXIT_BADINPUT;
	return rc;
}
