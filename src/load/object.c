// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Opening inputs of every kind: ELF, raw instructions, assembly text. */
#define _GNU_SOURCE	/* memmem */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "asm/asm.h"
#include "isa/insn.h"
#include "load/load.h"
#include "platform/kbtf.h"

int bc_raw_open(const char *name, const uint8_t *data, size_t len,
		const struct bc_open_opts *opts, struct bc_object *obj,
		struct bc_err *err)
{
	struct bc_prog *p;
	uint32_t cnt;

	if (len == 0)
		return bc_errf(err, -1, EINVAL, "%s: empty program", name);
	if (len % sizeof(struct bpf_insn))
		return bc_errf(err, -1, EINVAL,
			       "%s: size %zu is not a multiple of 8 (instructions are 8 bytes)",
			       name, len);
	if (len / sizeof(struct bpf_insn) > BC_MAX_INSNS)
		return bc_errf(err, -1, E2BIG,
			       "%s: %zu instructions, more than the limit of %u",
			       name, len / sizeof(struct bpf_insn), BC_MAX_INSNS);
	cnt = len / sizeof(struct bpf_insn);
	p = bc_object_add_prog(obj);
	p->name = bc_xstrdup("prog");
	p->section = bc_xstrdup("raw");
	p->insns = bc_xmalloc(len);
	memcpy(p->insns, data, len);
	p->insn_cnt = cnt;
	p->funcs = bc_xcalloc(1, sizeof(*p->funcs));
	p->funcs[0].name = bc_xstrdup(p->name);
	p->funcs[0].len = cnt;
	p->func_cnt = 1;
	obj->license = bc_xstrdup("GPL");	/* as the asm loader's default */
	(void)opts;
	return 0;
}

static bool is_elf(const uint8_t *data, size_t len)
{
	return len >= 4 && data[0] == 0x7f && data[1] == 'E' &&
	       data[2] == 'L' && data[3] == 'F';
}

static int apply_type(struct bc_object *obj, const char *type,
		      struct bc_err *err)
{
	uint32_t t, a;
	bool aset;
	uint32_t i;

	if (!type)
		return 0;
	if (!bc_progtype_parse(type, &t, &a, &aset))
		return bc_errf(err, -1, EINVAL,
			       "unknown program type '%s' ('bpfcheck --help' lists them)",
			       type);
	for (i = 0; i < obj->prog_cnt; i++) {
		obj->progs[i].type = t;
		obj->progs[i].attach_type = a;
		obj->progs[i].attach_type_set = aset;
	}
	return 0;
}

/*
 * C source rather than assembly: named *.c or *.h, or holding a
 * preprocessor line or a SEC("...") use.
 */
static bool looks_like_c(const char *name, const char *s, size_t len)
{
	static const char *const marks[] = { "#include", "#define", "SEC(\"" };
	size_t i, n = len < 65536 ? len : 65536, nl = strlen(name);

	if (nl > 2 && name[nl - 2] == '.' &&
	    (name[nl - 1] == 'c' || name[nl - 1] == 'h'))
		return true;

	for (i = 0; i < BC_ARRAY_SIZE(marks); i++)
		if (memmem(s, n, marks[i], strlen(marks[i])))
			return true;
	return false;
}

/* Neither ELF nor text: a NUL or another control byte early on. */
static bool looks_binary(const uint8_t *d, size_t len)
{
	size_t i, n = len < 4096 ? len : 4096;

	for (i = 0; i < n; i++)
		if (d[i] < 0x20 && d[i] != '\n' && d[i] != '\t' &&
		    d[i] != '\r')
			return true;
	return false;
}

/*
 * Input that was taken for assembly because it is not ELF, and failed as
 * such: say what it looks like instead of the assembler's complaint.
 */
/* Each kernel function's id in the target kernel's BTF, for the logs. */
static void ksym_btf_ids(struct bc_object *obj)
{
	const struct btf *kbtf;

	if (!obj->ksym_cnt)
		return;
	kbtf = bc_kernel_btf_get(obj->kbtf, NULL);
	if (!kbtf)
		return;
	obj->ksym_btf_id = bc_xcalloc(obj->ksym_cnt, sizeof(uint32_t));
	for (uint32_t i = 0; i < obj->ksym_cnt; i++) {
		int id = btf__find_by_name_kind(kbtf, obj->ksyms[i],
						BTF_KIND_FUNC);

		obj->ksym_btf_id[i] = id > 0 ? (uint32_t)id : 0;
	}
}

static int explain_not_asm(const char *name, const uint8_t *data, size_t len,
			   struct bc_err *err)
{
	bc_err_init(err);
	if (!len)
		return bc_errf(err, -1, EINVAL, "%s: empty file", name);
	if (looks_binary(data, len))
		return bc_errf(err, -1, EINVAL, "%s: not an ELF object or "
			       "assembly text (binary data; raw instructions "
			       "need --raw --type T)", name);
	return bc_errf(err, -1, EINVAL, "%s: C source, not an eBPF object: "
		       "compile it first (clang -O2 -g -target bpf -c %s)",
		       name, name);
}

int bc_object_open_mem(const char *name, const uint8_t *data, size_t len,
		       const struct bc_open_opts *opts,
		       struct bc_object **out, struct bc_err *err)
{
	struct bc_open_opts def = { 0 };
	struct bc_object *obj;
	enum bc_input_kind kind;
	int r;

	if (!opts)
		opts = &def;
	kind = opts->kind;
	if (kind == BC_INPUT_AUTO)
		kind = is_elf(data, len) ? BC_INPUT_ELF : BC_INPUT_ASM;
	obj = bc_xcalloc(1, sizeof(*obj));
	obj->path = bc_xstrdup(name);
	obj->kind = kind;
	obj->kbtf = opts->kbtf;
	obj->kconfig = opts->kconfig;
	switch (kind) {
	case BC_INPUT_ELF:
		r = bc_elf_open(name, data, len, opts, obj, err);
		break;
	case BC_INPUT_RAW:
		r = bc_raw_open(name, data, len, opts, obj, err);
		break;
	default:
		r = bc_asm_open(name, (const char *)data, len, opts, obj, err);
		if (r && opts->kind == BC_INPUT_AUTO &&
		    (!len || looks_binary(data, len) ||
		     looks_like_c(name, (const char *)data, len)))
			r = explain_not_asm(name, data, len, err);
		break;
	}
	if (!r)
		r = apply_type(obj, opts->type, err);
	if (!r)
		ksym_btf_ids(obj);
	if (r) {
		bc_object_free(obj);
		return r;
	}
	*out = obj;
	return 0;
}

int bc_object_open(const char *path, const struct bc_open_opts *opts,
		   struct bc_object **out, struct bc_err *err)
{
	uint8_t *data;
	size_t len;
	int r;

	r = bc_read_file(path, &data, &len, err);
	if (r)
		return r;
	r = bc_object_open_mem(path, data, len, opts, out, err);
	free(data);
	return r;
}




