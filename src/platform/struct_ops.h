/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * struct_ops programs (Linux's kernel/bpf/bpf_struct_ops.c and the ops
 * that register with it: net/ipv4/bpf_tcp_ca.c, net/bpf/
 * bpf_dummy_struct_ops.c, kernel/sched/ext.c): a program fills one
 * function pointer member of an ops struct; its context is the member's
 * prototype in the target kernel's BTF (check_struct_ops_btf_id), its
 * helpers, writes through its BTF pointers and return value are the
 * ops' rules.
 */
#ifndef BC_STRUCT_OPS_H
#define BC_STRUCT_OPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "platform/btfctx.h"

struct bc_func_req;
struct bc_helper_proto;

/* The ops bpfcheck knows the rules of (each its bpf_verifier_ops). */
enum bc_st_kind {
	BC_ST_OTHER,
	BC_ST_TCP_CA, /* struct tcp_congestion_ops */
	BC_ST_DUMMY, /* struct bpf_dummy_ops */
	BC_ST_SCX, /* struct sched_ext_ops */
};

/*
 * A struct_ops program's attach type in the verifier (bc_func_req's and
 * venv's attach): its ops and member index, and whether the member is
 * tcp_congestion_ops' release (no bpf_setsockopt/getsockopt there).
 */
#define BC_ST_ATTACH(kind, idx) ((uint32_t)(kind) << 16 | (idx))
#define BC_ST_KIND(attach)	((attach) >> 16)
#define BC_ST_NO_SOCKOPT	0x8000u

/*
 * check_struct_ops_btf_id for a program filling member of struct ops
 * (libbpf's attach_btf_id and expected_attach_type), in the target
 * kernel's btf: fills *at, or false with the one-line reason in msg.
 */
bool bc_st_ops_resolve(const struct btf *btf, const char *ops,
		       const char *member, bool sleepable, struct bc_attach *at,
		       char *msg, size_t len);

/* Does the member return void (check_return_code does not read r0)? */
bool bc_st_ops_void(const struct bc_attach *at);

/*
 * The ops' btf_struct_access for a write of size bytes at off through a
 * pointer to struct id; false with the kernel's message in msg.
 */
bool bc_st_ops_write(const struct btf *btf, const struct bc_attach *at,
		     uint32_t id, int off, int size, char *msg, size_t len);

/* The ops' get_func_proto: which helpers, and their prototypes. */
bool bc_st_ops_has_func_proto(int32_t id, const struct bc_func_req *c);
const struct bc_helper_proto *bc_st_ops_func_proto(int32_t id);

#endif
