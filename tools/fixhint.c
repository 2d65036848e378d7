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

/* The bytes an out-of-bounds packet access needed past its pointer. */
static int packet_bytes(const char *detail)
{
	const char *s = strstr(detail ? detail : "", "off=");
	int off, size;

	if (!s || sscanf(s, "off=%d size=%d", &off, &size) != 2)
		return 0;
	return off + size;
}

static bool fix_packet(FILE *f, const struct bpfcheck_verdict *r,
		       const char *at)
{
	int n = packet_bytes(r->error_detail);

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

static bool fix_null(FILE *f, const struct bpfcheck_verdict *r,
		     const char *at)
{
	if (!has(r->error, "_or_null'") && !has(r->error, "or_null_"))
		return false;
	fprintf(f,
		"  fix: check the pointer for NULL%s (a map lookup and some "
		"helpers return NULL): if (!ptr) return ...;\n",
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

static bool fix_index(FILE *f, const struct bpfcheck_verdict *r,
		      const char *at)
{
	if (!has(r->error, "min value is negative") &&
	    !has(r->error, "unbounded memory access") &&
	    !has(r->error, "value is outside of the allowed memory") &&
	    !has(r->error, "unbounded min value is not allowed") &&
	    !has(r->error, "pointer be out of bounds") &&
	    !has(r->error, "invalid unbounded variable-offset"))
		return false;
	fprintf(f,
		"  fix: bound the index or offset%s, as an unsigned value: "
		"if (idx >= SIZE) return ...;\n",
		at);
	return true;
}

static bool fix_loop(FILE *f, const struct bpfcheck_verdict *r,
		     const char *at)
{
	if (!has(r->error, "infinite loop detected") &&
	    !has(r->error, "over the limit of") &&
	    !has(r->error, "back-edge from insn"))
		return false;
	if (has(r->error, "back-edge from insn"))
		fprintf(f, "  fix: this loader allows no loop: unroll it "
			   "(#pragma unroll) with a constant trip count\n");
	else
		fprintf(f,
			"  fix: give the loop%s an end the verifier can see: "
			"a counter with a constant limit (for (i = 0; i < N; "
			"i++)), or bpf_loop()\n",
			at);
	return true;
}

static bool fix_too_large(FILE *f, const struct bpfcheck_verdict *r)
{
	if (!has(r->error, "BPF program is too large"))
		return false;
	fprintf(f, "  fix: fewer paths and rounds for the verifier: give each "
		   "loop a constant limit (for (i = 0; i < N; i++)) or use "
		   "bpf_loop(), and merge branches that multiply the paths\n");
	return true;
}

static bool fix_ctx(FILE *f, const struct bpfcheck_verdict *r)
{
	if (!has(r->error, "invalid bpf_context access"))
		return false;
	fprintf(f, "  fix: read only the context fields this program type "
		   "allows, at their own size (the program type's context "
		   "struct, as Linux's is_valid_access has it)\n");
	return true;
}

static bool fix_stack_frame(FILE *f, const struct bpfcheck_verdict *r,
			    const char *at)
{
	/* (a read of bytes never written says "off O+K", not "off=") */
	if ((!has(r->error, "invalid write to stack") &&
	     !has(r->error, "invalid read from stack")) ||
	    !has(r->error, " off="))
		return false;
	fprintf(f, "  fix: keep the access%s inside the 512-byte frame "
		   "(fp-512 to fp-1): a smaller array, or a map value\n",
		at);
	return true;
}

static bool fix_uninit(FILE *f, const struct bpfcheck_verdict *r,
		       const char *at)
{
	if (!has(r->error, "!read_ok") &&
	    !has(r->error, "invalid read from stack") &&
	    !has(r->error, "invalid indirect read from stack"))
		return false;
	fprintf(f, "  fix: initialise the variable%s (a struct as a whole: = {})\n",
		at);
	return true;
}

static bool fix_scalar_deref(FILE *f, const struct bpfcheck_verdict *r,
			     const char *at)
{
	if (!has(r->error, "invalid mem access 'scalar'"))
		return false;
	fprintf(f,
		"  fix: the register is a number, not a pointer%s: read "
		"through a pointer the verifier knows (a checked map value, "
		"the packet, a context field)\n",
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

static bool fix_license(FILE *f, const struct bpfcheck_verdict *r)
{
	if (!has(r->error, "GPL-restricted") && !has(r->error, "GPL-compatible"))
		return false;
	fprintf(f, "  fix: declare a GPL-compatible license: char LICENSE[] "
		   "SEC(\"license\") = \"GPL\";\n");
	return true;
}

bool fixhint_print(FILE *f, const struct bpfcheck_prog *p,
		   const struct bpfcheck_verdict *r)
{
	char buf[64], lbuf[64];
	const char *at = where(p, r->error_insn, "before", buf, sizeof(buf));
	const char *on = where(p, r->error_insn, "at", lbuf, sizeof(lbuf));

	if (r->accepted)
		return false;
	return fix_packet(f, r, at) || fix_null(f, r, at) ||
	       fix_leak(f, p, r) || fix_index(f, r, at) ||
	       fix_loop(f, r, on) || fix_too_large(f, r) ||
	       fix_stack_frame(f, r, on) || fix_uninit(f, r, at) ||
	       fix_scalar_deref(f, r, at) || fix_ctx(f, r) ||
	       fix_retval(f, r) || fix_license(f, r);
}
