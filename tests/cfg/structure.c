// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Hand-written programs: every structural error with its exact message and
 * instruction, block and edge shapes, dominators, post-dominators with an
 * infinite loop, natural loops (shared header, nesting) and irreducible
 * cycles (RFC patch 11's example and others).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "cfg/cfg.h"
#include "cfg/cfg_priv.h"

static int fails;

#define CHECK(c, ...)                                                          \
	do {                                                                   \
		if (!(c)) {                                                    \
			fprintf(stderr, "%s:%d: %s: ", __FILE__, __LINE__,     \
				#c);                                           \
			fprintf(stderr, __VA_ARGS__);                          \
			fputc('\n', stderr);                                   \
			fails++;                                               \
		}                                                              \
	} while (0)

static struct bc_prog prog;

static int build(const char *text, bool reject_irr, struct bc_cfg **cfg,
		 struct bc_err *err)
{
	struct bc_cfg_opts opts = { .reject_irreducible = reject_irr };
	struct bc_err aerr;

	free(prog.insns);
	memset(&prog, 0, sizeof(prog));
	bc_err_init(&aerr);
	if (bc_asm(text, strlen(text), &prog.insns, &prog.insn_cnt, &aerr)) {
		fprintf(stderr, "asm: %s\n", aerr.msg);
		exit(1);
	}
	bc_err_init(err);
	return bc_cfg_build(&prog, &opts, cfg, err);
}

static void expect_error(const char *what, const char *text, const char *msg,
			 int64_t insn, bool reject_irr)
{
	struct bc_cfg *cfg;
	struct bc_err err;
	int ret = build(text, reject_irr, &cfg, &err);

	CHECK(ret < 0, "%s: accepted", what);
	CHECK(!strcmp(err.msg, msg), "%s: got '%s', want '%s'", what, err.msg,
	      msg);
	CHECK(err.insn == insn, "%s: insn %lld, want %lld", what,
	      (long long)err.insn, (long long)insn);
	CHECK(!cfg, "%s: cfg returned", what);
}

static struct bc_cfg *expect_ok(const char *what, const char *text)
{
	struct bc_cfg *cfg;
	struct bc_err err;

	if (build(text, false, &cfg, &err)) {
		CHECK(0, "%s: rejected: %s", what, err.msg);
		return NULL;
	}
	return cfg;
}

static void errors(void)
{
	expect_error("out of range",
		     "r0 = 0\nr0 = 0\nr0 = 0\nr0 = 0\nr0 = 0\n"
		     "if r0 > 0 goto pc+34\nexit\n",
		     "jump out of range from insn 5 to 40", 5, false);
	expect_error("backward out of range", "r0 = 0\ngoto pc-3\nexit\n",
		     "jump out of range from insn 1 to -1", 1, false);
	expect_error("out of subprogram",
		     "call f\nif r0 > 0 goto pc+2\nexit\nf:\nr0 = 0\nexit\n",
		     "jump out of range from insn 1 to 4", 1, false);
	expect_error("middle of lddw",
		     "r0 = 0\nr0 = 0\nr0 = 0\nr0 = 0\nr0 = 0\n"
		     "if r0 == 0 goto pc+2\nr0 = 0\nr1 = 0x1234 ll\nexit\n",
		     "jump into the middle of ldimm64 insn 7", 5, false);
	expect_error("last insn", "r0 = 0\nr0 += 1\n",
		     "last insn is not an exit or jmp", 1, false);
	expect_error("last insn lddw", "r0 = 0\nr0 = 0x1234 ll\n",
		     "last insn is not an exit or jmp", 1, false);
	expect_error("falls off a subprogram into the next",
		     "call f\ncall g\nexit\nf:\nr0 = 1\ng:\nr0 = 0\nexit\n",
		     "last insn is not an exit or jmp", 3, false);
	expect_error("subprogram ends in a conditional jump",
		     "call f\nexit\nf:\nr0 = 1\nl:\nif r0 == 0 goto l\n",
		     "last insn is not an exit or jmp", 3, false);
	expect_error("unreachable after exit", "r0 = 0\nexit\nr0 = 1\nexit\n",
		     "unreachable insn 2", 2, false);
	expect_error("jumped over",
		     "r0 = 0\ngoto l\nr0 = 1\nr0 = 2\nl:\nexit\n",
		     "unreachable insn 2", 2, false);
	expect_error("unreachable in subprogram",
		     "call f\nexit\nf:\nr0 = 1\nexit\nr0 = 2\nexit\n",
		     "unreachable insn 4", 4, false);
	expect_error("direct recursion",
		     "call f\nexit\nf:\nr0 = 0\ncall f\nexit\n",
		     "recursive call from insn 3 to 2", 3, false);
	expect_error(
		"indirect recursion",
		"call a\nexit\na:\ncall b\nexit\nb:\nr0 = 0\ncall a\nexit\n",
		"recursive call from insn 5 to 2", 5, false);
	expect_error("callback recursion",
		     "call a\nexit\na:\nr2 = func[a] ll\nexit\n",
		     "recursive call from insn 2 to 2", 2, false);
	expect_error("unreachable subprogram",
		     "r0 = 0\nexit\na:\ncall b\nexit\nb:\ncall a\nexit\n",
		     "unreachable subprogram at insn 2", 2, false);
	expect_error("call to invalid destination", "call pc+5\nexit\n",
		     "call to invalid destination", 0, false);
	/* main + f1..f8 = 9 frames */
	expect_error(
		"too deep",
		"call f1\nexit\nf1:\ncall f2\nexit\nf2:\ncall f3\nexit\n"
		"f3:\ncall f4\nexit\nf4:\ncall f5\nexit\nf5:\ncall f6\nexit\n"
		"f6:\ncall f7\nexit\nf7:\ncall f8\nexit\nf8:\nr0 = 0\nexit\n",
		"the call stack of 9 frames is too deep", 14, false);
	/* RFC patch 11's program, by hand: B and C both entered from above */
	expect_error(
		"irreducible rejected",
		"r0 = 0\nif r1 > 5 goto C\nB:\nr0 += 2\nif r0 < 7 goto C\n"
		"goto out\nC:\nr0 += 1\nif r0 < 100 goto B\nout:\nexit\n",
		"irreducible loop: insns 2..6 entered at insn 2 and insn 5", 2,
		true);
	{
		struct bc_cfg *cfg = expect_ok(
			"8 frames",
			"call f1\nexit\nf1:\ncall f2\nexit\nf2:\ncall f3\nexit\n"
			"f3:\ncall f4\nexit\nf4:\ncall f5\nexit\nf5:\ncall f6\n"
			"exit\nf6:\ncall f7\nexit\nf7:\nr0 = 0\nexit\n");

		CHECK(cfg && cfg->sub_cnt == 8 && cfg->subs[7].depth == 8,
		      "depth");
		bc_cfg_free(cfg);
	}
}

/* successors of a block as "first insns", virtual exit as "X" */
static const char *succs(const struct bc_cfg *cfg, uint32_t b)
{
	static char buf[128];
	size_t o = 0;

	buf[0] = 0;
	for (uint32_t k = 0; k < cfg->blocks[b].succ_cnt; k++) {
		uint32_t t = cfg->succ[cfg->blocks[b].succ_off + k];

		if (cfg->blocks[t].first == BC_NONE)
			o += snprintf(buf + o, sizeof(buf) - o, "%sX",
				      o ? " " : "");
		else
			o += snprintf(buf + o, sizeof(buf) - o, "%s%u",
				      o ? " " : "", cfg->blocks[t].first);
	}
	return buf;
}

static void blocks_and_doms(void)
{
	/* 0: if; 1..2: then; 3: join with call (no block end); 5: exit */
	struct bc_cfg *cfg = expect_ok(
		"diamond",
		"if r1 > 3 goto j\nr0 = 1\nr2 = 0x55 ll\nj:\ncall 5\nr0 = 2\nexit\n");
	const struct bc_block *b;

	if (!cfg)
		return;
	CHECK(cfg->sub_cnt == 1 && cfg->block_cnt == 5, "%u blocks",
	      cfg->block_cnt);
	b = cfg->blocks;
	CHECK(b[1].first == 0 && b[1].last == 0, "b1");
	CHECK(b[2].first == 1 && b[2].last == 2, "b2 %u..%u", b[2].first,
	      b[2].last);
	CHECK(b[3].first == 4 && b[3].last == 6, "b3 %u..%u", b[3].first,
	      b[3].last);
	CHECK(!strcmp(succs(cfg, 1), "1 4"), "succ b1 %s", succs(cfg, 1));
	CHECK(!strcmp(succs(cfg, 3), "X"), "succ b3 %s", succs(cfg, 3));
	CHECK(cfg->succ_kind[b[1].succ_off] == BC_EDGE_FALL &&
		      cfg->succ_kind[b[1].succ_off + 1] == BC_EDGE_TAKEN,
	      "kinds");
	CHECK(b[3].idom == 1 && b[2].idom == 1 && b[1].idom == 0 &&
		      b[0].idom == BC_NONE,
	      "idom");
	CHECK(b[1].ipdom == 3 && b[2].ipdom == 3 && b[3].ipdom == 4 &&
		      b[4].ipdom == BC_NONE,
	      "ipdom");
	CHECK(bc_cfg_dominates(cfg, 1, 3) && !bc_cfg_dominates(cfg, 2, 3) &&
		      bc_cfg_dominates(cfg, 3, 3),
	      "dominates");
	CHECK(bc_cfg_postdominates(cfg, 3, 1) &&
		      !bc_cfg_postdominates(cfg, 2, 1),
	      "postdominates");
	CHECK(cfg->insn_block[3] == 2 && cfg->loop_cnt == 0 &&
		      cfg->irr_cnt == 0,
	      "insn_block / no loops");
	bc_cfg_free(cfg);

	/* infinite loop: its latch gets the virtual edge to the exit */
	cfg = expect_ok(
		"infinite",
		"if r1 > 3 goto l\nr0 = 0\nexit\nl:\nr1 += 1\nif r1 > 9 goto l\n"
		"m:\nr1 += 2\ngoto l\n");
	if (!cfg)
		return;
	b = cfg->blocks;
	CHECK(cfg->block_cnt == 6, "%u blocks", cfg->block_cnt);
	CHECK(b[4].ipdom == 5 && b[3].ipdom == 4 && b[1].ipdom == 5,
	      "ipdom %u %u %u", b[4].ipdom, b[3].ipdom, b[1].ipdom);
	CHECK(cfg->loop_cnt == 1 && cfg->loops[0].header == 3 &&
		      cfg->loops[0].latch_cnt == 2 &&
		      cfg->loops[0].body_cnt == 2 &&
		      cfg->loops[0].exit_cnt == 0,
	      "infinite loop shape");
	bc_cfg_free(cfg);
}

static void loops(void)
{
	struct bc_cfg *cfg;
	const struct bc_loop *L;

	cfg = expect_ok("self loop",
			"r0 = 0\nl:\nr0 += 1\nif r0 < 10 goto l\nexit\n");
	if (!cfg)
		return;
	L = cfg->loops;
	CHECK(cfg->loop_cnt == 1 && L->header == 2 && L->latch_cnt == 1 &&
		      L->latches[0] == 2 && L->body_cnt == 1 &&
		      L->exit_cnt == 1 && L->exits[0].from == 2 &&
		      L->exits[0].to == 3 && L->depth == 1 &&
		      L->parent == BC_NONE,
	      "self loop shape");
	CHECK(bc_cfg_loop_at(cfg, 1) == 0 && bc_cfg_loop_at(cfg, 2) == BC_NONE,
	      "loop_at");
	bc_cfg_free(cfg);

	/* two back edges to one header: one loop with two latches */
	cfg = expect_ok(
		"shared header",
		"r0 = 0\nh:\nr0 += 1\nif r0 == 5 goto h\nif r0 < 10 goto h\nexit\n");
	if (!cfg)
		return;
	L = cfg->loops;
	CHECK(cfg->loop_cnt == 1 && L->latch_cnt == 2 && L->body_cnt == 2 &&
		      L->exit_cnt == 1,
	      "shared header: %u loops", cfg->loop_cnt);
	bc_cfg_free(cfg);

	/* three deep, plus a sibling at depth 2 */
	cfg = expect_ok("nest",
			"r1 = 0\n"
			"a:\nr2 = 0\n" /* 1: outer header */
			"b:\nr3 = 0\n" /* 2: middle header */
			"c:\nr3 += 1\nif r3 < 4 goto c\n" /* 3..4: inner */
			"r2 += 1\nif r2 < 4 goto b\n" /* 5..6 */
			"d:\nr4 += 1\nif r4 < 3 goto d\n" /* 7..8: sibling */
			"r1 += 1\nif r1 < 4 goto a\n" /* 9..10 */
			"exit\n");
	if (!cfg)
		return;
	L = cfg->loops;
	CHECK(cfg->loop_cnt == 4, "%u loops", cfg->loop_cnt);
	if (cfg->loop_cnt == 4) {
		CHECK(cfg->blocks[L[0].header].first == 1 && L[0].depth == 1 &&
			      L[0].parent == BC_NONE && L[0].child_cnt == 2,
		      "outer");
		CHECK(cfg->blocks[L[1].header].first == 2 && L[1].depth == 2 &&
			      L[1].parent == 0 && L[1].child_cnt == 1,
		      "middle");
		CHECK(cfg->blocks[L[2].header].first == 3 && L[2].depth == 3 &&
			      L[2].parent == 1 && L[2].body_cnt == 1,
		      "inner");
		CHECK(cfg->blocks[L[3].header].first == 7 && L[3].depth == 2 &&
			      L[3].parent == 0,
		      "sibling");
		CHECK(cfg->blocks[cfg->insn_block[4]].loop == 2 &&
			      cfg->blocks[cfg->insn_block[9]].loop == 0,
		      "innermost");
		CHECK(L[0].exit_cnt == 1 &&
			      cfg->blocks[L[0].exits[0].from].first == 9,
		      "outer exit");
		CHECK(L[0].body_cnt == 6, "outer body %u", L[0].body_cnt);
	}
	bc_cfg_free(cfg);

	/* break and exit inside the loop: exits to the virtual exit too */
	cfg = expect_ok(
		"exits",
		"r0 = 0\nl:\nif r0 == 7 goto out\nif r0 == 8 goto ret\n"
		"r0 += 1\nif r0 < 10 goto l\nout:\nr0 = 1\nret:\nexit\n");
	if (cfg) {
		L = cfg->loops;
		CHECK(cfg->loop_cnt == 1 && L->exit_cnt == 3 &&
			      L->body_cnt == 3,
		      "exits %u body %u", L->exit_cnt, L->body_cnt);
		bc_cfg_free(cfg);
	}
}

static void irreducible(void)
{
	struct bc_cfg *cfg;
	char msg[256];

	cfg = expect_ok(
		"patch 11 example",
		"r0 = 0\nif r1 > 5 goto C\nB:\nr0 += 2\nif r0 < 7 goto C\n"
		"goto out\nC:\nr0 += 1\nif r0 < 100 goto B\nout:\nexit\n");
	if (!cfg)
		return;
	CHECK(cfg->irr_cnt == 1 && cfg->loop_cnt == 0, "irr %u loops %u",
	      cfg->irr_cnt, cfg->loop_cnt);
	if (cfg->irr_cnt) {
		bc_irr_describe(cfg, &cfg->irr[0], msg, sizeof(msg));
		CHECK(!strcmp(msg,
			      "irreducible loop: insns 2..6 entered at insn 2 and insn 5"),
		      "%s", msg);
	}
	bc_cfg_free(cfg);

	/* three entries, inside a reducible outer loop */
	cfg = expect_ok("three entries in a loop",
			"r0 = 0\n"
			"top:\nif r1 == 1 goto y\n" /* 1 */
			"if r1 == 2 goto z\n" /* 2 */
			"x:\nr0 += 1\nif r0 > 50 goto next\n" /* 3..4 */
			"y:\nr0 += 2\nif r0 > 60 goto next\n" /* 5..6 */
			"z:\nr0 += 3\nif r0 < 70 goto x\n" /* 7..8 */
			"next:\nr1 += 1\nif r1 < 9 goto top\n" /* 9..10 */
			"exit\n");
	if (!cfg)
		return;
	CHECK(cfg->irr_cnt == 1 && cfg->loop_cnt == 1, "irr %u loops %u",
	      cfg->irr_cnt, cfg->loop_cnt);
	if (cfg->irr_cnt) {
		bc_irr_describe(cfg, &cfg->irr[0], msg, sizeof(msg));
		CHECK(!strcmp(msg,
			      "irreducible loop: insns 3..8 entered at insn 3, insn 5 and insn 7"),
		      "%s", msg);
	}
	bc_cfg_free(cfg);

	/* two separate irreducible cycles, one in a subprogram */
	cfg = expect_ok(
		"two cycles",
		"if r1 > 5 goto b\na:\nr0 += 1\nif r0 < 9 goto b\ncall f\nexit\n"
		"b:\nr0 += 2\nif r0 < 8 goto a\nexit\n"
		"f:\nif r1 > 5 goto d\nc:\nr0 += 1\nif r0 < 9 goto d\nexit\n"
		"d:\nr0 += 2\ngoto c\n");
	if (cfg) {
		CHECK(cfg->irr_cnt == 2 && cfg->irr[1].subprog == 1, "irr %u",
		      cfg->irr_cnt);
		bc_cfg_free(cfg);
	}
}

/* Random instruction soup: never a crash, always a verdict with a message. */
static void fuzz(void)
{
	uint64_t x = 88172645463325252ull;
	uint32_t ok = 0, bad = 0;

	for (int t = 0; t < 20000; t++) {
		uint32_t n = 1 + t % 40;
		struct bpf_insn *p = calloc(n, sizeof(*p));
		struct bc_prog pr = { .insns = p, .insn_cnt = n };
		struct bc_cfg *cfg;
		struct bc_err err;

		for (uint32_t i = 0; i < n; i++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			switch (x % 8) {
			case 0: p[i].code = BPF_JMP | BPF_EXIT; break;
			case 1: p[i].code = BPF_JMP | BPF_JA; break;
			case 2: p[i].code = BPF_JMP | BPF_JEQ | BPF_K; break;
			case 3:
				p[i].code = BPF_JMP | BPF_CALL;
				p[i].src_reg = BPF_PSEUDO_CALL;
				break;
			case 4:
				p[i].code = BPF_LD | BPF_IMM | BPF_DW;
				p[i].src_reg = (x >> 8) & 1 ? BPF_PSEUDO_FUNC :
							      0;
				break;
			case 5: p[i].code = BPF_JMP32 | BPF_JA; break;
			default: p[i].code = BPF_ALU64 | BPF_ADD | BPF_K; break;
			}
			p[i].off = (int16_t)((int)((x >> 16) % 13) - 6);
			p[i].imm = (int32_t)((x >> 24) % 13) - 6;
		}
		bc_err_init(&err);
		if (bc_cfg_build(&pr, NULL, &cfg, &err)) {
			CHECK(err.set && err.msg[0], "fuzz %d: no message", t);
			bad++;
		} else {
			for (uint32_t i = 0; i < n; i++)
				CHECK(cfg->insn_block[i] < cfg->block_cnt,
				      "fuzz");
			bc_cfg_free(cfg);
			ok++;
		}
		free(p);
	}
	CHECK(ok > 100 && bad > 100, "fuzz mix %u ok %u bad", ok, bad);
}

/* 10000 nested loops: refused quickly instead of quadratic memory */
static void deep_nest(void)
{
	enum { D = 10000 };
	uint32_t n = 3 * D + 1, i = 0;
	struct bpf_insn *p = calloc(n, sizeof(*p));
	struct bc_prog pr = { .insns = p, .insn_cnt = n };
	struct bc_cfg *cfg;
	struct bc_err err;
	uint64_t t0 = bc_now_us();

	for (int d = 0; d < D; d++) {
		p[i++] = (struct bpf_insn){ .code = BPF_ALU64 | BPF_MOV | BPF_K,
					    .dst_reg = 3 };
		p[i++] = (struct bpf_insn){ .code = BPF_ALU64 | BPF_ADD | BPF_K,
					    .dst_reg = 3,
					    .imm = 1 };
	}
	for (int d = D - 1; d >= 0; d--, i++)
		p[i] = (struct bpf_insn){ .code = BPF_JMP | BPF_JLT | BPF_K,
					  .dst_reg = 3,
					  .imm = 4,
					  .off = (int16_t)((int)(2 * d + 1) -
							   (int)i - 1) };
	p[i] = (struct bpf_insn){ .code = BPF_JMP | BPF_EXIT };
	bc_err_init(&err);
	CHECK(bc_cfg_build(&pr, NULL, &cfg, &err) == -E2BIG &&
		      !strncmp(
			      err.msg,
			      "loops nested too deeply: their bodies add up to more than",
			      57),
	      "deep nest: %s", err.msg);
	(void)t0;
	free(p);
}

int main(void)
{
	fuzz();
	deep_nest();
	errors();
	blocks_and_doms();
	loops();
	irreducible();
	free(prog.insns);
	if (fails)
		fprintf(stderr, "%d failures\n", fails);
	else
		printf("ok\n");
	return fails ? 1 : 0;
}
