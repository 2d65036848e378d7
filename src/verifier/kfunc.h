/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* kfunc calls and open-coded iterators (kfunc.c). */
#ifndef BC_VKFUNC_H
#define BC_VKFUNC_H

#include <stdbool.h>
#include <stdint.h>

#include "isa/insn.h"
#include "util/btf_types.h"
#include "platform/kfuncs.h"
#include "verifier/env.h"

/* A kfunc call at pc (Linux's check_kfunc_call); *next: where it goes. */
int vk_call(struct venv *e, uint32_t pc, const struct bpf_insn *in,
	    uint32_t *next);

/*
 * A call at pc of kfunc name (flags k), not an iterator (kfunc_btf.c):
 * arguments by its BTF prototype, references, r0. 0 or -1.
 */
int vk_btf_call(struct venv *e, uint32_t pc, const char *name,
		const struct bc_kfunc *k);

/*
 * Arguments first.. of kfunc name by its BTF prototype (kfunc_btf.c's
 * rules): an iterator constructor's arguments after the iterator.
 */
int vk_btf_args(struct venv *e, uint32_t pc, const char *name,
		const struct bc_kfunc *k, int first);
/*
 * kfunc name's prototype: the kernel's where its BTF has one, else the
 * object's declaration (*btf: which); NULL when neither has one of at
 * most five parameters.
 */
const struct btf_type *vk_kfunc_proto(const struct venv *e, const char *name,
				      const struct btf **btf);

/* The kind of iterator slot s holds, as Linux's log names it ("num"). */
const char *vk_iter_kind_name(const struct bc_vreg *s);

/*
 * The bytes of the iterator the first argument of the iterator kfunc
 * called at pc points to (its new, next or destroy), else 0.
 */
int vk_iter_arg_bytes(const struct venv *e, uint32_t pc);
/* Is the insn at pc a call of an iterator's next()? */
bool vk_is_iter_next(const struct venv *e, uint32_t pc);

/* Does R1 point to an active iterator (at an iterator's next() call)? */
bool vk_iter_active(struct venv *e);

/*
 * Beyond Linux: a trip bound for loop l (header visits per entry), or 0.
 * Every way round the loop must go on only past a next() that returned
 * an element, of iterators made before the loop (none is made in it and
 * it calls no function), each passed in one stack slot: the rounds are
 * at most the elements those iterators yield (bpf_for(i, a, b): b - a).
 */
uint64_t vk_loop_trip(struct venv *e, uint32_t l);

#endif
