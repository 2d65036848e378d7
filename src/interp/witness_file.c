// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The witness file (witness.h): text, one key a line, a block a program. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "interp/witness.h"

static void put_hex(FILE *f, const uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%02x", b[i]);
}

void bc_witness_write(FILE *f, const struct bc_object *obj,
		      const struct bc_witness *w,
		      const struct bc_witness_fault *fault,
		      const char *verifier_msg)
{
	fprintf(f, "# bpfcheck witness: `bpfcheck run --replay FILE OBJECT` "
		   "runs it\n");
	if (verifier_msg)
		fprintf(f, "# the verifier: %s\n", verifier_msg);
	fprintf(f, "program %s\n", w->prog);
	if (fault && fault->msg[0])
		fprintf(f, "fault %s\n", fault->msg);
	if (w->packet_len) {
		fprintf(f, "# %zu bytes\npacket ", w->packet_len);
		put_hex(f, w->packet, w->packet_len);
		fputc('\n', f);
	}
	if (w->ctx) {
		fputs("ctx ", f);
		put_hex(f, w->ctx, w->ctx_len);
		fputc('\n', f);
	}
	for (size_t i = 0; i < w->ent_cnt; i++) {
		const struct bc_map *m = &obj->maps[w->ents[i].map];

		fprintf(f, "map %s ", m->name);
		put_hex(f, w->ents[i].key, m->key_size);
		fputc(' ', f);
		put_hex(f, w->ents[i].val, m->value_size);
		fputc('\n', f);
	}
	fprintf(f, "seed %llu\n", (unsigned long long)w->seed);
	if (w->prandom_cnt) {
		fputs("prandom", f);
		for (uint32_t i = 0; i < w->prandom_cnt; i++)
			fprintf(f, " %u", w->prandom[i]);
		fputc('\n', f);
	}
	if (w->ringbuf_full)
		fputs("ringbuf-full\n", f);
	if (w->stack_init)
		fputs("stack-init\n", f);
}

/* HEX (exactly n bytes when n is not 0) into *out; false when not hex. */
static bool get_hex(const char *s, size_t n, uint8_t **out, size_t *len)
{
	if (bc_hex_decode(s, "", out, len))
		return false;
	if (n && *len != n) {
		free(*out);
		*out = NULL;
		return false;
	}
	return true;
}

/* "map NAME KEYHEX VALUEHEX" into w. */
static int parse_map(char *arg, const struct bc_object *obj,
		     struct bc_witness *w, struct bc_err *err, unsigned line)
{
	char *key = strchr(arg, ' '), *val;
	uint8_t *k = NULL, *v = NULL;
	size_t kn, vn;
	uint32_t i;

	val = key ? strchr(key + 1, ' ') : NULL;
	if (!val)
		return bc_errf(err, -1, EINVAL,
			       "line %u: map takes NAME KEYHEX VALUEHEX", line);
	*key++ = 0;
	*val++ = 0;
	for (i = 0; i < obj->map_cnt && strcmp(obj->maps[i].name, arg); i++)
		;
	if (i == obj->map_cnt)
		return bc_errf(err, -1, EINVAL, "line %u: no map named '%s'",
			       line, arg);
	if (!get_hex(key, obj->maps[i].key_size, &k, &kn) ||
	    !get_hex(val, obj->maps[i].value_size, &v, &vn)) {
		free(k);
		return bc_errf(
			err, -1, EINVAL,
			"line %u: map '%s' takes a key of %u and a value "
			"of %u bytes, in hex",
			line, arg, obj->maps[i].key_size,
			obj->maps[i].value_size);
	}
	bc_witness_add_entry(w, obj, i, k, v);
	free(k);
	free(v);
	return 0;
}

/* "prandom V V ..." into w. */
static int parse_prandom(const char *arg, struct bc_witness *w,
			 struct bc_err *err, unsigned line)
{
	char *end;

	w->prandom_cnt = 0;
	while (*arg) {
		unsigned long long v;

		errno = 0;
		v = strtoull(arg, &end, 0);
		if (end == arg || errno || v > UINT32_MAX ||
		    w->prandom_cnt == BC_WITNESS_PRANDOM)
			return bc_errf(
				err, -1, EINVAL,
				"line %u: prandom takes up to %d numbers "
				"below 2^32",
				line, BC_WITNESS_PRANDOM);
		w->prandom[w->prandom_cnt++] = (uint32_t)v;
		arg = end;
		while (*arg == ' ')
			arg++;
	}
	return 0;
}

/* One "KEY VALUE" line of the chosen block into w. */
static int parse_line(char *key, char *arg, const struct bc_object *obj,
		      struct bc_witness *w, struct bc_err *err, unsigned line)
{
	char *end;

	if (!strcmp(key, "packet") || !strcmp(key, "ctx")) {
		bool pkt = key[0] == 'p';

		free(pkt ? w->packet : w->ctx);
		if (!get_hex(arg, 0, pkt ? &w->packet : &w->ctx,
			     pkt ? &w->packet_len : &w->ctx_len))
			return bc_errf(err, -1, EINVAL,
				       "line %u: %s takes hex bytes", line,
				       key);
		return 0;
	}
	if (!strcmp(key, "map"))
		return parse_map(arg, obj, w, err, line);
	if (!strcmp(key, "seed")) {
		errno = 0;
		w->seed = strtoull(arg, &end, 0);
		if (end == arg || *end || errno)
			return bc_errf(err, -1, EINVAL,
				       "line %u: seed takes a number", line);
		return 0;
	}
	if (!strcmp(key, "prandom"))
		return parse_prandom(arg, w, err, line);
	if (!strcmp(key, "ringbuf-full") || !strcmp(key, "stack-init")) {
		*(key[0] == 'r' ? &w->ringbuf_full : &w->stack_init) = true;
		return 0;
	}
	if (!strcmp(key, "fault"))
		return 0;
	return bc_errf(err, -1, EINVAL,
		       "line %u: unknown key '%s' (program, packet, ctx, map, "
		       "seed, prandom, ringbuf-full, stack-init, fault)",
		       line, key);
}

/* The next line of *text into buf (trailing blanks cut); false at end. */
static bool next_line(const char **text, char *buf, size_t len)
{
	size_t n = strcspn(*text, "\n");
	const char *s = *text;

	if (!*s)
		return false;
	*text += n + (s[n] == '\n');
	if (n >= len)
		n = len - 1;
	memcpy(buf, s, n);
	while (n && isspace((unsigned char)buf[n - 1]))
		n--;
	buf[n] = 0;
	return true;
}

int bc_witness_parse(const char *text, const struct bc_object *obj,
		     const char *name, struct bc_witness *w, struct bc_err *err)
{
	const size_t len = 1 << 20;
	char *buf = bc_xmalloc(len);
	unsigned line = 0;
	bool in_block = false, found = false;
	int r = 0;

	memset(w, 0, sizeof(*w));
	while (!r && next_line(&text, buf, len)) {
		char *arg = strchr(buf, ' ');

		line++;
		if (!buf[0] || buf[0] == '#')
			continue;
		if (arg)
			*arg++ = 0;
		if (!strcmp(buf, "program")) {
			if (found)
				break;
			in_block = arg && (!name || !strcmp(arg, name));
			found = in_block;
			if (in_block)
				w->prog = bc_xstrdup(arg);
			continue;
		}
		if (!in_block)
			continue;
		r = parse_line(buf, arg ? arg : (char *)"", obj, w, err, line);
	}
	free(buf);
	if (r) {
		bc_witness_free(w);
		return r;
	}
	if (!found)
		return bc_errf(err, -1, ENOENT,
			       name ? "no witness for program '%s'" :
				      "no 'program' line%s",
			       name ? name : "");
	return 0;
}

char *bc_witness_first_prog(const char *text)
{
	char buf[512];

	while (next_line(&text, buf, sizeof(buf)))
		if (!strncmp(buf, "program ", 8))
			return bc_xstrdup(buf + 8);
	return NULL;
}
