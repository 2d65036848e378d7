// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "util/util.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <time.h>

void bc_err_init(struct bc_err *e)
{
	e->msg[0] = '\0';
	e->insn = -1;
	e->set = false;
}

int bc_verrf(struct bc_err *e, int64_t insn, int errnum, const char *fmt,
	     va_list ap)
{
	if (e && !e->set) {
		vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
		e->insn = insn;
		e->set = true;
	}
	return errnum > 0 ? -errnum : errnum;
}

int bc_errf(struct bc_err *e, int64_t insn, int errnum, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = bc_verrf(e, insn, errnum, fmt, ap);
	va_end(ap);
	return r;
}

static void oom(size_t n)
{
	fprintf(stderr, "bpfcheck: out of memory (allocating %zu bytes)\n", n);
	abort();
}

void *bc_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		oom(n);
	return p;
}

void *bc_xcalloc(size_t n, size_t sz)
{
	void *p = calloc(n ? n : 1, sz ? sz : 1);

	if (!p)
		oom(n * sz);
	return p;
}

void *bc_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q)
		oom(n);
	return q;
}

char *bc_xstrdup(const char *s)
{
	return bc_xstrndup(s, strlen(s));
}

char *bc_xstrndup(const char *s, size_t n)
{
	char *p = bc_xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void bc_grow(void **arr, size_t *cap, size_t need, size_t sz)
{
	size_t ncap;

	if (need <= *cap)
		return;
	ncap = *cap ? *cap : 8;
	while (ncap < need) {
		if (ncap > SIZE_MAX / 2 / sz)
			oom(SIZE_MAX);
		ncap *= 2;
	}
	*arr = bc_xrealloc(*arr, ncap * sz);
	memset((char *)*arr + *cap * sz, 0, (ncap - *cap) * sz);
	*cap = ncap;
}

struct bc_arena_chunk {
	struct bc_arena_chunk *next;
	size_t size, used;
	_Alignas(16) unsigned char data[];
};

void bc_arena_init(struct bc_arena *a)
{
	memset(a, 0, sizeof(*a));
}

void *bc_arena_alloc(struct bc_arena *a, size_t n)
{
	struct bc_arena_chunk *c = a->head;
	void *p;

	n = (n + 15) & ~(size_t)15;
	if (!c || c->size - c->used < n) {
		size_t sz = BC_MAX(n, (size_t)64 * 1024);

		if (c && sz < c->size * 2 && c->size < (size_t)16 << 20)
			sz = c->size * 2;
		c = bc_xmalloc(sizeof(*c) + sz);
		c->size = sz;
		c->used = 0;
		c->next = a->head;
		a->head = c;
		a->reserved_bytes += sz;
	}
	p = c->data + c->used;
	c->used += n;
	a->used_bytes += n;
	memset(p, 0, n);
	return p;
}

void *bc_arena_array(struct bc_arena *a, size_t n, size_t sz)
{
	if (sz && n > SIZE_MAX / sz)
		oom(SIZE_MAX);
	return bc_arena_alloc(a, n * sz);
}

void bc_arena_free(struct bc_arena *a)
{
	struct bc_arena_chunk *c = a->head, *n;

	while (c) {
		n = c->next;
		free(c);
		c = n;
	}
	memset(a, 0, sizeof(*a));
}

int bc_read_file(const char *path, uint8_t **data, size_t *len,
		 struct bc_err *err)
{
	bool std_in = !strcmp(path, "-");
	FILE *f = std_in ? stdin : fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t cap = 0, n = 0, r;
	struct stat st;

	if (!f)
		return bc_errf(err, -1, errno, "%s: cannot open: %s", path,
			       strerror(errno));
	if (!fstat(fileno(f), &st) && S_ISDIR(st.st_mode)) {
		fclose(f);
		return bc_errf(err, -1, EISDIR,
			       "%s: is a directory, not an "
			       "eBPF object",
			       path);
	}
	for (;;) {
		BC_GROW(buf, cap, n + 65536);
		r = fread(buf + n, 1, cap - n, f);
		n += r;
		if (r == 0)
			break;
	}
	if (ferror(f)) {
		int e = errno ? errno : EIO;

		if (!std_in)
			fclose(f);
		free(buf);
		return bc_errf(err, -1, e, "%s: read error: %s", path,
			       strerror(e));
	}
	if (!std_in)
		fclose(f);
	*data = buf;
	*len = n;
	return 0;
}

long bc_peak_rss_kb(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru))
		return -1;
	return ru.ru_maxrss;
}

uint64_t bc_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

int bc_hex_decode(const char *s, const char *skip, uint8_t **out, size_t *len)
{
	size_t n = 0;
	uint8_t *b = bc_xmalloc(strlen(s) / 2 + 1);

	while (*s) {
		if (strchr(skip, *s)) {
			s++;
			continue;
		}
		if (!isxdigit((unsigned char)s[0]) ||
		    !isxdigit((unsigned char)s[1])) {
			free(b);
			return -EINVAL;
		}
		b[n++] = (uint8_t)strtoul((char[3]){ s[0], s[1], 0 }, NULL, 16);
		s += 2;
	}
	*out = b;
	*len = n;
	return 0;
}
