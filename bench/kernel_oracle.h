/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The running kernel as a second oracle for bench/soundness: a program
 * loaded with bpf(BPF_PROG_LOAD), its maps created first, and Linux's
 * verdict classified.
 */
#ifndef BC_BENCH_KERNEL_ORACLE_H
#define BC_BENCH_KERNEL_ORACLE_H

#include <stdbool.h>
#include <stddef.h>

struct bc_prog;

enum kernel_verdict {
	KERNEL_ACCEPT,
	KERNEL_UNSAFE, /* rejected for safety */
	KERNEL_LIMIT, /* rejected for a complexity limit */
	KERNEL_ERROR, /* not verified: map creation, E2BIG, ... */
	KERNEL_REJECT, /* rejected, why not asked (no log) */
};

/* Can this process load programs? If not, false and why in why. */
bool kernel_usable(char *why, size_t len);

/*
 * Linux's verdict on p (maps from p->obj); msg gets the kernel's message
 * (the last line of its log) or, for KERNEL_ERROR, what failed. Without
 * explain the program is loaded without a log (formatting it takes Linux
 * twice its search), and a rejection is KERNEL_REJECT, as is a load that
 * fails before verifying (a map that cannot be created stays an error).
 */
enum kernel_verdict kernel_verify(const struct bc_prog *p, bool explain,
				  char *msg, size_t len);

#endif
