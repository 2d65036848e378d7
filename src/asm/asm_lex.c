// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The assembler's lexer and operand readers, shared by both syntaxes, and
 * the instruction output.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_priv.h"

int bc_asm_fail(struct asm_ctx *c, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return bc_errf(c->err, -1, EINVAL, "line %d: %s", c->line, msg);
}

/* ---- lexing ---- */

void bc_asm_ws(struct cur *p)
{
	while (*p->s == ' ' || *p->s == '\t' || *p->s == '\r')
		p->s++;
}

bool bc_asm_at_end(struct cur *p)
{
	bc_asm_ws(p);
	return *p->s == '\0';
}

/* Accept a literal (after whitespace). */
bool bc_asm_lit(struct cur *p, const char *t)
{
	size_t n = strlen(t);

	bc_asm_ws(p);
	if (strncmp(p->s, t, n))
		return false;
	p->s += n;
	return true;
}

bool bc_asm_is_id0(char ch)
{
	return isalpha((unsigned char)ch) || ch == '_' || ch == '.';
}

bool bc_asm_is_id(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_' || ch == '.';
}

/* Accept a whole word (not followed by an identifier character). */
bool bc_asm_word(struct cur *p, const char *t)
{
	const char *save = p->s;

	if (bc_asm_lit(p, t) && !bc_asm_is_id(*p->s))
		return true;
	p->s = save;
	return false;
}

/* Read an identifier into buf; false (cursor unmoved) if none. */
bool bc_asm_ident(struct cur *p, char *buf, size_t len)
{
	size_t n = 0;

	bc_asm_ws(p);
	if (!bc_asm_is_id0(*p->s))
		return false;
	while (bc_asm_is_id(p->s[n]))
		n++;
	if (n >= len)
		n = len - 1;
	memcpy(buf, p->s, n);
	buf[n] = '\0';
	while (bc_asm_is_id(*p->s))
		p->s++;
	return true;
}

/* The next word, for error messages. */
const char *bc_asm_peek_word(struct cur *p, char *buf, size_t len)
{
	const char *s = p->s;
	size_t n = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	while (s[n] && s[n] != ' ' && s[n] != '\t' && s[n] != ',' &&
	       n + 1 < len)
		n++;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return n ? buf : "end of line";
}

int bc_asm_expected(struct cur *p, const char *what)
{
	char w[64];

	return bc_asm_fail(p->c, "expected %s, found '%s'", what,
			   bc_asm_peek_word(p, w, sizeof(w)));
}

/*
 * Register: r0..r15, w0..w15 or %r0..%r15 (r11+ only exist so that bad
 * encodings can be written down; the ISA check rejects them).
 * Returns 1 if found, 0 if not a register, -errno on a bad number.
 */
int bc_asm_reg(struct cur *p, int *r, bool *w)
{
	const char *s, *start;
	char *end;
	long v;

	bc_asm_ws(p);
	s = start = p->s;
	if (*s == '%')
		s++;
	if (*s != 'r' && *s != 'w')
		return 0;
	if (!isdigit((unsigned char)s[1]))
		return 0;
	v = strtol(s + 1, &end, 10);
	if (bc_asm_is_id(*end))
		return 0;
	if (v > 15 || end - (s + 1) > 2)
		return bc_asm_fail(p->c, "invalid register '%.*s'",
				   (int)(end - start), start);
	*r = (int)v;
	if (w)
		*w = *s == 'w';
	p->s = end;
	return 1;
}

int bc_asm_need_reg(struct cur *p, int *r, bool *w)
{
	int k = bc_asm_reg(p, r, w);

	if (k == 0)
		return bc_asm_expected(p, "a register");
	return k < 0 ? k : 0;
}

/*
 * A number: decimal or 0x hex, optionally signed. Decimal values must fit
 * the signed field; hex values may also use its unsigned range (so
 * 0xffffffff is -1 as an imm32). Returns 1 found, 0 none, -errno.
 */
int bc_asm_num(struct cur *p, enum num_range rg, int64_t *out)
{
	const char *start, *s;
	bool neg = false, hex;
	unsigned long long v;
	char *end;
	uint64_t smax, umax;

	bc_asm_ws(p);
	start = s = p->s;
	if (*s == '-' || *s == '+') {
		neg = *s == '-';
		s++;
		while (*s == ' ')
			s++;
	}
	if (!isdigit((unsigned char)*s))
		return 0;
	hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
	errno = 0;
	v = strtoull(s, &end, hex ? 16 : 10);
	if (bc_asm_is_id(*end))
		return bc_asm_fail(p->c, "invalid number '%.*s'",
				   (int)(strcspn(start, " \t,)]")), start);
	switch (rg) {
	case NUM_IMM32:
		smax = INT32_MAX;
		umax = UINT32_MAX;
		break;
	case NUM_OFF16:
		smax = INT16_MAX;
		umax = UINT16_MAX;
		break;
	default:
		smax = INT64_MAX;
		umax = UINT64_MAX;
		break;
	}
	if (errno == ERANGE || (neg && v > smax + 1) ||
	    (!neg && v > (hex || rg == NUM_IMM64 ? umax : smax)))
		return bc_asm_fail(p->c, "%s %.*s out of range",
				   rg == NUM_OFF16 ? "offset" : "immediate",
				   (int)(end - start), start);
	p->s = end;
	if (neg)
		*out = (int64_t)(0 - (uint64_t)v);
	else
		*out = (int64_t)v;
	if (rg == NUM_IMM32 && !neg)
		*out = (int32_t)(uint32_t)v;
	else if (rg == NUM_OFF16 && !neg)
		*out = (int16_t)(uint16_t)v;
	return 1;
}

int bc_asm_need_num(struct cur *p, enum num_range rg, int64_t *out)
{
	int k = bc_asm_num(p, rg, out);

	if (k == 0)
		return bc_asm_expected(p, "a number");
	return k < 0 ? k : 0;
}

/* ---- output ---- */

struct bpf_insn *bc_asm_emit(struct asm_ctx *c, uint8_t code, int dst, int src,
			     int16_t off, int32_t imm)
{
	struct bpf_insn *in;

	BC_GROW(c->insns, c->cap, c->cnt + 1);
	in = &c->insns[c->cnt++];
	memset(in, 0, sizeof(*in));
	in->code = code;
	in->dst_reg = dst;
	in->src_reg = src;
	in->off = off;
	in->imm = imm;
	if (c->pending_func) {
		BC_GROW(c->funcs, c->capfuncs, c->nfuncs + 1);
		c->funcs[c->nfuncs].name = c->pending_func;
		c->funcs[c->nfuncs++].pc = c->cnt - 1;
		c->pending_func = NULL;
	}
	return in;
}

void bc_asm_emit_lddw(struct asm_ctx *c, int dst, int src, uint64_t v)
{
	bc_asm_emit(c, BPF_LD | BPF_IMM | BPF_DW, dst, src, 0,
		    (int32_t)(uint32_t)v);
	bc_asm_emit(c, 0, 0, 0, 0, (int32_t)(uint32_t)(v >> 32));
}

void bc_asm_add_fix(struct asm_ctx *c, const char *label, enum fix_kind k)
{
	BC_GROW(c->fix, c->capfix, c->nfix + 1);
	c->fix[c->nfix].pc = c->cnt - 1;
	c->fix[c->nfix].label = bc_xstrdup(label);
	c->fix[c->nfix].kind = k;
	c->fix[c->nfix++].line = c->line;
}

void bc_asm_add_func(struct asm_ctx *c, int64_t pc)
{
	BC_GROW(c->funcs, c->capfuncs, c->nfuncs + 1);
	c->funcs[c->nfuncs].name = NULL;
	c->funcs[c->nfuncs++].pc = (uint32_t)pc;
}

/*
 * Jump target: "pc+N", "+N", "-N", a bare number (*rel) or a label
 * (*is_label, name; resolved after the last line).
 */
int bc_asm_target(struct cur *p, enum num_range rg, int64_t *rel,
		  bool *is_label, char *name, size_t len)
{
	int r;

	*is_label = false;
	bc_asm_ws(p);
	if (p->s[0] == 'p' && p->s[1] == 'c' &&
	    (p->s[2] == '+' || p->s[2] == '-'))
		p->s += 2;
	r = bc_asm_num(p, rg, rel);
	if (r)
		return r < 0 ? r : 0;
	if (!bc_asm_ident(p, name, len))
		return bc_asm_expected(p, "a jump target");
	*is_label = true;
	return 0;
}

/* Emit, then resolve the target now or later. */
int bc_asm_jump_to(struct cur *p, uint8_t code, int dst, int src, int32_t imm,
		   enum fix_kind k)
{
	enum num_range rg = (k == FIX_OFF) ? NUM_OFF16 : NUM_IMM32;
	char name[128];
	bool is_label;
	int64_t rel = 0;
	struct bpf_insn *in;
	int r;

	r = bc_asm_target(p, rg, &rel, &is_label, name, sizeof(name));
	if (r)
		return r;
	in = bc_asm_emit(p->c, code, dst, src, 0, imm);
	if (is_label) {
		bc_asm_add_fix(p->c, name, k);
	} else if (k == FIX_OFF) {
		in->off = (int16_t)rel;
	} else {
		in->imm = (int32_t)rel;
		if (k == FIX_CALL)
			bc_asm_add_func(p->c, (int64_t)p->c->cnt + rel);
	}
	return 0;
}

/* ---- operands ---- */

static int size_code(int bytes)
{
	switch (bytes) {
	case 1: return BPF_B;
	case 2: return BPF_H;
	case 4: return BPF_W;
	default: return BPF_DW;
	}
}

/* "*(u32 *)" or "(u32 *)" type cast; *sx set for s8/s16/s32. */
int bc_asm_cast(struct cur *p, int *size, bool *sx)
{
	int bits;
	char *end;

	if (!bc_asm_lit(p, "("))
		return bc_asm_expected(p, "'('");
	bc_asm_ws(p);
	if (*p->s != 'u' && *p->s != 's')
		return bc_asm_expected(p, "a size such as u32");
	*sx = *p->s == 's';
	bits = (int)strtol(p->s + 1, &end, 10);
	if (end == p->s + 1 ||
	    (bits != 8 && bits != 16 && bits != 32 && bits != 64))
		return bc_asm_expected(p, "a size such as u32");
	p->s = end;
	if (!bc_asm_lit(p, "*") || !bc_asm_lit(p, ")"))
		return bc_asm_expected(p, "'*)'");
	*size = size_code(bits / 8);
	return 0;
}

/* "(r6 +76)", "(r1 - 8)", "(r1)"; or with brackets "[%r1+4]". */
int bc_asm_memref(struct cur *p, char open, int *r, int16_t *off)
{
	char close = open == '(' ? ')' : ']';
	char o[2] = { open, 0 }, cl[2] = { close, 0 };
	int64_t v = 0;
	int k;

	if (!bc_asm_lit(p, o))
		return bc_asm_expected(
			p, open == '(' ? "'(' of a memory operand" :
					 "a memory operand such as [%r1+4]");
	k = bc_asm_need_reg(p, r, NULL);
	if (k)
		return k;
	bc_asm_ws(p);
	if (*p->s == '+' || *p->s == '-') {
		k = bc_asm_need_num(p, NUM_OFF16, &v);
		if (k)
			return k;
	}
	if (!bc_asm_lit(p, cl))
		return bc_asm_expected(p, open == '(' ? "')'" : "']'");
	*off = (int16_t)v;
	return 0;
}

int bc_asm_end_of_line(struct cur *p)
{
	if (!bc_asm_at_end(p))
		return bc_asm_fail(p->c, "unexpected '%s'", p->s);
	return 0;
}

/* Register or imm32 operand. */
int bc_asm_reg_or_imm(struct cur *p, int *r, bool *w, int64_t *v)
{
	int k = bc_asm_reg(p, r, w);

	if (k)
		return k < 0 ? k : 1;
	k = bc_asm_num(p, NUM_IMM32, v);
	if (k == 0)
		return bc_asm_expected(p, "a register or a number");
	return k < 0 ? k : 2;
}

/*
 * Map names are symbol or section names (".rodata.str1.1", "my-map"):
 * anything up to white space or a bracket.
 */
bool bc_asm_map_ident(struct cur *p, char *buf, size_t len)
{
	size_t n;

	bc_asm_ws(p);
	n = strcspn(p->s, " \t[]");
	if (n == 0 || n >= len)
		return false;
	memcpy(buf, p->s, n);
	buf[n] = '\0';
	p->s += n;
	return true;
}

struct bc_map *bc_asm_find_map(struct asm_ctx *c, const char *name,
			       int32_t *idx)
{
	size_t i;

	for (i = 0; i < c->nmaps; i++)
		if (!strcmp(c->maps[i].name, name)) {
			*idx = (int32_t)i;
			return &c->maps[i];
		}
	return NULL;
}
