// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * A fixed BTF for `bpfcheck list --kfuncs --btf` (tests/cli/list_kfuncs.sh):
 * functions tagged "bpf_kfunc" as the kernel's __bpf_kfunc tags them, one
 * of each status bpfcheck reports, and one untagged function.
 */
#define __bpf_kfunc __attribute__((btf_decl_tag("bpf_kfunc")))

struct bpf_iter_num {
	unsigned long long opaque[1];
};
struct bpf_wq {
	unsigned long long opaque[2];
};

__bpf_kfunc int bpf_iter_num_new(struct bpf_iter_num *it, int a, int b)
{
	it->opaque[0] = (unsigned long long)(b - a);
	return 0;
}

__bpf_kfunc int bpf_wq_init(struct bpf_wq *wq, void *p__map, unsigned int flags)
{
	wq->opaque[0] = (unsigned long long)p__map;
	return (int)flags;
}

__bpf_kfunc void bpf_throw(unsigned long long cookie)
{
	(void)cookie;
}

__bpf_kfunc int not_a_kfunc_bpfcheck_knows(int x)
{
	return x + 1;
}

int untagged_function(int x)
{
	return x * 2;
}
