// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* CORPUS-VARIANTS: c19v3 */
/*
 * Precision across a loop's back edge (Linux 6.17's propagate_backedges).
 * In the loop, the fall-through way (B) copies r8 into r7 and goes round
 * again; the other way (C) indexes a map value by r7. B comes back to the
 * loop's header equal to the state there before C has been explored, so
 * when B is pruned nothing yet says that r7, hence r8, matters. Only once
 * the loop is done, C having marked r7 at the header, can the walk from B
 * be made again and make r8 precise before the loop.
 *
 * Two paths reach the loop: the first with r8 = 0, the second with r8 =
 * B. On the second, r7 becomes B after one round of B; Linux widens it
 * (an imprecise value changed at the header) and C's index is unbounded.
 * Were B's walk not made again, r8 would not be precise before the loop
 * and the second path would be pruned there: accepted. The twin's second
 * value is the first's.
 */
#include "corpus.h"

struct bpf_iter_num {
	__u64 opaque[1];
} __attribute__((aligned(8)));

extern int bpf_iter_num_new(struct bpf_iter_num *it, int start,
			    int end) __ksym;
extern int *bpf_iter_num_next(struct bpf_iter_num *it) __ksym;
extern void bpf_iter_num_destroy(struct bpf_iter_num *it) __ksym;

/* the kfuncs' BTF, which libbpf needs for the asm's calls */
/* EXPECT accept */
SEC("socket")
int iter_backedge_sum(void *ctx)
{
	struct bpf_iter_num it;
	int *v, s = 0;

	bpf_iter_num_new(&it, 0, 10);
	while ((v = bpf_iter_num_next(&it)))
		s += *v & 1;
	bpf_iter_num_destroy(&it);
	return s;
}

#define S(x) #x
/* two paths to the loop: r8 = 0 first, then r8 = b; r7 = 0 on both */
#define PATHS(b)							\
	"call 7;"		/* bpf_get_prandom_u32 */		\
	"r6 = r0;"							\
	"r7 = 0;"							\
	"r8 = 0;"							\
	"r1 = 0;"							\
	"r2 = 0;"							\
	"r3 = 0;"							\
	"if r6 == 0 goto 1f;"						\
	"goto 2f;"							\
	"1: r8 = " S(b) ";"

/*
 * A round at 3: B (fall-through) copies r8 into r7 and goes round
 * again; C indexes a map value by r7; the exit is 5.
 */
#define ROUND								\
	"call 7;"							\
	"if r0 == 42 goto 4f;"						\
	"r7 = r8;"		/* B */					\
	"goto 3b;"							\
	"4: r1 = 0;"		/* C */					\
	"*(u32 *)(r10 - 4) = r1;"					\
	"r2 = r10;"							\
	"r2 += -4;"							\
	"r1 = %[amap] ll;"						\
	"call 1;"							\
	"if r0 == 0 goto 3b;"						\
	"r0 += r7;"							\
	"r0 = *(u8 *)(r0 + 0);"						\
	"goto 3b;"

#define BACKEDGE(name, b)						\
SEC("socket")								\
__naked int name(void)							\
{									\
	asm volatile (							\
	PATHS(b)							\
	"2: r1 = r10;"							\
	"r1 += -16;"							\
	"r2 = 0;"							\
	"r3 = 10;"							\
	"call %[bpf_iter_num_new];"					\
	"3: r1 = r10;"							\
	"r1 += -16;"							\
	"call %[bpf_iter_num_next];"					\
	"if r0 == 0 goto 5f;"						\
	ROUND								\
	"5: r1 = r10;"							\
	"r1 += -16;"							\
	"call %[bpf_iter_num_destroy];"					\
	"r0 = 0;"							\
	"exit;"								\
	:: [amap]"i"(&amap),						\
	   [bpf_iter_num_new]"i"(bpf_iter_num_new),			\
	   [bpf_iter_num_next]"i"(bpf_iter_num_next),			\
	   [bpf_iter_num_destroy]"i"(bpf_iter_num_destroy)		\
	: "memory");							\
}

/* EXPECT reject: math between map_value pointer and register with unbounded min value is not allowed */
BACKEDGE(iter_backedge_bad, 64)
/* EXPECT accept */
BACKEDGE(iter_backedge_ok, 0)

/* the same loop bounded by may_goto */
#define MAY_GOTO_BACKEDGE(name, b)					\
SEC("socket")								\
__naked int name(void)							\
{									\
	asm volatile (							\
	PATHS(b)							\
	"2: r1 = 0;"							\
	"r2 = 0;"							\
	"3: may_goto +15;"	/* to 5 */				\
	ROUND								\
	"5: r0 = 0;"							\
	"exit;"								\
	:: [amap]"i"(&amap) : "memory");				\
}

/* EXPECT reject: math between map_value pointer and register with unbounded min value is not allowed */
MAY_GOTO_BACKEDGE(may_goto_backedge_bad, 64)
/* EXPECT accept */
MAY_GOTO_BACKEDGE(may_goto_backedge_ok, 0)
