// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Dynptrs in the interpreter, with the semantics of Linux's helpers and
 * kfuncs (kernel/bpf/helpers.c, ringbuf.c, net/core/filter.c): the 16
 * bytes on the stack hold the data's address, its size with the type and
 * a read-only bit (struct bpf_dynptr_kern's layout) and an offset; a
 * dynptr that could not be made is all zero, and every access to it
 * fails with an error code, as in Linux.
 */
#include <errno.h>
#include <string.h>

#include <linux/bpf.h>

#include "interp/interp_priv.h"
#include "interp/rtmaps.h"

struct dynptr {
	uint64_t data;
	uint32_t size; /* low 24 bits the size, then the type, rdonly */
	uint32_t offset;
};

#define DYNPTR_SIZE_MASK  0xffffffu
#define DYNPTR_TYPE_SHIFT 28
#define DYNPTR_RDONLY	  (1u << 31)
#define DYNPTR_MAX_SIZE	  DYNPTR_SIZE_MASK

enum { LOCAL = 1, RINGBUF = 2, SKB = 3, XDP = 4 };

#define A(n)   (vm->regs[n])
#define RET(v) (vm->regs[0] = (uint64_t)(v))

static struct dynptr *dynptr_at(struct bc_vm *vm, uint32_t pc, uint64_t p)
{
	return bc_vm_mem(vm, pc, p, sizeof(struct dynptr), true);
}

static uint32_t size_of(const struct dynptr *d)
{
	return d->size & DYNPTR_SIZE_MASK;
}

static void make(struct dynptr *d, uint64_t data, uint32_t size, int type)
{
	d->data = data;
	d->size = size | (uint32_t)type << DYNPTR_TYPE_SHIFT;
	d->offset = 0;
}

/* Linux's bpf_dynptr_check_off_len. */
static int check_off_len(const struct dynptr *d, uint64_t off, uint64_t len)
{
	if (!d->data)
		return -EINVAL;
	return off > size_of(d) || len > size_of(d) - off ? -E2BIG : 0;
}

static int from_mem(struct bc_vm *vm, uint32_t pc)
{
	struct dynptr *d = dynptr_at(vm, pc, A(4));

	if (!d)
		return -EFAULT;
	memset(d, 0, sizeof(*d));
	if (A(3) || A(2) > DYNPTR_MAX_SIZE)
		return RET(A(3) ? -EINVAL : -E2BIG), 0;
	if (A(2) && !bc_vm_mem(vm, pc, A(1), A(2), true))
		return -EFAULT;
	make(d, A(1), (uint32_t)A(2), LOCAL);
	return RET(0), 0;
}

static int reserve(struct bc_vm *vm, uint32_t pc)
{
	struct bc_rtmap *m = bc_rtmaps_from_ptr(vm->maps, A(1));
	struct dynptr *d = dynptr_at(vm, pc, A(4));
	struct bc_dynreg *r;

	if (!d)
		return -EFAULT;
	memset(d, 0, sizeof(*d));
	if (!m) {
		bc_vm_err(vm, pc, "helper argument 0x%llx is not a map",
			  (unsigned long long)A(1));
		return -EINVAL;
	}
	if (A(3) || A(2) > DYNPTR_MAX_SIZE || A(2) > m->max_entries ||
	    vm->opts.ringbuf_full)
		return RET(A(3) ? -EINVAL : -E2BIG), 0;
	r = bc_vm_dyn_add(vm, A(2), "ring buffer record");
	r->map = (uint32_t)(m - vm->maps->maps);
	r->acq_pc = pc;
	make(d, (uintptr_t)r->base, (uint32_t)A(2), RINGBUF);
	return RET(0), 0;
}

static int submit(struct bc_vm *vm, uint32_t pc, bool out)
{
	struct dynptr *d = dynptr_at(vm, pc, A(1));
	struct bc_dynreg *r;

	if (!d)
		return -EFAULT;
	RET(0);
	if (!d->data)
		return 0; /* a failed reservation: nothing to do */
	r = bc_vm_dyn_find(vm, d->data);
	if (!r) {
		bc_vm_err(vm, pc, "dynptr 0x%llx holds no ring buffer record",
			  (unsigned long long)A(1));
		return -EINVAL;
	}
	if (out)
		bc_rt_emit_record(vm, &vm->maps->maps[r->map], r->base,
				  r->size);
	bc_vm_dyn_del(vm, r);
	memset(d, 0, sizeof(*d));
	return 0;
}

/* bpf_dynptr_read (dst, len, src, off) and _write (dst, off, src, len). */
static int copy(struct bc_vm *vm, uint32_t pc, bool write)
{
	struct dynptr *d = dynptr_at(vm, pc, write ? A(1) : A(3));
	uint64_t off = write ? A(2) : A(4), len = write ? A(4) : A(2);
	uint64_t mem = write ? A(3) : A(1);
	void *p, *q;
	int err;

	if (!d)
		return -EFAULT;
	err = check_off_len(d, off, len);
	if (!err && write && (d->size & DYNPTR_RDONLY))
		err = -EINVAL;
	if (err || !len)
		return RET(err), 0;
	p = bc_vm_mem(vm, pc, mem, len, !write);
	q = bc_vm_mem(vm, pc, d->data + d->offset + off, len, write);
	if (!p || !q)
		return -EFAULT;
	memmove(write ? q : p, write ? p : q, len);
	return RET(0), 0;
}

/* bpf_dynptr_data and the slice kfuncs: the data itself, or NULL. */
static uint64_t data_at(const struct dynptr *d, uint64_t off, uint64_t len,
			bool write)
{
	if (check_off_len(d, off, len) || (write && (d->size & DYNPTR_RDONLY)))
		return 0;
	return d->data + d->offset + off;
}

/* bpf_dynptr_data: a ring buffer's or local memory only. */
static int data(struct bc_vm *vm, uint32_t pc)
{
	struct dynptr *d = dynptr_at(vm, pc, A(1));
	uint32_t type;

	if (!d)
		return -EFAULT;
	type = d->size >> DYNPTR_TYPE_SHIFT & 7;
	if (type != LOCAL && type != RINGBUF)
		return RET(0), 0;
	return RET(data_at(d, A(2), A(3), true)), 0;
}

int bc_rt_dynptr_helper(struct bc_vm *vm, uint32_t pc, int32_t id)
{
	switch (id) {
	case BPF_FUNC_dynptr_from_mem: return from_mem(vm, pc);
	case BPF_FUNC_ringbuf_reserve_dynptr: return reserve(vm, pc);
	case BPF_FUNC_ringbuf_submit_dynptr: return submit(vm, pc, true);
	case BPF_FUNC_ringbuf_discard_dynptr: return submit(vm, pc, false);
	case BPF_FUNC_dynptr_read: return copy(vm, pc, false);
	case BPF_FUNC_dynptr_write: return copy(vm, pc, true);
	case BPF_FUNC_dynptr_data: return data(vm, pc);
	}
	return -ENOTSUP;
}

/* bpf_dynptr_from_skb / _xdp: the packet, writable (skb: linear). */
static int from_pkt(struct bc_vm *vm, uint32_t pc, int type)
{
	struct dynptr *d = dynptr_at(vm, pc, A(3));

	if (!d)
		return -EFAULT;
	memset(d, 0, sizeof(*d));
	if (A(2) || !vm->data)
		return RET(-EINVAL), 0;
	make(d, (uintptr_t)vm->data, (uint32_t)(vm->data_end - vm->data), type);
	return RET(0), 0;
}

int bc_rt_dynptr_kfunc(struct bc_vm *vm, uint32_t pc, const char *op)
{
	struct dynptr *d, *c;

	if (!strcmp(op, "from_skb"))
		return from_pkt(vm, pc, SKB);
	if (!strcmp(op, "from_xdp"))
		return from_pkt(vm, pc, XDP);
	d = dynptr_at(vm, pc, A(1));
	if (!d)
		return -EFAULT;
	if (!strcmp(op, "slice") || !strcmp(op, "slice_rdwr"))
		return RET(data_at(d, A(2), A(4), false)), 0;
	if (!strcmp(op, "size"))
		return RET(d->data ? size_of(d) : (uint32_t)-EINVAL), 0;
	if (!strcmp(op, "is_null"))
		return RET(!d->data), 0;
	if (!strcmp(op, "is_rdonly"))
		return RET(d->data && (d->size & DYNPTR_RDONLY)), 0;
	if (!strcmp(op, "clone")) {
		c = dynptr_at(vm, pc, A(2));
		if (!c)
			return -EFAULT;
		*c = *d;
		return RET(d->data ? 0 : -EINVAL), 0;
	}
	if (!strcmp(op, "adjust")) {
		if (!d->data)
			return RET(-EINVAL), 0;
		if (A(2) > A(3) || A(3) > size_of(d))
			return RET(A(2) > A(3) ? -EINVAL : -ERANGE), 0;
		d->offset += (uint32_t)A(2);
		d->size = (d->size & ~DYNPTR_SIZE_MASK) |
			  (uint32_t)(A(3) - A(2));
		return RET(0), 0;
	}
	return -ENOTSUP;
}
