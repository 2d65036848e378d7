// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Verifier: loads typed by the kernel's BTF (mem.c's BTF part): the u64
 * arguments of a program with a BTF-typed context (Linux's
 * tracing_prog_is_valid_access and btf_ctx_access: read only, what each
 * holds comes from the attach target's prototype), loads through a
 * PTR_TO_BTF_ID and through a map pointer.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <bpf/btf.h>

#include "platform/btfctx.h"
#include "platform/ctx.h"
#include "platform/struct_ops.h"
#include "verifier/env.h"
#include "verifier/lock.h"
#include "verifier/mem.h"
#include "verifier/mem_btf.h"

/* What a BTF-typed load yields: a scalar or a PTR_TO_BTF_ID. */
static void btf_load(struct venv *e, const struct bc_btf_val *v, int size,
		     bool sx, struct bc_vreg *out)
{
	if (!v->ptr) {
		bc_vreg_scalar_load(out, size, sx);
		return;
	}
	bc_vreg_ptr(out, v->flags & BC_BTF_MAYBE_NULL ? VK_BTF_ID_OR_NULL :
							VK_BTF_ID);
	out->btf_id = v->btf_id;
	out->bflags = v->flags & ~BC_BTF_MAYBE_NULL;
	if (v->flags & BC_BTF_MAYBE_NULL)
		out->id = ++e->id_gen;
}

/*
 * Linux's check_ctx_access for an LSM program's read of the hook's return
 * value (btf_ctx_access's is_retval): it is in the range the program
 * itself must return (__mark_reg_s32_range).
 */
static void retval_arg(struct venv *e, struct bc_vreg *out)
{
	struct bc_scalar *s = &out->s;
	struct bc_retval rv;

	if (out->kind != VK_SCALAR || e->type != BPF_PROG_TYPE_LSM ||
	    !bc_ctx_retval(e->type, e->attach, e->target, &rv))
		return;
	s->s32_min = s->s32_min > rv.lo ? s->s32_min : (int32_t)rv.lo;
	s->s32_max = s->s32_max < rv.hi ? s->s32_max : (int32_t)rv.hi;
	s->smin = s->smin > rv.lo ? s->smin : rv.lo;
	s->smax = s->smax < rv.hi ? s->smax : rv.hi;
	bc_scalar_sync(s);
}

int vmem_typed_ctx_access(struct venv *e, uint32_t pc, int off, int size,
			  bool write, struct bc_vreg *out, bool sx)
{
	struct bc_btf_val v;
	char msg[256];

	if (write || off < 0 || off >= 8 * BC_MAX_FUNC_ARGS || off % size)
		goto bad;
	if (!bc_btf_ctx_access(e->at, off, size, &v, msg, sizeof(msg))) {
		vc_log(e, "%s\n", msg);
		goto bad;
	}
	if (out)
		btf_load(e, &v, size, sx, out);
	if (out && v.is_retval)
		retval_arg(e, out);
	return 0;
bad:
	return vc_err(e, pc, "invalid bpf_context access off=%d size=%d", off,
		      size);
}

/*
 * A store through a PTR_TO_BTF_ID: only where the program type's
 * btf_struct_access allows it (struct_ops: struct_ops.h).
 */
static int btf_write(struct venv *e, uint32_t pc, const struct bc_vreg *r,
		     int off, int size)
{
	char msg[256];

	if (e->type != BPF_PROG_TYPE_STRUCT_OPS || !e->at ||
	    (r->bflags & BC_BTF_UNTRUSTED))
		return vc_err(e, pc, "only read is supported");
	if (!bc_st_ops_write(vc_kbtf(e), e->at, r->btf_id, off, size, msg,
			     sizeof(msg)))
		return vc_err(e, pc, "%s", msg);
	return 0;
}

/*
 * A load through a PTR_TO_BTF_ID (Linux's check_ptr_to_btf_access): it
 * cannot fault (probe memory, a NULL pointer reads 0), so the rules are
 * about the access's shape: inside the struct, a pointer member read
 * whole, read only; the loaded value is typed by the member.
 */
int vmem_btf_access(struct venv *e, uint32_t pc, int regno,
		    const struct bc_vreg *r, int64_t off, int size, bool write,
		    struct bc_vreg *out, bool sx)
{
	const char *tn = bc_btf_type_name(vc_kbtf(e), r->btf_id);
	struct bc_btf_val v;
	char msg[256];

	if (!e->priv)
		return vc_err(e, pc,
			      "'struct %s' access is allowed only to "
			      "CAP_PERFMON and CAP_SYS_ADMIN",
			      tn);
	if (!e->gpl)
		return vc_err(e, pc,
			      "Cannot access kernel 'struct %s' from "
			      "non-GPL compatible program",
			      tn);
	if (off < 0)
		return vc_err(e, pc,
			      "R%d is ptr_%s invalid negative access: "
			      "off=%d",
			      regno, tn, (int)off);
	if (!bc_scalar_is_const(&r->s) || r->s.var_off.value) {
		char t[64];

		vmem_off_str(t, sizeof(t), r->s.var_off);
		return vc_err(e, pc,
			      "R%d is ptr_%s invalid variable offset: "
			      "off=%d, var_off=%s",
			      regno, tn, (int)off, t);
	}
	if (r->bflags & (BC_BTF_USER | BC_BTF_PERCPU))
		return vc_err(e, pc, "R%d is ptr_%s access %s memory: off=%d",
			      regno, tn,
			      r->bflags & BC_BTF_USER ? "user" : "percpu",
			      (int)off);
	if (write)
		return btf_write(e, pc, r, (int)off, size);
	if (!bc_btf_struct_read(vc_kbtf(e), r->btf_id, r->bflags,
				vlk_in_rcu_cs(e), (int)off, size, &v, msg,
				sizeof(msg)))
		return vc_err(e, pc, "%s", msg);
	btf_load(e, &v, size, sx, out);
	return 0;
}

/* The kernel struct behind a map pointer of the array and hash families
 * (what a map_ptr load reads, by BTF), or NULL. */
static const char *map_struct(uint32_t type)
{
	switch (type) {
	case BPF_MAP_TYPE_ARRAY:
	case BPF_MAP_TYPE_PERCPU_ARRAY:
	case BPF_MAP_TYPE_PROG_ARRAY:
	case BPF_MAP_TYPE_PERF_EVENT_ARRAY:
	case BPF_MAP_TYPE_CGROUP_ARRAY:
	case BPF_MAP_TYPE_ARRAY_OF_MAPS: return "bpf_array";
	case BPF_MAP_TYPE_HASH:
	case BPF_MAP_TYPE_PERCPU_HASH:
	case BPF_MAP_TYPE_LRU_HASH:
	case BPF_MAP_TYPE_LRU_PERCPU_HASH:
	case BPF_MAP_TYPE_HASH_OF_MAPS: return "bpf_htab";
	case BC_MAP_TYPE_ARENA: return "bpf_arena";
	}
	return NULL;
}

/*
 * Linux's check_ptr_to_map_access: a load from a map pointer reads the
 * map's kernel struct (struct bpf_array, ...) as a PTR_TO_BTF_ID at 0.
 */
int vmem_map_ptr_access(struct venv *e, uint32_t pc, int regno,
			const struct bc_vreg *r, int64_t off, int size,
			bool write, struct bc_vreg *out, bool sx)
{
	uint32_t mt = e->obj->maps[r->map].type;
	const char *tn = map_struct(mt);
	struct bc_btf_val v;
	char msg[256];
	int id;

	if (!tn)
		return vc_err_fatal(e, pc,
				    "reading the kernel struct of a map "
				    "of type %u is not supported by bpfcheck",
				    mt);
	if (!e->priv)
		return vc_err(e, pc,
			      "'struct %s' access is allowed only to "
			      "CAP_PERFMON and CAP_SYS_ADMIN",
			      tn);
	if (off < 0)
		return vc_err(e, pc,
			      "R%d is %s invalid negative access: off=%d",
			      regno, tn, (int)off);
	if (write)
		return vc_err(e, pc, "only read from %s is supported", tn);
	id = vc_kbtf(e) ?
		     btf__find_by_name_kind(vc_kbtf(e), tn, BTF_KIND_STRUCT) :
		     -1;
	if (id <= 0)
		return vc_err_fatal(e, pc,
				    "map_ptr access without the kernel's "
				    "BTF of struct %s is not supported by "
				    "bpfcheck",
				    tn);
	if (!bc_btf_struct_read(vc_kbtf(e), (uint32_t)id, 0, vlk_in_rcu_cs(e),
				(int)off, size, &v, msg, sizeof(msg)))
		return vc_err(e, pc, "%s", msg);
	btf_load(e, &v, size, sx, out);
	return 0;
}
