// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Witnesses on the command line (witness.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "witness.h"
#include "isa/insn.h"

/* The classes of rejection a run can show as a fault (diag.h's ids). */
static const char *const memory_rules[] = {
	"reference-leak",     "packet-bounds",		"map-value-bounds",
	"stack-access",	      "memory-bounds",		"null-dereference",
	"scalar-dereference", "uninitialized-register",
};

static const char *rule_of(const struct bpfcheck_verdict *r)
{
	size_t n;

	return diag_rules(&n)[diag_rule_of(r)].id;
}

static bool is_memory_rule(const char *id)
{
	for (size_t i = 0; i < sizeof(memory_rules) / sizeof(*memory_rules);
	     i++)
		if (!strcmp(id, memory_rules[i]))
			return true;
	return false;
}

static const char *no_witness_note =
	"no witness found: the rejection may be a limit of the analysis "
	"rather than a real fault";

void witness_verify(struct witness_out *o, const struct bpfcheck_prog *p,
		    const struct bpfcheck_verdict *r, bool unprivileged,
		    struct witness_result *res)
{
	const struct bc_prog *m = cli_model_prog(p);
	struct bc_witness_goal g = { .insn = r->error_insn,
				     .stack_init = unprivileged };
	struct bc_witness w;

	memset(res, 0, sizeof(*res));
	res->rule = rule_of(r);
	if (r->accepted || r->error_insn < 0 ||
	    (uint64_t)r->error_insn >= m->insn_cnt ||
	    !is_memory_rule(res->rule))
		return;
	res->searched = true;
	/* rejected arithmetic (a pointer that may leave its region): the
	 * access through it faults later */
	switch (bc_insn_kind(&m->insns[r->error_insn])) {
	case BC_INSN_ALU:
	case BC_INSN_ALU64: g.after = true; break;
	default: break;
	}
	if (!bc_witness_search(m->obj, m, &g, 0, &w, &res->f))
		return;
	res->found = true;
	if (!o->f) {
		o->f = fopen(o->path, "w");
		if (!o->f)
			cli_error("--witness: %s: %s", o->path,
				  strerror(errno));
	}
	if (o->f) {
		char msg[700];

		snprintf(msg, sizeof(msg), "insn %lld: %s",
			 (long long)r->error_insn, r->error);
		bc_witness_write(o->f, m->obj, &w, &res->f, msg);
		fputc('\n', o->f);
	}
	bc_witness_free(&w);
}

int witness_close(struct witness_out *o)
{
	if (o->f && fclose(o->f)) {
		cli_error("--witness: %s: %s", o->path, strerror(errno));
		return EXIT_BADINPUT;
	}
	o->f = NULL;
	return 0;
}

/* The fault's message after its "insn N: ". */
static const char *fault_text(const struct bc_witness_fault *f)
{
	const char *s = f->msg;

	if (!strncmp(s, "insn ", 5) && strstr(s, ": "))
		s = strstr(s, ": ") + 2;
	return s;
}

/* "insn 8 (file.c:31): message[; acquired at insn 4 (file.c:20)]" */
static void print_fault(FILE *f, const struct bpfcheck_prog *p,
			const struct bc_witness_fault *wf)
{
	char at[300];

	fprintf(f, "insn %lld", (long long)wf->insn);
	if (*cli_srcloc(p, (uint32_t)wf->insn, at, sizeof(at)))
		fprintf(f, " (%s)", at);
	fprintf(f, ": %s", fault_text(wf));
	if (wf->acq_insn >= 0 &&
	    *cli_srcloc(p, (uint32_t)wf->acq_insn, at, sizeof(at)))
		fprintf(f, " (%s)", at);
}

void witness_print_text(FILE *f, const struct witness_out *o,
			const struct bpfcheck_prog *p,
			const struct witness_result *res)
{
	if (!res->searched) {
		fprintf(f,
			"  witness: not searched (a %s rejection is not a "
			"fault a run can show)\n",
			res->rule);
		return;
	}
	if (!res->found) {
		fprintf(f, "  witness: %s\n", no_witness_note);
		return;
	}
	fputs("  witness: ", f);
	print_fault(f, p, &res->f);
	fprintf(f, "; written to %s\n", o->path);
}

static const char *kind_name(enum bc_fault_kind k)
{
	switch (k) {
	case BC_FAULT_MEMORY: return "memory";
	case BC_FAULT_UNINIT: return "uninitialized";
	case BC_FAULT_LEAK: return "leak";
	case BC_FAULT_NONE:
	case BC_FAULT_OTHER: break;
	}
	return "other";
}

/* "fault":{"insn":I, position,"kind":K,"message":M} */
static void json_fault(FILE *f, const struct bpfcheck_prog *p,
		       const struct bc_witness_fault *wf)
{
	fprintf(f, "\"fault\":{\"insn\":%lld", (long long)wf->insn);
	diag_json_pos(f, p, wf->insn);
	fprintf(f, ",\"kind\":\"%s\",\"message\":", kind_name(wf->kind));
	cli_json_str(f, fault_text(wf));
	if (wf->acq_insn >= 0) {
		fprintf(f, ",\"acquired_at\":{\"insn\":%lld",
			(long long)wf->acq_insn);
		diag_json_pos(f, p, wf->acq_insn);
		fputc('}', f);
	}
	fputc('}', f);
}

void witness_print_json(FILE *f, const struct witness_out *o,
			const struct bpfcheck_prog *p,
			const struct witness_result *res)
{
	fprintf(f, ",\"witness\":{\"rule\":\"%s\",\"searched\":%s,\"found\":%s",
		res->rule, res->searched ? "true" : "false",
		res->found ? "true" : "false");
	if (res->found) {
		fputs(",\"file\":", f);
		cli_json_str(f, o->path);
		fputc(',', f);
		json_fault(f, p, &res->f);
	} else if (res->searched) {
		fputs(",\"note\":", f);
		cli_json_str(f, no_witness_note);
	}
	fputc('}', f);
}

/* ---- run --replay, run --search-witness ---- */

static char *read_text(const char *file)
{
	struct bc_err err;
	uint8_t *data;
	size_t len;
	char *s;

	bc_err_init(&err);
	if (bc_read_file(file, &data, &len, &err)) {
		cli_error("%s", err.msg);
		return NULL;
	}
	s = bc_xmalloc(len + 1);
	memcpy(s, data, len);
	s[len] = 0;
	free(data);
	return s;
}

static const struct bc_prog *find_prog(const struct bc_object *obj,
				       const char *name)
{
	for (uint32_t i = 0; i < obj->prog_cnt; i++)
		if (!strcmp(obj->progs[i].name, name))
			return &obj->progs[i];
	return NULL;
}

static void print_outcome(const struct bc_prog *p,
			  const struct bc_witness_fault *f, bool json)
{
	const struct bpfcheck_prog *ap = cli_api_prog(p);

	if (json) {
		fputs("{\"program\":", stdout);
		cli_json_str(stdout, p->name);
		fputc(',', stdout);
		if (f->kind == BC_FAULT_NONE || f->kind == BC_FAULT_OTHER)
			fputs("\"fault\":null", stdout);
		else
			json_fault(stdout, ap, f);
		if (f->kind == BC_FAULT_OTHER) {
			fputs(",\"error\":", stdout);
			cli_json_str(stdout, f->msg);
		}
		fputs("}\n", stdout);
		return;
	}
	if (f->kind == BC_FAULT_NONE) {
		printf("%s: the run ends without a fault\n", p->name);
	} else if (f->kind == BC_FAULT_OTHER) {
		printf("%s: the run stops without a fault: %s\n", p->name,
		       f->msg);
	} else {
		printf("%s: fault at ", p->name);
		print_fault(stdout, ap, f);
		putchar('\n');
	}
}

static bool faults(const struct bc_witness_fault *f)
{
	return f->kind != BC_FAULT_NONE && f->kind != BC_FAULT_OTHER;
}

int witness_replay(const char *path, const char *file, struct bc_object *obj,
		   const struct cli_input *in, bool json)
{
	char *text = read_text(file), *name;
	const struct bc_prog *p;
	struct bc_witness_fault f;
	struct bc_witness w = { 0 };
	struct bc_err err;
	int rc = EXIT_BADINPUT;

	if (!text)
		return EXIT_BADINPUT;
	name = in->prog_cnt ? bc_xstrdup(in->progs[0]) :
			      bc_witness_first_prog(text);
	p = name ? find_prog(obj, name) : NULL;
	bc_err_init(&err);
	if (!name)
		cli_error("%s: no 'program' line", file);
	else if (!p)
		cli_error("%s: no program named '%s'", path, name);
	else if (bc_witness_parse(text, obj, name, &w, &err))
		cli_error("%s: %s", file, err.msg);
	else if (!bc_witness_run(obj, p, &w, -1, &f, &err))
		cli_error("%s: %s", file, err.msg);
	else
		rc = (print_outcome(p, &f, json), faults(&f)) ? EXIT_REJECT : 0;
	bc_witness_free(&w);
	free(name);
	free(text);
	return rc;
}

int witness_search_any(const char *file, const struct bc_prog *p,
		       unsigned budget_ms, bool stack_init, bool json)
{
	struct bc_witness_goal g = { .insn = -1, .stack_init = stack_init };
	struct bc_witness_fault f;
	struct bc_witness w;
	FILE *out;

	if (!bc_witness_search(p->obj, p, &g, budget_ms, &w, &f)) {
		memset(&f, 0, sizeof(f));
		if (json)
			print_outcome(p, &f, true);
		else
			printf("%s: no input found that makes it fault\n",
			       p->name);
		return 0;
	}
	out = fopen(file, "w");
	if (!out ||
	    (bc_witness_write(out, p->obj, &w, &f, NULL), fclose(out))) {
		cli_error("%s: %s", file, strerror(errno));
		bc_witness_free(&w);
		return EXIT_BADINPUT;
	}
	bc_witness_free(&w);
	print_outcome(p, &f, json);
	return EXIT_REJECT;
}
