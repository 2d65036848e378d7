// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * BPF arenas as Linux verifies them (kernel/bpf/verifier.c, 6.9 on): a
 * program has at most one arena (prog->aux->arena), set when its address
 * is loaded; addr_space_cast moves a pointer from the arena's user-space
 * address space (1) into the program's (0), where it is a PTR_TO_ARENA
 * (VK_ARENA): 32 bits the JIT adds to the arena's kernel base, so that
 * every load and store through it is safe (a fault reads 0 and drops a
 * write) and any arithmetic on it is allowed.
 */
#include <stdio.h>

#include "verifier/arena.h"

#define CAST_TO_PROG 1u /* imm: as(1) -> as(0) */
#define CAST_TO_USER (1u << 16) /* imm: as(0) -> as(1) */

bool varena_of_prog(const struct bc_prog *prog)
{
	for (uint32_t i = 0; i < prog->maps_used_cnt; i++)
		if (prog->obj->maps[prog->maps_used[i]].type ==
		    BC_MAP_TYPE_ARENA)
			return true;
	return false;
}

const char *varena_prog_check(const struct bc_prog *prog,
			      const struct bc_verify_opts *opts, char *buf,
			      size_t n)
{
	bool seen = false;

	for (uint32_t i = 0; i < prog->maps_used_cnt; i++) {
		if (prog->obj->maps[prog->maps_used[i]].type !=
		    BC_MAP_TYPE_ARENA)
			continue;
		if (seen) {
			snprintf(buf, n, "Only one arena per program");
			return buf;
		}
		seen = true;
		/* allow_ptr_leaks and bpf_capable: CAP_PERFMON and CAP_BPF */
		if (opts->unprivileged) {
			snprintf(buf, n,
				 "CAP_BPF and CAP_PERFMON are required to use "
				 "arena");
			return buf;
		}
	}
	return NULL;
}

int varena_cast(struct venv *e, uint32_t pc, const struct bpf_insn *in)
{
	struct bc_vreg *dst;

	/* imm (1 or 1 << 16) is checked with the encoding (isa/insn.c) */
	if (!varena_of_prog(e->prog))
		return vc_err(e, pc,
			      "addr_space_cast insn can only be used in a "
			      "program that has an associated arena");
	if (vc_check_read(e, pc, in->src_reg) ||
	    vc_check_write(e, pc, in->dst_reg))
		return -1;
	dst = vc_reg(e, in->dst_reg);
	if ((uint32_t)in->imm == CAST_TO_PROG)
		bc_vreg_ptr(dst, VK_ARENA);
	else
		bc_vreg_scalar(dst);
	return 0;
}

bool varena_alu(struct bc_vreg *dst, const struct bc_vreg *src)
{
	if (dst->kind == VK_ARENA)
		return true;
	if (src->kind != VK_ARENA)
		return false;
	*dst = *src;
	return true;
}
