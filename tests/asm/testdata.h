/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Reader for bpf_conformance .data files: sections start with "-- NAME"
 * ("asm", "raw", "mem", "result", "error", "no register offset"...).
 * "-- raw" holds instructions as 64-bit hex words ("0x5566778800000018")
 * or as 8 hex bytes per line ("07 00 01 00 01 00 00 00").
 */
#ifndef TESTDATA_H
#define TESTDATA_H

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/bpf.h>

struct td_file {
	char *asm_text; /* NULL if no -- asm */
	struct bpf_insn *raw; /* NULL if no -- raw */
	uint32_t raw_cnt;
	char *error; /* -- error text, or a reader error */
	bool has_error;
	char *unknown; /* first section name we do not know */
};

static const char *const td_known[] = {
	"asm",	  "raw", "mem", "result", "error", "no register offset",
	"no jit", "c",
};

static char *td_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc(n + 1);
	if (fread(buf, 1, n, f) != (size_t)n)
		n = 0;
	buf[n] = '\0';
	fclose(f);
	*len = n;
	return buf;
}

static void td_append(char **s, const char *line)
{
	size_t a = *s ? strlen(*s) : 0, b = strlen(line);

	*s = realloc(*s, a + b + 2);
	memcpy(*s + a, line, b);
	(*s)[a + b] = '\n';
	(*s)[a + b + 1] = '\0';
}

static int td_raw_line(struct td_file *t, const char *line)
{
	struct bpf_insn in;
	uint8_t b[8];
	const char *s = line;
	int i;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s || *s == '#')
		return 0;
	if (s[0] == '0' && s[1] == 'x') {
		unsigned long long v = strtoull(s, NULL, 16);

		for (i = 0; i < 8; i++)
			b[i] = (uint8_t)(v >> (8 * i));
	} else {
		for (i = 0; i < 8; i++) {
			unsigned x;

			if (sscanf(s, "%2x", &x) != 1)
				return -1;
			b[i] = (uint8_t)x;
			s += 2;
			while (*s == ' ')
				s++;
		}
	}
	memcpy(&in, b, 8);
	t->raw = realloc(t->raw, (t->raw_cnt + 1) * sizeof(in));
	t->raw[t->raw_cnt++] = in;
	return 0;
}

static int td_load(const char *path, struct td_file *t)
{
	char *data, *line, *save = NULL, sec[64] = "";
	size_t len, i;

	memset(t, 0, sizeof(*t));
	data = td_slurp(path, &len);
	if (!data) {
		t->error = strdup("cannot read file");
		return -1;
	}
	for (line = strtok_r(data, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "-- ", 3)) {
			snprintf(sec, sizeof(sec), "%s", line + 3);
			for (i = 0; i < sizeof(td_known) / sizeof(*td_known);
			     i++)
				if (!strcmp(sec, td_known[i]))
					break;
			if (i == sizeof(td_known) / sizeof(*td_known) &&
			    !t->unknown)
				t->unknown = strdup(sec);
			if (!strcmp(sec, "asm") && !t->asm_text)
				t->asm_text = strdup("");
			if (!strcmp(sec, "error"))
				t->has_error = true;
			continue;
		}
		if (!strcmp(sec, "asm"))
			td_append(&t->asm_text, line);
		else if (!strcmp(sec, "raw") && td_raw_line(t, line)) {
			t->error = strdup("bad -- raw line");
			free(data);
			return -1;
		} else if (!strcmp(sec, "error") && !t->error)
			td_append(&t->error, line);
	}
	free(data);
	return 0;
}

static void td_free(struct td_file *t)
{
	free(t->asm_text);
	free(t->raw);
	free(t->error);
	free(t->unknown);
}

#endif
