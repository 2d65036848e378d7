/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Cross-checks argument kinds of the prototype table with the live kernel.
 * Every helper bpfcheck has a prototype for is called from a program type
 * allowed to call it, first with r1..r5 = 0. The kernel rejects the first
 * argument that must be a non-NULL pointer ("R2 type=scalar expected=fp,
 * ..."); bpfcheck must predict that register and a kind in the kernel's
 * expected list. The argument is then filled with a value of that kind
 * (ctx, stack with the next size argument 8, a map of a fitting type) and
 * the program loaded again, until the kernel accepts it or fails on
 * something this test cannot build (a socket, a ringbuf record, ...).
 * Prints the agreement figure and fails on any disagreement.
 */
#include <regex.h>
#include <stdlib.h>

#include "platform/helpers.h"
#include "kload.h"

enum fill { F_ZERO, F_CTX, F_FP, F_SIZE8, F_MAP, F_PKT };

static bool scalar_ok(uint32_t a)
{
	switch (BC_ARG_KIND(a)) {
	case BC_ARG_NONE:
	case BC_ARG_ANYTHING:
	case BC_ARG_SCALAR:
	case BC_ARG_CONST_SIZE:
	case BC_ARG_CONST_SIZE_OR_ZERO:
	case BC_ARG_CONST_ALLOC_SIZE_OR_ZERO:
	case BC_ARG_PTR_TO_STACK_OR_NULL: return true;
	}
	return (a & BC_ARG_OR_NULL) != 0;
}

static bool size_kind(uint32_t a)
{
	return BC_ARG_KIND(a) == BC_ARG_CONST_SIZE ||
	       BC_ARG_KIND(a) == BC_ARG_CONST_SIZE_OR_ZERO ||
	       BC_ARG_KIND(a) == BC_ARG_CONST_ALLOC_SIZE_OR_ZERO;
}

/* A word the kernel's "expected=" list holds for this kind. */
static const char *expected_word(uint32_t a)
{
	switch (BC_ARG_KIND(a)) {
	case BC_ARG_CONST_MAP_PTR: return "map_ptr";
	case BC_ARG_PTR_TO_CTX: return "ctx";
	case BC_ARG_PTR_TO_FUNC: return "func";
	case BC_ARG_PTR_TO_SOCK_COMMON: return "sock_common";
	case BC_ARG_PTR_TO_SOCKET: return "sock";
	case BC_ARG_PTR_TO_BTF_ID: return "ptr_";
	case BC_ARG_PTR_TO_ALLOC_MEM: return "ringbuf_mem";
	case BC_ARG_PTR_TO_SPIN_LOCK:
	case BC_ARG_PTR_TO_TIMER:
	case BC_ARG_PTR_TO_CONST_STR: return "map_value";
	default: return "fp";
	}
}

/* A map the helper takes, or -1. */
static int map_for(int id)
{
	struct {
		int ids[4];
		enum bpf_map_type t;
		uint32_t k, v, n;
	} m[] = {
		{ { BPF_FUNC_ringbuf_output, BPF_FUNC_ringbuf_reserve,
		    BPF_FUNC_ringbuf_query },
		  BPF_MAP_TYPE_RINGBUF,
		  0,
		  0,
		  4096 },
		{ { BPF_FUNC_perf_event_output, BPF_FUNC_perf_event_read,
		    BPF_FUNC_perf_event_read_value },
		  BPF_MAP_TYPE_PERF_EVENT_ARRAY,
		  4,
		  4,
		  1 },
		{ { BPF_FUNC_tail_call }, BPF_MAP_TYPE_PROG_ARRAY, 4, 4, 1 },
		{ { BPF_FUNC_get_stackid }, BPF_MAP_TYPE_STACK_TRACE, 4, 64, 1 },
		{ { BPF_FUNC_redirect_map }, BPF_MAP_TYPE_DEVMAP, 4, 4, 1 },
		{ { BPF_FUNC_sk_redirect_map, BPF_FUNC_msg_redirect_map,
		    BPF_FUNC_sock_map_update },
		  BPF_MAP_TYPE_SOCKMAP,
		  4,
		  4,
		  1 },
		{ { BPF_FUNC_sk_redirect_hash, BPF_FUNC_msg_redirect_hash,
		    BPF_FUNC_sock_hash_update },
		  BPF_MAP_TYPE_SOCKHASH,
		  4,
		  4,
		  1 },
		{ { BPF_FUNC_map_push_elem, BPF_FUNC_map_pop_elem,
		    BPF_FUNC_map_peek_elem },
		  BPF_MAP_TYPE_QUEUE,
		  0,
		  64,
		  1 },
		{ { BPF_FUNC_current_task_under_cgroup,
		    BPF_FUNC_skb_under_cgroup },
		  BPF_MAP_TYPE_CGROUP_ARRAY,
		  4,
		  4,
		  1 },
		{ { BPF_FUNC_user_ringbuf_drain },
		  BPF_MAP_TYPE_USER_RINGBUF,
		  0,
		  0,
		  4096 },
		{ { BPF_FUNC_map_lookup_percpu_elem },
		  BPF_MAP_TYPE_PERCPU_HASH,
		  4,
		  64,
		  1 },
	};
	static int fds[64];
	enum bpf_map_type t = BPF_MAP_TYPE_HASH;
	uint32_t k = 4, v = 64, n = 1;

	for (size_t i = 0; i < sizeof(m) / sizeof(m[0]); i++)
		for (int j = 0; j < 4; j++)
			if (m[i].ids[j] == id && id) {
				t = m[i].t;
				k = m[i].k;
				v = m[i].v;
				n = m[i].n;
			}
	if (t < 64 && fds[t])
		return fds[t];
	int fd = bpf_map_create(t, NULL, k, v, n, NULL);
	if (fd >= 0 && t < 64)
		fds[t] = fd;
	return fd;
}

static bool deref_r0;
static bool read_pkt_after; /* r0 = *(u8 *)(r7 + 0) after the call */
static int pkt_data_off = -1, pkt_end_off; /* force the packet prefix */
static int ret_imm; /* kret() of the type being loaded */

static int build(int id, const enum fill *fill, struct bpf_insn *p)
{
	int n = 0, jmp = -1;
	bool pkt = false;

	for (int r = 1; r <= 5; r++)
		pkt |= fill[r] == F_PKT;
	pkt |= read_pkt_after;
	p[n++] = (struct bpf_insn){ .code = BPF_ALU64 | BPF_MOV | BPF_X,
				    .dst_reg = 6,
				    .src_reg = 1 };
	for (int o = 8; o <= 128; o += 8)
		p[n++] = (struct bpf_insn){ .code = BPF_ST | BPF_MEM | BPF_DW,
					    .dst_reg = 10,
					    .off = -o };
	if (pkt) {
		/* r7 = skb->data, checked for 128 bytes against data_end */
		p[n++] = (struct bpf_insn){
			.code = BPF_LDX | BPF_MEM | BPF_W,
			.dst_reg = 7,
			.src_reg = 6,
			.off = pkt_data_off >= 0 ?
				       pkt_data_off :
				       (int)offsetof(struct __sk_buff, data)
		};
		p[n++] = (struct bpf_insn){
			.code = BPF_LDX | BPF_MEM | BPF_W,
			.dst_reg = 8,
			.src_reg = 6,
			.off = pkt_data_off >= 0 ?
				       pkt_end_off :
				       (int)offsetof(struct __sk_buff, data_end)
		};
		p[n++] = (struct bpf_insn){ .code = BPF_ALU64 | BPF_MOV | BPF_X,
					    .dst_reg = 9,
					    .src_reg = 7 };
		p[n++] = (struct bpf_insn){ .code = BPF_ALU64 | BPF_ADD | BPF_K,
					    .dst_reg = 9,
					    .imm = 128 };
		jmp = n;
		p[n++] = (struct bpf_insn){ .code = BPF_JMP | BPF_JGT | BPF_X,
					    .dst_reg = 9,
					    .src_reg = 8 };
	}
	for (int r = 1; r <= 5; r++) {
		switch (fill[r]) {
		case F_ZERO:
		case F_SIZE8:
			p[n++] = (struct bpf_insn){
				.code = BPF_ALU64 | BPF_MOV | BPF_K,
				.dst_reg = r,
				.imm = fill[r] == F_SIZE8 ? 8 : 0
			};
			break;
		case F_CTX:
		case F_PKT:
			p[n++] = (struct bpf_insn){
				.code = BPF_ALU64 | BPF_MOV | BPF_X,
				.dst_reg = r,
				.src_reg = fill[r] == F_PKT ? 7 : 6
			};
			break;
		case F_FP:
			p[n++] = (struct bpf_insn){ .code = BPF_ALU64 |
							    BPF_MOV | BPF_X,
						    .dst_reg = r,
						    .src_reg = 10 };
			p[n++] = (struct bpf_insn){ .code = BPF_ALU64 |
							    BPF_ADD | BPF_K,
						    .dst_reg = r,
						    .imm = -128 };
			break;
		case F_MAP:
			p[n++] =
				(struct bpf_insn){ .code = BPF_LD | BPF_DW |
							   BPF_IMM,
						   .dst_reg = r,
						   .src_reg = BPF_PSEUDO_MAP_FD,
						   .imm = map_for(id) };
			p[n++] = (struct bpf_insn){ 0 };
			break;
		}
	}
	p[n++] = (struct bpf_insn){ .code = BPF_JMP | BPF_CALL, .imm = id };
	if (deref_r0)
		p[n++] = (struct bpf_insn){ .code = BPF_LDX | BPF_MEM | BPF_B,
					    .dst_reg = 1,
					    .src_reg = 0 };
	if (read_pkt_after)
		p[n++] = (struct bpf_insn){ .code = BPF_LDX | BPF_MEM | BPF_B,
					    .dst_reg = 1,
					    .src_reg = 7 };
	if (jmp >= 0)
		p[jmp].off = (int16_t)(n - jmp - 1);
	p[n++] = (struct bpf_insn){ .code = BPF_ALU64 | BPF_MOV | BPF_K,
				    .imm = ret_imm };
	p[n++] = (struct bpf_insn){ .code = BPF_JMP | BPF_EXIT };
	return n;
}

/* What the kernel says when r0 after the call is dereferenced. */
static const char *ret_word(enum bc_ret_kind r)
{
	switch (r) {
	case BC_RET_INTEGER: return "invalid mem access 'scalar'";
	case BC_RET_VOID: return "R0 !read_ok";
	case BC_RET_MAP_VALUE_OR_NULL: return "'map_value_or_null'";
	case BC_RET_ALLOC_MEM_OR_NULL: return "'ringbuf_mem_or_null'";
	case BC_RET_SOCKET_OR_NULL: return "'sock_or_null'";
	case BC_RET_SOCK_COMMON_OR_NULL: return "'sock_common_or_null'";
	case BC_RET_TCP_SOCK_OR_NULL: return "'tcp_sock_or_null'";
	case BC_RET_BTF_ID: return NULL; /* readable */
	case BC_RET_BTF_ID_OR_NULL: return "_or_null_";
	case BC_RET_MEM_OR_NULL:
	case BC_RET_DYNPTR_MEM_OR_NULL: return "mem_or_null";
	case BC_RET_MAP_VALUE: return NULL; /* readable */
	}
	return "?";
}

/* Dereference r0 after a call the kernel accepted. 1 agree, 0 differ. */
static int ret_check(const struct ktype *t, int id,
		     const struct bc_helper_proto *p, const enum fill *fill,
		     bool verbose)
{
	struct bpf_insn prog[64];
	const char *want = ret_word(p->ret), *last;
	bool ok;
	int k;

	deref_r0 = true;
	ret_imm = kret(t);
	k = kload(t, prog, build(id, fill, prog));
	deref_r0 = false;
	last = klast();
	if (want)
		ok = !k && strstr(klog, want);
	else
		ok = k || !strstr(klog, "invalid mem access");
	if (ok) {
		if (verbose)
			printf("ok ret %s: %s\n", p->name,
			       k ? "accepted" : last);
		return 1;
	}
	printf("DIFF ret %s: bpfcheck expects '%s', kernel: %s\n", p->name,
	       want ? want : "readable", k ? "accepted" : last);
	return 0;
}

/*
 * A packet pointer checked before the call and read after it: the kernel
 * refuses the read exactly after helpers that change packet data.
 * Returns 1 agree, 0 differ, -1 not applicable.
 */
static int changes_check(int id, const struct bc_helper_proto *p,
			 const enum fill *fill, bool verbose)
{
	static const struct ktype tc = { .type = BPF_PROG_TYPE_SCHED_CLS,
					 .name = "TC" };
	static const struct ktype xdp = { .type = BPF_PROG_TYPE_XDP,
					  .name = "XDP" };
	const struct ktype *t;
	struct bpf_insn prog[64];
	bool changed;
	int k;

	if (bc_helper_allowed(id, tc.type, 0, true, NULL)) {
		t = &tc;
		pkt_data_off = -1;
	} else if (bc_helper_allowed(id, xdp.type, 0, true, NULL)) {
		t = &xdp;
		pkt_data_off = offsetof(struct xdp_md, data);
		pkt_end_off = offsetof(struct xdp_md, data_end);
	} else {
		return -1;
	}
	read_pkt_after = true;
	ret_imm = 0;
	k = kload(t, prog, build(id, fill, prog));
	read_pkt_after = false;
	pkt_data_off = -1;
	if (k < 0)
		return -1;
	changed = strstr(klog, "R7 invalid mem access") != NULL;
	if (!changed && k != 1 && !strstr(klog, "would lead to reference leak"))
		return -1; /* failed before the read */
	if (changed == !!(p->flags & BC_HF_CHANGES_PKT)) {
		if (verbose)
			printf("ok changes %s: %s\n", p->name,
			       changed ? "changes" : "keeps");
		return 1;
	}
	printf("DIFF changes %s: bpfcheck %s, kernel %s packet data\n", p->name,
	       (p->flags & BC_HF_CHANGES_PKT) ? "changes" : "keeps",
	       changed ? "changes" : "keeps");
	return 0;
}

/*
 * The same call from TC with every stack pointer argument replaced by a
 * checked packet pointer: the kernel refuses exactly the helpers without
 * pkt_access. Returns 1 agree, 0 differ, -1 not applicable.
 */
static int pkt_check(int id, const struct bc_helper_proto *p,
		     const enum fill *fill0, bool verbose)
{
	static const struct ktype tc = { .type = BPF_PROG_TYPE_SCHED_CLS,
					 .name = "TC" };
	enum fill fill[6];
	struct bpf_insn prog[64];
	bool any = false, refused;
	int k;

	if (!bc_helper_allowed(id, tc.type, 0, true, NULL))
		return -1;
	for (int r = 1; r <= 5; r++) {
		fill[r] = fill0[r] == F_FP ? F_PKT : fill0[r];
		any |= fill[r] == F_PKT;
	}
	fill[0] = F_ZERO;
	if (!any)
		return -1;
	ret_imm = 0;
	k = kload(&tc, prog, build(id, fill, prog));
	if (k < 0)
		return -1;
	refused = !k &&
		  strstr(klog, "helper access to the packet is not allowed");
	if (refused == !(p->flags & BC_HF_PKT_ACCESS)) {
		if (verbose)
			printf("ok pkt %s: %s\n", p->name,
			       k ? "accepted" : klast());
		return 1;
	}
	printf("DIFF pkt %s: bpfcheck %s packet pointers, kernel: %s\n",
	       p->name, (p->flags & BC_HF_PKT_ACCESS) ? "allows" : "refuses",
	       k ? "accepted" : klast());
	return 0;
}

/*
 * bpf_loop and bpf_for_each_map_elem with a callback returning k: the
 * kernel accepts exactly k in [cb_ret_min, cb_ret_max].
 */
static void callback_rets(unsigned *agree, unsigned *total, unsigned *bad)
{
	static const struct ktype sf = { .type = BPF_PROG_TYPE_SOCKET_FILTER,
					 .name = "SF" };
	const int ids[] = { BPF_FUNC_loop, BPF_FUNC_for_each_map_elem };
	struct btf *btf = btf__new_empty();
	struct bpf_func_info fi[2];
	int proto;

	/* two static functions of type int(void): main and the callback */
	proto = btf__add_func_proto(btf, btf__add_int(btf, "int", 4,
						      BTF_INT_SIGNED));
	fi[0].type_id = btf__add_func(btf, "main", BTF_FUNC_STATIC, proto);
	fi[1].type_id = btf__add_func(btf, "cb", BTF_FUNC_STATIC, proto);
	if (btf__load_into_kernel(btf)) {
		printf("note: cannot load BTF for callback programs\n");
		btf__free(btf);
		return;
	}
	kbtf_fd = btf__fd(btf);
	kfunc_info = fi;
	kfunc_cnt = 2;

	for (size_t i = 0; i < 2; i++) {
		const struct bc_helper_proto *p = bc_helper_proto(ids[i]);

		for (int k = -1; k <= 2; k++) {
			struct bpf_insn prog[12];
			int n = 0, kv;
			bool mine = k >= p->cb_ret_min && k <= p->cb_ret_max;

			memset(prog, 0, sizeof(prog));
			if (ids[i] == BPF_FUNC_loop) {
				prog[n++] = (struct bpf_insn){
					.code = BPF_ALU64 | BPF_MOV | BPF_K,
					.dst_reg = 1,
					.imm = 1
				};
			} else {
				prog[n++] = (struct bpf_insn){
					.code = BPF_LD | BPF_DW | BPF_IMM,
					.dst_reg = 1,
					.src_reg = BPF_PSEUDO_MAP_FD,
					.imm = map_for(0)
				};
				prog[n++] = (struct bpf_insn){ 0 };
			}
			/* r2 = callback at insn cb (pc-relative imm) */
			int at = n;
			prog[n++] =
				(struct bpf_insn){ .code = BPF_LD | BPF_DW |
							   BPF_IMM,
						   .dst_reg = 2,
						   .src_reg = BPF_PSEUDO_FUNC };
			prog[n++] = (struct bpf_insn){ 0 };
			prog[n++] = (struct bpf_insn){ .code = BPF_ALU64 |
							       BPF_MOV | BPF_K,
						       .dst_reg = 3 };
			prog[n++] = (struct bpf_insn){ .code = BPF_ALU64 |
							       BPF_MOV | BPF_K,
						       .dst_reg = 4 };
			prog[n++] =
				(struct bpf_insn){ .code = BPF_JMP | BPF_CALL,
						   .imm = ids[i] };
			prog[n++] =
				(struct bpf_insn){ .code = BPF_ALU64 | BPF_MOV |
							   BPF_K };
			prog[n++] =
				(struct bpf_insn){ .code = BPF_JMP | BPF_EXIT };
			prog[at].imm = n - at - 1;
			fi[0].insn_off = 0;
			fi[1].insn_off = n;
			prog[n++] = (struct bpf_insn){
				.code = BPF_ALU64 | BPF_MOV | BPF_K, .imm = k
			};
			prog[n++] =
				(struct bpf_insn){ .code = BPF_JMP | BPF_EXIT };
			kv = kload(&sf, prog, n);
			if (kv < 0)
				continue;
			(*total)++;
			if (mine == (kv == 1) &&
			    (kv ||
			     strstr(klog, "should have been in [0, 1]"))) {
				(*agree)++;
				continue;
			}
			(*bad)++;
			printf("DIFF callback of %s returning %d: bpfcheck %s, "
			       "kernel %s (%s)\n",
			       p->name, k, mine ? "ok" : "invalid",
			       kv ? "ok" : "invalid", kv ? "" : klast());
		}
	}
	kfunc_cnt = 0;
	btf__free(btf);
}

int main(int argc, char **argv)
{
	unsigned agree = 0, total = 0, bad = 0, args_ok = 0;
	unsigned pagree = 0, ptotal = 0, ragree = 0, rtotal = 0;
	unsigned gagree = 0, gtotal = 0, cagree = 0, ctotal = 0;
	bool verbose = argc > 1 && !strcmp(argv[1], "-v");
	regex_t re;

	if (ktype_usable(&ktypes[0]) < 0) {
		printf("SKIP: bpf() unavailable (need root / CAP_BPF)\n");
		return 77;
	}
	regcomp(&re, "R([1-5]) type=[a-z_]+ expected=(.*)$", REG_EXTENDED);
	for (int id = 1; id < __BPF_FUNC_MAX_ID + 2; id++) {
		const struct bc_helper_proto *p = bc_helper_proto(id);
		const struct ktype *t = NULL;
		enum fill fill[6] = { 0 };
		struct bpf_insn prog[64];
		bool differs = false, counted = false;
		const char *last = "";
		int k = 0;

		if (!p)
			continue;
		for (size_t i = 0; i < NKTYPES && !t; i++)
			if (bc_helper_allowed(id, ktypes[i].type,
					      ktypes[i].attach, true, NULL) &&
			    ktype_usable(&ktypes[i]) == 1)
				t = &ktypes[i];
		if (!t)
			continue;
		p = bc_helper_proto_for(id, t->type, t->attach);
		ret_imm = kret(t);
		/* GPL only: a non-GPL program is refused before any argument */
		klicense = "Proprietary";
		k = kload(t, prog, build(id, fill, prog));
		klicense = "GPL";
		if (k >= 0 && !strstr(klog, "cannot use helper")) {
			bool kgpl = !k &&
				    strstr(klog, "cannot call GPL-restricted");

			gtotal++;
			if (kgpl == !!(p->flags & BC_HF_GPL_ONLY)) {
				gagree++;
			} else {
				bad++;
				printf("DIFF gpl %s: bpfcheck %s, kernel %s\n",
				       p->name,
				       (p->flags & BC_HF_GPL_ONLY) ?
					       "GPL only" :
					       "any license",
				       kgpl ? "GPL only" : "any license");
			}
		}
		for (int round = 0; round < 6; round++) {
			regmatch_t m[3];
			int want = 0, got = 0;

			for (int i = 0; i < 5 && !want; i++)
				if (!scalar_ok(p->args[i]) &&
				    fill[i + 1] == F_ZERO)
					want = i + 1;
			k = kload(t, prog, build(id, fill, prog));
			if (k < 0)
				break;
			last = klast();
			if (!k && (strstr(klog, "cannot call GPL-restricted") ||
				   strstr(klog, "cannot use helper")))
				break; /* kernel configuration (lockdown...) */
			counted = true;
			if (!k && !regexec(&re, last, 3, m, 0))
				got = last[m[1].rm_so] - '0';
			if (!got)
				break; /* accepted, or failed on something else */
			if (got != want ||
			    !strstr(last + m[2].rm_so,
				    expected_word(p->args[want - 1]))) {
				differs = true;
				printf("DIFF %s (%s) round %d: bpfcheck expects a "
				       "pointer in R%d (%s), kernel: %s\n",
				       p->name, t->name, round, want,
				       want ? expected_word(p->args[want - 1]) :
					      "-",
				       last);
				break;
			}
			args_ok++;
			switch (BC_ARG_KIND(p->args[want - 1])) {
			case BC_ARG_PTR_TO_CTX: fill[want] = F_CTX; break;
			case BC_ARG_CONST_MAP_PTR: fill[want] = F_MAP; break;
			case BC_ARG_PTR_TO_MAP_KEY:
			case BC_ARG_PTR_TO_MAP_VALUE:
			case BC_ARG_PTR_TO_UNINIT_MAP_VALUE:
			case BC_ARG_PTR_TO_MEM:
			case BC_ARG_PTR_TO_UNINIT_MEM:
			case BC_ARG_PTR_TO_LONG:
			case BC_ARG_PTR_TO_INT:
				fill[want] = F_FP;
				if (want < 5 && size_kind(p->args[want]))
					fill[want + 1] = F_SIZE8;
				break;
			default: round = 6; /* cannot build this kind */
			}
		}
		if (!counted)
			continue;
		total++;
		if (differs) {
			bad++;
			continue;
		}
		if (k == 1 || strstr(klog, "would lead to reference leak")) {
			rtotal++;
			if (ret_check(t, id, p, fill, verbose))
				ragree++;
			else
				bad++;
		}
		switch (changes_check(id, p, fill, verbose)) {
		case 1:
			cagree++;
			ctotal++;
			break;
		case 0:
			ctotal++;
			bad++;
			break;
		}
		switch (pkt_check(id, p, fill, verbose)) {
		case 1:
			pagree++;
			ptotal++;
			break;
		case 0:
			ptotal++;
			bad++;
			break;
		}
		agree++;
		if (verbose)
			printf("ok %s (%s): %s\n", p->name, t->name,
			       k ? "accepted" : last);
	}
	regfree(&re);
	unsigned cbagree = 0, cbtotal = 0;

	callback_rets(&cbagree, &cbtotal, &bad);
	printf("callback return ranges: bpfcheck agrees with the kernel on %u "
	       "of %u cases\n",
	       cbagree, cbtotal);
	printf("helper arguments: bpfcheck agrees with the kernel on %u of %u "
	       "helpers (%u pointer arguments confirmed)\n",
	       agree, total, args_ok);
	printf("GPL-only flags: bpfcheck agrees with the kernel on %u of %u "
	       "helpers\n",
	       gagree, gtotal);
	printf("return kinds: bpfcheck agrees with the kernel on %u of %u "
	       "helpers\n",
	       ragree, rtotal);
	printf("changes packet data: bpfcheck agrees with the kernel on %u of "
	       "%u helpers\n",
	       cagree, ctotal);
	printf("packet pointers as helper memory: bpfcheck agrees with the "
	       "kernel on %u of %u helpers\n",
	       pagree, ptotal);
	return bad ? 1 : 0;
}
