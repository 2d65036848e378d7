// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Assembler directives: .raw, .map, .init, .type, .section, .license,
 * .func.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "asm/asm_priv.h"
#include "isa/insn.h"
#include "asm/disasm.h"

static int map_type(const char *s)
{
	const char *n;
	uint32_t i;

	if (!strncasecmp(s, "BPF_MAP_TYPE_", 13))
		s += 13;
	for (i = 0; (n = bc_asm_map_type_name(i)); i++)
		if (!strcasecmp(s, n))
			return (int)i;
	return -1;
}

static int d_map(struct cur *p)
{
	char name[128], type[64];
	int64_t v[5] = { 0 };
	struct bc_map *m;
	int32_t idx;
	int t, k, i;

	if (!bc_asm_map_ident(p, name, sizeof(name)))
		return bc_asm_expected(p, "a map name");
	if (bc_asm_find_map(p->c, name, &idx))
		return bc_asm_fail(p->c, "map '%s' declared twice", name);
	k = bc_asm_num(p, NUM_IMM32, &v[0]);
	if (k < 0)
		return k;
	if (k) {
		if (v[0] < 0)
			return bc_asm_fail(p->c, "map types are not negative");
		t = (int)v[0];
	} else {
		if (!bc_asm_ident(p, type, sizeof(type)))
			return bc_asm_expected(p, "a map type");
		t = map_type(type);
		if (t < 0)
			return bc_asm_fail(p->c, "unknown map type '%s'", type);
	}
	/* flags and map_extra (an arena's user address) are optional */
	for (i = 0; i < 5; i++) {
		if (i >= 3 && bc_asm_at_end(p))
			break;
		if ((k = bc_asm_need_num(p, i == 4 ? NUM_IMM64 : NUM_IMM32,
					 &v[i])))
			return k;
		if (i < 4 && v[i] < 0)
			return bc_asm_fail(p->c, "map sizes are not negative");
	}
	if ((k = bc_asm_end_of_line(p)))
		return k;
	BC_GROW(p->c->maps, p->c->capmaps, p->c->nmaps + 1);
	m = &p->c->maps[p->c->nmaps++];
	memset(m, 0, sizeof(*m));
	m->name = bc_xstrdup(name);
	m->origin = BC_MAP_ASM;
	m->type = (uint32_t)t;
	m->key_size = (uint32_t)v[0];
	m->value_size = (uint32_t)v[1];
	m->max_entries = (uint32_t)v[2];
	m->map_flags = (uint32_t)v[3];
	m->map_extra = (uint64_t)v[4];
	m->readonly = !!(m->map_flags & BPF_F_RDONLY_PROG);
	m->inner_map = -1;
	m->sec_idx = -1;
	m->lock_off = -1;
	m->timer_off = -1;
	return 0;
}

/* ".init NAME HEX": initial contents of a declared map (global data). */
static int d_init(struct cur *p)
{
	char name[128];
	struct bc_map *m;
	uint64_t limit;
	size_t n = 0, cap = 0;
	uint8_t *buf = NULL;
	int32_t idx;

	if (!bc_asm_map_ident(p, name, sizeof(name)))
		return bc_asm_expected(p, "a map name");
	m = bc_asm_find_map(p->c, name, &idx);
	if (!m)
		return bc_asm_fail(p->c, "unknown map '%s'", name);
	if (m->init)
		return bc_asm_fail(p->c, "map '%s' initialised twice", name);
	limit = (uint64_t)m->value_size * m->max_entries;
	if (m->type == BC_MAP_TYPE_ARENA) /* its pages: the __arena globals */
		limit = (uint64_t)m->max_entries * 4096;
	for (;;) {
		bc_asm_ws(p);
		if (!*p->s)
			break;
		if (!isxdigit((unsigned char)p->s[0]) ||
		    !isxdigit((unsigned char)p->s[1])) {
			free(buf);
			return bc_asm_expected(p, "hex bytes");
		}
		if (n >= limit) {
			free(buf);
			return bc_asm_fail(
				p->c,
				"more initial bytes than map '%s' holds (%llu)",
				name, (unsigned long long)limit);
		}
		BC_GROW(buf, cap, n + 1);
		buf[n++] = (uint8_t)strtol((char[3]){ p->s[0], p->s[1], 0 },
					   NULL, 16);
		p->s += 2;
	}
	m->init = buf ? buf : bc_xcalloc(1, 1);
	m->init_size = (uint32_t)n;
	return 0;
}

static int d_raw(struct cur *p)
{
	uint8_t b[8];
	struct bpf_insn *in;
	int i;

	for (i = 0; i < 8; i++) {
		bc_asm_ws(p);
		if (!isxdigit((unsigned char)p->s[0]) ||
		    !isxdigit((unsigned char)p->s[1]) || bc_asm_is_id(p->s[2]))
			return bc_asm_expected(p, "8 hex bytes");
		b[i] = (uint8_t)strtol((char[3]){ p->s[0], p->s[1], 0 }, NULL,
				       16);
		p->s += 2;
	}
	in = bc_asm_emit(p->c, 0, 0, 0, 0, 0);
	memcpy(in, b, sizeof(b));
	return bc_asm_end_of_line(p);
}

static int d_func(struct cur *p)
{
	char name[128];
	int k;

	if (!bc_asm_ident(p, name, sizeof(name)))
		return bc_asm_expected(p, "a function name");
	k = bc_asm_end_of_line(p);
	if (k)
		return k;
	free(p->c->pending_func);
	p->c->pending_func = bc_xstrdup(name);
	return bc_asm_name_func(p->c, name);
}

int bc_asm_directive(struct cur *p)
{
	char name[128];

	if (bc_asm_word(p, ".raw"))
		return d_raw(p);
	if (bc_asm_word(p, ".map"))
		return d_map(p);
	if (bc_asm_word(p, ".init"))
		return d_init(p);
	if (bc_asm_word(p, ".type")) {
		bc_asm_ws(p);
		if (!*p->s)
			return bc_asm_expected(p, "a program type");
		free(p->c->type);
		p->c->type = bc_xstrndup(p->s, strcspn(p->s, " \t"));
		p->c->type_line = p->c->line;
		p->s += strlen(p->c->type);
		return bc_asm_end_of_line(p);
	}
	if (bc_asm_word(p, ".section")) {
		bc_asm_ws(p);
		if (!*p->s)
			return bc_asm_expected(p, "a section name");
		free(p->c->section);
		p->c->section = bc_xstrndup(p->s, strcspn(p->s, " \t"));
		p->s += strlen(p->c->section);
		return bc_asm_end_of_line(p);
	}
	if (bc_asm_word(p, ".license")) {
		bc_asm_ws(p);
		if (!*p->s)
			return bc_asm_expected(p, "a license string");
		free(p->c->license);
		p->c->license = bc_xstrdup(p->s); /* the rest of the line */
		p->s += strlen(p->s);
		return bc_asm_end_of_line(p);
	}
	if (bc_asm_word(p, ".func"))
		return d_func(p);
	bc_asm_ident(p, name, sizeof(name));
	return bc_asm_fail(p->c, "unknown directive '%s'", name);
}
