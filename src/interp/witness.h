/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Witnesses (issue 25): a concrete input (packet bytes, context bytes,
 * map entries, the prandom seed) that drives the interpreter, without
 * verification, to a fault: an access outside every region the program
 * was given, a NULL dereference, a read of a register that holds no
 * value, or an exit with a reference still held. A rejection with a
 * witness is a real bug; one without may be a limit of the analysis.
 *
 * The checks beyond the interpreter's own region checks (witness_check.c)
 * run as a hook: registers read before they are written, as Linux's
 * check_reg_arg sees them (r1 and r10 at entry; r1-r5 gone after a call;
 * a subprogram's r0 and r6-r9 empty at its entry), and at the main
 * program's exit or a tail call a reference still held, as
 * check_reference_leak does. The search (witness.c) tries cheap inputs in
 * a fixed order first, then random ones from a fixed seed, under a time
 * budget. The file format (witness_file.c) is text, one key a line.
 */
#ifndef BC_WITNESS_H
#define BC_WITNESS_H

#include <stdio.h>

#include "interp/interp.h"

#define BC_WITNESS_PRANDOM 8

/* A map entry stored before the run. */
struct bc_witness_entry {
	uint32_t map; /* index in obj->maps */
	uint8_t *key, *val;
};

/* One run's input. */
struct bc_witness {
	char *prog; /* the program's name */
	uint8_t *packet;
	size_t packet_len;
	uint8_t *ctx; /* NULL: the program type's default context */
	size_t ctx_len;
	struct bc_witness_entry *ents;
	size_t ent_cnt, ent_cap;
	uint64_t seed; /* bpf_get_prandom_u32's */
	uint32_t prandom[BC_WITNESS_PRANDOM]; /* its first results */
	uint32_t prandom_cnt;
	bool ringbuf_full; /* ring buffer reservations fail */
	/* a read of stack bytes never written faults: the program was
	 * verified for a loader without CAP_PERFMON, which Linux refuses
	 * such reads (a loader with it reads what is there) */
	bool stack_init;
};

/* What the search looks for. */
struct bc_witness_goal {
	int64_t insn; /* the fault's insn; -1: a fault anywhere */
	/*
	 * The verifier rejected arithmetic at insn (a pointer that may
	 * leave its region): a memory fault at a later insn of a run that
	 * executed insn counts.
	 */
	bool after;
	bool stack_init; /* as struct bc_witness's */
};

enum bc_fault_kind {
	BC_FAULT_NONE,
	BC_FAULT_MEMORY, /* an access outside the regions, or read-only */
	BC_FAULT_UNINIT, /* a register read before any write */
	BC_FAULT_LEAK, /* a reference held at exit or a tail call */
	BC_FAULT_OTHER, /* another error: not modelled, a limit, ... */
};

struct bc_witness_fault {
	enum bc_fault_kind kind;
	int64_t insn;
	int64_t acq_insn; /* a leak: the insn that acquired it, else -1 */
	bool reached; /* the goal's insn was executed */
	char msg[512]; /* "insn 8: invalid read of ..." */
};

/*
 * Run w once without verification, with the witness checks. Returns
 * false when the input cannot be set up (a map entry refused, a map too
 * big to run: err set), else true with *f (kind NONE: no fault).
 */
bool bc_witness_run(const struct bc_object *obj, const struct bc_prog *p,
		    const struct bc_witness *w, int64_t goal_insn,
		    struct bc_witness_fault *f, struct bc_err *err);

/* Does fault f meet goal g? */
bool bc_witness_meets(const struct bc_witness_goal *g,
		      const struct bc_witness_fault *f);

/*
 * Search for an input that meets g within budget_ms of wall time (0: the
 * default, 300 ms). True with *w (w->prog set) and its fault *f.
 */
bool bc_witness_search(const struct bc_object *obj, const struct bc_prog *p,
		       const struct bc_witness_goal *g, unsigned budget_ms,
		       struct bc_witness *w, struct bc_witness_fault *f);

void bc_witness_free(struct bc_witness *w);
/* Add an entry to w (key and value copied, the map's sizes). */
void bc_witness_add_entry(struct bc_witness *w, const struct bc_object *obj,
			  uint32_t map, const uint8_t *key, const uint8_t *val);

/*
 * The file: '#' comments and lines "KEY VALUE", a block per program:
 *   program NAME           starts a block
 *   packet HEX             the packet's bytes (absent: an empty packet)
 *   ctx HEX                the context's bytes (absent: the default)
 *   map NAME KEYHEX VALUEHEX  an entry stored before the run (repeated)
 *   seed N                 bpf_get_prandom_u32's seed
 *   prandom V...           its first results (then the seed's)
 *   ringbuf-full           every ring buffer reservation fails
 *   stack-init             a read of stack bytes never written faults
 *   fault TEXT             what the run does (informative, not read)
 * Writes one block (with the fault and, when given, the verifier's
 * message as comments).
 */
void bc_witness_write(FILE *f, const struct bc_object *obj,
		      const struct bc_witness *w,
		      const struct bc_witness_fault *fault,
		      const char *verifier_msg);
/*
 * Read the block of program name (NULL: the first block) from text.
 * Returns 0, or -errno with err set ("line 3: no map named 'x'").
 */
int bc_witness_parse(const char *text, const struct bc_object *obj,
		     const char *name, struct bc_witness *w,
		     struct bc_err *err);
/* The name of the first block's program, or NULL; malloc'd. */
char *bc_witness_first_prog(const char *text);

#endif
