// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <errno.h>
#include "asm.h"
int bc_asm(const char *text, size_t len, struct bpf_insn **insns, uint32_t *cnt, struct bc_err *err)
{
	return bc_errf(err, -1, ENOTSUP, "assembler not implemented yet");
}
int bc_asm_open(const char *name, const char *text, size_t len, const struct bc_open_opts *opts, struct bc_object *obj, struct bc_err *err)
{
	return bc_errf(err, -1, ENOTSUP, "%s: assembler not implemented yet", name);
}
