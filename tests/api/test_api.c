// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The public API (include/bpfcheck/bpfcheck.h), as an embedder uses it. */
#include <bpfcheck/bpfcheck.h>

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int fails;

#define CHECK(c)                                                               \
	do {                                                                   \
		if (!(c)) {                                                    \
			fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, \
				__LINE__, #c);                                 \
			fails++;                                               \
		}                                                              \
	} while (0)

/* The library's messages, kept for the checks. */
static char msgs[4096];

static int keep_msg(enum bpfcheck_print_level level, const char *fmt,
		    va_list ap)
{
	size_t n = strlen(msgs);

	if (level != BPFCHECK_WARN)
		return 0;
	return vsnprintf(msgs + n, sizeof(msgs) - n, fmt, ap);
}

static struct bpfcheck_object *open_obj(const char *path)
{
	struct bpfcheck_object *obj = NULL;

	msgs[0] = 0;
	if (bpfcheck_object_open(path, NULL, &obj) < 0) {
		fprintf(stderr, "%s", msgs);
		fails++;
		return NULL;
	}
	return obj;
}

/* examples/bounded_loop.o: accepted, its loop proven, bound 585 */
static void bounded_loop(const char *path)
{
	struct bpfcheck_object *obj = open_obj(path);
	struct bpfcheck_verdict v = { .sz = sizeof(v) };
	struct bpfcheck_prog *p;

	if (!obj)
		return;
	CHECK(bpfcheck_object_prog_count(obj) == 1);
	p = bpfcheck_object_prog(obj, 0);
	CHECK(!strcmp(bpfcheck_prog_name(p), "xdp_sum"));
	CHECK(!strcmp(bpfcheck_prog_type_name(p), "xdp"));
	CHECK(bpfcheck_verify(p, NULL, &v) == 0);
	CHECK(v.accepted);
	CHECK(!strcmp(v.error, "") && v.error_insn == -1);
	CHECK(v.loops_proven == 1 && v.max_trip == 64);
	CHECK(v.has_worst_case && v.worst_case_insns == 585);
	CHECK(v.path == NULL && v.path_len == 0);
	/* one pass over the body: far below the 585 of exploring each of
	 * the 64 iterations */
	CHECK(v.processed_insns > 0 && v.processed_insns < 150);
	CHECK(bpfcheck_verify(NULL, NULL, &v) == -EINVAL);
	CHECK(bpfcheck_verify(p, NULL, NULL) == -EINVAL);
	bpfcheck_object_close(obj);
}

/*
 * snd_oob_last's causal path: the counter's writes and the loop's test
 * that did not exit, in the order they ran, not the fault's own insn.
 */
static void causal_path(const struct bpfcheck_verdict *v)
{
	bool loop_test = false;

	CHECK(v->path != NULL && v->path_len > 0 && v->path_len <= 32);
	for (uint32_t i = 0; v->path && i < v->path_len; i++) {
		CHECK(v->path[i].insn != 4);
		CHECK(v->path[i].kind <= BPFCHECK_STEP_ENTRY);
		loop_test |= v->path[i].insn == 6 &&
			     v->path[i].kind == BPFCHECK_STEP_NOT_TAKEN;
	}
	CHECK(loop_test);
}

/* tests/corpus/loops_sound.c: a loop that never ends, and an unsafe one */
static void sound(const char *path)
{
	struct bpfcheck_object *obj = open_obj(path);
	BPFCHECK_OPTS(bpfcheck_verify_opts, o, .insn_budget = 100000);
	struct bpfcheck_verdict v = { .sz = sizeof(v) };
	struct bpfcheck_prog *p;

	if (!obj)
		return;
	p = bpfcheck_object_find_prog(obj, "snd_step2_odd_ne");
	CHECK(p != NULL);
	if (p) {
		CHECK(bpfcheck_verify(p, &o, &v) == 0);
		CHECK(!v.accepted);
		CHECK(!strcmp(
			v.error,
			"BPF program is too large. Processed 100001 insn"));
		CHECK(strstr(v.note,
			     "loop at insn 2: R1 steps by a constant "
			     "but its range at the header is not bounded "
			     "without wrap-around") != NULL);
		CHECK(!v.has_worst_case);
	}
	p = bpfcheck_object_find_prog(obj, "snd_oob_last");
	CHECK(p != NULL);
	if (p) {
		CHECK(bpfcheck_verify(p, NULL, &v) == 0);
		CHECK(!v.accepted);
		CHECK(!strcmp(v.error,
			      "invalid write to stack R2 off=0 size=1"));
		CHECK(v.error_insn == 4);
		CHECK(v.error_detail[0] == 0);
		causal_path(&v);
	}
	bpfcheck_object_close(obj);
}

/* Kernel profiles: the list, and a release older than the oldest. */
static void kernels(const struct bpfcheck_prog *p)
{
	BPFCHECK_OPTS(bpfcheck_verify_opts, o, .linux_compat = true);
	struct bpfcheck_verdict v = { .sz = sizeof(v) };
	bool measured = true;

	CHECK(!strcmp(bpfcheck_kernel_profile(0, &measured), "5.10"));
	CHECK(!strcmp(bpfcheck_kernel_profile(1, &measured), "5.15"));
	CHECK(!measured);
	CHECK(bpfcheck_kernel_profile(6, NULL) == NULL);
	o.kernel = "5.10.262";
	CHECK(bpfcheck_verify(p, &o, &v) == 0 && v.accepted);
	o.kernel = "4.19";
	CHECK(bpfcheck_verify(p, &o, &v) == -EINVAL);
}

/*
 * What Linux would answer: tests/corpus/loops_beyond.c's beyond_10m is
 * proven here and too large for Linux; bounded_loop.o loads in both.
 */
static void linux_verdicts(const char *beyond, const char *bounded)
{
	struct bpfcheck_object *obj = open_obj(beyond);
	BPFCHECK_OPTS(bpfcheck_verify_opts, o, .predict_linux = true);
	struct bpfcheck_verdict v = { .sz = sizeof(v) };
	struct bpfcheck_prog *p;

	if (!obj)
		return;
	p = bpfcheck_object_find_prog(obj, "beyond_10m");
	CHECK(p != NULL);
	if (p) {
		CHECK(bpfcheck_verify(p, NULL, &v) == 0 && v.accepted);
		CHECK(v.linux_verdict == BPFCHECK_LINUX_UNKNOWN);
		CHECK(bpfcheck_verify(p, &o, &v) == 0 && v.accepted);
		CHECK(v.linux_verdict == BPFCHECK_LINUX_REJECT);
		CHECK(!strcmp(v.linux_error, "BPF program is too large. "
					     "Processed 1000001 insn"));
		CHECK(v.linux_processed_insns == 1000001);
		o.predict_linux = false;
		o.linux_compat = true;
		CHECK(bpfcheck_verify(p, &o, &v) == 0 && !v.accepted);
		CHECK(!strcmp(v.error, v.linux_error));
		CHECK(v.linux_verdict == BPFCHECK_LINUX_REJECT);
		/* the runaway-loop cap: 10^7 rounds are over 1000 insns */
		o.linux_compat = false;
		o.max_worst_case = 1000;
		CHECK(bpfcheck_verify(p, &o, &v) == 0 && !v.accepted);
		CHECK(strstr(v.error,
			     "may run 10000000 times: at most 90000005 "
			     "insns in all, over the limit of 1000") != NULL);
		o.max_worst_case = 0;
	}
	bpfcheck_object_close(obj);
	obj = open_obj(bounded);
	if (!obj)
		return;
	o.linux_compat = false;
	o.predict_linux = true;
	CHECK(bpfcheck_verify(bpfcheck_object_prog(obj, 0), &o, &v) == 0);
	CHECK(v.accepted && v.linux_verdict == BPFCHECK_LINUX_ACCEPT);
	CHECK(v.linux_processed_insns > v.processed_insns);
	kernels(bpfcheck_object_prog(obj, 0));
	bpfcheck_object_close(obj);
}

/*
 * Sized structs: a result is written only up to the caller's sz; options
 * from a newer header pass while their unknown tail is zero; an sz that
 * is 0 or smaller than a size_t is refused, never read past.
 */
static void sizes(const char *path)
{
	struct bpfcheck_object *obj = open_obj(path);
	struct {
		struct bpfcheck_verify_opts o;
		uint64_t newer_field;
	} big = { .o.sz = sizeof(big) };
	struct bpfcheck_verify_opts zero = { .sz = 0 };
	size_t tiny = 3; /* the whole "options struct" of an old caller */
	struct bpfcheck_verdict v;
	struct bpfcheck_prog *p;
	size_t small = offsetof(struct bpfcheck_verdict, error);

	if (!obj)
		return;
	p = bpfcheck_object_prog(obj, 0);
	memset(&v, 0xa5, sizeof(v));
	v.sz = small;
	CHECK(bpfcheck_verify(p, NULL, &v) == 0);
	CHECK(v.sz == small && v.accepted);
	CHECK((uintptr_t)v.error == (uintptr_t)0xa5a5a5a5a5a5a5a5ull &&
	      v.processed_insns == 0xa5a5a5a5a5a5a5a5ull);
	v.sz = offsetof(struct bpfcheck_verdict, accepted);
	CHECK(bpfcheck_verify(p, NULL, &v) == -EINVAL);
	v.sz = sizeof(v);
	CHECK(bpfcheck_verify(p, &big.o, &v) == 0 && v.accepted);
	big.newer_field = 1;
	msgs[0] = 0;
	CHECK(bpfcheck_verify(p, &big.o, &v) == -EINVAL);
	CHECK(strstr(msgs, "non-zero bytes past") != NULL);
	msgs[0] = 0;
	CHECK(bpfcheck_verify(p, &zero, &v) == -EINVAL);
	CHECK(strstr(msgs, "sz is smaller than a size_t") != NULL);
	CHECK(bpfcheck_verify(p, (const void *)&tiny, &v) == -EINVAL);
	CHECK(!strcmp(bpfcheck_version_string(), BPFCHECK_VERSION));
	CHECK(bpfcheck_version_major() == BPFCHECK_VERSION_MAJOR &&
	      bpfcheck_version_minor() == BPFCHECK_VERSION_MINOR);
	bpfcheck_object_close(obj);
}

static bool readable(const char *path)
{
	FILE *f = fopen(path, "r");

	if (f)
		fclose(f);
	return f != NULL;
}

/*
 * The target kernel: its BTF is read when a program first needs it, and
 * one that cannot be read then fails that program's verification, saying
 * why; a program that needs none verifies without it; one target serves
 * several objects; "" means none, and a program with a typed context then
 * says it needs one (typed: the corpus's typed.vmlinux.o).
 */
static void targets(const char *plain, const char *typed)
{
	BPFCHECK_OPTS(bpfcheck_open_opts, oo,
		      .btf_path = "/nonexistent/vmlinux");
	BPFCHECK_OPTS(bpfcheck_target_opts, none, .btf_path = "",
		      .kconfig_path = "");
	struct bpfcheck_verdict v = { .sz = sizeof(v) };
	struct bpfcheck_target *t = NULL;
	struct bpfcheck_object *obj = NULL, *obj2 = NULL;
	struct bpfcheck_prog *p;

	CHECK(bpfcheck_object_open(plain, &oo, &obj) == 0 && obj);
	CHECK(obj &&
	      bpfcheck_verify(bpfcheck_object_prog(obj, 0), NULL, &v) == 0 &&
	      v.accepted);
	bpfcheck_object_close(obj);
	obj = NULL;
	if (typed && bpfcheck_object_open(typed, &oo, &obj) == 0) {
		p = bpfcheck_object_find_prog(obj, "task_fields");
		CHECK(p && bpfcheck_verify(p, NULL, &v) < 0 && !v.accepted &&
		      v.error &&
		      !strcmp(v.error, "/nonexistent/vmlinux: cannot read "
				       "kernel BTF: no such file"));
		bpfcheck_object_close(obj);
		obj = NULL;
	}
	CHECK(bpfcheck_target_open(&none, &t) == 0 && t);
	oo.btf_path = NULL;
	oo.target = t;
	CHECK(bpfcheck_object_open(plain, &oo, &obj) == 0);
	CHECK(bpfcheck_object_open(plain, &oo, &obj2) == 0);
	CHECK(obj &&
	      bpfcheck_verify(bpfcheck_object_prog(obj, 0), NULL, &v) == 0 &&
	      v.accepted);
	bpfcheck_object_close(obj);
	bpfcheck_object_close(obj2);
	obj = NULL;
	if (typed && bpfcheck_object_open(typed, &oo, &obj) == 0) {
		p = bpfcheck_object_find_prog(obj, "task_fields");
		CHECK(p && bpfcheck_verify(p, NULL, &v) == 0 && !v.accepted &&
		      strstr(v.error, "needs the target kernel's BTF"));
		CHECK(p && bpfcheck_prog_object(p) == obj);
		bpfcheck_object_close(obj);
		obj = open_obj(typed); /* the default target */
		p = obj ? bpfcheck_object_find_prog(obj, "task_fields") : NULL;
		CHECK(p && bpfcheck_verify(p, NULL, &v) == 0 && v.accepted);
		bpfcheck_object_close(obj);
	}
	bpfcheck_target_close(t);
}

int main(int argc, char **argv)
{
	struct bpfcheck_object *obj = NULL;

	if (argc != 4 && argc != 5) {
		fprintf(stderr, "usage: test_api bounded_loop.o loops_sound.o "
				"loops_beyond.o [typed.o]\n");
		return 2;
	}
	CHECK(bpfcheck_set_print(keep_msg) != NULL);
	bounded_loop(argv[1]);
	sound(argv[2]);
	sizes(argv[1]);
	linux_verdicts(argv[3], argv[1]);
	targets(argv[1], argc == 5 && readable(argv[4]) ? argv[4] : NULL);
	msgs[0] = 0;
	CHECK(bpfcheck_object_open("/nonexistent.o", NULL, &obj) < 0);
	CHECK(!strncmp(msgs, "/nonexistent.o: ", 16) && !strchr(msgs, '\n')[1]);
	CHECK(bpfcheck_set_print(NULL) == keep_msg);
	if (fails)
		fprintf(stderr, "%d checks failed\n", fails);
	else
		printf("api: all checks passed\n");
	return fails ? 1 : 0;
}
