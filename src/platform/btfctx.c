// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * BTF-typed contexts and pointers: the rules of the kernel's
 * btf_ctx_access, btf_struct_walk and check_ptr_to_btf_access, on the
 * target kernel's BTF read with libbpf.
 */
#include <bpf/btf.h>
#include <linux/bpf.h>
#include <stdio.h>
#include <string.h>

#include "platform/btfctx.h"
#include "platform/kernels.h"
#include "util/btf_types.h"
#include "util/util.h"

static bool is_struct(const struct btf_type *t)
{
	return t && (btf_is_struct(t) || btf_is_union(t));
}

/* Linux's btf_type_is_small_int: an int of at most 8 bytes. */
static bool is_small_int(const struct btf_type *t)
{
	return t && btf_is_int(t) && t->size <= 8;
}

static const char *kind_str(const struct btf_type *t)
{
	static const char *const names[] = {
		"UNKN",	   "INT",      "PTR",	   "ARRAY",	 "STRUCT",
		"UNION",   "ENUM",     "FWD",	   "TYPEDEF",	 "VOLATILE",
		"CONST",   "RESTRICT", "FUNC",	   "FUNC_PROTO", "VAR",
		"DATASEC", "FLOAT",    "DECL_TAG", "TYPE_TAG",	 "ENUM64",
	};
	unsigned k = t ? btf_kind(t) : 0;

	return k < BC_ARRAY_SIZE(names) ? names[k] : "UNKN";
}

void bc_btf_ptr_str(uint8_t flags, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s%s%s%sptr_%s",
		 flags & BC_BTF_USER ? "user_" : "",
		 flags & BC_BTF_PERCPU ? "percpu_" : "",
		 flags & BC_BTF_RCU ? "rcu_" : "",
		 flags & BC_BTF_UNTRUSTED ? "untrusted_" : "",
		 flags & BC_BTF_TRUSTED ? "trusted_" : "",
		 flags & BC_BTF_MAYBE_NULL ? "or_null_" : "");
}

/* ---- attach targets ---- */

bool bc_btf_typed_ctx(uint32_t type, uint32_t attach)
{
	if (type == BPF_PROG_TYPE_LSM)
		return attach == BPF_LSM_MAC || attach == BPF_LSM_CGROUP;
	if (type == BPF_PROG_TYPE_STRUCT_OPS)
		return true;
	if (type != BPF_PROG_TYPE_TRACING)
		return false;
	switch (attach) {
	case BPF_TRACE_RAW_TP:
	case BPF_TRACE_FENTRY:
	case BPF_TRACE_FEXIT:
	case BPF_MODIFY_RETURN:
	case BPF_TRACE_ITER: return true;
	}
	return false;
}

/*
 * Tracepoints whose arguments the kernel passes as NULL in some calls
 * (Linux's raw_tp_null_args, as facts): arg i may be NULL when bit 4*i
 * of mask is set, and holds an ERR_PTR-encoded value when bit 4*i+1 is.
 */
static const struct {
	const char *tp;
	uint64_t mask;
} tp_null_args[] = {
	{ "sched_pi_setprio", 0x10 },
	{ "sched_process_wait", 0x1 },
	{ "sched_stick_numa", 0x100 },
	{ "sched_swap_numa", 0x100 },
	{ "afs_make_fs_call", 0x10 },
	{ "afs_make_fs_calli", 0x10 },
	{ "afs_make_fs_call1", 0x10 },
	{ "afs_make_fs_call2", 0x10 },
	{ "afs_protocol_error", 0x1 },
	{ "afs_flock_ev", 0x10 },
	{ "cachefiles_lookup", 0x201 },
	{ "cachefiles_unlink", 0x1 },
	{ "cachefiles_rename", 0x1 },
	{ "cachefiles_prep_read", 0x1 },
	{ "cachefiles_mark_active", 0x1 },
	{ "cachefiles_mark_failed", 0x1 },
	{ "cachefiles_mark_inactive", 0x1 },
	{ "cachefiles_vfs_error", 0x1 },
	{ "cachefiles_io_error", 0x1 },
	{ "cachefiles_ondemand_open", 0x1 },
	{ "cachefiles_ondemand_copen", 0x1 },
	{ "cachefiles_ondemand_close", 0x1 },
	{ "cachefiles_ondemand_read", 0x1 },
	{ "cachefiles_ondemand_cread", 0x1 },
	{ "cachefiles_ondemand_fd_write", 0x1 },
	{ "cachefiles_ondemand_fd_release", 0x1 },
	{ "ext4_mballoc_discard", 0x10 },
	{ "ext4_mballoc_free", 0x10 },
	{ "fib_table_lookup", 0x100 },
	{ "posix_lock_inode", 0x10 },
	{ "fcntl_setlk", 0x10 },
	{ "locks_remove_posix", 0x10 },
	{ "flock_lock_inode", 0x10 },
	{ "break_lease_noblock", 0x10 },
	{ "break_lease_block", 0x10 },
	{ "break_lease_unblock", 0x10 },
	{ "generic_delete_lease", 0x10 },
	{ "time_out_leases", 0x10 },
	{ "host1x_cdma_push_gather", 0x10000 },
	{ "mm_khugepaged_scan_pmd", 0x10 },
	{ "mm_collapse_huge_page_isolate", 0x1 },
	{ "mm_khugepaged_scan_file", 0x10 },
	{ "mm_khugepaged_collapse_file", 0x10 },
	{ "mm_page_alloc", 0x1 },
	{ "mm_page_pcpu_drain", 0x1 },
	{ "mm_page_alloc_zone_locked", 0x1 },
	{ "netfs_failure", 0x10 },
	{ "device_pm_callback_start", 0x10 },
	{ "qdisc_dequeue", 0x1000 },
	{ "rxrpc_recvdata", 0x1 },
	{ "rxrpc_resend", 0x10 },
	{ "signal_generate", 0x20 },
	{ "signal_deliver", 0x20 },
	{ "kfree_skb", 0x1000 },
	{ "xs_stream_read_data", 0x1 },
	{ "xprt_reserve_cong", 0x10 },
	{ "xprt_release_cong", 0x10 },
	{ "xprt_get_cong", 0x10 },
	{ "xprt_put_cong", 0x10 },
	{ "tcp_send_reset", 0x11 },
	{ "tegra_dma_tx_status", 0x100 },
	{ "tmigr_update_events", 0x1 },
	{ "writeback_dirty_folio", 0x10 },
	{ "folio_wait_writeback", 0x10 },
	{ "mr_integ_alloc", 0x2000 },
};

static uint64_t tp_null_mask(const char *tp)
{
	for (size_t i = 0; i < BC_ARRAY_SIZE(tp_null_args); i++)
		if (!strcmp(tp_null_args[i].tp, tp))
			return tp_null_args[i].mask;
	return 0;
}

/* LSM hooks whose arguments are not trusted (Linux's untrusted_lsm_hooks). */
static bool lsm_trusted(const char *hook)
{
	static const char *const untrusted[] = { "bpf_map_free",
						 "bpf_prog_free",
						 "file_alloc_security",
						 "file_free_security",
						 "sk_alloc_security",
						 "sk_free_security",
						 "task_free" };

	for (size_t i = 0; i < BC_ARRAY_SIZE(untrusted); i++)
		if (!strcmp(hook, untrusted[i]))
			return false;
	return true;
}

/* The prefix of the kernel symbol a section's target names. */
static const char *target_prefix(uint32_t type, uint32_t attach)
{
	if (type == BPF_PROG_TYPE_LSM)
		return "bpf_lsm_";
	if (attach == BPF_TRACE_RAW_TP)
		return "btf_trace_";
	return attach == BPF_TRACE_ITER ? "bpf_iter_" : "";
}

/* The FUNC_PROTO of the target symbol (a FUNC, or a typedef of a pointer). */
static uint32_t target_proto(const struct btf *btf, const char *sym,
			     bool typedef_ptr)
{
	const struct btf_type *t;
	int id;

	id = btf__find_by_name_kind(
		btf, sym, typedef_ptr ? BTF_KIND_TYPEDEF : BTF_KIND_FUNC);
	if (id <= 0)
		return 0;
	t = btf__type_by_id(btf, id);
	if (typedef_ptr) {
		t = bc_btf_skip_mods(btf, t->type, NULL);
		if (!t || !btf_is_ptr(t))
			return 0;
	}
	id = (int)t->type;
	t = btf__type_by_id(btf, id);
	return t && btf_is_func_proto(t) ? (uint32_t)id : 0;
}

bool bc_btf_attach_resolve(const struct btf *btf, uint32_t type,
			   uint32_t attach, const char *section,
			   struct bc_attach *at, char *msg, size_t len)
{
	const char *slash = section ? strchr(section, '/') : NULL;
	const char *prefix = target_prefix(type, attach);
	char sym[160];

	memset(at, 0, sizeof(*at));
	at->btf = btf;
	at->attach = attach;
	if (!slash || !slash[1]) {
		snprintf(msg, len, "section '%s' names no attach target",
			 section ? section : "");
		return false;
	}
	snprintf(at->name, sizeof(at->name), "%s", slash + 1);
	snprintf(sym, sizeof(sym), "%s%s", prefix, at->name);
	at->btf_trace = attach == BPF_TRACE_RAW_TP;
	at->iter = attach == BPF_TRACE_ITER;
	at->proto = target_proto(btf, sym, at->btf_trace);
	if (!at->proto) {
		snprintf(msg, len,
			 "failed to find kernel BTF type ID of "
			 "'%s'%s%s%s",
			 at->name, *prefix ? " (" : "", *prefix ? sym : "",
			 *prefix ? ")" : "");
		return false;
	}
	at->args_trusted = at->btf_trace || at->iter ||
			   (type == BPF_PROG_TYPE_LSM && lsm_trusted(at->name));
	if (at->btf_trace)
		at->null_args = tp_null_mask(at->name);
	return true;
}

/* ---- the context: btf_ctx_access ---- */

/* Linux's get_ctx_arg_idx: arguments wider than 8 bytes take more slots. */
static uint32_t ctx_arg_idx(const struct btf *btf, const struct btf_type *fp,
			    int off)
{
	const struct btf_param *p = btf_params(fp);
	uint32_t n = btf_vlen(fp), o = 0, i;
	const struct btf_type *t;

	for (i = 0; i < n; i++) {
		t = bc_btf_skip_mods(btf, p[i].type, NULL);
		o += !t || btf_is_ptr(t) ? 8 : (t->size + 7) / 8 * 8;
		if ((uint32_t)off < o)
			return i;
	}
	t = bc_btf_skip_mods(btf, fp->type, NULL);
	o += !t || btf_is_ptr(t) ? 8 : (t->size + 7) / 8 * 8;
	return (uint32_t)off < o ? n : n + 1;
}

/* The type of the argument or return value at off, or false with msg. */
static bool ctx_slot_type(const struct bc_attach *at, int off, uint32_t *tid,
			  uint32_t *arg, char *msg, size_t len)
{
	const struct btf_type *fp = btf__type_by_id(at->btf, at->proto);
	const struct btf_param *p = btf_params(fp);
	uint32_t n = btf_vlen(fp), a = ctx_arg_idx(at->btf, fp, off);
	const struct btf_type *t;

	if (at->btf_trace) { /* its first argument is void *__data */
		p++;
		n--;
	}
	*arg = a;
	if (a < n) {
		*tid = p[a].type;
		return true;
	}
	if (a == n) {
		switch (at->attach) {
		case BPF_LSM_MAC:
		case BPF_LSM_CGROUP:
		case BPF_TRACE_FEXIT: *tid = fp->type; return true;
		case BPF_MODIFY_RETURN:
			t = bc_btf_skip_mods(at->btf, fp->type, tid);
			if (is_small_int(t))
				return true;
			snprintf(msg, len,
				 "ret type %s not allowed for fmod_ret",
				 kind_str(t));
			return false;
		}
	}
	snprintf(msg, len, "func '%s' doesn't have %u-th argument", at->name,
		 a + 1);
	return false;
}

/* A pointer argument: PTR_TO_BTF_ID to a struct, or a scalar. */
static bool ctx_ptr_arg(const struct bc_attach *at, const struct btf_type *t,
			uint32_t arg, struct bc_btf_val *out, char *msg,
			size_t len)
{
	const struct btf_type *pt = btf__type_by_id(at->btf, t->type);
	uint32_t id = t->type;

	if (!t->type)
		return true; /* void *: a scalar */
	if (btf_is_int(bc_btf_skip_mods(at->btf, t->type, NULL)) &&
	    (!at->kern || at->kern->tracing_int_ptr_args))
		return true; /* int *: a scalar (5.17) */
	if (pt && btf_is_type_tag(pt)) {
		const char *tag = btf__name_by_offset(at->btf, pt->name_off);

		if (tag && !strcmp(tag, "user"))
			out->flags |= BC_BTF_USER;
		if (tag && !strcmp(tag, "percpu"))
			out->flags |= BC_BTF_PERCPU;
	}
	pt = bc_btf_skip_mods(at->btf, id, &id);
	if (!is_struct(pt)) {
		snprintf(msg, len, "func '%s' arg%u type %s is not a struct",
			 at->name, arg, kind_str(pt));
		return false;
	}
	if (at->sock_is_tcp && !out->flags &&
	    !strcmp(bc_btf_name(at->btf, pt), "sock")) {
		int tid = btf__find_by_name_kind(at->btf, "tcp_sock",
						 BTF_KIND_STRUCT);

		id = tid > 0 ? (uint32_t)tid : id;
	}
	if (at->args_trusted)
		out->flags |= BC_BTF_TRUSTED;
	/* an iterator's arguments past its bpf_iter_meta may be NULL */
	if ((at->null_args >> (4 * arg)) & 1 || (at->iter && arg > 0))
		out->flags |= BC_BTF_MAYBE_NULL;
	if ((at->null_args >> (4 * arg)) & 2)
		return true; /* may hold an ERR_PTR: a scalar */
	out->ptr = true;
	out->btf_id = id;
	return true;
}

bool bc_btf_ctx_access(const struct bc_attach *at, int off, int size,
		       struct bc_btf_val *out, char *msg, size_t len)
{
	const struct btf_type *t;
	uint32_t tid, arg;

	memset(out, 0, sizeof(*out));
	if (off % 8) {
		snprintf(msg, len, "func '%s' offset %d is not multiple of 8",
			 at->name, off);
		return false;
	}
	if (!ctx_slot_type(at, off, &tid, &arg, msg, len))
		return false;
	out->is_retval = at->attach == BPF_LSM_MAC &&
			 arg == btf_vlen(btf__type_by_id(at->btf, at->proto));
	t = bc_btf_skip_mods(at->btf, tid, NULL);
	if (!tid || is_small_int(t) || btf_is_any_enum(t) || is_struct(t))
		return true; /* void return value, scalars */
	if (!btf_is_ptr(t)) {
		snprintf(msg, len,
			 "func '%s' arg%u '%s' has type %s. Only "
			 "pointer access is allowed",
			 at->name, arg, bc_btf_name(at->btf, t), kind_str(t));
		return false;
	}
	if (size != 8) {
		snprintf(msg, len, "func '%s' size %d must be 8", at->name,
			 size);
		return false;
	}
	return ctx_ptr_arg(at, t, arg, out, msg, len);
}

/* ---- loads through a PTR_TO_BTF_ID: btf_struct_walk ---- */

enum walk_res {
	WALK_ERR = -1,
	WALK_SCALAR,
	WALK_PTR,
	WALK_STRUCT, /* go on inside the nested struct *tp at w->off */
	WALK_FOUND, /* w->stop: a nested struct starts at w->off */
};

struct walk {
	const struct btf *btf;
	int off, size;
	uint32_t next; /* WALK_PTR, WALK_FOUND: the type found */
	bool stop; /* stop at a nested struct (ids_match) */
	uint8_t flags;
	const char *field; /* WALK_PTR: the pointer member's name */
	char *msg;
	size_t len;
};

/*
 * A member's size with arrays flattened (Linux's __btf_resolve_size):
 * *elem and *eid the innermost element type, *nelems their number.
 */
static const struct btf_type *member_size(const struct btf *btf, uint32_t id,
					  uint32_t *size,
					  const struct btf_type **elem,
					  uint32_t *eid, uint32_t *nelems)
{
	const struct btf_type *t = bc_btf_skip_mods(btf, id, &id), *top = NULL;
	uint32_t n = 1;

	while (t && btf_is_array(t)) {
		if (!top)
			top = t;
		n *= btf_array(t)->nelems;
		t = bc_btf_skip_mods(btf, btf_array(t)->type, &id);
	}
	if (!t || !(btf_is_int(t) || btf_is_any_enum(t) || is_struct(t) ||
		    btf_is_ptr(t) || btf_is_float(t)))
		return NULL;
	*size = (btf_is_ptr(t) ? 8 : t->size) * n;
	*elem = t;
	*eid = id;
	*nelems = n;
	return top ? top : t;
}

/* The flexible array at the end of t may hold the access (walk_flex_arrays). */
static enum walk_res walk_flex(struct walk *w, const struct btf_type **tp)
{
	const struct btf_type *t = *tp, *et;
	const struct btf_member *m;
	uint32_t moff;

	if (!btf_vlen(t))
		return WALK_ERR;
	m = btf_members(t) + btf_vlen(t) - 1;
	et = bc_btf_skip_mods(w->btf, m->type, NULL);
	if (!et || !btf_is_array(et) || btf_array(et)->nelems)
		return WALK_ERR;
	moff = btf_member_bit_offset(t, btf_vlen(t) - 1) / 8;
	if ((uint32_t)w->off < moff)
		return WALK_ERR;
	et = bc_btf_skip_mods(w->btf, btf_array(et)->type, NULL);
	if (et && btf_is_int(et))
		return WALK_SCALAR;
	if (!is_struct(et) || !et->size)
		return WALK_ERR;
	w->off = (int)((w->off - moff) % et->size);
	*tp = et;
	return WALK_STRUCT;
}

/* A pointer member: its tag (__user, __percpu, __rcu) and its struct. */
static enum walk_res walk_ptr(struct walk *w, const struct btf_type *pt,
			      const char *mname)
{
	const struct btf_type *t = btf__type_by_id(w->btf, pt->type);
	uint8_t tag = 0;
	uint32_t id;

	if (t && btf_is_type_tag(t)) {
		const char *v = btf__name_by_offset(w->btf, t->name_off);

		tag = !v		   ? 0 :
		      !strcmp(v, "user")   ? BC_BTF_USER :
		      !strcmp(v, "percpu") ? BC_BTF_PERCPU :
		      !strcmp(v, "rcu")	   ? BC_BTF_RCU :
					     0;
	}
	t = bc_btf_skip_mods(w->btf, pt->type, &id);
	if (!is_struct(t))
		return WALK_SCALAR;
	w->next = id;
	w->flags |= tag;
	w->field = mname;
	return WALK_PTR;
}

/* The member of t at w->off: the struct walk's step for one member. */
static enum walk_res walk_member(struct walk *w, const struct btf_type **tp,
				 uint32_t i, const char *tname)
{
	const struct btf_type *t = *tp, *mt, *elem;
	const struct btf_member *m = btf_members(t) + i;
	const char *mname = btf__name_by_offset(w->btf, m->name_off);
	uint32_t moff = btf_member_bit_offset(t, i) / 8, msize, eid, n, end;

	mt = member_size(w->btf, m->type, &msize, &elem, &eid, &n);
	if (!mt) {
		snprintf(w->msg, w->len, "field %s doesn't have size", mname);
		return WALK_ERR;
	}
	end = moff + msize;
	if (btf_is_array(mt)) {
		msize /= n;
		moff += (w->off - moff) / msize * msize;
		mt = elem;
	}
	if (is_struct(mt)) {
		if (w->stop && (uint32_t)w->off == moff) {
			w->next = eid;
			return WALK_FOUND;
		}
		w->off -= moff;
		*tp = mt;
		return WALK_STRUCT; /* go on inside it */
	}
	if (btf_is_ptr(mt)) {
		if (msize != (uint32_t)w->size || (uint32_t)w->off != moff) {
			snprintf(
				w->msg, w->len,
				"cannot access ptr member %s "
				"with moff %u in struct %s with off %u size %u",
				mname, moff, tname, (unsigned)w->off,
				(unsigned)w->size);
			return WALK_ERR;
		}
		if (walk_ptr(w, mt, mname) == WALK_PTR)
			return WALK_PTR;
	}
	if ((uint32_t)(w->off + w->size) > end &&
	    !(w->flags & BC_BTF_UNTRUSTED)) {
		snprintf(w->msg, w->len,
			 "access beyond the end of member %s "
			 "(mend:%u) in struct %s with off %u size %u",
			 mname, end, tname, (unsigned)w->off,
			 (unsigned)w->size);
		return WALK_ERR;
	}
	return WALK_SCALAR;
}

/* Member i of t and the access: enum overlap (the walk's member loop). */
enum overlap { OV_NONE, OV_FOUND, OV_BITFIELD, OV_NEXT };

static enum overlap member_overlaps(struct walk *w, const struct btf_type *t,
				    uint32_t i)
{
	const struct btf_member *m = btf_members(t) + i;
	uint32_t moff = btf_member_bit_offset(t, i) / 8, bits, msize, eid, n;
	uint32_t end = (uint32_t)(w->off + w->size);
	const struct btf_type *elem;

	if (end <= moff)
		return OV_NONE;
	bits = btf_member_bitfield_size(t, i);
	if (bits) {
		uint32_t endb = btf_member_bit_offset(t, i) + bits;

		/* a whole bitfield read at once is a scalar; clang emits
		 * no member for an anonymous one, hence off <= moff */
		return (uint32_t)w->off <= moff && (endb + 7) / 8 <= end ?
			       OV_BITFIELD :
			       OV_NEXT;
	}
	if ((uint32_t)w->off < moff)
		return OV_NONE; /* in a hole */
	if (!member_size(w->btf, m->type, &msize, &elem, &eid, &n))
		return OV_FOUND; /* walk_member says why */
	return (uint32_t)w->off >= moff + msize ? OV_NEXT : OV_FOUND;
}

/* btf_struct_walk from struct t to the scalar or pointer at w->off. */
static enum walk_res walk_struct(struct walk *w, const struct btf_type *t)
{
	for (;;) {
		const char *tname = bc_btf_name(w->btf, t);
		enum overlap o = OV_NONE;
		enum walk_res r;
		uint32_t i, vlen;

		if (!is_struct(t)) {
			snprintf(w->msg, w->len, "Type '%s' is not a struct",
				 tname);
			return WALK_ERR;
		}
		vlen = btf_vlen(t);
		if (btf_is_union(t) && vlen != 1)
			w->flags |= BC_BTF_UNTRUSTED; /* which member? */
		if ((uint32_t)(w->off + w->size) > t->size) {
			r = walk_flex(w, &t);
			if (r == WALK_STRUCT)
				continue;
			if (r == WALK_ERR)
				snprintf(w->msg, w->len,
					 "access beyond struct "
					 "%s at off %u size %u",
					 tname, (unsigned)w->off,
					 (unsigned)w->size);
			return r;
		}
		for (i = 0; i < vlen; i++) {
			o = member_overlaps(w, t, i);
			if (o != OV_NEXT)
				break;
		}
		if (o == OV_BITFIELD)
			return WALK_SCALAR;
		if (o != OV_FOUND) {
			snprintf(w->msg, w->len,
				 "struct %s doesn't have field "
				 "at offset %d",
				 tname, w->off);
			return WALK_ERR;
		}
		r = walk_member(w, &t, i, tname);
		if (r != WALK_STRUCT)
			return r;
	}
}

/*
 * Linux's btf_nested_type_is_trusted: the target kernel lists the pointer
 * fields it vouches for as members of "<struct>__safe_rcu" (and
 * _rcu_or_null, _trusted, _trusted_or_null) types in its own BTF.
 */
static bool field_listed(const struct btf *btf, uint32_t owner,
			 const char *field, uint32_t id, const char *suffix)
{
	const struct btf_type *t = btf__type_by_id(btf, owner), *s, *mt;
	char name[128];
	int sid;

	if (!t || !field)
		return false;
	snprintf(name, sizeof(name), "%s%s", bc_btf_name(btf, t), suffix);
	sid = btf__find_by_name_kind(btf, name, btf_kind(t));
	s = sid > 0 ? btf__type_by_id(btf, sid) : NULL;
	for (uint32_t i = 0; s && i < btf_vlen(s); i++) {
		const struct btf_member *m = btf_members(s) + i;
		const char *mn;
		uint32_t mid;

		mt = btf__type_by_id(btf, m->type);
		if (!mt || !btf_is_ptr(mt))
			continue;
		bc_btf_skip_mods(btf, mt->type, &mid);
		if (mid == id && (mn = btf__name_by_offset(btf, m->name_off)) &&
		    !strcmp(mn, field))
			return true;
	}
	return false;
}

/* The flags of a pointer loaded through a trusted or RCU pointer. */
static uint8_t walked_trust(const struct btf *btf, uint32_t owner, uint8_t flag,
			    bool rcu_cs, const struct walk *w)
{
	const char *f = w->field;
	uint32_t id = w->next;

	if (field_listed(btf, owner, f, id, "__safe_trusted"))
		return flag | BC_BTF_TRUSTED;
	if (field_listed(btf, owner, f, id, "__safe_trusted_or_null"))
		return flag | BC_BTF_TRUSTED | BC_BTF_MAYBE_NULL;
	if (!rcu_cs)
		return BC_BTF_UNTRUSTED;
	if (field_listed(btf, owner, f, id, "__safe_rcu"))
		return flag | BC_BTF_RCU;
	if (field_listed(btf, owner, f, id, "__safe_rcu_or_null"))
		return (flag | BC_BTF_RCU | BC_BTF_MAYBE_NULL) &
		       ~BC_BTF_UNTRUSTED;
	if (flag & BC_BTF_RCU) /* an __rcu tag: may be NULL */
		return flag | BC_BTF_MAYBE_NULL;
	if (flag & (BC_BTF_PERCPU | BC_BTF_USER))
		return flag;
	/* an unknown field: untrusted (6.12 gave the plain, deprecated
	 * PTR_TO_BTF_ID here; 6.18 marks it PTR_UNTRUSTED) */
	return (flag & ~(BC_BTF_TRUSTED | BC_BTF_RCU)) | BC_BTF_UNTRUSTED;
}

bool bc_btf_struct_read(const struct btf *btf, uint32_t id, uint8_t flags,
			bool rcu_cs, int off, int size, struct bc_btf_val *out,
			char *msg, size_t len)
{
	struct walk w = {
		.btf = btf, .off = off, .size = size, .msg = msg, .len = len
	};
	enum walk_res r;

	memset(out, 0, sizeof(*out));
	r = walk_struct(&w, bc_btf_skip_mods(btf, id, NULL));
	if (r == WALK_ERR)
		return false;
	if (r != WALK_PTR)
		return true;
	out->ptr = true;
	out->btf_id = w.next;
	if (flags & BC_BTF_UNTRUSTED)
		out->flags = BC_BTF_UNTRUSTED;
	else if (flags & (BC_BTF_TRUSTED | BC_BTF_RCU))
		out->flags = walked_trust(btf, id, w.flags, rcu_cs, &w);
	else /* walking a plain PTR_TO_BTF_ID: the old, untagged kind */
		out->flags = w.flags & ~(BC_BTF_TRUSTED | BC_BTF_RCU);
	return true;
}

/*
 * Linux's btf_struct_ids_match (not strict): does a pointer to struct id
 * at off point to a struct named want, itself or nested at off (first
 * members included)?
 */
bool bc_btf_ids_match(const struct btf *btf, uint32_t id, int off,
		      const char *want)
{
	char msg[8];

	if (off < 0)
		return false;
	if (!off && !strcmp(bc_btf_type_name(btf, id), want))
		return true;
	for (int depth = 0; depth < 32; depth++) {
		struct walk w = { .btf = btf,
				  .off = off,
				  .size = 1,
				  .stop = true,
				  .msg = msg,
				  .len = sizeof(msg) };

		if (walk_struct(&w, bc_btf_skip_mods(btf, id, NULL)) !=
		    WALK_FOUND)
			return false;
		id = w.next;
		if (!strcmp(bc_btf_type_name(btf, id), want))
			return true;
		off = 0;
	}
	return false;
}

/* Linux's btf_allowlist_d_path (bpf_d_path_allowed), as facts. */
bool bc_btf_d_path_allowed(const struct bc_attach *at, uint32_t type)
{
	static const char *const fns[] = { "security_file_permission",
					   "security_inode_getattr",
					   "security_file_open",
					   "security_path_truncate",
					   "vfs_truncate",
					   "vfs_fallocate",
					   "dentry_open",
					   "vfs_getattr",
					   "filp_close" };

	if (!at)
		return false;
	if (at->iter)
		return true;
	if (type == BPF_PROG_TYPE_LSM) /* only sleepable hooks: not known */
		return false;
	for (size_t i = 0; i < BC_ARRAY_SIZE(fns); i++)
		if (!strcmp(at->name, fns[i]))
			return true;
	return false;
}

/*
 * The structs of the helpers' BTF-typed arguments and return values (their
 * bpf_func_proto's arg1_btf_id and ret_btf_id), as facts.
 */
static const struct {
	int32_t id;
	const char *arg, *ret;
	bool trusted;
} helper_btf[] = {
	{ BPF_FUNC_d_path, "path", NULL, false },
	{ BPF_FUNC_seq_printf, "seq_file", NULL, false },
	{ BPF_FUNC_seq_write, "seq_file", NULL, false },
	{ BPF_FUNC_seq_printf_btf, "seq_file", NULL, false },
	{ BPF_FUNC_get_task_stack, "task_struct", NULL, false },
	{ BPF_FUNC_find_vma, "task_struct", NULL, false },
	{ BPF_FUNC_copy_from_user_task, "task_struct", NULL, false },
	{ BPF_FUNC_bprm_opts_set, "linux_binprm", NULL, false },
	{ BPF_FUNC_ima_inode_hash, "inode", NULL, false },
	{ BPF_FUNC_ima_file_hash, "file", NULL, false },
	{ BPF_FUNC_inode_storage_get, "inode", NULL, false },
	{ BPF_FUNC_inode_storage_delete, "inode", NULL, false },
	{ BPF_FUNC_task_storage_get, "task_struct", NULL, false },
	{ BPF_FUNC_task_storage_delete, "task_struct", NULL, false },
	{ BPF_FUNC_task_pt_regs, "task_struct", "pt_regs", false },
	{ BPF_FUNC_sock_from_file, "file", "socket", false },
	{ BPF_FUNC_skb_output, "sk_buff", NULL, false },
	{ BPF_FUNC_xdp_output, "xdp_buff", NULL, false },
	{ BPF_FUNC_get_current_task_btf, NULL, "task_struct", true },
	{ BPF_FUNC_skc_to_tcp6_sock, NULL, "tcp6_sock", false },
	{ BPF_FUNC_skc_to_tcp_sock, NULL, "tcp_sock", false },
	{ BPF_FUNC_skc_to_tcp_timewait_sock, NULL, "tcp_timewait_sock", false },
	{ BPF_FUNC_skc_to_tcp_request_sock, NULL, "tcp_request_sock", false },
	{ BPF_FUNC_skc_to_udp6_sock, NULL, "udp6_sock", false },
	{ BPF_FUNC_skc_to_unix_sock, NULL, "unix_sock", false },
	{ BPF_FUNC_skc_to_mptcp_sock, NULL, "mptcp_sock", false },
	{ BPF_FUNC_tcp_send_ack, "tcp_sock", NULL, false },
};

const char *bc_btf_helper_arg(int32_t id)
{
	for (size_t i = 0; i < BC_ARRAY_SIZE(helper_btf); i++)
		if (helper_btf[i].id == id)
			return helper_btf[i].arg;
	return NULL;
}

uint32_t bc_btf_callback_arg(const struct btf *btf, int32_t helper, int arg,
			     bool *from_caller)
{
	int id;

	*from_caller = false;
	if (helper != BPF_FUNC_find_vma || !btf) /* the only one */
		return 0;
	if (arg == 0) { /* the task the program passed */
		*from_caller = true;
		return 0;
	}
	id = arg == 1 ? btf__find_by_name_kind(btf, "vm_area_struct",
					       BTF_KIND_STRUCT) :
			0;
	return id > 0 ? (uint32_t)id : 0;
}

uint32_t bc_btf_helper_ret(const struct btf *btf, int32_t id, uint8_t *flags)
{
	int r;

	*flags = 0;
	for (size_t i = 0; btf && i < BC_ARRAY_SIZE(helper_btf); i++) {
		if (helper_btf[i].id != id || !helper_btf[i].ret)
			continue;
		r = btf__find_by_name_kind(btf, helper_btf[i].ret,
					   BTF_KIND_STRUCT);
		*flags = helper_btf[i].trusted ? BC_BTF_TRUSTED : 0;
		return r > 0 ? (uint32_t)r : 0;
	}
	return 0;
}
