// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* CORPUS-VARIANTS: c19v3 c19v4 */
/*
 * BPF arenas (BPF_MAP_TYPE_ARENA, Linux 6.9): pages shared with user
 * space, __arena pointers that clang casts between the user's address
 * space (1) and the program's (0) with addr_space_cast, and the arena
 * kfuncs. A bump allocator and a linked list on arena pages with __arena
 * globals, a global function taking an __arg_arena argument, and their
 * unsafe twins. This kernel returns EPERM for a program using an arena
 * before verifying it (bpf_jit_supports_arena, the JIT's capability
 * here), so Linux's verdicts below come from its source (6.12 and 6.18:
 * kernel/bpf/verifier.c, kernel/bpf/arena.c) and the selftests
 * verifier_arena*.c; linux.tsv records the EPERM.
 */
#include "corpus.h"

#define __arena __attribute__((address_space(1)))
#define __arg_arena __attribute__((btf_decl_tag("arg:arena")))
#define ARENA_PAGE 4096
#define NUMA_NO_NODE (-1)
#define MAP_TYPE_ARENA 33 /* BPF_MAP_TYPE_ARENA, newer than linux/bpf.h here */

struct {
	__uint(type, MAP_TYPE_ARENA);
	__uint(map_flags, BPF_F_MMAPABLE);
	__uint(max_entries, 16); /* pages */
} arena SEC(".maps");

extern void __arena *bpf_arena_alloc_pages(void *map, void __arena *addr,
					   __u32 page_cnt, int node_id,
					   __u64 flags) __ksym __weak;
extern void bpf_arena_free_pages(void *map, void __arena *ptr,
				 __u32 page_cnt) __ksym __weak;

struct node {
	struct node __arena *next;
	__u64 value;
};

/* the bump allocator's state: __arena globals (.addr_space.1) */
char __arena *__arena bump_page;
__u32 __arena bump_used;

static void __arena *bump_alloc(__u32 size)
{
	void __arena *p;

	if (!bump_page || bump_used + size > ARENA_PAGE) {
		bump_page = bpf_arena_alloc_pages(&arena, NULL, 1, NUMA_NO_NODE,
						  0);
		bump_used = 0;
		if (!bump_page)
			return NULL;
	}
	p = bump_page + bump_used;
	bump_used += (size + 7) & ~7u;
	return p;
}

/* EXPECT accept */
SEC("syscall")
int arena_bump_list(void *ctx)
{
	struct node __arena *head = NULL, *n;
	__u64 sum = 0;
	int i;

	for (i = 1; i <= 3; i++) {
		n = bump_alloc(sizeof(*n));
		if (!n)
			return 1;
		n->value = i;
		n->next = head;
		head = n;
	}
	n = head;
	for (i = 0; i < 16 && n; i++) { /* a list in shared memory may loop */
		sum += n->value;
		n = n->next;
	}
	return sum == 6 ? 0 : 2;
}

/* Nothing bounds a walk of a list user space may have made cyclic. */
/* EXPECT reject: infinite loop detected */
SEC("syscall")
int arena_list_unbounded(void *ctx)
{
	struct node __arena *n = bump_alloc(sizeof(*n));
	__u64 sum = 0;

	for (; n; n = n->next) {
		sum += n->value;
		if (sum > 100)
			break;
	}
	return sum;
}

/* An arena pointer or a scalar: the callee casts it itself. */
__noinline int list_len(struct node __arena *head __arg_arena)
{
	int len = 0;

	for (int i = 0; i < 16 && head; i++) {
		len++;
		head = head->next;
	}
	return len;
}

/* EXPECT accept */
SEC("syscall")
int arena_global_arg(void *ctx)
{
	struct node __arena *a = bump_alloc(sizeof(*a));

	if (!a)
		return 0;
	a->next = NULL;
	return list_len(a) + list_len(NULL);
}

/* EXPECT accept */
SEC("syscall")
int arena_alloc_free(void *ctx)
{
	volatile unsigned char __arena *p;

	p = bpf_arena_alloc_pages(&arena, NULL, 2, NUMA_NO_NODE, 0);
	if (!p)
		return 1;
	p[0] = 1;
	p[ARENA_PAGE] = 2; /* the second page */
	p[3 * ARENA_PAGE] = 3; /* no page there: the write is dropped */
	bpf_arena_free_pages(&arena, (void __arena *)p, 2);
	return p[0] + p[3 * ARENA_PAGE]; /* 0: freed pages read as 0 */
}

/* clang's v4 loads a signed char with a sign-extending load, which 6.12
 * cannot fix up for arena memory (convert_ctx_accesses); a kernel whose
 * x86 JIT has signed arena loads (bpf-next, September 2025) accepts it */
/* EXPECT[c19v3] accept */
/* EXPECT[c19v4] reject: sign extending loads from arena are not supported yet */
SEC("syscall")
int arena_sext_load(void *ctx)
{
	volatile signed char __arena *p;

	p = bpf_arena_alloc_pages(&arena, NULL, 1, NUMA_NO_NODE, 0);
	if (!p)
		return 0;
	return p[1];
}

/* EXPECT --unprivileged --cap-bpf -> reject: CAP_BPF and CAP_PERFMON are required to use arena */
SEC("syscall")
int arena_unpriv(void *ctx)
{
	int __arena *p = bpf_arena_alloc_pages(&arena, NULL, 1, NUMA_NO_NODE,
					       0);

	if (!p)
		return 0;
	*p = 1;
	return 0;
}

/* An arena pointer is no memory a helper may be given. */
/* EXPECT reject: R1 type=arena expected=fp */
SEC("syscall")
int arena_helper_mem(void *ctx)
{
	char __arena *p = bpf_arena_alloc_pages(&arena, NULL, 1, NUMA_NO_NODE,
						0);
	__u64 x = 0;

	if (!p)
		return 0;
	bpf_probe_read_kernel((void *)p, sizeof(x), &x);
	return 0;
}

/* The arena kfuncs are sleepable (KF_SLEEPABLE): not from XDP. */
/* EXPECT reject: program must be sleepable to call sleepable kfunc bpf_arena_alloc_pages */
SEC("xdp")
int arena_alloc_xdp(struct xdp_md *ctx)
{
	int __arena *p = bpf_arena_alloc_pages(&arena, NULL, 1, NUMA_NO_NODE,
					       0);

	if (!p)
		return XDP_PASS;
	*p = 1;
	return XDP_PASS;
}

/* An arena's key and value are 0 bytes: no map helper reads a key. */
/* EXPECT reject: invalid zero-sized read */
SEC("syscall")
int arena_map_helper(void *ctx)
{
	__u32 key = 0;

	return bpf_map_lookup_elem(&arena, &key) != NULL;
}

/* A pointer the program made up, cast to the arena's address space, in
 * a program with no arena. */
/* EXPECT reject: addr_space_cast insn can only be used in a program that has an associated arena */
SEC("syscall")
int arena_cast_without_arena(void *ctx)
{
	int __arena *p = (int __arena *)(unsigned long)bpf_get_prandom_u32();

	return *p;
}
