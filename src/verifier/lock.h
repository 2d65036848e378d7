/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Verifier: bpf_spin_lock regions and bpf_timer arguments (lock.c), the
 * special fields of a map value found by its BTF.
 */
#ifndef BC_VLOCK_H
#define BC_VLOCK_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/insn.h"
#include "prog/prog.h"
#include "verifier/env.h"

/* Linux's process_spin_lock: R<regno> of bpf_spin_lock (lock) or unlock. */
int vlk_spin_lock(struct venv *e, uint32_t pc, int regno, bool lock);
/* Linux's process_timer_func: *map becomes the timer's map. */
int vlk_timer(struct venv *e, uint32_t pc, int regno, int32_t *map);
/* What do_check allows a call while a lock is held (0 when allowed). */
int vlk_call_check(struct venv *e, uint32_t pc, const struct bpf_insn *in);
/* A lock held where the program or a global function ends. */
int vlk_exit_check(struct venv *e, uint32_t pc);
/*
 * Linux's in_rcu_cs: an RCU read section, a spin lock held or a program
 * that does not sleep (it runs under rcu_read_lock()).
 */
bool vlk_in_rcu_cs(const struct venv *e);
/*
 * The active_rcu_lock part of check_kfunc_call for a call of kfunc name:
 * bpf_rcu_read_lock/unlock open and close the section (MEM_RCU pointers
 * become untrusted at its end); no nesting, no sleepable kfunc inside.
 */
int vlk_rcu_kfunc(struct venv *e, uint32_t pc, const char *name,
		  bool sleepable);
/* ... and of check_helper_call: no helper that may sleep, no tail call. */
int vlk_rcu_helper(struct venv *e, uint32_t pc, int32_t func, const char *name,
		   bool might_sleep);
/*
 * The active_preempt_lock part of check_kfunc_call: bpf_preempt_disable
 * and bpf_preempt_enable count, in balance; no sleepable kfunc inside.
 */
int vlk_preempt_kfunc(struct venv *e, uint32_t pc, const char *name,
		      bool sleepable);
/* ... and of check_helper_call and check_func_call. */
int vlk_preempt_helper(struct venv *e, uint32_t pc, int32_t func,
		       const char *name, bool might_sleep);
/* A global function called with preemption disabled. */
int vlk_preempt_global(struct venv *e, uint32_t pc);
/* check_map_access: a load, store or helper access touching a field. */
int vlk_field_access(struct venv *e, uint32_t pc, const struct bc_vreg *r,
		     int64_t off, int size);
/* Does a pointer into this map's value point to a lock (keeps its id)? */
bool vlk_map_has_lock(const struct bc_map *m);
/*
 * Linux's check_map_prog_compatibility and map_check_btf for the special
 * fields: NULL when map m may be used by a program of type `type`, else
 * why not.
 */
const char *vlk_map_prog_check(const struct bc_map *m, uint32_t type, char *buf,
			       size_t len);

/*
 * The main program exits holding references (check_reference_leak): each
 * logged, and the error in the words of the kernel mirrored.
 */
int vlk_ref_leak(struct venv *e, uint32_t pc);

#endif
