// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The public API: thin, stable wrappers over the internal model. */
#include <bpfcheck/bpfcheck.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/disasm.h"
#include "load/load.h"
#include "platform/kbtf.h"
#include "platform/kconfig.h"
#include "prog/prog.h"
#include "search/verify.h"

_Static_assert(sizeof(struct bpfcheck_insn) == sizeof(struct bpf_insn),
	       "bpfcheck_insn must match struct bpf_insn");

const char *bpfcheck_version_string(void)
{
	return BPFCHECK_VERSION;
}

uint32_t bpfcheck_version_major(void)
{
	return BPFCHECK_VERSION_MAJOR;
}

uint32_t bpfcheck_version_minor(void)
{
	return BPFCHECK_VERSION_MINOR;
}

/*
 * Copy the caller's options struct of size opts->sz into known (of this
 * library's size, zeroed first), as libbpf's OPTS_VALID: a larger struct
 * from a newer header is fine while the bytes this library does not know
 * are zero. sz 0 is the original size.
 */
static int opts_copy(void *known, size_t known_sz, const void *opts)
{
	size_t sz = opts ? *(const size_t *)opts : 0;
	const uint8_t *tail = opts;

	memset(known, 0, known_sz);
	if (!opts)
		return 0;
	if (!sz)
		sz = known_sz;
	if (sz < sizeof(size_t))
		return -EINVAL;
	for (size_t i = known_sz; i < sz; i++)
		if (tail[i])
			return -EINVAL;
	memcpy(known, opts, sz < known_sz ? sz : known_sz);
	return 0;
}

static void to_internal(const struct bpfcheck_open_opts *o,
			struct bc_open_opts *io)
{
	memset(io, 0, sizeof(*io));
	switch (o->input) {
	case BPFCHECK_INPUT_ELF: io->kind = BC_INPUT_ELF; break;
	case BPFCHECK_INPUT_RAW: io->kind = BC_INPUT_RAW; break;
	case BPFCHECK_INPUT_ASM: io->kind = BC_INPUT_ASM; break;
	default: io->kind = BC_INPUT_AUTO; break;
	}
	io->type = o->prog_type;
}

/*
 * Open an object from path, or from data when path is NULL, against the
 * target kernel of the options (its BTF for CO-RE, its config and release
 * for __kconfig externs, which are resolved at open).
 */
static int open_object(const char *path, const char *name, const void *data,
		       size_t len, const struct bpfcheck_open_opts *opts,
		       struct bpfcheck_object **obj, char *errbuf,
		       size_t errlen)
{
	struct bpfcheck_open_opts oo;
	struct bc_kernel_btf *kb = NULL;
	struct bc_kconfig *kc = NULL;
	struct bc_object *o = NULL;
	struct bc_open_opts io;
	struct bc_err err;
	int r;

	if (!obj || opts_copy(&oo, sizeof(oo), opts))
		return -EINVAL;
	bc_err_init(&err);
	to_internal(&oo, &io);
	r = bc_kernel_btf_open(oo.btf_path, &kb, &err);
	if (!r)
		r = bc_kconfig_open(oo.kconfig_path, oo.kernel_release, &kc,
				    &err);
	io.kbtf = kb;
	io.kconfig = kc;
	if (!r && path)
		r = bc_object_open(path, &io, &o, &err);
	else if (!r)
		r = bc_object_open_mem(name ? name : "<memory>", data, len,
				       &io, &o, &err);
	*obj = NULL;
	if (r) {
		bc_kconfig_free(kc);
		bc_kernel_btf_free(kb);
		if (errbuf && errlen)
			snprintf(errbuf, errlen, "%s", err.msg);
		return r;
	}
	o->kbtf_owned = kb;	/* freed with the object */
	o->kconfig_owned = kc;
	*obj = (struct bpfcheck_object *)o;
	return 0;
}

int bpfcheck_object_open(const char *path, const struct bpfcheck_open_opts *opts,
			 struct bpfcheck_object **obj, char *errbuf, size_t errlen)
{
	if (!path)
		return -EINVAL;
	return open_object(path, NULL, NULL, 0, opts, obj, errbuf, errlen);
}

int bpfcheck_object_open_mem(const char *name, const void *data, size_t len,
			     const struct bpfcheck_open_opts *opts,
			     struct bpfcheck_object **obj, char *errbuf,
			     size_t errlen)
{
	if (!data)
		return -EINVAL;
	return open_object(NULL, name, data, len, opts, obj, errbuf, errlen);
}

void bpfcheck_object_close(struct bpfcheck_object *obj)
{
	bc_object_free((struct bc_object *)obj);
}

size_t bpfcheck_object_prog_count(const struct bpfcheck_object *obj)
{
	return obj ? ((const struct bc_object *)obj)->prog_cnt : 0;
}

struct bpfcheck_prog *bpfcheck_object_prog(const struct bpfcheck_object *obj,
					   size_t i)
{
	const struct bc_object *o = (const struct bc_object *)obj;

	if (!o || i >= o->prog_cnt)
		return NULL;
	return (struct bpfcheck_prog *)&o->progs[i];
}

struct bpfcheck_prog *bpfcheck_object_find_prog(const struct bpfcheck_object *obj,
						const char *name)
{
	const struct bc_object *o = (const struct bc_object *)obj;
	uint32_t i;

	for (i = 0; o && name && i < o->prog_cnt; i++)
		if (!strcmp(o->progs[i].name, name))
			return (struct bpfcheck_prog *)&o->progs[i];
	return NULL;
}

#define P(prog) ((const struct bc_prog *)(prog))

const char *bpfcheck_prog_name(const struct bpfcheck_prog *prog)
{
	return P(prog)->name;
}

const char *bpfcheck_prog_section(const struct bpfcheck_prog *prog)
{
	return P(prog)->section;
}

const char *bpfcheck_prog_type_name(const struct bpfcheck_prog *prog)
{
	return bc_progtype_name(P(prog)->type);
}

size_t bpfcheck_prog_insn_count(const struct bpfcheck_prog *prog)
{
	return P(prog)->insn_cnt;
}

const struct bpfcheck_insn *bpfcheck_prog_insns(const struct bpfcheck_prog *prog)
{
	return (const struct bpfcheck_insn *)P(prog)->insns;
}

bool bpfcheck_prog_source_line(const struct bpfcheck_prog *prog, size_t insn,
			       const char **file, unsigned *line,
			       const char **text)
{
	const struct bc_prog *p = P(prog);

	if (!p->lines || insn >= p->insn_cnt || !p->lines[insn].file)
		return false;
	if (file)
		*file = p->lines[insn].file;
	if (line)
		*line = p->lines[insn].line;
	if (text)
		*text = p->lines[insn].text;
	return true;
}

int bpfcheck_prog_disasm(const struct bpfcheck_prog *prog, size_t insn,
			 char *buf, size_t len)
{
	const struct bc_prog *p = P(prog);

	if (insn >= p->insn_cnt || !buf || !len)
		return -EINVAL;
	return bc_disasm_insn(p, p->insns, p->insn_cnt, insn, buf, len);
}

_Static_assert((int)BC_LINUX_REJECT == (int)BPFCHECK_LINUX_REJECT &&
	       (int)BC_LINUX_ACCEPT == (int)BPFCHECK_LINUX_ACCEPT,
	       "the two enums of Linux's verdict agree");

static void to_verdict(const struct bc_verify_result *r,
		       struct bpfcheck_verdict *v)
{
	memset(v, 0, sizeof(*v));
	v->accepted = r->accepted;
	snprintf(v->error, sizeof(v->error), "%s", r->error);
	v->error_insn = r->error_insn;
	snprintf(v->note, sizeof(v->note), "%s", r->loop_note);
	v->processed_insns = r->processed_insns;
	v->total_states = r->total_states;
	v->peak_states = r->peak_states;
	v->stack_depth = r->stack_depth;
	v->loops_proven = r->loops_proven;
	v->max_trip = r->max_trip;
	v->has_worst_case = r->has_worst_case;
	v->worst_case_insns = r->worst_case_insns;
	v->duration_us = r->duration_us;
	v->linux_verdict = (enum bpfcheck_linux_verdict)r->linux_verdict;
	snprintf(v->linux_error, sizeof(v->linux_error), "%s", r->linux_error);
	v->linux_error_insn = r->linux_error_insn;
	v->linux_processed_insns = r->linux_processed_insns;
	snprintf(v->error_detail, sizeof(v->error_detail), "%s", r->detail);
}

/*
 * The kernel BTF for the verify options' btf_path: the object's when NULL,
 * else read and kept with the object (bpfcheck.h).
 */
static int object_kbtf(struct bc_object *obj, const char *path,
		       struct bc_err *err)
{
	int r;

	if (path && !*path) {
		obj->kbtf = NULL;
		return 0;
	}
	if (path && (!obj->kbtf_owned || strcmp(obj->kbtf_owned->path, path))) {
		bc_kernel_btf_free(obj->kbtf_owned);
		obj->kbtf_owned = NULL;
		obj->kbtf = NULL;
		r = bc_kernel_btf_open(path, &obj->kbtf_owned, err);
		if (r)
			return r;
	}
	obj->kbtf = obj->kbtf_owned;
	return 0;
}

int bpfcheck_verify(const struct bpfcheck_prog *prog,
		    const struct bpfcheck_verify_opts *opts,
		    struct bpfcheck_verdict *out)
{
	struct bpfcheck_verify_opts o;
	struct bc_verify_opts vo = { 0 };
	struct bc_verify_result *r;
	struct bpfcheck_verdict v;
	struct bc_err err;
	size_t out_sz;
	int rc;

	if (!prog || !out || opts_copy(&o, sizeof(o), opts))
		return -EINVAL;
	out_sz = out->sz < sizeof(v) ? out->sz : sizeof(v);
	if (out_sz < offsetof(struct bpfcheck_verdict, accepted) +
		     sizeof(v.accepted))
		return -EINVAL;
	vo.log_level = o.log_level;
	vo.log = o.log;
	vo.unprivileged = o.unprivileged;
	vo.cap_bpf = o.cap_bpf;
	vo.reject_irreducible = o.reject_irreducible;
	vo.insn_budget = o.insn_budget;
	vo.no_precision = o.no_precision;
	vo.linux_compat = o.linux_compat;
	vo.predict_linux = o.predict_linux;
	vo.max_worst_case = o.max_worst_case;
	if (o.prog_flags >> 32)
		return -EINVAL;
	vo.prog_flags = (uint32_t)o.prog_flags;
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	bc_err_init(&err);
	rc = object_kbtf(P(prog)->obj, o.btf_path, &err);
	if (rc) {
		memset(&v, 0, sizeof(v));
		snprintf(v.error, sizeof(v.error), "%s", err.msg);
		v.error_insn = -1;
		goto out;
	}
	bc_verify(P(prog), &vo, r);
	to_verdict(r, &v);
out:
	free(r);
	v.sz = out_sz;
	memcpy(out, &v, out_sz);
	return rc;
}
