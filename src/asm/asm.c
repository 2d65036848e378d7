// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Assembler for two syntaxes, detected per line (they may be mixed):
 *
 *  - the Linux verifier log / llvm-objdump syntax that disasm.c prints:
 *    "r1 = *(u32 *)(r6 +76)", "w1 += w2", "if r2 > r3 goto pc+5",
 *    "call bpf_map_lookup_elem#1", "r0 = 0x1122334455667788 ll",
 *    "may_goto pc+3" (also "may_goto +3" and "may_goto label");
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

#include "isa/insn.h"
#include "asm/asm.h"
#include "asm/asm_priv.h"

/* ---- calls ---- */

/* The index of kernel function name in c->ksyms, added if new. */
static int32_t asm_ksym(struct asm_ctx *c, const char *name)
{
	size_t i;

	for (i = 0; i < c->nksyms; i++)
		if (!strcmp(c->ksyms[i], name))
			return (int32_t)i;
	BC_GROW(c->ksyms, c->capksyms, c->nksyms + 1);
	c->ksyms[c->nksyms] = bc_xstrdup(name);
	return (int32_t)c->nksyms++;
}

/*
 * call forms of both syntaxes: "call 1", "call name#1", "call name",
 * "call pc+3", "call label", "call kfunc#7", "call %r2" (callx),
 * "call bpf_iter_num_new#63675" and "call bpf_iter_num_new" (a kfunc by
 * name, as Linux's log and llvm-objdump print them; the id is not kept),
 * "call local label", "call helper 1", "call runtime 7", and "call kfunc
 * NAME" (a kfunc by name, when NAME is also a helper's or a label's).
 */
static int parse_call(struct cur *p)
{
	char name[128];
	bool kf = false;
	int64_t v;
	int r, k;

	k = bc_asm_reg(p, &r, NULL);
	if (k < 0)
		return k;
	if (k) {
		bc_asm_emit(p->c, BPF_JMP | BPF_CALL | BPF_X, r, 0, 0, 0);
		return bc_asm_end_of_line(p);
	}
	if (bc_asm_word(p, "local")) {
		k = bc_asm_jump_to(p, BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0,
				   FIX_CALL);
		return k ? k : bc_asm_end_of_line(p);
	}
	if (bc_asm_word(p, "helper") || (kf = bc_asm_word(p, "runtime"))) {
		k = bc_asm_need_num(p, NUM_IMM32, &v);
		if (k)
			return k;
		bc_asm_emit(p->c, BPF_JMP | BPF_CALL, 0,
			    kf ? BPF_PSEUDO_KFUNC_CALL : 0, 0, (int32_t)v);
		return bc_asm_end_of_line(p);
	}
	bc_asm_ws(p);
	if (p->s[0] == 'p' && p->s[1] == 'c' &&
	    (p->s[2] == '+' || p->s[2] == '-')) {
		k = bc_asm_jump_to(p, BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0,
				   FIX_CALL);
		return k ? k : bc_asm_end_of_line(p);
	}
	k = bc_asm_num(p, NUM_IMM32, &v);
	if (k < 0)
		return k;
	if (k) {
		bc_asm_emit(p->c, BPF_JMP | BPF_CALL, 0, 0, 0, (int32_t)v);
		return bc_asm_end_of_line(p);
	}
	if (!bc_asm_ident(p, name, sizeof(name)))
		return bc_asm_expected(p, "a call target");
	if (!strcmp(name, "kfunc") && bc_asm_ident(p, name, sizeof(name))) {
		/* "call kfunc NAME": a kfunc whatever else NAME names */
		bc_asm_emit(p->c, BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_KFUNC_CALL,
			    0, asm_ksym(p->c, name));
		return bc_asm_end_of_line(p);
	}
	if (bc_asm_lit(p, "#")) {
		k = bc_asm_need_num(p, NUM_IMM32, &v);
		if (k)
			return k;
		if (!strcmp(name, "kfunc"))
			bc_asm_emit(p->c, BPF_JMP | BPF_CALL, 0,
				    BPF_PSEUDO_KFUNC_CALL, 0, (int32_t)v);
		else if (bc_helper_by_name(name) > 0 ||
			 !strcmp(name, "unknown"))
			bc_asm_emit(p->c, BPF_JMP | BPF_CALL, 0, 0, 0,
				    (int32_t)v);
		else /* Linux's "call bpf_iter_num_new#63675": by name */
			bc_asm_emit(p->c, BPF_JMP | BPF_CALL, 0,
				    BPF_PSEUDO_KFUNC_CALL, 0,
				    asm_ksym(p->c, name));
		return bc_asm_end_of_line(p);
	}
	k = bc_helper_by_name(name);
	if (k > 0) {
		bc_asm_emit(p->c, BPF_JMP | BPF_CALL, 0, 0, 0, k);
	} else {
		bc_asm_emit(p->c, BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0, 0);
		bc_asm_add_fix(p->c, name, FIX_CALL_EXT);
	}
	return bc_asm_end_of_line(p);
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
		return bc_asm_fail(c, "label '%s' defined twice", name);
	BC_GROW(c->labels, c->caplabels, c->nlabels + 1);
	c->labels[c->nlabels].name = bc_xstrdup(name);
	c->labels[c->nlabels++].pc = (uint32_t)c->cnt;
	*slot = c->nlabels;
	return 0;
}

/*
 * ".func NAME" names the next instruction, and "call NAME" calls it (not a
 * kfunc of that name). A name that is already a label keeps its first place.
 */
int bc_asm_name_func(struct asm_ctx *c, const char *name)
{
	if (c->hcap && *label_slot(c, name))
		return 0;
	return add_label(c, name);
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
	bc_asm_ws(p);
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
	if (!lt || lt == s || lt[-1] != ' ' || !bc_asm_is_id0(lt[1]))
		return;
	for (i = 1; lt + i < s + n - 1; i++)
		if (!bc_asm_is_id(lt[i]) && lt[i] != '+')
			return;
	*lt = '\0';
}

static int statement(struct cur *p)
{
	char w0[64];
	bool w;
	int r, k;

	bc_asm_ws(p);
	if (*p->s == '.')
		return bc_asm_directive(p);
	if (*p->s == '*') {
		p->s++;
		return bc_asm_linux_store(p, false);
	}
	k = bc_asm_reg(p, &r, &w);
	if (k < 0)
		return k;
	if (k)
		return bc_asm_linux_reg(p, r, w);
	if (!bc_asm_ident(p, w0, sizeof(w0))) {
		char buf[64];

		return bc_asm_fail(p->c, "unknown mnemonic '%s'",
				   bc_asm_peek_word(p, buf, sizeof(buf)));
	}
	if (!strcmp(w0, "exit")) {
		if (p->c->first_exit < 0)
			p->c->first_exit = (int64_t)p->c->cnt;
		bc_asm_emit(p->c, BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
		return bc_asm_end_of_line(p);
	}
	if (!strcmp(w0, "goto") || !strcmp(w0, "gotol")) {
		bool l = w0[4] == 'l';

		k = bc_asm_jump_to(p, (l ? BPF_JMP32 : BPF_JMP) | BPF_JA, 0, 0,
				   0, l ? FIX_IMM : FIX_OFF);
		return k ? k : bc_asm_end_of_line(p);
	}
	if (!strcmp(w0, "may_goto")) { /* "may_goto pc+3", "+3", label */
		k = bc_asm_jump_to(p, BPF_JMP | BPF_JCOND, 0, BPF_MAY_GOTO, 0,
				   FIX_OFF);
		return k ? k : bc_asm_end_of_line(p);
	}
	if (!strcmp(w0, "if"))
		return bc_asm_linux_if(p);
	if (!strcmp(w0, "call"))
		return parse_call(p);
	if (!strcmp(w0, "callx")) {
		if ((k = bc_asm_need_reg(p, &r, NULL)))
			return k;
		bc_asm_emit(p->c, BPF_JMP | BPF_CALL | BPF_X, r, 0, 0, 0);
		return bc_asm_end_of_line(p);
	}
	if (!strcmp(w0, "lock")) {
		if (bc_asm_lit(p, "*"))
			return bc_asm_linux_store(p, true);
		return bc_asm_conf_lock(p);
	}
	return bc_asm_conf_insn(p, w0);
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
		if (bc_asm_at_end(&p))
			return 0;
		save = p.s;
		if (bc_asm_ident(&p, name, sizeof(name)) && *p.s == ':' &&
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
		if (t < 0 && f->kind == FIX_CALL_EXT) { /* an extern: a kfunc */
			in->src_reg = BPF_PSEUDO_KFUNC_CALL;
			in->imm = asm_ksym(c, f->label);
			continue;
		}
		if (t < 0)
			return bc_asm_fail(c, "unknown label '%s'", f->label);
		rel = t - (int64_t)f->pc - 1;
		if (f->kind == FIX_FUNC)
			in = &c->insns[f->pc - 1], rel = t - (int64_t)f->pc;
		if (f->kind == FIX_OFF) {
			if (rel < INT16_MIN || rel > INT16_MAX)
				return bc_asm_fail(
					c,
					"jump to '%s' is out of range (offset %lld does not fit 16 bits; use gotol)",
					f->label, (long long)rel);
			in->off = (int16_t)rel;
		} else {
			in->imm = (int32_t)rel;
		}
		if (f->kind == FIX_CALL || f->kind == FIX_CALL_EXT ||
		    f->kind == FIX_FUNC) {
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
	for (i = 0; i < c->nksyms; i++)
		free(c->ksyms[i]);
	free(c->ksyms);
	for (i = 0; i < c->nmaps; i++) {
		free(c->maps[i].name);
		free(c->maps[i].init);
	}
	free(c->maps);
	free(c->type);
	free(c->section);
	free(c->license);
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
			k = bc_asm_fail(c, "NUL byte in assembly text");
		else
			k = do_line(c, line);
		pos += n + 1;
		if (!k && c->cnt > BC_MAX_INSNS)
			k = bc_asm_fail(c, "more than %u instructions",
					BC_MAX_INSNS);
	}
	free(line);
	if (!k && c->pending_func)
		k = bc_asm_fail(c, ".func %s is not followed by an instruction",
				c->pending_func);
	if (!k && c->cnt == 0)
		k = bc_errf(err, -1, EINVAL, "no instructions");
	if (!k)
		k = resolve(c);
	return k;
}

int bc_asm(const char *text, size_t len, struct bpf_insn **insns, uint32_t *cnt,
	   struct bc_err *err)
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
	return lo < c->nlabels && c->labels[lo].pc == pc ? c->labels[lo].name :
							   NULL;
}

/* prog->funcs from function starts: sorted, unique, funcs[0] at 0. */
static void build_funcs(struct asm_ctx *c, struct bc_prog *p)
{
	const char *lname;
	size_t i, n = 0;
	char buf[32];

	bc_asm_add_func(c, 0);
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
		p->funcs[i].len =
			(i + 1 < n ? p->funcs[i + 1].start : (uint32_t)c->cnt) -
			p->funcs[i].start;
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
		snprintf(err->msg, sizeof(err->msg), "%.200s: %.300s", name,
			 msg);
		ctx_free(&c);
		return k;
	}
	if (c.type && !(opts && opts->type) &&
	    !bc_progtype_parse(c.type, &t, &a, &aset)) {
		k = bc_errf(err, -1, EINVAL,
			    "%s: line %d: unknown program type '%s'", name,
			    c.type_line, c.type);
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
	/* as the kernel's own test loaders, GPL unless .license says */
	obj->license = bc_xstrdup(c.license ? c.license : "GPL");
	for (i = 0; i < c.nksyms; i++)
		bc_object_ksym(obj, c.ksyms[i], BC_KSYM_FUNC);
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
