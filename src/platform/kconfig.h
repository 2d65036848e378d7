/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The target kernel's configuration and release, for the __kconfig externs
 * libbpf fills in at load time (CONFIG_* from the kernel's config file,
 * LINUX_KERNEL_VERSION and the other virtual LINUX_* values from its
 * release). Opened once per run, like the kernel BTF (kbtf.h).
 */
#ifndef BC_KCONFIG_H
#define BC_KCONFIG_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/util.h"

#define BC_KCONFIG_PROC "/proc/config.gz"

/*
 * The config file is read at the first question about it, not at open:
 * most programs have no __kconfig extern and call no helper that needs a
 * config, and decompressing /proc/config.gz costs more than verifying them.
 */
struct bc_kconfig {
	char *path; /* the config file to read, NULL: none */
	char *release; /* "6.18.44", NULL: not known */
	uint32_t version; /* KERNEL_VERSION(a, b, c), 0: not known */
	char **lines; /* "CONFIG_X=value", sorted by name */
	size_t cnt;
	bool read; /* lines and err are set */
	struct bc_err err; /* why path could not be read */
	pthread_mutex_t lock;
};

/*
 * Open the configuration at path (plain or gzip-compressed) for the kernel
 * of the given release. path NULL: /proc/config.gz, else
 * /boot/config-RELEASE, when either exists; "": none. release NULL: the
 * running kernel's (uname); "": not known. Returns 0 or -errno with err set
 * (a path that cannot be opened); the file is read later, once.
 */
int bc_kconfig_open(const char *path, const char *release,
		    struct bc_kconfig **out, struct bc_err *err);
void bc_kconfig_free(struct bc_kconfig *kc);

/*
 * Whether kc has a config file that could be read: 0, else -errno with err
 * set (when err is not NULL) to why not.
 */
int bc_kconfig_read(const struct bc_kconfig *kc, struct bc_err *err);

/*
 * The value of CONFIG_name ("y", "m", "\"text\"", "42"), NULL if unset or
 * the config is not known (bc_kconfig_read says why).
 */
const char *bc_kconfig_value(const struct bc_kconfig *kc, const char *name);

/* KERNEL_VERSION of a release string "A.B.C...", 0 if it is not one. */
uint32_t bc_kernel_version(const char *release);

#endif
