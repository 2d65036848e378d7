/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * What the verifier claimed about registers (the soundness oracle, issue
 * 6): for every instruction it checked, over all the states it explored
 * there, the join of each live scalar register's abstract value. The
 * interpreter then asserts that every concrete value lies inside.
 */
#ifndef BC_VCLAIMS_H
#define BC_VCLAIMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "domain/scalar.h"

/*
 * A pointer claim: the kind (stack of a frame, context, packet, packet
 * end, packet meta, value of a map) and the offset range from that
 * region's start (the frame's r10, ctx, data, data_meta, the value); for a
 * packet pointer also how many bytes past it are proven inside the packet
 * (pkt_ahead, BC_CLAIM_NO_RANGE when some state proved none).
 */
#define BC_CLAIM_NO_RANGE INT64_MIN

struct bc_pclaim {
	uint8_t kind; /* enum bc_vkind */
	uint8_t frame;
	uint32_t map;
	int64_t omin, omax;
	int64_t pkt_ahead;
};

struct bc_claim {
	uint16_t scalar; /* registers with a scalar claim */
	uint16_t ptr; /* registers with a pointer claim */
	uint16_t other; /* registers some state held otherwise */
	uint16_t btf; /* registers some state held as a BTF pointer */
	struct bc_scalar s[11];
	struct bc_pclaim p[11];
	/* the stack of frame sframe (0xff: states differ, no claim):
	 * slots holding a spilled scalar in every state (joined in ss[])
	 * and bytes known to be zero in every state */
	uint8_t sframe;
	uint64_t sspill;
	uint64_t szero[8];
	struct bc_scalar *ss; /* [64], NULL until a spill is seen */
};

/* Where the concrete regions are, for pointer claims (bc_vm_bases). */
struct bc_claim_bases {
	uint64_t fp[8]; /* r10 of each frame */
	int depth;
	uint64_t ctx, data, data_end, data_meta;
	/* is there a value v of map m with omin <= addr - v <= omax? */
	bool (*map_has)(void *vm, uint32_t m, uint64_t addr, int64_t omin,
			int64_t omax);
	void *vm;
};

struct bc_claims {
	uint32_t insn_cnt;
	struct bc_claim **at; /* per insn, NULL: never checked */
};

struct bc_claims *bc_claims_new(uint32_t insn_cnt);
void bc_claims_reset(struct bc_claims *c);
void bc_claims_free(struct bc_claims *c);

/*
 * Is value v of register r at insn pc inside the claims? True when there is
 * no scalar claim to check (a pointer, or an instruction never reached).
 * When false, buf describes the claim.
 */
bool bc_claims_check(const struct bc_claims *c, uint32_t pc, int r, uint64_t v,
		     char *buf, size_t len);

/*
 * The stack claims at pc for frame f, whose 512 bytes are stack[] (bytes
 * from fp-512): false with buf describing the slot and claim when a byte
 * or spilled value is outside.
 */
bool bc_claims_check_stack(const struct bc_claims *c, uint32_t pc, int f,
			   const uint8_t *stack, char *buf, size_t len);

/* The same for a pointer claim, given where the regions are. */
bool bc_claims_check_ptr(const struct bc_claims *c, uint32_t pc, int r,
			 uint64_t v, const struct bc_claim_bases *b, char *buf,
			 size_t len);

/*
 * Did some state hold register r at pc as a BTF pointer? A load through
 * it is then what the kernel makes BPF_PROBE_MEM.
 */
bool bc_claims_btf_ptr(const struct bc_claims *c, uint32_t pc, int r);

struct bc_vframe;

/*
 * The verifier's search at pc, about to check the instruction there in
 * frame f (number frameno): join its registers live there, and its
 * stack slots live there (slive: a dead one may hold anything, pruning
 * ignored it), into the claim.
 */
void bc_claims_record(struct bc_claims *c, uint32_t pc, uint16_t live,
		      uint64_t slive, const struct bc_vframe *f,
		      uint32_t frameno);
/*
 * A global function's own run: its states say nothing about one concrete
 * call, but which registers are BTF pointers is the instruction's.
 */
void bc_claims_record_btf(struct bc_claims *c, uint32_t pc,
			  const struct bc_vframe *f);

#endif
