// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * struct_ops programs: the ops Linux registers with bpf_struct_ops and
 * their verifier rules (struct_ops.h), as Linux 6.12 states them:
 * net/ipv4/bpf_tcp_ca.c, net/bpf/bpf_dummy_struct_ops.c,
 * kernel/sched/ext.c; the member and its prototype as
 * check_struct_ops_btf_id finds them.
 */
#include <linux/bpf.h>
#include <stdio.h>
#include <string.h>

#include <bpf/btf.h>

#include "platform/helpers.h"
#include "platform/kernels.h"
#include "platform/struct_ops.h"
#include "util/btf_types.h"
#include "util/util.h"

struct st_desc {
	const char *name;
	enum bc_st_kind kind;
	const char *needs; /* why a kernel may not have it */
	/* members whose cfi stub is NULL (bpf_struct_ops_supported) */
	const char *const *unsupported;
	/* check_member: the members that may be sleepable; NULL: any */
	const char *const *may_sleep;
	/* arguments set_arg_maybe_null marks (sched_ext in 6.12) */
	const char *const *null_arg1;
};

static const char *const tcp_ca_unsupported[] = { "get_info", NULL };
static const char *const dummy_may_sleep[] = { "test_sleepable", NULL };
static const char *const scx_may_sleep[] = {
	"init_task",  "cgroup_init", "cgroup_exit", "cgroup_prep_move",
	"cpu_online", "cpu_offline", "init",	    "exit",
	NULL,
};
static const char *const scx_null_arg1[] = { "dispatch", "yield", NULL };

static const struct st_desc st_descs[] = {
	{ "tcp_congestion_ops", BC_ST_TCP_CA,
	  "CONFIG_INET and a JIT, Linux 5.6", tcp_ca_unsupported, NULL, NULL },
	{ "bpf_dummy_ops", BC_ST_DUMMY, "CONFIG_NET, Linux 5.11", NULL,
	  dummy_may_sleep, NULL },
	{ "sched_ext_ops", BC_ST_SCX,
	  "sched_ext needs CONFIG_SCHED_CLASS_EXT, Linux 6.12", NULL,
	  scx_may_sleep, scx_null_arg1 },
};

static bool listed(const char *const *list, const char *name)
{
	for (; list && *list; list++)
		if (!strcmp(*list, name))
			return true;
	return false;
}

static const struct st_desc *find_desc(const char *ops)
{
	for (size_t i = 0; i < BC_ARRAY_SIZE(st_descs); i++)
		if (!strcmp(st_descs[i].name, ops))
			return &st_descs[i];
	return NULL;
}

/* The kernel registers ops X with its value type bpf_struct_ops_X. */
static int find_ops(const struct btf *btf, const char *ops,
		    const struct st_desc *d, char *msg, size_t len)
{
	char value[160];
	int id = btf__find_by_name_kind(btf, ops, BTF_KIND_STRUCT);

	snprintf(value, sizeof(value), "bpf_struct_ops_%s", ops);
	if (id > 0 && btf__find_by_name_kind(btf, value, BTF_KIND_STRUCT) > 0)
		return id;
	snprintf(msg, len,
		 "struct_ops: the target kernel's BTF has no struct %s%s%s%s",
		 id > 0 ? value : ops, d ? " (" : "", d ? d->needs : "",
		 d ? ")" : "");
	return -1;
}

/* Arguments whose name in the member's stub ends in __nullable. */
static uint64_t stub_nullable(const struct btf *btf, const char *ops,
			      const char *member)
{
	char stub[192];
	const struct btf_type *f;
	const struct btf_param *p;
	uint64_t mask = 0;
	int id;

	snprintf(stub, sizeof(stub), "%s__%s", ops, member);
	id = btf__find_by_name_kind(btf, stub, BTF_KIND_FUNC);
	f = id > 0 ? btf__type_by_id(btf, btf__type_by_id(btf, id)->type) :
		     NULL;
	if (!f || !btf_is_func_proto(f))
		return 0;
	p = btf_params(f);
	for (int i = 0; i < btf_vlen(f) && i < 16; i++) {
		const char *n = btf__name_by_offset(btf, p[i].name_off);
		size_t l = n ? strlen(n) : 0;

		if (l > 10 && !strcmp(n + l - 10, "__nullable"))
			mask |= 1ull << (4 * i);
	}
	return mask;
}

/* The member called name of struct t: its index, or -1. */
static int member_idx(const struct btf *btf, const struct btf_type *t,
		      const char *name)
{
	const struct btf_member *m = btf_members(t);

	for (int i = 0; i < btf_vlen(t); i++)
		if (!strcmp(btf__name_by_offset(btf, m[i].name_off), name))
			return i;
	return -1;
}

/* check_struct_ops_btf_id: the member, its prototype and check_member. */
static bool resolve_member(const struct btf *btf, const struct st_desc *d,
			   const struct btf_type *t, const char *member,
			   bool sleepable, struct bc_attach *at, char *msg,
			   size_t len)
{
	const char *ops = bc_btf_name(btf, t);
	const struct btf_type *fp;
	int idx = member_idx(btf, t, member);
	uint32_t pid = 0;

	if (idx < 0) {
		snprintf(msg, len,
			 "struct_ops init_kern: cannot find member %s of "
			 "struct %s in the target kernel's BTF",
			 member, ops);
		return false;
	}
	fp = bc_btf_skip_mods(btf, btf_members(t)[idx].type, NULL);
	fp = fp && btf_is_ptr(fp) ? bc_btf_skip_mods(btf, fp->type, &pid) :
				    NULL;
	if (!fp || !btf_is_func_proto(fp)) {
		snprintf(msg, len,
			 "attach to invalid member %s(@idx %d) of struct %s",
			 member, idx, ops);
		return false;
	}
	if (listed(d->unsupported, member) ||
	    (sleepable && d->may_sleep && !listed(d->may_sleep, member))) {
		snprintf(msg, len,
			 "attach to unsupported member %s of struct %s", member,
			 ops);
		return false;
	}
	at->proto = pid;
	at->attach = (uint32_t)idx;
	return true;
}

bool bc_st_ops_resolve(const struct btf *btf, const char *ops,
		       const char *member, bool sleepable, struct bc_attach *at,
		       char *msg, size_t len)
{
	const struct st_desc *d = find_desc(ops);
	int id = find_ops(btf, ops, d, msg, len);
	uint32_t attach;

	memset(at, 0, sizeof(*at));
	if (id < 0)
		return false;
	if (!d) {
		snprintf(msg, len,
			 "struct_ops %s is not supported by bpfcheck "
			 "(its members' rules are not known)",
			 ops);
		return false;
	}
	at->btf = btf;
	snprintf(at->name, sizeof(at->name), "%s", member);
	if (!resolve_member(btf, d, btf__type_by_id(btf, id), member, sleepable,
			    at, msg, len))
		return false;
	at->args_trusted = true; /* prog_args_trusted */
	at->null_args = stub_nullable(btf, ops, member);
	if (listed(d->null_arg1, member))
		at->null_args |= 1ull << 4;
	at->sock_is_tcp = d->kind == BC_ST_TCP_CA;
	attach = BC_ST_ATTACH(d->kind, at->attach);
	if (d->kind == BC_ST_TCP_CA && !strcmp(member, "release"))
		attach |= BC_ST_NO_SOCKOPT;
	at->st_attach = attach;
	return true;
}

bool bc_st_ops_void(const struct bc_attach *at)
{
	const struct btf_type *fp = btf__type_by_id(at->btf, at->proto);

	return fp && !fp->type;
}

/*
 * The member at path ("icsk_ack.pending") of struct type id, anonymous
 * members looked into: its byte offset *off and size *size.
 */
static bool find_field(const struct btf *btf, uint32_t id, const char *path,
		       uint32_t *off, uint32_t *size)
{
	const struct btf_type *t = bc_btf_skip_mods(btf, id, &id);
	size_t n = strcspn(path, ".");

	if (!t || !btf_is_composite(t))
		return false;
	for (int i = 0; i < btf_vlen(t); i++) {
		const struct btf_member *m = &btf_members(t)[i];
		const char *mn = btf__name_by_offset(btf, m->name_off);
		uint32_t o = btf_member_bit_offset(t, i) / 8, in = 0;
		int64_t sz;

		if (mn && !*mn && find_field(btf, m->type, path, &in, size)) {
			*off = o + in;
			return true;
		}
		if (!mn || strlen(mn) != n || strncmp(mn, path, n))
			continue;
		if (path[n])
			return find_field(btf, m->type, path + n + 1, &in,
					  size) &&
			       (*off = o + in, true);
		sz = btf__resolve_size(btf, m->type);
		*off = o;
		*size = sz > 0 ? (uint32_t)sz : 0;
		return true;
	}
	return false;
}

/* Does kernel k let bpf_tcp_ca write this field? */
static bool tcp_ca_field_in(const struct bc_kernel *k, const char *field)
{
	if (!k)
		return true;
	if (!strncmp(field, "sk_pacing_", 10))
		return k->tcp_ca_pacing_writes;
	if (!strcmp(field, "app_limited"))
		return k->tcp_ca_app_limited_write;
	return true;
}

/* bpf_tcp_ca_btf_struct_access: the fields of tcp_sock a write may change. */
static bool tcp_ca_write(const struct btf *btf, const struct bc_kernel *k,
			 uint32_t id, int off, int size, char *msg, size_t len)
{
	/* each in the struct that declares it, all at tcp_sock's start */
	static const char *const fields[][2] = {
		{ "sock", "sk_pacing_rate" },
		{ "sock", "sk_pacing_status" },
		{ "inet_connection_sock", "icsk_ca_priv" },
		{ "inet_connection_sock", "icsk_ack.pending" },
		{ "tcp_sock", "snd_cwnd" },
		{ "tcp_sock", "snd_cwnd_cnt" },
		{ "tcp_sock", "snd_cwnd_stamp" },
		{ "tcp_sock", "snd_ssthresh" },
		{ "tcp_sock", "ecn_flags" },
		{ "tcp_sock", "app_limited" },
	};
	uint32_t fo, fs;
	int sid;

	if (strcmp(bc_btf_type_name(btf, id), "tcp_sock")) {
		snprintf(msg, len, "only read is supported");
		return false;
	}
	for (size_t i = 0; i < BC_ARRAY_SIZE(fields); i++) {
		sid = btf__find_by_name_kind(btf, fields[i][0],
					     BTF_KIND_STRUCT);
		if (sid <= 0 || !tcp_ca_field_in(k, fields[i][1]) ||
		    !find_field(btf, (uint32_t)sid, fields[i][1], &fo, &fs))
			continue;
		/* icsk_ca_priv is a bpf_ctx_range: any offset inside it */
		if ((uint32_t)off != fo &&
		    (i != 2 || (uint32_t)off < fo || (uint32_t)off >= fo + fs))
			continue;
		if ((uint32_t)(off + size) <= fo + fs)
			return true;
		snprintf(msg, len,
			 "write access at off %d with size %d beyond the "
			 "member of tcp_sock ended at %u",
			 off, size, fo + fs);
		return false;
	}
	snprintf(msg, len, "no write support to tcp_sock at off %d", off);
	return false;
}

/* bpf_dummy_ops_btf_struct_access: struct bpf_dummy_ops_state only. */
static bool dummy_write(const struct btf *btf, uint32_t id, int off, int size,
			char *msg, size_t len)
{
	int64_t sz = btf__resolve_size(btf, id);

	if (strcmp(bc_btf_type_name(btf, id), "bpf_dummy_ops_state")) {
		snprintf(msg, len,
			 "only access to bpf_dummy_ops_state is supported");
		return false;
	}
	if (off + size > sz) {
		snprintf(msg, len, "write access at off %d with size %d", off,
			 size);
		return false;
	}
	return true;
}

/* bpf_scx_btf_struct_access: p->scx.slice, dsq_vtime and disallow. */
static bool scx_write(const struct btf *btf, uint32_t id, int off, int size,
		      char *msg, size_t len)
{
	static const char *const fields[] = { "scx.slice", "scx.dsq_vtime",
					      "scx.disallow" };
	uint32_t fo, fs;

	for (size_t i = 0; i < BC_ARRAY_SIZE(fields); i++)
		if (!strcmp(bc_btf_type_name(btf, id), "task_struct") &&
		    find_field(btf, id, fields[i], &fo, &fs) &&
		    (uint32_t)off >= fo && (uint32_t)(off + size) <= fo + fs)
			return true;
	/* the kernel logs nothing here: its -EACCES alone */
	snprintf(msg, len,
		 "write to %s at off %d: sched_ext writes only "
		 "p->scx.slice, dsq_vtime and disallow (-EACCES)",
		 bc_btf_type_name(btf, id), off);
	return false;
}

bool bc_st_ops_write(const struct btf *btf, const struct bc_attach *at,
		     uint32_t id, int off, int size, char *msg, size_t len)
{
	switch ((enum bc_st_kind)BC_ST_KIND(at->st_attach)) {
	case BC_ST_TCP_CA:
		return tcp_ca_write(btf, at->kern, id, off, size, msg, len);
	case BC_ST_DUMMY: return dummy_write(btf, id, off, size, msg, len);
	case BC_ST_SCX: return scx_write(btf, id, off, size, msg, len);
	case BC_ST_OTHER: break;
	}
	snprintf(msg, len, "only read is supported");
	return false;
}

/* ---- helpers: the ops' get_func_proto ---- */

static const struct bc_helper_proto sk_setsockopt = {
	.id = BPF_FUNC_setsockopt,
	.name = "bpf_setsockopt",
	.ret = BC_RET_INTEGER,
	.args = { BC_ARG_PTR_TO_SOCK_COMMON, BC_ARG_ANYTHING, BC_ARG_ANYTHING,
		  BC_ARG_PTR_TO_MEM | BC_ARG_RDONLY, BC_ARG_CONST_SIZE },
	.cb_arg = -1,
};
static const struct bc_helper_proto sk_getsockopt = {
	.id = BPF_FUNC_getsockopt,
	.name = "bpf_getsockopt",
	.ret = BC_RET_INTEGER,
	.args = { BC_ARG_PTR_TO_SOCK_COMMON, BC_ARG_ANYTHING, BC_ARG_ANYTHING,
		  BC_ARG_PTR_TO_UNINIT_MEM, BC_ARG_CONST_SIZE },
	.cb_arg = -1,
};

bool bc_st_ops_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	switch ((enum bc_st_kind)BC_ST_KIND(c->attach)) {
	case BC_ST_TCP_CA:
		switch (id) {
		case BPF_FUNC_tcp_send_ack:
		case BPF_FUNC_sk_storage_get:
		case BPF_FUNC_sk_storage_delete:
		case BPF_FUNC_ktime_get_coarse_ns: return true;
		case BPF_FUNC_setsockopt:
		case BPF_FUNC_getsockopt:
			return !(c->attach & BC_ST_NO_SOCKOPT);
		}
		break;
	case BC_ST_DUMMY: return false; /* no get_func_proto */
	case BC_ST_SCX:
		if (id == BPF_FUNC_task_storage_get ||
		    id == BPF_FUNC_task_storage_delete)
			return true;
		break;
	case BC_ST_OTHER: break;
	}
	return bc_base_has_func_proto(id, c);
}

const struct bc_helper_proto *bc_st_ops_func_proto(int32_t id)
{
	switch (id) {
	case BPF_FUNC_setsockopt: return &sk_setsockopt;
	case BPF_FUNC_getsockopt: return &sk_getsockopt;
	}
	return bc_tracing_func_proto(id);
}
