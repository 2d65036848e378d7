// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The interpreter's region table: which memory a program was given (the
 * stacks, the context, the packet, map values and keys, records handed
 * out by helpers), every access checked against it, and a fault named in
 * the program's terms (the region and the offset in it), never by a host
 * address.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interp/interp_priv.h"

static const char *const frame_names[BC_INTERP_MAX_FRAMES] = {
	"stack of frame 0", "stack of frame 1", "stack of frame 2",
	"stack of frame 3", "stack of frame 4", "stack of frame 5",
	"stack of frame 6", "stack of frame 7",
};

void bc_vm_err(struct bc_vm *vm, uint32_t pc, const char *fmt, ...)
{
	char buf[400];
	va_list ap;

	if (!vm->err || vm->err->set)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	bc_errf(vm->err, pc, EFAULT, "insn %u: %s", pc, buf);
}

int bc_vm_fail(struct bc_vm *vm, uint32_t pc, int errnum, const char *fmt, ...)
{
	char buf[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (vm->err && !vm->err->set)
		bc_errf(vm->err, pc, errnum, "insn %u: %s", pc, buf);
	return -errnum;
}

struct region {
	uint8_t *base; /* NULL: a map's value or key (name: the map's) */
	uint64_t size;
	bool writable;
	const char *name;
	struct bc_rtmap_at map; /* where in the value, for a map's */
};

static struct region plain_region(uint8_t *base, uint64_t size, bool writable,
				  const char *name)
{
	return (struct region){
		.base = base, .size = size, .writable = writable, .name = name
	};
}

/* "the packet (14 bytes)", "the value (8 bytes)", "flow keys (56 bytes)" */
static void region_name(const struct region *rg, char *buf, size_t len)
{
	bool builtin = !strcmp(rg->name, "packet") ||
		       !strcmp(rg->name, "context") ||
		       !strcmp(rg->name, "memory") ||
		       !strncmp(rg->name, "stack of", 8);

	if (!rg->base)
		snprintf(buf, len, "the %s (%u bytes)",
			 rg->map.key ? "key" : "value", rg->map.size);
	else
		snprintf(buf, len, "%s%s (%llu bytes)", builtin ? "the " : "",
			 rg->name, (unsigned long long)rg->size);
}

static bool find_map_region(struct bc_vm *vm, uint64_t addr, uint64_t size,
			    struct region *rg, bool *inside)
{
	for (uint32_t i = 0; vm->maps && i < vm->maps->cnt; i++) {
		struct bc_rtmap *m = &vm->maps->maps[i];

		if (bc_rtmap_covers(m, addr, size, &rg->map)) {
			rg->base = NULL;
			rg->size = rg->map.size;
			rg->writable = rg->map.writable;
			rg->name = m->name;
			*inside = rg->map.inside;
			return true;
		}
	}
	return false;
}

/* Classify addr: fills *rg with the region holding addr, false if none. */
static bool find_region(struct bc_vm *vm, uint64_t addr, uint64_t size,
			struct region *rg, bool *inside)
{
	uint32_t i;
	int d;

	memset(rg, 0, sizeof(*rg));
	for (d = 0; d <= vm->depth; d++) {
		uint64_t b = (uintptr_t)vm->stacks[d];

		if (addr >= b && addr < b + BC_INTERP_STACK_SIZE) {
			*rg = plain_region(vm->stacks[d], BC_INTERP_STACK_SIZE,
					   true, frame_names[d]);
			goto plain;
		}
	}
	if (vm->ctx && addr >= (uintptr_t)vm->ctx &&
	    addr < (uintptr_t)vm->ctx + vm->ctx_size) {
		*rg = plain_region(vm->ctx, vm->ctx_size, true, "context");
		goto plain;
	}
	if (vm->data_end && addr >= (uintptr_t)vm->data_meta &&
	    addr < (uintptr_t)vm->data_end) {
		*rg = plain_region(vm->data_meta,
				   (uint64_t)(vm->data_end - vm->data_meta),
				   true, "packet");
		goto plain;
	}
	if (vm->mem && addr >= (uintptr_t)vm->mem &&
	    addr < (uintptr_t)vm->mem + vm->mem_len) {
		*rg = plain_region(vm->mem, vm->mem_len, true, "memory");
		goto plain;
	}
	if (find_map_region(vm, addr, size, rg, inside))
		return true;
	for (i = 0; i < vm->dyn_cnt; i++) {
		struct bc_dynreg *r = &vm->dyn[i];

		if (addr >= (uintptr_t)r->base &&
		    addr < (uintptr_t)r->base + r->size) {
			*rg = plain_region(r->base, r->size, r->writable,
					   r->name);
			goto plain;
		}
	}
	return false;
plain:
	*inside = size <= rg->size &&
		  addr - (uintptr_t)rg->base <= rg->size - size;
	return true;
}

void bc_vm_probe_load(struct bc_vm *vm, uint32_t pc)
{
	vm->probe_pc = pc;
}

bool bc_vm_mem_ok(struct bc_vm *vm, uint64_t addr, uint64_t size, bool write)
{
	struct region rg;
	bool inside;

	if (!find_region(vm, addr, size, &rg, &inside) || !inside)
		return false;
	return !write || rg.writable;
}

/* The frame whose stack rg is, or -1. */
static int stack_frame(const struct bc_vm *vm, const struct region *rg)
{
	for (int d = 0; d < BC_INTERP_MAX_FRAMES; d++)
		if (rg->base == vm->stacks[d])
			return d;
	return -1;
}

/*
 * addr in the program's terms, relative to region rg: fp-8 of frame 0,
 * packet+14 (from data), context+8, offset 8 of a value of map 'm',
 * NAME+off; never a host address.
 */
static void region_at(const struct bc_vm *vm, const struct region *rg,
		      uint64_t addr, char *buf, size_t len)
{
	int d = stack_frame(vm, rg);
	const uint8_t *base = rg->base;

	if (!base) {
		snprintf(buf, len, "offset %llu of a %s%s of map '%s'",
			 (unsigned long long)rg->map.off,
			 rg->map.live ? "" : "deleted ",
			 rg->map.key ? "key" : "value", rg->name);
		return;
	}
	if (d >= 0) {
		snprintf(buf, len, "fp%+lld of frame %d",
			 (long long)(addr - (uintptr_t)base) -
				 BC_INTERP_STACK_SIZE,
			 d);
		return;
	}
	if (base == vm->data_meta && vm->data)
		base = vm->data;
	snprintf(buf, len, "%s%+lld", rg->name,
		 (long long)(addr - (uintptr_t)base));
}

/*
 * The stack or the packet addr is in the buffer of, outside the region
 * itself: the stacks of all frames (and 64 bytes below), or the packet
 * with its head and tail room. Those buffers are the interpreter's own, so an offset from them
 * means something; the context and the other regions are allocations of
 * their own, whose neighbours (a freed record, say) are another story.
 */
static bool nearest_region(struct bc_vm *vm, uint64_t addr, struct region *rg)
{
	uint64_t s0 = (uintptr_t)vm->stacks[0], p0 = (uintptr_t)vm->pkt_buf;
	uint64_t d;

	/* a frame's stack, or just below the first: the frames in use are
	 * 0 to depth, so past the last one's top is still about the last */
	if (addr + 64 >= s0 && addr < s0 + sizeof(vm->stacks)) {
		d = addr < s0 ? 0 : (addr - s0) / BC_INTERP_STACK_SIZE;
		if (d > (uint64_t)vm->depth)
			d = (uint64_t)vm->depth;
		*rg = plain_region(vm->stacks[d], BC_INTERP_STACK_SIZE, true,
				   frame_names[d]);
		return true;
	}
	if (vm->pkt_buf && vm->data_end && addr >= p0 &&
	    addr - p0 < vm->pkt_buf_size) {
		*rg = plain_region(vm->data_meta,
				   (uint64_t)(vm->data_end - vm->data_meta),
				   true, "packet");
		return true;
	}
	return false;
}

static const char *bytes(uint64_t n)
{
	return n == 1 ? "byte" : "bytes";
}

static void not_in_region(struct bc_vm *vm, uint32_t pc, const char *what,
			  uint64_t addr, uint64_t size)
{
	struct region rg;
	char at[96], name[96];

	if (!vm->err || !vm->err->set)
		vm->fault_unmapped = !nearest_region(vm, addr, &rg);
	if (addr < 4096) {
		bc_vm_fail(vm, pc, EFAULT,
			   "invalid %s of %llu %s at 0x%llx (a null pointer)",
			   what, (unsigned long long)size, bytes(size),
			   (unsigned long long)addr);
	} else if (nearest_region(vm, addr, &rg)) {
		region_at(vm, &rg, addr, at, sizeof(at));
		region_name(&rg, name, sizeof(name));
		bc_vm_fail(vm, pc, EFAULT,
			   "invalid %s of %llu %s at %s, outside %s", what,
			   (unsigned long long)size, bytes(size), at, name);
	} else {
		bc_vm_fail(vm, pc, EFAULT,
			   "invalid %s of %llu %s at an address outside "
			   "every region the program was given",
			   what, (unsigned long long)size, bytes(size));
	}
}

bool bc_vm_in_map_object(const struct bc_vm *vm, uint64_t addr)
{
	const struct bc_rtmaps *m = vm->maps;

	return m && m->cnt && addr >= (uintptr_t)m->maps &&
	       addr < (uintptr_t)&m->maps[m->cnt] + BC_RTMAP_OBJECT;
}

void *bc_vm_mem(struct bc_vm *vm, uint32_t pc, uint64_t addr, uint64_t size,
		bool write)
{
	const char *what = write ? "write" : "read";
	struct region rg;
	bool inside;
	char at[160], name[96];

	if (bc_vm_in_map_object(vm, addr)) {
		bc_vm_fail(vm, pc, ENOTSUP,
			   "%s of %llu %s of a map's kernel object (struct "
			   "bpf_map): not modelled by the interpreter",
			   what, (unsigned long long)size, bytes(size));
		return NULL;
	}
	if (!find_region(vm, addr, size, &rg, &inside)) {
		not_in_region(vm, pc, what, addr, size);
		return NULL;
	}
	region_at(vm, &rg, addr, at, sizeof(at));
	region_name(&rg, name, sizeof(name));
	if (!inside) {
		bc_vm_fail(vm, pc, EFAULT,
			   "invalid %s of %llu %s at %s, past the end of %s",
			   what, (unsigned long long)size, bytes(size), at,
			   name);
		return NULL;
	}
	if (write && !rg.writable) {
		bc_vm_fail(vm, pc, EACCES,
			   "invalid write of %llu %s at %s (%s is read-only)",
			   (unsigned long long)size, bytes(size), at, rg.name);
		return NULL;
	}
	return (void *)(uintptr_t)addr;
}

struct bc_dynreg *bc_vm_dyn_add(struct bc_vm *vm, size_t size, const char *name)
{
	struct bc_dynreg *d;

	BC_GROW(vm->dyn, vm->dyn_cap, vm->dyn_cnt + 1);
	d = &vm->dyn[vm->dyn_cnt++];
	d->base = bc_xcalloc(1, size ? size : 1);
	d->size = size;
	d->writable = true;
	d->name = name;
	d->map = 0;
	d->acq_pc = UINT32_MAX;
	return d;
}

struct bc_dynreg *bc_vm_dyn_find(struct bc_vm *vm, uint64_t addr)
{
	size_t i;

	for (i = 0; i < vm->dyn_cnt; i++)
		if ((uintptr_t)vm->dyn[i].base == addr)
			return &vm->dyn[i];
	return NULL;
}

void bc_vm_dyn_del(struct bc_vm *vm, struct bc_dynreg *d)
{
	free(d->base);
	*d = vm->dyn[--vm->dyn_cnt];
}

bool bc_vm_ref_held(const struct bc_vm *vm, uint32_t *acq_pc, const char **what)
{
	for (size_t i = 0; i < vm->dyn_cnt; i++)
		if (vm->dyn[i].acq_pc != UINT32_MAX) {
			*acq_pc = vm->dyn[i].acq_pc;
			*what = vm->dyn[i].name;
			return true;
		}
	return false;
}
