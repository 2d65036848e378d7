// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Exact disassembly of hand-picked instructions of every class, the
 * assembler reading each line back to the same encoding, the conformance
 * syntax, assembler error messages, and a random-bytes round trip.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "asm/disasm.h"
#include "isa/insn.h"
#include "load/load.h"

#define I(c, d, s, o, i)                                                       \
	{                                                                      \
		.code = (c), .dst_reg = (d), .src_reg = (s), .off = (o),       \
		.imm = (i)                                                     \
	}

struct dcase {
	struct bpf_insn in[2];
	const char *text;
};

static const struct dcase dcases[] = {
	/* ALU64 / ALU */
	{ { I(0x07, 1, 0, 0, 5) }, "r1 += 5" },
	{ { I(0x0c, 1, 2, 0, 0) }, "w1 += w2" },
	{ { I(0x17, 3, 0, 0, -7) }, "r3 -= -7" },
	{ { I(0x2f, 4, 5, 0, 0) }, "r4 *= r5" },
	{ { I(0x3f, 1, 2, 1, 0) }, "r1 s/= r2" },
	{ { I(0x37, 1, 0, 0, 3) }, "r1 /= 3" },
	{ { I(0x97, 1, 0, 1, 3) }, "r1 s%= 3" },
	{ { I(0x94, 1, 0, 1, -3) }, "w1 s%= -3" },
	{ { I(0x47, 1, 0, 0, 8) }, "r1 |= 8" },
	{ { I(0x5c, 1, 2, 0, 0) }, "w1 &= w2" },
	{ { I(0x67, 1, 0, 0, 32) }, "r1 <<= 32" },
	{ { I(0x7c, 1, 9, 0, 0) }, "w1 >>= w9" },
	{ { I(0xc7, 1, 0, 0, 63) }, "r1 s>>= 63" },
	{ { I(0xa4, 0, 0, 0, -1) }, "w0 ^= -1" },
	{ { I(0x87, 1, 0, 0, 0) }, "r1 = -r1" },
	{ { I(0x84, 2, 0, 0, 0) }, "w2 = -w2" },
	{ { I(0xb7, 0, 0, 0, -1) }, "r0 = -1" },
	{ { I(0xb4, 0, 0, 0, 2147483647) }, "w0 = 2147483647" },
	{ { I(0xbf, 6, 1, 0, 0) }, "r6 = r1" },
	{ { I(0xbf, 1, 2, 8, 0) }, "r1 = (s8)r2" },
	{ { I(0xbf, 1, 2, 32, 0) }, "r1 = (s32)r2" },
	{ { I(0xbc, 1, 2, 16, 0) }, "w1 = (s16)w2" },
	{ { I(0xbf, 1, 2, 1, 1) }, "r1 = addr_space_cast(r2, 0, 1)" },
	{ { I(0xbf, 3, 4, 1, 1 << 16) }, "r3 = addr_space_cast(r4, 1, 0)" },
	{ { I(0xdc, 1, 0, 0, 16) }, "r1 = be16 r1" },
	{ { I(0xd4, 1, 0, 0, 32) }, "r1 = le32 r1" },
	{ { I(0xd7, 1, 0, 0, 64) }, "r1 = bswap64 r1" },
	/* JMP / JMP32 */
	{ { I(0x05, 0, 0, 5, 0) }, "goto pc+5" },
	{ { I(0x05, 0, 0, -1, 0) }, "goto pc-1" },
	{ { I(0x06, 0, 0, 0, 100000) }, "gotol pc+100000" },
	{ { I(0xe5, 0, 0, 2, 0) }, "may_goto pc+2" },
	{ { I(0xe5, 0, 0, -7, 0) }, "may_goto pc-7" },
	{ { I(0x2d, 2, 3, 5, 0) }, "if r2 > r3 goto pc+5" },
	{ { I(0xc6, 2, 0, -3, 7) }, "if w2 s< 7 goto pc-3" },
	{ { I(0x45, 1, 0, 2, 4) }, "if r1 & 0x4 goto pc+2" },
	{ { I(0x15, 0, 0, 1, 0) }, "if r0 == 0 goto pc+1" },
	{ { I(0x5e, 1, 2, 0, 0) }, "if w1 != w2 goto pc+0" },
	{ { I(0x3d, 1, 2, 1, 0) }, "if r1 >= r2 goto pc+1" },
	{ { I(0xa5, 1, 0, 1, -2) }, "if r1 < -2 goto pc+1" },
	{ { I(0xbd, 1, 2, 1, 0) }, "if r1 <= r2 goto pc+1" },
	{ { I(0x65, 1, 0, 1, 1) }, "if r1 s> 1 goto pc+1" },
	{ { I(0x75, 1, 0, 1, 1) }, "if r1 s>= 1 goto pc+1" },
	{ { I(0xdd, 1, 2, 1, 0) }, "if r1 s<= r2 goto pc+1" },
	{ { I(0x85, 0, 0, 0, 1) }, "call bpf_map_lookup_elem#1" },
	{ { I(0x85, 0, 0, 0, 99999) }, "call unknown#99999" },
	{ { I(0x85, 0, 1, 0, 12) }, "call pc+12" },
	{ { I(0x85, 0, 2, 0, 1234) }, "call kfunc#1234" },
	{ { I(0x8d, 2, 0, 0, 0) }, "callx r2" },
	{ { I(0x95, 0, 0, 0, 0) }, "exit" },
	/* LDX / ST / STX */
	{ { I(0x61, 1, 6, 76, 0) }, "r1 = *(u32 *)(r6 +76)" },
	{ { I(0x79, 0, 10, -8, 0) }, "r0 = *(u64 *)(r10 -8)" },
	{ { I(0x71, 2, 1, 0, 0) }, "r2 = *(u8 *)(r1 +0)" },
	{ { I(0x89, 1, 6, 2, 0) }, "r1 = *(s16 *)(r6 +2)" },
	{ { I(0x91, 1, 6, 0, 0) }, "r1 = *(s8 *)(r6 +0)" },
	{ { I(0x81, 1, 6, 4, 0) }, "r1 = *(s32 *)(r6 +4)" },
	{ { I(0x7b, 10, 1, -8, 0) }, "*(u64 *)(r10 -8) = r1" },
	{ { I(0x6b, 10, 1, -2, 0) }, "*(u16 *)(r10 -2) = r1" },
	{ { I(0x62, 10, 0, -4, 7) }, "*(u32 *)(r10 -4) = 7" },
	{ { I(0x72, 10, 0, -1, -1) }, "*(u8 *)(r10 -1) = -1" },
	/* atomics (kernel/bpf/disasm.c wording) */
	{ { I(0xdb, 1, 2, 0, BPF_ADD) }, "lock *(u64 *)(r1 +0) += r2" },
	{ { I(0xc3, 1, 2, 8, BPF_OR) }, "lock *(u32 *)(r1 +8) |= r2" },
	{ { I(0xdb, 1, 2, 0, BPF_AND) }, "lock *(u64 *)(r1 +0) &= r2" },
	{ { I(0xdb, 1, 2, 0, BPF_XOR) }, "lock *(u64 *)(r1 +0) ^= r2" },
	{ { I(0xdb, 1, 2, 0, BPF_ADD | BPF_FETCH) },
	  "r2 = atomic64_fetch_add((u64 *)(r1 +0), r2)" },
	{ { I(0xc3, 1, 2, -4, BPF_XOR | BPF_FETCH) },
	  "r2 = atomic_fetch_xor((u32 *)(r1 -4), r2)" },
	{ { I(0xdb, 1, 3, 0, BPF_XCHG) },
	  "r3 = atomic64_xchg((u64 *)(r1 +0), r3)" },
	{ { I(0xdb, 1, 2, 0, BPF_CMPXCHG) },
	  "r0 = atomic64_cmpxchg((u64 *)(r1 +0), r0, r2)" },
	{ { I(0xc3, 10, 2, -8, BPF_CMPXCHG) },
	  "r0 = atomic_cmpxchg((u32 *)(r10 -8), r0, r2)" },
	/* legacy packet loads */
	{ { I(0x30, 0, 0, 0, 14) }, "r0 = *(u8 *)skb[14]" },
	{ { I(0x28, 0, 0, 0, 12) }, "r0 = *(u16 *)skb[12]" },
	{ { I(0x48, 0, 0, 0, 12) }, "r0 = *(u16 *)skb[r0 + 12]" },
	{ { I(0x48, 0, 1, 0, 2) }, "r0 = *(u16 *)skb[r1 + 2]" },
	{ { I(0x40, 0, 7, 0, -4) }, "r0 = *(u32 *)skb[r7 + -4]" },
	/* lddw */
	{ { I(0x18, 0, 0, 0, 0x55667788), I(0, 0, 0, 0, 0x11223344) },
	  "r0 = 0x1122334455667788 ll" },
	{ { I(0x18, 1, 0, 0, -1), I(0, 0, 0, 0, -1) },
	  "r1 = 0xffffffffffffffff ll" },
	{ { I(0x18, 1, 1, 0, 5), I(0, 0, 0, 0, 0) }, "r1 = map[fd:5] ll" },
	{ { I(0x18, 1, 2, 0, 5), I(0, 0, 0, 0, 8) }, "r1 = map[fd:5][0]+8 ll" },
	{ { I(0x18, 2, 5, 0, 3), I(0, 0, 0, 0, 0) }, "r2 = map[idx:3] ll" },
	{ { I(0x18, 2, 6, 0, 3), I(0, 0, 0, 0, 16) },
	  "r2 = map[idx:3][0]+16 ll" },
	{ { I(0x18, 1, 3, 0, 77), I(0, 0, 0, 0, 0) }, "r1 = btf_id[77] ll" },
	{ { I(0x18, 2, 4, 0, 4), I(0, 0, 0, 0, 0) }, "r2 = func[pc+4] ll" },
	/* bad encodings print as bytes with the ISA check's reason */
	{ { I(0x8f, 0, 0, 0, 0) },
	  ".raw 8f 00 00 00 00 00 00 00 ; unknown opcode 8f" },
	{ { I(0x07, 0, 0, 1, 1) },
	  ".raw 07 00 01 00 01 00 00 00 ; BPF_ALU uses reserved fields" },
	{ { I(0xdb, 1, 2, 0, 0x55) },
	  ".raw db 21 00 00 55 00 00 00 ; BPF_ATOMIC uses invalid atomic opcode 55" },
	{ { I(0xbf, 1, 2, 1, 2) },
	  ".raw bf 21 01 00 02 00 00 00 ; addr_space_cast insn can only convert between address space 1 and 0" },
	{ { I(0x18, 1, 0, 0, 1), I(0x07, 0, 0, 0, 0) },
	  ".raw 18 01 00 00 01 00 00 00 ; invalid bpf_ld_imm64 insn" },
};

/* Conformance syntax, and other spellings, to exact encodings. */
struct acase {
	const char *text;
	struct bpf_insn in[2];
};

static const struct acase acases[] = {
	{ "mov %r0, 1", { I(0xb7, 0, 0, 0, 1) } },
	{ "mov32 %r0, -3", { I(0xb4, 0, 0, 0, -3) } },
	{ "add32 %r0, -3", { I(0x04, 0, 0, 0, -3) } },
	{ "mov32 %r1, 0xffffffff", { I(0xb4, 1, 0, 0, -1) } },
	{ "sdiv %r1, %r2", { I(0x3f, 1, 2, 1, 0) } },
	{ "smod32 %r1, 3", { I(0x94, 1, 0, 1, 3) } },
	{ "neg %r1", { I(0x87, 1, 0, 0, 0) } },
	{ "neg32 %r1", { I(0x84, 1, 0, 0, 0) } },
	{ "movsx864 %r1, %r2", { I(0xbf, 1, 2, 8, 0) } },
	{ "movsx1632 %r1, %r2", { I(0xbc, 1, 2, 16, 0) } },
	{ "movsx3264 %r1, %r2", { I(0xbf, 1, 2, 32, 0) } },
	{ "le16 %r3", { I(0xd4, 3, 0, 0, 16) } },
	{ "be32 %r3", { I(0xdc, 3, 0, 0, 32) } },
	{ "swap64 %r3", { I(0xd7, 3, 0, 0, 64) } },
	{ "jgt %r1, 5, +2", { I(0x25, 1, 0, 2, 5) } },
	{ "jslt32 %r1, %r2, -1", { I(0xce, 1, 2, -1, 0) } },
	{ "jset %r1, 0x80, +0", { I(0x45, 1, 0, 0, 0x80) } },
	{ "ja +3", { I(0x05, 0, 0, 3, 0) } },
	{ "ldxw %r0, [%r1+4]", { I(0x61, 0, 1, 4, 0) } },
	{ "ldxsh %r0, [%r10-2]", { I(0x89, 0, 10, -2, 0) } },
	{ "ldxdw %r0, [%r1]", { I(0x79, 0, 1, 0, 0) } },
	{ "stxdw [%r10-8], %r1", { I(0x7b, 10, 1, -8, 0) } },
	{ "stb [%r10-1], 0x80", { I(0x72, 10, 0, -1, 0x80) } },
	{ "lddw %r0, 0x123", { I(0x18, 0, 0, 0, 0x123), I(0, 0, 0, 0, 0) } },
	{ "call 1", { I(0x85, 0, 0, 0, 1) } },
	{ "call %r2", { I(0x8d, 2, 0, 0, 0) } },
	{ "call runtime 7", { I(0x85, 0, 2, 0, 7) } },
	{ "call bpf_ktime_get_ns", { I(0x85, 0, 0, 0, 5) } },
	{ "lock add [%r10-8], %r1", { I(0xdb, 10, 1, -8, BPF_ADD) } },
	{ "lock fetch or32 [%r1+4], %r2",
	  { I(0xc3, 1, 2, 4, BPF_OR | BPF_FETCH) } },
	{ "lock xchg [%r1], %r2", { I(0xdb, 1, 2, 0, BPF_XCHG) } },
	{ "lock cmpxchg32 [%r1], %r2", { I(0xc3, 1, 2, 0, BPF_CMPXCHG) } },
	{ "ldabsh 12", { I(0x28, 0, 0, 0, 12) } },
	{ "ldindb %r1, 2", { I(0x50, 0, 1, 0, 2) } },
	/* LLVM spellings */
	{ "r1 = *(u32 *)(r6 + 76)", { I(0x61, 1, 6, 76, 0) } },
	{ "w0 = *(u32 *)(r1 - 4)", { I(0x61, 0, 1, -4, 0) } },
	{ "goto +5", { I(0x05, 0, 0, 5, 0) } },
	{ "if r1 > 0x5 goto -2", { I(0x25, 1, 0, -2, 5) } },
	{ "  12: (61) r1 = *(u32 *)(r6 +76) ; comment",
	  { I(0x61, 1, 6, 76, 0) } },
	{ "call pc+0 // x", { I(0x85, 0, 1, 0, 0) } },
	{ "r0 = *(u8 *)skb[r3 -4]", { I(0x50, 0, 3, 0, -4) } },
	{ "r0 = *(u8 *)skb[r3]", { I(0x50, 0, 3, 0, 0) } },
	{ "w2 = atomic_fetch_xor((u32 *)(r1 -4), w2)",
	  { I(0xc3, 1, 2, -4, BPF_XOR | BPF_FETCH) } },
	{ "lock *(u32 *)(r1 +8) |= w2", { I(0xc3, 1, 2, 8, BPF_OR) } },
};

/* Whole programs: labels, implicit exit label, errors. */
struct pcase {
	const char *text;
	const char *error; /* NULL: must assemble to cnt insns */
	uint32_t cnt;
	int32_t check_off; /* insns[check_at].off / imm expected */
	uint32_t check_at;
};

static const struct pcase pcases[] = {
	{ "if r1 > 5 goto out\nr0 = 1\nout:\nexit\n", NULL, 3, 1, 0 },
	{ "back: r0 += 1\ngoto back\n", NULL, 2, -2, 1 },
	{ "jne %r0, 0, exit\nmov %r0, 1\nexit\n", NULL, 3, 1, 0 },
	{ "call f\nexit\nf: r0 = 0\nexit\n", NULL, 4, 1, 0 },
	{ "call f\nexit\n.func f\nr0 = 0\nexit\n", NULL, 4, 1, 0 },
	{ "gotol far\nexit\nfar: exit\n", NULL, 3, 1, 0 },
	{ "l: may_goto out\ngoto l\nout: exit\n", NULL, 3, 1, 0 },
	{ "may_goto +1\nexit\nexit\n", NULL, 3, 1, 0 },
	{ "r0 = 0\nback: may_goto pc+2\nr0 += 1\ngoto back\nexit\n", NULL, 5,
	  -3, 3 },
	{ .text = "r0 = 0\nfoo r1\n",
	  .error = "line 2: unknown mnemonic 'foo'" },
	{ .text = "\n\n\n\nr1 = 99999999999\n",
	  .error = "line 5: immediate 99999999999 out of range" },
	{ .text = "r0 = 0\ngoto x\n", .error = "line 2: unknown label 'x'" },
	{ .text = "r1 = map[m] ll\nexit\n",
	  .error = "line 1: unknown map 'm'" },
	{ .text = "mov %r0, %r11x\n",
	  .error = "line 1: expected a register or a number, found '%r11x'" },
	{ .text = "r12 = 1\nr16 = 1\n",
	  .error = "line 2: invalid register 'r16'" },
	{ .text = "w1 += r2\n",
	  .error = "line 1: mixed 32-bit and 64-bit registers" },
	{ .text = "r1 = *(u32 *)(r2 +40000)\n",
	  .error = "line 1: offset +40000 out of range" },
	{ .text = "a:\na:\nexit\n",
	  .error = "line 2: label 'a' defined twice" },
	{ .text = "; only a comment\n", .error = "no instructions" },
	{ .text = ".bogus 1\n", .error = "line 1: unknown directive '.bogus'" },
	{ .text = ".map m array 4 2 1\n.init m 010203\n",
	  .error = "line 2: more initial bytes than map 'm' holds (2)" },
	{ .text = ".init m 01\n", .error = "line 1: unknown map 'm'" },
	{ .text = ".map m -2 4 4 1\nexit\n",
	  .error = "line 1: map types are not negative" },
	{ .text = "r1 = be17 r1\n",
	  .error = "line 1: byte swap width must be 16, 32 or 64" },
	{ .text = "exit junk\n", .error = "line 1: unexpected 'junk'" },
};

static int fails;

static void dump(const struct bpf_insn *in, int n)
{
	const uint8_t *b = (const uint8_t *)in;
	int i;

	for (i = 0; i < 8 * n; i++)
		printf("%02x%s", b[i], i % 8 == 7 ? " | " : " ");
	putchar('\n');
}

static void test_dcase(const struct dcase *c)
{
	struct bpf_insn *out = NULL;
	uint32_t cnt = 0, n;
	struct bc_err err;
	char buf[256];
	int slots = bc_is_lddw(&c->in[0]) ? 2 : 1;
	int used;

	used = bc_disasm_insn(NULL, c->in, slots, 0, buf, sizeof(buf));
	if (strcmp(buf, c->text)) {
		printf("FAIL disasm: got '%s', want '%s'\n", buf, c->text);
		fails++;
	}
	bc_err_init(&err);
	if (bc_asm(c->text, strlen(c->text), &out, &cnt, &err)) {
		printf("FAIL asm '%s': %s\n", c->text, err.msg);
		fails++;
		return;
	}
	n = (uint32_t)used;
	if (cnt != n || memcmp(out, c->in, n * sizeof(*out))) {
		printf("FAIL asm '%s': got ", c->text);
		dump(out, cnt);
		fails++;
	}
	free(out);
}

static void test_acase(const struct acase *c)
{
	struct bpf_insn *out = NULL;
	uint32_t cnt = 0, n = bc_is_lddw(&c->in[0]) ? 2 : 1;
	struct bc_err err;

	bc_err_init(&err);
	if (bc_asm(c->text, strlen(c->text), &out, &cnt, &err)) {
		printf("FAIL asm '%s': %s\n", c->text, err.msg);
		fails++;
		return;
	}
	if (cnt != n || memcmp(out, c->in, n * sizeof(*out))) {
		printf("FAIL asm '%s': got ", c->text);
		dump(out, cnt);
		fails++;
	}
	free(out);
}

static void test_pcase(const struct pcase *c)
{
	struct bpf_insn *out = NULL;
	uint32_t cnt = 0;
	struct bc_err err;
	int r;

	bc_err_init(&err);
	r = bc_asm(c->text, strlen(c->text), &out, &cnt, &err);
	if (c->error) {
		if (!r || strcmp(err.msg, c->error)) {
			printf("FAIL program %s: got '%s', want '%s'\n",
			       r ? "error" : "assembled", r ? err.msg : "",
			       c->error);
			fails++;
		}
	} else if (r) {
		printf("FAIL program: %s\n", err.msg);
		fails++;
	} else {
		const struct bpf_insn *in = &out[c->check_at];
		int32_t got =
			(bc_is_call(in) || in->code == (BPF_JMP32 | BPF_JA)) ?
				in->imm :
				in->off;

		/* no case calls a kfunc: "call f" is a call within */
		if (cnt != c->cnt || got != c->check_off ||
		    (bc_is_call(in) && in->src_reg == BPF_PSEUDO_KFUNC_CALL)) {
			printf("FAIL program '%s': %u insns, target %d\n",
			       c->text, cnt, got);
			fails++;
		}
	}
	free(out);
}

/* An asm object: maps, type directive, functions from call targets. */
static void test_open(void)
{
	static const char text[] = ".map counts hash 4 8 1024\n"
				   ".map arr array 4 16 1 0x80\n"
				   ".init arr 01020304 05\n"
				   "r1 = map[arr][0]+8 ll\n"
				   "r1 = map[counts] ll\n"
				   "call sub\n"
				   "r2 = func[cb] ll\n"
				   "exit\n"
				   "sub: r0 = 0\n"
				   "exit\n"
				   "cb: exit\n"
				   ".func spare\n"
				   "r0 = 1\n"
				   "exit\n";
	struct bc_object *obj = NULL;
	struct bc_open_opts o = { .kind = BC_INPUT_ASM };
	struct bc_err err;
	char buf[128];
	struct bc_prog *p;

	bc_err_init(&err);
	if (bc_object_open_mem("dir/myprog.s", (const uint8_t *)text,
			       strlen(text), &o, &obj, &err)) {
		printf("FAIL open: %s\n", err.msg);
		fails++;
		return;
	}
	p = &obj->progs[0];
	if (obj->map_cnt != 2 || strcmp(obj->maps[0].name, "counts") ||
	    obj->maps[0].type != BPF_MAP_TYPE_HASH ||
	    obj->maps[0].max_entries != 1024 || obj->maps[1].value_size != 16 ||
	    obj->maps[0].origin != BC_MAP_ASM || obj->maps[0].readonly ||
	    !obj->maps[1].readonly || obj->maps[1].init_size != 5 ||
	    memcmp(obj->maps[1].init, "\1\2\3\4\5", 5) || obj->maps[0].init) {
		printf("FAIL open: maps\n");
		fails++;
	}
	if (strcmp(p->name, "myprog") || strcmp(p->section, "asm") ||
	    p->type != BPF_PROG_TYPE_SOCKET_FILTER || p->func_cnt != 4 ||
	    strcmp(p->funcs[3].name, "spare") || p->funcs[3].start != 11 ||
	    p->funcs[3].len != 2 || p->funcs[2].len != 1 ||
	    strcmp(p->funcs[0].name, "myprog") || p->funcs[1].start != 8 ||
	    strcmp(p->funcs[1].name, "sub") || p->funcs[1].len != 2 ||
	    strcmp(p->funcs[2].name, "cb") || p->funcs[2].start != 10 ||
	    p->maps_used_cnt != 2) {
		printf("FAIL open: prog %s/%s type %u funcs %u\n", p->section,
		       p->name, p->type, p->func_cnt);
		fails++;
	}
	bc_disasm_insn(p, p->insns, p->insn_cnt, 0, buf, sizeof(buf));
	if (strcmp(buf, "r1 = map[arr][0]+8 ll")) {
		printf("FAIL open: '%s'\n", buf);
		fails++;
	}
	bc_disasm_insn(p, p->insns, p->insn_cnt, 4, buf, sizeof(buf));
	if (strcmp(buf, "call pc+3 ; sub")) {
		printf("FAIL open: '%s'\n", buf);
		fails++;
	}
	bc_disasm_insn(p, p->insns, p->insn_cnt, 5, buf, sizeof(buf));
	if (strcmp(buf, "r2 = func[pc+4] ll ; cb")) {
		printf("FAIL open: '%s'\n", buf);
		fails++;
	}
	bc_object_free(obj);

	bc_err_init(&err);
	if (!bc_object_open_mem("bad.s", (const uint8_t *)"r0 = 0\nfoo\n", 11,
				&o, &obj, &err) ||
	    strcmp(err.msg, "bad.s: line 2: unknown mnemonic 'foo'")) {
		printf("FAIL open error: '%s'\n", err.msg);
		fails++;
	}
}

/*
 * Random instructions: whatever the bytes, the printed line reassembles
 * to them (bad encodings through ".raw").
 */
static void test_random(void)
{
	static const uint8_t codes[] = {
		0x07, 0x0f, 0x04, 0x0c, 0x37, 0x3f, 0x97, 0x9c, 0x87, 0x84,
		0xb7, 0xbf, 0xb4, 0xbc, 0xd4, 0xdc, 0xd7, 0xc7, 0x05, 0x06,
		0x15, 0x1d, 0x16, 0x45, 0xcd, 0x85, 0x8d, 0x95, 0x61, 0x69,
		0x71, 0x79, 0x81, 0x89, 0x91, 0x62, 0x7a, 0x63, 0x7b, 0xc3,
		0xdb, 0x18, 0x20, 0x28, 0x30, 0x40, 0x48, 0x50,
	};
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	struct bpf_insn in[2], *out;
	uint32_t cnt, i, bad = 0;
	struct bc_err err;
	char buf[256];
	int n;

	for (i = 0; i < 200000; i++) {
		uint64_t r;

		seed ^= seed << 13;
		seed ^= seed >> 7;
		seed ^= seed << 17;
		r = seed;
		memcpy(in, &r, 8);
		memset(&in[1], 0, 8);
		if (r & (1ull << 62)) {
			in[0].code = codes[(r >> 40) % sizeof(codes)];
			/* mostly valid small fields */
			if (r & (1ull << 61)) {
				in[0].off = (int16_t)((r >> 20) % 64) - 32;
				if (r & (1ull << 60))
					in[0].src_reg = 0;
				if (r & (1ull << 59))
					in[0].imm = (int32_t)(r >> 24) % 100;
			}
		}
		if (in[0].code == 0x18 && (r & 1))
			in[1].imm = (int32_t)(r >> 7);
		n = bc_disasm_insn(NULL, in, 2, 0, buf, sizeof(buf));
		bc_err_init(&err);
		out = NULL;
		if (bc_asm(buf, strlen(buf), &out, &cnt, &err) ||
		    cnt != (uint32_t)n || memcmp(out, in, n * 8)) {
			if (bad++ < 5) {
				printf("FAIL random: '%s' (%s): ", buf,
				       err.set ? err.msg : "bytes differ");
				dump(in, n);
			}
		}
		free(out);
	}
	if (bad) {
		printf("FAIL random: %u of %u did not round-trip\n", bad, i);
		fails++;
	}
}

/*
 * Mangled text: truncate and overwrite every line of the tables at every
 * position; the assembler must succeed or name line 1, never crash.
 */
static void test_mangled_one(const char *text)
{
	struct bpf_insn *out = NULL;
	struct bc_err err;
	uint32_t cnt;

	bc_err_init(&err);
	if (bc_asm(text, strlen(text), &out, &cnt, &err) &&
	    strncmp(err.msg, "line 1: ", 8) &&
	    strcmp(err.msg, "no instructions")) {
		printf("FAIL mangled '%s': message '%s'\n", text, err.msg);
		fails++;
	}
	free(out);
}

static void test_mangled(void)
{
	static const char subst[] = " ,()[]*+-#;:%rw0x9_=";
	const char *texts[BC_ARRAY_SIZE(dcases) + BC_ARRAY_SIZE(acases)];
	char buf[256];
	size_t i, j, k, n = 0;

	for (i = 0; i < BC_ARRAY_SIZE(dcases); i++)
		texts[n++] = dcases[i].text;
	for (i = 0; i < BC_ARRAY_SIZE(acases); i++)
		texts[n++] = acases[i].text;
	for (i = 0; i < n; i++) {
		size_t len = strlen(texts[i]);

		for (j = 0; j <= len; j++) {
			snprintf(buf, sizeof(buf), "%.*s", (int)j, texts[i]);
			test_mangled_one(buf);
			if (j == len)
				break;
			for (k = 0; k < sizeof(subst) - 1; k++) {
				snprintf(buf, sizeof(buf), "%s", texts[i]);
				buf[j] = subst[k];
				test_mangled_one(buf);
			}
		}
	}
}

/* llvm-objdump -d output (LLVM 14, -mcpu=v3) pastes in as it is. */
static void test_objdump(void)
{
	static const char text[] =
		"\n/tmp/x/at.o:\tfile format elf64-bpf\n\n"
		"Disassembly of section xdp:\n\n"
		"0000000000000000 <f>:\n"
		"       0:\tb7 04 00 00 03 00 00 00\tr4 = 3\n"
		"       1:\t18 03 00 00 00 00 00 00 00 00 00 00 00 00 00 00\tr3 = 0 ll\n"
		"       3:\tdb 43 00 00 01 00 00 00\tr4 = atomic_fetch_add((u64 *)(r3 + 0), r4)\n"
		"       5:\tdb 23 00 00 40 00 00 00\tlock *(u64 *)(r3 + 0) |= r2\n"
		"       7:\tdb 23 00 00 e1 00 00 00\tr2 = xchg_64(r3 + 0, r2)\n"
		"      10:\tdb 53 00 00 f1 00 00 00\tr0 = cmpxchg_64(r3 + 0, r0, r5)\n"
		"      11:\tc3 56 00 00 e1 00 00 00\tw5 = xchg32_32(r6 + 0, w5)\n"
		"      12:\t2d 23 01 00 00 00 00 00\tif r3 > r2 goto +1 <LBB0_3>\n"
		"      13:\t61 12 04 00 00 00 00 00\tr2 = *(u32 *)(r1 + 4)\n"
		"\n0000000000000078 <LBB0_3>:\n"
		"      14:\t95 00 00 00 00 00 00 00\texit\n";
	static const uint8_t want[] = {
		0xb7, 0x04, 0, 0, 3,	0,    0, 0, 0x18, 0x03, 0, 0,
		0,    0,    0, 0, 0,	0,    0, 0, 0,	  0,	0, 0,
		0xdb, 0x43, 0, 0, 0x01, 0,    0, 0, 0xdb, 0x23, 0, 0,
		0x40, 0,    0, 0, 0xdb, 0x23, 0, 0, 0xe1, 0,	0, 0,
		0xdb, 0x53, 0, 0, 0xf1, 0,    0, 0, 0xc3, 0x56, 0, 0,
		0xe1, 0,    0, 0, 0x2d, 0x23, 1, 0, 0,	  0,	0, 0,
		0x61, 0x12, 4, 0, 0,	0,    0, 0, 0x95, 0,	0, 0,
		0,    0,    0, 0,
	};
	struct bpf_insn *out = NULL;
	uint32_t cnt = 0;
	struct bc_err err;

	bc_err_init(&err);
	if (bc_asm(text, strlen(text), &out, &cnt, &err)) {
		printf("FAIL objdump text: %s\n", err.msg);
		fails++;
		return;
	}
	if (cnt * 8 != sizeof(want) || memcmp(out, want, sizeof(want))) {
		printf("FAIL objdump text: got ");
		dump(out, cnt);
		fails++;
	}
	free(out);
}

/*
 * A kfunc whose name is also a function's or a helper's (a fuzzer's
 * finding): printed "call kfunc NAME", it reads back as the same kfunc.
 */
static void test_kfunc_name_taken(void)
{
	static const char text[] = "call kfunc f\n"
				   "call kfunc map_lookup_elem\n"
				   "call g\n"
				   "exit\n"
				   ".func f\n"
				   "r0 = 0\n"
				   "exit\n";
	static const char *const want[] = { "call kfunc f",
					    "call kfunc map_lookup_elem",
					    "call g" };
	struct bc_open_opts o = { .kind = BC_INPUT_ASM };
	struct bc_object *obj = NULL;
	struct bc_err err;
	char buf[128];

	bc_err_init(&err);
	if (bc_object_open_mem("k.s", (const uint8_t *)text, strlen(text), &o,
			       &obj, &err)) {
		printf("FAIL kfunc name taken: %s\n", err.msg);
		fails++;
		return;
	}
	for (uint32_t i = 0; i < BC_ARRAY_SIZE(want); i++) {
		const struct bc_prog *p = &obj->progs[0];

		bc_disasm_insn(p, p->insns, p->insn_cnt, i, buf, sizeof(buf));
		if (!bc_is_kfunc_call(&p->insns[i]) || strcmp(buf, want[i])) {
			printf("FAIL kfunc name taken: insn %u '%s'\n", i, buf);
			fails++;
		}
	}
	bc_object_free(obj);
}

int main(void)
{
	size_t i;

	for (i = 0; i < BC_ARRAY_SIZE(dcases); i++)
		test_dcase(&dcases[i]);
	for (i = 0; i < BC_ARRAY_SIZE(acases); i++)
		test_acase(&acases[i]);
	for (i = 0; i < BC_ARRAY_SIZE(pcases); i++)
		test_pcase(&pcases[i]);
	test_open();
	test_kfunc_name_taken();
	test_random();
	test_mangled();
	test_objdump();
	printf("%zu disasm, %zu asm, %zu program cases; %d failed\n",
	       BC_ARRAY_SIZE(dcases), BC_ARRAY_SIZE(acases),
	       BC_ARRAY_SIZE(pcases), fails);
	return fails != 0;
}
