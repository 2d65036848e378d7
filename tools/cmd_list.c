// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * bpfcheck list: the programs (and with --maps, the maps) of each file.
 *
 *   SECTION  NAME       TYPE  INSNS  MAPS
 *   xdp      xdp_parse  xdp      42  counters,.rodata
 *
 * Columns are aligned per file; INSNS counts the linked program (with the
 * subprograms it calls); MAPS is "-" when the program uses none.
 */
#include <stdlib.h>
#include <string.h>

#include <bpf/libbpf.h>

#include "cli.h"

enum { OPT_JSON = OPT_CMD_BASE, OPT_MAPS, OPT_KFUNCS, OPT_HELP };

static const struct option list_opts[] = {
	CLI_INPUT_OPTIONS,
	{ "json", no_argument, NULL, OPT_JSON },
	{ "maps", no_argument, NULL, OPT_MAPS },
	{ "kfuncs", no_argument, NULL, OPT_KFUNCS },
	{ "help", no_argument, NULL, OPT_HELP },
	{ NULL, 0, NULL, 0 },
};

static void help(void)
{
	printf("Usage: bpfcheck list [OPTIONS] FILE...\n"
	       "       bpfcheck list --kfuncs [--btf FILE] [--json]\n\n"
	       "List the programs in each FILE: section, function name, program type,\n"
	       "instruction count (after linking subprograms) and the maps it uses.\n\n"
	       "Options:\n"
	       "  --maps           also list the maps of each file\n"
	       "  --kfuncs         list the kfuncs the target BTF declares (no FILE):\n"
	       "                   BTF id, flags, id set, whether bpfcheck models them\n"
	       "  --json           print one JSON document instead of tables\n" CLI_INPUT_HELP
	       "  --help           show this help\n\n"
	       "Exit status: 0 success, 2 bad input or usage.\n");
}

static const char *origin_name(enum bc_map_origin o)
{
	switch (o) {
	case BC_MAP_LEGACY: return "legacy";
	case BC_MAP_IPROUTE2: return "iproute2";
	case BC_MAP_BTF: return "btf";
	case BC_MAP_GLOBAL: return "data";
	default: return "asm";
	}
}

/* "a,b,c" of the maps a program uses, or "-". Caller frees. */
static char *maps_str(const struct bc_prog *p)
{
	size_t len = 2, i;
	char *s;

	for (i = 0; i < p->maps_used_cnt; i++)
		len += strlen(p->obj->maps[p->maps_used[i]].name) + 1;
	s = bc_xcalloc(1, len);
	for (i = 0; i < p->maps_used_cnt; i++) {
		if (i)
			strcat(s, ",");
		strcat(s, p->obj->maps[p->maps_used[i]].name);
	}
	if (!p->maps_used_cnt)
		strcpy(s, "-");
	return s;
}

/*
 * The TYPE column: the program type, and for a struct_ops program the
 * member it fills ("struct_ops tcp_congestion_ops.init").
 */
static const char *type_str(const struct bc_prog *p, char *buf, size_t len)
{
	if (!p->st_ops)
		return bc_progtype_name(p->type);
	snprintf(buf, len, "%s %s.%s", bc_progtype_name(p->type), p->st_ops,
		 p->st_member);
	return buf;
}

static int width(int w, const char *s)
{
	int n = strlen(s);

	return n > w ? n : w;
}

static void print_progs(const struct bc_object *o, const struct cli_input *in)
{
	int ws = 7, wn = 4, wt = 4;
	char tb[320];
	uint32_t i;

	for (i = 0; i < o->prog_cnt; i++) {
		const struct bc_prog *p = &o->progs[i];

		if (!cli_selected(in, o->path, p->name, p->section))
			continue;
		ws = width(ws, p->section);
		wn = width(wn, p->name);
		wt = width(wt, type_str(p, tb, sizeof(tb)));
	}
	printf("%-*s  %-*s  %-*s  %5s  %s\n", ws, "SECTION", wn, "NAME", wt,
	       "TYPE", "INSNS", "MAPS");
	for (i = 0; i < o->prog_cnt; i++) {
		const struct bc_prog *p = &o->progs[i];
		char *m;

		if (!cli_selected(in, o->path, p->name, p->section))
			continue;
		m = maps_str(p);
		printf("%-*s  %-*s  %-*s  %5u  %s\n", ws, p->section, wn,
		       p->name, wt, type_str(p, tb, sizeof(tb)), p->insn_cnt,
		       m);
		free(m);
	}
	for (i = 0; i < o->prog_cnt; i++)
		if (cli_selected(in, o->path, o->progs[i].name,
				 o->progs[i].section) &&
		    o->progs[i].is_static)
			printf("note: %s is a static function: libbpf will not "
			       "load it (iproute2 and cilium/ebpf do)\n",
			       o->progs[i].name);
	for (i = 0; i < o->prog_cnt; i++)
		if (cli_selected(in, o->path, o->progs[i].name,
				 o->progs[i].section) &&
		    o->progs[i].type == BPF_PROG_TYPE_STRUCT_OPS &&
		    !o->progs[i].st_ops)
			printf("note: %s is a struct_ops program no .struct_ops "
			       "map uses: libbpf will not load it\n",
			       o->progs[i].name);
}

static void print_maps(const struct bc_object *o)
{
	int wn = 3, wt = 4;
	uint32_t i;

	if (!o->map_cnt) {
		printf("no maps\n");
		return;
	}
	for (i = 0; i < o->map_cnt; i++) {
		wn = width(wn, o->maps[i].name);
		wt = width(wt, bc_maptype_name(o->maps[i].type));
	}
	printf("%-*s  %-*s  %4s  %6s  %8s  %6s  %-8s  %s\n", wn, "MAP", wt,
	       "TYPE", "KEY", "VALUE", "MAX", "FLAGS", "ORIGIN", "INNER");
	for (i = 0; i < o->map_cnt; i++) {
		const struct bc_map *m = &o->maps[i];
		char fl[16];

		snprintf(fl, sizeof(fl), "0x%x", m->map_flags);
		printf("%-*s  %-*s  %4u  %6u  %8u  %6s  %-8s  %s\n", wn,
		       m->name, wt, bc_maptype_name(m->type), m->key_size,
		       m->value_size, m->max_entries, fl,
		       origin_name(m->origin),
		       m->inner_map >= 0 ? o->maps[m->inner_map].name : "-");
	}
}

static void json_prog(const struct bc_prog *p)
{
	const char *at;
	uint32_t i;

	printf("{\"section\":");
	cli_json_str(stdout, p->section);
	printf(",\"name\":");
	cli_json_str(stdout, p->name);
	printf(",\"type\":");
	cli_json_str(stdout, bc_progtype_name(p->type));
	at = p->attach_type_set ? libbpf_bpf_attach_type_str(p->attach_type) :
				  NULL;
	printf(",\"attach_type\":");
	if (at)
		cli_json_str(stdout, at);
	else
		printf("null");
	if (p->st_ops) {
		printf(",\"struct_ops\":{\"struct\":");
		cli_json_str(stdout, p->st_ops);
		printf(",\"member\":");
		cli_json_str(stdout, p->st_member);
		putchar('}');
	}
	printf(",\"insns\":%u,\"funcs\":[", p->insn_cnt);
	for (i = 0; i < p->func_cnt; i++) {
		printf("%s{\"name\":", i ? "," : "");
		cli_json_str(stdout, p->funcs[i].name);
		printf(",\"start\":%u,\"len\":%u}", p->funcs[i].start,
		       p->funcs[i].len);
	}
	printf("],\"maps\":[");
	for (i = 0; i < p->maps_used_cnt; i++) {
		if (i)
			putchar(',');
		cli_json_str(stdout, p->obj->maps[p->maps_used[i]].name);
	}
	printf("],\"line_info\":%s", p->lines ? "true" : "false");
	if (p->is_static)
		printf(",\"static\":true");
	putchar('}');
}

static void json_map(const struct bc_object *o, const struct bc_map *m)
{
	printf("{\"name\":");
	cli_json_str(stdout, m->name);
	printf(",\"type\":");
	cli_json_str(stdout, bc_maptype_name(m->type));
	printf(",\"key_size\":%u,\"value_size\":%u,\"max_entries\":%u,"
	       "\"flags\":%u,\"origin\":\"%s\"",
	       m->key_size, m->value_size, m->max_entries, m->map_flags,
	       origin_name(m->origin));
	if (m->origin == BC_MAP_IPROUTE2)
		printf(",\"id\":%u,\"pinning\":%u", m->id, m->pinning);
	printf(",\"inner\":");
	if (m->inner_map >= 0)
		cli_json_str(stdout, o->maps[m->inner_map].name);
	else
		printf("null");
	printf(",\"readonly\":%s}", m->readonly ? "true" : "false");
}

static void json_object(const struct bc_object *o, const struct cli_input *in)
{
	uint32_t i;
	bool first = true;

	printf("{\"file\":");
	cli_json_str(stdout, o->path);
	printf(",\"license\":");
	if (o->license)
		cli_json_str(stdout, o->license);
	else
		printf("null");
	printf(",\"programs\":[");
	for (i = 0; i < o->prog_cnt; i++) {
		if (!cli_selected(in, o->path, o->progs[i].name,
				  o->progs[i].section))
			continue;
		if (!first)
			putchar(',');
		first = false;
		json_prog(&o->progs[i]);
	}
	printf("],\"maps\":[");
	for (i = 0; i < o->map_cnt; i++) {
		if (i)
			putchar(',');
		json_map(o, &o->maps[i]);
	}
	printf("]}");
}

int cmd_list(int argc, char **argv)
{
	struct cli_input in = { 0 };
	bool json = false, maps = false, kfuncs = false, first = true;
	int c, i, rc = 0;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h" CLI_INPUT_SHORT, list_opts,
				NULL)) != -1) {
		if (cli_input_option(&in, c, optarg))
			continue;
		switch (c) {
		case OPT_JSON: json = true; break;
		case OPT_MAPS: maps = true; break;
		case OPT_KFUNCS: kfuncs = true; break;
		case 'h':
		case OPT_HELP: help(); return 0;
		default: return cli_usage_error("list", "bad option");
		}
	}
	if (kfuncs && optind < argc)
		return cli_usage_error("list", "--kfuncs takes no FILE");
	if (kfuncs)
		return cmd_list_kfuncs(&in, json);
	if (optind >= argc)
		return cli_usage_error("list", "no input file");
	if (json)
		printf("{\"files\":[");
	for (i = optind; i < argc; i++) {
		bool skipped = false;
		struct bpfcheck_object *h = cli_open(argv[i], &in, &skipped);
		struct bc_object *o = cli_model(h);

		if (!o) {
			rc = skipped ? rc : EXIT_BADINPUT;
			continue;
		}
		if (json) {
			if (!first)
				putchar(',');
			json_object(o, &in);
		} else {
			if (argc - optind > 1)
				printf("%s%s:\n", first ? "" : "\n", argv[i]);
			print_progs(o, &in);
			if (maps) {
				putchar('\n');
				print_maps(o);
			}
		}
		first = false;
		bpfcheck_object_close(h);
	}
	if (json)
		printf("]}\n");
	return rc;
}
