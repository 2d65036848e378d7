/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* kload's loaders: libbpf's (kload.c) and the legacy one (kload_legacy.c). */
#ifndef KLOAD_H
#define KLOAD_H

#include <stdbool.h>

#include <linux/bpf.h>

#define LOG_SIZE (64u << 20)

struct result {
	long processed;
	long usec;
	char last[512];
	char stats[1024];
	char why[512]; /* why the load failed before the verifier ran */
};

/* the options every loader follows */
extern char *logbuf; /* LOG_SIZE bytes */
extern unsigned extra_flags; /* --flags */
extern enum bpf_prog_type prog_type; /* --type */
extern const char *want_section; /* --section */

/* The verifier's last line and statistics of log into r. */
void parse_log(const char *log, struct result *r);
/* An object name the kernel takes (BPF_OBJ_NAME_LEN, its characters). */
void obj_name(char name[BPF_OBJ_NAME_LEN], const char *from);
/* Is program name of section sec the one asked for (want, want_sec)? */
bool prog_selected(const char *name, const char *sec, const char *want,
		   const char *want_sec);
/* One program's verdict line, loaded in a child process of its own. */
void isolated_report(const char *file, const char *name, const char *sec);

/* kload_legacy.c: load one program, or report every program. */
int legacy_load(const char *file, const char *name, const char *sec,
		unsigned level, struct result *r, bool *found);
int legacy_names_all(const char *file);

#endif
