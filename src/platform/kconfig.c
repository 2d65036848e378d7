// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The target kernel's configuration: the CONFIG_NAME=value lines of its
 * config file, as libbpf reads /proc/config.gz for __kconfig externs.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <zlib.h>

#include "platform/kconfig.h"

uint32_t bc_kernel_version(const char *release)
{
	unsigned a, b, c = 0;

	if (!release || sscanf(release, "%u.%u.%u", &a, &b, &c) < 2 ||
	    a > 255 || b > 255)
		return 0;
	return (a << 16) + (b << 8) + (c > 255 ? 255 : c);
}

static size_t name_len(const char *line)
{
	return strcspn(line, "=");
}

static int cmp_line(const void *a, const void *b)
{
	const char *x = *(const char *const *)a, *y = *(const char *const *)b;
	size_t nx = name_len(x), ny = name_len(y);
	int c = strncmp(x, y, nx < ny ? nx : ny);

	return c ? c : (nx > ny) - (nx < ny);
}

static void add_line(struct bc_kconfig *kc, const char *buf, size_t *cap)
{
	size_t n = strcspn(buf, "\r\n");

	if (strncmp(buf, "CONFIG_", 7) || !memchr(buf, '=', n))
		return;
	BC_GROW(kc->lines, *cap, kc->cnt + 1);
	kc->lines[kc->cnt++] = bc_xstrndup(buf, n);
}

static void free_lines(struct bc_kconfig *kc)
{
	for (size_t i = 0; i < kc->cnt; i++)
		free(kc->lines[i]);
	free(kc->lines);
	kc->lines = NULL;
	kc->cnt = 0;
}

static int cannot_open(const char *path, int e, struct bc_err *err)
{
	return bc_errf(err, -1, -e, "%s: cannot open: %s", path, strerror(e));
}

/* The config lines of kc->path, plain or gzip-compressed (zlib reads both). */
static int read_config(struct bc_kconfig *kc, struct bc_err *err)
{
	char buf[4096];
	size_t cap = 0;
	gzFile f = gzopen(kc->path, "rb");

	if (!f)
		return cannot_open(kc->path, errno ? errno : EIO, err);
	while (gzgets(f, buf, sizeof(buf)))
		add_line(kc, buf, &cap);
	if (!gzeof(f)) {
		gzclose(f);
		return bc_errf(err, -1, -EIO,
			       "%s: cannot read it as a kernel config",
			       kc->path);
	}
	gzclose(f);
	if (kc->cnt)
		qsort(kc->lines, kc->cnt, sizeof(*kc->lines), cmp_line);
	return 0;
}

/* Read kc's file, once: kc->lines, or kc->err saying why not. */
static void read_once(struct bc_kconfig *kc)
{
	pthread_mutex_lock(&kc->lock);
	if (!__atomic_load_n(&kc->read, __ATOMIC_ACQUIRE)) {
		bc_err_init(&kc->err);
		if (read_config(kc, &kc->err))
			free_lines(kc);
		__atomic_store_n(&kc->read, true, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&kc->lock);
}

int bc_kconfig_read(const struct bc_kconfig *kc, struct bc_err *err)
{
	/* the lines are a cache: the handle is the same file either way */
	struct bc_kconfig *w = (struct bc_kconfig *)kc;

	if (!kc || !kc->path)
		return -ENOENT;
	if (!__atomic_load_n(&w->read, __ATOMIC_ACQUIRE))
		read_once(w);
	if (w->err.set && err)
		*err = w->err;
	return w->err.set ? -EIO : 0;
}

/* /proc/config.gz, else /boot/config-RELEASE, else NULL. */
static const char *default_path(const char *release, char *buf, size_t len)
{
	if (!access(BC_KCONFIG_PROC, R_OK))
		return BC_KCONFIG_PROC;
	if (!release)
		return NULL;
	snprintf(buf, len, "/boot/config-%s", release);
	return access(buf, R_OK) ? NULL : buf;
}

int bc_kconfig_open(const char *path, const char *release,
		    struct bc_kconfig **out, struct bc_err *err)
{
	struct bc_kconfig *kc = bc_xcalloc(1, sizeof(*kc));
	struct utsname u;
	char buf[320];
	int r = 0;

	if (!release && !uname(&u))
		release = u.release;
	if (release && *release) {
		kc->release = bc_xstrdup(release);
		kc->version = bc_kernel_version(release);
	}
	pthread_mutex_init(&kc->lock, NULL);
	if (!path)
		path = default_path(kc->release, buf, sizeof(buf));
	if (path && *path && access(path, R_OK))
		r = cannot_open(path, errno, err);
	else if (path && *path)
		kc->path = bc_xstrdup(path);
	if (r) {
		bc_kconfig_free(kc);
		kc = NULL;
	}
	*out = kc;
	return r;
}

void bc_kconfig_free(struct bc_kconfig *kc)
{
	if (!kc)
		return;
	free_lines(kc);
	pthread_mutex_destroy(&kc->lock);
	free(kc->path);
	free(kc->release);
	free(kc);
}

const char *bc_kconfig_value(const struct bc_kconfig *kc, const char *name)
{
	char key[256];
	const char *k = key, *const * hit;

	if (bc_kconfig_read(kc, NULL) || !kc->cnt ||
	    strlen(name) + 2 > sizeof(key))
		return NULL;
	snprintf(key, sizeof(key), "%s=", name);
	hit = bsearch(&k, kc->lines, kc->cnt, sizeof(*kc->lines), cmp_line);
	return hit ? *hit + name_len(*hit) + 1 : NULL;
}
