/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The target kernel's BTF (a vmlinux BTF blob: /sys/kernel/btf/vmlinux,
 * one from BTFHub or `bpftool btf dump`), read with libbpf's BTF API.
 * Opened once per run and shared by every object verified against it:
 * typed contexts of tracing programs, CO-RE relocations, kfunc prototypes.
 * The file is parsed the first time one of them asks (bc_kernel_btf_get),
 * once, by whichever thread asks first: most programs never do.
 */
#ifndef BC_KBTF_H
#define BC_KBTF_H

#include <pthread.h>
#include <stdbool.h>

#include "util/util.h"

struct btf;

#define BC_KBTF_DEFAULT "/sys/kernel/btf/vmlinux"

struct bc_kernel_btf {
	char *path;
	pthread_mutex_t lock; /* held while parsing */
	bool parsed; /* btf or err is set (read atomically) */
	struct btf *btf;
	struct bc_err err; /* why btf is NULL once parsed */
};

/*
 * Open the kernel BTF at path, unread. path NULL: BC_KBTF_DEFAULT when it
 * exists, else none (*out = NULL, returns 0); path "": none. Returns 0.
 */
int bc_kernel_btf_open(const char *path, struct bc_kernel_btf **out,
		       struct bc_err *err);

/*
 * kb's BTF, parsed on the first call (thread-safe); NULL when kb is NULL
 * or the file cannot be read, then with err (when not NULL) set to the
 * one line saying why ("FILE: cannot read kernel BTF: no such file").
 */
const struct btf *bc_kernel_btf_get(const struct bc_kernel_btf *kb,
				    struct bc_err *err);
void bc_kernel_btf_free(struct bc_kernel_btf *kb);

/*
 * The one line a program that needs kernel BTF fails with when none is
 * available; what names the need ("tp_btf/sched_switch", "CO-RE").
 */
void bc_kernel_btf_missing(char *buf, size_t len, const char *what);

#endif
