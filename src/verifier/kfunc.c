// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * kfunc calls (Linux's check_kfunc_call): the kfunc by name from the
 * object's kernel symbols, its flags and program types from
 * platform/kfuncs.c, its prototype from the object's BTF (the extern
 * __ksym declaration). Today the open-coded iterators whose arguments
 * are scalars (bpf_iter_num_*, bpf_iter_bits_*) are verified: the
 * iterator's slots on the stack, its reference, and next() forking into
 * an element and the end (process_iter_arg, process_iter_next_call).
 * Other kfuncs Linux ships are checked by kfunc_btf.c; a kfunc bpfcheck
 * does not know fails the program, naming it.
 */
#include <bpf/btf.h>
#include <string.h>

#include "platform/kfuncs.h"
#include "verifier/call.h"
#include "verifier/jmp.h"
#include "verifier/kfunc.h"
#include "verifier/lock.h"
#include "verifier/log.h"
#include "verifier/mem.h"
#include "verifier/precision.h"

/* The iterators bpfcheck verifies; their struct's size if BTF lacks it. */
static const struct {
	const char *name;
	int size;
} iter_kinds[] = {
	{ "num", 8 },	     { "bits", 16 },  { "task", 24 },
	{ "task_vma", 8 },   { "css", 24 },   { "css_task", 8 },
	{ "kmem_cache", 8 }, { "dmabuf", 8 },
};

struct kcall {
	const char *name;
	const struct bc_kfunc *k;
	const struct btf *btf;
	const struct btf_type *proto; /* FUNC_PROTO */
	int iter; /* iter_kinds index, -1 none */
	int iter_slots;
};

static int unsupported(struct venv *e, uint32_t pc, const char *name)
{
	return vc_err_fatal(e, pc, "kfunc %s is not supported by bpfcheck",
			    name);
}

/* "bpf_iter_<kind>_new" and so on: the kind, or -1. */
static int iter_kind_of(const char *name)
{
	const char *p = name + strlen("bpf_iter_");

	if (strncmp(name, "bpf_iter_", 9))
		return -1;
	for (size_t i = 0; i < BC_ARRAY_SIZE(iter_kinds); i++) {
		size_t n = strlen(iter_kinds[i].name);

		if (!strncmp(p, iter_kinds[i].name, n) && p[n] == '_' &&
		    (!strcmp(p + n, "_new") || !strcmp(p + n, "_next") ||
		     !strcmp(p + n, "_destroy")))
			return (int)i;
	}
	return -1;
}

/* Slots of the iterator struct the first argument points to. */
static int iter_slots(const struct kcall *kc)
{
	const struct btf_param *a = btf_params(kc->proto);
	const struct btf_type *t;
	uint32_t id;
	int64_t sz;

	t = btf_vlen(kc->proto) ? bc_btf_skip_mods(kc->btf, a[0].type, NULL) :
				  NULL;
	if (!t || !btf_is_ptr(t))
		return 0;
	t = bc_btf_skip_mods(kc->btf, t->type, &id);
	sz = t && btf_is_struct(t) ? btf__resolve_size(kc->btf, id) :
				     iter_kinds[kc->iter].size;
	return sz > 0 && sz % 8 == 0 ? (int)(sz / 8) : 0;
}

/*
 * Name, flags, program type and prototype; 0, 1 for a kfunc that is not
 * an iterator, or the path's error.
 */
static int lookup(struct venv *e, uint32_t pc, const struct bpf_insn *in,
		  struct kcall *kc)
{
	kc->name = bc_object_ksym_name(e->obj, in->imm);
	if (!kc->name)
		return vc_err_fatal(e, pc,
				    "kfunc#%d is not supported by bpfcheck",
				    in->imm);
	if (!vc_kbtf_is_kernels(e))
		return vc_err_fatal(e, pc,
				    "kfunc %s: whether Linux %s has it is not "
				    "known to bpfcheck without that kernel's "
				    "BTF (--btf)",
				    kc->name, e->kern->name);
	/* an older kernel's BTF (--btf) without it: libbpf cannot resolve
	 * the extern; bpfcheck reads no module BTF, so one there is
	 * refused too */
	if (e->kern != bc_kernel_running() && vc_kbtf(e) &&
	    btf__find_by_name_kind(vc_kbtf(e), kc->name, BTF_KIND_FUNC) <= 0)
		return vc_err_fatal(e, pc,
				    "kfunc %s is absent from Linux %s's BTF "
				    "(extern (func ksym) '%s': not found in "
				    "kernel BTF)",
				    kc->name, e->kern->name, kc->name);
	kc->k = bc_kfunc_find(kc->name);
	/* (a program whose type bpfcheck did not find: not decided here) */
	if (kc->k && e->type != BPF_PROG_TYPE_UNSPEC &&
	    !bc_kfunc_allowed(kc->k, e->type, e->attach))
		return vc_err(e, pc,
			      "calling kernel function %s is not "
			      "allowed",
			      kc->name);
	if (kc->k && kc->k->why)
		return vc_err_fatal(
			e, pc, "kfunc %s is not supported by bpfcheck (%s)",
			kc->name, kc->k->why);
	kc->iter = iter_kind_of(kc->name);
	if (kc->k && !(kc->k->flags & BC_KF_ITER) && kc->iter < 0)
		return 1; /* not an iterator: vk_btf_call */
	if (!kc->k || kc->iter < 0)
		return unsupported(e, pc, kc->name);
	kc->proto = vk_kfunc_proto(e, kc->name, &kc->btf);
	if (!kc->proto || !(kc->iter_slots = iter_slots(kc)))
		return unsupported(e, pc, kc->name);
	return 0;
}

/*
 * Linux's check_css_task_iter_allowlist: css_task iterators take
 * css_set_lock, only safe in LSM and iter programs and where sleeping is.
 */
static int css_task_allowed(struct venv *e, uint32_t pc, const struct kcall *kc)
{
	if (strcmp(kc->name, "bpf_iter_css_task_new") ||
	    e->type == BPF_PROG_TYPE_LSM || e->sleepable ||
	    (e->type == BPF_PROG_TYPE_TRACING && e->attach == BPF_TRACE_ITER))
		return 0;
	return vc_err(e, pc,
		      "css_task_iter is only allowed in bpf_lsm, "
		      "bpf_iter and sleepable progs");
}

/*
 * Arguments after the iterator: scalars, or ignored ("__ign"); a
 * constructor taking kernel objects has them all checked by their BTF.
 */
static int iter_args(struct venv *e, uint32_t pc, const struct kcall *kc)
{
	const struct btf_param *a = btf_params(kc->proto);

	if (css_task_allowed(e, pc, kc))
		return -1;
	for (int i = 1; i < btf_vlen(kc->proto); i++) {
		if (kc->k->ign & (1u << i))
			continue;
		if (!bc_btf_is_scalar(
			    bc_btf_skip_mods(kc->btf, a[i].type, NULL)))
			return vk_btf_args(e, pc, kc->name, kc->k, 1);
		if (vc_reg(e, i + 1)->kind != VK_SCALAR)
			return vc_err(e, pc, "R%d is not a scalar", i + 1);
	}
	return 0;
}

/* The stack slot (index into stype / 8) R1 points to, or -1. */
static int iter_slot(struct venv *e, uint32_t pc, const struct kcall *kc,
		     struct bc_vframe **fp)
{
	const struct bc_vreg *r = vc_reg(e, 1);
	int64_t o;

	if (r->kind != VK_FP)
		return vc_err(e, pc,
			      "arg#0 expected pointer to an iterator "
			      "on stack");
	if (!bc_scalar_is_const(&r->s))
		return vc_err(e, pc, "R1 has to be at a constant offset");
	o = r->off + (int64_t)r->s.var_off.value;
	if (o % 8 || o < -BC_STACK || o + 8 * kc->iter_slots > 0)
		return vc_err(e, pc, "cannot pass in iter_%s at an offset=%lld",
			      iter_kinds[kc->iter].name, (long long)o);
	*fp = e->cur.frames[r->frame];
	vp_read_stack(e, r->frame, o, o + 8 * kc->iter_slots);
	return (int)((BC_STACK + o) / 8);
}

/*
 * Linux's is_iter_reg_valid_init: every byte an iterator of this kind
 * (0, else -1); -2: an RCU-protected iterator whose section ended.
 */
static int iter_valid(const struct bc_vframe *f, int k, const struct kcall *kc)
{
	for (int i = 0; i < kc->iter_slots; i++) {
		const struct bc_vreg *s = f->stype[8 * (k + i)] == VS_ITER ?
						  &f->spill[k + i] :
						  NULL;

		if (s && (s->bflags & BC_BTF_UNTRUSTED))
			return -2;
		for (int b = 0; b < 8; b++)
			if (f->stype[8 * (k + i) + b] != VS_ITER)
				return -1;
		if (s->map != (uint32_t)kc->iter + 1 ||
		    s->mem_size != (uint32_t)i || (i == 0) != (s->ref_id != 0))
			return -1;
	}
	return 0;
}

/*
 * The most elements an iterator made by this call yields, or -1: for
 * bpf_iter_num_new(it, start, end), end - start, or none when start > end
 * or more than BPF_MAX_LOOPS (-EINVAL, -E2BIG), as Linux's bpf_iter_num_new.
 */
static int32_t iter_count(struct venv *e, const struct kcall *kc)
{
	const struct bc_vreg *a = vc_reg(e, 2), *b = vc_reg(e, 3);
	int64_t lo, hi;

	if (strcmp(iter_kinds[kc->iter].name, "num"))
		return -1;
	if (a->kind != VK_SCALAR || b->kind != VK_SCALAR ||
	    !bc_scalar_is_const(&a->s) || !bc_scalar_is_const(&b->s))
		return BC_MAX_LOOPS;
	lo = (int32_t)a->s.var_off.value;
	hi = (int32_t)b->s.var_off.value;
	return lo > hi || hi - lo > BC_MAX_LOOPS ? 0 : (int32_t)(hi - lo);
}

static int iter_new(struct venv *e, uint32_t pc, const struct kcall *kc)
{
	struct bc_vframe *f;
	int32_t cnt = iter_count(e, kc);
	uint32_t ref;
	int k = iter_slot(e, pc, kc, &f);

	if (k < 0)
		return -1;
	for (int b = 0; b < 8 * kc->iter_slots; b++)
		if (f->stype[8 * k + b] == VS_ITER)
			return vc_err(e, pc,
				      "expected uninitialized iter_%s as "
				      "arg #0",
				      iter_kinds[kc->iter].name);
	for (int i = 0; i < kc->iter_slots; i++)
		if (vmem_access(e, pc, 1, 8 * i, 8, true, NULL, -1, NULL,
				false))
			return -1;
	ref = vc_acquire(e, pc);
	bc_vframe_spill_grow(f, k);
	for (int i = 0; i < kc->iter_slots; i++) {
		struct bc_vreg *s = &f->spill[k + i];

		memset(f->stype + 8 * (k + i), VS_ITER, 8);
		bc_vreg_ptr(s, VK_NOT_INIT);
		s->map = (uint32_t)kc->iter + 1;
		s->off = VK_ITER_ACTIVE;
		s->mem_size = (uint32_t)i;
		s->ref_id = i ? 0 : ref;
		s->range = cnt;
		/* made in an RCU section (vk_call checked): MEM_RCU */
		s->bflags = kc->k->flags & BC_KF_RCU_PROTECTED ? BC_BTF_RCU : 0;
	}
	vlog_scratch_slot(e, vc_reg(e, 1)->frame, k);
	return 0;
}

static void iter_destroy(struct venv *e, struct bc_vframe *f, int k,
			 const struct kcall *kc)
{
	uint32_t ref = f->spill[k].ref_id;

	for (int i = 0; i < kc->iter_slots; i++) {
		memset(f->stype + 8 * (k + i), VS_INVALID, 8);
		bc_vreg_ptr(&f->spill[k + i], VK_NOT_INIT);
	}
	vc_release_ref(e, ref);
}

/*
 * next() of an iterator over kernel objects: the element, trusted, or
 * RCU-protected when the iterator is (the NULL at the end: iter_next).
 */
static int ret_object(struct venv *e, uint32_t pc, const struct kcall *kc,
		      const struct btf_type *pt, uint8_t iflags)
{
	struct bc_vreg *r0 = vc_reg(e, 0);
	int id = vc_kbtf(e) ? btf__find_by_name_kind(vc_kbtf(e),
						     bc_btf_name(kc->btf, pt),
						     BTF_KIND_STRUCT) :
			      -1;

	if (id <= 0)
		return vc_err_fatal(e, pc,
				    "kfunc %s is not supported by "
				    "bpfcheck without the kernel's BTF of its "
				    "element",
				    kc->name);
	bc_vreg_ptr(r0, VK_BTF_ID);
	r0->btf_id = (uint32_t)id;
	r0->bflags = iflags & BC_BTF_RCU ? BC_BTF_RCU : BC_BTF_TRUSTED;
	return 0;
}

/*
 * Registers after the call: r1-r5 clobbered, r0 as the prototype says;
 * an element in memory is read-only and dies with the iterator's
 * reference iref (Linux's meta.ref_obj_id).
 */
static int set_ret(struct venv *e, uint32_t pc, const struct kcall *kc,
		   uint8_t iflags, uint32_t iref)
{
	const struct btf_type *t =
		bc_btf_skip_mods(kc->btf, kc->proto->type, NULL);
	const struct btf_type *pt;
	struct bc_vreg *r0 = vc_reg(e, 0);
	int64_t sz;

	for (int r = 1; r <= 5; r++)
		bc_vreg_ptr(vc_reg(e, r), VK_NOT_INIT);
	if (!t || btf_is_void(t) || !kc->proto->type) {
		bc_vreg_ptr(r0, VK_NOT_INIT);
		return 0;
	}
	if (bc_btf_is_scalar(t)) {
		bc_vreg_scalar(r0);
		return 0;
	}
	pt = btf_is_ptr(t) ? bc_btf_skip_mods(kc->btf, t->type, NULL) : NULL;
	if (pt && btf_is_struct(pt) && (kc->k->flags & BC_KF_ITER_NEXT))
		return ret_object(e, pc, kc, pt, iflags);
	if (!btf_is_ptr(t) || !(kc->k->flags & BC_KF_ITER_NEXT) ||
	    !bc_btf_is_scalar(bc_btf_skip_mods(kc->btf, t->type, NULL)) ||
	    (sz = btf__resolve_size(kc->btf, t->type)) <= 0)
		return unsupported(e, pc, kc->name);
	bc_vreg_ptr(r0, VK_MEM);
	r0->mem_size = (uint32_t)sz;
	r0->frame = 1; /* plain memory, read-only */
	r0->bflags = VM_RDONLY;
	r0->id = ++e->id_gen;
	r0->ref_id = iref;
	return 0;
}

/*
 * Linux's process_iter_next_call: while the iterator is active, a path
 * on which next() returned an element (and the iterator is still
 * active, one round deeper) is pushed; this path goes on with the
 * iterator drained and NULL returned.
 */
static void note_site(struct venv *e, uint32_t pc, uint32_t frame,
		      const struct bc_vreg *s, int k)
{
	uint32_t slot = 1 + (frame << 16 | (uint32_t)k);
	uint32_t cnt = s->range < 0 ? UINT32_MAX : (uint32_t)s->range;

	if (!e->iter_slot[pc])
		e->iter_slot[pc] = slot;
	else if (e->iter_slot[pc] != slot)
		e->iter_slot[pc] = UINT32_MAX;
	if (cnt > e->iter_cnt[pc])
		e->iter_cnt[pc] = cnt;
}

static int iter_next(struct venv *e, uint32_t pc, struct bc_vframe *f, int k)
{
	if (f->spill[k].off == VK_ITER_ACTIVE) {
		const struct bc_vchk *prev = vc_prev_round(e, pc);
		struct bc_vstate *el;

		if (vc_push(e, pc + 1))
			return -1;
		el = &e->stack[e->stack_n - 1];
		el->iter_depth++;
		if (prev)
			vc_widen_round(prev, el);
	}
	f->spill[k].off = VK_ITER_DRAINED;
	bc_vreg_const(vc_reg(e, 0), 0);
	return 0;
}

int vk_call(struct venv *e, uint32_t pc, const struct bpf_insn *in,
	    uint32_t *next)
{
	struct bc_vframe *f;
	struct kcall kc = { 0 };
	uint32_t fl, iref;
	uint8_t iflags;
	int k, err = lookup(e, pc, in, &kc);

	/* (Linux 6.18: at the call, where 6.12 made the iterator untrusted) */
	if (err >= 0 && (kc.k->flags & BC_KF_RCU_PROTECTED) &&
	    !vlk_in_rcu_cs(e))
		return vc_err(e, pc,
			      "kernel func %s requires RCU critical "
			      "section protection",
			      kc.name);
	if (err == 1) {
		*next = pc + 1;
		return vk_btf_call(e, pc, kc.name, kc.k);
	}
	if (err)
		return -1;
	/* sleepable iterators (kmem_cache, dmabuf): where a program may sleep */
	if ((kc.k->flags & BC_KF_SLEEPABLE) && !e->sleepable)
		return vc_err(e, pc,
			      "program must be sleepable to call sleepable "
			      "kfunc %s",
			      kc.name);
	if (vlk_rcu_kfunc(e, pc, kc.name, kc.k->flags & BC_KF_SLEEPABLE) ||
	    vlk_preempt_kfunc(e, pc, kc.name, kc.k->flags & BC_KF_SLEEPABLE) ||
	    iter_args(e, pc, &kc))
		return -1;
	fl = kc.k->flags;
	if (fl & BC_KF_ITER_NEW) {
		if (iter_new(e, pc, &kc) || set_ret(e, pc, &kc, 0, 0))
			return -1;
		*next = pc + 1;
		return 0;
	}
	if ((k = iter_slot(e, pc, &kc, &f)) < 0)
		return -1;
	err = iter_valid(f, k, &kc);
	if (err == -2)
		return vc_err(e, pc, "expected an RCU CS when using %s",
			      kc.name);
	if (err)
		return vc_err(e, pc,
			      "expected an initialized iter_%s as arg "
			      "#0",
			      iter_kinds[kc.iter].name);
	iflags = f->spill[k].bflags;
	iref = f->spill[k].ref_id;
	if (fl & BC_KF_ITER_DESTROY)
		iter_destroy(e, f, k, &kc);
	if (fl & BC_KF_ITER_NEXT) {
		note_site(e, pc, vc_reg(e, 1)->frame, &f->spill[k], k);
		vlog_scratch_slot(e, vc_reg(e, 1)->frame, k);
	}
	if (set_ret(e, pc, &kc, iflags, iref))
		return -1;
	if ((fl & BC_KF_ITER_NEXT) && iter_next(e, pc, f, k))
		return -1;
	*next = pc + 1;
	return 0;
}

const char *vk_iter_kind_name(const struct bc_vreg *s)
{
	return s->map && s->map <= BC_ARRAY_SIZE(iter_kinds) ?
		       iter_kinds[s->map - 1].name :
		       "?";
}

int vk_iter_arg_bytes(const struct venv *e, uint32_t pc)
{
	const struct bpf_insn *in = &e->prog->insns[pc];
	struct kcall kc = { 0 };

	if (!bc_is_kfunc_call(in) ||
	    !(kc.name = bc_object_ksym_name(e->obj, in->imm)) ||
	    (kc.iter = iter_kind_of(kc.name)) < 0 ||
	    !(kc.proto = vk_kfunc_proto(e, kc.name, &kc.btf)))
		return 0;
	return 8 * iter_slots(&kc);
}

bool vk_is_iter_next(const struct venv *e, uint32_t pc)
{
	const struct bpf_insn *in = &e->prog->insns[pc];
	const char *name;
	const struct bc_kfunc *k;

	if (!bc_is_kfunc_call(in) ||
	    !(name = bc_object_ksym_name(e->obj, in->imm)) ||
	    !(k = bc_kfunc_find(name)))
		return false;
	return k->flags & BC_KF_ITER_NEXT;
}

bool vk_iter_active(struct venv *e)
{
	const struct bc_vreg *r = vc_reg(e, 1);
	const struct bc_vframe *f;
	int64_t o;

	if (r->kind != VK_FP || !bc_scalar_is_const(&r->s))
		return false;
	o = r->off + (int64_t)r->s.var_off.value;
	if (o % 8 || o < -BC_STACK || o >= 0)
		return false;
	f = e->cur.frames[r->frame];
	o = (BC_STACK + o) / 8;
	return f->stype[8 * o] == VS_ITER && f->spill[o].off == VK_ITER_ACTIVE;
}

/* ---- trip bounds of iterator loops (beyond Linux) ---- */

/* Is insn i something that could make an iterator inside a loop? */
static bool makes_iter(const struct venv *e, uint32_t i)
{
	const struct bpf_insn *in = &e->prog->insns[i];
	const char *name;
	const struct bc_kfunc *k;

	if (bc_is_pseudo_call(in) || bc_is_pseudo_func(in))
		return true;
	if (!bc_is_kfunc_call(in))
		return false;
	name = bc_object_ksym_name(e->obj, in->imm);
	k = name ? bc_kfunc_find(name) : NULL;
	return !k || (k->flags & BC_KF_ITER_NEW);
}

/*
 * The next() call whose result block b's last insn tests against zero
 * (r0 unchanged in between), with a known count and one slot; or
 * BC_NONE.
 */
static uint32_t tested_site(const struct venv *e, uint32_t b)
{
	const struct bc_block *bl = &e->cfg->blocks[b];
	const struct bpf_insn *j;

	if (bl->last == BC_NONE)
		return BC_NONE;
	j = &e->prog->insns[bl->last];
	if (j->code != (BPF_JMP | BPF_JEQ | BPF_K) &&
	    j->code != (BPF_JMP | BPF_JNE | BPF_K))
		return BC_NONE;
	if (j->dst_reg != 0 || j->imm != 0)
		return BC_NONE;
	for (uint32_t i = bl->last; i-- > bl->first;) {
		if (vk_is_iter_next(e, i))
			return e->iter_slot[i] &&
					       e->iter_slot[i] != UINT32_MAX &&
					       e->iter_cnt[i] != UINT32_MAX ?
				       i :
				       BC_NONE;
		if (e->def[i] & 1)
			return BC_NONE;
	}
	return BC_NONE;
}

/* The edge on which next() returned an element. */
static bool element_edge(const struct bc_cfg *cfg, uint32_t b, uint32_t k,
			 void *arg)
{
	const struct venv *e = arg;
	const struct bpf_insn *j;

	if (tested_site(e, b) == BC_NONE)
		return false;
	j = &e->prog->insns[cfg->blocks[b].last];
	return cfg->succ_kind[k] ==
	       (bc_op(j) == BPF_JEQ ? BC_EDGE_FALL : BC_EDGE_TAKEN);
}

uint64_t vk_loop_trip(struct venv *e, uint32_t l)
{
	const struct bc_loop *lp = &e->cfg->loops[l];
	uint64_t sum = 1;

	for (uint32_t i = 0; i < lp->body_cnt; i++) {
		const struct bc_block *bl = &e->cfg->blocks[lp->body[i]];

		for (uint32_t p = bl->first;
		     bl->last != BC_NONE && p <= bl->last; p++)
			if (makes_iter(e, p))
				return 0;
	}
	if (bc_loop_free_cycle(e->cfg, l, element_edge, e))
		return 0;
	for (uint32_t i = 0; i < lp->body_cnt; i++) {
		uint32_t s = tested_site(e, lp->body[i]);

		if (s != BC_NONE)
			sum += e->iter_cnt[s];
	}
	return sum;
}
