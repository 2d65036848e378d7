/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Shared pieces of the bpfcheck command-line tool. */
#ifndef BPFCHECK_CLI_H
#define BPFCHECK_CLI_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

#include <bpfcheck/bpfcheck.h>

#include "prog/prog.h"

#define EXIT_REJECT   1
#define EXIT_BADINPUT 2

#define CLI_MAX_SELECT 64

/* Options every command that reads programs accepts. */
struct cli_input {
	const char *type; /* --type T */
	bool raw; /* --raw */
	bool asm_text; /* --asm */
	const char *progs[CLI_MAX_SELECT]; /* --prog NAME, repeatable */
	int prog_cnt;
	const char *section; /* --section S */
	/* -f GLOB: veristat's filters, [!]FILE_GLOB/PROG_GLOB or [!]GLOB */
	const char *filters[CLI_MAX_SELECT];
	int filter_cnt;
	bool too_many; /* more --prog or -f than CLI_MAX_SELECT */
	const char *btf; /* --btf FILE: the target kernel's BTF */
	const char *kconfig; /* --kconfig FILE: its configuration */
	const char *release; /* --kernel-release X.Y.Z */
};

/* Long-option ids for the shared input options (>= 1000). */
enum {
	OPT_TYPE = 1000,
	OPT_RAW,
	OPT_ASM,
	OPT_PROG,
	OPT_SECTION,
	OPT_BTF,
	OPT_KCONFIG,
	OPT_RELEASE,
	OPT_CMD_BASE = 1100, /* commands number their own options from here */
};

#define CLI_INPUT_OPTIONS                                                      \
	{ "type", required_argument, NULL, OPT_TYPE },                         \
		{ "raw", no_argument, NULL, OPT_RAW },                         \
		{ "asm", no_argument, NULL, OPT_ASM },                         \
		{ "prog", required_argument, NULL, OPT_PROG },                 \
		{ "section", required_argument, NULL, OPT_SECTION },           \
		{ "filter", required_argument, NULL, 'f' },                    \
		{ "btf", required_argument, NULL, OPT_BTF },                   \
		{ "kconfig", required_argument, NULL, OPT_KCONFIG },           \
	{                                                                      \
		"kernel-release", required_argument, NULL, OPT_RELEASE         \
	}

#define CLI_INPUT_HELP                                                           \
	"  --prog NAME      only the program with this function name\n"          \
	"                   (repeatable)\n"                                      \
	"  --section S      only programs in ELF section S\n"                    \
	"  -f, --filter [!]GLOB  veristat's filter (repeatable): GLOB matches\n" \
	"                   the file or the program name, FILE_GLOB/PROG_GLOB\n" \
	"                   both; with ! the matches are left out\n"             \
	"  --type T         program type (libbpf name such as xdp, sched_cls,\n" \
	"                   socket_filter, kprobe, or a section name such as\n"  \
	"                   cgroup/connect4; 'bpfcheck --help' lists them)\n"    \
	"  --raw            FILE is raw 8-byte instructions (needs --type)\n"    \
	"  --asm            FILE is assembly text (default unless ELF)\n"        \
	"  --btf FILE       the target kernel's BTF (typed contexts of\n"        \
	"                   tp_btf/fentry/lsm/iter programs, CO-RE);\n"          \
	"                   default /sys/kernel/btf/vmlinux when it exists;\n"   \
	"                   --btf '' for none\n"                                 \
	"  --kconfig FILE   the target kernel's config, for __kconfig\n"         \
	"                   externs (CONFIG_*); default /proc/config.gz,\n"      \
	"                   else /boot/config-RELEASE; --kconfig '' for none\n"  \
	"  --kernel-release X.Y.Z  the target kernel's release, for\n"           \
	"                   LINUX_KERNEL_VERSION; default the running one's\n"

/* getopt's short options of the shared input options. */
#define CLI_INPUT_SHORT "f:"

/* Handle a shared option; returns true if c was one. */
bool cli_input_option(struct cli_input *in, int c, const char *arg);

/*
 * Open FILE; on failure print "bpfcheck: FILE: message" to stderr and
 * return NULL. The selection (--prog/--section/-f) is checked to match at
 * least one program; where skipped is not NULL, a file that only -f
 * filters out sets *skipped and returns NULL without an error. The target
 * kernel's BTF and config (--btf, --kconfig, --kernel-release or their
 * defaults) are opened once, by the first call, for every object.
 */
struct bpfcheck_object *cli_open(const char *path, const struct cli_input *in,
				 bool *skipped);
/* The same against target t (bpfcheck_target_open), not the run's. */
struct bpfcheck_object *cli_open_for(const char *path,
				     const struct cli_input *in,
				     struct bpfcheck_target *t, bool *skipped);
/* Does the selection take program name (of section, in file)? */
bool cli_selected(const struct cli_input *in, const char *file,
		  const char *name, const char *section);
bool cli_prog_selected(const struct cli_input *in, const char *file,
		       const struct bpfcheck_prog *p);

/*
 * Call fn for each selected program of each FILE argv[optind..argc-1]
 * (a command's files). Returns EXIT_BADINPUT when a file could not be
 * opened, else the largest status fn returned.
 */
typedef int (*cli_prog_fn)(void *ctx, const char *file,
			   const struct bpfcheck_prog *p);
int cli_each_prog(int argc, char **argv, const struct cli_input *in,
		  cli_prog_fn fn, void *ctx);

/*
 * The model behind the public handles, for the commands that show what
 * the API keeps inside (list's maps, disasm's directives, cfg, loops,
 * run): the library's handles are its model's structs.
 */
static inline const struct bc_prog *
cli_model_prog(const struct bpfcheck_prog *p)
{
	return (const struct bc_prog *)p;
}

static inline const struct bpfcheck_prog *cli_api_prog(const struct bc_prog *p)
{
	return (const struct bpfcheck_prog *)p;
}

static inline struct bc_object *cli_model(struct bpfcheck_object *o)
{
	return (struct bc_object *)o;
}

/* The library's messages as the tool's: "bpfcheck: ..." on stderr. */
void cli_init(void);

void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints "bpfcheck CMD: message\nTry 'bpfcheck CMD --help'." and returns 2. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* JSON output helpers. */
void cli_json_str(FILE *f, const char *s);

/* Format "file:line" for an instruction, or "" if no line info. */
const char *cli_srcloc(const struct bpfcheck_prog *p, uint32_t insn, char *buf,
		       size_t len);

/* Commands, each in tools/cmd_<name>.c. */
int cmd_list(int argc, char **argv);
/* list --kfuncs: the target BTF's kfuncs (cmd_list_kfuncs.c). */
int cmd_list_kfuncs(const struct cli_input *in, bool json);
int cmd_disasm(int argc, char **argv);
int cmd_cfg(int argc, char **argv);
int cmd_loops(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_run(int argc, char **argv);

#endif
