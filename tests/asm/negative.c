// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Every file under bpf_conformance's negative/ directory, with what must
 * happen to it:
 *  - ASM_REJECT: malformed assembly; bc_asm fails with exactly this message.
 *  - UNKNOWN_SECTION: the "-- asm" section is cut short by an unknown
 *    "-- " directive; the reader reports it and the (empty) program is
 *    rejected with this message.
 *  - NO_PROGRAM: neither "-- asm" nor "-- raw"; nothing to assemble, and
 *    the empty text is rejected by bc_asm ("no instructions").
 *  - ASM_OK: valid assembly whose fault is semantic (reading an
 *    uninitialised r0; a runtime result): it assembles and passes the ISA
 *    check; the verifier, not the assembler, must reject it.
 *  - RAW_REJECT: "-- raw" bytes with reserved fields set. They disassemble
 *    to ".raw ..." lines naming the fault, reassemble to the same bytes,
 *    and bc_insn_check rejects insn 0 with exactly this message.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "asm/disasm.h"
#include "isa/insn.h"
#include "testdata.h"

enum kind { ASM_REJECT, UNKNOWN_SECTION, NO_PROGRAM, ASM_OK, RAW_REJECT };

static const struct {
	const char *file;
	enum kind kind;
	const char *msg;
} expect[] = {
	{ "empty.data", NO_PROGRAM, "" },
	{ "empty_instructions.data", NO_PROGRAM, "" },
	{ "error.data", ASM_OK, "" },
	{ "incorrect_return_value_high_bits.data", ASM_OK, "" },
	{ "invalid_imm32_dec_range.data", ASM_REJECT,
	  "line 2: immediate 2147483648 out of range" },
	{ "invalid_imm32_hex_range.data", ASM_REJECT,
	  "line 2: immediate 0x100000000 out of range" },
	{ "invalid_label.data", ASM_REJECT,
	  "line 1: unknown label 'NOT_A_LABEL'" },
	{ "invalid_lock.data", ASM_REJECT,
	  "line 1: wrong number of operands for 'lock'" },
	{ "invalid_lock2.data", ASM_REJECT,
	  "line 1: wrong number of operands for 'lock'" },
	{ "invalid_mnemonic.data", ASM_REJECT,
	  "line 2: unknown mnemonic 'ldxq'" },
	{ "invalid_offset.data", ASM_REJECT,
	  "line 1: expected a memory operand such as [%r1+4], found '%r1'" },
	{ "invalid_offset_range.data", ASM_REJECT,
	  "line 2: offset +0x10000 out of range" },
	{ "invalid_operand_count.data", ASM_REJECT,
	  "line 1: wrong number of operands for 'lddw'" },
	{ "invalid_register.data", ASM_REJECT,
	  "line 1: invalid register '%r50'" },
	{ "invalid_unknown_directive.data", UNKNOWN_SECTION,
	  "no instructions" },
	{ "unused-add64_imm-offset.data", RAW_REJECT,
	  "BPF_ALU uses reserved fields" },
	{ "unused-add64_imm-src.data", RAW_REJECT,
	  "BPF_ALU uses reserved fields" },
	{ "unused-add64_reg-imm.data", RAW_REJECT,
	  "BPF_ALU uses reserved fields" },
	{ "unused-add64_reg-offset.data", RAW_REJECT,
	  "BPF_ALU uses reserved fields" },
	{ "unused-add_imm-offset.data", RAW_REJECT,
	  "BPF_ALU uses reserved fields" },
	{ "unused-add_imm-src.data", RAW_REJECT,
	  "BPF_ALU uses reserved fields" },
	{ "unused-add_reg-imm.data", RAW_REJECT,
	  "BPF_ALU uses reserved fields" },
	{ "unused-add_reg-offset.data", RAW_REJECT,
	  "BPF_ALU uses reserved fields" },
	{ "unused-be16-offset.data", RAW_REJECT,
	  "BPF_END uses reserved fields" },
	{ "unused-be16-src.data", RAW_REJECT, "BPF_END uses reserved fields" },
	{ "unused-call-dst.data", RAW_REJECT, "BPF_CALL uses reserved fields" },
	{ "unused-call-offset.data", RAW_REJECT,
	  "BPF_CALL uses reserved fields" },
	{ "unused-exit-dst.data", RAW_REJECT, "BPF_EXIT uses reserved fields" },
	{ "unused-exit-imm.data", RAW_REJECT, "BPF_EXIT uses reserved fields" },
	{ "unused-exit-offset.data", RAW_REJECT,
	  "BPF_EXIT uses reserved fields" },
	{ "unused-exit-src.data", RAW_REJECT, "BPF_EXIT uses reserved fields" },
	{ "unused-ja-dst.data", RAW_REJECT, "BPF_JA uses reserved fields" },
	{ "unused-ja-imm.data", RAW_REJECT, "BPF_JA uses reserved fields" },
	{ "unused-ja-src.data", RAW_REJECT, "BPF_JA uses reserved fields" },
	{ "unused-jeq_imm-src.data", RAW_REJECT,
	  "BPF_JMP/JMP32 uses reserved fields" },
	{ "unused-jeq_reg-imm.data", RAW_REJECT,
	  "BPF_JMP/JMP32 uses reserved fields" },
	{ "unused-jgt_imm-src.data", RAW_REJECT,
	  "BPF_JMP/JMP32 uses reserved fields" },
	{ "unused-jgt_reg-imm.data", RAW_REJECT,
	  "BPF_JMP/JMP32 uses reserved fields" },
	{ "unused-ldxdw-imm.data", RAW_REJECT, "BPF_LDX uses reserved fields" },
	{ "unused-ldxw-imm.data", RAW_REJECT, "BPF_LDX uses reserved fields" },
	{ "unused-le16-offset.data", RAW_REJECT,
	  "BPF_END uses reserved fields" },
	{ "unused-le16-src.data", RAW_REJECT, "BPF_END uses reserved fields" },
	{ "unused-mov64_imm-offset.data", RAW_REJECT,
	  "BPF_MOV uses reserved fields" },
	{ "unused-mov64_imm-src.data", RAW_REJECT,
	  "BPF_MOV uses reserved fields" },
	{ "unused-mov64_reg-imm.data", RAW_REJECT,
	  "BPF_MOV uses reserved fields" },
	/* off 1 is addr_space_cast since Linux 6.9, whose imm must be 1 or
	 * 1 << 16 (check_alu_op) */
	{ "unused-mov64_reg-offset.data", RAW_REJECT,
	  "addr_space_cast insn can only convert between address space 1 "
	  "and 0" },
	{ "unused-mov_imm-offset.data", RAW_REJECT,
	  "BPF_MOV uses reserved fields" },
	{ "unused-mov_imm-src.data", RAW_REJECT,
	  "BPF_MOV uses reserved fields" },
	{ "unused-mov_reg-imm.data", RAW_REJECT,
	  "BPF_MOV uses reserved fields" },
	{ "unused-mov_reg-offset.data", RAW_REJECT,
	  "BPF_MOV uses reserved fields" },
	{ "unused-neg-imm.data", RAW_REJECT, "BPF_NEG uses reserved fields" },
	{ "unused-neg-offset.data", RAW_REJECT,
	  "BPF_NEG uses reserved fields" },
	{ "unused-neg-src.data", RAW_REJECT, "BPF_NEG uses reserved fields" },
	{ "unused-neg64-imm.data", RAW_REJECT, "BPF_NEG uses reserved fields" },
	{ "unused-neg64-offset.data", RAW_REJECT,
	  "BPF_NEG uses reserved fields" },
	{ "unused-neg64-src.data", RAW_REJECT, "BPF_NEG uses reserved fields" },
	{ "unused-stdw-src.data", RAW_REJECT, "BPF_ST uses reserved fields" },
	{ "unused-stw-src.data", RAW_REJECT, "BPF_ST uses reserved fields" },
	{ "unused-stxdw-imm.data", RAW_REJECT, "BPF_STX uses reserved fields" },
	{ "unused-stxw-imm.data", RAW_REJECT, "BPF_STX uses reserved fields" },
};

static int fails;

#define CHECK(cond, ...)                                                       \
	do {                                                                   \
		if (!(cond)) {                                                 \
			printf("FAIL %s: ", name);                             \
			printf(__VA_ARGS__);                                   \
			putchar('\n');                                         \
			fails++;                                               \
			return;                                                \
		}                                                              \
	} while (0)

static void check_raw(const char *name, struct td_file *t, const char *msg)
{
	char buf[256], want[300], *text = calloc(1, 300 * t->raw_cnt + 1);
	struct bpf_insn *back = NULL;
	uint32_t i, cnt = 0;
	struct bc_err err;
	int n;

	bc_disasm_insn(NULL, t->raw, t->raw_cnt, 0, buf, sizeof(buf));
	snprintf(want, sizeof(want), "; %s", msg);
	if (strncmp(buf, ".raw ", 5) || !strstr(buf, want)) {
		free(text);
		CHECK(0, "insn 0 disassembles to '%s', want .raw ... %s", buf,
		      want);
	}
	for (i = 0; i < t->raw_cnt; i += n) {
		n = bc_disasm_insn(NULL, t->raw, t->raw_cnt, i, buf,
				   sizeof(buf));
		strcat(text, buf);
		strcat(text, "\n");
	}
	bc_err_init(&err);
	n = bc_asm(text, strlen(text), &back, &cnt, &err);
	free(text);
	if (!n) {
		n = cnt != t->raw_cnt ||
		    memcmp(back, t->raw, cnt * sizeof(*back));
		free(back);
		CHECK(!n, "disassembly does not reassemble to the raw bytes");
	}
	CHECK(!n, "disassembly does not reassemble: %s", err.msg);
	bc_err_init(&err);
	CHECK(bc_insn_check(t->raw, t->raw_cnt, &err) != 0,
	      "bc_insn_check accepted reserved fields");
	CHECK(err.insn == 0 && !strcmp(err.msg, msg),
	      "bc_insn_check said insn %lld '%s', want insn 0 '%s'",
	      (long long)err.insn, err.msg, msg);
}

static void check_file(const char *dir, const char *name, enum kind kind,
		       const char *msg)
{
	struct bpf_insn *insns = NULL;
	char path[8192];
	struct td_file t;
	struct bc_err err;
	uint32_t cnt = 0;
	int r;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	CHECK(td_load(path, &t) == 0, "cannot read");
	bc_err_init(&err);
	switch (kind) {
	case ASM_REJECT:
	case UNKNOWN_SECTION:
		if (kind == UNKNOWN_SECTION &&
		    (!t.unknown || strcmp(t.unknown, "Unknown directive"))) {
			td_free(&t);
			CHECK(0, "unknown section not reported");
		}
		r = bc_asm(t.asm_text, strlen(t.asm_text), &insns, &cnt, &err);
		free(insns);
		td_free(&t);
		CHECK(r != 0, "assembled, want '%s'", msg);
		CHECK(!strcmp(err.msg, msg), "message '%s', want '%s'", err.msg,
		      msg);
		break;
	case NO_PROGRAM:
		r = t.asm_text || t.raw;
		td_free(&t);
		CHECK(!r, "has a program section");
		CHECK(bc_asm("", 0, &insns, &cnt, &err) != 0 &&
			      !strcmp(err.msg, "no instructions"),
		      "empty text: '%s'", err.msg);
		break;
	case ASM_OK:
		r = bc_asm(t.asm_text, strlen(t.asm_text), &insns, &cnt, &err);
		td_free(&t);
		CHECK(r == 0, "rejected: %s", err.msg);
		r = bc_insn_check(insns, cnt, &err);
		free(insns);
		CHECK(r == 0, "ISA check rejected: %s", err.msg);
		break;
	case RAW_REJECT:
		if (!t.raw) {
			td_free(&t);
			CHECK(0, "no -- raw section");
		}
		check_raw(name, &t, msg);
		td_free(&t);
		break;
	}
}

int main(int argc, char **argv)
{
	char dir[4096];
	struct dirent *e;
	size_t i, seen = 0;
	DIR *d;

	if (argc != 2) {
		fprintf(stderr, "usage: %s CONFORMANCE_DIR\n", argv[0]);
		return 2;
	}
	snprintf(dir, sizeof(dir), "%s/negative", argv[1]);
	d = opendir(dir);
	if (!d) {
		printf("SKIP: no conformance suite at %s\n", dir);
		return 77;
	}
	/* every .data file there must have an expectation */
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);

		if (l < 5 || strcmp(e->d_name + l - 5, ".data"))
			continue;
		seen++;
		for (i = 0; i < BC_ARRAY_SIZE(expect); i++)
			if (!strcmp(expect[i].file, e->d_name))
				break;
		if (i == BC_ARRAY_SIZE(expect)) {
			printf("FAIL %s: no expectation in this test\n",
			       e->d_name);
			fails++;
		}
	}
	closedir(d);
	for (i = 0; i < BC_ARRAY_SIZE(expect); i++)
		check_file(dir, expect[i].file, expect[i].kind, expect[i].msg);
	printf("%zu negative files, %zu expectations, %d failed\n", seen,
	       BC_ARRAY_SIZE(expect), fails);
	return fails || seen != BC_ARRAY_SIZE(expect);
}
