/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* verify -j N: programs verified by N threads, results in input order. */
#ifndef BPFCHECK_VERIFY_JOBS_H
#define BPFCHECK_VERIFY_JOBS_H

#include <stdbool.h>
#include <stddef.h>

#include <bpfcheck/bpfcheck.h>

struct verify_job {
	const char *file;
	const struct bpfcheck_prog *prog;
	struct bpfcheck_verdict res;
	int rc; /* bpfcheck_verify's return */
	bool done;
};

/* Called in job order, from the calling thread, as results arrive. */
typedef void (*verify_job_out)(void *ctx, struct verify_job *job);

/*
 * Verify jobs[0..n) with opts on `workers` threads (the caller's thread
 * prints); out sees each job once, in order. Returns false when threads
 * could not be started (then nothing was verified).
 */
bool verify_jobs_run(struct verify_job *jobs, size_t n, int workers,
		     const struct bpfcheck_verify_opts *opts,
		     verify_job_out out, void *ctx);

#endif
