/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The target kernel's configuration and release, for the __kconfig externs
 * libbpf fills in at load time (CONFIG_* from the kernel's config file,
 * LINUX_KERNEL_VERSION and the other virtual LINUX_* values from its
 * release). Opened once per run, like the kernel BTF (kbtf.h).
 */
#ifndef BC_KCONFIG_H
#define BC_KCONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/util.h"

#define BC_KCONFIG_PROC "/proc/config.gz"

struct bc_kconfig {
	char *path; /* the config file read, NULL: none */
	char *release; /* "6.18.44", NULL: not known */
	uint32_t version; /* KERNEL_VERSION(a, b, c), 0: not known */
	char **lines; /* "CONFIG_X=value", sorted by name */
	size_t cnt;
};

/*
 * Open the configuration at path (plain or gzip-compressed) for the kernel
 * of the given release. path NULL: /proc/config.gz, else
 * /boot/config-RELEASE, when either exists; "": none. release NULL: the
 * running kernel's (uname); "": not known. Returns 0 or -errno with err set.
 */
int bc_kconfig_open(const char *path, const char *release,
		    struct bc_kconfig **out, struct bc_err *err);
void bc_kconfig_free(struct bc_kconfig *kc);

/* The value of CONFIG_name ("y", "m", "\"text\"", "42"), NULL if unset. */
const char *bc_kconfig_value(const struct bc_kconfig *kc, const char *name);

/* KERNEL_VERSION of a release string "A.B.C...", 0 if it is not one. */
uint32_t bc_kernel_version(const char *release);

#endif
