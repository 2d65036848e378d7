/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Compares bc_helper_allowed with the live kernel: for every program type in
 * kload.h and every helper id, loads `r1..r5 = 0; call id; r0 = 1; exit`
 * (license GPL, as root). The kernel's get_func_proto decides first, so
 * "program of this type cannot use helper" / "invalid func" means not
 * allowed and any other outcome means allowed. Prints the agreement figure;
 * fails on a disagreement for a helper bpfcheck has a prototype for.
 */
#include <stdlib.h>

#include "platform/helpers.h"
#include "kload.h"

#define MAX_ID (__BPF_FUNC_MAX_ID + 2)

/* 1 allowed, 0 not allowed, -1 bpf() unusable */
static int kernel_allows(const struct ktype *t, int id)
{
	struct bpf_insn p[9];
	int n = 0, r;

	memset(p, 0, sizeof(p));
	for (int i = 1; i <= 5; i++)
		p[n++] = (struct bpf_insn){ .code = BPF_ALU64 | BPF_MOV | BPF_K,
					    .dst_reg = i,
					    .imm = 0 };
	p[n++] = (struct bpf_insn){ .code = BPF_JMP | BPF_CALL, .imm = id };
	p[n++] = (struct bpf_insn){ .code = BPF_ALU64 | BPF_MOV | BPF_K,
				    .dst_reg = 0,
				    .imm = kret(t) };
	p[n++] = (struct bpf_insn){ .code = BPF_JMP | BPF_EXIT };
	r = kload(t, p, n);
	if (r != 0)
		return r;
	if (strstr(klog, "cannot use helper") || strstr(klog, "invalid func") ||
	    strstr(klog, "might sleep in a non-sleepable"))
		return 0;
	return 1;
}

/*
 * A helper bpfcheck allows and this kernel refuses because of how it was
 * built (bc_helper_config) is a note, not a failure.
 */
static bool known_diff(const struct ktype *t, int id, bool mine)
{
	const char *config = bc_helper_config(id);

	if (!mine || !config)
		return false;
	printf("note: %s may use helper %d given %s; this kernel refuses "
	       "it\n",
	       t->name, id, config);
	return true;
}

int main(int argc, char **argv)
{
	unsigned agree = 0, total = 0, bad = 0, unsupported = 0, known = 0;
	bool verbose = argc > 1 && !strcmp(argv[1], "-v");

	if (ktype_usable(&ktypes[0]) < 0) {
		printf("SKIP: bpf() unavailable (need root / CAP_BPF)\n");
		return 77;
	}
	for (size_t i = 0; i < NKTYPES; i++) {
		const struct ktype *t = &ktypes[i];

		if (ktype_usable(t) != 1) {
			printf("note: kernel cannot load %s here: %s\n",
			       t->name, klog[0] ? klast() : strerror(errno));
			continue;
		}
		for (int id = 0; id <= MAX_ID; id++) {
			const char *why = NULL;
			bool mine = bc_helper_allowed(id, t->type, t->attach,
						      true, &why);
			int k = kernel_allows(t, id);

			if (k < 0)
				continue;
			if (!mine && k && strstr(why, "not supported")) {
				/* allowed by Linux, no prototype here */
				unsupported++;
				if (verbose)
					printf("unsupported %s %s\n", t->name,
					       why);
				continue;
			}
			total++;
			if (mine == (k == 1)) {
				if (!mine && !strstr(klog, why)) {
					bad++;
					printf("MSG %s id %d: bpfcheck '%s', "
					       "kernel '%s'\n",
					       t->name, id, why, klast());
				}
				agree++;
				continue;
			}
			if (known_diff(t, id, mine)) {
				known++;
				continue;
			}
			bad++;
			printf("DIFF %s id %d %s: bpfcheck %s, kernel %s%s\n",
			       t->name, id, why ? why : "",
			       mine ? "allows" : "refuses",
			       k ? "allows" : "refuses: ", k ? "" : klast());
		}
	}
	printf("helper sets: bpfcheck agrees with the kernel on %u of %u "
	       "(type, helper) pairs (%u differ by kernel configuration); "
	       "%u more pairs Linux allows use helpers bpfcheck has no "
	       "prototype for\n",
	       agree, total, known, unsupported);
	return bad ? 1 : 0;
}
