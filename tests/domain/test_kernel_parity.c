// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Precision parity with the live Linux verifier: random straight-line
 * programs of ALU/ALU64 instructions (every op, register and immediate
 * sources, movsx, byte swaps, div/mod) on values loaded from the context
 * and constants are loaded with log level 2, and every scalar register the
 * kernel prints after each instruction must print the same from the
 * scalar domain (ids stripped: they belong to the verifier, not the
 * domain). Skips (77) without bpf().
 *
 * Usage: domain_kernel_parity [programs [seed]] (defaults: 2000, 1).
 */
#include <bpf/bpf.h>
#include <errno.h>
#include <inttypes.h>
#include <linux/bpf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "domain/scalar.h"

#define NINSN 48
#define MAXI  (2 * NINSN + 16)

static uint64_t rng = 0x6a09e667f3bcc908ULL;
static char logbuf[1 << 22];
static unsigned long long compared, mismatches;
static bool dump;
static bool no_moves;
static bool dead; /* the followed path turned out infeasible */

static uint64_t rnd(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dULL;
}

static struct bpf_insn mk(uint8_t code, uint8_t dst, uint8_t src, int16_t off,
			  int32_t imm)
{
	struct bpf_insn i = { .code = code,
			      .dst_reg = dst,
			      .src_reg = src,
			      .off = off,
			      .imm = imm };
	return i;
}

static int32_t rimm(void)
{
	static const int32_t t[] = { 0,
				     1,
				     2,
				     3,
				     4,
				     7,
				     8,
				     15,
				     16,
				     31,
				     32,
				     63,
				     0xff,
				     0xf0,
				     0xff0,
				     0xffff,
				     0x7fffffff,
				     -1,
				     -2,
				     -16,
				     -128,
				     -256,
				     (int32_t)0x80000000,
				     100,
				     1000,
				     12345,
				     -5 };

	if (rnd() % 3 == 0)
		return (int32_t)rnd();
	return t[rnd() % (sizeof(t) / sizeof(t[0]))];
}

/*
 * One random conditional jump over the next instruction (r0 = 0). Used
 * only in programs without register moves, so no two registers share an
 * id and Linux's linked-register refinement cannot come into play.
 */
static struct bpf_insn rand_jmp(void)
{
	static const uint8_t ops[] = { BPF_JEQ,	 BPF_JNE,  BPF_JGT,  BPF_JGE,
				       BPF_JLT,	 BPF_JLE,  BPF_JSGT, BPF_JSGE,
				       BPF_JSLT, BPF_JSLE, BPF_JSET };
	uint8_t op = ops[rnd() % sizeof(ops)];
	uint8_t cls = rnd() % 2 ? BPF_JMP : BPF_JMP32;
	uint8_t dst = 2 + rnd() % 8, src = 2 + rnd() % 8;

	if (rnd() % 2 && src != dst)
		return mk(cls | op | BPF_X, dst, src, 1, 0);
	return mk(cls | op | BPF_K, dst, 0, 1, rimm());
}

/* One random ALU instruction on r2..r9. */
static struct bpf_insn rand_alu(void)
{
	static const uint8_t ops[] = { BPF_ADD,	 BPF_SUB, BPF_MUL, BPF_DIV,
				       BPF_OR,	 BPF_AND, BPF_LSH, BPF_RSH,
				       BPF_NEG,	 BPF_MOD, BPF_XOR, BPF_MOV,
				       BPF_ARSH, BPF_END, BPF_AND, BPF_AND,
				       BPF_ADD };
	uint8_t op = ops[rnd() % sizeof(ops)];
	bool alu64 = rnd() % 2;
	uint8_t cls = alu64 ? BPF_ALU64 : BPF_ALU;
	uint8_t dst = 2 + rnd() % 8, src = 2 + rnd() % 8;
	bool x = rnd() % 2;
	int32_t imm = rimm();
	int16_t off = 0;

	if (op == BPF_NEG)
		return mk(cls | BPF_NEG, dst, 0, 0, 0);
	if (op == BPF_END) {
		static const int w[] = { 16, 32, 64 };
		bool be = rnd() % 2;

		if (alu64)
			return mk(BPF_ALU64 | BPF_END, dst, 0, 0, w[rnd() % 3]);
		return mk(BPF_ALU | BPF_END | (be ? BPF_TO_BE : BPF_TO_LE), dst,
			  0, 0, w[rnd() % 3]);
	}
	if (op == BPF_LSH || op == BPF_RSH || op == BPF_ARSH) {
		if (!x)
			imm = (int32_t)(rnd() % (alu64 ? 64 : 32));
	}
	if ((op == BPF_DIV || op == BPF_MOD)) {
		off = rnd() % 2;
		if (!x && !imm)
			imm = 3;
	}
	if (op == BPF_MOV && x && no_moves) {
		x = false;
		imm = rimm();
	}
	if (op == BPF_MOV && x && rnd() % 2) {
		static const int16_t o[] = { 8, 16, 32 };

		off = o[rnd() % (alu64 ? 3 : 2)];
	}
	if (x)
		return mk(cls | op | BPF_X, dst, src, off, 0);
	return mk(cls | op | BPF_K, dst, 0, off, imm);
}

/* The scalar domain's view of the same program. */
static void sim(const struct bpf_insn *in, struct bc_scalar *r)
{
	uint8_t cls = in->code & 7, op = in->code & 0xf0;
	bool alu32 = cls == BPF_ALU;
	struct bc_scalar k;
	int w;

	if (cls == BPF_LDX) {
		bc_scalar_load(&r[in->dst_reg], 4, false);
		return;
	}
	if (cls == BPF_JMP || cls == BPF_JMP32) {
		bool j32 = cls == BPF_JMP32;
		struct bc_scalar *a = &r[in->dst_reg], *b = &k;
		int t;

		if (in->code & BPF_X)
			b = &r[in->src_reg];
		else
			bc_scalar_const(&k, j32 ? (uint32_t)in->imm :
						  (uint64_t)(int64_t)in->imm);
		t = bc_scalar_branch_taken(a, b, op, j32);
		if (t < 0) /* Linux continues with the fall-through */
			bc_scalar_refine(a, b, op, j32, false);
		/* a dead fall-through: what Linux does there is moot */
		if (bc_scalar_is_empty(a) || bc_scalar_is_empty(b))
			dead = true;
		return;
	}
	if (op == BPF_END) {
		bc_scalar_end(&r[in->dst_reg], in->code & BPF_TO_BE, !alu32,
			      in->imm);
		return;
	}
	if (in->code & BPF_X)
		k = r[in->src_reg];
	else
		bc_scalar_const(&k, (uint64_t)(int64_t)in->imm);
	/* the kernel follows the dst = -1 half of a [-1, 0] split first */
	w = bc_scalar_fork_width(&r[in->dst_reg], op, &k);
	if (w)
		bc_scalar_fork_set(&r[in->dst_reg], w, true);
	if (in->code & BPF_X && in->src_reg == in->dst_reg)
		k = r[in->src_reg];
	bc_scalar_alu(&r[in->dst_reg], &k, op, alu32, in->off);
}

/* "scalar(id=3,smin=..)" -> "scalar(smin=..)"; "Pscalar" -> "scalar". */
static void normalise(char *v)
{
	char *p, *e;

	if (v[0] == 'P')
		memmove(v, v + 1, strlen(v));
	p = strstr(v, "id=");
	if (!p)
		return;
	e = p + strcspn(p, ",)");
	if (*e == ',')
		e++;
	memmove(p, e, strlen(e) + 1);
}

static void compare_one(int idx, int reg, char *val, const struct bc_scalar *r,
			const struct bpf_insn *prog)
{
	char mine[256];

	normalise(val);
	bc_scalar_fmt(&r[reg], mine, sizeof(mine));
	compared++;
	if (strcmp(mine, val) && getenv("PARITY_DUMP") &&
	    (!getenv("PARITY_INSN") || atoi(getenv("PARITY_INSN")) == idx))
		dump = true;
	if (strcmp(mine, val) && ++mismatches <= 15)
		fprintf(stderr,
			"insn %d (code %#x dst r%d src r%d off %d imm %d): R%d linux %s, bpfcheck %s\n",
			idx, prog[idx].code, prog[idx].dst_reg,
			prog[idx].src_reg, prog[idx].off, prog[idx].imm, reg,
			val, mine);
}

/* regs: "R2=scalar(..., var_off=(0x0; 0xff)) R3=5": split before " R<n>=". */
static void compare_line(int idx, const char *regs, const struct bc_scalar *r,
			 const struct bpf_insn *prog)
{
	char buf[4096];
	char *p = buf;

	snprintf(buf, sizeof(buf), "%s", regs);
	while (p && *p) {
		char *next = p, *eq;
		int reg;

		do {
			next = strstr(next + 1, " R");
		} while (next && !(next[2] >= '0' && next[2] <= '9'));
		if (next)
			*next++ = '\0';
		eq = strchr(p, '=');
		if (p[0] == 'R' && eq) {
			reg = atoi(p + 1);
			if (reg >= 2 && reg <= 9)
				compare_one(idx, reg, eq + 1, r, prog);
		}
		p = next;
	}
}

/* PARITY_TRACE=N: print bpfcheck's rN after every simulated insn. */
static void trace(int idx, const struct bc_scalar *r)
{
	const char *t = getenv("PARITY_TRACE");
	char buf[256];

	if (!t)
		return;
	bc_scalar_fmt(&r[atoi(t)], buf, sizeof(buf));
	fprintf(stderr, "  sim %d: r%s=%s\n", idx, t, buf);
}

static int run_one(void)
{
	struct bpf_insn prog[MAXI];
	struct bc_scalar regs[11];
	bool seen[MAXI] = { false };
	int n = 0, i, fd;
	char *line;
	LIBBPF_OPTS(bpf_prog_load_opts, o, .log_buf = logbuf,
		    .log_size = sizeof(logbuf), .log_level = 2);

	for (i = 2; i <= 5; i++)
		prog[n++] = mk(BPF_LDX | BPF_MEM | BPF_W, i, 1,
			       (int16_t)((i - 2) * 4), 0);
	for (i = 6; i <= 9; i++)
		prog[n++] = mk(BPF_ALU64 | BPF_MOV | BPF_K, i, 0, 0, rimm());
	no_moves = rnd() % 2;
	for (i = 0; i < NINSN; i++) {
		if (no_moves && rnd() % 4 == 0) {
			prog[n++] = rand_jmp();
			prog[n++] = mk(BPF_ALU64 | BPF_MOV | BPF_K, 0, 0, 0, 0);
			i++;
			continue;
		}
		prog[n++] = rand_alu();
	}
	prog[n++] = mk(BPF_ALU64 | BPF_MOV | BPF_K, 0, 0, 0, 0);
	prog[n++] = mk(BPF_JMP | BPF_EXIT, 0, 0, 0, 0);

	logbuf[0] = '\0';
	fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, "parity", "GPL", prog,
			   (size_t)n, &o);
	if (fd < 0) {
		if (errno == EPERM || errno == ENOSYS)
			return 77;
		fprintf(stderr, "load failed (%d): %.500s\n", errno, logbuf);
		mismatches++;
		return 1;
	}
	close(fd);

	/* Replay: each "N: (xx) ... ; R.. " line, first visit only. */
	for (i = 0; i < 11; i++)
		bc_scalar_unknown(&regs[i]);
	dead = false;
	line = logbuf;
	int next = 0;
	while (line && *line) {
		char *nl = strchr(line, '\n');
		int idx;
		char *semi;

		if (nl)
			*nl = '\0';
		if (sscanf(line, "%d: (", &idx) == 1 && strstr(line, ": (") &&
		    idx >= 0 && idx < n && !seen[idx]) {
			seen[idx] = true;
			while (next <= idx && next < n - 2)
				sim(&prog[next++], regs), trace(next - 1, regs);
			semi = strstr(line, " ; ");
			if (semi && !dead)
				compare_line(idx, semi + 3, regs, prog);
		}
		line = nl ? nl + 1 : NULL;
	}
	if (dump) {
		FILE *f = fopen(getenv("PARITY_DUMP"), "w");

		for (line = logbuf; line < logbuf + sizeof(logbuf) - 1 && *line;
		     line += strlen(line) + 1)
			fprintf(f, "%s\n", line);
		fclose(f);
		exit(1);
	}
	return 0;
}

int main(int argc, char **argv)
{
	long progs = argc > 1 ? atol(argv[1]) : 2000;
	long i;

	rng ^= argc > 2 ? strtoull(argv[2], NULL, 0) * 0x100000001b3ULL : 1;
	for (i = 0; i < progs; i++) {
		int rc = run_one();

		if (rc == 77) {
			printf("SKIP: bpf(BPF_PROG_LOAD) not permitted here (needs root and a kernel with BPF)\n");
			return 77;
		}
	}
	printf("kernel parity: %ld programs, %llu register states compared, %llu differ\n",
	       progs, compared, mismatches);
	return mismatches ? 1 : 0;
}
