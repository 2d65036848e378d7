/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * What the pieces of the random program generator share (see gen.h):
 * gen.c (the RNG, the emitter, register tracking, the program skeleton),
 * gen_blocks.c (ALU, branch, packet, map, stack and refinement blocks),
 * gen_prec.c (blocks whose safety hangs on precision) and gen_loops.c
 * (bounded and ill-formed loops).
 *
 * Registers: r6 holds the context for the whole program; in packet
 * programs (xdp, tc) r7 = data and r8 = data_end. r9 is a scalar or, after
 * a kept map lookup, a checked map value pointer. r0..r5 are scratch.
 * The generator tracks what each register holds on the fall-through path
 * (meeting the states of both sides of every branch and loop), so that most
 * blocks use registers as the verifier will type them.
 *
 * Stack layout: -64..-1 scalar slots (zeroed in the prologue when the
 * program uses the stack), -120..-72 pointer spill slots, -128 the lookup
 * key.
 */
#ifndef BC_BENCH_GEN_PRIV_H
#define BC_BENCH_GEN_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "gen.h"

enum rk { RK_NONE, RK_SCALAR, RK_CTX, RK_PKT, RK_END, RK_MAPV };

struct g {
	struct gen_rng *r;
	struct gen_prog *p;
	uint8_t rk[11];
	uint16_t reserved; /* loop counters and bounds: do not write */
	uint32_t pkt_range; /* bytes known readable from r7 */
	uint32_t mapv_size; /* r9's value size when RK_MAPV */
	int labels;
	int depth; /* loop nesting */
	int walker; /* a loop's pointer secondary IV, or 0 */
	bool pkt; /* program has direct packet access */
	bool stack_init;
	uint32_t budget;
	uint32_t flaw_pct; /* chance of a flaw per block, percent */
};

/* The register state on one side of a branch, to meet() the other. */
struct snap {
	uint8_t rk[11];
	uint32_t pkt_range, mapv_size;
};

/* Access sizes in bytes. */
static const int sizes[] = { 1, 2, 4, 8 };

/* gen.c: randomness, output, state */
bool chance(struct g *g, unsigned pct);
uint64_t below(struct g *g, uint64_t n);
void emit(struct g *g, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int new_label(struct g *g);
void label(struct g *g, int l);
void feat(struct g *g, enum gen_feature f);
bool flaw(struct g *g);
void hint(struct g *g, int64_t len);
void save(struct g *g, struct snap *s);
void meet(struct g *g, const struct snap *s);

/* gen.c: registers and values */
bool writable(struct g *g, int r);
int pick_writable(struct g *g);
int pick_temp(struct g *g);
/* Two different temporaries (pick_temp twice, the first kept from the
 * second pick). */
void pick_two_temps(struct g *g, int *a, int *b);
int64_t interesting32(struct g *g);
uint64_t interesting64(struct g *g);
void unknown_into(struct g *g, int r);
int pick_scalar(struct g *g);
int pick_scalar_dst(struct g *g);

/* gen.c: a few simple items (the body of a branch) */
void gen_body(struct g *g, int items);

/* gen_blocks.c */
void alu_one(struct g *g);
void alu_block(struct g *g, int n);
void branch_block(struct g *g);
void pkt_check(struct g *g, uint32_t k, const char *fail);
void pkt_block(struct g *g);
void pkt_var_block(struct g *g);
int get_map(struct g *g);
void add_key(struct g *g, uint32_t k);
void lookup_call(struct g *g, const struct gen_map *m);
void map_block(struct g *g);
void stack_block(struct g *g);
void refine_block(struct g *g);

/* gen_prec.c */
void prec_block(struct g *g);

/* gen_loops.c */
void loop_block(struct g *g);

#endif
