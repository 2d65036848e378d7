/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Internals of the assembler, shared by asm.c (lines, labels, calls, the
 * object), asm_lex.c (lexing, operands, output), asm_linux.c and
 * asm_conf.c (the two syntaxes) and asm_directive.c.
 */
#ifndef BC_ASM_PRIV_H
#define BC_ASM_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "prog/prog.h"

enum fix_kind {
	FIX_OFF, /* insn.off = target - pc - 1 */
	FIX_IMM, /* insn.imm = target - pc - 1 (gotol) */
	FIX_CALL, /* pseudo call; target starts a function */
	FIX_CALL_EXT, /* as FIX_CALL; no such label: a kfunc by that name */
	FIX_FUNC, /* lddw pseudo func; target starts a function */
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
	size_t *htab, hcap; /* label hash: index + 1, 0 = empty */
	struct fixup *fix;
	size_t nfix, capfix;
	struct label *funcs; /* function starts (name may be NULL) */
	size_t nfuncs, capfuncs;
	char *pending_func; /* .func NAME waiting for its instruction */
	/* kernel functions called by name: a kfunc call's imm indexes this
	 * (the object's ksyms, as the ELF loader numbers them) */
	char **ksyms;
	size_t nksyms, capksyms;
	struct bc_map *maps;
	size_t nmaps, capmaps;
	char *type;
	int type_line;
	char *section;
	char *license; /* .license, NULL: "GPL" */
	int64_t first_exit;
	int line;
	struct bc_err *err;
};

/* Parser cursor over one line (comments already removed). */
struct cur {
	const char *s;
	struct asm_ctx *c;
};

enum num_range { NUM_IMM32, NUM_OFF16, NUM_IMM64 };

/*
 * The int-returning functions give 0 on success or a negative errno with
 * the error set ("line N: ..."); bc_asm_reg, bc_asm_num and
 * bc_asm_reg_or_imm give a positive number for what they found.
 */
int bc_asm_fail(struct asm_ctx *c, const char *fmt, ...) BC_PRINTF(2, 3);
int bc_asm_expected(struct cur *p, const char *what);

/* Lexing. */
void bc_asm_ws(struct cur *p);
bool bc_asm_at_end(struct cur *p);
bool bc_asm_lit(struct cur *p, const char *t);
bool bc_asm_is_id0(char ch);
bool bc_asm_is_id(char ch);
bool bc_asm_word(struct cur *p, const char *t);
bool bc_asm_ident(struct cur *p, char *buf, size_t len);
const char *bc_asm_peek_word(struct cur *p, char *buf, size_t len);
int bc_asm_end_of_line(struct cur *p);

/* Operands. */
int bc_asm_reg(struct cur *p, int *r, bool *w);
int bc_asm_need_reg(struct cur *p, int *r, bool *w);
int bc_asm_num(struct cur *p, enum num_range rg, int64_t *out);
int bc_asm_need_num(struct cur *p, enum num_range rg, int64_t *out);
int bc_asm_reg_or_imm(struct cur *p, int *r, bool *w, int64_t *v);
int bc_asm_cast(struct cur *p, int *size, bool *sx);
int bc_asm_memref(struct cur *p, char open, int *r, int16_t *off);
int bc_asm_target(struct cur *p, enum num_range rg, int64_t *rel,
		  bool *is_label, char *name, size_t len);
bool bc_asm_map_ident(struct cur *p, char *buf, size_t len);
struct bc_map *bc_asm_find_map(struct asm_ctx *c, const char *name,
			       int32_t *idx);

/* Output. */
struct bpf_insn *bc_asm_emit(struct asm_ctx *c, uint8_t code, int dst, int src,
			     int16_t off, int32_t imm);
void bc_asm_emit_lddw(struct asm_ctx *c, int dst, int src, uint64_t v);
void bc_asm_add_fix(struct asm_ctx *c, const char *label, enum fix_kind k);
void bc_asm_add_func(struct asm_ctx *c, int64_t pc);
int bc_asm_name_func(struct asm_ctx *c, const char *name);
int bc_asm_jump_to(struct cur *p, uint8_t code, int dst, int src, int32_t imm,
		   enum fix_kind k);

/*
 * Statements of the Linux / LLVM syntax (asm_linux.c): after the register
 * of "rD = ..." or "rD += ...", after the '*' of a store (or "lock *"),
 * after "if".
 */
int bc_asm_linux_reg(struct cur *p, int dst, bool w);
int bc_asm_linux_store(struct cur *p, bool locked);
int bc_asm_linux_if(struct cur *p);
/* The bpf_conformance syntax (asm_conf.c): a mnemonic, or after "lock". */
int bc_asm_conf_insn(struct cur *p, const char *word0);
int bc_asm_conf_lock(struct cur *p);
/* A line starting with '.' (asm_directive.c). */
int bc_asm_directive(struct cur *p);

#endif
