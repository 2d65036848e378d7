// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Linking compared with libbpf: load objects with libbpf (needs root and
 * bpf()), then compare each program's final instructions with ours.
 * Map loads are compared by what they point at (libbpf puts map fds where
 * we put map indices). Every object must be accepted by the kernel (the
 * examples included); skips (77) when the kernel loads none of them.
 * Usage: test_vs_libbpf [OBJ...]
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "isa/insn.h"
#include "load/load.h"
#include "prog/prog.h"

static int failures, compared, rejected;

static int quiet(enum libbpf_print_level l __attribute__((unused)),
		 const char *f __attribute__((unused)),
		 va_list ap __attribute__((unused)))
{
	return 0;
}

/* value_size of the libbpf map with this fd, or -1. */
static long fd_value_size(struct bpf_object *lo, int fd)
{
	struct bpf_map *m;

	bpf_object__for_each_map(m, lo) if (bpf_map__fd(m) ==
					    fd) return bpf_map__value_size(m);
	return -1;
}

static void compare(const char *path, struct bpf_object *lo,
		    struct bpf_program *lp, const struct bc_prog *p)
{
	const struct bpf_insn *li = bpf_program__insns(lp);
	size_t n = bpf_program__insn_cnt(lp), i;

	if (n != p->insn_cnt) {
		fprintf(stderr, "%s: %s: libbpf has %zu insns, we have %u\n",
			path, p->name, n, p->insn_cnt);
		failures++;
		return;
	}
	for (i = 0; i < n; i++) {
		const struct bpf_insn *a = &li[i], *b = &p->insns[i];
		bool same;

		if (bc_is_lddw(a) && (a->src_reg == BPF_PSEUDO_MAP_FD ||
				      a->src_reg == BPF_PSEUDO_MAP_VALUE)) {
			const struct bc_map *m =
				(uint32_t)b->imm < p->obj->map_cnt ?
					&p->obj->maps[b->imm] :
					NULL;

			same = m &&
			       b->src_reg ==
				       (a->src_reg == BPF_PSEUDO_MAP_FD ?
						BPF_PSEUDO_MAP_IDX :
						BPF_PSEUDO_MAP_IDX_VALUE) &&
			       fd_value_size(lo, a->imm) == m->value_size &&
			       a[1].imm == b[1].imm;
			i++;
		} else {
			same = !memcmp(a, b, sizeof(*a));
		}
		if (!same) {
			fprintf(stderr,
				"%s: %s insn %zu: libbpf %02x %u %u %d %d, we %02x %u %u %d %d\n",
				path, p->name, i, a->code, a->dst_reg,
				a->src_reg, a->off, a->imm, b->code, b->dst_reg,
				b->src_reg, b->off, b->imm);
			failures++;
			return;
		}
	}
	compared++;
}

static int check(const char *path)
{
	struct bpf_object *lo;
	struct bpf_program *lp;
	struct bc_object *o;
	struct bc_err err;
	uint32_t i;

	lo = bpf_object__open_file(path, NULL);
	if (!lo) {
		fprintf(stderr, "%s: libbpf cannot open it\n", path);
		return 1;
	}
	if (bpf_object__load(lo)) {
		printf("%s: the kernel rejected it or cannot load programs\n",
		       path);
		rejected++;
		bpf_object__close(lo);
		return 0;
	}
	bc_err_init(&err);
	if (bc_object_open(path, NULL, &o, &err)) {
		fprintf(stderr, "%s\n", err.msg);
		bpf_object__close(lo);
		return 1;
	}
	bpf_object__for_each_program(lp, lo)
	{
		for (i = 0; i < o->prog_cnt; i++)
			if (!strcmp(o->progs[i].name, bpf_program__name(lp)))
				break;
		if (i == o->prog_cnt) {
			fprintf(stderr, "%s: we miss program %s\n", path,
				bpf_program__name(lp));
			failures++;
			continue;
		}
		compare(path, lo, lp, &o->progs[i]);
	}
	bc_object_free(o);
	bpf_object__close(lo);
	return 0;
}

static const char *defaults[] = {
	LOAD_OBJDIR "/subprogs.O1.o",	 LOAD_OBJDIR "/subprogs.O2.o",
	LOAD_OBJDIR "/subprogs.O3.o",	 LOAD_OBJDIR "/subprogs.v3.o",
	LOAD_OBJDIR "/btf_maps.O2.o",	 LOAD_OBJDIR "/global_data.O2.o",
	LOAD_OBJDIR "/global_data.v3.o", LOAD_OBJDIR "/kconfig.O2.o",
	LOAD_OBJDIR "/kconfig.v3.o",	 EXAMPLES_DIR "/xdp_parser.o",
	EXAMPLES_DIR "/bounded_loop.o",	 EXAMPLES_DIR "/tc_classifier.o",
	EXAMPLES_DIR "/exec_ringbuf.o",	 EXAMPLES_DIR "/socket_filter.o",
};

int main(int argc, char **argv)
{
	const char *const *files = (const char *const *)argv + 1;
	int a, nfiles = argc - 1, bad = 0;

	if (argc < 2) {
		files = defaults;
		nfiles = sizeof(defaults) / sizeof(defaults[0]);
	}
	if (geteuid() != 0) {
		printf("skipped: loading with libbpf needs root\n");
		return 77;
	}
	libbpf_set_print(quiet);
	for (a = 0; a < nfiles; a++)
		bad |= check(files[a]);
	printf("%d programs identical to libbpf's linking, %d differ, %d objects rejected by the kernel\n",
	       compared, failures, rejected);
	if (!compared && !failures && !bad) {
		printf("skipped: the kernel loaded none of the objects\n");
		return 77;
	}
	/* where bpf() works, every object (examples included) must load */
	return failures || bad || rejected ? 1 : 0;
}
