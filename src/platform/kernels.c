// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Kernel profiles (kernels.h), one row per release, each fact read from
 * that release's sources (include/uapi/linux/bpf.h's __BPF_FUNC_MAPPER and
 * enum bpf_prog_type, kernel/bpf/verifier.c, kernel/bpf/core.c's opcode
 * table): 5.10 (Debian's 5.10.262), 6.1 (6.1.192), 6.12 (6.12.118) and
 * 6.18 (the running kernel) were read; 5.15 and 6.6 are written from the
 * kernel's history (the release each feature was merged in) and are not
 * measured against a recorded table.
 */
#include "platform/kernels.h"

#include <linux/bpf.h>

#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#include "platform/progtypes.h"

/* the instructions each release lacks */
#define ISA_5_10                                                               \
	{                                                                      \
		.no_atomic_fetch = true, .no_kfunc_call = true,                \
		.no_cpu_v4 = true, .no_may_goto = true,                        \
		.no_may_goto_nop = true, .no_addr_space_cast = true            \
	}
#define ISA_5_13                                                               \
	{                                                                      \
		.no_cpu_v4 = true, .no_may_goto = true,                        \
		.no_may_goto_nop = true, .no_addr_space_cast = true            \
	}
#define ISA_6_6                                                                \
	{                                                                      \
		.no_may_goto = true, .no_may_goto_nop = true,                  \
		.no_addr_space_cast = true                                     \
	}
#define ISA_6_9                                                                \
	{                                                                      \
		.no_may_goto_nop = true                                        \
	}

/*
 * The verifier's rules by the first release here that has them (kernels.h
 * says what each is and when it came); a release has those of the one
 * before it too. 5.15 and 6.6 take a rule only where its release is sure.
 */
#define RULES_5_15                                                             \
	.reuseport_md_socks = true, .bind_ret_flags = true,                    \
	.global_ptr_args = true
#define RULES_6_1                                                              \
	RULES_5_15, .subreg_offset_fix = true, .tracing_int_ptr_args = true,   \
		    .tcp_ca_pacing_writes = true, .strtol_any_type = true,     \
		    .narrow_spills = true, .access_grows_stack = true
#define RULES_6_6                                                              \
	RULES_6_1, .dynptr_reinit = true, .tcp_ca_app_limited_write = true,    \
		   .eq_not_null = true, .helper_denied_named = true
#define RULES_6_12                                                             \
	RULES_6_6, .mixed_bounds = true, .nonconst_bitops = true,              \
		   .sign_wrap_deduction = true, .exact_loop_check = true,      \
		   .sync_narrow_spills = true, .mov32_keeps_id = true,         \
		   .spill_assigns_id = true, .fallthrough_loops = true,        \
		   .lock_in_subprog = true, .more_not_null = true,             \
		   .narrowing_fill = true, .arg_tags = true,                   \
		   .branch_taken_regs = true
#define RULES_6_18                                                             \
	RULES_6_12, .const_collapse = true, .nospec_fallback = true,           \
		    .exit_words_618 = true, .neg_end_tracked = true,           \
		    .lookup_const_key = true

static const struct bc_kernel kernels[] = {
	{ .name = "5.10",
	  .major = 5,
	  .minor = 10,
	  .last_helper = 155, /* bpf_redirect_peer */
	  .last_prog_type = 30, /* BPF_PROG_TYPE_SK_LOOKUP */
	  .isa = ISA_5_10 },
	{ .name = "5.15",
	  .major = 5,
	  .minor = 15,
	  .last_helper = 175, /* bpf_task_pt_regs, 5.15 */
	  .last_prog_type = 31, /* BPF_PROG_TYPE_SYSCALL, 5.14 */
	  /* access_grows_stack, strtol_any_type: not checked for 5.15;
	   * false is the stricter */
	  RULES_5_15,
	  .isa = ISA_5_13 },
	{ .name = "6.1",
	  .major = 6,
	  .minor = 1,
	  .last_helper = 209, /* bpf_user_ringbuf_drain */
	  .last_prog_type = 31,
	  RULES_6_1,
	  .isa = ISA_5_13 },
	{ .name = "6.6",
	  .major = 6,
	  .minor = 6,
	  .last_helper = 211, /* bpf_cgrp_storage_delete, 6.2 */
	  .last_prog_type = 32, /* BPF_PROG_TYPE_NETFILTER, 6.4 */
	  RULES_6_6,
	  .isa = ISA_6_6 },
	{ .name = "6.12",
	  .major = 6,
	  .minor = 12,
	  .last_helper = 211,
	  .last_prog_type = 32,
	  RULES_6_12,
	  .isa = ISA_6_9,
	  .measured = true },
	{ .name = "6.18",
	  .major = 6,
	  .minor = 18,
	  .last_helper = 211,
	  .last_prog_type = 32,
	  RULES_6_18,
	  .measured = true },
};

#define NKERNELS (sizeof(kernels) / sizeof(kernels[0]))

const struct bc_kernel *bc_kernel_at(unsigned i)
{
	return i < NKERNELS ? &kernels[i] : NULL;
}

const struct bc_kernel *bc_kernel_newest(void)
{
	return &kernels[NKERNELS - 1];
}

bool bc_kernel_is_newest(const struct bc_kernel *k)
{
	return !k || k == bc_kernel_newest();
}

const struct bc_kernel *bc_kernel_find(const char *version)
{
	const struct bc_kernel *found = NULL;
	unsigned major, minor;
	char end;

	if (!version || sscanf(version, "%u.%u%c", &major, &minor, &end) < 2)
		return NULL;
	if (sscanf(version, "%u.%u%c", &major, &minor, &end) == 3 &&
	    end != '.' && end != '-' && end != '+' && end != '_')
		return NULL;
	for (unsigned i = 0; i < NKERNELS; i++)
		if (kernels[i].major < major ||
		    (kernels[i].major == major && kernels[i].minor <= minor))
			found = &kernels[i];
	return found;
}

const struct bc_kernel *bc_kernel_running(void)
{
	const struct bc_kernel *k;
	struct utsname u;

	if (uname(&u))
		return bc_kernel_newest();
	k = bc_kernel_find(u.release);
	return k ? k : &kernels[0];
}

const struct bc_kernel *bc_kernel_with_helper(int32_t id)
{
	for (unsigned i = 0; i < NKERNELS; i++)
		if (id > 0 && id <= kernels[i].last_helper)
			return &kernels[i];
	return NULL;
}

void bc_kernel_retval(const struct bc_kernel *k, uint32_t prog_type,
		      struct bc_retval *r)
{
	/* bind's 2 and 3 (no CAP_NET_BIND_SERVICE check) */
	if (k && !k->bind_ret_flags &&
	    prog_type == BPF_PROG_TYPE_CGROUP_SOCK_ADDR && r->hi == 3)
		r->hi = 1;
}

bool bc_kernel_ctx_has(const struct bc_kernel *k, uint32_t prog_type, int off)
{
	/* sizeof(struct sk_reuseport_md) up to hash, before 5.14 */
	if (k && !k->reuseport_md_socks &&
	    prog_type == BPF_PROG_TYPE_SK_REUSEPORT)
		return off < 40;
	return true;
}

bool bc_kernel_type_has_helper(const struct bc_kernel *k, int32_t id,
			       uint32_t prog_type)
{
	if (k && !k->strtol_any_type &&
	    (id == BPF_FUNC_strtol || id == BPF_FUNC_strtoul))
		return prog_type == BPF_PROG_TYPE_CGROUP_SYSCTL;
	return true;
}
