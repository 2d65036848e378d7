// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * verify --explain's "fix:" (fixhint.h): for the common classes of
 * rejection, the change in C that makes such a program pass, placed at
 * the source line at fault.
 */
#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "fixhint.h"

/* " before line L" (or " at line L"), "" without line info */
static const char *where(const struct bpfcheck_prog *p, int64_t insn,
			 const char *prep, char *buf, size_t len)
{
	struct diag_pos pos;

	if (!diag_pos(p, insn, &pos))
		return "";
	snprintf(buf, len, " %s line %u", prep, pos.line);
	return buf;
}

static bool has(const char *s, const char *what)
{
	return s && strstr(s, what);
}

static bool fix_packet(FILE *f, const struct bpfcheck_verdict *r,
		       const char *at)
{
	struct diag_packet_access a;
	int n = diag_packet_access(r->error_detail, &a) ? a.off + a.size : 0;

	if (!has(r->error, "outside of the packet") &&
	    !has(r->error_detail, "invalid access to packet"))
		return false;
	if (n > 0)
		fprintf(f,
			"  fix: check the packet pointer against data_end%s: "
			"if ((void *)ptr + %d > data_end) return ...;\n",
			at, n);
	else
		fprintf(f,
			"  fix: check the packet pointer against data_end%s: "
			"if ((void *)(ptr + 1) > data_end) return ...;\n",
			at);
	return true;
}

static bool fix_leak(FILE *f, const struct bpfcheck_prog *p,
		     const struct bpfcheck_verdict *r)
{
	int64_t acq = diag_acquired_insn(r);
	struct diag_pos pos;

	if (!has(r->error, "reference leak") &&
	    !has(r->error, "Unreleased reference"))
		return false;
	if (acq >= 0 && diag_pos(p, acq, &pos))
		fprintf(f,
			"  fix: release the reference acquired on line %u "
			"(its release, submit or discard helper) on every "
			"path before this exit\n",
			pos.line);
	else
		fprintf(f, "  fix: release every reference acquired on this "
			   "path before this exit\n");
	return true;
}

static bool fix_stack_frame(FILE *f, const struct bpfcheck_verdict *r,
			    const char *at)
{
	int off, size;
	bool write;

	/* (a read of bytes never written says "off O+K", not "off=") */
	if (!diag_stack_access(r->error, &off, &size, &write))
		return false;
	/* inside the frame: bytes read before any write (a loader without
	 * CAP_PERFMON may not read them) */
	if (!write && off >= -512 && off + size <= 0)
		fprintf(f, "  fix: initialise the stack bytes read%s before "
			   "the read (the variable, or a struct as a whole: "
			   "= {})\n",
			at);
	else
		fprintf(f, "  fix: keep the access%s inside the 512-byte "
			   "frame (fp-512 to fp-1): a smaller array, or a map "
			   "value\n",
			at);
	return true;
}

static bool fix_retval(FILE *f, const struct bpfcheck_verdict *r)
{
	const char *s = strstr(r->error ? r->error : "", "should have been in ");

	if (!has(r->error, "At program exit") || !s)
		return false;
	fprintf(f, "  fix: return a value %s\n", s + strlen("should have been "));
	return true;
}

/*
 * The other classes: any of the phrases in the kernel's error, and the
 * hint, whose "%s" (if any) takes where: " before line L", or " at line
 * L" (at).
 */
struct fix_class {
	const char *phrases[6];
	bool at;
	const char *hint;
};

static const struct fix_class classes[] = {
	{ { "_or_null'", "or_null_" },
	  false,
	  "check the pointer for NULL%s (a map lookup and some helpers "
	  "return NULL): if (!ptr) return ...;" },
	{ { "min value is negative", "unbounded memory access",
	    "value is outside of the allowed memory",
	    "unbounded min value is not allowed", "pointer be out of bounds",
	    "invalid unbounded variable-offset" },
	  false,
	  "bound the index or offset%s, as an unsigned value: if (idx >= "
	  "SIZE) return ...;" },
	{ { "back-edge from insn" },
	  false,
	  "this loader allows no loop%s: unroll it (#pragma unroll) with a "
	  "constant trip count" },
	{ { "infinite loop detected", "over the limit of" },
	  true,
	  "give the loop%s an end the verifier can see: a counter with a "
	  "constant limit (for (i = 0; i < N; i++)), or bpf_loop()" },
	{ { "BPF program is too large" },
	  false,
	  "fewer paths and rounds for the verifier%s: give each loop a "
	  "constant limit (for (i = 0; i < N; i++)) or use bpf_loop(), and "
	  "merge branches that multiply the paths" },
	{ { "!read_ok", "invalid read from stack",
	    "invalid indirect read from stack" },
	  false,
	  "initialise the variable%s (a struct as a whole: = {})" },
	{ { "invalid mem access 'scalar'" },
	  false,
	  "the register is a number, not a pointer%s: read through a pointer "
	  "the verifier knows (a checked map value, the packet, a context "
	  "field)" },
	{ { "invalid bpf_context access" },
	  false,
	  "read only the context fields this program type allows%s, at "
	  "their own size (the program type's context struct, as Linux's "
	  "is_valid_access has it)" },
	{ { "GPL-restricted", "GPL-compatible" },
	  false,
	  "declare a GPL-compatible license: char LICENSE[] "
	  "SEC(\"license\") = \"GPL\";" },
};

/* "  fix: " and hint, its "%s" replaced by where */
static void print_hint(FILE *f, const char *hint, const char *where)
{
	const char *s = strstr(hint, "%s");

	fputs("  fix: ", f);
	if (s)
		fprintf(f, "%.*s%s%s", (int)(s - hint), hint, where, s + 2);
	else
		fputs(hint, f);
	fputc('\n', f);
}

static bool fix_class(FILE *f, const struct bpfcheck_verdict *r,
		      const char *before, const char *at)
{
	for (size_t i = 0; i < sizeof(classes) / sizeof(classes[0]); i++)
		for (int k = 0; k < 6 && classes[i].phrases[k]; k++) {
			if (!has(r->error, classes[i].phrases[k]))
				continue;
			print_hint(f, classes[i].hint,
				   classes[i].at ? at : before);
			return true;
		}
	return false;
}

bool fixhint_print(FILE *f, const struct bpfcheck_prog *p,
		   const struct bpfcheck_verdict *r)
{
	char buf[64], lbuf[64];
	const char *at = where(p, r->error_insn, "before", buf, sizeof(buf));
	const char *on = where(p, r->error_insn, "at", lbuf, sizeof(lbuf));

	if (r->accepted)
		return false;
	return fix_packet(f, r, at) || fix_leak(f, p, r) ||
	       fix_stack_frame(f, r, on) || fix_retval(f, r) ||
	       fix_class(f, r, at, on);
}
