// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Source positions of rejections (diag.h). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "diag.h"

bool diag_pos(const struct bpfcheck_prog *p, int64_t insn, struct diag_pos *pos)
{
	const struct bc_prog *m = cli_model_prog(p);
	const struct bc_line *l;

	if (insn < 0 || !m->lines || (uint64_t)insn >= m->insn_cnt)
		return false;
	l = &m->lines[insn];
	if (!l->file)
		return false;
	pos->file = l->file;
	pos->text = l->text;
	pos->line = l->line;
	pos->col = l->col;
	return true;
}

/* alloc_insn=M of one line of Linux's log, or -1. */
static int64_t alloc_insn_of(const char *s)
{
	const char *a = strstr(s, "Unreleased reference id=");
	char *end;
	long long v;

	a = a ? strstr(a, " alloc_insn=") : NULL;
	if (!a)
		return -1;
	a += strlen(" alloc_insn=");
	v = strtoll(a, &end, 10);
	return end == a || v < 0 ? -1 : v;
}

int64_t diag_acquired_insn(const struct bpfcheck_verdict *r)
{
	int64_t i;

	if (r->accepted)
		return -1;
	/* Linux before 6.18 says so as its error, 6.18 on the line above */
	i = alloc_insn_of(r->error);
	return i >= 0 ? i : alloc_insn_of(r->error_detail);
}

void diag_json_pos(FILE *f, const struct bpfcheck_prog *p, int64_t insn)
{
	struct diag_pos pos;

	if (!diag_pos(p, insn, &pos))
		return;
	fputs(",\"file\":", f);
	cli_json_str(f, pos.file);
	fprintf(f, ",\"line\":%u", pos.line);
	if (pos.col)
		fprintf(f, ",\"column\":%u", pos.col);
	if (pos.text) {
		fputs(",\"text\":", f);
		cli_json_str(f, pos.text);
	}
}

const char *diag_text_loc(const struct bpfcheck_prog *p,
			  const struct bpfcheck_verdict *r, char *buf,
			  size_t len)
{
	int64_t acq = diag_acquired_insn(r);
	char at[300] = "", from[300] = "";

	if (r->error_insn >= 0)
		cli_srcloc(p, (uint32_t)r->error_insn, at, sizeof(at));
	if (acq >= 0)
		cli_srcloc(p, (uint32_t)acq, from, sizeof(from));
	snprintf(buf, len, "%s%s%s%s", at, *at && *from ? "; " : "",
		 *from ? "acquired at " : "", from);
	return buf;
}

void diag_json_acquired(FILE *f, const struct bpfcheck_prog *p,
			const struct bpfcheck_verdict *r)
{
	int64_t acq = diag_acquired_insn(r);

	if (acq < 0)
		return;
	fprintf(f, ",\"acquired_at\":{\"insn\":%lld", (long long)acq);
	diag_json_pos(f, p, acq);
	fputc('}', f);
}
