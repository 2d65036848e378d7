// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Source positions of rejections (diag.h). */
#include <stddef.h>
#include <stdio.h>
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

bool diag_stack_access(const char *error, int *off, int *size, bool *write)
{
	const char *s = error ? strstr(error, " stack ") : NULL;
	int regno;

	if (!s || (strncmp(error, "invalid read from stack", 23) &&
		   strncmp(error, "invalid write to stack", 22)))
		return false;
	*write = error[8] == 'w';
	return sscanf(s, " stack R%d off=%d size=%d", &regno, off, size) == 3;
}

bool diag_packet_access(const char *detail, struct diag_packet_access *a)
{
	const char *d =
		detail ? strstr(detail, "invalid access to packet, off=") :
			 NULL;
	int regno, roff;

	return d &&
	       sscanf(d,
		      "invalid access to packet, off=%d size=%d, "
		      "R%d(id=%u,off=%d,r=%d)",
		      &a->off, &a->size, &regno, &a->id, &roff, &a->range) == 6;
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

size_t diag_path(const struct bpfcheck_verdict *r,
		 const struct bpfcheck_path_step **steps)
{
	size_t end = offsetof(struct bpfcheck_verdict, path_len) +
		     sizeof(r->path_len);

	*steps = NULL;
	if (r->accepted || r->sz < end || !r->path)
		return 0;
	*steps = r->path;
	return r->path_len;
}

const char *diag_step_kind(const struct bpfcheck_path_step *s)
{
	switch (s->kind) {
	case BPFCHECK_STEP_TAKEN: return "branch_taken";
	case BPFCHECK_STEP_NOT_TAKEN: return "branch_not_taken";
	case BPFCHECK_STEP_ENTRY: return "entry";
	default: return "defines";
	}
}

const char *diag_step_text(const struct bpfcheck_prog *p,
			   const struct bpfcheck_path_step *s, char *buf,
			   size_t len)
{
	size_t n;

	if (s->kind == BPFCHECK_STEP_ENTRY) {
		snprintf(buf, len, "the function's entry");
		return buf;
	}
	if (bpfcheck_prog_disasm(p, s->insn, buf, len) < 0)
		snprintf(buf, len, "insn %u", s->insn);
	n = strlen(buf);
	if (s->kind != BPFCHECK_STEP_DEFINES && n < len)
		snprintf(buf + n, len - n, ": %s",
			 s->kind == BPFCHECK_STEP_TAKEN ? "taken" :
							  "not taken");
	return buf;
}

void diag_json_path(FILE *f, const struct bpfcheck_prog *p,
		    const struct bpfcheck_verdict *r)
{
	const struct bpfcheck_path_step *s;
	size_t n = diag_path(r, &s);

	if (r->accepted)
		return;
	fputs(",\"path\":[", f);
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "%s{\"insn\":%u,\"kind\":\"%s\"", i ? "," : "",
			s[i].insn, diag_step_kind(&s[i]));
		diag_json_pos(f, p, s[i].insn);
		fputc('}', f);
	}
	fputc(']', f);
}

/* The rules, in diag_rules' order. */
enum {
	R_LEAK,
	R_PACKET,
	R_MAP_VALUE,
	R_STACK,
	R_MEMORY,
	R_NULL,
	R_SCALAR,
	R_UNINIT,
	R_CTX,
	R_PTR_ARITH,
	R_PTR_LEAK,
	R_RETVAL,
	R_HELPER_ARG,
	R_HELPER,
	R_LOCK,
	R_COMPLEXITY,
	R_LOOP,
	R_READONLY,
	R_UNSUPPORTED,
	R_OTHER,
};

static const struct diag_rule rules[] = {
	{ "reference-leak", "ReferenceLeak",
	  "A reference (socket, ring buffer record, kernel object, iterator) "
	  "is still held where the program exits or tail-calls." },
	{ "packet-bounds", "PacketOutOfBounds",
	  "A packet access outside the bytes a comparison with data_end "
	  "proved to be there." },
	{ "map-value-bounds", "MapValueOutOfBounds",
	  "A map value (or key) access outside the value's size." },
	{ "stack-access", "StackAccess",
	  "A stack access outside the frame, misaligned, at a variable "
	  "offset, or reading what was not written." },
	{ "memory-bounds", "MemoryOutOfBounds",
	  "An access to other memory outside the range proven for it." },
	{ "null-dereference", "PossibleNullDereference",
	  "A pointer that may be NULL is used before a NULL check." },
	{ "scalar-dereference", "ScalarDereference",
	  "A number, not a pointer, is dereferenced." },
	{ "uninitialized-register", "UninitializedRegister",
	  "A register is read before it is written." },
	{ "context-access", "InvalidContextAccess",
	  "The program's context is accessed at an offset or size its type "
	  "does not allow." },
	{ "pointer-arithmetic", "ProhibitedPointerArithmetic",
	  "Arithmetic on a pointer that the verifier cannot track or does "
	  "not allow." },
	{ "pointer-leak", "PointerLeak",
	  "A kernel address would reach memory or a return value a loader "
	  "without privileges can read." },
	{ "return-value", "InvalidReturnValue",
	  "The value returned at exit is outside what the program type "
	  "allows." },
	{ "helper-argument", "InvalidHelperArgument",
	  "A helper or kfunc argument has the wrong type or state." },
	{ "helper-unavailable", "HelperNotAllowed",
	  "A helper or kfunc this program type, license or kernel does not "
	  "offer." },
	{ "lock-region", "LockRegionViolation",
	  "Something not allowed while a lock, RCU or preemption is held "
	  "(or a lock not released)." },
	{ "complexity", "ProgramTooComplex",
	  "The verifier's limits: processed instructions, jump sequences, "
	  "call depth or stack size." },
	{ "unbounded-loop", "UnboundedLoop",
	  "A loop the verifier does not allow or cannot prove to end." },
	{ "read-only-memory", "WriteToReadOnlyMemory",
	  "A write to memory the program may only read." },
	{ "not-supported", "NotSupportedByBpfcheck",
	  "Something bpfcheck does not model; it rejects rather than "
	  "guess." },
	{ "verifier-rejection", "VerifierRejection",
	  "Any other rejection, in the Linux verifier's words." },
};

/* Phrases of Linux's messages and the rule each means, first match wins. */
static const struct {
	const char *phrase;
	int rule;
} phrases[] = {
	{ "reference leak", R_LEAK },
	{ "Unreleased reference", R_LEAK },
	{ "invalid access to packet", R_PACKET },
	{ "outside of the packet", R_PACKET },
	{ "invalid access to map value", R_MAP_VALUE },
	{ "invalid access to map key", R_MAP_VALUE },
	{ "map_value pointer be out of bounds", R_MAP_VALUE },
	{ "stack R", R_STACK },
	{ "from stack", R_STACK },
	{ "to stack", R_STACK },
	{ "stack access", R_STACK },
	{ "invalid access to memory", R_MEMORY },
	{ "outside of the allowed memory range", R_MEMORY },
	{ "unbounded memory access", R_MEMORY },
	{ "min value is negative", R_MEMORY },
	{ "invalid zero-sized read", R_MEMORY },
	{ "leads to invalid memory access", R_MEMORY },
	{ "_or_null", R_NULL },
	{ "Possibly NULL pointer", R_NULL },
	{ "invalid mem access 'scalar'", R_SCALAR },
	{ "!read_ok", R_UNINIT },
	{ "bpf_context access", R_CTX },
	{ "modified ctx ptr", R_CTX },
	{ "leaks addr", R_PTR_LEAK },
	{ "pointer arithmetic", R_PTR_ARITH },
	{ "pointer prohibited", R_PTR_ARITH },
	{ "on pointer prohibited", R_PTR_ARITH },
	{ "from different maps", R_PTR_ARITH },
	{ "math between", R_PTR_ARITH },
	{ "pointer from scalar", R_PTR_ARITH },
	{ "pointer comparison prohibited", R_PTR_ARITH },
	{ "register R0 has", R_RETVAL },
	{ "register R0 is not", R_RETVAL },
	{ "rcu read", R_LOCK },
	{ "preempt", R_LOCK },
	{ "RCU CS", R_LOCK },
	{ "RCU critical section", R_LOCK },
	{ " expected=", R_HELPER_ARG },
	{ "xpected an initialized", R_HELPER_ARG },
	{ "expected uninitialized", R_HELPER_ARG },
	{ "expected prog array", R_HELPER_ARG },
	{ "unacquired reference", R_HELPER_ARG },
	{ "expects refcounted", R_HELPER_ARG },
	{ "must be referenced", R_HELPER_ARG },
	{ "must be a rcu pointer", R_HELPER_ARG },
	{ "cannot pass map_type", R_HELPER_ARG },
	{ "Unsupported reg type", R_HELPER_ARG },
	{ "is not a known constant", R_HELPER_ARG },
	{ "cannot use helper", R_HELPER },
	{ "GPL-restricted", R_HELPER },
	{ "GPL compatible", R_HELPER },
	{ "unknown func", R_HELPER },
	{ "invalid func", R_HELPER },
	{ "must be sleepable", R_HELPER },
	{ "kernel function", R_HELPER },
	{ "supported only for", R_HELPER },
	{ "not supported for program type", R_HELPER },
	{ "bpf_spin_lock", R_LOCK },
	{ "bpf_spin_unlock", R_LOCK },
	{ "rcu_read_lock", R_LOCK },
	{ "while holding a lock", R_LOCK },
	{ "BPF program is too large", R_COMPLEXITY },
	{ "is too complex", R_COMPLEXITY },
	{ "is too deep", R_COMPLEXITY },
	{ "combined stack size", R_COMPLEXITY },
	{ "infinite loop detected", R_LOOP },
	{ "back-edge from insn", R_LOOP },
	{ "(max worst case)", R_LOOP },
	{ "cannot write into", R_READONLY },
	{ "only read is supported", R_READONLY },
	{ "not supported by bpfcheck", R_UNSUPPORTED },
};

const struct diag_rule *diag_rules(size_t *cnt)
{
	*cnt = sizeof(rules) / sizeof(rules[0]);
	return rules;
}

size_t diag_rule_of(const struct bpfcheck_verdict *r)
{
	size_t n = sizeof(phrases) / sizeof(phrases[0]);

	/* the line above the error is the more specific (map value, ...) */
	for (size_t i = 0; i < n; i++)
		if (strstr(r->error_detail, phrases[i].phrase))
			return (size_t)phrases[i].rule;
	for (size_t i = 0; i < n; i++)
		if (strstr(r->error, phrases[i].phrase))
			return (size_t)phrases[i].rule;
	return R_OTHER;
}
