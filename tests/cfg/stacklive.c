// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The static stack liveness (cfg/stacklive.c) of small assembly snippets:
 * the slots live before chosen instructions, with the default answer for
 * calls (a helper reads its stack arguments up to fp, a bpf-to-bpf call
 * may read every slot it can reach) and with a caller's answer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "cfg/cfg.h"
#include "cfg/stacklive.h"

/* The bit of the slot at fp + off (off a multiple of 8 in [-512, -8]). */
#define S(off) (1ull << ((512 + (off)) / 8))
#define ALL    UINT64_MAX

struct want {
	uint32_t pc;
	uint64_t live;
};

static const struct {
	const char *name, *text;
	struct want w[4];
	bool write_arg; /* r1 of helper calls: written, 8 bytes */
} cases[] = {
	{ "write then read",
	  "r1 = 0\n*(u64 *)(r10 -8) = r1\nr0 = *(u64 *)(r10 -8)\nexit\n",
	  { { 0, 0 }, { 1, 0 }, { 2, S(-8) }, { 3, 0 } },
	  false },
	{ "read on one path",
	  "r0 = 0\nif r1 == 0 goto +1\n*(u64 *)(r10 -16) = r0\n"
	  "r0 = *(u64 *)(r10 -16)\nexit\n",
	  { { 0, S(-16) }, { 2, 0 }, { 3, S(-16) } },
	  false },
	{ "a 4-byte write kills nothing",
	  "*(u32 *)(r10 -8) = 0\nr0 = *(u64 *)(r10 -8)\nexit\n",
	  { { 0, S(-8) }, { 1, S(-8) } },
	  false },
	{ "a byte read keeps the slot",
	  "r1 = 0\n*(u64 *)(r10 -24) = r1\nr0 = *(u8 *)(r10 -17)\nexit\n",
	  { { 0, 0 }, { 2, S(-24) } },
	  false },
	{ "a stack pointer through a spill",
	  "r2 = r10\nr2 += -24\n*(u64 *)(r10 -8) = r2\n"
	  "r3 = *(u64 *)(r10 -8)\nr0 = *(u64 *)(r3 +0)\nexit\n",
	  { { 0, S(-24) }, { 2, S(-24) }, { 3, S(-24) | S(-8) }, { 4, S(-24) } },
	  false },
	{ "an unknown offset reads every slot",
	  "r1 = r10\nr1 += r2\nr0 = *(u8 *)(r1 -1)\nexit\n",
	  { { 0, ALL }, { 2, ALL }, { 3, 0 } },
	  false },
	{ "a helper reads up to fp",
	  "r1 = r10\nr1 += -32\nr2 = 8\ncall 6\nr0 = 0\nexit\n",
	  { { 3, S(-32) | S(-24) | S(-16) | S(-8) }, { 4, 0 } },
	  false },
	{ "a helper that only writes",
	  "r1 = r10\nr1 += -32\nr2 = 16\ncall 6\n"
	  "r0 = *(u64 *)(r10 -32)\nexit\n",
	  { { 0, 0 }, { 3, 0 }, { 4, S(-32) } },
	  true },
	{ "a stack pointer passed to a subprogram",
	  "r1 = r10\nr1 += -8\ncall f\nexit\nf:\nr0 = *(u64 *)(r1 +0)\n"
	  "exit\n",
	  { { 2, ALL }, { 3, 0 }, { 4, 0 } },
	  false },
	{ "a subprogram without one",
	  "r1 = 1\ncall f\nr0 = *(u64 *)(r10 -8)\nexit\nf:\nr0 = 0\nexit\n",
	  { { 0, S(-8) }, { 1, S(-8) }, { 4, 0 } },
	  false },
	{ "a loop reads what the next round needs",
	  "r1 = 0\n*(u64 *)(r10 -8) = r1\n"
	  "l:\nr2 = *(u64 *)(r10 -8)\nr2 += 1\n*(u64 *)(r10 -8) = r2\n"
	  "*(u64 *)(r10 -16) = r2\nif r2 < 10 goto l\nexit\n",
	  { { 0, 0 }, { 2, S(-8) }, { 4, 0 }, { 6, S(-8) } },
	  false },
};

static void write_r1(void *arg, uint32_t pc, struct bc_call_mem *m)
{
	(void)arg;
	(void)pc;
	m->mem[0] = BC_ARG_MEM_WRITE;
	m->size_reg[0] = 2;
}

static int check(size_t i)
{
	struct bc_prog prog = { 0 };
	struct bc_cfg *cfg;
	struct bc_err err;
	uint64_t *live;
	int fails = 0;

	bc_err_init(&err);
	if (bc_asm(cases[i].text, strlen(cases[i].text), &prog.insns,
		   &prog.insn_cnt, &err) ||
	    bc_cfg_build(&prog, NULL, &cfg, &err)) {
		fprintf(stderr, "%s: %s\n", cases[i].name, err.msg);
		return 1;
	}
	live = bc_stack_liveness(cfg, cases[i].write_arg ? write_r1 : NULL,
				 NULL);
	for (size_t k = 0; k < 4; k++) {
		const struct want *w = &cases[i].w[k];

		if ((k && !w->pc) || live[w->pc] == w->live)
			continue;
		fprintf(stderr, "%s: insn %u: live %#llx, want %#llx\n",
			cases[i].name, w->pc, (unsigned long long)live[w->pc],
			(unsigned long long)w->live);
		fails++;
	}
	free(live);
	bc_cfg_free(cfg);
	free(prog.insns);
	return fails;
}

int main(void)
{
	int fails = 0;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		fails += check(i);
	if (fails)
		fprintf(stderr, "%d failures\n", fails);
	return fails != 0;
}
