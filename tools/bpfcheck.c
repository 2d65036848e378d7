// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* bpfcheck: a standalone eBPF verifier for userspace. */
#include <stdio.h>
#include <string.h>

#include <bpfcheck/bpfcheck.h>

#include "cli.h"
#include "platform/progtypes.h"

static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
} commands[] = {
	{ "verify", cmd_verify, "verify programs: accept or reject, and why" },
	{ "list", cmd_list, "list the programs in a file" },
	{ "disasm", cmd_disasm, "print instructions with source lines" },
	{ "cfg", cmd_cfg, "print basic blocks, dominators and loops" },
	{ "loops", cmd_loops, "print the loop forest" },
	{ "run", cmd_run, "run a program in the interpreter" },
};

static void usage(FILE *f)
{
	size_t i;

	fprintf(f,
		"Usage: bpfcheck COMMAND [OPTIONS] FILE...\n\n"
		"A standalone eBPF verifier. FILE is an ELF object from clang -target bpf,\n"
		"assembly text, or raw instructions (--raw).\n\nCommands:\n");
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].help);
	fprintf(f,
		"\nProgram types (--type T; a section name such as cgroup/connect4\n"
		"also sets the attach type):");
	for (uint32_t t = 0, col = 80; t < 64; t++) {
		const char *name = bc_progtype_name(t);

		uint32_t back, attach;
		bool aset;

		/* the names --type takes back (not "unspec", "unknown") */
		if (!name || !bc_progtype_parse(name, &back, &attach, &aset) ||
		    back != t || !t)
			continue;
		if (col + strlen(name) + 1 > 76) {
			fputs("\n ", f);
			col = 1;
		}
		col += fprintf(f, " %s", name);
	}
	fprintf(f,
		"\n\nRun 'bpfcheck COMMAND --help' for a command's options,\n"
		"'bpfcheck --version' (-V) for the version.\n"
		"Exit status: 0 success (all accepted), 1 a program was rejected,\n"
		"2 bad input or usage.\n");
}

int main(int argc, char **argv)
{
	size_t i;

	cli_init();
	if (argc < 2) {
		usage(stderr);
		return EXIT_BADINPUT;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
		printf("bpfcheck %s (libbpfcheck %s)\n", BPFCHECK_VERSION,
		       bpfcheck_version_string());
		return 0;
	}
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].fn(argc - 1, argv + 1);
	fprintf(stderr, "bpfcheck: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return EXIT_BADINPUT;
}
