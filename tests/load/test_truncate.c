// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Robustness of the ELF loader: every prefix of real objects, and objects
 * with corrupted bytes (each byte inverted, ELF and section headers,
 * random positions),
 * must load or fail with a one-line message. Run under ASan+UBSan too.
 * Usage: test_truncate [OBJ...] (default: one object of each kind)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load/load.h"
#include "prog/prog.h"

static int failures;
static long ok_cnt, err_cnt;

/* What later stages rely on, even for objects made from corrupted input. */
static const char *invariant(const struct bc_object *o)
{
	uint32_t i, j, k;

	for (i = 0; i < o->map_cnt; i++)
		if (o->maps[i].inner_map >= (int32_t)o->map_cnt ||
		    !o->maps[i].name)
			return "bad map";
	for (i = 0; i < o->prog_cnt; i++) {
		const struct bc_prog *p = &o->progs[i];

		if (!p->insn_cnt || !p->func_cnt || !p->name || !p->section)
			return "empty program";
		for (j = 0; j < p->maps_used_cnt; j++)
			if (p->maps_used[j] >= o->map_cnt)
				return "maps_used out of range";
		for (j = 0; j < p->insn_cnt; j++) {
			const struct bpf_insn *in = &p->insns[j];
			int64_t t = (int64_t)j + in->imm + 1;

			if (!(in->code == (BPF_JMP | BPF_CALL) &&
			      in->src_reg == BPF_PSEUDO_CALL) &&
			    !(in->code == (BPF_LD | BPF_IMM | BPF_DW) &&
			      in->src_reg == BPF_PSEUDO_FUNC))
				continue;
			for (k = 0; k < p->func_cnt; k++)
				if (p->funcs[k].start == t)
					break;
			if (k == p->func_cnt)
				return "call target is not a function start";
		}
	}
	return NULL;
}

static void try_load(const char *what, const uint8_t *d, size_t len)
{
	struct bc_open_opts opts = { .kind = BC_INPUT_ELF };
	struct bc_object *o = NULL;
	struct bc_err err;
	int r;

	bc_err_init(&err);
	r = bc_object_open_mem("t.o", d, len, &opts, &o, &err);
	if (!r) {
		const char *bad = invariant(o);

		if (bad) {
			fprintf(stderr, "%s (len %zu): loaded, but %s\n", what,
				len, bad);
			failures++;
		}
		ok_cnt++;
		bc_object_free(o);
		return;
	}
	err_cnt++;
	if (r > 0 || !err.set || !err.msg[0] || strchr(err.msg, '\n')) {
		fprintf(stderr, "%s (len %zu): bad error r=%d msg='%s'\n", what,
			len, r, err.msg);
		failures++;
	}
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)rng;
}

static void corrupt(const char *path, const uint8_t *d, size_t len)
{
	uint8_t *c = malloc(len);
	uint64_t shoff;
	size_t i, k;

	memcpy(&shoff, d + 0x28, 8);
	/* every byte of the ELF header, three ways */
	for (i = 0; i < 64 && i < len; i++) {
		static const uint8_t vals[] = { 0x00, 0xff, 0x80 };

		for (k = 0; k < 3; k++) {
			memcpy(c, d, len);
			c[i] = i < 4 ? c[i] ^ 0x01 : vals[k];
			try_load(path, c, len);
		}
	}
	/* every byte of the file, inverted */
	for (i = 0; i < len; i++) {
		memcpy(c, d, len);
		c[i] ^= 0xff;
		try_load(path, c, len);
	}
	/* every byte of the section header table, nudged */
	for (i = shoff; i < len; i++) {
		memcpy(c, d, len);
		c[i] += 1 + next() % 8;
		try_load(path, c, len);
	}
	/* random bytes anywhere, 1-4 at a time */
	for (i = 0; i < 4000; i++) {
		memcpy(c, d, len);
		for (k = 0; k <= next() % 4; k++)
			c[next() % len] = next();
		try_load(path, c, len);
	}
	free(c);
}

static const char *defaults[] = {
	LOAD_OBJDIR "/subprogs.O2.o",	 LOAD_OBJDIR "/btf_maps.O2.o",
	LOAD_OBJDIR "/legacy_maps.O2.o", LOAD_OBJDIR "/iproute2_maps.O2.o",
	LOAD_OBJDIR "/global_data.O3.o", LOAD_OBJDIR "/kconfig.O2.o",
	LOAD_OBJDIR "/samesec.O2.o",
};

int main(int argc, char **argv)
{
	const char *const *files = (const char *const *)argv + 1;
	int a, nfiles = argc - 1;

	if (argc < 2) {
		files = defaults;
		nfiles = sizeof(defaults) / sizeof(defaults[0]);
	}
	for (a = 0; a < nfiles; a++) {
		struct bc_err err;
		uint8_t *d;
		size_t len, n;

		bc_err_init(&err);
		if (bc_read_file(files[a], &d, &len, &err)) {
			fprintf(stderr, "%s\n", err.msg);
			return 1;
		}
		for (n = 0; n <= len; n++) {
			uint8_t *copy = malloc(n ? n : 1);

			/* exact-size copy so ASan sees any over-read */
			memcpy(copy, d, n);
			try_load(files[a], copy, n);
			free(copy);
		}
		if (len > 64)
			corrupt(files[a], d, len);
		free(d);
	}
	printf("%ld loads succeeded, %ld failed cleanly, %d bad\n", ok_cnt,
	       err_cnt, failures);
	return failures ? 1 : 0;
}
