// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Assembler for two syntaxes, detected per line (they may be mixed):
 *
 *  - the Linux verifier log / llvm-objdump syntax that disasm.c prints:
 *    "r1 = *(u32 *)(r6 +76)", "w1 += w2", "if r2 > r3 goto pc+5",
 *    "call bpf_map_lookup_elem#1", "r0 = 0x1122334455667788 ll";
 *  - the bpf_conformance syntax: "mov %r0, 1", "jgt %r1, 5, +2",
 *    "ldxw %r0, [%r1+4]", "lock fetch add [%r10-8], %r1".
 *
 * Lines may start with an index "  5:" and an opcode "(61)" or eight raw
 * bytes, as bc_disasm_prog prints them; these are skipped. Comments start
 * with ';', '//' or a '#' at the start of a word. "name:" defines a label;
 * jumps and calls take labels or pc-relative offsets. A call or func[]
 * target starts a bpf-to-bpf function. The first "exit" is an implicit
 * label "exit" (bpf_conformance's convention) unless "exit:" is defined.
 *
 * Directives:
 *   .raw B0 .. B7               one instruction given as 8 hex bytes
 *   .map NAME TYPE KEY VALUE MAX [FLAGS]
 *                               declare a map (TYPE: hash, array, ...,
 *                               BPF_MAP_TYPE_* or a number); referenced as
 *                               "r1 = map[NAME] ll", "r1 = map[NAME][0]+8 ll";
 *                               FLAGS with BPF_F_RDONLY_PROG (0x80) make it
 *                               read-only
 *   .init NAME HEX...           initial contents of map NAME (global data)
 *   .type T                     program type (libbpf name or section name;
 *                               default socket_filter)
 *   .section S                  the program's section name (default "asm")
 *   .func NAME                  the next instruction starts function NAME
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "load/asm.h"
#include "load/disasm.h"
#include "isa/insn.h"

enum fix_kind {
	FIX_OFF,	/* insn.off = target - pc - 1 */
	FIX_IMM,	/* insn.imm = target - pc - 1 (gotol) */
	FIX_CALL,	/* pseudo call; target starts a function */
	FIX_FUNC,	/* lddw pseudo func; target starts a function */
};

struct label {
	char *name;
	uint32_t pc;
};

struct fixup {
	uint32_t pc;
	char *label;
	enum fix_kind kind;
	int line;
};

struct asm_ctx {
	struct bpf_insn *insns;
	size_t cnt, cap;
	struct label *labels;
	size_t nlabels, caplabels;
	size_t *htab, hcap;	/* label hash: index + 1, 0 = empty */
	struct fixup *fix;
	size_t nfix, capfix;
	struct label *funcs;	/* function starts (name may be NULL) */
	size_t nfuncs, capfuncs;
	char *pending_func;	/* .func NAME waiting for its instruction */
	struct bc_map *maps;
	size_t nmaps, capmaps;
	char *type;
	int type_line;
	char *section;
	int64_t first_exit;
	int line;
	struct bc_err *err;
};

/* Parser cursor over one line (comments already removed). */
struct cur {
	const char *s;
	struct asm_ctx *c;
};

static int fail(struct asm_ctx *c, const char *fmt, ...) BC_PRINTF(2, 3);

static int fail(struct asm_ctx *c, const char *fmt, ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return bc_errf(c->err, -1, EINVAL, "line %d: %s", c->line, msg);
}

/* ---- lexing ---- */

static void ws(struct cur *p)
{
	while (*p->s == ' ' || *p->s == '\t' || *p->s == '\r')
		p->s++;
}

static bool at_end(struct cur *p)
{
	ws(p);
	return *p->s == '\0';
}

/* Accept a literal (after whitespace). */
static bool lit(struct cur *p, const char *t)
{
	size_t n = strlen(t);

	ws(p);
	if (strncmp(p->s, t, n))
		return false;
	p->s += n;
	return true;
}

static bool is_id0(char ch)
{
	return isalpha((unsigned char)ch) || ch == '_' || ch == '.';
}

static bool is_id(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_' || ch == '.';
}

/* Accept a whole word (not followed by an identifier character). */
static bool word(struct cur *p, const char *t)
{
	const char *save = p->s;

	if (lit(p, t) && !is_id(*p->s))
		return true;
	p->s = save;
	return false;
}

/* Read an identifier into buf; false (cursor unmoved) if none. */
static bool ident(struct cur *p, char *buf, size_t len)
{
	size_t n = 0;

	ws(p);
	if (!is_id0(*p->s))
		return false;
	while (is_id(p->s[n]))
		n++;
	if (n >= len)
		n = len - 1;
	memcpy(buf, p->s, n);
	buf[n] = '\0';
	while (is_id(*p->s))
		p->s++;
	return true;
}

/* The next word, for error messages. */
static const char *peek_word(struct cur *p, char *buf, size_t len)
{
	const char *s = p->s;
	size_t n = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	while (s[n] && s[n] != ' ' && s[n] != '\t' && s[n] != ',' && n + 1 < len)
		n++;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return n ? buf : "end of line";
}

static int expected(struct cur *p, const char *what)
{
	char w[64];

	return fail(p->c, "expected %s, found '%s'", what,
		    peek_word(p, w, sizeof(w)));
}

/*
 * Register: r0..r15, w0..w15 or %r0..%r15 (r11+ only exist so that bad
 * encodings can be written down; the ISA check rejects them).
 * Returns 1 if found, 0 if not a register, -errno on a bad number.
 */
static int reg(struct cur *p, int *r, bool *w)
{
	const char *s, *start;
	char *end;
	long v;

	ws(p);
	s = start = p->s;
	if (*s == '%')
		s++;
	if (*s != 'r' && *s != 'w')
		return 0;
	if (!isdigit((unsigned char)s[1]))
		return 0;
	v = strtol(s + 1, &end, 10);
	if (is_id(*end))
		return 0;
	if (v > 15 || end - (s + 1) > 2)
		return fail(p->c, "invalid register '%.*s'", (int)(end - start),
			    start);
	*r = (int)v;
	if (w)
		*w = *s == 'w';
	p->s = end;
	return 1;
}

static int need_reg(struct cur *p, int *r, bool *w)
{
	int k = reg(p, r, w);

	if (k == 0)
		return expected(p, "a register");
	return k < 0 ? k : 0;
}

enum num_range { NUM_IMM32, NUM_OFF16, NUM_IMM64 };

/*
 * A number: decimal or 0x hex, optionally signed. Decimal values must fit
 * the signed field; hex values may also use its unsigned range (so
 * 0xffffffff is -1 as an imm32). Returns 1 found, 0 none, -errno.
 */
static int num(struct cur *p, enum num_range rg, int64_t *out)
{
	const char *start, *s;
	bool neg = false, hex;
	unsigned long long v;
	char *end;
	uint64_t smax, umax;

	ws(p);
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
	if (is_id(*end))
		return fail(p->c, "invalid number '%.*s'",
			    (int)(strcspn(start, " \t,)]")), start);
	switch (rg) {
	case NUM_IMM32: smax = INT32_MAX; umax = UINT32_MAX; break;
	case NUM_OFF16: smax = INT16_MAX; umax = UINT16_MAX; break;
	default: smax = INT64_MAX; umax = UINT64_MAX; break;
	}
	if (errno == ERANGE || (neg && v > smax + 1) ||
	    (!neg && v > (hex || rg == NUM_IMM64 ? umax : smax)))
		return fail(p->c, "%s %.*s out of range",
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

static int need_num(struct cur *p, enum num_range rg, int64_t *out)
{
	int k = num(p, rg, out);

	if (k == 0)
		return expected(p, "a number");
	return k < 0 ? k : 0;
}

/* ---- output ---- */

static struct bpf_insn *emit(struct asm_ctx *c, uint8_t code, int dst,
			     int src, int16_t off, int32_t imm)
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

static void emit_lddw(struct asm_ctx *c, int dst, int src, uint64_t v)
{
	emit(c, BPF_LD | BPF_IMM | BPF_DW, dst, src, 0, (int32_t)(uint32_t)v);
	emit(c, 0, 0, 0, 0, (int32_t)(uint32_t)(v >> 32));
}

static void add_fix(struct asm_ctx *c, const char *label, enum fix_kind k)
{
	BC_GROW(c->fix, c->capfix, c->nfix + 1);
	c->fix[c->nfix].pc = c->cnt - 1;
	c->fix[c->nfix].label = bc_xstrdup(label);
	c->fix[c->nfix].kind = k;
	c->fix[c->nfix++].line = c->line;
}

static void add_func(struct asm_ctx *c, int64_t pc)
{
	BC_GROW(c->funcs, c->capfuncs, c->nfuncs + 1);
	c->funcs[c->nfuncs].name = NULL;
	c->funcs[c->nfuncs++].pc = (uint32_t)pc;
}

/*
 * Jump target: "pc+N", "+N", "-N", a bare number (*rel) or a label
 * (*is_label, name; resolved after the last line).
 */
static int target(struct cur *p, enum num_range rg, int64_t *rel,
		  bool *is_label, char *name, size_t len)
{
	int r;

	*is_label = false;
	ws(p);
	if (p->s[0] == 'p' && p->s[1] == 'c' &&
	    (p->s[2] == '+' || p->s[2] == '-'))
		p->s += 2;
	r = num(p, rg, rel);
	if (r)
		return r < 0 ? r : 0;
	if (!ident(p, name, len))
		return expected(p, "a jump target");
	*is_label = true;
	return 0;
}

/* Emit, then resolve the target now or later. */
static int jump_to(struct cur *p, uint8_t code, int dst, int src, int32_t imm,
		   enum fix_kind k)
{
	enum num_range rg = (k == FIX_OFF) ? NUM_OFF16 : NUM_IMM32;
	char name[128];
	bool is_label;
	int64_t rel = 0;
	struct bpf_insn *in;
	int r;

	r = target(p, rg, &rel, &is_label, name, sizeof(name));
	if (r)
		return r;
	in = emit(p->c, code, dst, src, 0, imm);
	if (is_label) {
		add_fix(p->c, name, k);
	} else if (k == FIX_OFF) {
		in->off = (int16_t)rel;
	} else {
		in->imm = (int32_t)rel;
		if (k == FIX_CALL)
			add_func(p->c, (int64_t)p->c->cnt + rel);
	}
	return 0;
}

/* ---- shared pieces ---- */

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
static int cast(struct cur *p, int *size, bool *sx)
{
	int bits;
	char *end;

	if (!lit(p, "("))
		return expected(p, "'('");
	ws(p);
	if (*p->s != 'u' && *p->s != 's')
		return expected(p, "a size such as u32");
	*sx = *p->s == 's';
	bits = (int)strtol(p->s + 1, &end, 10);
	if (end == p->s + 1 || (bits != 8 && bits != 16 && bits != 32 &&
				bits != 64))
		return expected(p, "a size such as u32");
	p->s = end;
	if (!lit(p, "*") || !lit(p, ")"))
		return expected(p, "'*)'");
	*size = size_code(bits / 8);
	return 0;
}

/* "(r6 +76)", "(r1 - 8)", "(r1)"; or with brackets "[%r1+4]". */
static int memref(struct cur *p, char open, int *r, int16_t *off)
{
	char close = open == '(' ? ')' : ']';
	char o[2] = { open, 0 }, cl[2] = { close, 0 };
	int64_t v = 0;
	int k;

	if (!lit(p, o))
		return expected(p, open == '(' ? "'(' of a memory operand" :
				"a memory operand such as [%r1+4]");
	k = need_reg(p, r, NULL);
	if (k)
		return k;
	ws(p);
	if (*p->s == '+' || *p->s == '-') {
		k = need_num(p, NUM_OFF16, &v);
		if (k)
			return k;
	}
	if (!lit(p, cl))
		return expected(p, open == '(' ? "')'" : "']'");
	*off = (int16_t)v;
	return 0;
}

static int end_of_line(struct cur *p)
{
	if (!at_end(p))
		return fail(p->c, "unexpected '%s'", p->s);
	return 0;
}

static int helper_by_name(const char *name)
{
	const char *n;
	int id;

	for (id = 1; (n = bc_helper_name(id)); id++)
		if (!strcmp(n, name) || !strcmp(n + 4, name))
			return id;
	return -1;
}

/*
 * call forms of both syntaxes: "call 1", "call name#1", "call name",
 * "call pc+3", "call label", "call kfunc#7", "call %r2" (callx),
 * "call local label", "call helper 1", "call runtime 7".
 */
static int parse_call(struct cur *p)
{
	char name[128];
	bool kf = false;
	int64_t v;
	int r, k;

	k = reg(p, &r, NULL);
	if (k < 0)
		return k;
	if (k) {
		emit(p->c, BPF_JMP | BPF_CALL | BPF_X, r, 0, 0, 0);
		return end_of_line(p);
	}
	if (word(p, "local")) {
		k = jump_to(p, BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0,
			    FIX_CALL);
		return k ? k : end_of_line(p);
	}
	if (word(p, "helper") || (kf = word(p, "runtime"))) {
		k = need_num(p, NUM_IMM32, &v);
		if (k)
			return k;
		emit(p->c, BPF_JMP | BPF_CALL, 0,
		     kf ? BPF_PSEUDO_KFUNC_CALL : 0, 0, (int32_t)v);
		return end_of_line(p);
	}
	ws(p);
	if (p->s[0] == 'p' && p->s[1] == 'c' &&
	    (p->s[2] == '+' || p->s[2] == '-')) {
		k = jump_to(p, BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0,
			    FIX_CALL);
		return k ? k : end_of_line(p);
	}
	k = num(p, NUM_IMM32, &v);
	if (k < 0)
		return k;
	if (k) {
		emit(p->c, BPF_JMP | BPF_CALL, 0, 0, 0, (int32_t)v);
		return end_of_line(p);
	}
	if (!ident(p, name, sizeof(name)))
		return expected(p, "a call target");
	if (lit(p, "#")) {
		k = need_num(p, NUM_IMM32, &v);
		if (k)
			return k;
		emit(p->c, BPF_JMP | BPF_CALL, 0,
		     strcmp(name, "kfunc") ? 0 : BPF_PSEUDO_KFUNC_CALL, 0,
		     (int32_t)v);
		return end_of_line(p);
	}
	k = helper_by_name(name);
	if (k > 0) {
		emit(p->c, BPF_JMP | BPF_CALL, 0, 0, 0, k);
	} else {
		emit(p->c, BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0, 0);
		add_fix(p->c, name, FIX_CALL);
	}
	return end_of_line(p);
}

/* ---- Linux / LLVM syntax ---- */

static const struct { const char *op; uint8_t code; int16_t off; } alu_ops[] = {
	{ "s>>=", BPF_ARSH, 0 }, { "s/=", BPF_DIV, 1 }, { "s%=", BPF_MOD, 1 },
	{ "<<=", BPF_LSH, 0 }, { ">>=", BPF_RSH, 0 }, { "+=", BPF_ADD, 0 },
	{ "-=", BPF_SUB, 0 }, { "*=", BPF_MUL, 0 }, { "/=", BPF_DIV, 0 },
	{ "%=", BPF_MOD, 0 }, { "|=", BPF_OR, 0 }, { "&=", BPF_AND, 0 },
	{ "^=", BPF_XOR, 0 },
};

static const struct { const char *op; uint8_t code; } jmp_ops[] = {
	{ "s>=", BPF_JSGE }, { "s<=", BPF_JSLE }, { "s>", BPF_JSGT },
	{ "s<", BPF_JSLT }, { "==", BPF_JEQ }, { "!=", BPF_JNE },
	{ ">=", BPF_JGE }, { "<=", BPF_JLE }, { ">", BPF_JGT },
	{ "<", BPF_JLT }, { "&", BPF_JSET },
};

/* Register or imm32 operand. */
static int reg_or_imm(struct cur *p, int *r, bool *w, int64_t *v)
{
	int k = reg(p, r, w);

	if (k)
		return k < 0 ? k : 1;
	k = num(p, NUM_IMM32, v);
	if (k == 0)
		return expected(p, "a register or a number");
	return k < 0 ? k : 2;
}

static int width_check(struct cur *p, bool w1, bool w2)
{
	if (w1 != w2)
		return fail(p->c, "mixed 32-bit and 64-bit registers");
	return 0;
}

static int k_alu_op(struct cur *p, int dst, bool w)
{
	uint8_t cls = w ? BPF_ALU : BPF_ALU64;
	bool sw;
	int64_t v;
	size_t i;
	int k, src;

	for (i = 0; i < BC_ARRAY_SIZE(alu_ops); i++)
		if (lit(p, alu_ops[i].op))
			break;
	if (i == BC_ARRAY_SIZE(alu_ops))
		return expected(p, "'=' or an operator such as '+='");
	k = reg_or_imm(p, &src, &sw, &v);
	if (k < 0)
		return k;
	if (k == 1) {
		if ((k = width_check(p, w, sw)))
			return k;
		emit(p->c, cls | BPF_X | alu_ops[i].code, dst, src,
		     alu_ops[i].off, 0);
	} else {
		emit(p->c, cls | BPF_K | alu_ops[i].code, dst, 0,
		     alu_ops[i].off, (int32_t)v);
	}
	return end_of_line(p);
}

/*
 * Map names are symbol or section names (".rodata.str1.1", "my-map"):
 * anything up to white space or a bracket.
 */
static bool map_ident(struct cur *p, char *buf, size_t len)
{
	size_t n;

	ws(p);
	n = strcspn(p->s, " \t[]");
	if (n == 0 || n >= len)
		return false;
	memcpy(buf, p->s, n);
	buf[n] = '\0';
	p->s += n;
	return true;
}

static struct bc_map *find_map(struct asm_ctx *c, const char *name,
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

static void opt_ll(struct cur *p)
{
	word(p, "ll");
}

/* "map[NAME]", "map[idx:N]", "map[fd:N]", then optional "[0]+OFF". */
static int k_map(struct cur *p, int dst)
{
	char name[128];
	int src = BPF_PSEUDO_MAP_IDX;
	int64_t v = 0, off = 0;
	int32_t idx;
	int k;

	if (lit(p, "fd:"))
		src = BPF_PSEUDO_MAP_FD;
	if (src == BPF_PSEUDO_MAP_FD || lit(p, "idx:")) {
		if ((k = need_num(p, NUM_IMM32, &v)))
			return k;
		idx = (int32_t)v;
	} else if (map_ident(p, name, sizeof(name))) {
		if (!find_map(p->c, name, &idx))
			return fail(p->c, "unknown map '%s'", name);
	} else {
		return expected(p, "a map name");
	}
	if (!lit(p, "]"))
		return expected(p, "']'");
	if (lit(p, "[")) {
		if (!lit(p, "0") || !lit(p, "]"))
			return expected(p, "'[0]'");
		src = src == BPF_PSEUDO_MAP_FD ? BPF_PSEUDO_MAP_VALUE :
		      BPF_PSEUDO_MAP_IDX_VALUE;
		ws(p);
		if (*p->s == '+' && (k = need_num(p, NUM_IMM32, &off)))
			return k;
	}
	opt_ll(p);
	emit_lddw(p->c, dst, src, (uint32_t)idx | ((uint64_t)(uint32_t)off << 32));
	return end_of_line(p);
}

static int k_lddw_special(struct cur *p, int dst)
{
	char name[128];
	bool is_label;
	int64_t v;
	int k;

	if (lit(p, "map["))
		return k_map(p, dst);
	if (lit(p, "btf_id[")) {
		if ((k = need_num(p, NUM_IMM32, &v)))
			return k;
		if (!lit(p, "]"))
			return expected(p, "']'");
		opt_ll(p);
		emit_lddw(p->c, dst, BPF_PSEUDO_BTF_ID, (uint32_t)v);
		return end_of_line(p);
	}
	/* func[pc+N] or func[label] */
	if (!lit(p, "func["))
		return expected(p, "func[");
	k = target(p, NUM_IMM32, &v, &is_label, name, sizeof(name));
	if (k)
		return k;
	if (!lit(p, "]"))
		return expected(p, "']'");
	if (is_label) {
		emit_lddw(p->c, dst, BPF_PSEUDO_FUNC, 0);
		add_fix(p->c, name, FIX_FUNC);	/* at the second slot */
	} else {
		emit_lddw(p->c, dst, BPF_PSEUDO_FUNC, (uint32_t)v);
		add_func(p->c, (int64_t)p->c->cnt - 1 + v);
	}
	opt_ll(p);
	return end_of_line(p);
}

/* "atomic64_fetch_add((u64 *)(r1 +0), r2)" and friends, after "rD = ". */
static int k_atomic_fetch(struct cur *p, int dst)
{
	static const struct { const char *n; int32_t imm; } ops[] = {
		{ "fetch_add", BPF_ADD | BPF_FETCH },
		{ "fetch_and", BPF_AND | BPF_FETCH },
		{ "fetch_or", BPF_OR | BPF_FETCH },
		{ "fetch_xor", BPF_XOR | BPF_FETCH },
		{ "xchg", BPF_XCHG }, { "cmpxchg", BPF_CMPXCHG },
	};
	int size, base, src, k;
	bool sx, w2;
	int16_t off;
	size_t i;

	if (!lit(p, "64_"))
		lit(p, "_");
	for (i = 0; i < BC_ARRAY_SIZE(ops); i++)
		if (word(p, ops[i].n))
			break;
	if (i == BC_ARRAY_SIZE(ops))
		return expected(p, "an atomic operation");
	if (!lit(p, "("))
		return expected(p, "'('");
	if ((k = cast(p, &size, &sx)))
		return k;
	if (sx || (size != BPF_W && size != BPF_DW))
		return fail(p->c, "atomic operations are u32 or u64");
	if ((k = memref(p, '(', &base, &off)))
		return k;
	if (!lit(p, ","))
		return expected(p, "','");
	if ((k = need_reg(p, &src, &w2)))
		return k;
	if (ops[i].imm == BPF_CMPXCHG) {
		if (dst != 0 || src != 0)
			return fail(p->c, "cmpxchg compares and returns r0");
		if (!lit(p, ","))
			return expected(p, "','");
		if ((k = need_reg(p, &src, &w2)))
			return k;
	} else if (src != dst) {
		return fail(p->c, "atomic fetch returns into its source register");
	}
	if (!lit(p, ")"))
		return expected(p, "')'");
	emit(p->c, BPF_STX | BPF_ATOMIC | size, base, src, off, ops[i].imm);
	return end_of_line(p);
}

/*
 * LLVM's spelling: "r2 = xchg_64(r3 + 0, r2)", "w2 = xchg32_32(r3 + 0, w2)",
 * "r0 = cmpxchg_64(r3 + 0, r0, r5)", "w0 = cmpxchg32_32(...)".
 */
static int k_llvm_xchg(struct cur *p, int dst, bool cmp)
{
	int base, src, k;
	int64_t off = 0;
	bool is32;

	if (lit(p, "_64("))
		is32 = false;
	else if (lit(p, "32_32("))
		is32 = true;
	else
		return expected(p, "_64( or 32_32(");
	if ((k = need_reg(p, &base, NULL)))
		return k;
	ws(p);
	if ((*p->s == '+' || *p->s == '-') && (k = need_num(p, NUM_OFF16, &off)))
		return k;
	if (!lit(p, ","))
		return expected(p, "','");
	if ((k = need_reg(p, &src, NULL)))
		return k;
	if (cmp) {
		if (dst != 0 || src != 0)
			return fail(p->c, "cmpxchg compares and returns r0");
		if (!lit(p, ",") || (k = need_reg(p, &src, NULL)))
			return k ? k : expected(p, "','");
	} else if (src != dst) {
		return fail(p->c, "xchg returns into its source register");
	}
	if (!lit(p, ")"))
		return expected(p, "')'");
	emit(p->c, BPF_STX | BPF_ATOMIC | (is32 ? BPF_W : BPF_DW), base, src,
	     (int16_t)off, cmp ? BPF_CMPXCHG : BPF_XCHG);
	return end_of_line(p);
}

/* "skb[14]" or "skb[r1 +2]" after "r0 = *(u8 *)". */
static int k_ldabs(struct cur *p, int dst, int size)
{
	int64_t v = 0;
	int r = 0, k;
	bool ind;

	if (dst != 0)
		return fail(p->c, "legacy packet loads return into r0");
	k = reg(p, &r, NULL);
	if (k < 0)
		return k;
	ind = k;
	if (ind) {
		/* "skb[r1 + 2]", "skb[r1 + -2]", "skb[r1 -2]", "skb[r1]" */
		ws(p);
		if (*p->s == '+')
			p->s++;		/* the number may carry its own sign */
		if (*p->s != ']' && (k = need_num(p, NUM_IMM32, &v)))
			return k;
	} else if ((k = need_num(p, NUM_IMM32, &v))) {
		return k;
	}
	if (!lit(p, "]"))
		return expected(p, "']'");
	emit(p->c, BPF_LD | size | (ind ? BPF_IND : BPF_ABS), 0, r, 0,
	     (int32_t)v);
	return end_of_line(p);
}

static int k_assign(struct cur *p, int dst, bool w)
{
	uint8_t cls = w ? BPF_ALU : BPF_ALU64;
	int size, src, k;
	bool sx, sw;
	int16_t off;
	int64_t v;
	const char *save;
	static const char *const ends[] = { "be", "le", "bswap" };
	size_t i;

	if (lit(p, "*")) {
		if ((k = cast(p, &size, &sx)))
			return k;
		if (lit(p, "skb[")) {
			if (sx)
				return fail(p->c, "legacy packet loads are unsigned");
			return k_ldabs(p, dst, size);
		}
		if ((k = memref(p, '(', &src, &off)))
			return k;
		if (sx && size == BPF_DW)
			return fail(p->c, "no sign-extending 64-bit load");
		emit(p->c, BPF_LDX | (sx ? BPF_MEMSX : BPF_MEM) | size, dst,
		     src, off, 0);
		return end_of_line(p);
	}
	for (i = 0; i < BC_ARRAY_SIZE(ends); i++) {
		save = p->s;
		if (lit(p, ends[i]) && isdigit((unsigned char)*p->s)) {
			char *end;
			long bits = strtol(p->s, &end, 10);

			p->s = end;
			if (bits != 16 && bits != 32 && bits != 64)
				return fail(p->c, "byte swap width must be 16, 32 or 64");
			if ((k = need_reg(p, &src, NULL)))
				return k;
			if (src != dst)
				return fail(p->c, "byte swap works in place (r%d = %s%ld r%d)",
					    dst, ends[i], bits, dst);
			emit(p->c, (i == 2 ? BPF_ALU64 : BPF_ALU) | BPF_END |
			     (i == 0 ? BPF_X : BPF_K), dst, 0, 0, (int32_t)bits);
			return end_of_line(p);
		}
		p->s = save;
	}
	if (lit(p, "atomic"))
		return k_atomic_fetch(p, dst);
	if (lit(p, "xchg"))
		return k_llvm_xchg(p, dst, false);
	if (lit(p, "cmpxchg"))
		return k_llvm_xchg(p, dst, true);
	save = p->s;
	if (lit(p, "map[") || lit(p, "btf_id[") || lit(p, "func[")) {
		p->s = save;
		return k_lddw_special(p, dst);
	}
	ws(p);
	if (p->s[0] == '-' && (p->s[1] == 'r' || p->s[1] == 'w')) {
		p->s++;
		if ((k = need_reg(p, &src, &sw)))
			return k;
		if (src != dst || sw != w)
			return fail(p->c, "negation works in place (r%d = -r%d)",
				    dst, dst);
		emit(p->c, cls | BPF_NEG, dst, 0, 0, 0);
		return end_of_line(p);
	}
	if (lit(p, "(")) {
		int bits;
		char *end;

		if (*p->s != 's')
			return expected(p, "(s8), (s16) or (s32)");
		bits = (int)strtol(p->s + 1, &end, 10);
		p->s = end;
		if ((bits != 8 && bits != 16 && bits != 32) || !lit(p, ")"))
			return expected(p, "(s8), (s16) or (s32)");
		if ((k = need_reg(p, &src, &sw)))
			return k;
		if ((k = width_check(p, w, sw)))
			return k;
		emit(p->c, cls | BPF_X | BPF_MOV, dst, src, bits, 0);
		return end_of_line(p);
	}
	k = reg(p, &src, &sw);
	if (k < 0)
		return k;
	if (k) {
		if ((k = width_check(p, w, sw)))
			return k;
		emit(p->c, cls | BPF_X | BPF_MOV, dst, src, 0, 0);
		return end_of_line(p);
	}
	/* a number: lddw when "ll" follows, else mov imm32 */
	save = p->s;
	k = num(p, NUM_IMM64, &v);
	if (k < 0)
		return k;
	if (k == 0)
		return expected(p, "a register, a number or a memory operand");
	if (word(p, "ll")) {
		if (w)
			return fail(p->c, "lddw loads a 64-bit register");
		emit_lddw(p->c, dst, 0, (uint64_t)v);
		return end_of_line(p);
	}
	p->s = save;
	if ((k = need_num(p, NUM_IMM32, &v)))
		return k;
	emit(p->c, cls | BPF_K | BPF_MOV, dst, 0, 0, (int32_t)v);
	return end_of_line(p);
}

static int k_reg_stmt(struct cur *p, int dst, bool w)
{
	const char *save = p->s;

	if (lit(p, "=") && *p->s != '=')
		return k_assign(p, dst, w);
	p->s = save;
	return k_alu_op(p, dst, w);
}

/* "*(u64 *)(r10 -8) = r1" / "= 7"; or "lock *(u64 *)(r1 +0) += r2". */
static int k_store(struct cur *p, bool locked)
{
	int size, base, src = 0, k;
	int16_t off;
	int64_t v = 0;
	bool sx, w;
	size_t i;

	if ((k = cast(p, &size, &sx)))
		return k;
	if (sx)
		return fail(p->c, "stores take an unsigned size");
	if ((k = memref(p, '(', &base, &off)))
		return k;
	if (locked) {
		for (i = 0; i < BC_ARRAY_SIZE(alu_ops); i++)
			if (lit(p, alu_ops[i].op))
				break;
		if (i == BC_ARRAY_SIZE(alu_ops) || alu_ops[i].off ||
		    (alu_ops[i].code != BPF_ADD && alu_ops[i].code != BPF_OR &&
		     alu_ops[i].code != BPF_AND && alu_ops[i].code != BPF_XOR))
			return expected(p, "'+=', '|=', '&=' or '^='");
		if ((k = need_reg(p, &src, &w)))
			return k;
		if (size != BPF_W && size != BPF_DW)
			return fail(p->c, "atomic operations are u32 or u64");
		emit(p->c, BPF_STX | BPF_ATOMIC | size, base, src, off,
		     alu_ops[i].code);
		return end_of_line(p);
	}
	if (!lit(p, "="))
		return expected(p, "'='");
	k = reg_or_imm(p, &src, &w, &v);
	if (k < 0)
		return k;
	if (k == 1)
		emit(p->c, BPF_STX | BPF_MEM | size, base, src, off, 0);
	else
		emit(p->c, BPF_ST | BPF_MEM | size, base, 0, off, (int32_t)v);
	return end_of_line(p);
}

static int k_if(struct cur *p)
{
	int dst, src = 0, k;
	bool w, sw, x;
	int64_t v = 0;
	size_t i;

	if ((k = need_reg(p, &dst, &w)))
		return k;
	for (i = 0; i < BC_ARRAY_SIZE(jmp_ops); i++)
		if (lit(p, jmp_ops[i].op))
			break;
	if (i == BC_ARRAY_SIZE(jmp_ops))
		return expected(p, "a comparison such as '>'");
	k = reg_or_imm(p, &src, &sw, &v);
	if (k < 0)
		return k;
	x = k == 1;
	if (x && (k = width_check(p, w, sw)))
		return k;
	if (!word(p, "goto"))
		return expected(p, "'goto'");
	k = jump_to(p, (w ? BPF_JMP32 : BPF_JMP) | jmp_ops[i].code |
		    (x ? BPF_X : BPF_K), dst, x ? src : 0,
		    x ? 0 : (int32_t)v, FIX_OFF);
	return k ? k : end_of_line(p);
}

/* ---- bpf_conformance syntax ---- */

static const struct { const char *n; uint8_t op; } c_alu[] = {
	{ "add", BPF_ADD }, { "sub", BPF_SUB }, { "mul", BPF_MUL },
	{ "div", BPF_DIV }, { "or", BPF_OR }, { "and", BPF_AND },
	{ "lsh", BPF_LSH }, { "rsh", BPF_RSH }, { "mod", BPF_MOD },
	{ "xor", BPF_XOR }, { "mov", BPF_MOV }, { "arsh", BPF_ARSH },
	{ "sdiv", BPF_DIV }, { "smod", BPF_MOD }, { "neg", BPF_NEG },
};

static const struct { const char *n; uint8_t op; } c_jmp[] = {
	{ "jeq", BPF_JEQ }, { "jgt", BPF_JGT }, { "jge", BPF_JGE },
	{ "jset", BPF_JSET }, { "jne", BPF_JNE }, { "jsgt", BPF_JSGT },
	{ "jsge", BPF_JSGE }, { "jlt", BPF_JLT }, { "jle", BPF_JLE },
	{ "jslt", BPF_JSLT }, { "jsle", BPF_JSLE },
};

static int comma(struct cur *p, const char *mn)
{
	if (!lit(p, ","))
		return fail(p->c, "wrong number of operands for '%s'", mn);
	return 0;
}

/* Operand count check at the end of a conformance instruction. */
static int c_end(struct cur *p, const char *mn)
{
	if (!at_end(p))
		return fail(p->c, "wrong number of operands for '%s'", mn);
	return 0;
}

static int c_need_reg(struct cur *p, const char *mn, int *r)
{
	if (at_end(p))
		return fail(p->c, "wrong number of operands for '%s'", mn);
	return need_reg(p, r, NULL);
}

/* strip a "32" suffix */
static bool suffix32(char *mn)
{
	size_t n = strlen(mn);

	if (n > 2 && !strcmp(mn + n - 2, "32")) {
		mn[n - 2] = '\0';
		return true;
	}
	return false;
}

static int c_alu_insn(struct cur *p, const char *full, char *mn, bool is32)
{
	uint8_t cls = is32 ? BPF_ALU : BPF_ALU64;
	int dst, src, k;
	int64_t v;
	size_t i;
	bool w;

	for (i = 0; i < BC_ARRAY_SIZE(c_alu); i++)
		if (!strcmp(mn, c_alu[i].n))
			break;
	if (i == BC_ARRAY_SIZE(c_alu))
		return 1;
	if ((k = c_need_reg(p, full, &dst)))
		return k;
	if (c_alu[i].op == BPF_NEG) {
		if ((k = c_end(p, full)))
			return k;
		emit(p->c, cls | BPF_NEG, dst, 0, 0, 0);
		return 0;
	}
	if ((k = comma(p, full)))
		return k;
	k = reg_or_imm(p, &src, &w, &v);
	if (k < 0)
		return k;
	if (k == 1)
		emit(p->c, cls | BPF_X | c_alu[i].op, dst, src, mn[0] == 's', 0);
	else
		emit(p->c, cls | BPF_K | c_alu[i].op, dst, 0, mn[0] == 's',
		     (int32_t)v);
	return c_end(p, full);
}

static int c_jmp_insn(struct cur *p, const char *full, char *mn, bool is32)
{
	int dst, src = 0, k;
	int64_t v = 0;
	size_t i;
	bool w;

	for (i = 0; i < BC_ARRAY_SIZE(c_jmp); i++)
		if (!strcmp(mn, c_jmp[i].n))
			break;
	if (i == BC_ARRAY_SIZE(c_jmp))
		return 1;
	if ((k = c_need_reg(p, full, &dst)) || (k = comma(p, full)))
		return k;
	k = reg_or_imm(p, &src, &w, &v);
	if (k < 0)
		return k;
	{
		bool x = k == 1;

		if ((k = comma(p, full)))
			return k;
		k = jump_to(p, (is32 ? BPF_JMP32 : BPF_JMP) | c_jmp[i].op |
			    (x ? BPF_X : BPF_K), dst, x ? src : 0,
			    x ? 0 : (int32_t)v, FIX_OFF);
	}
	return k ? k : c_end(p, full);
}

/* ldx/st/stx/ldabs/ldind mnemonics; 1 if not one of them. */
static int c_mem_insn(struct cur *p, const char *mn)
{
	static const struct { const char *n; int sz; } sizes[] = {
		{ "dw", BPF_DW }, { "b", BPF_B }, { "h", BPF_H }, { "w", BPF_W },
	};
	const char *rest;
	int kind, size = -1, dst, src, k;
	int16_t off;
	int64_t v;
	size_t i;

	if (!strncmp(mn, "ldxs", 4) && strcmp(mn, "ldxsdw")) {
		kind = 's';
		rest = mn + 4;
	} else if (!strncmp(mn, "ldx", 3)) {
		kind = 'l';
		rest = mn + 3;
	} else if (!strncmp(mn, "stx", 3)) {
		kind = 'x';
		rest = mn + 3;
	} else if (!strncmp(mn, "st", 2)) {
		kind = 's' + 1;
		rest = mn + 2;
	} else if (!strncmp(mn, "ldabs", 5)) {
		kind = 'a';
		rest = mn + 5;
	} else if (!strncmp(mn, "ldind", 5)) {
		kind = 'i';
		rest = mn + 5;
	} else {
		return 1;
	}
	for (i = 0; i < BC_ARRAY_SIZE(sizes); i++)
		if (!strcmp(rest, sizes[i].n))
			size = sizes[i].sz;
	if (size < 0 || ((kind == 'a' || kind == 'i') && size == BPF_DW))
		return 1;
	switch (kind) {
	case 's':
	case 'l':
		if ((k = c_need_reg(p, mn, &dst)) || (k = comma(p, mn)) ||
		    (k = memref(p, '[', &src, &off)))
			return k;
		emit(p->c, BPF_LDX | (kind == 's' ? BPF_MEMSX : BPF_MEM) | size,
		     dst, src, off, 0);
		break;
	case 'x':
	case 's' + 1:
		if (at_end(p))
			return fail(p->c, "wrong number of operands for '%s'", mn);
		if ((k = memref(p, '[', &dst, &off)) || (k = comma(p, mn)))
			return k;
		if (kind == 'x') {
			if ((k = c_need_reg(p, mn, &src)))
				return k;
			emit(p->c, BPF_STX | BPF_MEM | size, dst, src, off, 0);
		} else {
			if ((k = need_num(p, NUM_IMM32, &v)))
				return k;
			emit(p->c, BPF_ST | BPF_MEM | size, dst, 0, off,
			     (int32_t)v);
		}
		break;
	case 'a':
		if ((k = need_num(p, NUM_IMM32, &v)))
			return k;
		emit(p->c, BPF_LD | BPF_ABS | size, 0, 0, 0, (int32_t)v);
		break;
	default:
		if ((k = c_need_reg(p, mn, &src)) || (k = comma(p, mn)) ||
		    (k = need_num(p, NUM_IMM32, &v)))
			return k;
		emit(p->c, BPF_LD | BPF_IND | size, 0, src, 0, (int32_t)v);
		break;
	}
	return c_end(p, mn);
}

/* "lock [fetch] OP[32] [%rD+off], %rS" */
static int c_lock(struct cur *p)
{
	static const struct { const char *n; int32_t imm; } ops[] = {
		{ "add", BPF_ADD }, { "and", BPF_AND }, { "or", BPF_OR },
		{ "xor", BPF_XOR }, { "xchg", BPF_XCHG },
		{ "cmpxchg", BPF_CMPXCHG },
	};
	char mn[32];
	bool fetch, is32;
	int dst, src, k;
	int16_t off;
	int32_t imm;
	size_t i;

	fetch = word(p, "fetch");
	if (!ident(p, mn, sizeof(mn)))
		return fail(p->c, "wrong number of operands for 'lock'");
	is32 = suffix32(mn);
	for (i = 0; i < BC_ARRAY_SIZE(ops); i++)
		if (!strcmp(mn, ops[i].n))
			break;
	if (i == BC_ARRAY_SIZE(ops))
		return fail(p->c, "unknown atomic operation 'lock %s'", mn);
	imm = ops[i].imm;
	if (fetch && imm != BPF_XCHG && imm != BPF_CMPXCHG)
		imm |= BPF_FETCH;
	if (at_end(p))
		return fail(p->c, "wrong number of operands for 'lock'");
	if ((k = memref(p, '[', &dst, &off)))
		return k;
	if (at_end(p) || !lit(p, ","))
		return fail(p->c, "wrong number of operands for 'lock'");
	if ((k = need_reg(p, &src, NULL)))
		return k;
	emit(p->c, BPF_STX | BPF_ATOMIC | (is32 ? BPF_W : BPF_DW), dst, src,
	     off, imm);
	return c_end(p, "lock");
}

static int c_insn(struct cur *p, const char *word0)
{
	char mn[64];
	bool is32;
	int dst, src, k;
	int64_t v;

	snprintf(mn, sizeof(mn), "%s", word0);
	if (!strcmp(mn, "lddw")) {
		if ((k = c_need_reg(p, mn, &dst)) || (k = comma(p, mn)))
			return k;
		if ((k = need_num(p, NUM_IMM64, &v)))
			return k;
		emit_lddw(p->c, dst, 0, (uint64_t)v);
		return c_end(p, mn);
	}
	if (!strcmp(mn, "ja") || !strcmp(mn, "ja32")) {
		bool l = mn[2] == '3';

		if (at_end(p))
			return fail(p->c, "wrong number of operands for '%s'", mn);
		k = jump_to(p, (l ? BPF_JMP32 : BPF_JMP) | BPF_JA, 0, 0, 0,
			    l ? FIX_IMM : FIX_OFF);
		return k ? k : c_end(p, mn);
	}
	if (!strncmp(mn, "movsx", 5)) {
		int from = 0, to = 0;

		const char *q = mn + 5;

		from = q[0] == '8' ? 8 : (int)strtol((char[3]){ q[0], q[0] ? q[1] : 0, 0 },
						     NULL, 10);
		q += from == 8 ? 1 : (q[0] && q[1] ? 2 : strlen(q));
		to = (!strcmp(q, "32") || !strcmp(q, "64")) ? atoi(q) : 0;
		if ((from != 8 && from != 16 && from != 32) ||
		    (to != 32 && to != 64) || from >= to)
			return fail(p->c, "unknown mnemonic '%s'", mn);
		if ((k = c_need_reg(p, mn, &dst)) || (k = comma(p, mn)) ||
		    (k = c_need_reg(p, mn, &src)))
			return k;
		emit(p->c, (to == 64 ? BPF_ALU64 : BPF_ALU) | BPF_X | BPF_MOV,
		     dst, src, from, 0);
		return c_end(p, mn);
	}
	{
		static const struct { const char *n; uint8_t code; } sw[] = {
			{ "be", BPF_ALU | BPF_END | BPF_X },
			{ "le", BPF_ALU | BPF_END | BPF_K },
			{ "swap", BPF_ALU64 | BPF_END | BPF_K },
			{ "bswap", BPF_ALU64 | BPF_END | BPF_K },
		};
		size_t i, n;

		for (i = 0; i < BC_ARRAY_SIZE(sw); i++) {
			n = strlen(sw[i].n);
			if (strncmp(mn, sw[i].n, n) ||
			    (strcmp(mn + n, "16") && strcmp(mn + n, "32") &&
			     strcmp(mn + n, "64")))
				continue;
			if ((k = c_need_reg(p, mn, &dst)))
				return k;
			emit(p->c, sw[i].code, dst, 0, 0, atoi(mn + n));
			return c_end(p, mn);
		}
	}
	k = c_mem_insn(p, mn);
	if (k <= 0)
		return k;
	is32 = suffix32(mn);
	k = c_alu_insn(p, word0, mn, is32);
	if (k <= 0)
		return k;
	k = c_jmp_insn(p, word0, mn, is32);
	if (k <= 0)
		return k;
	return fail(p->c, "unknown mnemonic '%s'", word0);
}

/* ---- directives ---- */

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

	if (!map_ident(p, name, sizeof(name)))
		return expected(p, "a map name");
	if (find_map(p->c, name, &idx))
		return fail(p->c, "map '%s' declared twice", name);
	k = num(p, NUM_IMM32, &v[0]);
	if (k < 0)
		return k;
	if (k) {
		t = (int)v[0];
	} else {
		if (!ident(p, type, sizeof(type)))
			return expected(p, "a map type");
		t = map_type(type);
		if (t < 0)
			return fail(p->c, "unknown map type '%s'", type);
	}
	for (i = 0; i < 4; i++) {
		if (i == 3 && at_end(p))
			break;
		if ((k = need_num(p, NUM_IMM32, &v[i])))
			return k;
		if (v[i] < 0)
			return fail(p->c, "map sizes are not negative");
	}
	if ((k = end_of_line(p)))
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
	m->readonly = !!(m->map_flags & BPF_F_RDONLY_PROG);
	m->inner_map = -1;
	m->sec_idx = -1;
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

	if (!map_ident(p, name, sizeof(name)))
		return expected(p, "a map name");
	m = find_map(p->c, name, &idx);
	if (!m)
		return fail(p->c, "unknown map '%s'", name);
	if (m->init)
		return fail(p->c, "map '%s' initialised twice", name);
	limit = (uint64_t)m->value_size * m->max_entries;
	for (;;) {
		ws(p);
		if (!*p->s)
			break;
		if (!isxdigit((unsigned char)p->s[0]) ||
		    !isxdigit((unsigned char)p->s[1])) {
			free(buf);
			return expected(p, "hex bytes");
		}
		if (n >= limit) {
			free(buf);
			return fail(p->c, "more initial bytes than map '%s' holds (%llu)",
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
		ws(p);
		if (!isxdigit((unsigned char)p->s[0]) ||
		    !isxdigit((unsigned char)p->s[1]) || is_id(p->s[2]))
			return expected(p, "8 hex bytes");
		b[i] = (uint8_t)strtol((char[3]){ p->s[0], p->s[1], 0 }, NULL, 16);
		p->s += 2;
	}
	in = emit(p->c, 0, 0, 0, 0, 0);
	memcpy(in, b, sizeof(b));
	return end_of_line(p);
}

static int directive(struct cur *p)
{
	char name[128];

	if (word(p, ".raw"))
		return d_raw(p);
	if (word(p, ".map"))
		return d_map(p);
	if (word(p, ".init"))
		return d_init(p);
	if (word(p, ".type")) {
		ws(p);
		if (!*p->s)
			return expected(p, "a program type");
		free(p->c->type);
		p->c->type = bc_xstrndup(p->s, strcspn(p->s, " \t"));
		p->c->type_line = p->c->line;
		p->s += strlen(p->c->type);
		return end_of_line(p);
	}
	if (word(p, ".section")) {
		ws(p);
		if (!*p->s)
			return expected(p, "a section name");
		free(p->c->section);
		p->c->section = bc_xstrndup(p->s, strcspn(p->s, " \t"));
		p->s += strlen(p->c->section);
		return end_of_line(p);
	}
	if (word(p, ".func")) {
		if (!ident(p, name, sizeof(name)))
			return expected(p, "a function name");
		free(p->c->pending_func);
		p->c->pending_func = bc_xstrdup(name);
		return end_of_line(p);
	}
	ident(p, name, sizeof(name));
	return fail(p->c, "unknown directive '%s'", name);
}

/* ---- lines ---- */

/* Labels are found through an open-addressing hash of label index + 1. */
static uint32_t hash_str(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s)
		h = (h ^ (uint8_t)*s++) * 16777619u;
	return h;
}

static size_t *label_slot(struct asm_ctx *c, const char *name)
{
	size_t mask = c->hcap - 1, i = hash_str(name) & mask;

	while (c->htab[i] && strcmp(c->labels[c->htab[i] - 1].name, name))
		i = (i + 1) & mask;
	return &c->htab[i];
}

static void label_rehash(struct asm_ctx *c)
{
	size_t i;

	free(c->htab);
	c->hcap = c->hcap ? c->hcap * 2 : 64;
	c->htab = bc_xcalloc(c->hcap, sizeof(*c->htab));
	for (i = 0; i < c->nlabels; i++)
		*label_slot(c, c->labels[i].name) = i + 1;
}

static int add_label(struct asm_ctx *c, const char *name)
{
	size_t *slot;

	if (2 * (c->nlabels + 1) > c->hcap)
		label_rehash(c);
	slot = label_slot(c, name);
	if (*slot)
		return fail(c, "label '%s' defined twice", name);
	BC_GROW(c->labels, c->caplabels, c->nlabels + 1);
	c->labels[c->nlabels].name = bc_xstrdup(name);
	c->labels[c->nlabels++].pc = (uint32_t)c->cnt;
	*slot = c->nlabels;
	return 0;
}

/* Remove comments: ';', '//', and '#' at the start of a word. */
static void strip_comment(char *s)
{
	char *q;

	for (q = s; *q; q++) {
		if (*q == ';' || (q[0] == '/' && q[1] == '/') ||
		    (*q == '#' && (q == s || q[-1] == ' ' || q[-1] == '\t'))) {
			*q = '\0';
			break;
		}
	}
}

static bool hexbyte(const char *s)
{
	return isxdigit((unsigned char)s[0]) && isxdigit((unsigned char)s[1]) &&
	       (s[2] == ' ' || s[2] == '\t' || s[2] == '\0');
}

/* Skip "  5:" and then "(61)" or 8 raw bytes, as disasm prints them. */
static void skip_index(struct cur *p)
{
	const char *s = p->s;
	int i;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!isdigit((unsigned char)*s))
		return;
	while (isdigit((unsigned char)*s))
		s++;
	if (*s != ':')
		return;
	p->s = s + 1;
	ws(p);
	s = p->s;
	if (s[0] == '(' && isxdigit((unsigned char)s[1]) &&
	    isxdigit((unsigned char)s[2]) && s[3] == ')') {
		p->s += 4;
		return;
	}
	/* 8 bytes, or 16 for lddw as llvm-objdump shows it */
	for (i = 0; i < 16; i++) {
		if (!hexbyte(s))
			break;
		s += 2;
		while (*s == ' ' || *s == '\t')
			s++;
		if (i == 7)
			p->s = s;
	}
	if (i == 16)
		p->s = s;
}

/*
 * llvm-objdump decorations: a trailing "<LBB0_3>" after a jump target,
 * and "0000000000000000 <name>:" function headers (made into "name:").
 */
static void strip_objdump(char *s)
{
	size_t n = strlen(s), i;
	char *lt;

	if (strstr(s, ":\tfile format ") ||
	    !strncmp(s, "Disassembly of section ", 23)) {
		s[0] = '\0';
		return;
	}
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		s[--n] = '\0';
	if (n > 2 && s[n - 1] == ':' && s[n - 2] == '>' &&
	    isxdigit((unsigned char)s[0])) {
		lt = strchr(s, '<');
		for (i = 0; lt && s + i < lt - 1; i++)
			if (!isxdigit((unsigned char)s[i]))
				return;
		if (lt && lt[-1] == ' ') {
			memmove(s, lt + 1, strlen(lt + 1) + 1);
			n = strlen(s);
			s[n - 2] = ':';
			s[n - 1] = '\0';
		}
		return;
	}
	if (n < 3 || s[n - 1] != '>')
		return;
	lt = strrchr(s, '<');
	if (!lt || lt == s || lt[-1] != ' ' || !is_id0(lt[1]))
		return;
	for (i = 1; lt + i < s + n - 1; i++)
		if (!is_id(lt[i]) && lt[i] != '+')
			return;
	*lt = '\0';
}

static int statement(struct cur *p)
{
	char w0[64];
	bool w;
	int r, k;

	ws(p);
	if (*p->s == '.')
		return directive(p);
	if (*p->s == '*') {
		p->s++;
		return k_store(p, false);
	}
	k = reg(p, &r, &w);
	if (k < 0)
		return k;
	if (k)
		return k_reg_stmt(p, r, w);
	if (!ident(p, w0, sizeof(w0))) {
		char buf[64];

		return fail(p->c, "unknown mnemonic '%s'",
			    peek_word(p, buf, sizeof(buf)));
	}
	if (!strcmp(w0, "exit")) {
		if (p->c->first_exit < 0)
			p->c->first_exit = (int64_t)p->c->cnt;
		emit(p->c, BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
		return end_of_line(p);
	}
	if (!strcmp(w0, "goto") || !strcmp(w0, "gotol")) {
		bool l = w0[4] == 'l';

		k = jump_to(p, (l ? BPF_JMP32 : BPF_JMP) | BPF_JA, 0, 0, 0,
			    l ? FIX_IMM : FIX_OFF);
		return k ? k : end_of_line(p);
	}
	if (!strcmp(w0, "if"))
		return k_if(p);
	if (!strcmp(w0, "call"))
		return parse_call(p);
	if (!strcmp(w0, "callx")) {
		if ((k = need_reg(p, &r, NULL)))
			return k;
		emit(p->c, BPF_JMP | BPF_CALL | BPF_X, r, 0, 0, 0);
		return end_of_line(p);
	}
	if (!strcmp(w0, "lock")) {
		if (lit(p, "*"))
			return k_store(p, true);
		return c_lock(p);
	}
	return c_insn(p, w0);
}

static int do_line(struct asm_ctx *c, char *line)
{
	struct cur p = { line, c };
	char name[128];
	const char *save;
	int k;

	strip_comment(line);
	strip_objdump(line);
	skip_index(&p);
	for (;;) {
		if (at_end(&p))
			return 0;
		save = p.s;
		if (ident(&p, name, sizeof(name)) && *p.s == ':' &&
		    name[0] != '.') {
			p.s++;
			if ((k = add_label(c, name)))
				return k;
			continue;
		}
		p.s = save;
		return statement(&p);
	}
}

static int64_t find_label(struct asm_ctx *c, const char *name)
{
	size_t slot = c->hcap ? *label_slot(c, name) : 0;

	if (slot)
		return c->labels[slot - 1].pc;
	if (!strcmp(name, "exit") && c->first_exit >= 0)
		return c->first_exit;
	return -1;
}

static int resolve(struct asm_ctx *c)
{
	size_t i;

	for (i = 0; i < c->nfix; i++) {
		struct fixup *f = &c->fix[i];
		int64_t t = find_label(c, f->label), rel;
		struct bpf_insn *in = &c->insns[f->pc];

		c->line = f->line;
		if (t < 0)
			return fail(c, "unknown label '%s'", f->label);
		rel = t - (int64_t)f->pc - 1;
		if (f->kind == FIX_FUNC)
			in = &c->insns[f->pc - 1], rel = t - (int64_t)f->pc;
		if (f->kind == FIX_OFF) {
			if (rel < INT16_MIN || rel > INT16_MAX)
				return fail(c, "jump to '%s' is out of range (offset %lld does not fit 16 bits; use gotol)",
					    f->label, (long long)rel);
			in->off = (int16_t)rel;
		} else {
			in->imm = (int32_t)rel;
		}
		if (f->kind == FIX_CALL || f->kind == FIX_FUNC) {
			BC_GROW(c->funcs, c->capfuncs, c->nfuncs + 1);
			c->funcs[c->nfuncs].name = bc_xstrdup(f->label);
			c->funcs[c->nfuncs++].pc = (uint32_t)t;
		}
	}
	return 0;
}

static void ctx_free(struct asm_ctx *c)
{
	size_t i;

	free(c->insns);
	for (i = 0; i < c->nlabels; i++)
		free(c->labels[i].name);
	free(c->labels);
	free(c->htab);
	for (i = 0; i < c->nfix; i++)
		free(c->fix[i].label);
	free(c->fix);
	for (i = 0; i < c->nfuncs; i++)
		free(c->funcs[i].name);
	free(c->funcs);
	free(c->pending_func);
	for (i = 0; i < c->nmaps; i++) {
		free(c->maps[i].name);
		free(c->maps[i].init);
	}
	free(c->maps);
	free(c->type);
	free(c->section);
}

static int assemble(struct asm_ctx *c, const char *text, size_t len,
		    struct bc_err *err)
{
	size_t pos = 0, n;
	char *line = NULL;
	int k = 0;

	memset(c, 0, sizeof(*c));
	c->err = err;
	c->first_exit = -1;
	while (pos < len && !k) {
		const char *nl = memchr(text + pos, '\n', len - pos);

		n = nl ? (size_t)(nl - (text + pos)) : len - pos;
		c->line++;
		line = bc_xrealloc(line, n + 1);
		memcpy(line, text + pos, n);
		line[n] = '\0';
		if (memchr(line, '\0', n))
			k = fail(c, "NUL byte in assembly text");
		else
			k = do_line(c, line);
		pos += n + 1;
		if (!k && c->cnt > BC_MAX_INSNS)
			k = fail(c, "more than %u instructions", BC_MAX_INSNS);
	}
	free(line);
	if (!k && c->pending_func)
		k = fail(c, ".func %s is not followed by an instruction",
			 c->pending_func);
	if (!k && c->cnt == 0)
		k = bc_errf(err, -1, EINVAL, "no instructions");
	if (!k)
		k = resolve(c);
	return k;
}

int bc_asm(const char *text, size_t len, struct bpf_insn **insns,
	   uint32_t *cnt, struct bc_err *err)
{
	struct asm_ctx c;
	int k;

	k = assemble(&c, text, len, err);
	if (!k) {
		*insns = c.insns;
		*cnt = (uint32_t)c.cnt;
		c.insns = NULL;
	}
	ctx_free(&c);
	return k;
}

static int cmp_label(const void *a, const void *b)
{
	const struct label *x = a, *y = b;

	if (x->pc != y->pc)
		return x->pc < y->pc ? -1 : 1;
	/* named entries first, so the name survives deduplication */
	return (x->name == NULL) - (y->name == NULL);
}

/* Labels are defined in order, so their pcs never decrease. */
static const char *label_at(struct asm_ctx *c, uint32_t pc)
{
	size_t lo = 0, hi = c->nlabels;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (c->labels[mid].pc < pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < c->nlabels && c->labels[lo].pc == pc ?
	       c->labels[lo].name : NULL;
}

/* prog->funcs from function starts: sorted, unique, funcs[0] at 0. */
static void build_funcs(struct asm_ctx *c, struct bc_prog *p)
{
	const char *lname;
	size_t i, n = 0;
	char buf[32];

	add_func(c, 0);
	qsort(c->funcs, c->nfuncs, sizeof(*c->funcs), cmp_label);
	p->funcs = bc_xcalloc(c->nfuncs, sizeof(*p->funcs));
	for (i = 0; i < c->nfuncs; i++) {
		struct label *l = &c->funcs[i];

		if (l->pc >= c->cnt || (n && p->funcs[n - 1].start == l->pc))
			continue;
		if (l->pc == 0) {
			p->funcs[n].name = bc_xstrdup(p->name);
		} else if (l->name) {
			p->funcs[n].name = bc_xstrdup(l->name);
		} else if ((lname = label_at(c, l->pc))) {
			p->funcs[n].name = bc_xstrdup(lname);
		} else {
			snprintf(buf, sizeof(buf), "func_%u", l->pc);
			p->funcs[n].name = bc_xstrdup(buf);
		}
		p->funcs[n++].start = l->pc;
	}
	for (i = 0; i < n; i++)
		p->funcs[i].len = (i + 1 < n ? p->funcs[i + 1].start :
				   (uint32_t)c->cnt) - p->funcs[i].start;
	p->func_cnt = (uint32_t)n;
}

static char *prog_name(const char *path)
{
	const char *b = strrchr(path, '/');
	size_t n;

	b = b ? b + 1 : path;
	n = strcspn(b, ".");
	if (n == 0)
		return bc_xstrdup("prog");
	return bc_xstrndup(b, n);
}

int bc_asm_open(const char *name, const char *text, size_t len,
		const struct bc_open_opts *opts, struct bc_object *obj,
		struct bc_err *err)
{
	struct asm_ctx c;
	struct bc_prog *p;
	uint32_t t = BPF_PROG_TYPE_SOCKET_FILTER, a = 0;
	bool aset = false;
	size_t i;
	int k;

	k = assemble(&c, text, len, err);
	if (k) {
		/* prefix the file name: "x.s: line 3: ..." */
		char msg[sizeof(err->msg)];

		memcpy(msg, err->msg, sizeof(msg));
		snprintf(err->msg, sizeof(err->msg), "%.200s: %.300s", name, msg);
		ctx_free(&c);
		return k;
	}
	if (c.type && !(opts && opts->type) &&
	    !bc_progtype_parse(c.type, &t, &a, &aset)) {
		k = bc_errf(err, -1, EINVAL, "%s: line %d: unknown program type '%s'",
			    name, c.type_line, c.type);
		ctx_free(&c);
		return k;
	}
	if (c.type && c.section && !aset) {
		/* a plain type name keeps the attach type the section gives
		 * (libbpf's set_type keeps expected_attach_type) */
		uint32_t st, sa;
		bool saset;

		if (bc_progtype_from_section(c.section, &st, &sa, &saset) &&
		    st == t) {
			a = sa;
			aset = saset;
		}
	}
	for (i = 0; i < c.nmaps; i++) {
		struct bc_map *m = bc_object_add_map(obj);

		*m = c.maps[i];
		c.maps[i].name = NULL;
		c.maps[i].init = NULL;
	}
	p = bc_object_add_prog(obj);
	p->name = prog_name(name);
	p->section = bc_xstrdup(c.section ? c.section : "asm");
	p->type = t;
	p->attach_type = a;
	p->attach_type_set = aset;
	p->insns = c.insns;
	p->insn_cnt = (uint32_t)c.cnt;
	c.insns = NULL;
	build_funcs(&c, p);
	bc_prog_collect_maps(p);
	obj->kind = BC_INPUT_ASM;
	ctx_free(&c);
	return 0;
}
