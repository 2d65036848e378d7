// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * RFC patch 11's test program, restated with conditions clang cannot fold:
 * the cycle B -> C -> B is entered both at B and at C, so it is irreducible.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC("xdp")
int two_entries(struct xdp_md *ctx)
{
	char *data = (char *)(unsigned long)ctx->data;
	char *data_end = (char *)(unsigned long)ctx->data_end;
	char *p, *mark;
	unsigned long mark2;

	if (data + 60 > data_end)
		return XDP_ABORTED;
	p = data + 14;
	mark = *(char **)p;
	mark2 = *(unsigned long *)(p + 24);
	mark += 1;
	if (data[0] == 1) {
B:
		mark += bpf_get_prandom_u32() & 3;
		if ((unsigned long)mark < mark2 * 3)
			goto C;
	} else if (data[1] == 2) {
C:
		mark += 1;
		if ((unsigned long)mark < 1000)
			goto B;
	}
	return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
