// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* verify --explain (explain.h): the kernel's numbers, said in words. */
#include <ctype.h>
#include <string.h>

#include <linux/bpf.h>

#include "cli.h"
#include "diag.h"
#include "explain.h"
#include "fixhint.h"

#define STACK_SIZE 512 /* MAX_BPF_STACK */

/* Where an access of fp+lo to fp+end-1 falls outside the stack. */
static const char *stack_side(long long lo, long long end, bool write)
{
	if (lo < -STACK_SIZE)
		return "below the 512-byte stack (fp-512 is its lowest byte)";
	if (end > 0)
		return "past the frame's top (fp-1 is its highest byte)";
	/* without CAP_PERFMON the stack is only what writes reached */
	return write ? "outside the stack this program may use there" :
		       "deeper than any write on this path reached";
}

static const char *base_name(const char *path)
{
	const char *base = strrchr(path, '/');

	return base ? base + 1 : path;
}

/* The source line's text without its indentation. */
static const char *line_text(const struct diag_pos *pos)
{
	const char *text = pos->text ? pos->text : "";

	while (isspace((unsigned char)*text))
		text++;
	return text;
}

static void print_at(FILE *f, const struct bpfcheck_prog *p, int64_t insn)
{
	struct diag_pos pos;

	if (!diag_pos(p, insn, &pos))
		return;
	if (pos.col)
		fprintf(f, "  at: %s:%u:%u: %s\n", base_name(pos.file),
			pos.line, pos.col, line_text(&pos));
	else
		fprintf(f, "  at: %s:%u: %s\n", base_name(pos.file), pos.line,
			line_text(&pos));
}

static bool same_line(const struct diag_pos *a, const struct diag_pos *b)
{
	return a->line == b->line && !strcmp(a->file, b->file);
}

/* An inline assembly statement: its instructions say more than its line. */
static bool asm_line(const struct diag_pos *pos)
{
	const char *t = line_text(pos);

	return !strncmp(t, "asm", 3) || !strncmp(t, "__asm__", 7);
}

/*
 * Whether step i's source line comes again later in the path (then it is
 * printed there, once), and in *jmp the last jump on that line up to i.
 */
static bool line_again(const struct bpfcheck_prog *p,
		       const struct bpfcheck_path_step *s, size_t n, size_t i,
		       const struct bpfcheck_path_step **jmp)
{
	struct diag_pos pos, other;

	*jmp = NULL;
	if (!diag_pos(p, s[i].insn, &pos))
		return false;
	for (size_t j = 0; j < n; j++) {
		if (j == i || !diag_pos(p, s[j].insn, &other) ||
		    !same_line(&pos, &other))
			continue;
		if (j > i)
			return true;
		if (s[j].kind != BPFCHECK_STEP_DEFINES)
			*jmp = &s[j];
	}
	if (s[i].kind != BPFCHECK_STEP_DEFINES)
		*jmp = &s[i];
	return false;
}

/*
 * "  path:" and a line per step: its source line (once, where it was
 * last) and, for a jump or the entry, which way it went; the
 * disassembly where there is no line info or the line is inline
 * assembly.
 */
static void print_path(FILE *f, const struct bpfcheck_prog *p,
		       const struct bpfcheck_verdict *r)
{
	const struct bpfcheck_path_step *s, *jmp;
	size_t n = diag_path(r, &s);
	struct diag_pos pos;
	char text[160];

	if (n)
		fputs("  path:\n", f);
	for (size_t i = 0; i < n; i++) {
		if (!diag_pos(p, s[i].insn, &pos)) {
			fprintf(f, "    insn %u: %s\n", s[i].insn,
				diag_step_text(p, &s[i], text, sizeof(text)));
			continue;
		}
		if (asm_line(&pos)) {
			fprintf(f, "    %s:%u: insn %u: %s\n",
				base_name(pos.file), pos.line, s[i].insn,
				diag_step_text(p, &s[i], text, sizeof(text)));
			continue;
		}
		if (line_again(p, s, n, i, &jmp))
			continue;
		fprintf(f, "    %s:%u: %s", base_name(pos.file), pos.line,
			line_text(&pos));
		if (jmp)
			fprintf(f, " (insn %u: %s)", jmp->insn,
				diag_step_text(p, jmp, text, sizeof(text)));
		fputc('\n', f);
	}
}

/* What the instruction at fault does to memory: "reads", "writes", ... */
static const char *access_verb(const struct bpfcheck_prog *p, int64_t insn)
{
	uint8_t code;

	if (insn < 0 || (size_t)insn >= bpfcheck_prog_insn_count(p))
		return "accesses";
	code = bpfcheck_prog_insns(p)[insn].code;
	switch (BPF_CLASS(code)) {
	case BPF_LDX: return "reads";
	case BPF_ST: return "writes";
	case BPF_STX:
		return BPF_MODE(code) == BPF_ATOMIC ? "updates" : "writes";
	case BPF_JMP: return "the call accesses";
	default: return "accesses";
	}
}

/* "a" or "an" before the number n said in English (an 8, an 18) */
static const char *article(int n)
{
	while (n >= 1000)
		n /= 1000;
	return n == 8 || n == 11 || n == 18 || (n >= 80 && n < 90) ||
			       (n >= 800 && n < 900) ?
		       "an" :
		       "a";
}

static const char *bytes(int n)
{
	return n == 1 || n == -1 ? "byte" : "bytes";
}

static bool why_packet(FILE *f, const char *verb, const char *d)
{
	struct diag_packet_access a;

	if (!diag_packet_access(d, &a))
		return false;
	fprintf(f, "  why: %s %d %s at offset %d %s", verb, a.size,
		bytes(a.size), a.off,
		a.id ? "from a variable position in the packet" :
		       "of a packet");
	if (a.range)
		fprintf(f, " proven to have %d %s%s\n", a.range, bytes(a.range),
			a.id ? " after it" : "");
	else
		fputs(" with no bytes proven (no comparison with data_end "
		      "covers this path)\n",
		      f);
	return true;
}

/* "invalid access to map value, value_size=N off=O size=S", and the
 * like for a map key and other sized memory */
static bool why_sized(FILE *f, const char *verb, const char *d,
		      const char *error)
{
	static const struct {
		const char *fmt, *what;
	} kinds[] = {
		{ "invalid access to map value, value_size=%d off=%d size=%d",
		  "map value" },
		{ "invalid access to map key, key_size=%d off=%d size=%d",
		  "map key" },
		{ "invalid access to memory, mem_size=%d off=%d size=%d",
		  "memory region" },
	};
	int len, off, size;

	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		if (sscanf(d, kinds[k].fmt, &len, &off, &size) != 3)
			continue;
		fprintf(f, "  why: %s %d %s at offset %d of %s %d-byte %s%s\n",
			verb, size, bytes(size), off, article(len), len,
			kinds[k].what,
			strstr(error, "max value is outside") ?
				" (the largest offset the pointer's range "
				"allows)" :
				"");
		return true;
	}
	return false;
}

/* "... stack R2 var_off=(0xV; 0xM) off=O size=S": fp+O plus V to V|M */
static bool why_stack_var(FILE *f, const char *s, bool write)
{
	unsigned long long v, m;
	int regno, off, size;
	long long lo, hi;

	if (sscanf(s, " stack R%d var_off=(%llx; %llx) off=%d size=%d", &regno,
		   &v, &m, &off, &size) != 5)
		return false;
	lo = off + (long long)v;
	hi = off + (long long)(v | m);
	fprintf(f,
		"  why: %s %d %s at fp%+d plus a variable of %llu to %llu "
		"(fp%+lld to fp%+lld), %s\n",
		write ? "writes" : "reads", size, bytes(size), off, v, v | m,
		lo, hi, stack_side(lo, hi + size, write));
	return true;
}

/* "invalid write to stack R10 off=-520 size=8", "invalid read from
 * stack [R%d ]off O+K size S" (bytes never written) */
static bool why_stack(FILE *f, const char *e)
{
	int regno, off, k, size;
	bool write;
	const char *s = strstr(e, " stack ");

	if (!s)
		return false;
	if (!strncmp(e, "invalid variable-offset", 23))
		return why_stack_var(f, s, strstr(e, " write to ") != NULL);
	if (diag_stack_access(e, &off, &size, &write)) {
		fprintf(f, "  why: %s %d %s at fp%+d, %s\n",
			write ? "writes" : "reads", size, bytes(size), off,
			stack_side(off, (long long)off + size, write));
		return true;
	}
	if (sscanf(s, " stack R%d off %d+%d size %d", &regno, &off, &k,
		   &size) == 4 ||
	    sscanf(s, " stack off %d+%d size %d", &off, &k, &size) == 3) {
		fprintf(f,
			"  why: reads %d %s at fp%+d, but fp%+d was not "
			"written on this path\n",
			size, bytes(size), off, off + k);
		return true;
	}
	return false;
}

void explain_print(FILE *f, const struct bpfcheck_prog *p,
		   const struct bpfcheck_verdict *r)
{
	const char *verb = access_verb(p, r->error_insn);

	if (r->accepted)
		return;
	print_at(f, p, r->error_insn);
	if (!why_packet(f, verb, r->error_detail) &&
	    !why_sized(f, verb, r->error_detail, r->error))
		why_stack(f, r->error);
	print_path(f, p, r);
	fixhint_print(f, p, r);
}
