// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * libFuzzer harness for the assembler and disassembler: assemble the input
 * text; if that succeeds, disassemble and reassemble and require the same
 * bytes, twice over:
 *   - per instruction: bc_disasm_insn (no program, maps by index) and bc_asm;
 *   - per object: bc_asm_open, bc_disasm_prog (with .type/.map/.init
 *     directives and labels), bc_asm_open again; same instructions, type
 *     and attach type.
 * A mismatch or a failure to read back the disassembler's output aborts
 * (a finding).
 */
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "common.h"
#include "asm/disasm.h"
#include "isa/insn.h"

static void dump(const char *what, const char *text, size_t len)
{
	fprintf(stderr, "---- %s ----\n%.*s\n----\n", what,
		(int)BC_MIN(len, 8000u), text);
}

static void cmp_insns(const struct bpf_insn *a, uint32_t na,
		      const struct bpf_insn *b, uint32_t nb, const char *text,
		      size_t len, const char *what)
{
	uint32_t i;

	if (na == nb && !memcmp(a, b, na * sizeof(*a)))
		return;
	dump("disassembly", text, len);
	if (na != nb)
		bcf_fail("%s: %u instructions, %u after the round trip", what,
			 na, nb);
	for (i = 0; i < na && !memcmp(&a[i], &b[i], sizeof(*a)); i++)
		;
	bcf_fail("%s: insn %u differs after the round trip: %02x %x %x %d %d"
		 " became %02x %x %x %d %d",
		 what, i, a[i].code, a[i].dst_reg, a[i].src_reg, a[i].off,
		 a[i].imm, b[i].code, b[i].dst_reg, b[i].src_reg, b[i].off,
		 b[i].imm);
}

/* Round trip through bc_disasm_insn without a program. */
static void insn_round_trip(const struct bpf_insn *insns, uint32_t cnt)
{
	struct bpf_insn *again = NULL;
	uint32_t pc, n = 0;
	char buf[256];
	char *text = NULL;
	size_t len = 0;
	struct bc_err err;
	FILE *f;

	f = open_memstream(&text, &len);
	if (!f)
		bcf_fail("open_memstream");
	for (pc = 0; pc < cnt;) {
		int k = bc_disasm_insn(NULL, insns, cnt, pc, buf, sizeof(buf));

		fprintf(f, "%s\n", buf);
		pc += k;
	}
	fclose(f);
	bc_err_init(&err);
	if (bc_asm(text, len, &again, &n, &err)) {
		dump("disassembly", text, len);
		bcf_fail("bc_asm rejects bc_disasm_insn output: %s", err.msg);
	}
	cmp_insns(insns, cnt, again, n, text, len, "bc_disasm_insn");
	free(again);
	free(text);
}

static struct bc_object *open_asm(const char *text, size_t len,
				  struct bc_err *err)
{
	struct bc_open_opts oo = { .kind = BC_INPUT_ASM };
	struct bc_object *obj = NULL;

	bc_err_init(err);
	if (bc_object_open_mem("fuzz.s", (const uint8_t *)text, len, &oo, &obj,
			       err))
		return NULL;
	return obj;
}

static bool map_ref(const struct bpf_insn *in)
{
	return bc_is_lddw(in) && (in->src_reg == BPF_PSEUDO_MAP_IDX ||
				  in->src_reg == BPF_PSEUDO_MAP_IDX_VALUE);
}

/* Initial contents, a missing byte reading as zero. */
static bool init_byte_eq(const struct bc_map *x, const struct bc_map *y)
{
	uint32_t i, n = BC_MAX(x->init ? x->init_size : 0,
			       y->init ? y->init_size : 0);

	for (i = 0; i < n; i++) {
		uint8_t u = x->init && i < x->init_size ? x->init[i] : 0;
		uint8_t v = y->init && i < y->init_size ? y->init[i] : 0;

		if (u != v)
			return false;
	}
	return true;
}

static bool same_map(const struct bc_map *x, const struct bc_map *y)
{
	return !strcmp(x->name, y->name) && x->type == y->type &&
	       x->key_size == y->key_size && x->value_size == y->value_size &&
	       x->max_entries == y->max_entries &&
	       x->map_flags == y->map_flags && init_byte_eq(x, y);
}

/*
 * bc_disasm_prog declares only the maps a program uses, so map indices may
 * be renumbered: a reference is the same when it names an equal map. Such
 * lddws get pb's index rewritten to pa's, so cmp_insns sees the rest.
 */
static void same_maps(const struct bc_prog *pa, struct bc_prog *pb,
		      const char *text, size_t len)
{
	const struct bc_object *a = pa->obj, *b = pb->obj;
	uint32_t i, n = BC_MIN(pa->insn_cnt, pb->insn_cnt);

	for (i = 0; i + 1 < n; i++) {
		struct bpf_insn *x = &pa->insns[i], *y = &pb->insns[i];

		if (!map_ref(x) || !map_ref(y) || x->imm < 0 ||
		    (uint32_t)x->imm >= a->map_cnt ||
		    !bc_disasm_map_named(&a->maps[x->imm]))
			continue;
		if (y->imm < 0 || (uint32_t)y->imm >= b->map_cnt ||
		    !same_map(&a->maps[x->imm], &b->maps[y->imm])) {
			dump("disassembly", text, len);
			bcf_fail(
				"insn %u: map %s does not survive the round trip",
				i, a->maps[x->imm].name);
		}
		y->imm = x->imm;
		i++;
	}
}

/*
 * A kfunc call indexes its object's kernel symbols, numbered in the order
 * the assembler met them: the same kfunc, by name, must survive (one
 * written by its index alone, "call kfunc#N", keeps its index).
 */
static void same_kfuncs(const struct bc_object *oa, const struct bc_prog *a,
			const struct bc_object *ob, struct bc_prog *b,
			const char *text, size_t len)
{
	for (uint32_t i = 0; i < a->insn_cnt && i < b->insn_cnt; i++) {
		const struct bpf_insn *x = &a->insns[i];
		struct bpf_insn *y = &b->insns[i];
		const char *nx, *ny;

		if (!bc_is_kfunc_call(x) || !bc_is_kfunc_call(y))
			continue;
		nx = bc_object_ksym_name(oa, x->imm);
		ny = bc_object_ksym_name(ob, y->imm);
		if (!nx && !ny && x->imm == y->imm) /* "call kfunc#N" */
			continue;
		if (!nx || !ny || strcmp(nx, ny)) {
			dump("disassembly", text, len);
			bcf_fail("insn %u: kfunc %s became %s", i,
				 nx ? nx : "?", ny ? ny : "?");
		}
		y->imm = x->imm;
	}
}

/* Round trip through bc_asm_open and bc_disasm_prog. */
static void prog_round_trip(const uint8_t *data, size_t size)
{
	struct bc_object *a, *b;
	struct bc_prog *pa, *pb;
	char *text = NULL;
	size_t len = 0;
	struct bc_err err;
	FILE *f;

	a = open_asm((const char *)data, size, &err);
	if (!a) {
		bcf_check_err(&err, "bc_asm_open");
		return;
	}
	if (a->prog_cnt != 1)
		bcf_fail("bc_asm_open made %u programs", a->prog_cnt);
	pa = &a->progs[0];
	f = open_memstream(&text, &len);
	if (!f)
		bcf_fail("open_memstream");
	bc_disasm_prog(f, pa, 0);
	fclose(f);
	b = open_asm(text, len, &err);
	if (!b) {
		dump("disassembly", text, len);
		bcf_fail("bc_asm_open rejects bc_disasm_prog output: %s",
			 err.msg);
	}
	pb = &b->progs[0];
	same_maps(pa, pb, text, len);
	same_kfuncs(a, pa, b, pb, text, len);
	cmp_insns(pa->insns, pa->insn_cnt, pb->insns, pb->insn_cnt, text, len,
		  "bc_disasm_prog");
	if (pa->type != pb->type ||
	    pa->attach_type_set != pb->attach_type_set ||
	    (pa->attach_type_set && pa->attach_type != pb->attach_type)) {
		dump("disassembly", text, len);
		bcf_fail(
			"program type %u attach %u%s became type %u attach %u%s",
			pa->type, pa->attach_type,
			pa->attach_type_set ? "" : " (unset)", pb->type,
			pb->attach_type, pb->attach_type_set ? "" : " (unset)");
	}
	bc_object_free(b);
	bc_object_free(a);
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bpf_insn *insns = NULL;
	uint32_t cnt = 0;
	struct bc_err err;

	bc_err_init(&err);
	if (bc_asm((const char *)data, size, &insns, &cnt, &err)) {
		bcf_check_err(&err, "bc_asm");
	} else {
		insn_round_trip(insns, cnt);
		free(insns);
	}
	prog_round_trip(data, size);
	return 0;
}
