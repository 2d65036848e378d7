// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "disasm.h"
int bc_disasm_insn(const struct bc_prog *prog, const struct bpf_insn *insns, uint32_t cnt, uint32_t pc, char *buf, size_t len)
{
	snprintf(buf, len, "(%02x)", insns[pc].code);
	return 1;
}
void bc_disasm_prog(FILE *f, const struct bc_prog *prog, unsigned flags) {}
