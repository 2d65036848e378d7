// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Global functions (Linux's btf_prepare_func_args, btf_check_func_arg_match
 * and do_check_subprogs). A function whose BTF linkage is global is not
 * verified in the context of each call: a call checks the arguments
 * against the function's BTF prototype and returns an unknown scalar, and
 * the function is verified once on its own, after the main program, from
 * its prototype alone (an int is any scalar, a pointer to the program's
 * context type or tagged __arg_ctx is the context, any other pointer is
 * memory of the pointed-to type's size that may be NULL unless tagged
 * __arg_nonnull, one tagged __arg_trusted a trusted pointer to the kernel
 * struct of that name, NULL too when also tagged __arg_nullable).
 */
#include <bpf/btf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/ctx.h"
#include "platform/helpers.h"
#include "verifier/dynptr.h"
#include "verifier/call.h"
#include "verifier/global.h"
#include "verifier/precision.h"

enum garg {
	GA_SCALAR,
	GA_CTX,
	GA_MEM,
	GA_MEM_OR_NULL,
	GA_BTF, /* __arg_trusted: a kernel struct */
	GA_BTF_OR_NULL, /* __arg_trusted __arg_nullable */
	GA_ARENA, /* __arg_arena: an arena pointer or a scalar */
	GA_DYNPTR, /* const struct bpf_dynptr * */
	GA_BAD, /* why says what the kernel says */
	GA_UNSUPPORTED, /* Linux has a rule bpfcheck does not */
};

const struct bc_func *vg_global_func(const struct venv *e, uint32_t start)
{
	for (uint32_t k = 1; k < e->prog->func_cnt; k++) {
		const struct bc_func *f = &e->prog->funcs[k];

		if (f->start == start)
			return f->btf && f->global ? f : NULL;
	}
	return NULL;
}

static struct bc_ctx_arg ctx_arg(const struct bc_func_arg *a)
{
	struct bc_ctx_arg c = { a->pointee, a->to_void,
				a->to_int && a->size == 8, a->pt_regs };

	return c;
}

static enum garg bad(char *why, size_t n, const char *fmt, int i)
{
	snprintf(why, n, fmt, i);
	return GA_BAD;
}

/*
 * The kernel struct an __arg_trusted argument points to (Linux's
 * btf_get_ptr_to_btf_id: the struct of the same name, a "___flavor"
 * suffix left out), 0 when there is none.
 */
static uint32_t trusted_btf_id(const struct venv *e,
			       const struct bc_func_arg *a)
{
	char name[128];
	const char *fl;
	int id;

	if (!vc_kbtf(e) || !a->pointee)
		return 0;
	fl = strstr(a->pointee, "___");
	snprintf(name, sizeof(name), "%.*s",
		 fl ? (int)(fl - a->pointee) : (int)strlen(a->pointee),
		 a->pointee);
	id = btf__find_by_name_kind(vc_kbtf(e), name, BTF_KIND_STRUCT);
	return id > 0 ? (uint32_t)id : 0;
}

static enum garg trusted_kind(const struct venv *e, const struct bc_func *f,
			      int i, char *why, size_t n)
{
	const struct bc_func_arg *a = &f->args[i];

	if (a->tags & BC_ARG_TAG_NONNULL)
		return bad(why, n, "arg#%d has invalid combination of tags", i);
	if (!vc_kbtf(e) || !a->pointee) {
		snprintf(why, n,
			 "arg#%d of global function %s(): a trusted "
			 "pointer %s",
			 i, f->name,
			 vc_kbtf(e) ? "to no struct is "
				      "not supported by bpfcheck" :
				      "needs the kernel's BTF "
				      "(--btf FILE)");
		return GA_UNSUPPORTED;
	}
	if (!trusted_btf_id(e, a)) {
		snprintf(why, n,
			 "arg#%d reference type('STRUCT %s') has no "
			 "matches",
			 i, a->pointee);
		return GA_BAD;
	}
	return a->tags & BC_ARG_TAG_NULLABLE ? GA_BTF_OR_NULL : GA_BTF;
}

/* What argument i of global function f is (btf_prepare_func_args). */
static enum garg arg_kind(const struct venv *e, const struct bc_func *f, int i,
			  char *why, size_t n)
{
	const struct bc_func_arg *a = &f->args[i];
	uint8_t tags = a->tags;
	struct bc_ctx_arg c;

	if (tags & BC_ARG_TAG_UNKNOWN)
		return bad(why, n, "arg#%d has unsupported set of tags", i);
	/* older kernels ignore the tags: what they make of the bare type
	 * is not modelled, so refuse naming it */
	if (tags && !e->kern->arg_tags) {
		snprintf(why, n,
			 "arg#%d of %s(): __arg_* tags are Linux 6.8's, not "
			 "in Linux %s",
			 i, f->name, e->kern->name);
		return GA_BAD;
	}
	if (!a->ptr) {
		if (tags)
			return bad(why, n,
				   "arg#%d has pointer tag, but is not "
				   "a pointer type",
				   i);
		if (a->scalar)
			return GA_SCALAR;
		snprintf(why, n, "Arg#%d type in %s() is not supported yet.", i,
			 f->name);
		return GA_BAD;
	}
	c = ctx_arg(a);
	if ((tags & BC_ARG_TAG_CTX) || bc_ctx_arg_is_ctx(e->type, &c)) {
		if (tags & ~BC_ARG_TAG_CTX)
			return bad(why, n,
				   "arg#%d has invalid combination of "
				   "tags",
				   i);
		if ((tags & BC_ARG_TAG_CTX) &&
		    !bc_ctx_arg_tag_ok(e->type, e->attach, &c))
			return bad(why, n,
				   "arg#%d type is not the program's "
				   "context type",
				   i);
		return GA_CTX;
	}
	if (!e->kern->global_ptr_args) {
		snprintf(why, n,
			 "Arg#%d type PTR in %s() is not supported yet.", i,
			 f->name);
		return GA_BAD;
	}
	if (a->dynptr && tags)
		return bad(why, n, "arg#%d has invalid combination of tags", i);
	if (a->dynptr)
		return GA_DYNPTR;
	if (tags & BC_ARG_TAG_TRUSTED)
		return trusted_kind(e, f, i, why, n);
	if (tags & BC_ARG_TAG_ARENA)
		return tags & ~BC_ARG_TAG_ARENA ?
			       bad(why, n,
				   "arg#%d arena cannot be combined with any "
				   "other tags",
				   i) :
			       GA_ARENA;
	if (tags & BC_ARG_TAG_NULLABLE)
		return bad(why, n, "arg#%d has invalid combination of tags", i);
	if (a->size < 0)
		return bad(why, n,
			   "arg#%d reference type size cannot be "
			   "determined",
			   i);
	return tags & BC_ARG_TAG_NONNULL ? GA_MEM : GA_MEM_OR_NULL;
}

/* The prototype as a whole: at most 5 arguments, a scalar return. */
static bool proto_ok(const struct bc_func *f, char *why, size_t n)
{
	if (f->arg_cnt > BC_FUNC_MAX_ARGS) {
		snprintf(why, n,
			 "Global function %s() with %d > %d args. Buggy "
			 "compiler.",
			 f->name, f->arg_cnt, BC_FUNC_MAX_ARGS);
		return false;
	}
	if (!f->ret_scalar) {
		snprintf(why, n,
			 "Global function %s() doesn't return scalar. "
			 "Only those are supported.",
			 f->name);
		return false;
	}
	return true;
}

static bool is_null(const struct bc_vreg *r)
{
	return r->kind == VK_SCALAR && bc_scalar_is_const(&r->s) &&
	       !r->s.var_off.value;
}

/* check_mem_reg: memory of size bytes, read and written, or NULL. */
static int mem_arg(struct venv *e, uint32_t pc, int regno, uint64_t size)
{
	struct bc_vreg *r = vc_reg(e, regno), saved = *r;
	int err;

	if (is_null(r))
		return 0;
	if (bc_vkind_or_null(r->kind))
		r->kind = bc_vkind_not_null(r->kind);
	err = vc_mem_arg(e, pc, regno, size, false);
	if (!err)
		err = vc_mem_arg(e, pc, regno, size, true);
	*vc_reg(e, regno) = saved;
	return err;
}

/*
 * An __arg_trusted argument (check_reg_type with ARG_PTR_TO_BTF_ID, then
 * check_func_arg_reg_off): a plain, trusted or RCU pointer to the struct
 * or one holding it first; NULL only when nullable.
 */
static int btf_arg(struct venv *e, const struct bc_func *f, int i,
		   bool nullable, char *why, size_t n)
{
	const struct bc_vreg *r = vc_reg(e, i + 1);
	uint32_t want = trusted_btf_id(e, &f->args[i]);
	const char *wn = bc_btf_type_name(vc_kbtf(e), want);
	uint8_t fl = r->bflags & ~BC_BTF_TRUSTED & ~BC_BTF_RCU;
	char t[48];

	if (r->kind == VK_SCALAR) /* NULL or not decides */
		vp_mark_reg(e, i + 1);
	if (nullable && is_null(r))
		return 0;
	if ((r->kind != VK_BTF_ID &&
	     !(nullable && r->kind == VK_BTF_ID_OR_NULL)) ||
	    fl || (r->bflags & BC_BTF_TRUSTED && r->bflags & BC_BTF_RCU)) {
		snprintf(why, n,
			 "R%d type=%s expected=ptr_, trusted_ptr_, "
			 "rcu_ptr_",
			 i + 1, bc_vreg_type_str(r, t, sizeof(t)));
		return 1;
	}
	if (!r->btf_id ||
	    !bc_btf_ids_match(vc_kbtf(e), r->btf_id, r->off, wn)) {
		snprintf(why, n, "R%d is of type %s but %s is expected", i + 1,
			 r->btf_id ? bc_btf_type_name(vc_kbtf(e), r->btf_id) :
				     "?",
			 wn);
		return 1;
	}
	if (r->kind == VK_BTF_ID_OR_NULL && r->off) {
		snprintf(why, n,
			 "dereference of modified %s ptr R%d off=%d "
			 "disallowed",
			 bc_vreg_type_str(r, t, sizeof(t)), i + 1, r->off);
		return 1;
	}
	if (r->off < 0 || !bc_scalar_is_const(&r->s) || r->s.var_off.value) {
		snprintf(why, n, "%s %s ptr R%d disallowed",
			 r->off < 0 ? "negative offset" : "variable offset",
			 bc_vreg_type_str(r, t, sizeof(t)), i + 1);
		return 1;
	}
	return 0;
}

/* A dynptr the callee only reads (the error is the path's). */
static int dynptr_arg(struct venv *e, uint32_t pc, int i)
{
	struct vd_dynptr d;

	return vd_arg(e, pc, i + 1, VD_RDONLY, BC_DYNPTR_INVALID, 0, false,
		      &d) ?
		       -1 :
		       0;
}

/* One argument against its kind (btf_check_func_arg_match). */
static int check_one(struct venv *e, uint32_t pc, const struct bc_func *f,
		     int i, char *why, size_t n)
{
	struct bc_vreg *r = vc_reg(e, i + 1);
	enum garg k = arg_kind(e, f, i, why, n);

	switch (k) {
	case GA_BAD:
	case GA_UNSUPPORTED: return k == GA_BAD ? 1 : 2;
	case GA_SCALAR:
		if (r->kind == VK_SCALAR)
			return 0;
		snprintf(why, n, "R%d is not a scalar", i + 1);
		return 1;
	case GA_CTX:
		if (r->kind == VK_CTX && !r->off && bc_scalar_is_const(&r->s) &&
		    !r->s.var_off.value)
			return 0;
		if (r->kind == VK_CTX)
			snprintf(why, n,
				 "dereference of modified ctx ptr R%d "
				 "off=%d disallowed",
				 i + 1, r->off);
		else
			snprintf(why, n, "arg#%d expects pointer to ctx", i);
		return 1;
	case GA_BTF:
	case GA_BTF_OR_NULL:
		return btf_arg(e, f, i, k == GA_BTF_OR_NULL, why, n);
	case GA_ARENA:
		if (r->kind == VK_ARENA || r->kind == VK_SCALAR)
			return 0;
		snprintf(why, n, "R%d is not a pointer to arena or scalar.",
			 i + 1);
		return 1;
	case GA_DYNPTR: return dynptr_arg(e, pc, i);
	case GA_MEM:
	case GA_MEM_OR_NULL: break;
	}
	if (mem_arg(e, pc, i + 1, (uint64_t)f->args[i].size))
		return -1;
	if (k == GA_MEM && (bc_vkind_or_null(r->kind) || is_null(r))) {
		snprintf(why, n, "arg#%d is expected to be non-NULL", i);
		return 1;
	}
	return 0;
}

/* Linux's check_func_call for a global function. */
int vg_call(struct venv *e, uint32_t pc, const struct bc_func *f)
{
	char why[256] = "";
	uint32_t k = (uint32_t)(f - e->prog->funcs);
	int r = proto_ok(f, why, sizeof(why)) ? 0 : 1;

	for (int i = 0; !r && i < f->arg_cnt; i++)
		r = check_one(e, pc, f, i, why, sizeof(why));
	if (r == 2)
		return vc_err(e, pc, "%s", why);
	if (r == 1)
		vc_err(e, pc, "%s", why);
	if (r) { /* the reason, then what the kernel ends with */
		size_t n = strlen(e->res->error);

		snprintf(e->res->error + n, sizeof(e->res->error) - n,
			 "; Caller passes invalid args into func#%u ('%s')", k,
			 f->name);
		return -1;
	}
	vc_log(e, "Func#%u ('%s') is global and assumed valid.\n", k, f->name);
	if (vg_sub_changes_pkt(e, bc_cfg_subprog_of(e->cfg, f->start)))
		vc_clear_pkt(e);
	for (int i = 1; i <= 5; i++)
		bc_vreg_ptr(vc_reg(e, i), VK_NOT_INIT);
	bc_vreg_scalar(vc_reg(e, 0));
	if (!e->global_state[k])
		e->global_state[k] = 1;
	return 0;
}

/* Argument i's register on entry to f verified on its own. */
static void entry_arg(struct venv *e, const struct bc_func *f, int i,
		      struct bc_vreg *r)
{
	char why[256];

	switch (arg_kind(e, f, i, why, sizeof(why))) {
	case GA_SCALAR:
	case GA_ARENA: bc_vreg_scalar(r); return; /* the callee casts it */
	case GA_CTX: bc_vreg_ptr(r, VK_CTX); return;
	case GA_MEM:
	case GA_MEM_OR_NULL:
		bc_vreg_ptr(r, f->args[i].tags & BC_ARG_TAG_NONNULL ?
				       VK_MEM :
				       VK_MEM_OR_NULL);
		r->mem_size = (uint32_t)f->args[i].size;
		r->frame = 1; /* plain memory, not a ringbuf record */
		if (r->kind == VK_MEM_OR_NULL)
			r->id = ++e->id_gen;
		return;
	case GA_BTF:
	case GA_BTF_OR_NULL:
		bc_vreg_ptr(r, f->args[i].tags & BC_ARG_TAG_NULLABLE ?
				       VK_BTF_ID_OR_NULL :
				       VK_BTF_ID);
		r->bflags = BC_BTF_TRUSTED;
		r->btf_id = trusted_btf_id(e, &f->args[i]);
		if (r->kind == VK_BTF_ID_OR_NULL)
			r->id = ++e->id_gen;
		return;
	case GA_DYNPTR: vd_const_reg(e, r, BC_DYNPTR_LOCAL); return;
	case GA_BAD:
	case GA_UNSUPPORTED: break;
	}
	bc_vreg_ptr(r, VK_NOT_INIT); /* vg_call refused the call */
}

bool vg_next(struct venv *e)
{
	struct bc_vframe *f0;
	const struct bc_func *f;
	uint32_t k;

	for (k = 1; k < e->prog->func_cnt; k++)
		if (e->global_state[k] == 1)
			break;
	if (k >= e->prog->func_cnt)
		return false;
	e->global_state[k] = 2;
	f = &e->prog->funcs[k];
	f0 = bc_vframe_new(bc_cfg_subprog_of(e->cfg, f->start), BC_NONE, 0);
	for (int i = 0; i < f->arg_cnt && i < BC_FUNC_MAX_ARGS; i++)
		entry_arg(e, f, i, &f0->regs[i + 1]);
	memset(&e->cur, 0, sizeof(e->cur));
	e->cur.frames[0] = f0;
	e->cur.pc = f->start;
	e->hist_n = 0;
	vc_log(e, "Validating %s() func#%u...\n", f->name, k);
	return true;
}

/* ---- what a subprogram and its callees may do ---- */

bool vg_sub_tail_calls(struct venv *e, uint32_t sp)
{
	const struct bc_subprog *s = &e->cfg->subs[sp];

	if (e->sub_tail[sp])
		return e->sub_tail[sp] == 2;
	e->sub_tail[sp] = 1;
	for (uint32_t pc = s->start; pc < s->end; pc++) {
		const struct bpf_insn *in = &e->prog->insns[pc];

		if (in->code == (BPF_JMP | BPF_CALL) && !in->src_reg &&
		    in->imm == BPF_FUNC_tail_call)
			e->sub_tail[sp] = 2;
	}
	for (uint32_t i = 0; i < s->callee_cnt && e->sub_tail[sp] == 1; i++)
		if (vg_sub_tail_calls(e, s->callees[i]))
			e->sub_tail[sp] = 2;
	return e->sub_tail[sp] == 2;
}

static bool calls_pkt_changer(struct venv *e, const struct bc_subprog *s)
{
	for (uint32_t pc = s->start; pc < s->end; pc++) {
		const struct bpf_insn *in = &e->prog->insns[pc];
		const struct bc_helper_proto *p;

		if (in->code != (BPF_JMP | BPF_CALL) || in->src_reg)
			continue;
		p = bc_helper_proto_for(in->imm, e->type, e->attach);
		if (p && (p->flags & BC_HF_CHANGES_PKT))
			return true;
	}
	return false;
}

bool vg_sub_changes_pkt(struct venv *e, uint32_t sp)
{
	const struct bc_subprog *s = &e->cfg->subs[sp];

	if (vg_sub_tail_calls(e, sp) || calls_pkt_changer(e, s))
		return true;
	for (uint32_t i = 0; i < s->callee_cnt; i++)
		if (vg_sub_changes_pkt(e, s->callees[i]))
			return true;
	return false;
}
