// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Verifier: bpf_spin_lock regions (Linux's process_spin_lock and the
 * active_lock checks of do_check), RCU read sections (the active_rcu_lock
 * checks of check_kfunc_call, check_helper_call and do_check) and
 * bpf_timer arguments (process_timer_func). A map value's struct bpf_spin_lock and struct
 * bpf_timer are found by the loader in the value's BTF (bc_map.lock_off,
 * timer_off); the lock held is part of the state (bc_vstate.lock_map,
 * lock_id) and of its comparison.
 */
#include <linux/bpf.h>
#include <stdio.h>
#include <string.h>

#include "verifier/lock.h"
#include "verifier/state.h"

bool vlk_map_has_lock(const struct bc_map *m)
{
	return m->lock_off >= 0;
}

static int type_err(struct venv *e, uint32_t pc, int regno,
		    const struct bc_vreg *r, const char *exp)
{
	char t[48];

	return vc_err(e, pc, "R%d type=%s expected=%s", regno,
		      bc_vreg_type_str(r, t, sizeof(t)), exp);
}

/*
 * The argument points exactly at the field (at offset want of the value,
 * -1 none) named what: a constant offset, a map with BTF, a field there.
 */
static int at_field(struct venv *e, uint32_t pc, int regno,
		    const struct bc_vreg *r, int32_t want, const char *what)
{
	const struct bc_map *m = &e->obj->maps[r->map];
	int64_t at;

	if (!bc_scalar_is_const(&r->s))
		return vc_err(e, pc,
			      "R%d doesn't have constant offset. %s has "
			      "to be at the constant offset",
			      regno, what);
	if (!m->value_btf)
		return vc_err(e, pc,
			      "map '%s' has to have BTF in order to use "
			      "%s",
			      m->name, what);
	if (want < 0)
		return vc_err(e, pc, "map '%s' has no valid %s", m->name, what);
	at = (int64_t)r->s.var_off.value + r->off;
	if (at != want)
		return vc_err(e, pc,
			      "off %lld doesn't point to 'struct %s' that "
			      "is at %d",
			      (long long)at, what, want);
	return 0;
}

int vlk_spin_lock(struct venv *e, uint32_t pc, int regno, bool lock)
{
	const struct bc_vreg *r = vc_reg(e, regno);
	struct bc_vstate *st = &e->cur;

	/* Linux also takes a lock in an allocated object (bpf_obj_new),
	 * which bpfcheck does not model: such a pointer is refused here */
	if (r->kind != VK_MAP_VALUE)
		return type_err(e, pc, regno, r, "map_value, alloc_ptr_");
	if (at_field(e, pc, regno, r, e->obj->maps[r->map].lock_off,
		     "bpf_spin_lock"))
		return -1;
	if (lock) {
		if (st->lock_map)
			return vc_err(e, pc,
				      "Locking two bpf_spin_locks are not "
				      "allowed");
		st->lock_map = r->map + 1;
		st->lock_id = r->id;
		return 0;
	}
	if (!st->lock_map)
		return vc_err(e, pc, "bpf_spin_unlock without taking a lock");
	if (st->lock_map != r->map + 1 || st->lock_id != r->id)
		return vc_err(e, pc, "bpf_spin_unlock of different lock");
	st->lock_map = 0;
	st->lock_id = 0;
	return 0;
}

int vlk_timer(struct venv *e, uint32_t pc, int regno, int32_t *map)
{
	const struct bc_vreg *r = vc_reg(e, regno);

	if (r->kind != VK_MAP_VALUE)
		return type_err(e, pc, regno, r, "map_value");
	if (at_field(e, pc, regno, r, e->obj->maps[r->map].timer_off,
		     "bpf_timer"))
		return -1;
	*map = (int32_t)r->map;
	return 0;
}

/*
 * In a locked region only bpf_spin_unlock may be called (Linux also allows
 * the graph kfuncs, bpf_list_* and bpf_rbtree_*, which bpfcheck does not
 * model) and static subprograms: a global function is verified apart,
 * without the lock.
 */
int vlk_call_check(struct venv *e, uint32_t pc, const struct bpf_insn *in)
{
	if (!e->cur.lock_map)
		return 0;
	if (bc_is_pseudo_call(in))
		return 0; /* global functions: vlk_global_check */
	if (!bc_is_kfunc_call(in) && in->imm == BPF_FUNC_spin_unlock)
		return 0;
	return vc_err(e, pc,
		      "function calls are not allowed while holding a "
		      "lock");
}

/* 6.12's and older kernels' words at an exit with a lock held; 6.1's
 * refuses a subprogram's exit holding a spin lock too. */
static int old_exit_check(struct venv *e, uint32_t pc)
{
	unsigned n = e->cur.preempt_lock;

	if (e->cur.curframe && !e->kern->lock_in_subprog && e->cur.lock_map)
		return vc_err(e, pc, "bpf_spin_unlock is missing");
	if (e->cur.curframe)
		return 0;
	if (e->cur.lock_map)
		return vc_err(e, pc, "bpf_spin_unlock is missing");
	if (e->cur.rcu_lock)
		return vc_err(e, pc, "bpf_rcu_read_unlock is missing");
	if (n)
		return vc_err(e, pc, "%u bpf_preempt_enable%s missing", n,
			      n == 1 ? " is" : "(s) are");
	return 0;
}

int vlk_exit_check(struct venv *e, uint32_t pc)
{
	if (!e->kern->exit_words_618)
		return old_exit_check(e, pc);
	if (e->cur.curframe)
		return 0;
	if (e->cur.rcu_lock && !e->cur.lock_map)
		return vc_err(e, pc,
			      "BPF_EXIT instruction in main prog cannot "
			      "be used inside bpf_rcu_read_lock-ed region");
	if (e->cur.preempt_lock && !e->cur.lock_map)
		return vc_err(e, pc,
			      "BPF_EXIT instruction in main prog cannot "
			      "be used inside bpf_preempt_disable-ed region");
	if (!e->cur.lock_map)
		return 0;
	return vc_err(e, pc,
		      "BPF_EXIT instruction in main prog cannot be used "
		      "inside bpf_spin_lock-ed region (bpf_spin_unlock is "
		      "missing)");
}

/* Does [lo, hi) (hi exclusive, at most) overlap the field at p? */
static bool overlaps(int64_t lo, int64_t hi, int32_t p, int fsize)
{
	return p >= 0 && lo < (int64_t)p + fsize && p < hi;
}

int vlk_field_access(struct venv *e, uint32_t pc, const struct bc_vreg *r,
		     int64_t off, int size)
{
	const struct bc_map *m = &e->obj->maps[r->map];
	int64_t lo = r->s.smin + off, hi = (int64_t)r->s.umax + off + size;

	if (overlaps(lo, hi, m->lock_off, 4))
		return vc_err(e, pc,
			      "bpf_spin_lock cannot be accessed directly "
			      "by load/store");
	if (overlaps(lo, hi, m->timer_off, 16))
		return vc_err(e, pc,
			      "bpf_timer cannot be accessed directly by "
			      "load/store");
	return 0;
}

/* Linux's is_tracing_prog_type. */
static bool is_tracing(uint32_t type)
{
	return type == BPF_PROG_TYPE_KPROBE ||
	       type == BPF_PROG_TYPE_TRACEPOINT ||
	       type == BPF_PROG_TYPE_PERF_EVENT ||
	       type == BPF_PROG_TYPE_RAW_TRACEPOINT ||
	       type == BPF_PROG_TYPE_RAW_TRACEPOINT_WRITABLE;
}

/* map_check_btf: the map types whose values may hold a lock, a timer. */
static bool map_holds(uint32_t mt, bool timer)
{
	switch (mt) {
	case BPF_MAP_TYPE_HASH:
	case BPF_MAP_TYPE_ARRAY: return true;
	case BPF_MAP_TYPE_LRU_HASH: return timer;
	case BPF_MAP_TYPE_CGROUP_STORAGE:
	case BPF_MAP_TYPE_SK_STORAGE:
	case BPF_MAP_TYPE_INODE_STORAGE:
	case BPF_MAP_TYPE_TASK_STORAGE:
	case BPF_MAP_TYPE_USER_RINGBUF +
		1: /* BPF_MAP_TYPE_CGRP_STORAGE (6.2) */
		return !timer;
	}
	return false;
}

const char *vlk_map_prog_check(const struct bc_map *m, uint32_t type, char *buf,
			       size_t len)
{
	bool bad_lock = m->lock_off >= 0 && !map_holds(m->type, false);

	if (bad_lock || (m->timer_off >= 0 && !map_holds(m->type, true))) {
		snprintf(buf, len,
			 "map '%s' cannot be created: a map of type "
			 "%u cannot hold a %s",
			 m->name, m->type,
			 bad_lock ? "bpf_spin_lock" : "bpf_timer");
		return buf;
	}
	if (m->lock_off >= 0 && type == BPF_PROG_TYPE_SOCKET_FILTER)
		return "socket filter progs cannot use bpf_spin_lock yet";
	if (m->lock_off >= 0 && is_tracing(type))
		return "tracing progs cannot use bpf_spin_lock yet";
	if (m->timer_off >= 0 && is_tracing(type))
		return "tracing progs cannot use bpf_timer yet";
	return NULL;
}

/* ---- RCU read sections (bpf_rcu_read_lock / bpf_rcu_read_unlock) ---- */

bool vlk_in_rcu_cs(const struct venv *e)
{
	return e->cur.rcu_lock || e->cur.lock_map || !e->sleepable;
}

/* An RCU pointer outlives its section as an untrusted one. */
static void rcu_expire(struct bc_vreg *r)
{
	if (!(r->bflags & BC_BTF_RCU))
		return;
	r->bflags = (uint8_t)((r->bflags & ~BC_BTF_RCU) | BC_BTF_UNTRUSTED);
	if (r->kind == VK_BTF_ID_OR_NULL)
		r->kind = VK_BTF_ID;
}

/* Every register, spilled register and iterator slot of the state. */
static void rcu_unlock_all(struct venv *e)
{
	for (uint32_t i = 0; i <= e->cur.curframe; i++) {
		struct bc_vframe *f = e->cur.frames[i];

		for (int r = 0; r < BC_MAX_REG; r++)
			rcu_expire(&f->regs[r]);
		for (int k = 0; k < BC_SLOTS; k++)
			if (f->stype[8 * k] == VS_SPILL ||
			    f->stype[8 * k] == VS_ITER)
				rcu_expire(&f->spill[k]);
	}
}

int vlk_rcu_kfunc(struct venv *e, uint32_t pc, const char *name, bool sleepable)
{
	bool lock = !strcmp(name, "bpf_rcu_read_lock");
	bool unlock = !strcmp(name, "bpf_rcu_read_unlock");

	if (e->cur.rcu_lock) {
		if (lock)
			return vc_err(e, pc,
				      "nested rcu read lock (kernel "
				      "function %s)",
				      name);
		if (unlock) {
			rcu_unlock_all(e);
			e->cur.rcu_lock = false;
		} else if (sleepable) {
			return vc_err(e, pc,
				      "kernel func %s is sleepable within "
				      "rcu_read_lock region",
				      name);
		}
	} else if (lock) {
		e->cur.rcu_lock = true;
	} else if (unlock) {
		return vc_err(e, pc,
			      "unmatched rcu read unlock (kernel "
			      "function %s)",
			      name);
	}
	return 0;
}

int vlk_preempt_kfunc(struct venv *e, uint32_t pc, const char *name,
		      bool sleepable)
{
	bool disable = !strcmp(name, "bpf_preempt_disable");
	bool enable = !strcmp(name, "bpf_preempt_enable");

	if (disable) {
		e->cur.preempt_lock++;
	} else if (enable && e->cur.preempt_lock) {
		e->cur.preempt_lock--;
	} else if (enable) {
		return vc_err(e, pc,
			      "unmatched attempt to enable preemption "
			      "(kernel function %s)",
			      name);
	} else if (sleepable && e->cur.preempt_lock) {
		return vc_err(e, pc,
			      "kernel func %s is sleepable within "
			      "non-preemptible region",
			      name);
	}
	return 0;
}

int vlk_preempt_helper(struct venv *e, uint32_t pc, int32_t func,
		       const char *name, bool might_sleep)
{
	if (!e->cur.preempt_lock)
		return 0;
	if (might_sleep)
		return vc_err(e, pc,
			      "sleepable helper %s#%d in non-preemptible "
			      "region",
			      name, func);
	if (func == BPF_FUNC_tail_call)
		return vc_err(e, pc,
			      "tail_call cannot be used inside "
			      "bpf_preempt_disable-ed region");
	return 0;
}

/*
 * Linux 6.12 refused a global function call with preemption disabled;
 * 6.18 allows one that cannot sleep, as none can in a program that does
 * not sleep. Which of a sleepable program's global functions may sleep
 * bpfcheck does not track.
 */
int vlk_preempt_global(struct venv *e, uint32_t pc)
{
	if (!e->cur.preempt_lock || !e->sleepable)
		return 0;
	return vc_err_fatal(e, pc,
			    "a global function called with preemption "
			    "disabled in a sleepable program is not "
			    "supported by bpfcheck");
}

int vlk_rcu_helper(struct venv *e, uint32_t pc, int32_t func, const char *name,
		   bool might_sleep)
{
	if (!e->cur.rcu_lock)
		return 0;
	if (might_sleep)
		return vc_err(e, pc,
			      "sleepable helper %s#%d in rcu_read_lock "
			      "region",
			      name, func);
	if (func == BPF_FUNC_tail_call)
		return vc_err(e, pc,
			      "tail_call cannot be used inside "
			      "bpf_rcu_read_lock-ed region");
	return 0;
}

int vlk_ref_leak(struct venv *e, uint32_t pc)
{
	const struct bc_vref *last = &e->cur.refs[e->cur.ref_cnt - 1];
	bool old = !e->kern->exit_words_618;

	for (uint32_t i = 0; i + old < e->cur.ref_cnt; i++)
		vc_log(e, "Unreleased reference id=%u alloc_insn=%u\n",
		       e->cur.refs[i].id, e->cur.refs[i].insn);
	if (old)
		return vc_err(e, pc, "Unreleased reference id=%u alloc_insn=%u",
			      last->id, last->insn);
	return vc_err(e, pc,
		      "BPF_EXIT instruction in main prog would lead to "
		      "reference leak");
}
