/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * An arena (BPF_MAP_TYPE_ARENA) in the interpreter, as kernel/bpf/arena.c
 * keeps one: up to 4 GiB of pages, each allocated by the program
 * (bpf_arena_alloc_pages) or by user space touching it (libbpf's copy of
 * the __arena globals into the first pages). A program's pointer into it
 * is 32 bits (addr_space_cast to address space 0); user space's is the
 * user address. An access to a page not allocated reads 0 and drops a
 * write, as the kernel's fault fixup of BPF_PROBE_MEM32 does.
 */
#ifndef BC_RTARENA_H
#define BC_RTARENA_H

#include <stdbool.h>
#include <stdint.h>

#include "prog/prog.h"

#define BC_ARENA_PAGE 4096u

struct bc_rtarena {
	uint64_t user_start; /* user_vm_start: map_extra, or mmap's choice */
	uint32_t pages; /* max_entries */
	bool no_user_conv; /* BPF_F_NO_USER_CONV */
	uint8_t **page; /* per page offset: its contents, or NULL */
	uint8_t scratch[8]; /* what a fault reads (zeros) and a write hits */
};

/* The arena of map d, with d's initial contents in its first pages. */
struct bc_rtarena *bc_rtarena_new(const struct bc_map *d);
void bc_rtarena_free(struct bc_rtarena *a);

/*
 * Where an access of size bytes at the program's arena pointer base plus
 * off lands: the page's bytes, or the zeroed scratch when no page is
 * there (or the access straddles two pages).
 */
void *bc_rtarena_mem(struct bc_rtarena *a, uint64_t base, int16_t off,
		     int size);

/* addr_space_cast of v: imm 1 to the program's space, 1 << 16 back. */
uint64_t bc_rtarena_cast(const struct bc_rtarena *a, uint64_t v, int32_t imm);

/* The user address of the arena's byte off (a value pseudo load). */
uint64_t bc_rtarena_user_addr(const struct bc_rtarena *a, uint32_t off);

/* bpf_arena_alloc_pages: the user address of the pages, or 0. */
uint64_t bc_rtarena_alloc(struct bc_rtarena *a, uint64_t uaddr, uint32_t cnt,
			  int32_t node_id, uint64_t flags);
/* bpf_arena_free_pages. */
void bc_rtarena_free_pages(struct bc_rtarena *a, uint64_t uaddr, uint32_t cnt);

#endif
