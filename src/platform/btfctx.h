/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * BTF-typed contexts and pointers (the kernel's btf_ctx_access and
 * btf_struct_access): the context of fentry/fexit/fmod_ret/tp_btf/lsm/iter
 * programs is an array of u64 arguments typed by the attach target's BTF
 * prototype; a pointer argument to a struct is a PTR_TO_BTF_ID, and loads
 * through it walk the struct by BTF. Reads cannot fault (probe memory), so
 * what is checked is the shape of the access and what the loaded value is.
 */
#ifndef BC_BTFCTX_H
#define BC_BTFCTX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/btf_types.h"

struct btf;
struct bc_kernel;

/* The type flags of a PTR_TO_BTF_ID (Linux's bpf_type_flag). */
enum bc_btf_flag {
	BC_BTF_TRUSTED = 1, /* PTR_TRUSTED */
	BC_BTF_UNTRUSTED = 2, /* PTR_UNTRUSTED */
	BC_BTF_RCU = 4, /* MEM_RCU */
	BC_BTF_MAYBE_NULL =
		8, /* PTR_MAYBE_NULL (the verifier's or-null kind) */
	BC_BTF_USER = 16, /* MEM_USER: __user memory */
	BC_BTF_PERCPU = 32, /* MEM_PERCPU: __percpu memory */
};

/* A program's attach target (prog->aux->attach_func_proto and name). */
struct bc_attach {
	const struct btf *btf;
	char name[128]; /* the target as the section names it */
	uint32_t proto; /* its FUNC_PROTO type id */
	uint32_t attach; /* expected attach type */
	bool btf_trace; /* tp_btf: skip the typedef's void *__data */
	bool args_trusted; /* Linux's prog_args_trusted */
	bool iter; /* iter/: pointer arguments may be NULL */
	uint64_t null_args; /* tp_btf: arguments that may be NULL (bit i) */
	/*
	 * struct_ops (struct_ops.h): BC_ST_ATTACH of its ops and member;
	 * sock_is_tcp: a struct sock argument is a tcp_sock
	 * (bpf_tcp_ca_is_valid_access)
	 */
	uint32_t st_attach;
	bool sock_is_tcp;
	/* the kernel mirrored (kernels.h; NULL: the newest) */
	const struct bc_kernel *kern;
};

/*
 * Does a program of this type and attach type get a BTF-typed context?
 * (struct_ops programs: their target is resolved by struct_ops.h.)
 */
bool bc_btf_typed_ctx(uint32_t type, uint32_t attach);

/*
 * Find the attach target the section names ("tp_btf/sched_switch":
 * typedef btf_trace_sched_switch; "fentry/F": function F; "lsm/H":
 * bpf_lsm_H; "iter/T": bpf_iter_T) in btf. false with msg when absent.
 */
bool bc_btf_attach_resolve(const struct btf *btf, uint32_t type,
			   uint32_t attach, const char *section,
			   struct bc_attach *at, char *msg, size_t len);

/* What a load from the context or through a PTR_TO_BTF_ID yields. */
struct bc_btf_val {
	bool ptr; /* PTR_TO_BTF_ID, else a scalar */
	uint32_t btf_id; /* the struct pointed to */
	uint8_t flags; /* enum bc_btf_flag */
	bool is_retval; /* an LSM program's read of the hook's return */
};

/*
 * Linux's btf_ctx_access for a read of size bytes at off. false: msg has
 * the kernel's log line (the access is then "invalid bpf_context access").
 */
bool bc_btf_ctx_access(const struct bc_attach *at, int off, int size,
		       struct bc_btf_val *out, char *msg, size_t len);

/*
 * Linux's btf_struct_access and the trust rules of check_ptr_to_btf_access
 * for a read of size bytes at off through a pointer to struct id with
 * flags; rcu_cs: the program runs in an RCU read section (not sleepable).
 * false: msg has the kernel's message.
 */
bool bc_btf_struct_read(const struct btf *btf, uint32_t id, uint8_t flags,
			bool rcu_cs, int off, int size, struct bc_btf_val *out,
			char *msg, size_t len);

/*
 * Linux's btf_struct_ids_match: is the struct at off of a pointer to
 * struct id (or one nested there, first members included) named want?
 */
bool bc_btf_ids_match(const struct btf *btf, uint32_t id, int off,
		      const char *want);

/*
 * May the program call bpf_d_path (Linux's bpf_d_path_allowed)? Iterators
 * and the functions of the kernel's allowlist; LSM programs only on
 * sleepable hooks, which bpfcheck does not know: refused.
 */
bool bc_btf_d_path_allowed(const struct bc_attach *at, uint32_t type);

/* The struct a helper's BTF-typed argument points to, NULL if none. */
const char *bc_btf_helper_arg(int32_t id);
/* The struct a helper returns a pointer to (0 unknown), and its flags. */
uint32_t bc_btf_helper_ret(const struct btf *btf, int32_t id, uint8_t *flags);

/*
 * A helper's callback argument typed by BTF (Linux's set_callee_state_fn):
 * the struct it points to in btf, 0 when not known; *from_caller: it is
 * the caller's argument of the same place (bpf_find_vma's task).
 */
uint32_t bc_btf_callback_arg(const struct btf *btf, int32_t helper, int arg,
			     bool *from_caller);

/* Linux's reg_type_str prefix and kind of a PTR_TO_BTF_ID: "trusted_ptr_". */
void bc_btf_ptr_str(uint8_t flags, char *buf, size_t len);

#endif
