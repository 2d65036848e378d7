/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * libbpfcheck: a standalone eBPF verifier for userspace.
 *
 * Opaque handles, bpfcheck_* names, negative errno returns. Options and
 * result structs start with their size so they can grow without breaking
 * callers, as libbpf's OPTS:
 *  - options: set .sz = sizeof(struct ...). Fields past the caller's sz
 *    take their defaults; a caller built against a newer header may pass
 *    a larger sz only if the bytes this library does not know are zero
 *    (otherwise -EINVAL). sz 0 is taken as the original size.
 *  - results: set .sz = sizeof(struct ...) before the call; the library
 *    writes no byte past it (-EINVAL when sz cannot hold the verdict).
 * Only the bpfcheck_* functions below are exported by libbpfcheck.so.
 */
#ifndef BPFCHECK_BPFCHECK_H
#define BPFCHECK_BPFCHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef LIBBPFCHECK_API
#define LIBBPFCHECK_API __attribute__((visibility("default")))
#endif

#define BPFCHECK_VERSION_MAJOR 0
#define BPFCHECK_VERSION_MINOR 1
#define BPFCHECK_VERSION_PATCH 0
#define BPFCHECK_VERSION "0.1.0"

/* The version of the library actually linked ("0.1.0"), and its parts. */
LIBBPFCHECK_API const char *bpfcheck_version_string(void);
LIBBPFCHECK_API uint32_t bpfcheck_version_major(void);
LIBBPFCHECK_API uint32_t bpfcheck_version_minor(void);

struct bpfcheck_object;	/* one input file: programs and maps */
struct bpfcheck_prog;	/* one program, linked with its subprograms */

/* One instruction, the same layout as the kernel's struct bpf_insn. */
struct bpfcheck_insn {
	uint8_t code;
	uint8_t dst_reg : 4;
	uint8_t src_reg : 4;
	int16_t off;
	int32_t imm;
};

enum bpfcheck_input {
	BPFCHECK_INPUT_AUTO = 0,	/* ELF if it has the ELF magic, else assembly */
	BPFCHECK_INPUT_ELF,
	BPFCHECK_INPUT_RAW,		/* 8-byte instructions; needs prog_type */
	BPFCHECK_INPUT_ASM,
};

struct bpfcheck_open_opts {
	size_t sz;
	enum bpfcheck_input input;
	/* Program type override: libbpf name ("xdp", "sched_cls") or a
	 * section-style name ("cgroup/connect4"). NULL: infer per program. */
	const char *prog_type;
	/*
	 * The target kernel's BTF, which CO-RE relocations are applied
	 * against when the object is opened and which verification uses
	 * unless its own btf_path says otherwise. NULL:
	 * /sys/kernel/btf/vmlinux when it exists; "": none.
	 */
	const char *btf_path;
	/*
	 * The target kernel's config (plain or gzip), for __kconfig externs
	 * (CONFIG_*), resolved at open as libbpf resolves them. NULL:
	 * /proc/config.gz, else /boot/config-RELEASE, when either exists;
	 * "": none (their values stay unknown, every branch is verified).
	 */
	const char *kconfig_path;
	/* Its release ("6.1.0"), for LINUX_KERNEL_VERSION. NULL: the running
	 * kernel's; "": not known. */
	const char *kernel_release;
};

/*
 * Open a file. On failure returns -errno and, if errbuf is given, a one-line
 * message naming the file and what is wrong.
 */
LIBBPFCHECK_API int
bpfcheck_object_open(const char *path, const struct bpfcheck_open_opts *opts,
		     struct bpfcheck_object **obj, char *errbuf, size_t errlen);
LIBBPFCHECK_API int
bpfcheck_object_open_mem(const char *name, const void *data, size_t len,
			 const struct bpfcheck_open_opts *opts,
			 struct bpfcheck_object **obj, char *errbuf,
			 size_t errlen);
LIBBPFCHECK_API void bpfcheck_object_close(struct bpfcheck_object *obj);

LIBBPFCHECK_API size_t
bpfcheck_object_prog_count(const struct bpfcheck_object *obj);
LIBBPFCHECK_API struct bpfcheck_prog *
bpfcheck_object_prog(const struct bpfcheck_object *obj, size_t i);
/* By function name; NULL if absent. */
LIBBPFCHECK_API struct bpfcheck_prog *
bpfcheck_object_find_prog(const struct bpfcheck_object *obj, const char *name);

LIBBPFCHECK_API const char *bpfcheck_prog_name(const struct bpfcheck_prog *prog);
LIBBPFCHECK_API const char *
bpfcheck_prog_section(const struct bpfcheck_prog *prog);
/* libbpf-style program type name: "xdp", "sched_cls", "socket_filter"... */
LIBBPFCHECK_API const char *
bpfcheck_prog_type_name(const struct bpfcheck_prog *prog);
LIBBPFCHECK_API size_t
bpfcheck_prog_insn_count(const struct bpfcheck_prog *prog);
LIBBPFCHECK_API const struct bpfcheck_insn *
bpfcheck_prog_insns(const struct bpfcheck_prog *prog);
/* Source location of an instruction from BTF line info; false if none. */
LIBBPFCHECK_API bool
bpfcheck_prog_source_line(const struct bpfcheck_prog *prog, size_t insn,
			  const char **file, unsigned *line, const char **text);
/*
 * Disassemble instruction insn into buf (Linux verifier-log syntax).
 * Returns the number of instruction slots it takes (2 for lddw), or -errno.
 */
LIBBPFCHECK_API int bpfcheck_prog_disasm(const struct bpfcheck_prog *prog,
					 size_t insn, char *buf, size_t len);

/* ---- verification ---- */

struct bpfcheck_verify_opts {
	size_t sz;
	int log_level;		/* 0 none, 1 the path to the error, 2 all */
	FILE *log;		/* where the log goes (NULL: none) */
	/* a loader without capabilities: no CAP_BPF, CAP_PERFMON,
	 * CAP_NET_ADMIN, CAP_SYS_ADMIN (kernel.unprivileged_bpf_disabled=0) */
	bool unprivileged;
	bool reject_irreducible; /* irreducible loops are an error (RFC) */
	uint64_t insn_budget;	/* processed-instruction limit, 0: 1000000 */
	bool no_precision;	/* compare every scalar when pruning (slower;
				 * the verdict is the same) */
	/*
	 * The load's BPF_F_* prog_flags. Honoured: BPF_F_STRICT_ALIGNMENT,
	 * BPF_F_ANY_ALIGNMENT and BPF_F_SLEEPABLE; the others are accepted
	 * and ignored.
	 * 64 bits wide so that it starts past the older struct's padding.
	 */
	uint64_t prog_flags;
	/*
	 * linux_compat: give the verdict Linux would give (no loop proofs,
	 * Linux's limits). predict_linux: when a loop proof decided the
	 * verdict, also find Linux's (one more search, costing what Linux's
	 * costs) into bpfcheck_verdict's linux_* fields.
	 */
	bool linux_compat;
	bool predict_linux;
	/* with unprivileged: the loader keeps CAP_BPF (and only it) */
	bool cap_bpf;
	/*
	 * The target kernel's BTF: a vmlinux BTF file (/sys/kernel/btf/vmlinux,
	 * BTFHub, `bpftool btf dump`), for the typed contexts of tp_btf,
	 * fentry/fexit, lsm and iter programs. NULL: the object's (its open
	 * options' btf_path); "": none. Read once and kept with the object
	 * until another path is given; CO-RE relocations stay those applied
	 * at open. A file that cannot be read: -errno, and out->error says
	 * why.
	 */
	const char *btf_path;
	/*
	 * Reject a program whose worst case (bpfcheck_verdict's
	 * worst_case_insns) is over this many instructions: a finite loop
	 * that still runs longer than any Linux lets run. 0: 2^32 (1<<23
	 * iterations, Linux's BPF_MAX_LOOPS, of a 512-insn body).
	 * Not applied with linux_compat.
	 */
	uint64_t max_worst_case;
};

enum bpfcheck_linux_verdict {
	BPFCHECK_LINUX_UNKNOWN,	/* a loop proof decided; not predicted */
	BPFCHECK_LINUX_ACCEPT,
	BPFCHECK_LINUX_REJECT,
};

struct bpfcheck_verdict {
	size_t sz;
	bool accepted;
	char error[512];	/* the reason, in the Linux verifier's words */
	int64_t error_insn;	/* the instruction at fault, -1 if none */
	char note[1100];	/* why loops were explored, not proven, or "" */
	uint64_t processed_insns;
	uint64_t total_states, peak_states;
	uint32_t stack_depth;
	uint32_t loops_proven;	/* loop entries proven by induction */
	uint64_t max_trip;	/* largest proven trip bound */
	bool has_worst_case;	/* worst_case_insns is a bound */
	uint64_t worst_case_insns; /* no run executes more instructions */
	uint64_t duration_us;
	enum bpfcheck_linux_verdict linux_verdict;	/* what Linux answers */
	char linux_error[512];	/* Linux's reason when it rejects */
	int64_t linux_error_insn;
	uint64_t linux_processed_insns;
	char error_detail[256];	/* Linux's log line above error, or "" */
};

/*
 * Verify prog with the Linux verifier's safety rules and the induction
 * method for loops. Returns 0 when verification ran (the verdict is in
 * out->accepted) or -EINVAL on bad arguments: out->sz too small for
 * accepted, or opts with unknown non-zero bytes. opts may be NULL.
 */
LIBBPFCHECK_API int bpfcheck_verify(const struct bpfcheck_prog *prog,
				    const struct bpfcheck_verify_opts *opts,
				    struct bpfcheck_verdict *out);

#ifdef __cplusplus
}
#endif

#endif
