// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * CFG + dominators + post-dominators + loops on synthetic programs of
 * 10k, 100k and 1M instructions: straight-line, branchy (diamonds and
 * forward jumps) and deeply nested loops (groups of 16 nested loops).
 * Prints time, arena bytes, bytes per block / edge and peak RSS.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg/cfg.h"
#include "isa/insn.h"

static struct bpf_insn alu(uint8_t dst, int32_t imm)
{
	return (struct bpf_insn){ .code = BPF_ALU64 | BPF_ADD | BPF_K,
				  .dst_reg = dst,
				  .imm = imm };
}

static struct bpf_insn jlt(uint8_t dst, int32_t imm, int16_t off)
{
	return (struct bpf_insn){ .code = BPF_JMP | BPF_JLT | BPF_K,
				  .dst_reg = dst,
				  .imm = imm,
				  .off = off };
}

static struct bpf_insn exit_insn(void)
{
	return (struct bpf_insn){ .code = BPF_JMP | BPF_EXIT };
}

static void straight(struct bpf_insn *p, uint32_t n)
{
	for (uint32_t i = 0; i + 1 < n; i++)
		p[i] = alu(0, 1);
	p[n - 1] = exit_insn();
}

/* if r1 < k goto +2; r0 += 1; goto +1; r0 += 2; then a plain insn */
static void branchy(struct bpf_insn *p, uint32_t n)
{
	uint32_t i = 0;

	while (i + 6 < n) {
		p[i] = jlt(1, (int32_t)i, 2);
		i++;
		p[i++] = alu(0, 1);
		p[i++] =
			(struct bpf_insn){ .code = BPF_JMP | BPF_JA, .off = 1 };
		p[i++] = alu(0, 2);
		p[i++] = alu(2, 1);
	}
	while (i + 1 < n)
		p[i++] = alu(0, 3);
	p[n - 1] = exit_insn();
}

enum { NEST = 16 };

/* groups of NEST nested counting loops */
static void nested(struct bpf_insn *p, uint32_t n)
{
	uint32_t i = 0, hdr[NEST];

	while (i + 3 * NEST + 2 < n) {
		for (int d = 0; d < NEST; d++) {
			p[i++] = (struct bpf_insn){ .code = BPF_ALU64 |
							    BPF_MOV | BPF_K,
						    .dst_reg = 3 };
			hdr[d] = i;
			p[i++] = alu(3, 1);
		}
		p[i++] = alu(0, 1);
		for (int d = NEST - 1; d >= 0; d--) {
			p[i] = jlt(3, 4, (int16_t)((int64_t)hdr[d] - i - 1));
			i++;
		}
	}
	while (i + 1 < n)
		p[i++] = alu(0, 3);
	p[n - 1] = exit_insn();
}

int main(void)
{
	static const uint32_t sizes[] = { 10000, 100000, 1000000 };
	static const struct {
		const char *name;
		void (*gen)(struct bpf_insn *, uint32_t);
	} shapes[] = {
		{ "straight", straight },
		{ "branchy", branchy },
		{ "nested16", nested },
	};

	printf("block struct %zu bytes, edge %zu bytes (succ + pred + kind)\n",
	       sizeof(struct bc_block), 2 * sizeof(uint32_t) + 1);
	printf("%-9s %8s %8s %8s %6s %9s %10s %7s %7s %9s\n", "shape", "insns",
	       "blocks", "edges", "loops", "time ms", "arena KiB", "B/insn",
	       "B/blk", "peak KiB");
	for (size_t s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++) {
		for (size_t k = 0; k < 3; k++) {
			uint32_t n = sizes[k];
			struct bc_prog prog = { 0 };
			struct bc_cfg *cfg;
			struct bc_err err;
			uint64_t t0, t1;

			prog.insns = calloc(n, sizeof(struct bpf_insn));
			prog.insn_cnt = n;
			shapes[s].gen(prog.insns, n);
			bc_err_init(&err);
			t0 = bc_now_us();
			if (bc_cfg_build(&prog, NULL, &cfg, &err)) {
				fprintf(stderr, "%s %u: %s\n", shapes[s].name,
					n, err.msg);
				return 1;
			}
			t1 = bc_now_us();
			printf("%-9s %8u %8u %8u %6u %9.1f %10zu %7.1f %7.1f %9ld\n",
			       shapes[s].name, n, cfg->block_cnt, cfg->edge_cnt,
			       cfg->loop_cnt, (t1 - t0) / 1000.0,
			       cfg->arena.reserved_bytes / 1024,
			       (double)cfg->arena.used_bytes / n,
			       (double)cfg->arena.used_bytes / cfg->block_cnt,
			       bc_peak_rss_kb());
			bc_cfg_free(cfg);
			free(prog.insns);
		}
	}
	return 0;
}
