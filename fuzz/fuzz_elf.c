// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * libFuzzer harness for the ELF loader: open the input as an object file,
 * then for each program check the ISA, disassemble it (with source lines
 * and raw bytes) to a sink, build the CFG (dominators, loops), and create
 * the runtime maps the interpreter would use. Everything is freed, so
 * LeakSanitizer sees any leak. A failure must come with a one-line error.
 */
#include <stdlib.h>
#include <string.h>

#include "cfg/cfg.h"
#include "common.h"
#include "asm/disasm.h"
#include "isa/insn.h"
#include "interp/rtmaps.h"

static void one_prog(struct bc_prog *p)
{
	struct bc_cfg_opts co = { 0 };
	struct bc_cfg *cfg = NULL;
	struct bc_err err;

	bc_disasm_prog(bcf_sink(), p, BC_DISASM_LINES | BC_DISASM_RAW);
	bc_err_init(&err);
	if (bc_insn_check(p->insns, p->insn_cnt, &err)) {
		bcf_check_err(&err, "bc_insn_check");
		return;
	}
	bc_err_init(&err);
	if (bc_cfg_build(p, &co, &cfg, &err)) {
		bcf_check_err(&err, "bc_cfg_build");
		return;
	}
	bc_cfg_free(cfg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bc_open_opts oo = { .kind = BC_INPUT_ELF };
	struct bc_object *obj = NULL;
	struct bc_rtmaps *maps = NULL;
	struct bc_err err;
	uint32_t i;

	bc_err_init(&err);
	if (bc_object_open_mem("fuzz.o", data, size, &oo, &obj, &err)) {
		bcf_check_err(&err, "bc_object_open_mem");
		return 0;
	}
	for (i = 0; i < obj->prog_cnt; i++)
		one_prog(&obj->progs[i]);
	bc_err_init(&err);
	if (bc_rtmaps_new(obj, &maps, &err))
		bcf_check_err(&err, "bc_rtmaps_new");
	else
		bc_rtmaps_free(maps);
	bc_object_free(obj);
	return 0;
}
