// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Structural errors against the live Linux verifier: each program is
 * rejected by bc_cfg_build and by bpf(BPF_PROG_LOAD), and our one-line
 * message is a line of the kernel's log. Skips (77) without bpf().
 */
#include <bpf/bpf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "cfg/cfg.h"

static const struct {
	const char *text;
	const char *msg;
} cases[] = {
	{ "r0 = 0\nr0 = 0\nr0 = 0\nr0 = 0\nr0 = 0\nif r0 > 0 goto pc+34\nexit\n",
	  "jump out of range from insn 5 to 40" },
	{ "call f\nif r0 > 0 goto pc+2\nexit\nf:\nr0 = 0\nexit\n",
	  "jump out of range from insn 1 to 4" },
	{ "r0 = 0\nr0 = 0\nr0 = 0\nr0 = 0\nr0 = 0\nif r0 == 0 goto pc+2\n"
	  "r0 = 0\nr1 = 0x1234 ll\nexit\n",
	  "jump into the middle of ldimm64 insn 7" },
	{ "r0 = 0\nr0 += 1\n", "last insn is not an exit or jmp" },
	{ "call f\ncall g\nexit\nf:\nr0 = 1\ng:\nr0 = 0\nexit\n",
	  "last insn is not an exit or jmp" },
	{ "call f\nexit\nf:\nr0 = 1\nl:\nif r0 == 0 goto l\n",
	  "last insn is not an exit or jmp" },
	{ "r0 = 0\nexit\nr0 = 1\nexit\n", "unreachable insn 2" },
	{ "r0 = 0\ngoto l\nr0 = 1\nr0 = 2\nl:\nexit\n", "unreachable insn 2" },
	{ "call pc+5\nexit\n", "call to invalid destination" },
	{ "call f1\nexit\nf1:\ncall f2\nexit\nf2:\ncall f3\nexit\n"
	  "f3:\ncall f4\nexit\nf4:\ncall f5\nexit\nf5:\ncall f6\nexit\n"
	  "f6:\ncall f7\nexit\nf7:\ncall f8\nexit\nf8:\nr0 = 0\nexit\n",
	  "the call stack of 9 frames is too deep" },
};

static bool log_has_line(const char *log, const char *msg)
{
	size_t n = strlen(msg);

	for (const char *p = log; (p = strstr(p, msg)); p++)
		if ((p == log || p[-1] == '\n') && (p[n] == '\n' || !p[n]))
			return true;
	return false;
}

int main(void)
{
	static char log[1 << 20];
	int fails = 0;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct bc_prog prog = { 0 };
		struct bc_cfg *cfg;
		struct bc_err err;
		int fd;

		bc_err_init(&err);
		if (bc_asm(cases[i].text, strlen(cases[i].text), &prog.insns,
			   &prog.insn_cnt, &err)) {
			fprintf(stderr, "case %zu: asm: %s\n", i, err.msg);
			return 1;
		}
		bc_err_init(&err);
		if (!bc_cfg_build(&prog, NULL, &cfg, &err)) {
			fprintf(stderr, "case %zu: accepted\n", i);
			bc_cfg_free(cfg);
			fails++;
		} else if (strcmp(err.msg, cases[i].msg)) {
			fprintf(stderr, "case %zu: '%s', want '%s'\n", i,
				err.msg, cases[i].msg);
			fails++;
		}
		LIBBPF_OPTS(bpf_prog_load_opts, o, .log_buf = log,
			    .log_size = sizeof(log), .log_level = 1);
		log[0] = 0;
		fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, "t", "GPL",
				   prog.insns, prog.insn_cnt, &o);
		free(prog.insns);
		if (fd >= 0) {
			fprintf(stderr, "case %zu: the kernel accepted it\n",
				i);
			fails++;
			continue;
		}
		if (errno == EPERM || errno == ENOSYS) {
			printf("SKIP: bpf(BPF_PROG_LOAD) unavailable (%s)\n",
			       strerror(errno));
			return 77;
		}
		if (!log_has_line(log, cases[i].msg)) {
			fprintf(stderr,
				"case %zu: kernel log lacks '%s':\n%s\n", i,
				cases[i].msg, log);
			fails++;
		}
	}
	if (!fails)
		printf("ok: %zu messages match Linux\n",
		       sizeof(cases) / sizeof(cases[0]));
	return fails ? 1 : 0;
}
