// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* verify -o sarif (sarif.h), written with cli_json_str as -o json is. */
#include <ctype.h>
#include <string.h>

#include "cli.h"
#include "diag.h"
#include "sarif.h"

#define SARIF_SCHEMA                                                           \
	"https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/"          \
	"schemas/sarif-schema-2.1.0.json"

void sarif_begin(FILE *f)
{
	size_t n;
	const struct diag_rule *rules = diag_rules(&n);

	fputs("{\"$schema\":\"" SARIF_SCHEMA "\",\"version\":\"2.1.0\","
	      "\"runs\":[{\"tool\":{\"driver\":{\"name\":\"bpfcheck\","
	      "\"version\":",
	      f);
	cli_json_str(f, bpfcheck_version_string());
	fputs(",\"rules\":[", f);
	for (size_t i = 0; i < n; i++) {
		fputs(i ? ",{\"id\":" : "{\"id\":", f);
		cli_json_str(f, rules[i].id);
		fputs(",\"name\":", f);
		cli_json_str(f, rules[i].name);
		fputs(",\"shortDescription\":{\"text\":", f);
		cli_json_str(f, rules[i].text);
		fputs("},\"defaultConfiguration\":{\"level\":\"error\"}}", f);
	}
	fputs("]}},\"results\":[", f);
}

/*
 * A source path as a URI: relative ones against %SRCROOT% (where the
 * compiler ran), absolute ones as file: URIs; bytes other than a URI's
 * unreserved ones and '/' percent-encoded.
 */
static void artifact_location(FILE *f, const char *path)
{
	while (!strncmp(path, "./", 2))
		path += 2;
	fputs("{\"uri\":\"", f);
	if (*path == '/')
		fputs("file://", f);
	for (const unsigned char *s = (const unsigned char *)path; *s; s++) {
		if (isalnum(*s) || strchr("-._~/", *s))
			fputc(*s, f);
		else
			fprintf(f, "%%%02X", *s);
	}
	fputs(*path == '/' ? "\"}" : "\",\"uriBaseId\":\"%SRCROOT%\"}", f);
}

/* "physicalLocation":{...}, for insn with line info; false without. */
static bool physical_location(FILE *f, const struct bpfcheck_prog *p,
			      int64_t insn)
{
	struct diag_pos pos;

	if (!diag_pos(p, insn, &pos))
		return false;
	fputs("\"physicalLocation\":{\"artifactLocation\":", f);
	artifact_location(f, pos.file);
	fprintf(f, ",\"region\":{\"startLine\":%u", pos.line);
	if (pos.col)
		fprintf(f, ",\"startColumn\":%u", pos.col);
	if (pos.text) {
		fputs(",\"snippet\":{\"text\":", f);
		cli_json_str(f, pos.text);
		fputc('}', f);
	}
	fputs("}}", f);
	return true;
}

/* The program, and the instruction when there is one: OBJ:SEC/NAME:insn I */
static void logical_location(FILE *f, const char *file,
			     const struct bpfcheck_prog *p, int64_t insn)
{
	char fq[1024];
	int n = snprintf(fq, sizeof(fq), "%s:%s/%s", file,
			 bpfcheck_prog_section(p), bpfcheck_prog_name(p));

	if (insn >= 0 && n > 0 && (size_t)n < sizeof(fq))
		snprintf(fq + n, sizeof(fq) - (size_t)n, ":insn %lld",
			 (long long)insn);
	fputs("\"logicalLocations\":[{\"name\":", f);
	cli_json_str(f, bpfcheck_prog_name(p));
	fputs(",\"fullyQualifiedName\":", f);
	cli_json_str(f, fq);
	fputs(",\"kind\":\"function\"}]", f);
}

static void location(FILE *f, const char *file, const struct bpfcheck_prog *p,
		     int64_t insn)
{
	if (physical_location(f, p, insn))
		fputc(',', f);
	logical_location(f, file, p, insn);
}

/* "message":{"text":"error; detail"}, as the FAIL line says it */
static void message(FILE *f, const struct bpfcheck_verdict *r)
{
	char text[1024];

	snprintf(text, sizeof(text), "%s%s%s", r->error,
		 *r->error_detail ? "; " : "", r->error_detail);
	fputs("\"message\":{\"text\":", f);
	cli_json_str(f, text);
	fputc('}', f);
}

/* One threadFlowLocation: where, and what happened there. */
static void flow_location(FILE *f, const char *file,
			  const struct bpfcheck_prog *p, int64_t insn,
			  const char *text, const char *kind)
{
	fputs("{\"location\":{", f);
	location(f, file, p, insn);
	fputs(",\"message\":{\"text\":", f);
	cli_json_str(f, text);
	fputs("}}", f);
	if (kind)
		fprintf(f, ",\"kinds\":[\"%s\"]", kind);
	fputc('}', f);
}

/*
 * The causal path as a code flow (SARIF 2.1.0 codeFlows, one thread
 * flow): each step where it is and what it did (its instruction, and
 * which way a jump went), then the instruction at fault.
 */
static void code_flow(FILE *f, const char *file, const struct bpfcheck_prog *p,
		      const struct bpfcheck_verdict *r)
{
	const struct bpfcheck_path_step *s;
	size_t n = diag_path(r, &s);
	char text[200];

	if (!n)
		return;
	fputs(",\"codeFlows\":[{\"message\":{\"text\":\"how the values "
	      "at fault got there\"},\"threadFlows\":[{\"locations\":[",
	      f);
	for (size_t i = 0; i < n; i++) {
		snprintf(text, sizeof(text), "insn %u: ", s[i].insn);
		diag_step_text(p, &s[i], text + strlen(text),
			       sizeof(text) - strlen(text));
		flow_location(f, file, p, s[i].insn, text,
			      s[i].kind == BPFCHECK_STEP_ENTRY	 ? "enter" :
			      s[i].kind == BPFCHECK_STEP_DEFINES ? NULL :
								   "branch");
		fputc(',', f);
	}
	flow_location(f, file, p, r->error_insn, r->error, NULL);
	fputs("]}]}]", f);
}

void sarif_result(FILE *f, bool *first, const char *file,
		  const struct bpfcheck_prog *p,
		  const struct bpfcheck_verdict *r)
{
	size_t n, rule = diag_rule_of(r);
	const struct diag_rule *rules = diag_rules(&n);
	int64_t acq = diag_acquired_insn(r);

	if (r->accepted)
		return;
	fputs(*first ? "{\"ruleId\":" : ",{\"ruleId\":", f);
	*first = false;
	cli_json_str(f, rules[rule].id);
	fprintf(f, ",\"ruleIndex\":%zu,\"level\":\"error\",", rule);
	message(f, r);
	fputs(",\"locations\":[{", f);
	location(f, file, p, r->error_insn);
	fputs("}]", f);
	if (acq >= 0) {
		fprintf(f,
			",\"relatedLocations\":[{\"id\":1,\"message\":"
			"{\"text\":\"the reference is acquired here "
			"(insn %lld)\"},",
			(long long)acq);
		location(f, file, p, acq);
		fputs("}]", f);
	}
	code_flow(f, file, p, r);
	fprintf(f, ",\"properties\":{\"insn\":%lld}}",
		(long long)r->error_insn);
}

void sarif_end(FILE *f, bool ok)
{
	fprintf(f, "],\"invocations\":[{\"executionSuccessful\":%s}]}]}\n",
		ok ? "true" : "false");
}
