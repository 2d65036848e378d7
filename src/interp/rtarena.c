// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* An arena in the interpreter (rtarena.h), by kernel/bpf/arena.c. */
#include <stdlib.h>
#include <string.h>

#include "interp/rtarena.h"
#include "isa/insn.h"
#include "util/util.h"

/* Where mmap() puts an arena without map_extra: 4 GiB aligned. */
#define DEFAULT_USER_START (1ull << 40)
#define NO_USER_CONV	   (1u << 18)

static uint64_t clear_lo32(uint64_t v)
{
	return v & ~0xffffffffull;
}

/* compute_pgoff: the page offset of a user address (its low 32 bits). */
static uint32_t page_of(const struct bc_rtarena *a, uint64_t uaddr)
{
	return (uint32_t)(uaddr - a->user_start) / BC_ARENA_PAGE;
}

struct bc_rtarena *bc_rtarena_new(const struct bc_map *d)
{
	struct bc_rtarena *a = bc_xcalloc(1, sizeof(*a));
	uint32_t used = (d->init_size + BC_ARENA_PAGE - 1) / BC_ARENA_PAGE;

	a->user_start = d->map_extra ? d->map_extra : DEFAULT_USER_START;
	a->pages = d->max_entries;
	a->no_user_conv = d->map_flags & NO_USER_CONV;
	a->page = bc_xcalloc(a->pages ? a->pages : 1, sizeof(*a->page));
	/* libbpf copies the globals in through user space's mapping: the
	 * faults allocate those pages */
	for (uint32_t i = 0; i < used && i < a->pages; i++) {
		uint32_t n =
			BC_MIN(d->init_size - i * BC_ARENA_PAGE, BC_ARENA_PAGE);

		a->page[i] = bc_xcalloc(1, BC_ARENA_PAGE);
		memcpy(a->page[i], d->init + (size_t)i * BC_ARENA_PAGE, n);
	}
	return a;
}

void bc_rtarena_free(struct bc_rtarena *a)
{
	if (!a)
		return;
	for (uint32_t i = 0; i < a->pages; i++)
		free(a->page[i]);
	free(a->page);
	free(a);
}

void *bc_rtarena_mem(struct bc_rtarena *a, uint64_t base, int16_t off, int size)
{
	/* the JIT's kern_vm_start + (u32)base + off, in a 4 GiB window
	 * with guard pages on both sides */
	int64_t k = (int64_t)(uint32_t)base + off;
	uint32_t pg, in;

	memset(a->scratch, 0, sizeof(a->scratch));
	if (k < 0 || k + size > (1ll << 32))
		return a->scratch;
	pg = page_of(a, (uint64_t)k);
	in = (uint32_t)k % BC_ARENA_PAGE;
	if (pg >= a->pages || !a->page[pg] || in + size > BC_ARENA_PAGE)
		return a->scratch;
	return a->page[pg] + in;
}

uint64_t bc_rtarena_cast(const struct bc_rtarena *a, uint64_t v, int32_t imm)
{
	uint32_t lo = (uint32_t)v;

	if (imm == 1 || a->no_user_conv)
		return lo;
	return lo ? clear_lo32(a->user_start) | lo : 0;
}

uint64_t bc_rtarena_user_addr(const struct bc_rtarena *a, uint32_t off)
{
	return a->user_start + off;
}

static bool range_free(const struct bc_rtarena *a, uint32_t pg, uint32_t cnt)
{
	for (uint32_t i = 0; i < cnt; i++)
		if (a->page[pg + i])
			return false;
	return true;
}

uint64_t bc_rtarena_alloc(struct bc_rtarena *a, uint64_t uaddr, uint32_t cnt,
			  int32_t node_id, uint64_t flags)
{
	uint32_t pg = 0;

	/* one NUMA node here: 0 */
	if (flags || !cnt || cnt > a->pages || (node_id != -1 && node_id != 0))
		return 0;
	if (uaddr) {
		if (uaddr % BC_ARENA_PAGE)
			return 0;
		pg = page_of(a, uaddr);
		if (pg > a->pages - cnt || !range_free(a, pg, cnt))
			return 0;
	} else {
		while (pg <= a->pages - cnt && !range_free(a, pg, cnt))
			pg++;
		if (pg > a->pages - cnt)
			return 0;
	}
	for (uint32_t i = 0; i < cnt; i++)
		a->page[pg + i] = bc_xcalloc(1, BC_ARENA_PAGE);
	return clear_lo32(a->user_start) +
	       (uint32_t)(a->user_start + (uint64_t)pg * BC_ARENA_PAGE);
}

void bc_rtarena_free_pages(struct bc_rtarena *a, uint64_t uaddr, uint32_t cnt)
{
	uint64_t full, end;
	uint32_t pg;

	if (!cnt || !uaddr)
		return;
	uaddr = (uint32_t)uaddr & ~(uint64_t)(BC_ARENA_PAGE - 1);
	full = clear_lo32(a->user_start) + uaddr;
	end = BC_MIN(a->user_start + (uint64_t)a->pages * BC_ARENA_PAGE,
		     full + (uint64_t)cnt * BC_ARENA_PAGE);
	if (full < a->user_start || full >= end)
		return;
	pg = page_of(a, uaddr);
	for (uint64_t i = 0; i < (end - full) / BC_ARENA_PAGE; i++) {
		free(a->page[pg + i]);
		a->page[pg + i] = NULL;
	}
}
