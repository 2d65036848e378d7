// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * libFuzzer harness for raw instructions (format in common.h): check the
 * ISA, build the CFG, verify, and run the interpreter with a small
 * instruction budget on the programs the verifier accepted. The interpreter checks every access, so whatever the program it
 * must end in a result or a one-line error, never a sanitizer report.
 */
#include <stdlib.h>
#include <string.h>

#include "cfg/cfg.h"
#include "common.h"
#include "isa/insn.h"
#include "interp/interp.h"
#include "interp/rtmaps.h"
#include "search/verify.h"

static void run(struct bc_object *obj, struct bc_prog *p, const uint8_t *hdr)
{
	struct bc_vm_opts vo = { .insn_limit = BCF_INSN_LIMIT,
				 .seed = 1,
				 .fixed_time = true };
	struct bc_run_input in = { 0 };
	struct bc_run_result res;
	struct bc_rtmaps *maps = NULL;
	uint8_t pkt[BCF_PKT_MAX];
	struct bc_err err;
	struct bc_vm *vm;
	size_t n = hdr[2] % (BCF_PKT_MAX + 1), i;

	for (i = 0; i < sizeof(pkt); i++)
		pkt[i] = (uint8_t)(hdr[3] + i * 37);
	if (hdr[1] & 1) {
		in.mem_mode = true;
		in.mem = pkt;
		in.mem_len = n;
	} else {
		in.packet = pkt;
		in.packet_len = n;
	}
	vo.trace = bcf_sink();
	vo.events = bcf_sink();
	bc_err_init(&err);
	if (bc_rtmaps_new(obj, &maps, &err))
		bcf_fail("bc_rtmaps_new: %s", err.msg);
	vm = bc_vm_new(obj, maps, &vo);
	memset(&res, 0, sizeof(res));
	bc_err_init(&err);
	if (bc_vm_run(vm, p, &in, &res, &err))
		bcf_check_err(&err, "bc_vm_run");
	else if (res.insns > BCF_INSN_LIMIT)
		bcf_fail("ran %llu instructions, limit %u",
			 (unsigned long long)res.insns, BCF_INSN_LIMIT);
	bc_run_result_free(&res);
	bc_vm_free(vm);
	bc_rtmaps_free(maps);
}

/* Returns true when the verifier accepts p. */
static bool verify(struct bc_prog *p)
{
	struct bc_verify_opts vo = { .insn_budget = BCF_VERIFY_BUDGET };
	struct bc_verify_result res;

	memset(&res, 0, sizeof(res));
	if (bc_verify(p, &vo, &res) < 0) {
		if (!res.error[0] || strchr(res.error, '\n'))
			bcf_fail(
				"bc_verify: internal error without a one-line message");
		return false;
	}
	if (!res.accepted && (!res.error[0] || strchr(res.error, '\n')))
		bcf_fail("bc_verify: rejection without a one-line message: %s",
			 res.error);
	return res.accepted;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bc_object obj;
	struct bc_prog p;
	struct bc_func fn;
	struct bc_cfg *cfg = NULL;
	struct bc_err err;
	uint32_t cnt;

	if (size < BCF_HDR + sizeof(struct bpf_insn))
		return 0;
	cnt = (size - BCF_HDR) / sizeof(struct bpf_insn);
	if (cnt > BCF_RAW_MAX_INSNS)
		cnt = BCF_RAW_MAX_INSNS;
	memset(&p, 0, sizeof(p));
	p.name = "prog";
	p.section = "raw";
	p.type = bcf_raw_types[data[0] % bcf_raw_type_cnt];
	/* an exact-size copy, so reads past the end are caught */
	p.insns = malloc(cnt * sizeof(struct bpf_insn));
	memcpy(p.insns, data + BCF_HDR, cnt * sizeof(struct bpf_insn));
	p.insn_cnt = cnt;
	fn = (struct bc_func){ .name = "prog", .start = 0, .len = cnt };
	p.funcs = &fn;
	p.func_cnt = 1;
	bcf_raw_object(&obj, &p);

	bc_err_init(&err);
	if (bc_insn_check(p.insns, cnt, &err)) {
		bcf_check_err(&err, "bc_insn_check");
		goto out;
	}
	bc_err_init(&err);
	if (bc_cfg_build(&p, NULL, &cfg, &err)) {
		bcf_check_err(&err, "bc_cfg_build");
		goto out;
	}
	bc_cfg_free(cfg);
	if (!verify(&p))
		goto out;
	run(&obj, &p, data);
out:
	free(p.insns);
	return 0;
}
