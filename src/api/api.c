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
#include "platform/kernels.h"
#include "platform/kconfig.h"
#include "prog/prog.h"
#include "search/verify.h"

_Static_assert(sizeof(struct bpfcheck_insn) == sizeof(struct bpf_insn),
	       "bpfcheck_insn must match struct bpf_insn");
_Static_assert(sizeof(struct bpfcheck_path_step) ==
			       sizeof(struct bc_path_step) &&
		       (int)BC_STEP_TAKEN == (int)BPFCHECK_STEP_TAKEN &&
		       (int)BC_STEP_NOT_TAKEN == (int)BPFCHECK_STEP_NOT_TAKEN &&
		       (int)BC_STEP_ENTRY == (int)BPFCHECK_STEP_ENTRY,
	       "a causal path's step is the same inside and out");
_Static_assert((int)BC_LINUX_REJECT == (int)BPFCHECK_LINUX_REJECT &&
		       (int)BC_LINUX_ACCEPT == (int)BPFCHECK_LINUX_ACCEPT,
	       "the two enums of Linux's verdict agree");

#define P(prog) ((const struct bc_prog *)(prog))
#define O(obj)	((const struct bc_object *)(obj))

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

/* ---- messages ---- */

static int print_stderr(enum bpfcheck_print_level level, const char *fmt,
			va_list ap)
{
	if (level != BPFCHECK_WARN)
		return 0;
	return vfprintf(stderr, fmt, ap);
}

static bpfcheck_print_fn_t print_fn = print_stderr;

bpfcheck_print_fn_t bpfcheck_set_print(bpfcheck_print_fn_t fn)
{
	bpfcheck_print_fn_t old = print_fn;

	print_fn = fn;
	return old;
}

__attribute__((format(printf, 1, 2))) static void warn(const char *fmt, ...)
{
	va_list ap;

	if (!print_fn)
		return;
	va_start(ap, fmt);
	print_fn(BPFCHECK_WARN, fmt, ap);
	va_end(ap);
}

/* A failure: its reason printed, -err returned. */
static int fail(int err, const char *what, const char *why)
{
	warn("%s: %s\n", what, why);
	return err < 0 ? err : -err;
}

/*
 * The caller's options struct of size opts->sz into known (this library's
 * size, zeroed first), as libbpf's OPTS_VALID: a larger struct from a newer
 * header is fine while the bytes this library does not know are zero; an
 * sz smaller than a size_t is not an options struct.
 */
static int opts_copy(void *known, size_t known_sz, const void *opts,
		     const char *type)
{
	const uint8_t *tail = opts;
	size_t sz;

	memset(known, 0, known_sz);
	if (!opts)
		return 0;
	sz = *(const size_t *)opts;
	if (sz < sizeof(size_t))
		return fail(-EINVAL, type,
			    "sz is smaller than a size_t (set it "
			    "with BPFCHECK_OPTS)");
	for (size_t i = known_sz; i < sz; i++)
		if (tail[i])
			return fail(-EINVAL, type,
				    "non-zero bytes past the "
				    "fields this library knows");
	memcpy(known, opts, sz < known_sz ? sz : known_sz);
	return 0;
}

#define OPTS_COPY(known, opts)                                                 \
	opts_copy(&(known), sizeof(known), (opts), #known)

/* ---- the target kernel ---- */

struct bpfcheck_target {
	struct bc_kernel_btf *btf;
	struct bc_kconfig *kconfig;
};

static void target_free(struct bpfcheck_target *t)
{
	bc_kernel_btf_free(t->btf);
	bc_kconfig_free(t->kconfig);
	t->btf = NULL;
	t->kconfig = NULL;
}

static int target_read(struct bpfcheck_target *t, const char *btf_path,
		       const char *kconfig_path, const char *release)
{
	struct bc_err err;
	int r;

	bc_err_init(&err);
	r = bc_kernel_btf_open(btf_path, &t->btf, &err);
	if (!r)
		r = bc_kconfig_open(kconfig_path, release, &t->kconfig, &err);
	if (!r)
		return 0;
	target_free(t);
	warn("%s\n", err.msg);
	return r < 0 ? r : -r;
}

int bpfcheck_target_open(const struct bpfcheck_target_opts *opts,
			 struct bpfcheck_target **target)
{
	struct bpfcheck_target_opts to;
	struct bpfcheck_target *t;
	int r;

	if (!target || OPTS_COPY(to, opts))
		return -EINVAL;
	t = calloc(1, sizeof(*t));
	if (!t)
		return -ENOMEM;
	r = target_read(t, to.btf_path, to.kconfig_path, to.kernel_release);
	if (r) {
		free(t);
		return r;
	}
	*target = t;
	return 0;
}

void bpfcheck_target_close(struct bpfcheck_target *target)
{
	if (!target)
		return;
	target_free(target);
	free(target);
}

/* ---- objects ---- */

static enum bc_input_kind input_kind(enum bpfcheck_input in)
{
	switch (in) {
	case BPFCHECK_INPUT_ELF: return BC_INPUT_ELF;
	case BPFCHECK_INPUT_RAW: return BC_INPUT_RAW;
	case BPFCHECK_INPUT_ASM: return BC_INPUT_ASM;
	case BPFCHECK_INPUT_AUTO: break;
	}
	return BC_INPUT_AUTO;
}

/*
 * Open an object from path, or from data when path is NULL, against the
 * options' target, or a target of its own read from their fields and
 * freed with it.
 */
static int open_object(const char *path, const char *name, const void *data,
		       size_t len, const struct bpfcheck_open_opts *opts,
		       struct bpfcheck_object **obj)
{
	struct bpfcheck_target own = { 0 };
	const struct bpfcheck_target *t;
	struct bpfcheck_open_opts oo;
	struct bc_object *o = NULL;
	struct bc_open_opts io = { 0 };
	struct bc_err err;
	int r;

	if (!obj || OPTS_COPY(oo, opts))
		return -EINVAL;
	*obj = NULL;
	t = oo.target;
	if (!t) {
		r = target_read(&own, oo.btf_path, oo.kconfig_path,
				oo.kernel_release);
		if (r)
			return r;
		t = &own;
	}
	io.kind = input_kind(oo.input);
	io.type = oo.prog_type;
	io.kbtf = t->btf;
	io.kconfig = t->kconfig;
	bc_err_init(&err);
	r = path ? bc_object_open(path, &io, &o, &err) :
		   bc_object_open_mem(name ? name : "<memory>", data, len, &io,
				      &o, &err);
	if (r) {
		const char *what = path ? path : name ? name : "<memory>";
		bool named = !strncmp(err.msg, what, strlen(what));

		target_free(&own);
		warn("%s%s%s\n", named ? "" : what, named ? "" : ": ", err.msg);
		return r < 0 ? r : -r;
	}
	o->kbtf_owned = own.btf; /* freed with the object */
	o->kconfig_owned = own.kconfig;
	*obj = (struct bpfcheck_object *)o;
	return 0;
}

int bpfcheck_object_open(const char *path,
			 const struct bpfcheck_open_opts *opts,
			 struct bpfcheck_object **obj)
{
	if (!path)
		return -EINVAL;
	return open_object(path, NULL, NULL, 0, opts, obj);
}

int bpfcheck_object_open_mem(const char *name, const void *data, size_t len,
			     const struct bpfcheck_open_opts *opts,
			     struct bpfcheck_object **obj)
{
	if (!data)
		return -EINVAL;
	return open_object(NULL, name, data, len, opts, obj);
}

void bpfcheck_object_close(struct bpfcheck_object *obj)
{
	bc_object_free((struct bc_object *)obj);
}

size_t bpfcheck_object_prog_count(const struct bpfcheck_object *obj)
{
	return obj ? O(obj)->prog_cnt : 0;
}

struct bpfcheck_prog *bpfcheck_object_prog(const struct bpfcheck_object *obj,
					   size_t i)
{
	if (!obj || i >= O(obj)->prog_cnt)
		return NULL;
	return (struct bpfcheck_prog *)&O(obj)->progs[i];
}

struct bpfcheck_prog *
bpfcheck_object_find_prog(const struct bpfcheck_object *obj, const char *name)
{
	for (uint32_t i = 0; obj && name && i < O(obj)->prog_cnt; i++)
		if (!strcmp(O(obj)->progs[i].name, name))
			return (struct bpfcheck_prog *)&O(obj)->progs[i];
	return NULL;
}

bool bpfcheck_object_extern(const struct bpfcheck_object *obj, size_t i,
			    const char **name, const char **value,
			    const char **from)
{
	const struct bc_extern *x;

	if (!obj || i >= O(obj)->extern_cnt)
		return false;
	x = &O(obj)->externs[i];
	if (name)
		*name = x->name;
	if (value)
		*value = x->value;
	if (from)
		*from = x->from;
	return true;
}

/* ---- programs ---- */

struct bpfcheck_object *bpfcheck_prog_object(const struct bpfcheck_prog *prog)
{
	return (struct bpfcheck_object *)P(prog)->obj;
}

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

const struct bpfcheck_insn *
bpfcheck_prog_insns(const struct bpfcheck_prog *prog)
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

/* ---- verification ---- */

static void to_internal(const struct bpfcheck_verify_opts *o,
			struct bc_verify_opts *vo)
{
	memset(vo, 0, sizeof(*vo));
	vo->log_level = o->log_level;
	vo->log = o->log;
	vo->unprivileged = o->unprivileged;
	vo->cap_bpf = o->cap_bpf;
	vo->reject_irreducible = o->reject_irreducible;
	vo->insn_budget = o->insn_budget;
	vo->no_precision = o->no_precision;
	vo->linux_compat = o->linux_compat;
	vo->predict_linux = o->predict_linux;
	vo->max_worst_case = o->max_worst_case;
	vo->prog_flags = (uint32_t)o->prog_flags;
	vo->kernel = o->kernel ? bc_kernel_find(o->kernel) :
				 bc_kernel_running();
}

const char *bpfcheck_kernel_profile(size_t i, bool *measured)
{
	const struct bc_kernel *k = bc_kernel_at((unsigned)i);

	if (measured)
		*measured = k && k->measured;
	return k ? k->name : NULL;
}

/* The verdict, its strings pointing into r (the program's own). */
static void to_verdict(const struct bc_verify_result *r,
		       struct bpfcheck_verdict *v)
{
	memset(v, 0, sizeof(*v));
	v->accepted = r->accepted;
	v->error = r->error;
	v->error_insn = r->error_insn;
	v->error_detail = r->detail;
	v->loops_proven = r->loops_proven;
	v->max_trip = r->max_trip;
	v->loops_explored = r->loops_explored;
	v->note = r->loop_note;
	v->has_worst_case = r->has_worst_case;
	v->worst_case_insns = r->worst_case_insns;
	v->processed_insns = r->processed_insns;
	v->total_states = r->total_states;
	v->peak_states = r->peak_states;
	v->max_states_per_insn = r->max_states_per_insn;
	v->duration_us = r->duration_us;
	v->peak_mem_kb = (uint64_t)r->peak_mem_kb;
	v->stack_depth = r->stack_depth;
	v->first_pass_insns = r->first_pass_insns;
	v->linux_verdict = (enum bpfcheck_linux_verdict)r->linux_verdict;
	v->linux_error = r->linux_error;
	v->linux_error_insn = r->linux_error_insn;
	v->linux_processed_insns = r->linux_processed_insns;
	v->warnings = r->warnings;
	v->path_len = r->accepted ? 0 : r->path_len;
	v->path = v->path_len ? (const struct bpfcheck_path_step *)r->path :
				NULL;
}

int bpfcheck_verify(const struct bpfcheck_prog *prog,
		    const struct bpfcheck_verify_opts *opts,
		    struct bpfcheck_verdict *out)
{
	struct bc_prog *p = (struct bc_prog *)prog;
	struct bpfcheck_verify_opts o;
	struct bc_verify_opts vo;
	struct bpfcheck_verdict v;
	size_t out_sz;
	int rc;

	if (!prog || !out || OPTS_COPY(o, opts))
		return -EINVAL;
	out_sz = out->sz < sizeof(v) ? out->sz : sizeof(v);
	if (out_sz <
	    offsetof(struct bpfcheck_verdict, accepted) + sizeof(v.accepted))
		return fail(-EINVAL, "bpfcheck_verdict",
			    "sz cannot hold the "
			    "verdict");
	if (o.kernel && !bc_kernel_find(o.kernel))
		return fail(-EINVAL, "bpfcheck_verify_opts",
			    "no kernel profile for that release (the oldest "
			    "is 5.10)");
	if (o.prog_flags >> 32)
		return fail(-EINVAL, "bpfcheck_verify_opts",
			    "prog_flags past "
			    "32 bits");
	if (!p->result)
		p->result = calloc(1, sizeof(*p->result));
	if (!p->result)
		return -ENOMEM;
	to_internal(&o, &vo);
	rc = bc_verify(p, &vo, p->result);
	to_verdict(p->result, &v);
	v.sz = out_sz;
	memcpy(out, &v, out_sz);
	return rc;
}
