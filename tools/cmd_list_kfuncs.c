// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * bpfcheck list --kfuncs [--btf FILE]: the kfuncs the target kernel's BTF
 * declares (a FUNC with the DECL_TAG "bpf_kfunc") and what bpfcheck
 * knows of each:
 *
 *   NAME              ID     FLAGS        SET                      STATUS
 *   bpf_iter_num_new  63668  KF_ITER_NEW  common_btf_ids (common)  modelled
 *
 * then a line with the counts.
 */
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "cli.h"
#include "platform/kfuncs.h"

#define DEFAULT_BTF "/sys/kernel/btf/vmlinux"

struct kfunc_row {
	const char *name;
	uint32_t id;
	const struct bc_kfunc *k;
};

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct kfunc_row *)a)->name,
		      ((const struct kfunc_row *)b)->name);
}

/* The FUNCs a "bpf_kfunc" DECL_TAG names, sorted, each once. */
static struct kfunc_row *kfunc_rows(const struct btf *btf, size_t *cnt)
{
	uint32_t n = btf__type_cnt(btf);
	struct kfunc_row *rows = bc_xcalloc(n, sizeof(*rows));
	size_t c = 0;

	for (uint32_t id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		const struct btf_type *f;

		if (!btf_is_decl_tag(t) ||
		    btf_decl_tag(t)->component_idx != -1 ||
		    strcmp(btf__name_by_offset(btf, t->name_off), "bpf_kfunc"))
			continue;
		f = btf__type_by_id(btf, t->type);
		if (!f || !btf_is_func(f))
			continue;
		rows[c].name = btf__name_by_offset(btf, f->name_off);
		rows[c].id = t->type;
		rows[c].k = bc_kfunc_find(rows[c].name);
		c++;
	}
	qsort(rows, c, sizeof(*rows), by_name);
	*cnt = 0;
	for (size_t i = 0; i < c; i++)
		if (!*cnt || strcmp(rows[*cnt - 1].name, rows[i].name))
			rows[(*cnt)++] = rows[i];
	return rows;
}

static int max_int(int a, int b)
{
	return a > b ? a : b;
}

static const char *status_of(const struct bc_kfunc *k)
{
	return !k     ? "unknown to bpfcheck" :
	       k->why ? "not modelled" :
			"modelled";
}

static void print_text(const struct kfunc_row *rows, size_t cnt)
{
	char fl[160], hooks[160], set[240];
	int wn = 4, wf = 5, ws = 3;

	for (size_t i = 0; i < cnt; i++) {
		const struct bc_kfunc *k = rows[i].k;

		wn = max_int(wn, (int)strlen(rows[i].name));
		if (!k)
			continue;
		bc_kfunc_flags_str(k->flags, fl, sizeof(fl));
		bc_kfunc_hooks_str(k, hooks, sizeof(hooks));
		snprintf(set, sizeof(set), "%s (%s)", bc_kfunc_set_name(k),
			 hooks);
		wf = max_int(wf, (int)strlen(fl));
		ws = max_int(ws, (int)strlen(set));
	}
	printf("%-*s  %6s  %-*s  %-*s  %s\n", wn, "NAME", "ID", wf, "FLAGS", ws,
	       "SET", "STATUS");
	for (size_t i = 0; i < cnt; i++) {
		const struct bc_kfunc *k = rows[i].k;

		snprintf(fl, sizeof(fl), "-");
		snprintf(set, sizeof(set), "-");
		if (k) {
			bc_kfunc_flags_str(k->flags, fl, sizeof(fl));
			bc_kfunc_hooks_str(k, hooks, sizeof(hooks));
			snprintf(set, sizeof(set), "%s (%s)",
				 bc_kfunc_set_name(k), hooks);
		}
		printf("%-*s  %6u  %-*s  %-*s  %s%s%s\n", wn, rows[i].name,
		       rows[i].id, wf, fl, ws, set, status_of(k),
		       k && k->why ? ": " : "", k && k->why ? k->why : "");
	}
}

static void print_json(const struct kfunc_row *rows, size_t cnt)
{
	char fl[160], hooks[160];

	printf("{\"kfuncs\":[");
	for (size_t i = 0; i < cnt; i++) {
		const struct bc_kfunc *k = rows[i].k;

		printf("%s{\"name\":", i ? "," : "");
		cli_json_str(stdout, rows[i].name);
		printf(",\"btf_id\":%u,\"status\":\"%s\"", rows[i].id,
		       !k     ? "unknown" :
		       k->why ? "not modelled" :
				"modelled");
		if (k) {
			bc_kfunc_flags_str(k->flags, fl, sizeof(fl));
			bc_kfunc_hooks_str(k, hooks, sizeof(hooks));
			printf(",\"flags\":\"%s\",\"set\":\"%s\",\"hooks\":",
			       fl, bc_kfunc_set_name(k));
			cli_json_str(stdout, hooks);
		}
		if (k && k->why) {
			printf(",\"reason\":");
			cli_json_str(stdout, k->why);
		}
		putchar('}');
	}
	printf("]");
}

int cmd_list_kfuncs(const struct cli_input *in, bool json)
{
	const char *path = in->btf ? in->btf : DEFAULT_BTF;
	size_t cnt, modelled = 0, unknown = 0;
	struct kfunc_row *rows;
	struct btf *btf;

	if (!*path)
		return cli_usage_error("list",
				       "--kfuncs needs a BTF (--btf FILE)");
	btf = btf__parse(path, NULL);
	if (!btf) {
		cli_error("%s: cannot read BTF", path);
		return EXIT_BADINPUT;
	}
	rows = kfunc_rows(btf, &cnt);
	for (size_t i = 0; i < cnt; i++) {
		modelled += rows[i].k && !rows[i].k->why;
		unknown += !rows[i].k;
	}
	if (json) {
		print_json(rows, cnt);
		printf(",\"total\":%zu,\"modelled\":%zu,\"not_modelled\":%zu,"
		       "\"unknown\":%zu}\n",
		       cnt, modelled, cnt - modelled - unknown, unknown);
	} else {
		print_text(rows, cnt);
		printf("kfuncs: modelled %zu of %zu, not modelled %zu, unknown "
		       "to bpfcheck %zu\n",
		       modelled, cnt, cnt - modelled - unknown, unknown);
	}
	free(rows);
	btf__free(btf);
	return 0;
}
