// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * kfuncs that are not iterators (Linux's check_kfunc_args and the rest of
 * check_kfunc_call): arguments typed by the kfunc's BTF prototype, the
 * kernel's when it has the function (parameter names then say "__ign",
 * "__k", "__nullable"), else the program's extern declaration. Scalars,
 * pointers to kernel structs (KF_ARG_PTR_TO_BTF_ID: trusted, RCU or plain
 * by the kfunc's flags, the struct matched by name), the context for
 * bpf_cast_to_kern_ctx; acquire and release of references; r0 from the
 * return type. Other argument kinds (memory, dynptrs, callbacks, ...)
 * fail the program, naming the kfunc.
 */
#include <bpf/btf.h>
#include <linux/bpf.h>
#include <stdio.h>
#include <string.h>

#include "platform/kfuncs.h"
#include "platform/progtypes.h"
#include "verifier/arena.h"
#include "platform/ctx.h"
#include "verifier/call.h"
#include "verifier/dynptr.h"
#include "verifier/kfunc.h"
#include "verifier/lock.h"
#include "verifier/log.h"
#include "verifier/precision.h"

struct kmeta {
	const char *name;
	const struct bc_kfunc *k;
	const struct btf *btf; /* the prototype's */
	const struct btf_type *proto;
	uint32_t ref; /* an argument's reference */
	int release_regno;
	int first; /* the first argument checked */
	bool konst; /* a "__k" or "__szk" argument was seen */
	uint64_t konst_val;
	struct vd_dynptr dyn; /* the initialised dynptr argument's */
};

static int unsupported(struct venv *e, uint32_t pc, const struct kmeta *m,
		       const char *what)
{
	return vc_err_fatal(e, pc, "kfunc %s is not supported by bpfcheck (%s)",
			    m->name, what);
}

static bool struct_type(const struct btf_type *t)
{
	return t && (btf_is_struct(t) || btf_is_union(t));
}

/* Linux's btf_type_str for the kinds a message names. */
static const char *kind_str(const struct btf_type *t)
{
	if (!t)
		return "UNKN";
	switch (btf_kind(t)) {
	case BTF_KIND_STRUCT: return "STRUCT";
	case BTF_KIND_UNION: return "UNION";
	case BTF_KIND_INT: return "INT";
	case BTF_KIND_PTR: return "PTR";
	case BTF_KIND_ENUM: return "ENUM";
	case BTF_KIND_FWD: return "FWD";
	case BTF_KIND_FUNC_PROTO: return "FUNC_PROTO";
	default: return "UNKN";
	}
}

/* Does parameter i's name (the kernel's BTF only) end in sfx? */
static bool arg_named(const struct kmeta *m, int i, const char *sfx)
{
	const char *n =
		btf__name_by_offset(m->btf, btf_params(m->proto)[i].name_off);
	size_t a = n ? strlen(n) : 0, b = strlen(sfx);

	return a > b && !strcmp(n + a - b, sfx);
}

static bool trusted_args(const struct kmeta *m)
{
	return m->k->flags & (BC_KF_TRUSTED_ARGS | BC_KF_RELEASE);
}

static bool is_null(const struct bc_vreg *r)
{
	return r->kind == VK_SCALAR && bc_scalar_is_const(&r->s) &&
	       !r->s.var_off.value;
}

/* Linux's reg2btf_ids: the socket kinds stand for kernel structs. */
static const char *sock_struct(unsigned kind)
{
	switch (kind) {
	case VK_SOCK: return "sock";
	case VK_SOCK_COMMON: return "sock_common";
	case VK_TCP_SOCK: return "tcp_sock";
	default: return NULL;
	}
}

/* Linux's is_trusted_reg: referenced, or trusted with no other flag. */
static bool trusted_reg(const struct bc_vreg *r)
{
	if (r->ref_id || sock_struct(r->kind))
		return true;
	return r->kind == VK_BTF_ID && r->bflags == BC_BTF_TRUSTED;
}

/*
 * Linux's __btf_type_is_scalar_struct: a struct or union of scalars,
 * non-empty arrays of scalars and such structs, nested 3 deep.
 */
static bool scalar_struct(const struct btf *btf, const struct btf_type *t,
			  int depth)
{
	const struct btf_member *mb;

	if (!t || !btf_is_composite(t))
		return false;
	mb = btf_members(t);
	for (int i = 0; i < btf_vlen(t); i++) {
		const struct btf_type *mt =
			bc_btf_skip_mods(btf, mb[i].type, NULL);

		if (mt && btf_is_composite(mt)) {
			if (depth >= 3 || !scalar_struct(btf, mt, depth + 1))
				return false;
			continue;
		}
		if (mt && btf_is_array(mt)) {
			if (!btf_array(mt)->nelems)
				return false;
			mt = bc_btf_skip_mods(btf, btf_array(mt)->type, NULL);
		}
		if (!bc_btf_is_scalar(mt))
			return false;
	}
	return true;
}

/* Linux's check_func_arg_reg_off for a PTR_TO_BTF_ID argument. */
static int reg_off(struct venv *e, uint32_t pc, int regno,
		   const struct bc_vreg *r, bool release)
{
	char t[48], v[48];

	if (release && r->off)
		return vc_err(e, pc,
			      "R%d must have zero offset when passed to "
			      "release func or trusted arg to kfunc",
			      regno);
	bc_vreg_type_str(r, t, sizeof(t));
	if (r->off < 0)
		return vc_err(e, pc,
			      "negative offset %s ptr R%d off=%d "
			      "disallowed",
			      t, regno, r->off);
	if (!bc_scalar_is_const(&r->s) || r->s.var_off.value) {
		snprintf(v, sizeof(v), "(%#llx; %#llx)",
			 (unsigned long long)r->s.var_off.value,
			 (unsigned long long)r->s.var_off.mask);
		return vc_err(e, pc, "variable %s access var_off=%s disallowed",
			      t, v);
	}
	return 0;
}

/* process_kf_arg_ptr_to_btf_id: the struct the kfunc wants, by name. */
static int btf_id_arg(struct venv *e, uint32_t pc, struct kmeta *m, int i,
		      const struct btf_type *ref_t)
{
	int regno = i + 1;
	const struct bc_vreg *r = vc_reg(e, regno);
	const char *want = bc_btf_name(m->btf, ref_t),
		   *have = sock_struct(r->kind);
	bool release = (m->k->flags & BC_KF_RELEASE) && r->ref_id;
	char t[48], x[48];

	if (trusted_args(m) || (m->k->flags & BC_KF_RCU)) {
		if (!trusted_reg(r) && !(m->k->flags & BC_KF_RCU))
			return vc_err(e, pc,
				      "R%d must be referenced or trusted",
				      regno);
		if (!trusted_reg(r) && !(r->bflags & BC_BTF_RCU))
			return vc_err(e, pc, "R%d must be a rcu pointer",
				      regno);
	}
	if (reg_off(e, pc, regno, r, release))
		return -1;
	if (!have && (r->kind != VK_BTF_ID || ((r->bflags & ~BC_BTF_TRUSTED) &&
					       !(r->bflags & BC_BTF_RCU)))) {
		bc_btf_ptr_str(r->bflags & BC_BTF_TRUSTED, x, sizeof(x));
		return vc_err(e, pc, "arg#%d is %s expected %s or socket", i,
			      bc_vreg_type_str(r, t, sizeof(t)), x);
	}
	if (!have && !r->btf_id)
		return unsupported(e, pc, m, "an argument of a type not known");
	if (!have)
		have = bc_btf_type_name(vc_kbtf(e), r->btf_id);
	/* a kfunc taking __sk_buff or xdp_md takes the kernel's struct it
	 * stands for (Linux's btf_is_projection_of) */
	if ((!strcmp(want, "__sk_buff") && !strcmp(have, "sk_buff")) ||
	    (!strcmp(want, "xdp_md") && !strcmp(have, "xdp_buff")))
		return 0;
	if (release ? !r->off && !strcmp(have, want) :
		      (r->kind == VK_BTF_ID ?
			       bc_btf_ids_match(vc_kbtf(e), r->btf_id, r->off,
						want) :
			       !strcmp(have, want)))
		return 0;
	return vc_err(e, pc,
		      "kernel function %s args#%d expected pointer to "
		      "%s %s but R%d has a pointer to STRUCT %s",
		      m->name, i, kind_str(ref_t), want, regno, have);
}

/* bpf_cast_to_kern_ctx's argument: the unmodified context. */
static int ctx_arg(struct venv *e, uint32_t pc, int i)
{
	const struct bc_vreg *r = vc_reg(e, i + 1);
	char t[48];

	if (r->kind != VK_CTX)
		return vc_err(e, pc,
			      "arg#%d expected pointer to ctx, but got %s", i,
			      bc_vreg_type_str(r, t, sizeof(t)));
	if (r->off)
		return vc_err(e, pc,
			      "dereference of modified ctx ptr R%d off=%d "
			      "disallowed",
			      i + 1, r->off);
	if (!bc_scalar_is_const(&r->s) || r->s.var_off.value)
		return vc_err(e, pc, "variable ctx access var_off disallowed");
	return 0;
}

static int scalar_arg(struct venv *e, uint32_t pc, struct kmeta *m, int i)
{
	const struct bc_vreg *r = vc_reg(e, i + 1);

	if (r->kind != VK_SCALAR)
		return vc_err(e, pc, "R%d is not a scalar", i + 1);
	if (!arg_named(m, i, "__k"))
		return 0;
	vp_mark_reg(e, i + 1);
	if (!bc_scalar_is_const(&r->s))
		return vc_err(e, pc, "R%d must be a known constant", i + 1);
	m->konst = true;
	m->konst_val = r->s.var_off.value;
	return 0;
}

/*
 * A struct bpf_dynptr argument (KF_ARG_PTR_TO_DYNPTR): one the kfunc
 * makes ("__uninit": of the type its constructor makes, a clone of the
 * type and reference of the dynptr it copies), or an initialised one.
 */
static int dynptr_arg(struct venv *e, uint32_t pc, struct kmeta *m, int i)
{
	bool uninit = arg_named(m, i, "__uninit");
	enum vd_use use = uninit ? VD_UNINIT :
			  vc_reg(e, i + 1)->kind == VK_CONST_DYNPTR ?
				   VD_RDONLY :
				   VD_MUTABLE;
	uint8_t type = BC_DYNPTR_INVALID;
	uint32_t clone_ref = 0;
	struct vd_dynptr made;

	if (!strcmp(m->name, "bpf_dynptr_from_skb"))
		type = BC_DYNPTR_SKB;
	else if (!strcmp(m->name, "bpf_dynptr_from_xdp"))
		type = BC_DYNPTR_XDP;
	else if (!strcmp(m->name, "bpf_dynptr_clone") && uninit) {
		type = m->dyn.type;
		clone_ref = m->dyn.ref;
	}
	if (uninit && type == BC_DYNPTR_INVALID)
		return unsupported(e, pc, m, "the dynptr it makes");
	return vd_arg(e, pc, i + 1, use, type, clone_ref, true,
		      uninit ? &made : &m->dyn);
}

/* Is t the program type's context (Linux's btf_is_prog_ctx_type)? */
static bool prog_ctx(const struct venv *e, const struct kmeta *m,
		     const struct btf_type *t)
{
	struct bc_ctx_arg c = { .pointee = bc_btf_name(m->btf, t) };

	return struct_type(t) && bc_ctx_arg_is_ctx(e->type, &c);
}

/* Linux's check_kfunc_mem_size_reg: the size in regno, read and written. */
static int check_mem_size(struct venv *e, uint32_t pc, int regno)
{
	return vc_mem_size_arg(e, pc, regno - 1, false) ||
			       vc_mem_size_arg(e, pc, regno - 1, true) ?
		       -1 :
		       0;
}

/*
 * A buffer, size pair at arguments i, i + 1 (regno i + 1): Linux prints
 * why the access fails, then the line that is its verdict; an "__opt"
 * buffer may be NULL; a "__szk" size is a constant, kept for r0.
 */
static int mem_size(struct venv *e, uint32_t pc, struct kmeta *m, int i)
{
	int regno = i + 2;
	const struct bc_vreg *sz = vc_reg(e, regno);
	bool opt_null = arg_named(m, i, "__opt") && is_null(vc_reg(e, i + 1));

	if (sz->kind != VK_SCALAR)
		return vc_err(e, pc, "R%d is not a scalar", regno);
	if (!opt_null && check_mem_size(e, pc, regno)) {
		if (!e->fatal) {
			snprintf(e->res->error, sizeof(e->res->error),
				 "arg#%d arg#%d memory, len pair leads to "
				 "invalid memory access",
				 i, i + 1);
			vlog_printf(e, "%s\n", e->res->error);
		}
		return -1;
	}
	if (!arg_named(m, i + 1, "__szk"))
		return 0;
	vp_mark_reg(e, regno);
	if (!bc_scalar_is_const(&sz->s))
		return vc_err(e, pc, "R%d must be a known constant", regno);
	m->konst = true;
	m->konst_val = sz->s.var_off.value;
	return 0;
}

/*
 * Memory arguments: KF_ARG_PTR_TO_MEM_SIZE (argument i + 1 named __sz or
 * __szk is its size; 1: both checked) and KF_ARG_PTR_TO_MEM (the size of
 * the scalar or struct of scalars it points to).
 */
static int mem_arg(struct venv *e, uint32_t pc, struct kmeta *m, int i,
		   const struct btf_type *ref_t)
{
	const struct btf_param *a = btf_params(m->proto);
	bool pair =
		i + 1 < btf_vlen(m->proto) &&
		bc_btf_is_scalar(
			bc_btf_skip_mods(m->btf, a[i + 1].type, NULL)) &&
		(arg_named(m, i + 1, "__sz") || arg_named(m, i + 1, "__szk"));
	int64_t sz;

	if (!bc_btf_is_scalar(ref_t) && !scalar_struct(m->btf, ref_t, 0) &&
	    !(pair && (!ref_t || btf_is_void(ref_t))))
		return vc_err(e, pc,
			      "arg#%d pointer type %s %s must point to "
			      "scalar, or struct with scalar",
			      i, kind_str(ref_t), bc_btf_name(m->btf, ref_t));
	if (pair)
		return mem_size(e, pc, m, i) ? -1 : 1;
	sz = btf__resolve_size(m->btf,
			       bc_btf_skip_mods(m->btf, a[i].type, NULL)->type);
	if (sz <= 0)
		return unsupported(e, pc, m, "a memory argument of no size");
	return vc_mem_arg(e, pc, i + 1, (uint64_t)sz, false) ||
			       vc_mem_arg(e, pc, i + 1, (uint64_t)sz, true) ?
		       -1 :
		       0;
}

/* One pointer argument (get_kfunc_ptr_arg_type and what follows). */
static int ptr_arg(struct venv *e, uint32_t pc, struct kmeta *m, int i,
		   const struct btf_type *t)
{
	int regno = i + 1;
	const struct bc_vreg *r = vc_reg(e, regno);
	const struct btf_type *ref_t = bc_btf_skip_mods(m->btf, t->type, NULL);
	bool nullable = arg_named(m, i, "__nullable");

	if (r->kind == VK_SCALAR) /* NULL or not decides */
		vp_mark_reg(e, regno);
	if ((trusted_args(m) || (m->k->flags & BC_KF_RCU)) &&
	    (is_null(r) || bc_vkind_or_null(r->kind)) && !nullable)
		return vc_err(e, pc,
			      "Possibly NULL pointer passed to trusted "
			      "arg%d",
			      i);
	if (r->ref_id) {
		if ((m->k->flags & BC_KF_RELEASE) && m->ref)
			return vc_err_fatal(
				e, pc,
				"verifier internal error: more "
				"than one arg with ref_obj_id R%d %u %u",
				regno, r->ref_id, m->ref);
		m->ref = r->ref_id;
		if (m->k->flags & BC_KF_RELEASE)
			m->release_regno = regno;
	}
	if (arg_named(m, i, "__map")) /* KF_ARG_PTR_TO_MAP (kfunc_arena.c) */
		return vk_map_arg(e, pc, m->name, i,
				  trusted_args(m) || (m->k->flags & BC_KF_RCU));
	if (!strcmp(m->name, "bpf_cast_to_kern_ctx") || prog_ctx(e, m, ref_t))
		return ctx_arg(e, pc, i);
	if (struct_type(ref_t) &&
	    !strcmp(bc_btf_name(m->btf, ref_t), "bpf_dynptr"))
		return dynptr_arg(e, pc, m, i);
	if (nullable && is_null(r))
		return 0;
	if (r->kind == VK_BTF_ID || r->kind == VK_BTF_ID_OR_NULL ||
	    sock_struct(r->kind)) {
		if (!ref_t || !btf_is_struct(ref_t))
			return vc_err(e, pc,
				      "kernel function %s args#%d pointer "
				      "type %s %s is not supported",
				      m->name, i, kind_str(ref_t),
				      bc_btf_name(m->btf, ref_t));
		return btf_id_arg(e, pc, m, i, ref_t);
	}
	return mem_arg(e, pc, m, i, ref_t);
}

static int check_args(struct venv *e, uint32_t pc, struct kmeta *m)
{
	const struct btf_param *a = btf_params(m->proto);

	for (int i = m->first; i < btf_vlen(m->proto); i++) {
		const struct btf_type *t =
			bc_btf_skip_mods(m->btf, a[i].type, NULL);
		int err;

		if ((m->k->ign & (1u << i)) || arg_named(m, i, "__ign"))
			continue;
		if (bc_btf_is_scalar(t))
			err = scalar_arg(e, pc, m, i);
		else if (t && btf_is_ptr(t))
			err = ptr_arg(e, pc, m, i, t);
		else
			err = vc_err(e, pc, "Unrecognized arg#%d type %s", i,
				     kind_str(t));
		if (err < 0)
			return -1;
		i += err; /* a memory, size pair: the size is checked */
	}
	if ((m->k->flags & BC_KF_RELEASE) && !m->release_regno)
		return vc_err(e, pc,
			      "release kernel function %s expects "
			      "refcounted PTR_TO_BTF_ID",
			      m->name);
	return 0;
}

/* The kernel's struct named like the prototype's type id, or 0. */
static uint32_t kernel_struct(const struct venv *e, const struct kmeta *m,
			      uint32_t id)
{
	const struct btf_type *t = bc_btf_skip_mods(m->btf, id, &id);
	int k;

	if (m->btf == vc_kbtf(e))
		return id;
	k = btf__find_by_name_kind(vc_kbtf(e), bc_btf_name(m->btf, t),
				   btf_is_union(t) ? BTF_KIND_UNION :
						     BTF_KIND_STRUCT);
	return k > 0 ? (uint32_t)k : 0;
}

/* r0 of bpf_rdonly_cast and bpf_cast_to_kern_ctx (special kfuncs). */
static int special_ret(struct venv *e, uint32_t pc, struct kmeta *m,
		       struct bc_vreg *r0)
{
	const struct btf_type *t;
	const char *kctx;
	int id;

	if (!strcmp(m->name, "bpf_cast_to_kern_ctx")) {
		kctx = bc_prog_type_ops(e->type)->kern_ctx;
		if (!kctx)
			return unsupported(e, pc, m,
					   "a program type whose "
					   "kernel context is not known");
		bc_vreg_ptr(r0, VK_BTF_ID);
		r0->bflags = BC_BTF_TRUSTED;
		id = *kctx ? btf__find_by_name_kind(vc_kbtf(e), kctx,
						    BTF_KIND_STRUCT) :
			     0;
		r0->btf_id = id > 0 ? (uint32_t)id : 0;
		return 0;
	}
	if (!m->konst)
		return unsupported(e, pc, m, "no constant type id");
	t = btf__type_by_id(vc_kbtf(e), (uint32_t)m->konst_val);
	if (m->konst_val > UINT32_MAX || !struct_type(t))
		return vc_err(e, pc,
			      "kfunc bpf_rdonly_cast type ID argument "
			      "must be of a struct");
	bc_vreg_ptr(r0, VK_BTF_ID);
	r0->bflags = BC_BTF_UNTRUSTED;
	r0->btf_id = (uint32_t)m->konst_val;
	return 0;
}

/* r0 of bpf_dynptr_slice and _rdwr: a slice of their constant size. */
static int slice_ret(struct venv *e, uint32_t pc, struct kmeta *m,
		     struct bc_vreg *r0)
{
	bool rdonly = !strcmp(m->name, "bpf_dynptr_slice");

	if (!m->konst)
		return unsupported(e, pc, m, "no constant size");
	/*
	 * Linux 6.12 allows it where a program may write packets; the
	 * 6.18 kernel bpfcheck is checked against refuses it in every
	 * program type (XDP, TC; packet and local dynptrs alike)
	 */
	if (!rdonly)
		return vc_err(e, pc, "bpf_dynptr_slice_rdwr() is not allowed");
	/* (truncated as Linux's mem_size: a longer slice is NULL) */
	vd_slice(r0, &m->dyn, (uint32_t)m->konst_val, rdonly, vc_reg(e, 3));
	r0->id = ++e->id_gen;
	return 0;
}

/* r0 as the prototype's return type says (check_kfunc_call's end). */
static int set_ret(struct venv *e, uint32_t pc, struct kmeta *m,
		   struct bc_vreg *r0)
{
	const struct btf_type *t, *pt;
	uint32_t pid;

	t = bc_btf_skip_mods(m->btf, m->proto->type, NULL);
	bc_vreg_ptr(r0, VK_NOT_INIT);
	if ((m->k->flags & BC_KF_ACQUIRE) &&
	    (!t || !btf_is_ptr(t) ||
	     !struct_type(bc_btf_skip_mods(m->btf, t->type, NULL))))
		return vc_err(e, pc,
			      "acquire kernel function does not return "
			      "PTR_TO_BTF_ID");
	if (!m->proto->type || !t || btf_is_void(t))
		return 0;
	if (bc_btf_is_scalar(t)) {
		bc_vreg_scalar(r0);
		return 0;
	}
	if (!btf_is_ptr(t))
		return unsupported(e, pc, m, "its return type");
	if (!strcmp(m->name, "bpf_cast_to_kern_ctx") ||
	    !strcmp(m->name, "bpf_rdonly_cast"))
		return special_ret(e, pc, m, r0);
	if (!strcmp(m->name, "bpf_dynptr_slice") ||
	    !strcmp(m->name, "bpf_dynptr_slice_rdwr"))
		return slice_ret(e, pc, m, r0);
	pt = bc_btf_skip_mods(m->btf, t->type, &pid);
	if (!pt || btf_is_void(pt)) { /* void *: a scalar */
		bc_vreg_scalar(r0);
		return 0;
	}
	if (!btf_is_struct(pt))
		return unsupported(e, pc, m, "a pointer to memory returned");
	bc_vreg_ptr(r0, m->k->flags & BC_KF_RET_NULL ? VK_BTF_ID_OR_NULL :
						       VK_BTF_ID);
	r0->btf_id = kernel_struct(e, m, pid);
	/* a kmem_cache found by address: read through probes only */
	if (!strcmp(m->name, "bpf_get_kmem_cache"))
		r0->bflags = BC_BTF_UNTRUSTED;
	if (m->k->flags & BC_KF_RET_NULL)
		r0->id = ++e->id_gen;
	if (m->k->flags & BC_KF_ACQUIRE) {
		r0->ref_id = vc_acquire(e, pc);
		if (m->k->flags & BC_KF_RET_NULL)
			r0->id = r0->ref_id;
	}
	return 0;
}

/* The prototype: the kernel's, else the program's extern declaration. */
const struct btf_type *vk_kfunc_proto(const struct venv *e, const char *name,
				      const struct btf **btf)
{
	const struct btf_type *t;
	int id = -1;

	*btf = vc_kbtf(e);
	if (*btf)
		id = btf__find_by_name_kind(*btf, name, BTF_KIND_FUNC);
	if (id <= 0 && e->obj->btf) {
		*btf = e->obj->btf;
		id = btf__find_by_name_kind(*btf, name, BTF_KIND_FUNC);
	}
	t = id > 0 ? btf__type_by_id(*btf, (uint32_t)id) : NULL;
	t = t ? btf__type_by_id(*btf, t->type) : NULL;
	return t && btf_is_func_proto(t) && btf_vlen(t) <= 5 ? t : NULL;
}

static int find_proto(struct venv *e, uint32_t pc, struct kmeta *m)
{
	if (!vc_kbtf(e))
		return vc_err_fatal(e, pc,
				    "kfunc %s is not supported by "
				    "bpfcheck without the kernel's BTF (--btf "
				    "FILE)",
				    m->name);
	m->proto = vk_kfunc_proto(e, m->name, &m->btf);
	if (!m->proto)
		return unsupported(e, pc, m, "no prototype in BTF");
	return 0;
}

int vk_btf_args(struct venv *e, uint32_t pc, const char *name,
		const struct bc_kfunc *k, int first)
{
	struct kmeta m = { .name = name, .k = k, .first = first };

	return find_proto(e, pc, &m) || check_args(e, pc, &m) ? -1 : 0;
}

int vk_btf_call(struct venv *e, uint32_t pc, const char *name,
		const struct bc_kfunc *k)
{
	struct kmeta m = { .name = name, .k = k };
	struct bc_vreg r0;

	if (!strcmp(name, "bpf_rcu_read_lock") ||
	    !strcmp(name, "bpf_rcu_read_unlock")) {
		if (vlk_rcu_kfunc(e, pc, name, false))
			return -1;
		for (int r = 0; r <= 5; r++)
			bc_vreg_ptr(vc_reg(e, r), VK_NOT_INIT);
		return 0;
	}
	if (find_proto(e, pc, &m) || check_args(e, pc, &m))
		return -1;
	if ((k->flags & BC_KF_SLEEPABLE) && !e->sleepable)
		return vc_err(e, pc,
			      "program must be sleepable to call "
			      "sleepable kfunc %s",
			      name);
	if (vlk_rcu_kfunc(e, pc, name, k->flags & BC_KF_SLEEPABLE) ||
	    vlk_preempt_kfunc(e, pc, name, k->flags & BC_KF_SLEEPABLE))
		return -1;
	if (m.release_regno)
		vc_release_ref(e, vc_reg(e, m.release_regno)->ref_id);
	if (set_ret(e, pc, &m, &r0))
		return -1;
	for (int r = 1; r <= 5; r++)
		bc_vreg_ptr(vc_reg(e, r), VK_NOT_INIT);
	*vc_reg(e, 0) = r0;
	return 0;
}
