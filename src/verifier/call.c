// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Verifier: helper calls (Linux's check_helper_call), bpf-to-bpf calls
 * (check_func_call), callbacks and exits.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "platform/btfctx.h"
#include "platform/ctx.h"
#include "platform/helpers.h"
#include "platform/map_funcs.h"
#include "platform/progtypes.h"
#include "platform/struct_ops.h"
#include "isa/insn.h"
#include "platform/kconfig.h"
#include "verifier/call.h"
#include "verifier/dynptr.h"
#include "verifier/global.h"
#include "verifier/kfunc.h"
#include "verifier/lock.h"
#include "verifier/mapkey.h"
#include "verifier/mem.h"
#include "verifier/precision.h"
#include "verifier/tags.h"

struct callinfo {
	int32_t map; /* map index from the map arg, -1 none */
	int mem_regno; /* pending mem arg waiting for its size */
	uint32_t mem_kind;
	uint32_t alloc_size;
	uint32_t release_ref;
	uint32_t arg_ref; /* reference of a socket argument */
	int32_t cb_target;
	struct bc_vreg cbctx;
	bool has_cbctx;
	struct vd_dynptr dyn; /* the dynptr argument's */
	bool dyn_release; /* the release argument is a dynptr */
};

static uint32_t acquire(struct venv *e, uint32_t pc)
{
	struct bc_vstate *st = &e->cur;
	uint32_t id = ++e->id_gen;

	st->refs = bc_xrealloc(st->refs, (st->ref_cnt + 1) * sizeof(*st->refs));
	st->refs[st->ref_cnt].id = id;
	st->refs[st->ref_cnt++].insn = pc;
	return id;
}

uint32_t vc_acquire(struct venv *e, uint32_t pc)
{
	return acquire(e, pc);
}

static int type_err(struct venv *e, uint32_t pc, int regno,
		    const struct bc_vreg *r, const char *exp)
{
	char t[48];

	return vc_err(e, pc, "R%d type=%s expected=%s", regno,
		      bc_vreg_type_str(r, t, sizeof(t)), exp);
}

#define MEM_KINDS                                                              \
	"fp, pkt, pkt_meta, map_key, map_value, mem, ringbuf_mem, "            \
	"buf, trusted_ptr_"

static int helper_mem(struct venv *e, uint32_t pc, int regno, uint64_t size,
		      bool write, bool pkt_ok)
{
	struct bc_vreg *r = vc_reg(e, regno);

	switch (r->kind) {
	case VK_FP: /* Linux checks the bounds of a zero-sized access too */
		if (write && vd_helper_write(e, pc, r, size))
			return -1;
		return vmem_stack_range(e, pc, regno, r, 0, size, write);
	case VK_PKT:
	case VK_PKT_META:
		if (!pkt_ok ||
		    (write && !bc_ctx_has_pkt(e->type, e->attach, false)))
			return type_err(e, pc, regno, r, MEM_KINDS);
		/* fallthrough */
	case VK_MAP_VALUE:
	case VK_MAP_KEY:
	case VK_MEM:
		if (!size)
			return 0;
		if (size > 0x7fffffff)
			return vc_err(e, pc, "R%d unbounded memory access",
				      regno);
		return vmem_access(e, pc, regno, 0, (int)size, write, NULL, -1,
				   NULL, false);
	default: return type_err(e, pc, regno, r, MEM_KINDS);
	}
}

/*
 * Linux's may_update_sockmap: where a sockmap or sockhash may be changed
 * by map_update_elem or map_delete_elem (no locked socket can be reached).
 */
static bool may_update_sockmap(struct venv *e, int32_t fn)
{
	enum bc_sockmap_update rule = bc_prog_type_ops(e->type)->sockmap_update;

	if (fn != BPF_FUNC_map_update_elem && fn != BPF_FUNC_map_delete_elem)
		return false;
	if (rule == BC_SOCKMAP_UPDATE ||
	    (rule == BC_SOCKMAP_ITER && e->attach == BPF_TRACE_ITER) ||
	    (rule == BC_SOCKMAP_DELETE && fn == BPF_FUNC_map_delete_elem))
		return true;
	vc_log(e, "cannot update sockmap in this context\n");
	return false;
}

static bool map_func_ok(struct venv *e, uint32_t mt, int32_t fn)
{
	bool sockmap = mt == BPF_MAP_TYPE_SOCKMAP ||
		       mt == BPF_MAP_TYPE_SOCKHASH;

	return bc_map_func_compatible(mt, fn,
				      sockmap && may_update_sockmap(e, fn));
}

static int size_arg(struct venv *e, uint32_t pc, int regno, bool zero_ok,
		    struct callinfo *ci, bool write, bool pkt_ok)
{
	struct bc_vreg *r = vc_reg(e, regno);

	if (r->kind != VK_SCALAR)
		return type_err(e, pc, regno, r, "scalar");
	vp_mark_reg(e, regno);
	if (r->s.smin < 0)
		return vc_err(e, pc,
			      "R%d min value is negative, either use "
			      "unsigned or 'var &= const'",
			      regno);
	if (r->s.umin == 0 && !zero_ok)
		return vc_err(e, pc,
			      "R%d invalid zero-sized read: u64=[%" PRId64
			      ",%" PRId64 "]",
			      regno, (int64_t)r->s.umin, (int64_t)r->s.umax);
	if (r->s.umax >= (1ull << 29))
		return vc_err(e, pc,
			      "R%d unbounded memory access, use 'var &= "
			      "const' or 'if (var < const)'",
			      regno);
	if (ci->mem_regno < 0)
		return 0;
	/* NULL memory (an _OR_NULL argument): only a zero-sized access */
	if (vc_reg(e, ci->mem_regno)->kind == VK_SCALAR) {
		if (!r->s.umax)
			return 0;
		return type_err(e, pc, ci->mem_regno, vc_reg(e, ci->mem_regno),
				"fp");
	}
	return helper_mem(e, pc, ci->mem_regno, r->s.umax, write, pkt_ok);
}

/* Scalar arguments: any value, a scalar, a size, a constant. */
static int check_scalar_arg(struct venv *e, uint32_t pc,
			    const struct bc_helper_proto *p, int regno,
			    uint32_t k, struct callinfo *ci, bool mem_write)
{
	struct bc_vreg *r = vc_reg(e, regno);

	switch (k) {
	case BC_ARG_ANYTHING:
		if (!e->priv && bc_vkind_is_ptr(r->kind))
			return vc_err(e, pc,
				      "R%d leaks addr into helper "
				      "function",
				      regno);
		return 0;
	case BC_ARG_SCALAR:
		return r->kind == VK_SCALAR ?
			       0 :
			       type_err(e, pc, regno, r, "scalar");
	case BC_ARG_CONST_SIZE:
	case BC_ARG_CONST_SIZE_OR_ZERO:
		return size_arg(e, pc, regno, k == BC_ARG_CONST_SIZE_OR_ZERO,
				ci, mem_write, p->flags & BC_HF_PKT_ACCESS);
	}
	/* BC_ARG_CONST_ALLOC_SIZE_OR_ZERO */
	vp_mark_reg(e, regno);
	if (r->kind != VK_SCALAR || !bc_scalar_is_const(&r->s))
		return vc_err(e, pc, "R%d is not a known constant'", regno);
	ci->alloc_size = (uint32_t)r->s.var_off.value;
	return 0;
}

/*
 * Linux's resolve_map_arg_type: a sockmap's or sockhash's value, in a
 * program, is the socket itself (ARG_PTR_TO_BTF_ID_SOCK_COMMON).
 */
static int sock_value_arg(struct venv *e, uint32_t pc, int regno, uint32_t k)
{
	struct bc_vreg *r = vc_reg(e, regno);

	if (k != BC_ARG_PTR_TO_MAP_VALUE)
		return vc_err(e, pc, "invalid arg_type for sockmap/sockhash");
	switch (r->kind) {
	case VK_SOCK_COMMON:
	case VK_SOCK:
	case VK_TCP_SOCK: return 0;
	case VK_BTF_ID: /* plain or trusted only, a struct starting so */
		if (r->bflags & ~BC_BTF_TRUSTED)
			break;
		if (!vc_kbtf(e) || !r->btf_id)
			return vc_err_fatal(e, pc,
					    "a BTF socket pointer without the "
					    "kernel's BTF is not supported by "
					    "bpfcheck");
		if (r->off < 0 || !bc_scalar_is_const(&r->s) ||
		    r->s.var_off.value)
			return type_err(e, pc, regno, r, "sock_common");
		if (bc_btf_ids_match(vc_kbtf(e), r->btf_id, r->off,
				     "sock_common"))
			return 0;
		return vc_err(e, pc, "R%d is of type %s but %s is expected",
			      regno, bc_btf_type_name(vc_kbtf(e), r->btf_id),
			      "sock_common");
	}
	return type_err(e, pc, regno, r,
			"sock_common, sock, tcp_sock, xdp_sock, ptr_, "
			"trusted_ptr_");
}

/* The map argument, and the key or value of that map. */
static int check_map_arg(struct venv *e, uint32_t pc,
			 const struct bc_helper_proto *p, int regno, uint32_t k,
			 struct callinfo *ci)
{
	struct bc_vreg *r = vc_reg(e, regno);
	const struct bc_map *m = ci->map >= 0 ? &e->obj->maps[ci->map] : NULL;

	if (k == BC_ARG_CONST_MAP_PTR) {
		if (r->kind != VK_MAP_PTR)
			return type_err(e, pc, regno, r, "map_ptr");
		/* the map of a timer argument before it (bpfcheck knows no
		 * inner map's uid: 0 both) */
		if (ci->map >= 0 && (uint32_t)ci->map != r->map)
			return vc_err(e, pc,
				      "timer pointer in R1 map_uid=0 "
				      "doesn't match map pointer in R%d "
				      "map_uid=0",
				      regno);
		ci->map = r->map;
		if (map_func_ok(e, e->obj->maps[r->map].type, p->id))
			return 0;
		if (p->id == BPF_FUNC_tail_call)
			return vc_err(e, pc,
				      "expected prog array map for tail "
				      "call");
		return vc_err(e, pc, "cannot pass map_type %u into func %s#%d",
			      e->obj->maps[r->map].type, p->name, p->id);
	}
	if (!m)
		return vc_err(e, pc, "invalid map_ptr to access map->key");
	if (k != BC_ARG_PTR_TO_MAP_KEY && (m->type == BPF_MAP_TYPE_SOCKMAP ||
					   m->type == BPF_MAP_TYPE_SOCKHASH))
		return sock_value_arg(e, pc, regno, k);
	if (r->kind != VK_FP && r->kind != VK_PKT && r->kind != VK_PKT_META &&
	    r->kind != VK_MAP_VALUE && r->kind != VK_MAP_KEY &&
	    r->kind != VK_MEM)
		return type_err(e, pc, regno, r, MEM_KINDS);
	/* an arena's key and value: check_stack_range_initialized */
	if (r->kind == VK_FP &&
	    !(k == BC_ARG_PTR_TO_MAP_KEY ? m->key_size : m->value_size))
		return vc_err(e, pc, "invalid zero-sized read");
	return helper_mem(e, pc, regno,
			  k == BC_ARG_PTR_TO_MAP_KEY ? m->key_size :
						       m->value_size,
			  k == BC_ARG_PTR_TO_UNINIT_MAP_VALUE,
			  p->flags & BC_HF_PKT_ACCESS);
}

/* Memory the helper reads or writes: sized by the next argument or kind. */
static int check_mem_arg(struct venv *e, uint32_t pc, int regno, uint32_t k,
			 struct callinfo *ci, bool *mem_write)
{
	struct bc_vreg *r = vc_reg(e, regno);

	switch (k) {
	case BC_ARG_PTR_TO_MEM:
	case BC_ARG_PTR_TO_UNINIT_MEM:
		if (r->kind == VK_SCALAR || r->kind == VK_CTX ||
		    r->kind == VK_PKT_END || r->kind == VK_MAP_PTR ||
		    bc_vkind_or_null(r->kind))
			return type_err(e, pc, regno, r, MEM_KINDS);
		ci->mem_regno = regno;
		*mem_write = k == BC_ARG_PTR_TO_UNINIT_MEM;
		return 0;
	case BC_ARG_PTR_TO_LONG:
	case BC_ARG_PTR_TO_INT: {
		int size = k == BC_ARG_PTR_TO_LONG ? 8 : 4;

		if (helper_mem(e, pc, regno, size, true, false))
			return -1;
		return vmem_check_align(e, pc, r, 0, size, true);
	}
	}
	/* BC_ARG_PTR_TO_CONST_STR */
	if (r->kind != VK_MAP_VALUE || !e->obj->maps[r->map].readonly)
		return type_err(e, pc, regno, r, "map_value");
	return helper_mem(e, pc, regno, 1, false, false);
}

/*
 * An ARG_PTR_TO_BTF_ID (Linux's check_reg_type and btf_struct_ids_match):
 * a pointer not untrusted, to the struct the helper names or one that
 * holds it at the pointer's offset.
 */
static int btf_arg(struct venv *e, uint32_t pc, const struct bc_helper_proto *p,
		   int regno, const struct bc_vreg *r)
{
	const char *want = bc_btf_helper_arg(p->id);

	if (r->kind != VK_BTF_ID || (r->bflags & BC_BTF_UNTRUSTED))
		return type_err(e, pc, regno, r,
				"ptr_, trusted_ptr_, rcu_ptr_");
	if (!r->btf_id || !vc_kbtf(e)) /* from a helper, typed by it */
		return 0;
	if (!bc_scalar_is_const(&r->s) || r->s.var_off.value || !want ||
	    !bc_btf_ids_match(vc_kbtf(e), r->btf_id, r->off, want))
		return vc_err(e, pc, "R%d is of type %s but %s is expected",
			      regno, bc_btf_type_name(vc_kbtf(e), r->btf_id),
			      want ? want : "?");
	return 0;
}

/* A trusted BTF pointer to a struct that starts with a sock_common. */
static bool btf_sock_common(const struct venv *e, const struct bc_vreg *r)
{
	return r->kind == VK_BTF_ID && !(r->bflags & BC_BTF_UNTRUSTED) &&
	       r->btf_id && vc_kbtf(e) && bc_scalar_is_const(&r->s) &&
	       !r->s.var_off.value &&
	       bc_btf_ids_match(vc_kbtf(e), r->btf_id, r->off, "sock_common");
}

/* A pointer of one kind (Linux's check_reg_type), at offset 0 for some. */
static int check_reg_type(struct venv *e, uint32_t pc,
			  const struct bc_helper_proto *p, int regno,
			  uint32_t k, struct callinfo *ci)
{
	struct bc_vreg *r = vc_reg(e, regno);
	bool off0 = !r->off && bc_scalar_is_const(&r->s) && !r->s.var_off.value;

	switch (k) {
	case BC_ARG_PTR_TO_CTX:
		if (r->kind != VK_CTX)
			return type_err(e, pc, regno, r, "ctx");
		if (!off0)
			return vc_err(e, pc, "%s ctx ptr R%d off=%d disallowed",
				      r->off < 0 ? "negative offset" :
						   "dereference of modified",
				      regno, r->off);
		return 0;
	case BC_ARG_PTR_TO_FUNC:
		if (r->kind != VK_FUNC)
			return type_err(e, pc, regno, r, "func");
		ci->cb_target = r->off;
		return 0;
	case BC_ARG_PTR_TO_ALLOC_MEM:
		if (r->kind != VK_MEM || r->frame) /* a ring buffer record */
			return type_err(e, pc, regno, r, "ringbuf_mem");
		if (!off0)
			return vc_err(e, pc,
				      "R%d must have zero offset when "
				      "passed to release func",
				      regno);
		ci->release_ref = r->ref_id;
		return 0;
	case BC_ARG_PTR_TO_SOCK_COMMON:
		if (r->kind != VK_SOCK && r->kind != VK_SOCK_COMMON &&
		    r->kind != VK_TCP_SOCK && !btf_sock_common(e, r))
			return type_err(e, pc, regno, r,
					"sock_common, sock, "
					"tcp_sock, xdp_sock, ptr_, "
					"trusted_ptr_");
		if (p->flags & BC_HF_RELEASE)
			ci->release_ref = r->ref_id;
		ci->arg_ref = r->ref_id;
		return 0;
	case BC_ARG_PTR_TO_SOCKET:
		if (r->kind != VK_SOCK)
			return type_err(e, pc, regno, r, "sock");
		if (p->flags & BC_HF_RELEASE)
			ci->release_ref = r->ref_id;
		return 0;
	}
	return btf_arg(e, pc, p, regno, r);
}

/* The callback's context: a stack pointer or NULL, passed on as it is. */
static int check_cb_ctx_arg(struct venv *e, uint32_t pc, int regno,
			    struct callinfo *ci)
{
	struct bc_vreg *r = vc_reg(e, regno);

	if (r->kind == VK_SCALAR && bc_scalar_is_const(&r->s) &&
	    !r->s.var_off.value) { /* NULL: the callback gets 0 */
		vp_mark_reg(e, regno);
	} else if (r->kind != VK_FP) {
		return type_err(e, pc, regno, r, "fp");
	}
	ci->cbctx = *r;
	ci->has_cbctx = true;
	return 0;
}

/* A dynptr argument (Linux's ARG_PTR_TO_DYNPTR in check_func_arg). */
static int check_dynptr_arg(struct venv *e, uint32_t pc,
			    const struct bc_helper_proto *p, uint32_t a,
			    int regno, struct callinfo *ci)
{
	enum vd_use use = a & BC_ARG_UNINIT ? VD_UNINIT :
			  a & BC_ARG_RDONLY ? VD_RDONLY :
					      VD_MUTABLE;

	if ((p->flags & BC_HF_RELEASE) && regno == 1) {
		if (vd_release_arg(e, pc, regno))
			return -1;
		ci->dyn_release = true;
	}
	return vd_arg(e, pc, regno, use, BC_ARG_DYNPTR_TYPE(a), 0, false,
		      &ci->dyn);
}

/* Argument i of helper p (Linux's check_func_arg). */
static int check_arg(struct venv *e, uint32_t pc,
		     const struct bc_helper_proto *p, int i,
		     struct callinfo *ci, bool *mem_write)
{
	uint32_t a = p->args[i], k = BC_ARG_KIND(a);
	int regno = i + 1;
	struct bc_vreg *r = vc_reg(e, regno);

	if (k == BC_ARG_NONE)
		return 0;
	if (vc_check_read(e, pc, regno))
		return -1;
	if ((a & BC_ARG_OR_NULL) && r->kind == VK_SCALAR &&
	    bc_scalar_is_const(&r->s) && !r->s.var_off.value) {
		vp_mark_reg(e, regno);
		if (k == BC_ARG_PTR_TO_MEM || k == BC_ARG_PTR_TO_UNINIT_MEM)
			ci->mem_regno = regno;
		return 0;
	}
	switch (k) {
	case BC_ARG_ANYTHING:
	case BC_ARG_SCALAR:
	case BC_ARG_CONST_SIZE:
	case BC_ARG_CONST_SIZE_OR_ZERO:
	case BC_ARG_CONST_ALLOC_SIZE_OR_ZERO:
		return check_scalar_arg(e, pc, p, regno, k, ci, *mem_write);
	case BC_ARG_CONST_MAP_PTR:
	case BC_ARG_PTR_TO_MAP_KEY:
	case BC_ARG_PTR_TO_MAP_VALUE:
	case BC_ARG_PTR_TO_UNINIT_MAP_VALUE:
		return check_map_arg(e, pc, p, regno, k, ci);
	case BC_ARG_PTR_TO_MEM:
	case BC_ARG_PTR_TO_UNINIT_MEM:
	case BC_ARG_PTR_TO_LONG:
	case BC_ARG_PTR_TO_INT:
	case BC_ARG_PTR_TO_CONST_STR:
		return check_mem_arg(e, pc, regno, k, ci, mem_write);
	case BC_ARG_PTR_TO_CTX:
	case BC_ARG_PTR_TO_FUNC:
	case BC_ARG_PTR_TO_ALLOC_MEM:
	case BC_ARG_PTR_TO_SOCK_COMMON:
	case BC_ARG_PTR_TO_SOCKET:
	case BC_ARG_PTR_TO_BTF_ID:
		return check_reg_type(e, pc, p, regno, k, ci);
	case BC_ARG_PTR_TO_STACK_OR_NULL:
		return check_cb_ctx_arg(e, pc, regno, ci);
	case BC_ARG_PTR_TO_SPIN_LOCK:
		return vlk_spin_lock(e, pc, regno, p->id == BPF_FUNC_spin_lock);
	case BC_ARG_PTR_TO_TIMER: return vlk_timer(e, pc, regno, &ci->map);
	case BC_ARG_PTR_TO_DYNPTR:
		return check_dynptr_arg(e, pc, p, a, regno, ci);
	}
	return vc_err_fatal(e, pc,
			    "R%d: argument kind of %s not supported by "
			    "bpfcheck",
			    regno, p->name);
}

/* Packet pointers, and slices of a packet's dynptr, are gone. */
static void clear_pkt_fn(struct bc_vreg *r, void *a)
{
	(void)a;
	if (r->kind == VK_PKT || r->kind == VK_PKT_META ||
	    r->kind == VK_PKT_END ||
	    ((r->kind == VK_MEM || r->kind == VK_MEM_OR_NULL) &&
	     (r->bflags & VM_PKT)))
		bc_vreg_scalar(r);
}

/*
 * A lookup in a sockmap or sockhash yields a socket (Linux: PTR_TO_SOCKET
 * once not null) and takes a reference on it (is_acquire_function).
 */
static bool sock_lookup(struct venv *e, const struct bc_helper_proto *p,
			const struct callinfo *ci)
{
	uint32_t mt = ci->map >= 0 ? e->obj->maps[ci->map].type : 0;

	return p->id == BPF_FUNC_map_lookup_elem &&
	       (mt == BPF_MAP_TYPE_SOCKMAP || mt == BPF_MAP_TYPE_SOCKHASH);
}

/* Linux's is_ptr_cast_function: r0 is the argument socket, retyped. */
static bool is_ptr_cast(int32_t fn)
{
	switch (fn) {
	case BPF_FUNC_tcp_sock:
	case BPF_FUNC_sk_fullsock:
	case BPF_FUNC_skc_to_tcp_sock:
	case BPF_FUNC_skc_to_tcp6_sock:
	case BPF_FUNC_skc_to_udp6_sock:
	case BPF_FUNC_skc_to_mptcp_sock:
	case BPF_FUNC_skc_to_tcp_timewait_sock:
	case BPF_FUNC_skc_to_tcp_request_sock: return true;
	}
	return false;
}

static void set_ret(struct venv *e, uint32_t pc,
		    const struct bc_helper_proto *p, struct callinfo *ci,
		    struct bc_vreg *r0)
{
	bool nn;

	switch (p->ret) {
	case BC_RET_INTEGER: bc_vreg_scalar(r0); break;
	case BC_RET_VOID: bc_vreg_ptr(r0, VK_NOT_INIT); break;
	case BC_RET_MAP_VALUE_OR_NULL:
	case BC_RET_MAP_VALUE:
		if (sock_lookup(e, p, ci)) {
			bc_vreg_ptr(r0, VK_SOCK_OR_NULL);
			r0->id = ++e->id_gen;
			break;
		}
		nn = p->ret == BC_RET_MAP_VALUE ||
		     vc_lookup_not_null(e, p->id, ci->map);
		bc_vreg_ptr(r0, nn ? VK_MAP_VALUE : VK_MAP_VALUE_OR_NULL);
		r0->map = ci->map >= 0 ? ci->map : 0;
		/* a value holding a lock keeps its id: the lock is known by
		 * it (Linux's reg_may_point_to_spin_lock) */
		if (!nn || vlk_map_has_lock(&e->obj->maps[r0->map]))
			r0->id = ++e->id_gen;
		break;
	case BC_RET_ALLOC_MEM_OR_NULL:
	case BC_RET_MEM_OR_NULL:
		bc_vreg_ptr(r0, VK_MEM_OR_NULL);
		r0->mem_size =
			p->ret == BC_RET_ALLOC_MEM_OR_NULL ? ci->alloc_size : 0;
		r0->id = ++e->id_gen;
		break;
	case BC_RET_SOCKET_OR_NULL:
		bc_vreg_ptr(r0, VK_SOCK_OR_NULL);
		r0->id = ++e->id_gen;
		break;
	case BC_RET_SOCK_COMMON_OR_NULL:
		bc_vreg_ptr(r0, VK_SOCK_COMMON_OR_NULL);
		r0->id = ++e->id_gen;
		break;
	case BC_RET_TCP_SOCK_OR_NULL:
		bc_vreg_ptr(r0, VK_TCP_SOCK_OR_NULL);
		r0->id = ++e->id_gen;
		break;
	case BC_RET_BTF_ID:
		bc_vreg_ptr(r0, VK_BTF_ID);
		r0->btf_id = bc_btf_helper_ret(vc_kbtf(e), p->id, &r0->bflags);
		break;
	case BC_RET_BTF_ID_OR_NULL:
		bc_vreg_ptr(r0, VK_BTF_ID_OR_NULL);
		r0->btf_id = bc_btf_helper_ret(vc_kbtf(e), p->id, &r0->bflags);
		r0->id = ++e->id_gen;
		break;
	case BC_RET_DYNPTR_MEM_OR_NULL:
		vd_slice(r0, &ci->dyn, ci->alloc_size, false, NULL);
		r0->id = ++e->id_gen;
		return;
	}
	if ((p->flags & BC_HF_ACQUIRE) || sock_lookup(e, p, ci)) {
		/* as in Linux, the reference's id is the pointer's id */
		r0->ref_id = acquire(e, pc);
		r0->id = r0->ref_id;
	} else if (is_ptr_cast(p->id)) {
		/* the same socket: released with the one it came from */
		r0->ref_id = ci->arg_ref;
	}
}

/* State after the helper returns: r0 set, r1-r5 clobbered. */
static void after_helper(struct venv *e, uint32_t pc,
			 const struct bc_helper_proto *p, struct callinfo *ci)
{
	struct bc_vreg r0;

	/* writing into an skb's dynptr may move its data */
	if ((p->flags & BC_HF_CHANGES_PKT) ||
	    (p->id == BPF_FUNC_dynptr_write && ci->dyn.type == BC_DYNPTR_SKB))
		vc_clear_pkt(e);
	set_ret(e, pc, p, ci, &r0);
	for (int r = 1; r <= 5; r++)
		bc_vreg_ptr(vc_reg(e, r), VK_NOT_INIT);
	*vc_reg(e, 0) = r0;
}

static int enter_frame(struct venv *e, uint32_t pc, uint32_t target)
{
	struct bc_vstate *st = &e->cur;
	uint32_t sp = bc_cfg_subprog_of(e->cfg, target);
	struct bc_vframe *f;

	if (st->curframe + 1 >= BC_MAX_CALL_FRAMES)
		return vc_err_fatal(e, pc,
				    "the call stack of %u frames is too deep",
				    st->curframe + 2);
	f = bc_vframe_new(sp, pc, st->curframe + 1);
	for (int r = 1; r <= 5; r++)
		f->regs[r] = vc_frame(e)->regs[r];
	st->frames[++st->curframe] = f;
	vp_new_frame(e, st->curframe);
	return 0;
}

/* A BTF-typed callback argument (set_find_vma_callback_state); 0 or -1. */
static int cb_btf_arg(struct venv *e, const struct bc_helper_proto *p, int i,
		      struct bc_vreg *r)
{
	bool caller;
	uint32_t id = bc_btf_callback_arg(vc_kbtf(e), p->id, i, &caller);

	if (caller && e->cur.curframe) {
		*r = e->cur.frames[e->cur.curframe - 1]->regs[i + 1];
		return 0;
	}
	if (!id)
		return -1;
	bc_vreg_ptr(r, VK_BTF_ID);
	r->btf_id = id;
	return 0;
}

/*
 * The callback's arguments, as the helper passes them (Linux's
 * set_callee_state_fn): registers r1..r5 of its frame f.
 */
static int set_callback_args(struct venv *e, uint32_t pc,
			     const struct bc_helper_proto *p,
			     const struct callinfo *ci, struct bc_vframe *f)
{
	const struct bc_map *m = ci->map >= 0 ? &e->obj->maps[ci->map] : NULL;

	for (int i = 0; i < 5; i++) {
		struct bc_vreg *r = &f->regs[i + 1];

		switch (BC_ARG_KIND(p->cb_args[i])) {
		case BC_ARG_NONE: bc_vreg_ptr(r, VK_NOT_INIT); break;
		case BC_ARG_CONST_MAP_PTR:
			bc_vreg_ptr(r, VK_MAP_PTR);
			r->map = ci->map;
			break;
		case BC_ARG_PTR_TO_MAP_KEY:
			bc_vreg_ptr(r, VK_MAP_KEY);
			r->map = ci->map;
			r->mem_size = m ? m->key_size : 0;
			break;
		case BC_ARG_PTR_TO_MAP_VALUE:
			bc_vreg_ptr(r, VK_MAP_VALUE);
			r->map = ci->map;
			break;
		case BC_ARG_PTR_TO_STACK_OR_NULL:
			if (ci->has_cbctx)
				*r = ci->cbctx;
			else
				bc_vreg_const(r, 0);
			break;
		case BC_ARG_SCALAR:
		case BC_ARG_ANYTHING: bc_vreg_scalar(r); break;
		case BC_ARG_PTR_TO_DYNPTR:
			vd_const_reg(e, r, BC_DYNPTR_LOCAL);
			break;
		case BC_ARG_PTR_TO_BTF_ID:
			if (!cb_btf_arg(e, p, i, r))
				break;
			/* fallthrough */
		default:
			return vc_err(e, pc,
				      "%s: callback argument kind not "
				      "supported by bpfcheck",
				      p->name);
		}
	}
	/* bpf_loop's index is an unknown scalar, as in Linux
	 * (set_loop_callback_state): no bounds beyond Linux's */
	return 0;
}

/*
 * The most times the helper at pc calls its callback in one run: Linux's
 * bpf_loop refuses nr_loops over BPF_MAX_LOOPS, for_each_map_elem visits
 * each element once, user_ringbuf_drain stops after
 * BPF_MAX_USER_RINGBUF_SAMPLES; an async callback (a timer's) runs once
 * per firing, counted as one run.
 */
static uint64_t callback_calls(struct venv *e, const struct bc_helper_proto *p,
			       const struct callinfo *ci)
{
	uint64_t n;

	switch (p->id) {
	case BPF_FUNC_loop:
		n = vc_reg(e, 1)->kind == VK_SCALAR ? vc_reg(e, 1)->s.umax :
						      UINT64_MAX;
		return n < BC_MAX_LOOPS ? n : BC_MAX_LOOPS;
	case BPF_FUNC_for_each_map_elem:
		return ci->map >= 0 ? e->obj->maps[ci->map].max_entries :
				      UINT64_MAX;
	case BPF_FUNC_user_ringbuf_drain: return 128 * 1024;
	default: return 1;
	}
}

/* The call site's count and callback, for the worst case (cost.c). */
static void record_callback(struct venv *e, uint32_t pc, uint64_t calls,
			    uint32_t target)
{
	uint32_t n = e->prog->insn_cnt + 1;

	if (!e->cb_calls) {
		e->cb_calls = bc_xcalloc(n, sizeof(*e->cb_calls));
		e->cb_target = bc_xcalloc(n, sizeof(*e->cb_target));
	}
	if (calls > e->cb_calls[pc])
		e->cb_calls[pc] = calls;
	if (!e->cb_target[pc])
		e->cb_target[pc] = target + 1;
	else if (e->cb_target[pc] != target + 1)
		e->cb_target[pc] = UINT32_MAX;
}

/*
 * bpf_loop rounds counted one by one, with no widening of the caller's
 * scalars between them, when the count is at most this (Linux keeps the
 * precise scalars of every round).
 */
#define BC_COUNTED_ROUNDS 64

static int callback(struct venv *e, uint32_t pc,
		    const struct bc_helper_proto *p, struct callinfo *ci,
		    uint32_t *next)
{
	struct bc_vframe *f;
	struct bc_vstate save;
	uint32_t target = ci->cb_target;
	bool counted;

	if (ci->cb_target < 0 || target >= e->prog->insn_cnt)
		return vc_err(e, pc, "%s: callback is not a function", p->name);
	record_callback(e, pc, callback_calls(e, p, ci), target);
	/* callback entries are joined and pruned against live states:
	 * all that the callback's entry holds is precise */
	vp_mark_all(e);
	/* Linux: no more bpf_loop rounds than its count can be */
	if (p->id == BPF_FUNC_loop &&
	    vc_frame(e)->callback_depth >= vc_reg(e, 1)->s.umax) {
		vc_frame(e)->callback_depth = 0;
		after_helper(e, pc, p, ci);
		*next = pc + 1;
		return 0;
	}
	counted = p->id == BPF_FUNC_loop &&
		  vc_reg(e, 1)->s.umax <= BC_COUNTED_ROUNDS;
	/* the path on which the callback is not called (again) */
	bc_vstate_copy(&save, &e->cur);
	after_helper(e, pc, p, ci);
	vc_frame(e)->callback_depth = 0;
	if (vc_push(e, pc + 1)) {
		bc_vstate_free(&save);
		return -1;
	}
	vc_restore(e, &save);
	/* (Linux counts every callback's rounds; only bpf_loop reads it) */
	if (p->id == BPF_FUNC_loop)
		vc_frame(e)->callback_depth++;
	e->cur.callback_unroll_depth++;
	if (enter_frame(e, pc, target))
		return -1;
	f = vc_frame(e);
	f->cb_counted = counted;
	f->cb_proto = (int16_t)p->id;
	f->cb_ret_min = p->cb_ret_min;
	f->cb_ret_max = p->cb_ret_max;
	if (set_callback_args(e, pc, p, ci, f))
		return -1;
	*next = target;
	return 0;
}

/* Linux's record_func_map, for the tail call's fixup (verify.c). */
static void record_tail_map(struct venv *e, uint32_t pc, int map)
{
	uint32_t m = (uint32_t)map + 1;

	if (!e->tc_map[pc])
		e->tc_map[pc] = m;
	else if (e->tc_map[pc] != m)
		e->tc_map[pc] = TC_MAP_POISON;
}

static bool reg_is_null(const struct bc_vreg *r)
{
	return r->kind == VK_SCALAR && bc_scalar_is_const(&r->s) &&
	       !r->s.var_off.value;
}

/* Linux's record_func_map: helpers that change a BPF_F_RDONLY_PROG map. */
static bool map_write_forbidden(struct venv *e, const struct bc_helper_proto *p,
				const struct callinfo *ci)
{
	if (ci->map < 0 ||
	    !(e->obj->maps[ci->map].map_flags & BPF_F_RDONLY_PROG))
		return false;
	return p->id == BPF_FUNC_map_delete_elem ||
	       p->id == BPF_FUNC_map_update_elem ||
	       p->id == BPF_FUNC_map_push_elem ||
	       p->id == BPF_FUNC_map_pop_elem;
}

/*
 * libbpf poisons an instruction whose CO-RE relocation it could not
 * resolve; reached, it fails the program, saying which relocation.
 */
static int core_poisoned(struct venv *e, uint32_t pc)
{
	for (uint32_t i = 0; i < e->prog->core_fail_cnt; i++)
		if (e->prog->core_fails[i].insn == pc)
			return vc_err(e, pc,
				      "failed to resolve CO-RE relocation "
				      "%s",
				      e->prog->core_fails[i].why);
	return vc_err(e, pc, "invalid func unknown#%d", BC_CORE_POISON);
}

/* Linux's check_get_func_ip: kprobes, and programs with a trampoline. */
static int check_get_func_ip(struct venv *e, uint32_t pc)
{
	if (e->type == BPF_PROG_TYPE_KPROBE)
		return 0;
	if (e->type != BPF_PROG_TYPE_TRACING)
		return vc_err(e, pc,
			      "func bpf_get_func_ip#%d not supported for "
			      "program type %u",
			      BPF_FUNC_get_func_ip, e->type);
	if (e->attach != BPF_TRACE_FENTRY && e->attach != BPF_TRACE_FEXIT &&
	    e->attach != BPF_MODIFY_RETURN)
		return vc_err(e, pc,
			      "func bpf_get_func_ip#%d supported only "
			      "for fentry/fexit/fmod_ret programs",
			      BPF_FUNC_get_func_ip);
	return 0;
}

/* A helper the target kernel was built without, as its config says. */
static bool built_without(const struct venv *e, int32_t id)
{
	const struct bc_kconfig *kc = e->obj->kconfig;
	const char *need = bc_helper_config(id), *v;

	if (!need || strncmp(need, "CONFIG_", 7) || bc_kconfig_read(kc, NULL))
		return false;
	v = bc_kconfig_value(kc, need);
	return !v || v[0] != 'y';
}

static int helper_call(struct venv *e, uint32_t pc, const struct bpf_insn *in,
		       uint32_t *next)
{
	const struct bc_helper_proto *p;
	struct callinfo ci = { .map = -1, .mem_regno = -1, .cb_target = -1 };
	struct bc_func_req req = { e->type,	 e->attach, e->priv,
				   e->sleepable, e->gpl,    e->kern };
	const char *why = NULL;
	bool mem_write = false;

	if (in->imm == BC_CORE_POISON)
		return core_poisoned(e, pc);
	p = bc_helper_proto_for(in->imm, e->type, e->attach);
	if (!p)
		return vc_err(e, pc, "invalid func unknown#%d", in->imm);
	if (!bc_helper_check(in->imm, &req, &why))
		return vc_err(e, pc, "%s", why ? why : "helper not allowed");
	if (built_without(e, in->imm))
		return vc_err(e, pc,
			      "program of this type cannot use helper "
			      "%s#%d",
			      p->name, in->imm);
	if (vlk_rcu_helper(e, pc, in->imm, p->name,
			   p->flags & BC_HF_SLEEPABLE) ||
	    vlk_preempt_helper(e, pc, in->imm, p->name,
			       p->flags & BC_HF_SLEEPABLE))
		return -1;
	if (in->imm == BPF_FUNC_d_path &&
	    !bc_btf_d_path_allowed(e->at, e->type))
		return vc_err(e, pc, "helper call is not allowed in probe");
	if (in->imm == BPF_FUNC_get_func_ip && check_get_func_ip(e, pc))
		return -1;
	for (int i = 0; i < 5; i++)
		if (check_arg(e, pc, p, i, &ci, &mem_write))
			return -1;
	if (map_write_forbidden(e, p, &ci))
		return vc_err(e, pc, "write into map forbidden");
	if (p->id == BPF_FUNC_dynptr_from_mem && vd_from_mem_data(e, pc))
		return -1;
	if (ci.dyn_release)
		vd_release(e, 1);
	else if (p->flags & BC_HF_RELEASE) {
		if (!ci.release_ref)
			return vc_err(e, pc,
				      "R1 must be referenced when passed "
				      "to release function");
		vc_release_ref(e, ci.release_ref);
	}
	if ((p->flags & BC_HF_TAIL_CALL) && e->tc_map && ci.map >= 0)
		record_tail_map(e, pc, ci.map);
	if (p->id == BPF_FUNC_get_local_storage && !reg_is_null(vc_reg(e, 2)))
		return vc_err(e, pc,
			      "get_local_storage() doesn't support "
			      "non-zero flags");
	if ((p->flags & BC_HF_TAIL_CALL) && e->cur.ref_cnt)
		return vc_err(e, pc, "tail_call would lead to reference leak");
	if (p->flags & BC_HF_CALLBACK)
		return callback(e, pc, p, &ci, next);
	after_helper(e, pc, p, &ci);
	return 0;
}

int vc_call(struct venv *e, uint32_t pc, const struct bpf_insn *in,
	    uint32_t *next)
{
	if (vlk_call_check(e, pc, in))
		return -1;
	if (bc_is_pseudo_call(in)) {
		uint32_t t = pc + in->imm + 1;
		const struct bc_func *g = vg_global_func(e, t);

		if (g && e->cur.lock_map)
			return vc_err(
				e, pc,
				"global function calls are not "
				"allowed while holding a lock, use static "
				"function instead");
		if (g && vlk_preempt_global(e, pc))
			return -1;
		if (g) {
			*next = pc + 1;
			return vg_call(e, pc, g);
		}
		if (enter_frame(e, pc, t))
			return -1;
		*next = t;
		return 0;
	}
	if (bc_is_kfunc_call(in))
		return vk_call(e, pc, in, next);
	return helper_call(e, pc, in, next);
}

int vc_mem_arg(struct venv *e, uint32_t pc, int regno, uint64_t size,
	       bool write)
{
	return helper_mem(e, pc, regno, size, write, true);
}

int vc_mem_size_arg(struct venv *e, uint32_t pc, int mem_regno, bool write)
{
	struct callinfo ci = { .map = -1, .mem_regno = mem_regno };

	return size_arg(e, pc, mem_regno + 1, true, &ci, write, true);
}

void vc_clear_pkt(struct venv *e)
{
	if (e->hist_n)
		e->hist[e->hist_n - 1].flags |= VH_PKT_MOVED;
	vc_for_each_reg(e, clear_pkt_fn, NULL);
	vt_pkt_drop(&e->cur); /* facts on the old packet */
}

/*
 * The checkpoint at the entry of the callback round that is returning:
 * the nearest one on the path at the callback's first insn with the same
 * frames (Linux's find_prev_entry, at the call insn there).
 */
static const struct bc_vchk *callback_round(struct venv *e, uint32_t entry)
{
	const struct bc_vstate *st = &e->cur;
	const struct bc_vchk *c = st->parent;

	for (; c; c = c->parent) {
		bool same = c->st.pc == entry && c->st.curframe == st->curframe;

		for (uint32_t f = 0; same && f <= st->curframe; f++)
			same = c->st.frames[f]->callsite ==
			       st->frames[f]->callsite;
		if (same)
			return c;
	}
	return NULL;
}

/* Linux's maybe_widen_reg: a scalar that changed becomes unknown. */
static void widen_changed(const struct bc_vreg *old, struct bc_vreg *cur)
{
	if (old->kind != VK_SCALAR || cur->kind != VK_SCALAR ||
	    (!memcmp(&old->s, &cur->s, sizeof(old->s)) && old->id == cur->id))
		return;
	bc_vreg_scalar(cur);
}

/*
 * Linux's widen_imprecise_scalars at a callback's return: the caller's
 * scalars (registers, spilled slots) that the round changed become
 * unknown, so that rounds of bpf_loop(100, cb, &ctx) with ctx->i++ meet
 * a state seen before. Linux keeps the precise ones; bpfcheck's precision
 * does not follow a callback's return, so it widens them all (sound: a
 * widened state stands for more runs). In both searches: the summaries'
 * join at the entry (vl_callback) alone takes rounds to converge.
 */
static void widen_callback_round(struct venv *e, uint32_t entry)
{
	const struct bc_vchk *c = callback_round(e, entry);
	struct bc_vstate *st = &e->cur;

	if (!c)
		return;
	e->cb_round_widened = true;
	for (uint32_t f = 0; f < st->curframe; f++) {
		const struct bc_vframe *o = c->st.frames[f];
		struct bc_vframe *n = st->frames[f];

		for (int r = 0; r < BC_MAX_REG - 1; r++)
			widen_changed(&o->regs[r], &n->regs[r]);
		for (int k = 0; k < BC_SLOTS; k++)
			if (o->stype[8 * k + 7] == VS_SPILL &&
			    n->stype[8 * k + 7] == VS_SPILL)
				widen_changed(&o->spill[k], &n->spill[k]);
	}
}

/* exit from a subprogram frame: pop it, set e->cur.pc. */
static int prepare_func_exit(struct venv *e, uint32_t pc)
{
	struct bc_vstate *st = &e->cur;
	struct bc_vframe *f = st->frames[st->curframe];
	struct bc_vreg r0 = f->regs[0];
	uint32_t cs = f->callsite, sp;

	if (f->cb_proto >= 0) {
		vp_note_complex(e);
		if (r0.kind != VK_SCALAR)
			return vc_err(e, pc,
				      "At callback return the register R0 "
				      "is not a known value (%s)",
				      bc_vkind_name(r0.kind));
		if (r0.s.smin < f->cb_ret_min || r0.s.smax > f->cb_ret_max)
			return vc_err(e, pc,
				      "At callback return the register "
				      "R0 has smin=%" PRId64 " smax=%" PRId64
				      " should have been in [%d, %d]",
				      r0.s.smin, r0.s.smax, f->cb_ret_min,
				      f->cb_ret_max);
		if (!f->cb_counted && !e->cb_exact)
			widen_callback_round(e, e->cfg->subs[f->subprog].start);
		bc_vframe_free(f);
		st->frames[st->curframe--] = NULL;
		st->pc = cs; /* the callback may run again */
		return 0;
	}
	if (r0.kind == VK_FP && r0.frame == st->curframe)
		return vc_err(e, pc,
			      "cannot return stack pointer to the "
			      "caller frame");
	sp = f->subprog;
	bc_vframe_free(f);
	st->frames[st->curframe--] = NULL;
	f = st->frames[st->curframe];
	f->regs[0] = r0;
	for (int r = 1; r <= 5; r++)
		bc_vreg_ptr(&f->regs[r], VK_NOT_INIT);
	/* a tail call made in the callee runs another program, which may
	 * change the packet, and then returns here (Linux's changes_pkt_data
	 * of the subprogram) */
	if (vg_sub_tail_calls(e, sp))
		vc_clear_pkt(e);
	st->pc = cs + 1;
	return 0;
}

/*
 * Linux's verbose_invalid_scalar: the bounds that say something, or
 * "unknown scalar value".
 */
static int bad_retval(struct venv *e, uint32_t pc, const char *where,
		      const struct bc_vreg *r0, int64_t lo, int64_t hi)
{
	char smin[32] = "", smax[32] = "";

	if (r0->s.smin > INT64_MIN)
		snprintf(smin, sizeof(smin), " smin=%" PRId64, r0->s.smin);
	if (r0->s.smax < INT64_MAX)
		snprintf(smax, sizeof(smax), " smax=%" PRId64, r0->s.smax);
	return vc_err(e, pc,
		      "%s the register R0 has%s%s%s should have been "
		      "in [%" PRId64 ", %" PRId64 "]",
		      where, smin, smax,
		      smin[0] || smax[0] ? "" : " unknown scalar value", lo,
		      hi);
}

/* check_return_code for a global function verified on its own. */
static int check_global_exit(struct venv *e, uint32_t pc)
{
	struct bc_vreg *r0 = vc_reg(e, 0);

	if (r0->kind == VK_NOT_INIT)
		return vc_err(e, pc, "R0 !read_ok");
	if (!e->priv && bc_vkind_is_ptr(r0->kind))
		return vc_err(e, pc, "R0 leaks addr as return value");
	if (r0->kind != VK_SCALAR)
		return vc_err(e, pc,
			      "At subprogram exit the register R0 is not "
			      "a scalar value (%s)",
			      bc_vkind_name(r0->kind));
	return 1;
}

/* Linux's check_reference_leak and check_return_code at the main exit. */
static int check_main_exit(struct venv *e, uint32_t pc)
{
	struct bc_vreg *r0 = vc_reg(e, 0);
	struct bc_retval rv;
	bool checked, in;

	if (e->cur.ref_cnt)
		return vlk_ref_leak(e, pc);
	if (e->cur.frames[0]->subprog)
		return check_global_exit(e, pc);
	checked = bc_ctx_retval(e->type, e->attach, e->target, &rv);
	bc_kernel_retval(e->kern, e->type, &rv);
	if (!checked && e->type == BPF_PROG_TYPE_LSM &&
	    e->attach == BPF_LSM_MAC)
		return 1; /* a void hook: r0 is not even read */
	if (e->type == BPF_PROG_TYPE_STRUCT_OPS && e->at &&
	    bc_st_ops_void(e->at))
		return 1; /* a void member: r0 is not read either */
	if (r0->kind == VK_NOT_INIT)
		return vc_err(e, pc, "R0 !read_ok");
	if (!e->priv && bc_vkind_is_ptr(r0->kind))
		return vc_err(e, pc, "R0 leaks addr as return value");
	if (!checked)
		return 1;
	if (r0->kind != VK_SCALAR)
		return vc_err(e, pc,
			      "At program exit the register R0 is not a "
			      "known value (%s)",
			      bc_vkind_name(r0->kind));
	vp_mark_reg(e, 0);
	if (rv.low32)
		in = r0->s.s32_min >= rv.lo && r0->s.s32_max <= rv.hi;
	else
		in = r0->s.smin >= rv.lo && r0->s.smax <= rv.hi;
	if (!in)
		return bad_retval(e, pc, "At program exit", r0, rv.lo, rv.hi);
	return 1;
}

int vc_exit(struct venv *e, uint32_t pc)
{
	if (vlk_exit_check(e, pc))
		return -1;
	/* a subprogram may leave r0 unset (Linux copies it as it is) */
	if (e->cur.curframe)
		return prepare_func_exit(e, pc);
	return check_main_exit(e, pc);
}
