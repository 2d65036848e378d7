// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * verify -j N. The verifier keeps no shared mutable state (per-thread
 * memory accounting only), so programs are independent work items; the
 * output stays in input order so that runs can be compared line by line.
 */
#include <pthread.h>
#include <stdlib.h>

#include "verify_jobs.h"

struct pool {
	struct verify_job *jobs;
	size_t n, next; /* next job to hand out */
	const struct bpfcheck_verify_opts *opts;
	pthread_mutex_t lock;
	pthread_cond_t done; /* a job finished */
};

static void *worker(void *arg)
{
	struct pool *p = arg;

	for (;;) {
		struct verify_job *j;

		pthread_mutex_lock(&p->lock);
		j = p->next < p->n ? &p->jobs[p->next++] : NULL;
		pthread_mutex_unlock(&p->lock);
		if (!j)
			return NULL;
		j->res.sz = sizeof(j->res);
		j->rc = bpfcheck_verify(j->prog, p->opts, &j->res);
		pthread_mutex_lock(&p->lock);
		j->done = true;
		pthread_cond_broadcast(&p->done);
		pthread_mutex_unlock(&p->lock);
	}
}

bool verify_jobs_run(struct verify_job *jobs, size_t n, int workers,
		     const struct bpfcheck_verify_opts *opts,
		     verify_job_out out, void *ctx)
{
	struct pool p = { .jobs = jobs, .n = n, .opts = opts };
	pthread_t *tids = calloc(workers, sizeof(*tids));
	int started = 0;

	if (!tids)
		return false;
	pthread_mutex_init(&p.lock, NULL);
	pthread_cond_init(&p.done, NULL);
	while (started < workers &&
	       !pthread_create(&tids[started], NULL, worker, &p))
		started++;
	for (size_t i = 0; started && i < n; i++) {
		pthread_mutex_lock(&p.lock);
		while (!jobs[i].done)
			pthread_cond_wait(&p.done, &p.lock);
		pthread_mutex_unlock(&p.lock);
		out(ctx, &jobs[i]);
	}
	for (int t = 0; t < started; t++)
		pthread_join(tids[t], NULL);
	pthread_cond_destroy(&p.done);
	pthread_mutex_destroy(&p.lock);
	free(tids);
	return started > 0;
}
