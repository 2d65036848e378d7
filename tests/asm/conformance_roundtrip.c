// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Round trip over the bpf_conformance suite: for every tests/NAME.data file,
 * assemble "-- asm", disassemble, reassemble: identical bytes; where
 * "-- raw" is given the bytes must match it. The same again through the
 * whole-program printer (bc_disasm_prog) and bc_asm_open.
 *
 * usage: conformance_roundtrip DIR   (DIR holds tests/ and negative/)
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "asm/disasm.h"
#include "isa/insn.h"
#include "testdata.h"
#include "load/load.h"

/* Disassemble insns to text (one line each), as bc_disasm_prog would. */
static char *disasm_text(const struct bpf_insn *insns, uint32_t cnt)
{
	size_t cap = 64 * (size_t)cnt + 1, len = 0;
	char *out = malloc(cap), buf[256];
	uint32_t i;
	int n;

	out[0] = '\0';
	for (i = 0; i < cnt; i += n) {
		n = bc_disasm_insn(NULL, insns, cnt, i, buf, sizeof(buf));
		len += snprintf(out + len, cap - len, "%s\n", buf);
	}
	return out;
}

/*
 * The whole-program form: open the text as an object, print it with
 * bc_disasm_prog (indices, opcodes, function labels), open that again:
 * same instructions and the same functions.
 */
static int prog_roundtrip(const char *path, const char *text)
{
	struct bc_open_opts o = { .kind = BC_INPUT_ASM };
	struct bc_object *a = NULL, *b = NULL;
	struct bc_prog *pa, *pb;
	char *out = NULL;
	size_t len = 0;
	struct bc_err err;
	uint32_t i;
	int bad = 0;
	FILE *f;

	bc_err_init(&err);
	if (bc_object_open_mem("t.s", (const uint8_t *)text, strlen(text), &o,
			       &a, &err)) {
		printf("FAIL %s: open: %s\n", path, err.msg);
		return 1;
	}
	f = open_memstream(&out, &len);
	bc_disasm_prog(f, &a->progs[0], BC_DISASM_LINES);
	fclose(f);
	bc_err_init(&err);
	if (bc_object_open_mem("t.s", (const uint8_t *)out, len, &o, &b,
			       &err)) {
		printf("FAIL %s: reopen: %s\n--- text:\n%s", path, err.msg,
		       out);
		bad = 1;
		goto done;
	}
	pa = &a->progs[0];
	pb = &b->progs[0];
	bad = pa->insn_cnt != pb->insn_cnt ||
	      memcmp(pa->insns, pb->insns, pa->insn_cnt * sizeof(*pa->insns)) ||
	      pa->func_cnt != pb->func_cnt;
	for (i = 0; !bad && i < pa->func_cnt; i++)
		bad = pa->funcs[i].start != pb->funcs[i].start ||
		      strcmp(pa->funcs[i].name, pb->funcs[i].name);
	if (bad)
		printf("FAIL %s: program print does not read back\n--- text:\n%s",
		       path, out);
done:
	bc_object_free(a);
	bc_object_free(b);
	free(out);
	return bad;
}

static int roundtrip(const char *path, struct td_file *t)
{
	struct bpf_insn *a = NULL, *b = NULL;
	uint32_t na = 0, nb = 0;
	struct bc_err err;
	char *text = NULL;
	int bad = 0;

	bc_err_init(&err);
	if (bc_asm(t->asm_text, strlen(t->asm_text), &a, &na, &err)) {
		printf("FAIL %s: assemble: %s\n", path, err.msg);
		return 1;
	}
	text = disasm_text(a, na);
	bc_err_init(&err);
	if (bc_asm(text, strlen(text), &b, &nb, &err)) {
		printf("FAIL %s: reassemble: %s\n--- text:\n%s", path, err.msg,
		       text);
		bad = 1;
	} else if (na != nb || memcmp(a, b, na * sizeof(*a))) {
		uint32_t i;

		printf("FAIL %s: reassembled bytes differ\n--- text:\n%s", path,
		       text);
		for (i = 0; i < na && i < nb; i++)
			if (memcmp(&a[i], &b[i], sizeof(*a)))
				printf("first difference at insn %u: %016llx vs %016llx\n",
				       i, *(unsigned long long *)&a[i],
				       *(unsigned long long *)&b[i]);
		bad = 1;
	} else if (t->raw &&
		   (t->raw_cnt != na || memcmp(t->raw, a, na * sizeof(*a)))) {
		printf("FAIL %s: bytes differ from -- raw\n", path);
		bad = 1;
	}
	free(a);
	free(b);
	free(text);
	return bad || prog_roundtrip(path, t->asm_text);
}

int main(int argc, char **argv)
{
	char dir[4096], path[8192];
	struct dirent **ents;
	int n, i, total = 0, ok = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: %s CONFORMANCE_DIR\n", argv[0]);
		return 2;
	}
	snprintf(dir, sizeof(dir), "%s/tests", argv[1]);
	n = scandir(dir, &ents, NULL, alphasort);
	if (n < 0) {
		printf("SKIP: no conformance suite at %s\n", dir);
		return 77;
	}
	for (i = 0; i < n; i++) {
		struct td_file t;
		size_t l = strlen(ents[i]->d_name);

		if (l < 5 || strcmp(ents[i]->d_name + l - 5, ".data")) {
			free(ents[i]);
			continue;
		}
		snprintf(path, sizeof(path), "%s/%s", dir, ents[i]->d_name);
		free(ents[i]);
		total++;
		if (td_load(path, &t)) {
			printf("FAIL %s: %s\n", path, t.error);
		} else if (!t.asm_text) {
			printf("FAIL %s: no -- asm section\n", path);
		} else if (!roundtrip(path, &t)) {
			ok++;
		}
		td_free(&t);
	}
	free(ents);
	printf("%d of %d round-tripped\n", ok, total);
	return ok == total && total > 0 ? 0 : 1;
}
