// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * kfuncs in the interpreter: the numeric iterator, with the semantics of
 * Linux's bpf_iter_num_new/next/destroy (kernel/bpf/bpf_iter.c): the
 * iterator's 8 bytes hold the current and the last value, next() returns
 * a pointer to the current one inside the iterator, or NULL once done.
 */
#include <errno.h>
#include <string.h>

#include "interp/interp_priv.h"
#include "interp/rtmaps.h"

struct iter_num {
	int32_t cur, end;
};

static int iter_num(struct bc_vm *vm, uint32_t pc, const char *op)
{
	uint64_t *r = vm->regs;
	struct iter_num *s = bc_vm_mem(vm, pc, r[1], sizeof(*s), true);

	if (!s)
		return -EFAULT;
	if (!strcmp(op, "new")) {
		int32_t start = (int32_t)r[2], end = (int32_t)r[3];

		s->cur = s->end = 0;
		if (start > end)
			r[0] = (uint64_t)-EINVAL;
		else if ((int64_t)end - start > BC_MAX_LOOPS)
			r[0] = (uint64_t)-E2BIG;
		else {
			s->cur = (int32_t)((uint32_t)start - 1);
			s->end = end;
			r[0] = 0;
		}
		return 0;
	}
	if (!strcmp(op, "next")) {
		if ((int64_t)s->cur + 1 >= s->end) {
			s->cur = s->end = 0;
			r[0] = 0;
		} else {
			s->cur++;
			r[0] = r[1]; /* &s->cur, the iterator's first bytes */
		}
		return 0;
	}
	return 0; /* destroy */
}

/* The arena kfuncs (kernel/bpf/arena.c) on the arena map in R1. */
static int arena_kfunc(struct bc_vm *vm, const char *op)
{
	uint64_t *r = vm->regs;
	struct bc_rtmap *m = bc_rtmaps_from_ptr(vm->maps, r[1]);
	struct bc_rtarena *a = m ? m->arena : NULL;

	if (!strcmp(op, "alloc_pages"))
		r[0] = a ? bc_rtarena_alloc(a, r[2], (uint32_t)r[3],
					    (int32_t)r[4], r[5]) :
			   0;
	else if (!strcmp(op, "free_pages") && a)
		bc_rtarena_free_pages(a, r[2], (uint32_t)r[3]);
	else if (strcmp(op, "free_pages"))
		return -ENOTSUP;
	return 0;
}

int bc_rt_kfunc(struct bc_vm *vm, uint32_t pc, const char *name)
{
	if (name && !strncmp(name, "bpf_arena_", 10))
		return arena_kfunc(vm, name + 10);
	if (name && !strncmp(name, "bpf_iter_num_", 13))
		return iter_num(vm, pc, name + 13);
	if (name && !strncmp(name, "bpf_dynptr_", 11))
		return bc_rt_dynptr_kfunc(vm, pc, name + 11);
	return -ENOTSUP;
}
