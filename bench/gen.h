/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Random valid-looking eBPF programs for the soundness driver
 * (bench/soundness.c, issue 6). A program is assembly text in the verifier
 * log syntax src/asm/asm.c reads, so a violation can be replayed with
 * `bpfcheck run --oracle FILE.s`.
 *
 * Each program is a prologue (context, packet pointers, scalar sources),
 * a random sequence of blocks (ALU, branches, packet parsing, map lookups,
 * stack spills, loops, branches leaving values whose precision matters),
 * and an epilogue that folds the scalars into r0.
 * Most blocks are valid; each has a small chance of a flaw (off-by-one or
 * missing bounds check, missing null check, an unbounded loop, ...), so
 * the verifier both accepts and rejects.
 */
#ifndef BC_BENCH_GEN_H
#define BC_BENCH_GEN_H

#include <stddef.h>
#include <stdint.h>

enum gen_feature {
	GF_ALU, /* straight-line ALU, mixed widths */
	GF_BRANCH, /* forward branches on scalars */
	GF_PACKET, /* packet parsing with bounds checks */
	GF_PKTVAR, /* variable packet offsets */
	GF_MAP, /* map lookups */
	GF_MAPVAR, /* variable offsets into map values */
	GF_STACK, /* stack spills and fills */
	GF_LOOP, /* bounded loops */
	GF_BADLOOP, /* ill-formed loops */
	GF_NESTED, /* nested loops */
	GF_STRENGTH, /* strength-reduced counters: from -step, exit on != */
	GF_SECIV, /* a secondary induction variable used as an index */
	GF_STKCTR, /* a counter kept in a stack slot, maybe across a call */
	GF_PREC, /* values whose precision decides safety (or not) */
	GF_PKTWALK, /* a packet pointer data + i re-derived after its check */
	GF_PKTWORDS, /* words data + i * size after one check of the block */
	GF_SGNZERO, /* a signed counter stepping down through zero */
	GF_BACKSCAN, /* a scan from the end back towards the start */
	GF_VARWALK, /* a walk whose step is read from the packet */
	GF_HALVE, /* a value shifted right each round until it is 0 */
	GF_PKTSCAN, /* data + i read, data + i + k checked after the step */
	GF_FLAW, /* a deliberate flaw was injected */
	GF_NFEAT,
};

extern const char *const gen_feature_names[GF_NFEAT];

struct gen_rng {
	uint64_t s;
};

void gen_seed(struct gen_rng *r, uint64_t seed);
uint64_t gen_next(struct gen_rng *r);
/* Uniform in [0, n), n > 0. */
uint64_t gen_below(struct gen_rng *r, uint64_t n);

#define GEN_MAX_MAPS  3
#define GEN_MAX_HINTS 24

struct gen_map {
	char name[8];
	uint32_t type; /* BPF_MAP_TYPE_ARRAY or _HASH */
	uint32_t value_size, max_entries;
};

struct gen_prog {
	char *text; /* NUL-terminated assembly */
	size_t len, cap;
	uint32_t features; /* 1u << enum gen_feature */
	uint32_t type; /* BPF_PROG_TYPE_* */
	uint32_t insns; /* approximate instruction count */
	struct gen_map maps[GEN_MAX_MAPS];
	int nmaps;
	/* packet lengths at which the program's checks change outcome */
	uint32_t hints[GEN_MAX_HINTS];
	int nhints;
	/* keys the program looks up (so inputs can store them) */
	uint32_t keys[GEN_MAX_HINTS];
	int nkeys;
};

/* Generate one program into p (p->text reused across calls). */
void gen_program(struct gen_rng *r, struct gen_prog *p);
void gen_prog_free(struct gen_prog *p);

#endif
