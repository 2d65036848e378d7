/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Shared by the libFuzzer harnesses and the seed generator.
 *
 * Raw-harness input format: an 8-byte header, then 8-byte instructions
 * (a trailing partial instruction is ignored):
 *   hdr[0]  program type, index into bcf_raw_types[] (modulo its size)
 *   hdr[1]  bit 0: run as the conformance suite does (r1 = mem, r2 = len)
 *   hdr[2]  packet (or mem) length, modulo BCF_PKT_MAX + 1
 *   hdr[3]  seed of the packet bytes
 *   hdr[4..7] unused
 */
#ifndef BC_FUZZ_COMMON_H
#define BC_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>

#include "load/load.h"
#include "prog/prog.h"

#define BCF_HDR		  8
#define BCF_PKT_MAX	  128
#define BCF_RAW_MAX_INSNS 4096
#define BCF_INSN_LIMIT	  10000 /* interpreter budget per run */
#define BCF_VERIFY_BUDGET 100000 /* verifier budget per program */

extern const uint32_t bcf_raw_types[];
extern const unsigned bcf_raw_type_cnt;

/* A throw-away output stream (/dev/null), opened once. */
FILE *bcf_sink(void);

/*
 * Maps every raw program sees (hash, array, ring buffer, read-only
 * global data), indices 0..3, so map lddws have something to refer to.
 */
void bcf_raw_object(struct bc_object *obj, struct bc_prog *prog);

/* Encode the raw header for a program of type t (seed generator). */
void bcf_raw_header(uint8_t hdr[BCF_HDR], uint32_t type, int mem_mode);

/* Abort with a message: a finding. */
void bcf_fail(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));

/* An error message must be one non-empty line. */
void bcf_check_err(const struct bc_err *err, const char *what);

#endif
