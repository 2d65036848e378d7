// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The arena (BPF_MAP_TYPE_ARENA, Linux 6.9) of an ELF object: at most one
 * per object as libbpf allows (bpf_object__init_maps), created under the
 * kernel's rules (arena_map_alloc in kernel/bpf/arena.c), and the __arena
 * globals of ".addr_space.1", which libbpf copies into the arena's first
 * pages once it has mapped it (bpf_object__create_maps).
 */
#include <linux/bpf.h>
#include <string.h>

#include "isa/insn.h"
#include "load/elf_priv.h"

#define ARENA_PAGE_SIZE 4096ull
#define ARENA_MAX_SIZE	(1ull << 32)

/* BPF_F_SEGV_ON_FAULT, BPF_F_NO_USER_CONV: newer than some headers */
#define ARENA_F_SEGV_ON_FAULT (1u << 17)
#define ARENA_F_NO_USER_CONV  (1u << 18)

/* arena_map_alloc's checks: the error bpf(BPF_MAP_CREATE) returns. */
static int check_arena_map(struct eloader *L, const struct bc_map *m)
{
	uint32_t ok_flags = BPF_F_MMAPABLE | ARENA_F_SEGV_ON_FAULT |
			    ARENA_F_NO_USER_CONV;
	uint64_t range = (uint64_t)m->max_entries * ARENA_PAGE_SIZE;

	if (m->key_size || m->value_size || !m->max_entries ||
	    !(m->map_flags & BPF_F_MMAPABLE) || (m->map_flags & ~ok_flags) ||
	    (m->map_extra & (ARENA_PAGE_SIZE - 1)))
		return bc_elf_fail(
			L,
			"map '%s': failed to create: -EINVAL (an arena has key and value size 0, max_entries pages, BPF_F_MMAPABLE and a page-aligned map_extra)",
			m->name);
	if (range > ARENA_MAX_SIZE)
		return bc_elf_fail(
			L,
			"map '%s': failed to create: -E2BIG (an arena is at most 4 GiB)",
			m->name);
	if ((m->map_extra >> 32) != ((m->map_extra + range - 1) >> 32))
		return bc_elf_fail(
			L,
			"map '%s': failed to create: -ERANGE (an arena's user address range crosses a 4 GiB boundary)",
			m->name);
	return 0;
}

/* The index of the ".addr_space.1" section, or 0. */
static size_t arena_section(const struct eloader *L)
{
	for (size_t i = 1; i < L->nsec; i++)
		if (L->secs[i].kind == ES_ARENA)
			return i;
	return 0;
}

int bc_elf_arena(struct eloader *L)
{
	size_t si = arena_section(L);
	struct bc_map *m;

	for (uint32_t i = 0; i < L->obj->map_cnt; i++) {
		m = &L->obj->maps[i];
		if (m->type != BC_MAP_TYPE_ARENA)
			continue;
		if (L->arena_map >= 0)
			return bc_elf_fail(
				L,
				"map '%s': only single ARENA map is supported (map '%s' is also ARENA)",
				m->name, L->obj->maps[L->arena_map].name);
		if (check_arena_map(L, m))
			return -1;
		L->arena_map = (int)i;
	}
	if (!si)
		return 0;
	if (L->arena_map < 0)
		return bc_elf_fail(
			L,
			"elf: sec '.addr_space.1': to use global __arena variables the ARENA map should be explicitly declared in SEC(\".maps\")");
	m = &L->obj->maps[L->arena_map];
	if ((L->secs[si].size + ARENA_PAGE_SIZE - 1) / ARENA_PAGE_SIZE >
	    m->max_entries)
		return bc_elf_fail(
			L,
			"elf: sec '.addr_space.1': declared ARENA map size (%llu) is too small to hold global __arena variables of size %zu",
			(unsigned long long)m->max_entries * ARENA_PAGE_SIZE,
			L->secs[si].size);
	if (!L->secs[si].size)
		return 0;
	m->init = bc_xcalloc(1, L->secs[si].size);
	m->init_size = (uint32_t)L->secs[si].size;
	if (L->secs[si].data)
		memcpy(m->init, L->secs[si].data, L->secs[si].size);
	return 0;
}
