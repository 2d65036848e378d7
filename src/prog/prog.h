/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The program model every stage shares: an object (one input file) holds
 * maps and programs; a program is linked instructions (its own code followed
 * by the .text subprograms it calls, relocated as libbpf does), its type,
 * and per-instruction source lines.
 *
 * Pseudo loads after loading:
 *   map reference:        lddw src_reg=BPF_PSEUDO_MAP_IDX, imm = map index
 *   map value (global):   lddw src_reg=BPF_PSEUDO_MAP_IDX_VALUE,
 *                         imm = map index, insns[i+1].imm = offset
 *   subprogram address:   lddw src_reg=BPF_PSEUDO_FUNC, imm = pc-relative
 *   bpf-to-bpf call:      call src_reg=BPF_PSEUDO_CALL, imm = pc-relative
 * Raw input keeps whatever the file had (map fds are then unknown).
 */
#ifndef BC_PROG_H
#define BC_PROG_H

#include <linux/bpf.h>
#include <stdbool.h>
#include <stdint.h>

#include "platform/progtypes.h" /* bc_progtype_*: program type names */
#include "util/util.h"

struct btf;
struct bc_kernel_btf;
struct bc_kconfig;
struct bc_verify_result;

enum bc_map_origin {
	BC_MAP_LEGACY, /* "maps" section, struct bpf_map_def */
	BC_MAP_IPROUTE2, /* "maps" section, iproute2 struct bpf_elf_map */
	BC_MAP_BTF, /* ".maps" section, BTF-defined */
	BC_MAP_GLOBAL, /* .data/.rodata/.bss/.rodata.* etc. */
	BC_MAP_ASM, /* declared in assembly text */
};

struct bc_map {
	char *name;
	enum bc_map_origin origin;
	uint32_t type; /* enum bpf_map_type */
	uint32_t key_size;
	uint32_t value_size;
	uint32_t max_entries;
	uint32_t map_flags;
	uint64_t map_extra; /* BTF maps: bloom filter hashes, arena start */
	uint32_t id, pinning; /* iproute2 only */
	int32_t inner_map; /* index of inner map template, -1 if none */
	bool readonly; /* .rodata */
	uint8_t *init; /* initial contents for global data, or NULL */
	uint32_t init_size;
	int sec_idx; /* ELF section, -1 if none */
	uint32_t value_btf; /* BTF type of the value (a struct, a DATASEC
				 * for global data), 0 none */
	/* special fields of the value found by BTF (Linux's btf_record):
	 * offsets of its struct bpf_spin_lock and struct bpf_timer, -1 none */
	int32_t lock_off, timer_off;
};

struct bc_line {
	const char *file; /* NULL when no line info */
	const char *text; /* source line text, may be NULL */
	uint32_t line, col;
};

/* "arg:" decl tags of a function argument (__arg_ctx, __arg_nullable, ...). */
enum {
	BC_ARG_TAG_CTX = 1,
	BC_ARG_TAG_NONNULL = 2,
	BC_ARG_TAG_NULLABLE = 4,
	BC_ARG_TAG_TRUSTED = 8,
	BC_ARG_TAG_ARENA = 16,
	BC_ARG_TAG_UNKNOWN = 128,
};

/* An argument as the function's BTF prototype declares it. */
struct bc_func_arg {
	bool ptr; /* a pointer; else an int or enum, or other */
	bool scalar; /* an int or enum */
	uint8_t tags; /* BC_ARG_TAG_* */
	bool pt_regs; /* pointer to typedef bpf_user_pt_regs_t */
	bool dynptr; /* pointer to struct bpf_dynptr */
	bool to_void, to_int; /* pointer to void, to an int */
	const char *pointee; /* name of the struct pointed to, or NULL */
	int64_t size; /* bytes pointed to, -1 when unknown (void) */
};

#define BC_FUNC_MAX_ARGS 5

/* A function inside a linked program (main program or appended subprog). */
struct bc_func {
	char *name;
	uint32_t start; /* first instruction index in prog->insns */
	uint32_t len;
	/*
	 * From the object's BTF, as the kernel takes it from func_info:
	 * btf says it was found; global is the FUNC's linkage (a global
	 * function is verified once on its own, from its prototype).
	 */
	bool btf, global;
	bool ret_scalar; /* returns an int or enum */
	uint8_t arg_cnt; /* may exceed BC_FUNC_MAX_ARGS */
	struct bc_func_arg args[BC_FUNC_MAX_ARGS];
};

struct bc_object;

struct bc_prog {
	struct bc_object *obj;
	char *name; /* function symbol name */
	char *section; /* ELF section name ("xdp", "tc", ...) */
	uint32_t type; /* enum bpf_prog_type */
	uint32_t attach_type; /* enum bpf_attach_type */
	bool attach_type_set;
	struct bpf_insn *insns;
	uint32_t insn_cnt; /* total, including appended subprograms */
	struct bc_line *lines; /* insn_cnt entries, or NULL */
	struct bc_func *funcs; /* funcs[0] is the program itself */
	uint32_t func_cnt;
	uint32_t *maps_used; /* indices into obj->maps, no duplicates */
	uint32_t maps_used_cnt;
	uint32_t sec_off; /* byte offset of the program in its section */
	bool is_static; /* a static function: libbpf will not load it */
	/*
	 * struct_ops: the ops struct ("tcp_congestion_ops") and the member
	 * ("init") a .struct_ops map fills with this program, as libbpf
	 * records them (attach_btf_id and the member's index in the
	 * kernel's struct); NULL when no map uses it.
	 */
	char *st_ops, *st_member;
	/*
	 * CO-RE: core_relos relocations apply to this program; those that
	 * could not be resolved against the kernel BTF poisoned their
	 * instruction (a call to BC_CORE_POISON, as libbpf) and say why.
	 */
	uint32_t core_relos;
	struct bc_core_fail *core_fails;
	uint32_t core_fail_cnt;
	/* the public API's last verdict: its strings are handed out */
	struct bc_verify_result *result;
};

#define BC_CORE_POISON 0xbad2310 /* libbpf's poisoned-call imm */

struct bc_core_fail {
	uint32_t insn;
	char *why; /* "failed to resolve CO-RE relocation ..." */
};

enum bc_input_kind {
	BC_INPUT_AUTO,
	BC_INPUT_ELF,
	BC_INPUT_RAW,
	BC_INPUT_ASM,
};

/* A __kconfig extern: its value as set (NULL: not known), and whence. */
struct bc_extern {
	char *name;
	char *value;
	char *from;
};

struct bc_object {
	char *path;
	enum bc_input_kind kind;
	struct bc_map *maps;
	uint32_t map_cnt;
	struct bc_prog *progs;
	uint32_t prog_cnt;
	struct btf *btf; /* libbpf BTF, or NULL */
	/*
	 * The target kernel's BTF (kbtf.h), not owned: set by whoever opened
	 * it (the CLI's --btf, the API's btf_path) before verifying; NULL
	 * when none is available.
	 */
	const struct bc_kernel_btf *kbtf;
	struct bc_kernel_btf *kbtf_owned; /* the API's, freed with it */
	/* the target kernel's config (kconfig.h), as kbtf; NULL: unknown */
	const struct bc_kconfig *kconfig;
	struct bc_kconfig *kconfig_owned;
	/*
	 * Kernel symbols the object references (extern __ksym functions and
	 * variables). A kfunc call's imm, and the imm of an lddw with
	 * src_reg BPF_PSEUDO_BTF_ID, index this table until kernel BTF gives
	 * them BTF ids, as libbpf does when it loads the object.
	 */
	char **ksyms;
	uint8_t *ksym_kind; /* per ksym: enum bc_ksym_kind */
	uint32_t ksym_cnt;
	/* per ksym: its FUNC's id in the target kernel's BTF, 0 none (set
	 * when the object is opened; the name#id Linux's log prints) */
	uint32_t *ksym_btf_id;
	char *license;
	uint32_t kern_version;
	/* why Linux would refuse the object's BTF (btf_fields.h), or "" */
	char btf_note[320];
	/* __kconfig externs as the loader set them (elf_kconfig.c) */
	struct bc_extern *externs;
	uint32_t extern_cnt;
};

/* How an input is opened. */
struct bc_open_opts {
	enum bc_input_kind kind; /* AUTO: ELF magic, else asm text */
	const char *type; /* --type override, NULL to infer */
	const struct bc_kernel_btf *kbtf; /* target kernel BTF, or NULL */
	/* the target kernel's config and release (kconfig.h), or NULL */
	const struct bc_kconfig *kconfig;
};

/*
 * What an extern __ksym is, as libbpf tells from the object's BTF: a
 * kernel function (a kfunc, or its address for bpf_ksym_exists), a
 * variable of a known type, or one declared `void` (resolved from
 * kallsyms to a plain address); weak or not.
 */
enum bc_ksym_kind {
	BC_KSYM_VAR = 0,
	BC_KSYM_FUNC = 1,
	BC_KSYM_UNTYPED = 2,
	BC_KSYM_WEAK = 4, /* a flag */
};

/* Index of kernel symbol name in obj->ksyms, added if new, of kind. */
uint32_t bc_object_ksym(struct bc_object *obj, const char *name, uint8_t kind);
/* Name of kernel symbol idx, or NULL when idx is not in the table. */
const char *bc_object_ksym_name(const struct bc_object *obj, int64_t idx);

void bc_object_free(struct bc_object *obj);

/* Map types. */
const char *bc_maptype_name(uint32_t type);

/* Helpers for building objects (used by every loader). */
struct bc_prog *bc_object_add_prog(struct bc_object *obj);
struct bc_map *bc_object_add_map(struct bc_object *obj);
/* Compute prog->maps_used from its pseudo map loads. */
void bc_prog_collect_maps(struct bc_prog *prog);

#endif
