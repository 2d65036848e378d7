/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * LSM hooks as BPF sees them (kernel/bpf/bpf_lsm.c): the hooks the kernel
 * refuses to attach BPF to, and what each hook's program must return.
 */
#ifndef BC_LSM_H
#define BC_LSM_H

#include <stdbool.h>
#include <stdint.h>

enum bc_lsm_ret {
	BC_LSM_RET_ERRNO, /* 0 or a negative errno: [-4095, 0] */
	BC_LSM_RET_BOOL, /* 0 or 1 */
	BC_LSM_RET_VOID, /* the hook returns nothing: r0 is not checked */
};

/* Does the kernel refuse BPF programs on this hook (bpf_lsm_disabled_hooks)? */
bool bc_lsm_hook_disabled(const char *hook);
/* What a program on this hook returns (bpf_lsm_get_retval_range). */
enum bc_lsm_ret bc_lsm_hook_ret(const char *hook);

#endif
