/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Where a rejection is in the source: the position of an instruction
 * from BTF line info, and the call that acquired a leaked reference.
 */
#ifndef BPFCHECK_DIAG_H
#define BPFCHECK_DIAG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <bpfcheck/bpfcheck.h>

struct diag_pos {
	const char *file; /* as the line info records it */
	const char *text; /* the source line, or NULL */
	unsigned line;
	unsigned col; /* 1-based; 0 when the line info has none */
};

/* The source position of insn; false when it has no line info. */
bool diag_pos(const struct bpfcheck_prog *p, int64_t insn,
	      struct diag_pos *pos);

/*
 * The instruction that acquired the leaked reference a rejection names
 * ("Unreleased reference id=N alloc_insn=M", as the error or the line
 * above it), or -1 when the rejection is not a leak.
 */
int64_t diag_acquired_insn(const struct bpfcheck_verdict *r);

/*
 * The text FAIL line's position, into buf: "FILE:LINE" of the error's
 * insn, and "; acquired at FILE:LINE" for a leaked reference; "" when
 * neither has line info.
 */
const char *diag_text_loc(const struct bpfcheck_prog *p,
			  const struct bpfcheck_verdict *r, char *buf,
			  size_t len);

/*
 * JSON members of insn's position, ,"file":F,"line":L,"column":C,"text":T
 * when it has line info (column when known, text when recorded), else
 * nothing.
 */
void diag_json_pos(FILE *f, const struct bpfcheck_prog *p, int64_t insn);

/*
 * A stack access through a register the error names ("invalid read from
 * stack R10 off=-8 size=8", "invalid write to stack R1 off=0 size=8"):
 * its offset from the frame pointer, its size, and whether it writes.
 * False for any other error.
 */
bool diag_stack_access(const char *error, int *off, int *size, bool *write);

/* An out-of-bounds packet access, as the line above the error says it. */
struct diag_packet_access {
	int off, size; /* of the access, from the register's position */
	unsigned id; /* nonzero: the position is variable */
	int range; /* bytes proven past the register's position */
};

/*
 * Parse "invalid access to packet, off=O size=S, R%d(id=I,off=O,r=R)"
 * in detail; false when it says something else.
 */
bool diag_packet_access(const char *detail, struct diag_packet_access *a);

/* ,"acquired_at":{"insn":I, position} for a leaked reference, else nothing */
void diag_json_acquired(FILE *f, const struct bpfcheck_prog *p,
			const struct bpfcheck_verdict *r);

/*
 * The verdict's causal path (bpfcheck_verdict's path), when the library
 * that filled it knows the field: its steps, and how many.
 */
size_t diag_path(const struct bpfcheck_verdict *r,
		 const struct bpfcheck_path_step **steps);

/* "defines", "branch_taken" or "branch_not_taken": what a step did. */
const char *diag_step_kind(const struct bpfcheck_path_step *s);

/*
 * The disassembly of a step's instruction and, for a jump, which way it
 * went: "r2 = *(u32 *)(r1 +0)", "if r2 > r1 goto pc+1: not taken".
 */
const char *diag_step_text(const struct bpfcheck_prog *p,
			   const struct bpfcheck_path_step *s, char *buf,
			   size_t len);

/* ,"path":[{"insn":I,"kind":K, position}...] for a rejection */
void diag_json_path(FILE *f, const struct bpfcheck_prog *p,
		    const struct bpfcheck_verdict *r);

/*
 * A class of rejections, named stably for tools that track findings
 * (SARIF's rules): what the kernel's error, or the line above it, says.
 */
struct diag_rule {
	const char *id; /* "packet-bounds" */
	const char *name; /* "PacketOutOfBounds" */
	const char *text; /* one sentence */
};

/* The rules, the last one the class of every other rejection. */
const struct diag_rule *diag_rules(size_t *cnt);
/* The index in diag_rules of r's rejection. */
size_t diag_rule_of(const struct bpfcheck_verdict *r);

#endif
