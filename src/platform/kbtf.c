// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The target kernel's BTF, read with libbpf's BTF API when first asked. */
#include <bpf/btf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "platform/kbtf.h"

static int read_error(const char *path, int e, struct bc_err *err)
{
	return bc_errf(err, -1, e, "%s: cannot read kernel BTF: %s", path,
		       e == ENOENT ? "no such file" :
		       e == EACCES ? "permission denied" :
				     "not a BTF or ELF file with .BTF");
}

int bc_kernel_btf_open(const char *path, struct bc_kernel_btf **out,
		       struct bc_err *err)
{
	struct bc_kernel_btf *kb;

	(void)err; /* reading it may fail, later: bc_kernel_btf_get */
	*out = NULL;
	if (path && !*path)
		return 0; /* none asked for */
	if (!path) {
		if (access(BC_KBTF_DEFAULT, R_OK))
			return 0;
		path = BC_KBTF_DEFAULT;
	}
	kb = bc_xcalloc(1, sizeof(*kb));
	kb->path = bc_xstrdup(path);
	pthread_mutex_init(&kb->lock, NULL);
	*out = kb;
	return 0;
}

/* Parse kb's file, once: kb->btf, or kb->err saying why not. */
static void kernel_btf_parse(struct bc_kernel_btf *kb)
{
	pthread_mutex_lock(&kb->lock);
	if (!__atomic_load_n(&kb->parsed, __ATOMIC_ACQUIRE)) {
		errno = 0;
		kb->btf = btf__parse(kb->path, NULL);
		bc_err_init(&kb->err);
		if (!kb->btf)
			read_error(kb->path, errno ? errno : EINVAL, &kb->err);
		__atomic_store_n(&kb->parsed, true, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&kb->lock);
}

const struct btf *bc_kernel_btf_get(const struct bc_kernel_btf *kb,
				    struct bc_err *err)
{
	/* the parse is a cache: the handle is the same file either way */
	struct bc_kernel_btf *w = (struct bc_kernel_btf *)kb;

	if (!kb)
		return NULL;
	if (!__atomic_load_n(&w->parsed, __ATOMIC_ACQUIRE))
		kernel_btf_parse(w);
	if (!w->btf && err)
		*err = w->err;
	return w->btf;
}

void bc_kernel_btf_free(struct bc_kernel_btf *kb)
{
	if (!kb)
		return;
	btf__free(kb->btf);
	pthread_mutex_destroy(&kb->lock);
	free(kb->path);
	free(kb);
}

void bc_kernel_btf_missing(char *buf, size_t len, const char *what)
{
	snprintf(buf, len,
		 "%s needs the target kernel's BTF and none is "
		 "available: give one with --btf FILE (default %s)",
		 what, BC_KBTF_DEFAULT);
}
