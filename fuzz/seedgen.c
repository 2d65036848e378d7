// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Seed corpora for the asm and raw harnesses.
 *
 * usage: fuzz_seedgen RAW_DIR ASM_DIR FILE...
 * FILE is an ELF object (each program is written as a raw seed and as its
 * disassembly) or a bpf_conformance .data test (its "-- asm" section is
 * written as an asm seed and, assembled, as a raw seed in memory mode).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "common.h"
#include "asm/disasm.h"
#include "load/load.h"

static const char *base(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

static void write_file(const char *dir, const char *name, unsigned n,
		       const char *ext, const void *a, size_t alen,
		       const void *b, size_t blen)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s.%u%s", dir, name, n, ext);
	f = fopen(path, "wb");
	if (!f || fwrite(a, 1, alen, f) != alen ||
	    (blen && fwrite(b, 1, blen, f) != blen) || fclose(f)) {
		fprintf(stderr, "fuzz_seedgen: cannot write %s: %s\n", path,
			strerror(errno));
		exit(1);
	}
}

static void raw_seed(const char *dir, const char *name, unsigned n,
		     const struct bpf_insn *insns, uint32_t cnt, uint32_t type,
		     int mem_mode)
{
	uint8_t hdr[BCF_HDR];

	if (cnt > BCF_RAW_MAX_INSNS)
		cnt = BCF_RAW_MAX_INSNS;
	bcf_raw_header(hdr, type, mem_mode);
	write_file(dir, name, n, ".raw", hdr, sizeof(hdr), insns,
		   cnt * sizeof(*insns));
}

static void from_elf(const char *raw, const char *as, const char *path)
{
	struct bc_object *obj;
	struct bc_err err;
	uint32_t i;

	bc_err_init(&err);
	if (bc_object_open(path, NULL, &obj, &err)) {
		fprintf(stderr, "fuzz_seedgen: skipping %s\n", err.msg);
		return;
	}
	for (i = 0; i < obj->prog_cnt; i++) {
		struct bc_prog *p = &obj->progs[i];
		char *text = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&text, &len);

		raw_seed(raw, base(path), i, p->insns, p->insn_cnt, p->type, 0);
		bc_disasm_prog(f, p, i & 1 ? BC_DISASM_LINES : 0);
		fclose(f);
		write_file(as, base(path), i, ".s", text, len, NULL, 0);
		free(text);
	}
	bc_object_free(obj);
}

/* The "-- asm" section of a bpf_conformance test. */
static void from_conformance(const char *raw, const char *as, const char *path)
{
	struct bpf_insn *insns;
	uint8_t *data;
	size_t len;
	uint32_t cnt;
	struct bc_err err;
	char *text, *start, *end;

	bc_err_init(&err);
	if (bc_read_file(path, &data, &len, &err)) {
		fprintf(stderr, "fuzz_seedgen: %s\n", err.msg);
		exit(1);
	}
	text = bc_xstrndup((const char *)data, len);
	free(data);
	start = strstr(text, "-- asm");
	if (!start) {
		free(text);
		return;
	}
	start = strchr(start, '\n');
	start = start ? start + 1 : text + strlen(text);
	end = strstr(start, "\n--");
	if (end)
		end[1] = '\0';
	write_file(as, base(path), 0, ".s", start, strlen(start), NULL, 0);
	if (!bc_asm(start, strlen(start), &insns, &cnt, &err)) {
		raw_seed(raw, base(path), 0, insns, cnt,
			 BPF_PROG_TYPE_SOCKET_FILTER, 1);
		free(insns);
	}
	free(text);
}

int main(int argc, char **argv)
{
	int i;

	if (argc < 3) {
		fprintf(stderr,
			"usage: fuzz_seedgen RAW_DIR ASM_DIR FILE...\n");
		return 2;
	}
	for (i = 3; i < argc; i++) {
		size_t n = strlen(argv[i]);

		if (n > 5 && !strcmp(argv[i] + n - 5, ".data"))
			from_conformance(argv[1], argv[2], argv[i]);
		else
			from_elf(argv[1], argv[2], argv[i]);
	}
	return 0;
}
