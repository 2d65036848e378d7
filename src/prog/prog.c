// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The object model's bookkeeping: programs, maps, kernel symbols. */
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "isa/insn.h"
#include "platform/kbtf.h"
#include "platform/kconfig.h"
#include "prog/prog.h"

struct bc_prog *bc_object_add_prog(struct bc_object *obj)
{
	struct bc_prog *p;

	obj->progs = bc_xrealloc(obj->progs,
				 (obj->prog_cnt + 1) * sizeof(*obj->progs));
	p = &obj->progs[obj->prog_cnt++];
	memset(p, 0, sizeof(*p));
	p->obj = obj;
	return p;
}

struct bc_map *bc_object_add_map(struct bc_object *obj)
{
	struct bc_map *m;

	obj->maps =
		bc_xrealloc(obj->maps, (obj->map_cnt + 1) * sizeof(*obj->maps));
	m = &obj->maps[obj->map_cnt++];
	memset(m, 0, sizeof(*m));
	m->inner_map = -1;
	m->sec_idx = -1;
	m->lock_off = -1;
	m->timer_off = -1;
	return m;
}

void bc_prog_collect_maps(struct bc_prog *prog)
{
	uint32_t i, j, n = 0;

	free(prog->maps_used);
	prog->maps_used = NULL;
	prog->maps_used_cnt = 0;
	for (i = 0; i + 1 < prog->insn_cnt; i++) {
		const struct bpf_insn *in = &prog->insns[i];

		if (!bc_is_lddw(in))
			continue;
		if (in->src_reg == BPF_PSEUDO_MAP_IDX ||
		    in->src_reg == BPF_PSEUDO_MAP_IDX_VALUE) {
			uint32_t idx = (uint32_t)in->imm;

			for (j = 0; j < n; j++)
				if (prog->maps_used[j] == idx)
					break;
			if (j == n) {
				prog->maps_used =
					bc_xrealloc(prog->maps_used,
						    (n + 1) * sizeof(uint32_t));
				prog->maps_used[n++] = idx;
			}
		}
		i++;
	}
	prog->maps_used_cnt = n;
}

uint32_t bc_object_ksym(struct bc_object *obj, const char *name, uint8_t kind)
{
	uint32_t i;

	for (i = 0; i < obj->ksym_cnt; i++)
		if (!strcmp(obj->ksyms[i], name))
			return i;
	obj->ksyms = bc_xrealloc(obj->ksyms, (i + 1) * sizeof(*obj->ksyms));
	obj->ksym_kind = bc_xrealloc(obj->ksym_kind, i + 1);
	obj->ksyms[i] = bc_xstrdup(name);
	obj->ksym_kind[i] = kind;
	obj->ksym_cnt = i + 1;
	return i;
}

const char *bc_object_ksym_name(const struct bc_object *obj, int64_t idx)
{
	if (idx < 0 || idx >= obj->ksym_cnt)
		return NULL;
	return obj->ksyms[idx];
}

void bc_object_free(struct bc_object *obj)
{
	uint32_t i, j;

	if (!obj)
		return;
	bc_kernel_btf_free(obj->kbtf_owned);
	bc_kconfig_free(obj->kconfig_owned);
	for (i = 0; i < obj->prog_cnt; i++) {
		struct bc_prog *p = &obj->progs[i];

		free(p->name);
		free(p->section);
		free(p->st_ops);
		free(p->st_member);
		free(p->insns);
		free(p->lines);
		for (j = 0; j < p->core_fail_cnt; j++)
			free(p->core_fails[j].why);
		free(p->core_fails);
		for (j = 0; j < p->func_cnt; j++)
			free(p->funcs[j].name);
		free(p->funcs);
		free(p->maps_used);
		free(p->result);
	}
	free(obj->progs);
	for (i = 0; i < obj->map_cnt; i++) {
		free(obj->maps[i].name);
		free(obj->maps[i].init);
	}
	free(obj->maps);
	btf__free(obj->btf);
	for (i = 0; i < obj->ksym_cnt; i++)
		free(obj->ksyms[i]);
	free(obj->ksyms);
	free(obj->ksym_kind);
	free(obj->ksym_btf_id);
	free(obj->license);
	for (uint32_t i = 0; i < obj->extern_cnt; i++) {
		free(obj->externs[i].name);
		free(obj->externs[i].value);
		free(obj->externs[i].from);
	}
	free(obj->externs);
	free(obj->path);
	free(obj);
}

const char *bc_maptype_name(uint32_t type)
{
	const char *s = libbpf_bpf_map_type_str(type);

	if (!s && type == BC_MAP_TYPE_ARENA) /* a libbpf older than 1.4 */
		return "arena";
	return s ? s : "unknown";
}
