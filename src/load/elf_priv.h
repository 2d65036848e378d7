/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Internal state of the ELF loader, shared by elf.c, elf_maps.c, elf_lines.c. */
#ifndef BC_ELF_PRIV_H
#define BC_ELF_PRIV_H

#include <gelf.h>
#include <libelf.h>

#include "load/load.h"
#include "prog/prog.h"

enum esec_kind {
	ES_OTHER,
	ES_PROG, /* executable code (.text included) */
	ES_MAPS, /* legacy "maps", "maps/NAME" */
	ES_BTFMAPS, /* ".maps" */
	ES_DATA, /* .data/.rodata/.bss and their .* variants */
	ES_ARENA, /* ".addr_space.1": __arena globals, the arena's pages */
	ES_REL,
};

struct erel {
	uint32_t off; /* byte offset in the target section */
	uint32_t sym;
	bool wide; /* on an lddw (else on a call) */
};

struct efunc {
	const char *name;
	uint32_t off, size; /* bytes */
	bool global;
	bool called; /* linked into a program as a subprogram */
};

struct eline {
	uint32_t insn; /* instruction index in its section */
	uint32_t seq; /* record order, for a stable sort */
	const char *file, *text;
	uint32_t line, col;
};

struct esec {
	const char *name;
	GElf_Shdr sh;
	const uint8_t *data; /* NULL for SHT_NOBITS */
	size_t size;
	enum esec_kind kind;
	int map_idx; /* ES_DATA: its map */
	struct erel *rels;
	uint32_t rel_cnt;
	struct efunc *funcs;
	uint32_t func_cnt;
	int64_t *linked; /* per function: start in the program being
				   linked, -1 when not (yet) in it */
	struct eline *lines;
	uint32_t line_cnt;
	struct ecore *core; /* CO-RE relocations of this section */
	uint32_t core_cnt;
};

/* A CO-RE relocation applied to a section's instruction (elf_core.c). */
struct ecore {
	uint32_t insn; /* instruction index in its section */
	char *fail; /* why it could not be resolved, or NULL */
};

struct esym {
	const char *name;
	uint64_t value, size;
	uint16_t shndx;
	uint8_t type, bind;
};

struct eloader {
	const char *name;
	uint8_t *buf;
	size_t len;
	Elf *elf;
	struct esec *secs;
	size_t nsec;
	struct esym *syms;
	size_t nsym;
	int symtab, btfmaps_sec, btf_sec, btfext_sec;
	struct bc_object *obj;
	struct bc_err *err;
	uint32_t *map_off; /* per obj->maps: offset in its section */
	size_t map_off_cap;
	struct emapref *mapref; /* maps by (section, offset), sorted */
	uint32_t mapref_cnt;
	struct ekcfg *kcfg; /* __kconfig externs */
	uint32_t kcfg_cnt;
	int kcfg_map; /* the .kconfig map, -1 if none */
	int arena_map; /* the object's BPF_MAP_TYPE_ARENA map, -1 if none */
	const struct bc_kconfig *kconfig; /* the target's, or NULL */
};

struct emapref {
	int sec;
	uint32_t off, idx;
};

struct ekcfg {
	const char *name;
	uint32_t size, align, off;
	uint32_t type; /* BTF type of the value */
	bool weak;
};

#define BC_NO_OFF UINT32_MAX

/* A function copied into a linked program. */
struct elf_chunk {
	uint32_t sec, func; /* source section and function index */
	uint32_t out; /* first instruction in the linked program */
};

int bc_elf_fail(struct eloader *L, const char *fmt, ...) BC_PRINTF(2, 3);
/* Add a map with its section offset (BC_NO_OFF when it has none). */
int bc_elf_add_map(struct eloader *L, uint32_t off);

/*
 * Apply the CO-RE relocations of .BTF.ext against the object's kernel
 * BTF (obj->kbtf), in place, as libbpf does; one that cannot be resolved
 * poisons its instruction as libbpf does and is recorded with why.
 */
int bc_elf_core(struct eloader *L);
/* The linked program's CO-RE records (prog->core_*), from its chunks. */
void bc_elf_prog_core(struct eloader *L, struct bc_prog *p,
		      const struct elf_chunk *ch, size_t n);

int bc_elf_legacy_maps(struct eloader *L);
int bc_elf_btf_maps(struct eloader *L);
int bc_elf_data_maps(struct eloader *L);
/*
 * The object's arena (libbpf: at most one) with the __arena globals of
 * ".addr_space.1" as its first pages' contents (elf_arena.c).
 */
int bc_elf_arena(struct eloader *L);
int bc_elf_kconfig_map(struct eloader *L);
/* .struct_ops maps (elf_struct_ops.c), and the members their programs fill */
int bc_elf_struct_ops_maps(struct eloader *L);
int bc_elf_struct_ops_progs(struct eloader *L);
/* Index the maps for relocations; after every map is added. */
void bc_elf_index_maps(struct eloader *L);
void bc_elf_map_fields(struct eloader *L);
int bc_elf_find_map(struct eloader *L, int sec, uint64_t off);
int bc_elf_lines(struct eloader *L);
/* Fill p->lines from the parsed line records of its chunks. */
int bc_elf_prog_lines(struct eloader *L, struct bc_prog *p,
		      const struct elf_chunk *ch, size_t n);

#endif
