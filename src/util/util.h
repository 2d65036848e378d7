/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Small shared utilities: errors, arena, growable arrays. */
#ifndef BC_UTIL_H
#define BC_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#define BC_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
/* A parameter a callback's signature has and its body does not need. */
#define BC_UNUSED    __attribute__((unused))
#define BC_MIN(a, b) ((a) < (b) ? (a) : (b))
#define BC_MAX(a, b) ((a) > (b) ? (a) : (b))

#if defined(__GNUC__)
#define BC_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define BC_PRINTF(a, b)
#endif

/*
 * An error: one line of text, plus the instruction it concerns (-1 when it
 * concerns no single instruction). Filled by the first failure; later calls
 * keep the first message so the root cause is what the user sees.
 */
struct bc_err {
	char msg[512];
	int64_t insn;
	bool set;
};

void bc_err_init(struct bc_err *e);
int bc_errf(struct bc_err *e, int64_t insn, int errnum, const char *fmt, ...)
	BC_PRINTF(4, 5);
int bc_verrf(struct bc_err *e, int64_t insn, int errnum, const char *fmt,
	     va_list ap);

/* Allocation that aborts the process with a message when memory runs out. */
void *bc_xmalloc(size_t n);
void *bc_xcalloc(size_t n, size_t sz);
void *bc_xrealloc(void *p, size_t n);
char *bc_xstrdup(const char *s);
char *bc_xstrndup(const char *s, size_t n);

/* Growable array: grows *arr (element size sz) so it can hold need items. */
void bc_grow(void **arr, size_t *cap, size_t need, size_t sz);
#define BC_GROW(arr, cap, need)                                                \
	bc_grow((void **)&(arr), &(cap), (need), sizeof(*(arr)))

/*
 * Arena: bump allocator freed all at once. One per analysed program
 * (the RFC's memory pool), so analyses never free piecemeal.
 */
struct bc_arena_chunk;
struct bc_arena {
	struct bc_arena_chunk *head;
	size_t used_bytes; /* bytes handed out */
	size_t reserved_bytes; /* bytes obtained from malloc */
};

void bc_arena_init(struct bc_arena *a);
void *bc_arena_alloc(struct bc_arena *a, size_t n); /* zeroed, 16-aligned */
void *bc_arena_array(struct bc_arena *a, size_t n, size_t sz);
void bc_arena_free(struct bc_arena *a);

/* Read a whole file ("-": standard input). Returns 0 or -errno (message
 * in err). */
int bc_read_file(const char *path, uint8_t **data, size_t *len,
		 struct bc_err *err);

/* Peak resident memory of this process in KiB (from getrusage). */
long bc_peak_rss_kb(void);
/* Monotonic clock in microseconds. */
uint64_t bc_now_us(void);

/*
 * HEX into *out (malloc'd) and *len: pairs of hex digits, with any of the
 * characters of skip between them. -EINVAL when anything else is there.
 */
int bc_hex_decode(const char *s, const char *skip, uint8_t **out, size_t *len);

#endif
