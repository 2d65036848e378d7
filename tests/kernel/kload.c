// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * kload: Linux's verdict on programs of an eBPF object.
 *
 *   kload [--unpriv] [--level1] [--log] [--stats] [--flags N] [--aux PROG]... [-v]
 *         FILE [PROG...]
 *
 * Loads each named program (every program when none is named) into the
 * running kernel with libbpf, one program per load (only that program has
 * autoload set), and prints one tab-separated line per program:
 *
 *   PROG  VERDICT  PROCESSED  USEC  LAST-LOG-LINE
 *
 * VERDICT is accept, reject (the verifier said no) or error (the load failed
 * before verification: bpf() unavailable, map creation, bad object).
 * PROCESSED and USEC come from the verifier's statistics ("processed N insns",
 * "verification time X usec"), -1 when absent. LAST-LOG-LINE is the last line
 * of the log that is not a statistics line (the error on rejection), from a
 * log-level-4 load (with --level1, from a second load at level 1|4, which
 * also prints the path; the last line is the same in practice).
 *
 * --unpriv drops CAP_PERFMON, CAP_SYS_ADMIN and CAP_NET_ADMIN (keeping
 * CAP_BPF) before loading, so the verifier applies its rules for loaders
 * without pointer-leak permission (allow_ptr_leaks, allow_uninit_stack and
 * bypass_spec_* are all off). Exit: 0 done, 2 bad usage or unreadable object,
 * 77 when bpf() is not available at all.
 *
 * --log prints, after each program's line, its whole log from a load at
 * level 1 (the path to the error, as the kernel keeps it), then "--".
 *
 * --stats prints, after each program's line, "#stats" and the verifier's
 * statistics lines of the first load (processed insns, states, verification
 * time, stack depth), tab-separated.
 *
 * --flags N ORs N into the program's load flags (BPF_F_STRICT_ALIGNMENT,
 * BPF_F_TEST_STATE_FREQ, ...); --aux PROG (repeatable) loads PROG along with
 * each named program, as the selftests' test_loader loads the programs it
 * marks __auxiliary (tail call targets placed in a program array). Only the
 * named program's log and verdict are reported.
 */
#include <errno.h>
#include <linux/capability.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#define LOG_SIZE (64u << 20)

static bool verbose;
static bool level1_always;
static bool print_log;
static bool print_stats;
static char *logbuf;
static unsigned extra_flags;
static const char **aux_names;
static int aux_count;

static bool is_aux(const char *name)
{
	for (int i = 0; i < aux_count; i++)
		if (!strcmp(aux_names[i], name))
			return true;
	return false;
}

static int print_fn(enum libbpf_print_level level, const char *fmt,
		    va_list ap)
{
	if (!verbose)
		return 0;
	return vfprintf(stderr, fmt, ap);
}

/* strerror that knows libbpf's own error codes (e.g. "not an ELF file"). */
static const char *errstr(int err)
{
	static char buf[128];

	if (libbpf_strerror(err, buf, sizeof(buf)))
		snprintf(buf, sizeof(buf), "%s", strerror(err));
	return buf;
}

static bool is_stats_line(const char *l)
{
	return !strncmp(l, "processed ", 10) ||
	       !strncmp(l, "verification time ", 18) ||
	       !strncmp(l, "stack depth ", 12) ||
	       !strncmp(l, "max_states_per_insn", 19) ||
	       !strncmp(l, "-- END PROG LOAD LOG --", 23) ||
	       !strncmp(l, "cur state:", 10) || !strncmp(l, "old state:", 10) ||
	       !strncmp(l, "; ", 2);	/* source line from BTF */
}

struct result {
	long processed;
	long usec;
	char last[512];
	char stats[1024];
};

/* The statistics lines ("processed ...", "verification time ...") of a log. */
static void add_stats(struct result *r, const char *line)
{
	size_t n = strlen(r->stats);

	if (strncmp(line, "processed ", 10) &&
	    strncmp(line, "verification time ", 18))
		return;
	snprintf(r->stats + n, sizeof(r->stats) - n, "\t%s", line);
}

static void parse_log(const char *log, struct result *r)
{
	const char *p = log;

	r->processed = -1;
	r->usec = -1;
	r->last[0] = 0;
	r->stats[0] = 0;
	while (*p) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		char line[512];

		if (n >= sizeof(line))
			n = sizeof(line) - 1;
		memcpy(line, p, n);
		line[n] = 0;
		/* The kernel sometimes ends a message without a newline. */
		{
			char *vt = strstr(line, "verification time ");

			if (vt && vt != line) {
				sscanf(vt, "verification time %ld usec", &r->usec);
				add_stats(r, vt);
				*vt = 0;
			}
		}
		sscanf(line, "processed %ld insns", &r->processed);
		sscanf(line, "verification time %ld usec", &r->usec);
		add_stats(r, line);
		if (n && !is_stats_line(line))
			snprintf(r->last, sizeof(r->last), "%s", line);
		p += n;
		while (*p && *p != '\n')
			p++;
		if (*p)
			p++;
	}
	for (char *c = r->last; *c; c++)
		if (*c == '\t')
			*c = ' ';
}

/* Load one program of FILE with the given log level; returns libbpf error. */
static int load_one(const char *file, const char *name, unsigned level,
		    struct result *r, bool *found)
{
	struct bpf_object *obj;
	struct bpf_program *p, *want = NULL;
	int err;

	obj = bpf_object__open_file(file, NULL);
	if (!obj)
		return -errno;
	bpf_object__for_each_program(p, obj) {
		bool me = !strcmp(bpf_program__name(p), name);

		bpf_program__set_autoload(p, me || is_aux(bpf_program__name(p)));
		if (me)
			want = p;
	}
	*found = want != NULL;
	if (!want) {
		bpf_object__close(obj);
		return -ENOENT;
	}
	logbuf[0] = 0;
	bpf_program__set_log_buf(want, logbuf, LOG_SIZE);
	bpf_program__set_log_level(want, level);
	if (extra_flags)
		bpf_program__set_flags(want,
				       bpf_program__flags(want) | extra_flags);
	err = bpf_object__load(obj);
	parse_log(logbuf, r);
	bpf_object__close(obj);
	return err;
}

static void report(const char *file, const char *name)
{
	struct result r;
	bool found;
	int err;

	err = load_one(file, name, 4, &r, &found);
	if (!found) {
		printf("%s\terror\t-1\t-1\tno program named %s in %s\n", name,
		       name, file);
		return;
	}
	if (!err) {
		printf("%s\taccept\t%ld\t%ld\t%s\n", name, r.processed, r.usec,
		       r.last);
		if (print_stats)
			printf("#stats%s\n", r.stats);
		return;
	}
	if (r.processed < 0 && !r.last[0]) {
		printf("%s\terror\t-1\t-1\t%s\n", name, errstr(-err));
		return;
	}
	/* Rejected: load again at level 1 when level 4 gave no message. */
	if (!r.last[0] || level1_always) {
		struct result r1;

		load_one(file, name, 1 | 4, &r1, &found);
		if (r1.last[0])
			memcpy(r.last, r1.last, sizeof(r.last));
	}
	printf("%s\treject\t%ld\t%ld\t%s\n", name, r.processed, r.usec, r.last);
	if (print_stats)
		printf("#stats%s\n", r.stats);
}

/* --log: the level-1 log of one more load, then "--". */
static void report_log(const char *file, const char *name)
{
	struct result r;
	bool found;

	load_one(file, name, 1, &r, &found);
	if (found)
		fputs(logbuf, stdout);
	puts("--");
}

/* libbpf may crash on odd objects: load each program in a child. */
static void isolated_report(const char *file, const char *name)
{
	int st;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		report(file, name);
		if (print_log)
			report_log(file, name);
		fflush(stdout);
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &st, 0) < 0) {
		printf("%s\terror\t-1\t-1\tfork failed\n", name);
		return;
	}
	if (!WIFEXITED(st))
		printf("%s\terror\t-1\t-1\tlibbpf crashed loading the object "
		       "(signal %d)\n", name, WTERMSIG(st));
}

static int drop_caps(void)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2];
	int drop[] = { CAP_PERFMON, CAP_SYS_ADMIN, CAP_NET_ADMIN };

	if (syscall(SYS_capget, &h, d))
		return -errno;
	for (unsigned i = 0; i < sizeof(drop) / sizeof(drop[0]); i++) {
		d[drop[i] / 32].effective &= ~(1u << (drop[i] % 32));
		d[drop[i] / 32].permitted &= ~(1u << (drop[i] % 32));
	}
	if (syscall(SYS_capset, &h, d))
		return -errno;
	return 0;
}

static int names_all(const char *file)
{
	struct bpf_object *obj = bpf_object__open_file(file, NULL);
	struct bpf_program *p;

	if (!obj) {
		fprintf(stderr, "kload: %s: %s\n", file, errstr(errno));
		return 2;
	}
	bpf_object__for_each_program(p, obj) {
		char *n = strdup(bpf_program__name(p));

		if (n) {
			isolated_report(file, n);
			free(n);
		}
	}
	bpf_object__close(obj);
	return 0;
}

int main(int argc, char **argv)
{
	bool unpriv = false;
	int i = 1, fd;

	aux_names = calloc(argc, sizeof(*aux_names));
	if (!aux_names)
		return 2;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--unpriv"))
			unpriv = true;
		else if (!strcmp(argv[i], "--level1"))
			level1_always = true;
		else if (!strcmp(argv[i], "--log"))
			print_log = true;
		else if (!strcmp(argv[i], "--stats"))
			print_stats = true;
		else if (!strcmp(argv[i], "-v"))
			verbose = true;
		else if (!strcmp(argv[i], "--flags") && i + 1 < argc)
			extra_flags = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--aux") && i + 1 < argc)
			aux_names[aux_count++] = argv[++i];
		else
			break;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: kload [--unpriv] [--level1] [--log] [--stats] [--flags N] "
				"[--aux PROG]... [-v] FILE [PROG...]\n");
		return 2;
	}
	libbpf_set_print(print_fn);
	/* Probe bpf(): an invalid map create gives EINVAL when it exists. */
	fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, NULL, 4, 4, 1, NULL);
	if (fd < 0 && (errno == ENOSYS || errno == EPERM)) {
		fprintf(stderr, "kload: bpf() unavailable: %s\n",
			strerror(errno));
		return 77;
	}
	if (fd >= 0)
		close(fd);
	if (unpriv && drop_caps()) {
		fprintf(stderr, "kload: cannot drop capabilities\n");
		return 2;
	}
	logbuf = malloc(LOG_SIZE);
	if (!logbuf)
		return 2;
	if (access(argv[i], R_OK)) {
		fprintf(stderr, "kload: %s: %s\n", argv[i], strerror(errno));
		return 2;
	}
	if (i + 1 == argc)
		return names_all(argv[i]);
	for (int j = i + 1; j < argc; j++)
		isolated_report(argv[i], argv[j]);
	free(logbuf);
	return 0;
}
