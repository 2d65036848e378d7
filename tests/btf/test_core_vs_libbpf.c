// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * CO-RE relocation compared with libbpf's: each program of the corpus's
 * core.c is opened by libbpf with btf_custom_path (this kernel's BTF, then
 * the "older kernel" oldbtf.o) and loaded alone, which relocates it (the load
 * itself may fail: a poisoned relocation, a target the old BTF lacks);
 * its instructions must equal bpfcheck's against the same BTF. Needs root
 * and bpf() (libbpf probes the kernel first), else skips (77).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "load/load.h"
#include "platform/kbtf.h"
#include "prog/prog.h"

static int failures, compared;

static int quiet(enum libbpf_print_level l __attribute__((unused)),
		 const char *f __attribute__((unused)),
		 va_list ap __attribute__((unused)))
{
	return 0;
}

static void compare(const char *btf, const struct bpf_program *lp,
		    const struct bc_prog *p)
{
	const struct bpf_insn *li = bpf_program__insns(lp);
	size_t n = bpf_program__insn_cnt(lp);

	if (n != p->insn_cnt) {
		fprintf(stderr, "%s: %s: libbpf has %zu insns, we have %u\n",
			btf, p->name, n, p->insn_cnt);
		failures++;
		return;
	}
	for (size_t i = 0; i < n; i++) {
		const struct bpf_insn *a = &li[i], *b = &p->insns[i];

		if (memcmp(a, b, sizeof(*a))) {
			fprintf(stderr,
				"%s: %s insn %zu: libbpf %02x %u %u %d %d, we %02x %u %u %d %d\n",
				btf, p->name, i, a->code, a->dst_reg,
				a->src_reg, a->off, a->imm, b->code, b->dst_reg,
				b->src_reg, b->off, b->imm);
			failures++;
			return;
		}
	}
	printf("%s: %s: %zu insns identical\n", btf, p->name, n);
	compared++;
}

/* Relocate program name with libbpf against btf and compare with ours. */
static int one(const char *obj, const char *btf, const struct bc_prog *p)
{
	LIBBPF_OPTS(bpf_object_open_opts, oo, .btf_custom_path = btf);
	struct bpf_program *lp, *mine = NULL;
	struct bpf_object *lo = bpf_object__open_file(obj, &oo);

	if (!lo) {
		fprintf(stderr, "%s: libbpf cannot open it\n", obj);
		return 1;
	}
	bpf_object__for_each_program(lp, lo)
	{
		bool me = !strcmp(bpf_program__name(lp), p->name);

		bpf_program__set_autoload(lp, me);
		if (me)
			mine = lp;
	}
	if (bpf_object__load(lo) == -EPERM && !bpf_program__insns(mine)) {
		bpf_object__close(lo);
		return 77;
	}
	if (mine)
		compare(btf, mine, p);
	bpf_object__close(lo);
	return 0;
}

static int check(const char *obj, const char *btf)
{
	struct bc_open_opts o = { .kind = BC_INPUT_ELF };
	struct bc_kernel_btf *kb;
	struct bc_object *bo;
	struct bc_err err;
	int r = 0;

	bc_err_init(&err);
	if (bc_kernel_btf_open(btf, &kb, &err) || !kb) {
		fprintf(stderr, "%s: %s\n", btf, err.msg);
		return 1;
	}
	o.kbtf = kb;
	if (bc_object_open(obj, &o, &bo, &err)) {
		fprintf(stderr, "%s\n", err.msg);
		bc_kernel_btf_free(kb);
		return 1;
	}
	for (uint32_t i = 0; i < bo->prog_cnt && r != 77; i++)
		r |= one(obj, btf, &bo->progs[i]);
	bc_object_free(bo);
	bc_kernel_btf_free(kb);
	return r;
}

int main(void)
{
	int r;

	if (access(CORE_OBJ, R_OK)) {
		printf("skipped: no core.vmlinux.o (no vmlinux BTF at build time)\n");
		return 77;
	}
	if (geteuid() != 0) {
		printf("skipped: libbpf relocates only when it can load\n");
		return 77;
	}
	libbpf_set_print(quiet);
	r = check(CORE_OBJ, BC_KBTF_DEFAULT);
	if (r != 77)
		r |= check(CORE_OBJ, BTF_OBJDIR "/oldbtf.o");
	if (r == 77 || !compared) {
		printf("skipped: libbpf could not load (bpf() not permitted)\n");
		return 77;
	}
	printf("%d programs relocated as libbpf does, %d differ\n", compared,
	       failures);
	return failures || r ? 1 : 0;
}
