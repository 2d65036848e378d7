// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Loader unit test: opens the clang-compiled objects of tests/load/progs
 * (every optimisation variant) and checks maps, programs, linked
 * subprograms, relocated pseudo loads and source lines.
 * Usage: test_loader DIR (the directory holding NAME.{O1,O2,O3,v3}.o)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <elf.h>

#include "isa/insn.h"
#include "load/load.h"
#include "prog/prog.h"
#include "util/util.h"

static int failures;
static const char *cur;

#define CHECK(c)                                                               \
	do {                                                                   \
		if (!(c)) {                                                    \
			fprintf(stderr, "%s: %s:%d: check failed: %s\n", cur,  \
				__FILE__, __LINE__, #c);                       \
			failures++;                                            \
		}                                                              \
	} while (0)

static const struct bc_map *map(const struct bc_object *o, const char *n,
				int *idx)
{
	uint32_t i;

	for (i = 0; i < o->map_cnt; i++)
		if (!strcmp(o->maps[i].name, n)) {
			if (idx)
				*idx = i;
			return &o->maps[i];
		}
	fprintf(stderr, "%s: no map %s\n", cur, n);
	failures++;
	return NULL;
}

static const struct bc_prog *prog(const struct bc_object *o, const char *n)
{
	uint32_t i;

	for (i = 0; i < o->prog_cnt; i++)
		if (!strcmp(o->progs[i].name, n))
			return &o->progs[i];
	fprintf(stderr, "%s: no program %s\n", cur, n);
	failures++;
	return NULL;
}

static bool has_func(const struct bc_prog *p, const char *n)
{
	uint32_t i;

	for (i = 0; i < p->func_cnt; i++)
		if (!strcmp(p->funcs[i].name, n))
			return true;
	return false;
}

static bool uses_map(const struct bc_prog *p, int idx)
{
	uint32_t i;

	for (i = 0; i < p->maps_used_cnt; i++)
		if ((int)p->maps_used[i] == idx)
			return true;
	return false;
}

static bool is_func_start(const struct bc_prog *p, int64_t pc)
{
	uint32_t i;

	for (i = 0; i < p->func_cnt; i++)
		if (p->funcs[i].start == pc)
			return true;
	return false;
}

/* Invariants of every linked program. */
static void check_prog(const struct bc_prog *p)
{
	const struct bc_object *o = p->obj;
	struct bc_err err;
	uint32_t i, covered = 0;

	CHECK(p->func_cnt >= 1);
	CHECK(!strcmp(p->funcs[0].name, p->name));
	CHECK(p->funcs[0].start == 0);
	for (i = 0; i < p->func_cnt; i++) {
		CHECK(p->funcs[i].start == covered);
		covered += p->funcs[i].len;
	}
	CHECK(covered == p->insn_cnt);
	for (i = 0; i < p->insn_cnt; i++) {
		const struct bpf_insn *in = &p->insns[i];

		if (bc_is_pseudo_call(in) || bc_is_pseudo_func(in))
			CHECK(is_func_start(p, (int64_t)i + in->imm + 1));
		if (bc_is_lddw(in) &&
		    (in->src_reg == BPF_PSEUDO_MAP_IDX ||
		     in->src_reg == BPF_PSEUDO_MAP_IDX_VALUE)) {
			CHECK((uint32_t)in->imm < o->map_cnt);
			if (in->src_reg == BPF_PSEUDO_MAP_IDX_VALUE &&
			    (uint32_t)in->imm < o->map_cnt)
				CHECK((uint32_t)in[1].imm <
				      o->maps[in->imm].value_size);
		}
		if (bc_is_lddw(in))
			i++;
	}
	/* every instruction has a source line */
	CHECK(p->lines != NULL);
	for (i = 0; p->lines && i < p->insn_cnt; i++)
		if (!p->lines[i].file || !p->lines[i].line) {
			fprintf(stderr, "%s: %s insn %u: no line\n", cur,
				p->name, i);
			failures++;
			break;
		}
	bc_err_init(&err);
	if (bc_insn_check(p->insns, p->insn_cnt, &err)) {
		fprintf(stderr, "%s: %s: insn check: %s\n", cur, p->name,
			err.msg);
		failures++;
	}
}

static void t_legacy(const struct bc_object *o)
{
	const struct bc_map *m;
	const struct bc_prog *p;
	int pc, ph;
	uint32_t i;
	bool ldabs = false;

	CHECK(o->map_cnt == 2);
	m = map(o, "proto_count", &pc);
	if (m) {
		CHECK(m->origin == BC_MAP_LEGACY);
		CHECK(m->type == BPF_MAP_TYPE_ARRAY);
		CHECK(m->key_size == 4 && m->value_size == 8);
		CHECK(m->max_entries == 256 && m->map_flags == 0);
	}
	m = map(o, "pid_hash", &ph);
	if (m) {
		CHECK(m->type == BPF_MAP_TYPE_HASH);
		CHECK(m->max_entries == 1024);
		CHECK(m->map_flags == BPF_F_NO_PREALLOC);
	}
	CHECK(o->license && !strcmp(o->license, "GPL"));
	CHECK(o->kern_version == 0x060100);
	p = prog(o, "count_proto");
	if (p) {
		CHECK(!strcmp(p->section, "socket1"));
		CHECK(p->type == BPF_PROG_TYPE_SOCKET_FILTER);
		for (i = 0; i < p->insn_cnt; i++)
			if (p->insns[i].code == (BPF_LD | BPF_ABS | BPF_B))
				ldabs = true;
		CHECK(ldabs);
		CHECK(p->maps_used_cnt == 1 && uses_map(p, pc));
	}
	p = prog(o, "trace_write");
	if (p) {
		CHECK(p->type == BPF_PROG_TYPE_KPROBE);
		CHECK(p->maps_used_cnt == 1 && uses_map(p, ph));
	}
}

static void t_iproute2(const struct bc_object *o)
{
	const struct bc_map *m;
	const struct bc_prog *p;
	int inner, st;

	CHECK(o->map_cnt == 3);
	m = map(o, "map_inner", &inner);
	if (m) {
		CHECK(m->origin == BC_MAP_IPROUTE2);
		CHECK(m->id == 42 && m->pinning == 2);
	}
	m = map(o, "map_outer", NULL);
	if (m) {
		CHECK(m->type == BPF_MAP_TYPE_ARRAY_OF_MAPS);
		CHECK(m->inner_map == inner);
		CHECK(m->pinning == 2 && m->id == 0);
	}
	m = map(o, "stats", &st);
	if (m)
		CHECK(m->type == BPF_MAP_TYPE_PERCPU_ARRAY &&
		      m->max_entries == 2);
	p = prog(o, "cls_main");
	if (p)
		CHECK(p->type == BPF_PROG_TYPE_SCHED_CLS &&
		      p->maps_used_cnt == 2);
	p = prog(o, "act_main");
	if (p)
		CHECK(p->type == BPF_PROG_TYPE_SCHED_ACT && uses_map(p, st));
}

static void t_btf(const struct bc_object *o)
{
	const struct bc_map *m;
	const struct bc_prog *p;
	int inner;

	CHECK(o->map_cnt == 5);
	CHECK(o->btf != NULL);
	m = map(o, "flows", NULL);
	if (m) {
		CHECK(m->origin == BC_MAP_BTF && m->type == BPF_MAP_TYPE_HASH);
		CHECK(m->key_size == 16 && m->value_size == 16);
		CHECK(m->max_entries == 4096);
	}
	m = map(o, "events", NULL);
	if (m)
		CHECK(m->type == BPF_MAP_TYPE_RINGBUF &&
		      m->max_entries == 65536 && m->key_size == 0);
	map(o, "tables.inner", &inner);
	m = map(o, "tables", NULL);
	if (m) {
		CHECK(m->type == BPF_MAP_TYPE_ARRAY_OF_MAPS);
		CHECK(m->inner_map == inner);
		CHECK(m->key_size == 4 && m->max_entries == 4);
		CHECK(m->value_size == 4);
		m = &o->maps[inner];
		CHECK(m->type == BPF_MAP_TYPE_ARRAY && m->max_entries == 8);
		CHECK(m->key_size == 4 && m->value_size == 4);
	}
	p = prog(o, "on_exec");
	if (p) {
		CHECK(p->type == BPF_PROG_TYPE_TRACEPOINT);
		CHECK(!strcmp(p->section,
			      "tracepoint/sched/sched_process_exec"));
	}
	p = prog(o, "xdp_flows");
	if (p) {
		CHECK(p->type == BPF_PROG_TYPE_XDP);
		CHECK(p->attach_type_set && p->attach_type == BPF_XDP);
	}
}

static void t_global(const struct bc_object *o)
{
	const struct bc_map *m;
	const struct bc_prog *p;
	uint32_t v;
	uint64_t q;

	m = map(o, ".rodata", NULL);
	if (m) {
		CHECK(m->origin == BC_MAP_GLOBAL && m->readonly);
		CHECK(m->type == BPF_MAP_TYPE_ARRAY && m->max_entries == 1);
		CHECK(m->value_size == 20 && m->init_size == 20);
		memcpy(&v, m->init, 4);
		CHECK(v == 0xdead);
		memcpy(&v, m->init + 16, 4);
		CHECK(v == 8080);
	}
	m = map(o, ".data", NULL);
	if (m && m->init_size == 8) {
		memcpy(&q, m->init, 8);
		CHECK(q == 7 && !m->readonly);
	}
	m = map(o, ".bss", NULL);
	if (m) {
		CHECK(m->value_size == 16);
		memcpy(&q, m->init + 8, 8);
		CHECK(q == 0);
	}
	p = prog(o, "tc_mark");
	if (p) {
		CHECK(p->type == BPF_PROG_TYPE_SCHED_CLS);
		CHECK(p->maps_used_cnt == 3);
	}
	CHECK(o->license && !strcmp(o->license, "Dual BSD/GPL"));
}

static void t_subprogs(const struct bc_object *o)
{
	const struct bc_prog *p;
	uint32_t i, nfunc = 0;

	CHECK(o->prog_cnt == 3);
	p = prog(o, "xdp_count");
	if (p) {
		CHECK(!strcmp(p->section, "xdp"));
		CHECK(has_func(p, "bump") && has_func(p, "classify"));
		CHECK(!has_func(p, "loop_cb") && p->func_cnt == 3);
	}
	p = prog(o, "xdp_bucket");
	if (p) {
		CHECK(!strcmp(p->section, "xdp"));
		CHECK(has_func(p, "bump") && has_func(p, "global_len_bucket"));
		CHECK(p->func_cnt == 3);
	}
	p = prog(o, "tc_loop");
	if (p) {
		CHECK(has_func(p, "loop_cb") && has_func(p, "classify"));
		CHECK(p->func_cnt == 4);
		for (i = 0; i < p->insn_cnt; i++)
			nfunc += bc_is_pseudo_func(&p->insns[i]);
		CHECK(nfunc == 1);
		/* lines of appended subprograms come from their own source */
		for (i = 0; i < p->func_cnt; i++)
			if (!strcmp(p->funcs[i].name, "loop_cb") && p->lines)
				CHECK(p->lines[p->funcs[i].start].text &&
				      strstr(p->lines[p->funcs[i].start].text,
					     "sum"));
	}
}

static void t_samesec(const struct bc_object *o)
{
	const struct bc_prog *p;
	uint32_t i;

	CHECK(o->prog_cnt == 1);
	p = prog(o, "xdp_half");
	if (!p)
		return;
	CHECK(p->func_cnt == 2 && !strcmp(p->funcs[1].name, "half"));
	for (i = 0; i < p->insn_cnt; i++)
		if (bc_is_pseudo_call(&p->insns[i]))
			CHECK(i + p->insns[i].imm + 1 == p->funcs[1].start);
}

static void t_kconfig(const struct bc_object *o)
{
	const struct bc_map *m;
	const struct bc_prog *p;
	int ki, ri;

	m = map(o, ".kconfig", &ki);
	if (m) {
		/* CONFIG_HZ (8) at 0, LINUX_KERNEL_VERSION (4) at 8, bool at 12 */
		CHECK(m->value_size == 13 && m->readonly && !m->init);
		CHECK(m->map_flags == (BPF_F_MMAPABLE | BPF_F_RDONLY_PROG));
	}
	m = map(o, ".rodata", &ri);
	p = prog(o, "xdp_kconfig");
	if (p && m)
		CHECK(uses_map(p, ki) && uses_map(p, ri));
}

/* Static functions in program sections: programs unless a program calls them. */
static void t_static(const struct bc_object *o)
{
	const struct bc_prog *p;

	CHECK(o->prog_cnt == 3);
	p = prog(o, "entry");
	if (p)
		CHECK(!p->is_static && p->func_cnt == 2 &&
		      !strcmp(p->funcs[1].name, "mark"));
	p = prog(o, "tail_ipv4");
	if (p)
		CHECK(p->is_static && !strcmp(p->section, "2/7"));
	p = prog(o, "tail_ipv6");
	if (p)
		CHECK(p->is_static && !strcmp(p->section, "2/8"));
}

/* Code only in .text: one program entered at its first instruction. */
static void t_text_only(const struct bc_object *o)
{
	const struct bc_prog *p;

	CHECK(o->prog_cnt == 1);
	p = prog(o, "classify");
	if (p)
		CHECK(!strcmp(p->section, ".text") && p->func_cnt == 2 &&
		      !strcmp(p->funcs[1].name, "twice"));
}

static const struct {
	const char *name;
	void (*fn)(const struct bc_object *o);
} cases[] = {
	{ "legacy_maps", t_legacy },  { "iproute2_maps", t_iproute2 },
	{ "btf_maps", t_btf },	      { "global_data", t_global },
	{ "subprogs", t_subprogs },   { "samesec", t_samesec },
	{ "kconfig", t_kconfig },     { "static_progs", t_static },
	{ "text_only", t_text_only },
};

/*
 * e_machine: old LLVM wrote EM_NONE, which libbpf accepts; any other
 * machine is refused with a message naming it.
 */
static void check_machine(const char *dir)
{
	char path[4096];
	struct bc_object *o = NULL;
	struct bc_err err;
	uint8_t *data;
	size_t len;
	Elf64_Ehdr *eh;

	snprintf(path, sizeof(path), "%s/text_only.O2.o", dir);
	cur = path;
	bc_err_init(&err);
	if (bc_read_file(path, &data, &len, &err) || len < sizeof(*eh)) {
		fprintf(stderr, "%s: read failed: %s\n", path, err.msg);
		failures++;
		return;
	}
	eh = (Elf64_Ehdr *)data;
	eh->e_machine = EM_NONE;
	CHECK(bc_object_open_mem(path, data, len, NULL, &o, &err) == 0);
	bc_object_free(o);
	o = NULL;
	eh->e_machine = EM_X86_64;
	bc_err_init(&err);
	CHECK(bc_object_open_mem(path, data, len, NULL, &o, &err) < 0 &&
	      strstr(err.msg, "ELF machine is 62, not BPF (247)"));
	bc_object_free(o);
	free(data);
}

int main(int argc, char **argv)
{
	static const char *variants[] = { "O1", "O2", "O3", "v3" };
	char path[4096];
	size_t c, v;
	int n = 0;

	const char *dir = argc > 1 ? argv[1] : LOAD_OBJDIR;

	for (c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		for (v = 0; v < 4; v++) {
			struct bc_object *o;
			struct bc_err err;
			uint32_t i;

			snprintf(path, sizeof(path), "%s/%s.%s.o", dir,
				 cases[c].name, variants[v]);
			cur = path;
			bc_err_init(&err);
			if (bc_object_open(path, NULL, &o, &err)) {
				fprintf(stderr, "%s: open failed: %s\n", path,
					err.msg);
				failures++;
				continue;
			}
			for (i = 0; i < o->prog_cnt; i++)
				check_prog(&o->progs[i]);
			cases[c].fn(o);
			bc_object_free(o);
			n++;
		}
	}
	check_machine(dir);
	printf("%d objects checked, %d failures\n", n, failures);
	return failures ? 1 : 0;
}
