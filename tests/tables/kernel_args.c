/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Cross-checks argument kinds of the prototype table with the live kernel:
 * every helper bpfcheck has a prototype for is called with r1..r5 = 0 from a
 * program type allowed to call it. The kernel then rejects the first
 * argument that must be a non-NULL pointer ("R2 type=scalar expected=fp,
 * ..."), or accepts. bpfcheck must predict the same register and a kind
 * that matches the kernel's expected list. Prints the agreement figure.
 */
#include <regex.h>
#include <stdlib.h>

#include "helpers.h"
#include "kload.h"

static bool scalar_ok(uint32_t a)
{
	switch (BC_ARG_KIND(a)) {
	case BC_ARG_NONE:
	case BC_ARG_ANYTHING:
	case BC_ARG_SCALAR:
	case BC_ARG_CONST_SIZE:
	case BC_ARG_CONST_SIZE_OR_ZERO:
	case BC_ARG_CONST_ALLOC_SIZE_OR_ZERO:
	case BC_ARG_PTR_TO_STACK_OR_NULL:
		return true;
	}
	return (a & BC_ARG_OR_NULL) != 0;
}

/* A word the kernel's "expected=" list holds for this kind. */
static const char *expected_word(uint32_t a)
{
	switch (BC_ARG_KIND(a)) {
	case BC_ARG_CONST_MAP_PTR:	return "map_ptr";
	case BC_ARG_PTR_TO_CTX:		return "ctx";
	case BC_ARG_PTR_TO_FUNC:	return "func";
	case BC_ARG_PTR_TO_SOCK_COMMON:	return "sock_common";
	case BC_ARG_PTR_TO_SOCKET:	return "sock";
	case BC_ARG_PTR_TO_BTF_ID:	return "ptr_";
	case BC_ARG_PTR_TO_ALLOC_MEM:	return "ringbuf_mem";
	case BC_ARG_PTR_TO_SPIN_LOCK:
	case BC_ARG_PTR_TO_TIMER:
	case BC_ARG_PTR_TO_CONST_STR:	return "map_value";
	default:			return "fp";
	}
}

int main(int argc, char **argv)
{
	unsigned agree = 0, total = 0, bad = 0;
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
		struct bpf_insn prog[9];
		regmatch_t m[3];
		int n = 0, want = 0, got = 0, k;
		const char *last;

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
		for (int i = 0; i < 5 && !want; i++)
			if (!scalar_ok(p->args[i]))
				want = i + 1;
		memset(prog, 0, sizeof(prog));
		for (int i = 1; i <= 5; i++)
			prog[n++] = (struct bpf_insn){
				.code = BPF_ALU64 | BPF_MOV | BPF_K,
				.dst_reg = i };
		prog[n++] = (struct bpf_insn){ .code = BPF_JMP | BPF_CALL,
					       .imm = id };
		prog[n++] = (struct bpf_insn){ .code = BPF_ALU64 | BPF_MOV | BPF_K,
					       .imm = 1 };
		prog[n++] = (struct bpf_insn){ .code = BPF_JMP | BPF_EXIT };
		k = kload(t, prog, n);
		if (k < 0)
			continue;
		last = klast();
		if (!k && !regexec(&re, last, 3, m, 0))
			got = last[m[1].rm_so] - '0';
		else if (!k && (strstr(klog, "cannot call GPL-restricted") ||
				strstr(klog, "cannot use helper")))
			continue;	/* kernel configuration (lockdown, ...) */
		total++;
		if (want == got && (!want ||
		    strstr(last + m[2].rm_so, expected_word(p->args[want - 1])))) {
			agree++;
			if (verbose)
				printf("ok %s: %s\n", p->name, k ? "accepted" : last);
			continue;
		}
		/* the kernel accepts or fails later (e.g. zero size): also
		 * fine when bpfcheck expects no pointer argument */
		if (!want && !got) {
			agree++;
			if (verbose)
				printf("ok %s: %s\n", p->name, k ? "accepted" : last);
			continue;
		}
		bad++;
		printf("DIFF %s (%s): bpfcheck expects a pointer in R%d (%s), "
		       "kernel: %s\n", p->name, t->name, want,
		       want ? expected_word(p->args[want - 1]) : "-",
		       k ? "accepted" : last);
	}
	regfree(&re);
	printf("helper arguments: bpfcheck agrees with the kernel on %u of %u "
	       "helpers\n", agree, total);
	return bad ? 1 : 0;
}
