// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The target kernel's BTF, read with libbpf's BTF API. */
#include <bpf/btf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "platform/kbtf.h"

int bc_kernel_btf_open(const char *path, struct bc_kernel_btf **out,
		       struct bc_err *err)
{
	struct bc_kernel_btf *kb;
	struct btf *btf;

	*out = NULL;
	if (path && !*path)
		return 0; /* none asked for */
	if (!path) {
		if (access(BC_KBTF_DEFAULT, R_OK))
			return 0;
		path = BC_KBTF_DEFAULT;
	}
	btf = btf__parse(path, NULL);
	if (!btf) {
		int e = errno ? errno : EINVAL;

		return bc_errf(err, -1, e, "%s: cannot read kernel BTF: %s",
			       path,
			       e == ENOENT ? "no such file" :
			       e == EACCES ? "permission denied" :
					     "not a BTF or ELF file with .BTF");
	}
	kb = bc_xcalloc(1, sizeof(*kb));
	kb->btf = btf;
	kb->path = bc_xstrdup(path);
	*out = kb;
	return 0;
}

void bc_kernel_btf_free(struct bc_kernel_btf *kb)
{
	if (!kb)
		return;
	btf__free(kb->btf);
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
