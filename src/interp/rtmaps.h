/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Runtime maps for the interpreter: real in-memory maps created from an
 * object's map definitions. Array-like maps (array, per-CPU array as one
 * CPU, program array, perf event array, global data) keep every value in
 * one pool; hash maps (hash, per-CPU hash, LRU hash) keep keys and values
 * in fixed slots so a value's address stays valid until it is deleted.
 * Pools are mapped lazily (MAP_NORESERVE), so a big max_entries costs
 * nothing until used.
 */
#ifndef BC_RTMAPS_H
#define BC_RTMAPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "interp/rtarena.h"
#include "prog/prog.h"

struct bc_rtmap {
	char *name;
	uint32_t type, key_size, value_size, max_entries, flags;
	bool readonly; /* program may not write values */
	bool hashed; /* keys are looked up through the index */
	uint32_t vstride; /* value slot size (value_size rounded to 8, doubled) */
	uint8_t *vals; /* max_entries * vstride */
	size_t vals_bytes;
	uint8_t *keys; /* hashed: max_entries * key_size */
	size_t keys_bytes;
	uint8_t *live; /* slot in use (hashed maps, prog arrays) */
	uint64_t *stamp; /* LRU: last use */
	uint32_t *index; /* hashed: open addressing, slot + 1 */
	uint32_t index_cap;
	uint32_t *free_slots;
	uint32_t free_cnt;
	uint32_t fresh; /* slots [fresh, max_entries) never used */
	uint32_t count; /* live entries (hashed) */
	uint64_t clock;
	uint32_t events; /* ringbuf/perf records emitted */
	struct bc_rtarena *arena; /* BPF_MAP_TYPE_ARENA's pages */
};

/*
 * A map pointer is its entry's host address. The kernel's struct bpf_map
 * fields a program reads through it (map->max_entries) are not modelled:
 * BC_RTMAP_OBJECT bytes past the last entry belong to the array too, so
 * no other object of the run is found at such a read.
 */
#define BC_RTMAP_OBJECT 4096

struct bc_rtmaps {
	struct bc_rtmap *maps; /* one per obj->maps entry, same order */
	uint32_t cnt;
};

/* Create runtime maps for every map in obj (global data initialised). */
int bc_rtmaps_new(const struct bc_object *obj, struct bc_rtmaps **out,
		  struct bc_err *err);
/*
 * The same, but the maps a run of p cannot reach (not among its own, when
 * it has no map of maps or program array) are made without entries: a
 * search that makes its maps afresh for each run pays for p's alone.
 */
int bc_rtmaps_new_for(const struct bc_object *obj, const struct bc_prog *p,
		      struct bc_rtmaps **out, struct bc_err *err);
/*
 * Can a run of p reach map i of its object? Through its own map loads;
 * through a map of maps or a program array, any map.
 */
bool bc_rtmaps_reachable(const struct bc_prog *p, uint32_t i);
void bc_rtmaps_free(struct bc_rtmaps *m);
struct bc_rtmap *bc_rtmaps_find(struct bc_rtmaps *m, const char *name);
/* The runtime map whose handle address is p, or NULL. */
struct bc_rtmap *bc_rtmaps_from_ptr(struct bc_rtmaps *m, uint64_t p);

/* Map operations with the kernel's semantics and -errno returns. */
void *bc_rtmap_lookup(struct bc_rtmap *m, const void *key);
int bc_rtmap_update(struct bc_rtmap *m, const void *key, const void *val,
		    uint64_t flags);
int bc_rtmap_delete(struct bc_rtmap *m, const void *key);
/*
 * Iterate: slot i in [0, max_entries); returns false for an empty slot.
 * For array maps *key points to a scratch u32 holding i.
 */
bool bc_rtmap_slot(struct bc_rtmap *m, uint32_t i, const void **key, void **val,
		   uint32_t *scratch);

/* Where an address falls in one of a map's values or keys. */
struct bc_rtmap_at {
	uint64_t off; /* from the start of the value (or key) */
	uint32_t size; /* value_size (key_size) */
	bool key; /* in a hash map's key, not a value */
	bool live; /* the entry exists (not deleted) */
	bool inside; /* the whole access is inside a live entry */
	bool writable;
};

/*
 * Region check: is [addr, addr+size) inside one live value (or key) of m?
 * Returns false if addr is not in m's pools at all. Each value is
 * followed by a gap as large as itself (when the pool allows), so an
 * access just past a value's end is found outside it.
 */
bool bc_rtmap_covers(struct bc_rtmap *m, uint64_t addr, uint64_t size,
		     struct bc_rtmap_at *at);

/* Does this map type keep values the program can point into? */
bool bc_rtmap_has_values(uint32_t type);
/*
 * Map of maps (array/hash of maps): each value is a u32 index into the
 * runtime maps; a lookup from the program yields that inner map.
 */
bool bc_rtmap_of_maps(uint32_t type);

#endif
