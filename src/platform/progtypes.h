/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Program types: one row per BPF_PROG_TYPE_* holding what bpfcheck knows
 * of the type, as the kernel's bpf_verifier_ops does (plus what libbpf
 * knows of it): for now libbpf's names.
 */
#ifndef BC_PROGTYPES_H
#define BC_PROGTYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* How a libbpf section name matches. */
enum bc_sec_match {
	BC_SEC_EXACT,	/* "xdp": only "xdp" */
	BC_SEC_PLUS,	/* "kprobe+": "kprobe" or "kprobe/..." */
	BC_SEC_SLASH,	/* "iter/": must be "iter/..." */
};

/* A libbpf section name and the attach type it sets, if any. */
struct bc_sec_def {
	const char *name;
	enum bc_sec_match match;
	uint32_t attach;
	bool attach_set;
};

struct bc_prog_type_ops {
	const char *name;			/* libbpf's: "sched_cls" */
	const struct bc_sec_def *sec_defs;	/* ends with a NULL name */
};

/* The row of a program type; types without one get an empty row. */
const struct bc_prog_type_ops *bc_prog_type_ops(uint32_t prog_type);

/* Infer type from a section name the way libbpf does; false if unknown. */
bool bc_progtype_from_section(const char *sec, uint32_t *type,
			      uint32_t *attach, bool *attach_set);
/* --type: libbpf type name ("sched_cls") or section-style name. */
bool bc_progtype_parse(const char *name, uint32_t *type, uint32_t *attach,
		       bool *attach_set);
/* libbpf-style name of a program type ("xdp", "sched_cls", ...). */
const char *bc_progtype_name(uint32_t type);
/* A section-style name that reads back as this type and attach type. */
bool bc_progtype_spell(uint32_t type, uint32_t attach, bool attach_set,
		       char *buf, size_t len);

#endif
