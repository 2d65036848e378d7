/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * libbpfcheck: a standalone eBPF verifier for userspace.
 *
 * Conventions, as libbpf's:
 *  - opaque handles, bpfcheck_* names; every function that can fail
 *    returns a negative errno and says why through the print callback
 *    (bpfcheck_set_print; stderr by default);
 *  - options structs start with their size and are made with
 *    BPFCHECK_OPTS, which zeroes them and sets sz: fields past the
 *    caller's sz take their defaults, a larger sz from a newer header is
 *    accepted only if the bytes this library does not know are zero, and
 *    an sz smaller than a size_t (0 included) is -EINVAL;
 *  - results (struct bpfcheck_verdict) also start with their size: the
 *    library writes no byte past it; their strings belong to the program
 *    and stay valid until it is verified again or its object is closed.
 * Only the functions below are exported by libbpfcheck.so, each under the
 * version that introduced it.
 */
#ifndef BPFCHECK_BPFCHECK_H
#define BPFCHECK_BPFCHECK_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef LIBBPFCHECK_API
#define LIBBPFCHECK_API __attribute__((visibility("default")))
#endif

#define BPFCHECK_VERSION_MAJOR 0
#define BPFCHECK_VERSION_MINOR 3
#define BPFCHECK_VERSION_PATCH 0
#define BPFCHECK_VERSION       "0.3.0"

/* The version of the library actually linked ("0.3.0"), and its parts. */
LIBBPFCHECK_API const char *bpfcheck_version_string(void);
LIBBPFCHECK_API uint32_t bpfcheck_version_major(void);
LIBBPFCHECK_API uint32_t bpfcheck_version_minor(void);

/*
 * An options struct of TYPE named NAME, zeroed (padding too) and sized,
 * with the given fields: BPFCHECK_OPTS(bpfcheck_verify_opts, o,
 * .linux_compat = true);
 */
#define BPFCHECK_OPTS(TYPE, NAME, ...)                                         \
	struct TYPE NAME = ({                                                  \
		memset(&NAME, 0, sizeof(struct TYPE));                         \
		(struct TYPE){ .sz = sizeof(struct TYPE), __VA_ARGS__ };       \
	})

/* ---- messages ---- */

enum bpfcheck_print_level {
	BPFCHECK_WARN, /* why a call failed */
	BPFCHECK_INFO,
	BPFCHECK_DEBUG,
};

typedef int (*bpfcheck_print_fn_t)(enum bpfcheck_print_level level,
				   const char *fmt, va_list ap);

/*
 * Where the library's messages go (one line each, newline included): fn,
 * or nowhere when fn is NULL. Returns the previous function. The default
 * prints warnings to stderr.
 */
LIBBPFCHECK_API bpfcheck_print_fn_t bpfcheck_set_print(bpfcheck_print_fn_t fn);

/* ---- the target kernel ---- */

struct bpfcheck_target; /* a kernel's BTF, config and release */

struct bpfcheck_target_opts {
	size_t sz;
	/*
	 * Its BTF (/sys/kernel/btf/vmlinux, one from BTFHub or `bpftool
	 * btf dump`), for CO-RE, typed contexts and kfuncs. NULL:
	 * /sys/kernel/btf/vmlinux when it exists; "": none.
	 */
	const char *btf_path;
	/*
	 * Its config (plain or gzip), for __kconfig externs (CONFIG_*) and
	 * the helpers a kernel has only when built with them. NULL:
	 * /proc/config.gz, else /boot/config-RELEASE, when either exists;
	 * "": none (the externs' values stay unknown).
	 */
	const char *kconfig_path;
	/* Its release ("6.1.0"), for LINUX_KERNEL_VERSION. NULL: the
	 * running kernel's; "": not known. */
	const char *kernel_release;
	size_t : 0;
};

/*
 * Read a target kernel once, for the objects opened against it (which
 * must be closed first). Returns 0 or -errno.
 */
LIBBPFCHECK_API int
bpfcheck_target_open(const struct bpfcheck_target_opts *opts,
		     struct bpfcheck_target **target);
LIBBPFCHECK_API void bpfcheck_target_close(struct bpfcheck_target *target);

/* ---- objects and programs ---- */

struct bpfcheck_object; /* one input file: programs and maps */
struct bpfcheck_prog; /* one program, linked with its subprograms */

/* One instruction, the same layout as the kernel's struct bpf_insn. */
struct bpfcheck_insn {
	uint8_t code;
	uint8_t dst_reg : 4;
	uint8_t src_reg : 4;
	int16_t off;
	int32_t imm;
};

enum bpfcheck_input {
	BPFCHECK_INPUT_AUTO =
		0, /* ELF if it has the ELF magic, else assembly */
	BPFCHECK_INPUT_ELF,
	BPFCHECK_INPUT_RAW, /* 8-byte instructions; needs prog_type */
	BPFCHECK_INPUT_ASM,
};

struct bpfcheck_open_opts {
	size_t sz;
	enum bpfcheck_input input;
	/* Program type override: libbpf name ("xdp", "sched_cls") or a
	 * section-style name ("cgroup/connect4"). NULL: infer per program. */
	const char *prog_type;
	/*
	 * The target kernel: CO-RE relocations and __kconfig externs are
	 * resolved against it when the object is opened, and verification
	 * uses it. NULL: one read for this object alone from the three
	 * fields below (as bpfcheck_target_opts's, the same defaults).
	 */
	const struct bpfcheck_target *target;
	const char *btf_path;
	const char *kconfig_path;
	const char *kernel_release;
	size_t : 0;
};

/* Open a file. Returns 0 or -errno (the reason printed: "FILE: ..."). */
LIBBPFCHECK_API int bpfcheck_object_open(const char *path,
					 const struct bpfcheck_open_opts *opts,
					 struct bpfcheck_object **obj);
LIBBPFCHECK_API int
bpfcheck_object_open_mem(const char *name, const void *data, size_t len,
			 const struct bpfcheck_open_opts *opts,
			 struct bpfcheck_object **obj);
LIBBPFCHECK_API void bpfcheck_object_close(struct bpfcheck_object *obj);

LIBBPFCHECK_API size_t
bpfcheck_object_prog_count(const struct bpfcheck_object *obj);
LIBBPFCHECK_API struct bpfcheck_prog *
bpfcheck_object_prog(const struct bpfcheck_object *obj, size_t i);
/* By function name; NULL if absent. */
LIBBPFCHECK_API struct bpfcheck_prog *
bpfcheck_object_find_prog(const struct bpfcheck_object *obj, const char *name);
/*
 * The object's __kconfig externs as they were set at open: extern i's
 * name, value ("y", "250", "0x60100"; NULL when not known) and where it
 * came from ("/proc/config.gz", "kernel release 6.1.0", "weak, not
 * set"). False past the last.
 */
LIBBPFCHECK_API bool bpfcheck_object_extern(const struct bpfcheck_object *obj,
					    size_t i, const char **name,
					    const char **value,
					    const char **from);

/* The object prog belongs to. */
LIBBPFCHECK_API struct bpfcheck_object *
bpfcheck_prog_object(const struct bpfcheck_prog *prog);
LIBBPFCHECK_API const char *
bpfcheck_prog_name(const struct bpfcheck_prog *prog);
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
LIBBPFCHECK_API bool bpfcheck_prog_source_line(const struct bpfcheck_prog *prog,
					       size_t insn, const char **file,
					       unsigned *line,
					       const char **text);
/*
 * Disassemble instruction insn into buf (Linux verifier-log syntax).
 * Returns the number of instruction slots it takes (2 for lddw), or -errno.
 */
LIBBPFCHECK_API int bpfcheck_prog_disasm(const struct bpfcheck_prog *prog,
					 size_t insn, char *buf, size_t len);

/* ---- verification ---- */

struct bpfcheck_verify_opts {
	size_t sz;
	int log_level; /* 0 none, 1 the path to the error, 2 all */
	FILE *log; /* where the log goes (NULL: none) */
	/* a loader without capabilities: no CAP_BPF, CAP_PERFMON,
	 * CAP_NET_ADMIN, CAP_SYS_ADMIN (kernel.unprivileged_bpf_disabled=0) */
	bool unprivileged;
	/* with unprivileged: the loader keeps CAP_BPF (and only it) */
	bool cap_bpf;
	bool reject_irreducible; /* irreducible loops are an error (RFC) */
	bool no_precision; /* compare every scalar when pruning (slower;
				 * the verdict is the same) */
	/*
	 * linux_compat: give the verdict Linux would give (no loop proofs,
	 * Linux's limits). predict_linux: when a loop proof or a rule Linux
	 * lacks decided the verdict, also find Linux's (one more search,
	 * costing what Linux's costs) into bpfcheck_verdict's linux_* fields.
	 */
	bool linux_compat;
	bool predict_linux;
	uint64_t insn_budget; /* processed-instruction limit, 0: 1000000 */
	/*
	 * The load's BPF_F_* prog_flags. Honoured: BPF_F_STRICT_ALIGNMENT,
	 * BPF_F_ANY_ALIGNMENT and BPF_F_SLEEPABLE; the others are accepted
	 * and ignored.
	 */
	uint64_t prog_flags;
	/*
	 * Reject a program whose worst case (bpfcheck_verdict's
	 * worst_case_insns) is over this many instructions: a finite loop
	 * that still runs longer than any Linux lets run. 0: 2^32 (1<<23
	 * iterations, Linux's BPF_MAX_LOOPS, of a 512-insn body).
	 * Not applied with linux_compat.
	 */
	uint64_t max_worst_case;
	/*
	 * The Linux release whose verifier to mirror: "5.10", "5.15",
	 * "6.1", "6.6", "6.12", "6.18" or a release ("6.1.0-28-amd64"),
	 * mapped to the newest of those not above it (above 6.18: 6.18).
	 * Its helpers, instructions, program types and the rules that
	 * changed verdicts since (bpfcheck_kernels). NULL: the running
	 * kernel's. Older than 5.10: -EINVAL.
	 */
	const char *kernel;
	size_t : 0;
};

/*
 * The kernel profiles bpfcheck knows, oldest first: i's version ("6.12")
 * and whether a recorded table measured it; NULL past the last.
 */
LIBBPFCHECK_API const char *bpfcheck_kernel_profile(size_t i, bool *measured);

enum bpfcheck_linux_verdict {
	BPFCHECK_LINUX_UNKNOWN, /* a loop proof decided; not predicted */
	BPFCHECK_LINUX_ACCEPT,
	BPFCHECK_LINUX_REJECT,
};

/* What a step of a rejection's causal path did (bpfcheck_path_step). */
enum bpfcheck_step_kind {
	/* wrote a register or stack slot the fault depends on: a move,
	 * arithmetic, a load, a spill, a call's return value */
	BPFCHECK_STEP_DEFINES,
	/* a conditional jump that compared such a value: taken (to its
	 * target), or not taken (it fell through) */
	BPFCHECK_STEP_TAKEN,
	BPFCHECK_STEP_NOT_TAKEN,
	/* the function's entry (insn: its first): a value the fault
	 * depends on is an argument it was verified with, such as the
	 * program's context in r1 */
	BPFCHECK_STEP_ENTRY,
};

struct bpfcheck_path_step {
	uint32_t insn;
	uint32_t kind; /* enum bpfcheck_step_kind */
};

struct bpfcheck_verdict {
	size_t sz;
	bool accepted;
	const char *error; /* the reason, in the Linux verifier's words;
				 * "" when accepted */
	int64_t error_insn; /* the instruction at fault, -1 if none */
	const char *error_detail; /* Linux's log line above error, or "" */
	/* Loops: entries proven by induction, the largest trip bound, and
	 * whether the verdict came from exploring iterations instead (note
	 * says why; "" when not) */
	uint32_t loops_proven;
	uint64_t max_trip;
	bool loops_explored;
	const char *note;
	bool has_worst_case; /* worst_case_insns is a bound */
	uint64_t worst_case_insns; /* no run executes more instructions */
	/* veristat's figures */
	uint64_t processed_insns;
	uint64_t total_states, peak_states, max_states_per_insn;
	uint64_t duration_us;
	uint64_t peak_mem_kb; /* the states' frames at their peak */
	uint32_t stack_depth;
	uint64_t first_pass_insns; /* the summarised search that did not
				    * decide the verdict */
	/* what Linux answers */
	enum bpfcheck_linux_verdict linux_verdict;
	const char *linux_error; /* its reason when it rejects, or "" */
	int64_t linux_error_insn;
	uint64_t linux_processed_insns;
	/*
	 * Helpers a kernel offers only when built or booted so, one line
	 * each ("bpf_override_return is available only with
	 * CONFIG_BPF_KPROBE_OVERRIDE; ..."), or "".
	 */
	const char *warnings;
	/*
	 * The causal path of a rejection: on the path that failed, the
	 * instructions that made the values the instruction at fault uses
	 * what they are (followed back through moves, arithmetic, spills
	 * and fills of the stack, calls and returns) and the conditional
	 * jumps that compared them, each instruction once, in the order
	 * they ran, the nearest 32, after the function's entry when an
	 * argument is among the values; for a leaked reference, the call that
	 * acquired it and the jumps taken since; with no value to follow,
	 * the last jumps taken. NULL and 0 when accepted, or when no
	 * path of the search failed (a limit, a check before the search).
	 * It belongs to the program, as the strings do.
	 */
	const struct bpfcheck_path_step *path;
	uint32_t path_len;
};

/*
 * Verify prog with the Linux verifier's safety rules and the induction
 * method for loops. Returns 0 when verification ran (the verdict is in
 * out->accepted) or -errno: -EINVAL for bad arguments (out->sz too small
 * for accepted, opts with a bad sz or unknown non-zero bytes), another
 * when the target could not be read. opts may be NULL. Programs of one
 * object may be verified on different threads at once; one program by
 * one thread at a time.
 */
LIBBPFCHECK_API int bpfcheck_verify(const struct bpfcheck_prog *prog,
				    const struct bpfcheck_verify_opts *opts,
				    struct bpfcheck_verdict *out);

#ifdef __cplusplus
}
#endif

#endif
