/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* verify --kernels LIST: which kernels load each program, and why not. */
#ifndef BPFCHECK_KERNELS_MATRIX_H
#define BPFCHECK_KERNELS_MATRIX_H

#include <bpfcheck/bpfcheck.h>

#include "cli.h"

enum matrix_format { MATRIX_TEXT, MATRIX_JSON, MATRIX_CSV };

/*
 * Verify each selected program of FILE argv[optind..] as each kernel of
 * list ("5.10,6.1,6.18", or "lts": every long-term profile and the
 * newest) would (--linux-compat --kernel K), and print one row per
 * program: each kernel's PASS or FAIL with its first reason, and the
 * oldest kernel that loads it. With btf_dir, kernel K's column opens each
 * file against btf_dir/K.btf where it exists (CO-RE relocations, typed
 * contexts and kfuncs as K has them), else against the run's BTF.
 * Returns the exit status: 0 when every
 * kernel loads every program, 1 when one does not, 2 for bad input.
 */
int kernels_matrix(int argc, char **argv, const struct cli_input *in,
		   const struct bpfcheck_verify_opts *vo, const char *list,
		   const char *btf_dir, enum matrix_format fmt);

#endif
