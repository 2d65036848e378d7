// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * soundness: random programs (gen.c) verified by bpfcheck, the accepted
 * ones run in the interpreter under the soundness oracle (oracle.h).
 *
 *   soundness [-n N] [-k K] [-s SEED] [--save DIR] [--show I]
 *             [--budget N] [--kernel] [-v]
 *
 * Every program is verified twice: (a) as a loader would, precision
 * tracking on (scalars no safety check depends on are ignored when
 * pruning): the verdict under test; (b) with claims recorded for the
 * oracle, which implies precision off. When (a) accepts, each input runs
 * in the interpreter, under the oracle with (b)'s claims when (b) accepted
 * too, else with the interpreter's own checks only.
 *
 * Prints "generated G  accepted A  rejected R  executions E  violations V"
 * (accepted/rejected: verdict (a)), then the precision figures
 * ("precision: accepted-on N  accepted-off M  on-only K (R resource)
 * off-only J  mismatches X" and the processed instructions of both
 * searches), skipped runs, time and a per-feature breakdown. A violation
 * is a run of an accepted program that faults (memory outside a region,
 * an oracle claim miss, the instruction limit), or that executes more
 * instructions than the verifier's worst-case bound; or a verdict
 * mismatch: (a) accepts while (b) rejects for a reason other than a
 * resource limit (the instruction budget, the jump stack), i.e. pruning
 * on an imprecise scalar skipped a path with an error. Runs stopped by a
 * helper the interpreter lacks are skipped. Program I and input J depend
 * only on (SEED, I, J), so a violation reproduces with --show I; --save
 * writes DIR/viol_SEED_I_J.s (a run) or viol_SEED_I_verdict.s (a
 * mismatch, with input 0's arguments), each with its replay command.
 * (The interpreter zeroes stacks and tracks no initialisation, so an
 * uninitialised read is no fault there; the claims cover it when (b)
 * accepted.)
 *
 * With --kernel, the running kernel is a second oracle (kernel_oracle.h):
 * each program is also loaded with bpf(BPF_PROG_LOAD), with a log when
 * (a) accepted (to tell why Linux rejects). An accept by (a) that Linux
 * rejects for safety is a violation (viol_SEED_I_kernel.s) unless
 * bpfcheck --linux-compat rejects it too: then a rule Linux lacks decided
 * the accept, and bpfcheck says Linux would reject (beyond-linux, counted
 * apart). A rejection for a complexity limit is no violation either
 * (bpfcheck proves loops terminate where Linux walks their iterations, and
 * Linux's budget is 1,000,000). Prints "kernel: loaded L
 * both-accept ...", then the most frequent messages of (a)'s rejections
 * of programs Linux accepts (false rejects, one by one with -v). Kernel
 * errors (a load failing before verifying) are told apart only for
 * programs (a) accepted, and map creation. Without a usable bpf() (not
 * root, a trivial program refused), it says why and runs without it.
 *
 * Exit: 0 no violation, 1 violations (or a generated program that did not
 * assemble: a generator bug), 2 bad usage.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "gen.h"
#include "interp/interp.h"
#include "kernel_oracle.h"
#include "interp/oracle.h"
#include "load/load.h"
#include "prog/prog.h"
#include "search/verify.h"

#define RUN_LIMIT 10000000ull
#define MAX_PKT	  320
#define MAX_SETS  64
#define TOP_MSGS  5

struct opts {
	uint64_t n, k, seed, budget;
	const char *save;
	bool verbose, kernel;
	int64_t show;
};

struct stats {
	uint64_t generated, accepted, rejected, executions, violations;
	uint64_t skipped, asm_errors, verify_errors, long_runs, insns;
	/* precision: verdicts of both searches, processed insns of each */
	uint64_t acc_on, acc_off, on_only, on_only_res, off_only, mismatches;
	uint64_t proc_on, proc_off;
	/* violations by kind */
	uint64_t v_fault, v_claim, v_bound;
	uint64_t feat_gen[GF_NFEAT], feat_acc[GF_NFEAT], feat_viol[GF_NFEAT];
	/* --kernel: verdicts of (a) against Linux's */
	uint64_t k_loaded, k_both_acc, k_both_rej, k_unsafe, k_predicted;
	uint64_t k_limit, k_false_rej, k_errors;
	struct tally *false_rej; /* (a)'s messages, false rejects */
	size_t nfalse_rej;
};

/* A message, its numbers elided, and how often it came. */
struct tally {
	char msg[200];
	uint64_t n, first; /* first: the first program that gave it */
};

/* One map entry written before a run. */
struct set {
	int map;
	uint32_t key;
	uint8_t val[128];
};

struct input {
	uint8_t pkt[MAX_PKT];
	size_t len;
	struct set sets[MAX_SETS];
	int nsets;
	uint64_t seed;
};

static uint64_t mix(uint64_t a, uint64_t b)
{
	struct gen_rng r;

	gen_seed(&r, a ^ (b * 0xd1b54a32d192ed03ull));
	return gen_next(&r);
}

static uint64_t now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000 + (uint64_t)ts.tv_nsec / 1000;
}

/* ---- inputs ---- */

static uint32_t value_word(struct gen_rng *r)
{
	static const uint32_t v[] = { 0,	  1,	     2,	     7,
				      8,	  15,	     16,     31,
				      32,	  63,	     64,     0x7f,
				      0x80,	  0xff,	     0xffff, 0x7fffffff,
				      0x80000000, 0xffffffff };

	switch (gen_below(r, 3)) {
	case 0: return (uint32_t)gen_next(r);
	case 1: return (uint32_t)gen_below(r, 100);
	default: return v[gen_below(r, sizeof(v) / sizeof(v[0]))];
	}
}

static void make_input(const struct gen_prog *p, struct gen_rng *r,
		       struct input *in)
{
	int k = (int)gen_below(r, 20), i;

	if (k < 6 && p->nhints)
		in->len = p->hints[gen_below(r, p->nhints)];
	else if (k == 6)
		in->len = 0;
	else if (k == 7)
		in->len = 14;
	else
		in->len = gen_below(r, 301);
	if (in->len > MAX_PKT)
		in->len = MAX_PKT;
	k = (int)gen_below(r, 6);
	for (size_t j = 0; j < in->len; j++)
		in->pkt[j] = k == 0 ? 0 :
			     k == 1 ? 0xff :
			     k == 2 ? (uint8_t)gen_below(r, 4) :
				      (uint8_t)gen_next(r);
	in->nsets = 0;
	for (i = 0; i < p->nmaps; i++) {
		const struct gen_map *m = &p->maps[i];
		uint32_t nk = m->type == BPF_MAP_TYPE_ARRAY ?
				      m->max_entries :
				      (uint32_t)p->nkeys;

		for (uint32_t j = 0; j < nk && in->nsets < MAX_SETS; j++) {
			struct set *s = &in->sets[in->nsets];
			uint32_t key =
				m->type == BPF_MAP_TYPE_ARRAY ? j : p->keys[j];

			if (gen_below(r, 100) < 25) /* absent or zero */
				continue;
			s->map = i;
			s->key = key;
			for (uint32_t b = 0; b < m->value_size; b += 4) {
				uint32_t w = value_word(r);

				memcpy(s->val + b, &w, 4);
			}
			in->nsets++;
		}
	}
	in->seed = gen_next(r);
}

/* ---- reporting ---- */

static void print_hex(FILE *f, const uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%02x", b[i]);
}

/* The bpfcheck run arguments that give this input. */
static void print_args(FILE *f, const struct gen_prog *p,
		       const struct input *in)
{
	fprintf(f, "--seed %" PRIu64, in->seed);
	if (p->type != BPF_PROG_TYPE_SOCKET_FILTER || in->len) {
		fprintf(f, " --packet-hex '");
		print_hex(f, in->pkt, in->len);
		fprintf(f, "'");
	}
	for (int i = 0; i < in->nsets; i++) {
		const struct set *s = &in->sets[i];

		fprintf(f, " --map %s=%u:hex:", p->maps[s->map].name, s->key);
		print_hex(f, s->val, p->maps[s->map].value_size);
	}
}

/*
 * The replay command: with --oracle (precision off, claims checked) when
 * the runs were checked against claims, else a plain run (the verdict
 * under test, precision on).
 */
static void print_replay(FILE *f, const struct gen_prog *p,
			 const struct input *in, const char *file, bool oracle)
{
	fprintf(f, "./build/bpfcheck run %s%s ", oracle ? "--oracle " : "",
		file);
	print_args(f, p, in);
	fprintf(f, "\n");
}

/*
 * Print a violation and save its reproducer as DIR/NAME.s. in: the input
 * of the run (for a verdict mismatch: input 0, so the file still has an
 * "; args:" line).
 */
static void report(const struct opts *o, uint64_t pi, const char *id,
		   const struct gen_prog *p, const struct input *in,
		   bool oracle, const char *msg)
{
	char name[80];

	snprintf(name, sizeof(name), "viol_%" PRIu64 "_%" PRIu64 "_%s", o->seed,
		 pi, id);
	printf("VIOLATION program %" PRIu64 " %s%s: %s\n", pi,
	       isdigit((unsigned char)id[0]) ? "input " : "", id, msg);
	printf("--- %s.s ---\n%s--- replay ---\n", name, p->text);
	print_replay(stdout, p, in, "FILE.s", oracle);
	if (o->save) {
		char path[4096];
		FILE *f;

		mkdir(o->save, 0777);
		snprintf(path, sizeof(path), "%s/%s.s", o->save, name);
		f = fopen(path, "w");
		if (!f) {
			fprintf(stderr, "soundness: %s: %s\n", path,
				strerror(errno));
			return;
		}
		fprintf(f,
			"; soundness -s %" PRIu64 " program %" PRIu64
			" %s%s\n; observed: %s\n; replay: ",
			o->seed, pi,
			isdigit((unsigned char)id[0]) ? "input " : "", id, msg);
		print_replay(f, p, in, path, oracle);
		fprintf(f, "; args: ");
		print_args(f, p, in);
		fprintf(f, "\n");
		fputs(p->text, f);
		fclose(f);
	}
	fflush(stdout);
}

/* Report a wrong verdict; its file has input 0's arguments. */
static void report_verdict(const struct opts *o, uint64_t pi, const char *id,
			   const struct gen_prog *gp, const char *msg)
{
	struct input in;
	struct gen_rng ir;

	gen_seed(&ir, mix(mix(o->seed, pi), 1));
	make_input(gp, &ir, &in);
	report(o, pi, id, gp, &in, false, msg);
}

/* ---- one program ---- */

/*
 * May a run of this program legitimately pass RUN_LIMIT instructions? When
 * the worst-case bound says so, or when there is no bound but a loop was
 * proven to run more than RUN_LIMIT / 16 times (its bound overflowed: a
 * counter stepping towards 2^63, say).
 */
static bool long_ok(const struct bc_verify_result *vr)
{
	if (vr->has_worst_case)
		return vr->worst_case_insns > RUN_LIMIT;
	return vr->loops_proven && vr->max_trip > RUN_LIMIT / 16;
}

static int run_one(struct bc_object *obj, const struct bc_prog *p,
		   const struct gen_prog *gp, struct bc_claims *claims,
		   const struct input *in, const struct bc_verify_result *vr,
		   char *msg, size_t msglen, uint64_t *insns)
{
	struct bc_oracle orc = { .prog = p, .claims = claims };
	struct bc_vm_opts vo = { .insn_limit = RUN_LIMIT,
				 .seed = in->seed,
				 .fixed_time = true };
	struct bc_run_input ri = { .packet = in->pkt, .packet_len = in->len };
	struct bc_run_result res = { 0 };
	struct bc_rtmaps *maps = NULL;
	struct bc_vm *vm;
	struct bc_err err;
	int rc = 0, r;

	bc_err_init(&err);
	if (bc_rtmaps_new(obj, &maps, &err)) {
		snprintf(msg, msglen, "maps: %s", err.msg);
		return 2;
	}
	for (int i = 0; i < in->nsets; i++) {
		const struct set *s = &in->sets[i];
		struct bc_rtmap *m =
			bc_rtmaps_find(maps, gp->maps[s->map].name);

		if (m)
			bc_rtmap_update(m, &s->key, s->val, BPF_ANY);
	}
	if (claims) {
		vo.hook = bc_oracle_hook;
		vo.hook_arg = &orc;
	}
	vm = bc_vm_new(obj, maps, &vo);
	bc_err_init(&err);
	r = bc_vm_run(vm, p, &ri, &res, &err);
	*insns = res.insns;
	if (r) {
		snprintf(msg, msglen, "%s", err.msg);
		if (strstr(err.msg, "is not supported by the interpreter"))
			rc = 2;
		else if (strstr(err.msg, "instruction limit") && long_ok(vr))
			rc = 3; /* a legitimately long run */
		else
			rc = 1;
	} else if (!bc_oracle_bound_ok(&res, vr->has_worst_case,
				       vr->worst_case_insns)) {
		snprintf(msg, msglen,
			 "executed %" PRIu64 " instructions, more "
			 "than the verifier's worst-case bound of %" PRIu64,
			 res.insns, vr->worst_case_insns);
		rc = 1;
	}
	bc_run_result_free(&res);
	bc_vm_free(vm);
	bc_rtmaps_free(maps);
	return rc;
}

static void feat_count(uint64_t *c, uint32_t f)
{
	for (int i = 0; i < GF_NFEAT; i++)
		if (f & (1u << i))
			c[i]++;
}

/* A rejection for a resource limit, not for an unsafe instruction. */
static bool resource_limit(const char *msg)
{
	return strstr(msg, "BPF program is too large") ||
	       strstr(msg, "is too complex");
}

/* Returns < 0 on an internal verifier error (reported, counted). */
static int verify_one(const struct opts *o, uint64_t pi,
		      const struct bc_prog *p, struct bc_claims *claims,
		      struct bc_verify_result *vr, struct stats *st)
{
	struct bc_verify_opts vo = { .insn_budget = o->budget };

	if (claims) {
		vo.claims = claims;
		vo.no_precision = true;
	}
	memset(vr, 0, sizeof(*vr));
	if (bc_verify(p, &vo, vr) < 0) {
		st->verify_errors++;
		printf("VERIFY ERROR program %" PRIu64 " (precision %s): %s\n",
		       pi, claims ? "off" : "on", vr->error);
		vr->accepted = false;
		return -1;
	}
	return 0;
}

static void verdict_str(const struct bc_verify_result *vr, char *buf,
			size_t len)
{
	if (vr->accepted)
		snprintf(buf, len, "accepted");
	else if (vr->error_insn >= 0)
		snprintf(buf, len, "insn %lld: %s", (long long)vr->error_insn,
			 vr->error);
	else
		snprintf(buf, len, "%s", vr->error);
}

/*
 * Compare the verdicts: precision on (va, the verdict under test) and off
 * (vb). True for a mismatch (a accepted what b rejected, not for a
 * resource limit).
 */
static bool compare(uint64_t pi, const struct bc_verify_result *va,
		    const struct bc_verify_result *vb, struct stats *st,
		    char *msg, size_t len)
{
	char eb[600];

	st->acc_on += va->accepted;
	st->acc_off += vb->accepted;
	st->proc_on += va->processed_insns;
	st->proc_off += vb->processed_insns;
	if (va->accepted == vb->accepted)
		return false;
	if (!va->accepted) {
		verdict_str(va, eb, sizeof(eb));
		st->off_only++;
		printf("NOTE program %" PRIu64 ": rejected with precision on "
		       "(%s), accepted with it off\n",
		       pi, eb);
		return false;
	}
	st->on_only++;
	if (resource_limit(vb->error)) {
		st->on_only_res++;
		return false;
	}
	verdict_str(vb, eb, sizeof(eb));
	snprintf(msg, len,
		 "accepted with precision on (%" PRIu64 " insns "
		 "processed), rejected with it off: %s",
		 va->processed_insns, eb);
	return true;
}

/* msg with each number as N, so that messages differing in them group. */
static void elide_numbers(const char *msg, char *out, size_t len)
{
	size_t j = 0;

	while (*msg && j + 1 < len) {
		if (!isdigit((unsigned char)*msg)) {
			out[j++] = *msg++;
			continue;
		}
		if (msg[0] == '0' && msg[1] == 'x')
			for (msg += 2; isxdigit((unsigned char)*msg); msg++)
				;
		else
			while (isdigit((unsigned char)*msg))
				msg++;
		out[j++] = 'N';
	}
	out[j] = 0;
}

static void tally_add(struct stats *st, uint64_t pi, const char *msg)
{
	struct tally *t = st->false_rej;
	char key[sizeof(t->msg)];

	elide_numbers(msg, key, sizeof(key));
	for (size_t i = 0; i < st->nfalse_rej; i++) {
		if (!strcmp(t[i].msg, key)) {
			t[i].n++;
			return;
		}
	}
	t = realloc(t, (st->nfalse_rej + 1) * sizeof(*t));
	if (!t)
		return;
	st->false_rej = t;
	t += st->nfalse_rej++;
	memcpy(t->msg, key, sizeof(key));
	t->n = 1;
	t->first = pi;
}

/*
 * Does bpfcheck itself say Linux rejects p (--linux-compat: Linux's rules
 * and limits)? Then an accept by a rule Linux lacks (a packet range kept
 * across a variable offset, a loop proof) explains Linux's rejection.
 */
static bool predicted(const struct bc_prog *p, char *why, size_t len)
{
	struct bc_verify_opts vo = { .linux_compat = true };
	struct bc_verify_result r;

	if (bc_verify(p, &vo, &r) < 0 || r.accepted)
		return false;
	verdict_str(&r, why, len);
	return true;
}

/*
 * Compare (a)'s verdict with Linux's (asked why it rejects only when (a)
 * accepted). True for a violation: (a) accepted what Linux rejects for
 * safety (msg says why, and whether bpfcheck predicts it).
 */
static bool kernel_compare(const struct opts *o, uint64_t pi,
			   const struct bc_prog *p,
			   const struct bc_verify_result *va, struct stats *st,
			   char *msg, size_t len)
{
	char km[300], lc[300];
	enum kernel_verdict kv = kernel_verify(p, va->accepted, km, sizeof(km));

	st->k_loaded++;
	if (kv == KERNEL_ERROR) {
		st->k_errors++;
		if (o->verbose || st->k_errors == 1)
			printf("KERNEL ERROR program %" PRIu64 ": %s\n", pi,
			       km);
		return false;
	}
	if (kv == KERNEL_ACCEPT) {
		if (va->accepted) {
			st->k_both_acc++;
			return false;
		}
		st->k_false_rej++;
		tally_add(st, pi, va->error);
		if (o->verbose)
			printf("FALSE REJECT program %" PRIu64 ": Linux "
			       "accepts, bpfcheck: %s\n",
			       pi, va->error);
		return false;
	}
	if (!va->accepted) {
		st->k_both_rej++;
		return false;
	}
	if (kv == KERNEL_LIMIT) {
		st->k_limit++;
		if (o->verbose)
			printf("NOTE program %" PRIu64 ": accepted, Linux hits "
			       "a limit: %s\n",
			       pi, km);
		return false;
	}
	/* a rule Linux lacks, and bpfcheck says Linux rejects: by design */
	if (predicted(p, lc, sizeof(lc))) {
		st->k_predicted++;
		if (o->verbose)
			printf("NOTE program %" PRIu64
			       ": accepted beyond Linux, "
			       "which rejects as predicted: %s\n",
			       pi, km);
		return false;
	}
	st->k_unsafe++;
	snprintf(msg, len,
		 "accepted by bpfcheck (%" PRIu64 " insns processed),"
		 " and by bpfcheck --linux-compat; rejected by Linux: %s",
		 va->processed_insns, km);
	return true;
}

static int one_program(const struct opts *o, uint64_t pi, struct gen_prog *gp,
		       struct stats *st)
{
	struct bc_open_opts oo = { .kind = BC_INPUT_ASM };
	struct bc_verify_result va, vb;
	struct bc_object *obj = NULL;
	struct bc_claims *claims;
	const struct bc_prog *p;
	struct gen_rng r;
	struct bc_err err;
	bool viol = false, ierr;
	char msg[800];

	gen_seed(&r, mix(o->seed, pi));
	gen_program(&r, gp);
	st->generated++;
	feat_count(st->feat_gen, gp->features);
	bc_err_init(&err);
	if (bc_object_open_mem("gen", (const uint8_t *)gp->text, gp->len, &oo,
			       &obj, &err)) {
		st->asm_errors++;
		printf("GENERATOR BUG program %" PRIu64 ": %s\n%s", pi, err.msg,
		       gp->text);
		return 1;
	}
	p = &obj->progs[0];
	claims = bc_claims_new(p->insn_cnt);
	ierr = verify_one(o, pi, p, NULL, &va, st) < 0;
	ierr |= verify_one(o, pi, p, claims, &vb, st) < 0;
	if (o->verbose) {
		char ea[600], eb[600];

		verdict_str(&va, ea, sizeof(ea));
		verdict_str(&vb, eb, sizeof(eb));
		printf("program %" PRIu64 ": %u insns; precision on: %" PRIu64
		       " us, %" PRIu64 " processed, %s; off: %" PRIu64
		       " us, %" PRIu64 " processed, %s; features",
		       pi, p->insn_cnt, (uint64_t)va.duration_us,
		       va.processed_insns, ea, (uint64_t)vb.duration_us,
		       vb.processed_insns, eb);
		for (int i = 0; i < GF_NFEAT; i++)
			if (gp->features & (1u << i))
				printf(" %s", gen_feature_names[i]);
		printf("\n");
	}
	if (compare(pi, &va, &vb, st, msg, sizeof(msg)) && !ierr) {
		st->violations++;
		st->mismatches++;
		viol = true;
		report_verdict(o, pi, "verdict", gp, msg);
	}
	if (o->kernel && !ierr &&
	    kernel_compare(o, pi, p, &va, st, msg, sizeof(msg))) {
		st->violations++;
		viol = true;
		report_verdict(o, pi, "kernel", gp, msg);
	}
	if (!va.accepted) {
		st->rejected++;
		goto out;
	}
	st->accepted++;
	feat_count(st->feat_acc, gp->features);
	for (uint64_t ii = 0; ii < o->k; ii++) {
		struct input in;
		struct gen_rng ir;
		uint64_t insns = 0;
		char id[24];
		int rc;

		gen_seed(&ir, mix(mix(o->seed, pi), ii + 1));
		make_input(gp, &ir, &in);
		rc = run_one(obj, p, gp, vb.accepted ? claims : NULL, &in, &va,
			     msg, sizeof(msg), &insns);
		st->insns += insns;
		if (rc == 2 || rc == 3) {
			st->skipped++;
			st->long_runs += rc == 3;
			continue;
		}
		st->executions++;
		if (rc == 1) {
			st->violations++;
			if (strstr(msg, "oracle:"))
				st->v_claim++;
			else if (strstr(msg, "worst-case bound"))
				st->v_bound++;
			else
				st->v_fault++;
			viol = true;
			snprintf(id, sizeof(id), "%" PRIu64, ii);
			report(o, pi, id, gp, &in, vb.accepted, msg);
		}
	}
out:
	if (viol)
		feat_count(st->feat_viol, gp->features);
	bc_claims_free(claims);
	bc_object_free(obj);
	return 0;
}

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: soundness [-n N] [-k K] [-s SEED] [--save DIR] [--show I]\n"
		"                 [--budget N] [--kernel] [-v]\n"
		"  -n N        programs to generate (default 100000)\n"
		"  -k K        random inputs per accepted program (default 10)\n"
		"  -s SEED     seed (default 1)\n"
		"  --save DIR  write each violation's reproducer to DIR\n"
		"  --show I    print program I of this seed and exit\n"
		"  --budget N  verifier instruction budget (default 200000; Linux\n"
		"              has 1000000, which costs seconds per program)\n"
		"  --kernel    also load each program into the running kernel:\n"
		"              an accept Linux rejects for safety is a violation\n"
		"  -v          one line per program\n");
}

static int parse_num(const char *s, uint64_t *v)
{
	char *e;

	errno = 0;
	*v = strtoull(s, &e, 0);
	return (e == s || *e || errno || *s == '-') ? -1 : 0;
}

static int parse(int argc, char **argv, struct opts *o)
{
	static const struct option lo[] = {
		{ "save", required_argument, NULL, 'S' },
		{ "show", required_argument, NULL, 'P' },
		{ "budget", required_argument, NULL, 'B' },
		{ "kernel", no_argument, NULL, 'K' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	uint64_t v;
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, "n:k:s:vh", lo, NULL)) != -1) {
		switch (c) {
		case 'n':
		case 'k':
		case 's':
		case 'P':
		case 'B':
			if (parse_num(optarg, &v)) {
				fprintf(stderr,
					"soundness: -%c: '%s' is not a number\n",
					c, optarg);
				return 2;
			}
			if (c == 'n')
				o->n = v;
			else if (c == 'k')
				o->k = v;
			else if (c == 's')
				o->seed = v;
			else if (c == 'B')
				o->budget = v;
			else
				o->show = (int64_t)v;
			break;
		case 'S': o->save = optarg; break;
		case 'v': o->verbose = true; break;
		case 'K': o->kernel = true; break;
		case 'h': usage(stdout); return -1;
		default:
			fprintf(stderr, "soundness: unknown option '%s'\n",
				argv[optind - 1]);
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc) {
		fprintf(stderr, "soundness: unexpected argument '%s'\n",
			argv[optind]);
		return 2;
	}
	return 0;
}

static int by_count(const void *a, const void *b)
{
	const struct tally *x = a, *y = b;

	if (x->n != y->n)
		return x->n < y->n ? 1 : -1;
	return x->first < y->first ? -1 : x->first > y->first;
}

static void print_false_rejects(struct stats *st)
{
	size_t n = st->nfalse_rej < TOP_MSGS ? st->nfalse_rej : TOP_MSGS;

	qsort(st->false_rej, st->nfalse_rej, sizeof(*st->false_rej), by_count);
	printf("false rejects by bpfcheck message (top %zu of %zu):\n", n,
	       st->nfalse_rej);
	for (size_t i = 0; i < n; i++)
		printf("  %7" PRIu64 "  %s  (first: program %" PRIu64 ")\n",
		       st->false_rej[i].n, st->false_rej[i].msg,
		       st->false_rej[i].first);
}

static void print_stats(struct stats *st, uint64_t us, bool kernel)
{
	double s = us / 1e6;

	printf("generated %" PRIu64 "  accepted %" PRIu64 "  rejected %" PRIu64
	       "  executions %" PRIu64 "  violations %" PRIu64 "\n",
	       st->generated, st->accepted, st->rejected, st->executions,
	       st->violations);
	printf("precision: accepted-on %" PRIu64 "  accepted-off %" PRIu64
	       "  on-only %" PRIu64 " (%" PRIu64 " resource)  off-only %" PRIu64
	       "  mismatches %" PRIu64 "\n",
	       st->acc_on, st->acc_off, st->on_only, st->on_only_res,
	       st->off_only, st->mismatches);
	printf("processed insns: precision on %" PRIu64 "  off %" PRIu64
	       "  (on/off %.3f)\n",
	       st->proc_on, st->proc_off,
	       st->proc_off ? (double)st->proc_on / st->proc_off : 0.0);
	printf("violations by kind: faults %" PRIu64 "  claim misses %" PRIu64
	       "  over bound %" PRIu64 "  verdict mismatches %" PRIu64 "\n",
	       st->v_fault, st->v_claim, st->v_bound, st->mismatches);
	if (kernel)
		printf("kernel: loaded %" PRIu64 "  both-accept %" PRIu64
		       "  both-reject %" PRIu64 "  accept-unsafe %" PRIu64
		       " (violations)  beyond-linux %" PRIu64 " (predicted by "
		       "--linux-compat)  accept-limit %" PRIu64
		       "  false-rejects %" PRIu64 "  errors %" PRIu64 "\n",
		       st->k_loaded, st->k_both_acc, st->k_both_rej,
		       st->k_unsafe, st->k_predicted, st->k_limit,
		       st->k_false_rej, st->k_errors);
	printf("skipped runs %" PRIu64 " (%" PRIu64
	       " long)  generator errors %" PRIu64 "  verifier errors %" PRIu64
	       "  insns executed %" PRIu64 "\n",
	       st->skipped, st->long_runs, st->asm_errors, st->verify_errors,
	       st->insns);
	printf("time %.1f s  %.0f programs/s\n", s,
	       s > 0 ? st->generated / s : 0.0);
	printf("feature     generated  accepted  violating\n");
	for (int i = 0; i < GF_NFEAT; i++)
		printf("  %-9s %9" PRIu64 " %9" PRIu64 " %10" PRIu64 "\n",
		       gen_feature_names[i], st->feat_gen[i], st->feat_acc[i],
		       st->feat_viol[i]);
	if (kernel)
		print_false_rejects(st);
}

int main(int argc, char **argv)
{
	struct opts o = {
		.n = 100000, .k = 10, .seed = 1, .show = -1, .budget = 200000
	};
	struct gen_prog gp = { 0 };
	struct stats st = { 0 };
	uint64_t t0;
	int rc = parse(argc, argv, &o), bad = 0;

	if (rc)
		return rc < 0 ? 0 : rc;
	if (o.show >= 0) {
		struct gen_rng r;

		gen_seed(&r, mix(o.seed, (uint64_t)o.show));
		gen_program(&r, &gp);
		fputs(gp.text, stdout);
		gen_prog_free(&gp);
		return 0;
	}
	if (o.kernel) {
		char why[200];

		if (!kernel_usable(why, sizeof(why))) {
			printf("--kernel: bpf() is not usable (%s): running "
			       "without the kernel oracle\n",
			       why);
			o.kernel = false;
		}
	}
	t0 = now_us();
	for (uint64_t i = 0; i < o.n; i++)
		bad |= one_program(&o, i, &gp, &st);
	print_stats(&st, now_us() - t0, o.kernel);
	gen_prog_free(&gp);
	free(st.false_rej);
	return st.violations || bad ? 1 : 0;
}
