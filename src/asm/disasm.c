// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Disassembler in the Linux verifier-log / llvm-objdump syntax.
 *
 * Every output line reads back through bc_asm() to the same bytes: an
 * encoding this printer cannot show faithfully (unknown opcode, reserved
 * fields set) prints as ".raw b0 b1 ... b7 ; what it would mean".
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "asm/disasm.h"
#include "isa/insn.h"

struct out {
	char *buf;
	size_t len, pos;
};

static void put(struct out *o, const char *fmt, ...) BC_PRINTF(2, 3);

static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (o->pos >= o->len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(o->buf + o->pos, o->len - o->pos, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->pos = BC_MIN(o->pos + (size_t)n, o->len - 1);
}

static const char *const alu_ops[16] = {
	[BPF_ADD >> 4] = "+=",	[BPF_SUB >> 4] = "-=",	  [BPF_MUL >> 4] = "*=",
	[BPF_DIV >> 4] = "/=",	[BPF_OR >> 4] = "|=",	  [BPF_AND >> 4] = "&=",
	[BPF_LSH >> 4] = "<<=", [BPF_RSH >> 4] = ">>=",	  [BPF_MOD >> 4] = "%=",
	[BPF_XOR >> 4] = "^=",	[BPF_ARSH >> 4] = "s>>=",
};

static const char *const jmp_ops[16] = {
	[BPF_JEQ >> 4] = "==",	 [BPF_JGT >> 4] = ">",
	[BPF_JGE >> 4] = ">=",	 [BPF_JSET >> 4] = "&",
	[BPF_JNE >> 4] = "!=",	 [BPF_JSGT >> 4] = "s>",
	[BPF_JSGE >> 4] = "s>=", [BPF_JLT >> 4] = "<",
	[BPF_JLE >> 4] = "<=",	 [BPF_JSLT >> 4] = "s<",
	[BPF_JSLE >> 4] = "s<=",
};

static const char *const size_names[4] = { "u32", "u16", "u8", "u64" };
static const char *const ssize_names[4] = { "s32", "s16", "s8", "s64" };

static const char *sz(const struct bpf_insn *in)
{
	return size_names[bc_size(in) >> 3];
}

static void raw(struct out *o, const struct bpf_insn *in)
{
	const uint8_t *b = (const uint8_t *)in;
	int i;

	put(o, ".raw");
	for (i = 0; i < 8; i++)
		put(o, " %02x", b[i]);
}

/* "(r6 +76)" */
static void memref(struct out *o, int reg, int16_t off)
{
	put(o, "(r%d %+d)", reg, off);
}

/* Returns false when the encoding has no faithful text form. */
static bool fmt_alu(struct out *o, const struct bpf_insn *in)
{
	bool is64 = bc_class(in) == BPF_ALU64, x = bc_srcbit(in) == BPF_X;
	char r = is64 ? 'r' : 'w';
	uint8_t op = bc_op(in);

	switch (op) {
	case BPF_NEG:
		if (x || in->src_reg || in->off || in->imm)
			return false;
		put(o, "%c%d = -%c%d", r, in->dst_reg, r, in->dst_reg);
		return true;
	case BPF_END: {
		const char *kind = is64 ? "bswap" : x ? "be" : "le";

		if ((is64 && x) || in->src_reg || in->off ||
		    (in->imm != 16 && in->imm != 32 && in->imm != 64))
			return false;
		put(o, "r%d = %s%d r%d", in->dst_reg, kind, in->imm,
		    in->dst_reg);
		return true;
	}
	case BPF_MOV:
		if (!x) {
			if (in->src_reg || in->off)
				return false;
			put(o, "%c%d = %d", r, in->dst_reg, in->imm);
			return true;
		}
		if (is64 && in->off == BC_ADDR_SPACE_CAST &&
		    (in->imm == 1 || in->imm == 1 << 16)) {
			put(o, "r%d = addr_space_cast(r%d, %u, %u)",
			    in->dst_reg, in->src_reg, (uint32_t)in->imm >> 16,
			    (uint16_t)in->imm);
			return true;
		}
		if (in->imm)
			return false;
		if (in->off == 0) {
			put(o, "%c%d = %c%d", r, in->dst_reg, r, in->src_reg);
		} else if (in->off == 8 || in->off == 16 || in->off == 32) {
			put(o, "%c%d = (s%d)%c%d", r, in->dst_reg, in->off, r,
			    in->src_reg);
		} else {
			return false;
		}
		return true;
	}
	if (!alu_ops[op >> 4])
		return false;
	if (in->off && !(in->off == 1 && (op == BPF_DIV || op == BPF_MOD)))
		return false;
	if (x ? in->imm != 0 : in->src_reg != 0)
		return false;
	put(o, "%c%d %s%s ", r, in->dst_reg, in->off ? "s" : "",
	    alu_ops[op >> 4]);
	if (x)
		put(o, "%c%d", r, in->src_reg);
	else
		put(o, "%d", in->imm);
	return true;
}

static const struct bc_func *func_at(const struct bc_prog *prog, int64_t pc)
{
	uint32_t i;

	if (!prog || pc < 0)
		return NULL;
	for (i = 0; i < prog->func_cnt; i++)
		if (prog->funcs[i].start == pc)
			return &prog->funcs[i];
	return NULL;
}

/* Would "call NAME" read back as another call: a helper, a function? */
static bool call_name_taken(const struct bc_prog *prog, const char *name)
{
	static const char *const words[] = { "kfunc", "local", "helper",
					     "runtime", "unknown" };

	for (size_t i = 0; i < BC_ARRAY_SIZE(words); i++)
		if (!strcmp(name, words[i]))
			return true;
	for (uint32_t i = 0; i < prog->func_cnt; i++)
		if (prog->funcs[i].name && !strcmp(prog->funcs[i].name, name))
			return true;
	return bc_helper_by_name(name) > 0;
}

/*
 * A kfunc call as Linux's log prints it, "call bpf_iter_num_new#63668"
 * (the name and its id in the target BTF), the name alone without that
 * BTF, "call kfunc#3" when the object does not name it, "call kfunc
 * NAME" when the name alone would call something else.
 */
static bool fmt_kfunc_call(struct out *o, const struct bc_prog *prog,
			   int32_t imm)
{
	const struct bc_object *obj = prog ? prog->obj : NULL;
	const char *name = obj ? bc_object_ksym_name(obj, imm) : NULL;

	if (!name)
		put(o, "call kfunc#%d", imm);
	else if (call_name_taken(prog, name))
		put(o, "call kfunc %s", name);
	else if (obj->ksym_btf_id && obj->ksym_btf_id[imm])
		put(o, "call %s#%u", name, obj->ksym_btf_id[imm]);
	else
		put(o, "call %s", name);
	return true;
}

static bool fmt_call(struct out *o, const struct bc_prog *prog,
		     const struct bpf_insn *in, uint32_t pc)
{
	const struct bc_func *f;
	const char *name;

	if (bc_srcbit(in) == BPF_X) {
		/* callx: LLVM and bpf_conformance put the register in dst */
		if (in->src_reg || in->off || in->imm)
			return false;
		put(o, "callx r%d", in->dst_reg);
		return true;
	}
	if (in->dst_reg || (in->off && in->src_reg != BPF_PSEUDO_KFUNC_CALL))
		return false;
	switch (in->src_reg) {
	case 0:
		name = bc_helper_name(in->imm);
		put(o, "call %s#%d", name ? name : "unknown", in->imm);
		return true;
	case BPF_PSEUDO_CALL:
		put(o, "call pc%+d", in->imm);
		f = func_at(prog, (int64_t)pc + in->imm + 1);
		if (f && f->name)
			put(o, " ; %s", f->name);
		return true;
	case BPF_PSEUDO_KFUNC_CALL:
		if (in->off)
			return false;
		return fmt_kfunc_call(o, prog, in->imm);
	}
	return false;
}

static bool fmt_jmp(struct out *o, const struct bc_prog *prog,
		    const struct bpf_insn *in, uint32_t pc)
{
	bool j32 = bc_class(in) == BPF_JMP32, x = bc_srcbit(in) == BPF_X;
	char r = j32 ? 'w' : 'r';
	uint8_t op = bc_op(in);

	switch (op) {
	case BPF_JA:
		if (x || in->src_reg || in->dst_reg)
			return false;
		if (j32) {
			if (in->off)
				return false;
			put(o, "gotol pc%+d", in->imm);
		} else {
			if (in->imm)
				return false;
			put(o, "goto pc%+d", in->off);
		}
		return true;
	case BPF_CALL: return !j32 && fmt_call(o, prog, in, pc);
	case BPF_EXIT:
		if (j32 || x || in->src_reg || in->dst_reg || in->off ||
		    in->imm)
			return false;
		put(o, "exit");
		return true;
	}
	if (!jmp_ops[op >> 4] || (x ? in->imm != 0 : in->src_reg != 0))
		return false;
	put(o, "if %c%d %s ", r, in->dst_reg, jmp_ops[op >> 4]);
	if (x)
		put(o, "%c%d", r, in->src_reg);
	else if (op == BPF_JSET)
		put(o, "0x%x", (uint32_t)in->imm);
	else
		put(o, "%d", in->imm);
	put(o, " goto pc%+d", in->off);
	return true;
}

static const char *atomic_alu(int32_t imm)
{
	switch (imm & ~BPF_FETCH) {
	case BPF_ADD: return "add";
	case BPF_AND: return "and";
	case BPF_OR: return "or";
	case BPF_XOR: return "xor";
	}
	return NULL;
}

static bool fmt_atomic(struct out *o, const struct bpf_insn *in)
{
	bool dw = bc_size(in) == BPF_DW;
	char r = 'r'; /* the kernel's log says r for 32-bit atomics too */
	const char *a64 = dw ? "64" : "";
	const char *name = atomic_alu(in->imm);

	if (bc_size(in) != BPF_W && !dw)
		return false;
	if (name && !(in->imm & BPF_FETCH)) {
		put(o, "lock *(%s *)", sz(in));
		memref(o, in->dst_reg, in->off);
		put(o, " %s %c%d", alu_ops[in->imm >> 4], r, in->src_reg);
		return true;
	}
	if (name) {
		put(o, "%c%d = atomic%s_fetch_%s((%s *)", r, in->src_reg, a64,
		    name, sz(in));
	} else if (in->imm == BPF_XCHG) {
		put(o, "%c%d = atomic%s_xchg((%s *)", r, in->src_reg, a64,
		    sz(in));
	} else if (in->imm == BPF_CMPXCHG) {
		put(o, "%c0 = atomic%s_cmpxchg((%s *)", r, a64, sz(in));
		memref(o, in->dst_reg, in->off);
		put(o, ", %c0, %c%d)", r, r, in->src_reg);
		return true;
	} else {
		return false;
	}
	memref(o, in->dst_reg, in->off);
	put(o, ", %c%d)", r, in->src_reg);
	return true;
}

static bool fmt_ldx(struct out *o, const struct bpf_insn *in)
{
	uint8_t mode = bc_mode(in);

	if (in->imm ||
	    (mode != BPF_MEM && (mode != BPF_MEMSX || bc_size(in) == BPF_DW)))
		return false;
	put(o, "r%d = *(%s *)", in->dst_reg,
	    mode == BPF_MEMSX ? ssize_names[bc_size(in) >> 3] : sz(in));
	memref(o, in->src_reg, in->off);
	return true;
}

static bool fmt_st(struct out *o, const struct bpf_insn *in)
{
	if (bc_mode(in) != BPF_MEM || in->src_reg)
		return false;
	put(o, "*(%s *)", sz(in));
	memref(o, in->dst_reg, in->off);
	put(o, " = %d", in->imm);
	return true;
}

static bool fmt_stx(struct out *o, const struct bpf_insn *in)
{
	if (bc_mode(in) != BPF_MEM || in->imm)
		return false;
	put(o, "*(%s *)", sz(in));
	memref(o, in->dst_reg, in->off);
	put(o, " = r%d", in->src_reg);
	return true;
}

/* Legacy LD_ABS / LD_IND (and the other modes of class LD: no text). */
static bool fmt_ld_pkt(struct out *o, const struct bpf_insn *in)
{
	uint8_t mode = bc_mode(in);

	if (bc_size(in) == BPF_DW || in->dst_reg || in->off)
		return false;
	if (mode == BPF_ABS && !in->src_reg) {
		put(o, "r0 = *(%s *)skb[%d]", sz(in), in->imm);
		return true;
	}
	if (mode == BPF_IND) {
		put(o, "r0 = *(%s *)skb[r%d + %d]", sz(in), in->src_reg,
		    in->imm);
		return true;
	}
	return false;
}

/* Can the map be referred to by name in assembly text? */
bool bc_disasm_map_named(const struct bc_map *m)
{
	return m->name && m->name[0] && !strpbrk(m->name, " \t[];#");
}

static void map_name(struct out *o, const struct bc_prog *prog, int32_t idx)
{
	const struct bc_object *obj = prog ? prog->obj : NULL;

	if (obj && idx >= 0 && (uint32_t)idx < obj->map_cnt &&
	    bc_disasm_map_named(&obj->maps[idx]))
		put(o, "map[%s]", obj->maps[idx].name);
	else
		put(o, "map[idx:%d]", idx);
}

static bool fmt_lddw(struct out *o, const struct bc_prog *prog,
		     const struct bpf_insn *in, uint32_t pc)
{
	const struct bpf_insn *hi = in + 1;
	uint64_t v = (uint32_t)in->imm | ((uint64_t)(uint32_t)hi->imm << 32);
	const struct bc_func *f;

	if (in->off || hi->code || hi->dst_reg || hi->src_reg || hi->off)
		return false;
	put(o, "r%d = ", in->dst_reg);
	switch (in->src_reg) {
	case 0: put(o, "0x%" PRIx64, v); break;
	case BPF_PSEUDO_MAP_FD:
		if (hi->imm)
			return false;
		put(o, "map[fd:%d]", in->imm);
		break;
	case BPF_PSEUDO_MAP_VALUE:
		put(o, "map[fd:%d][0]+%u", in->imm, (uint32_t)hi->imm);
		break;
	case BPF_PSEUDO_MAP_IDX:
		if (hi->imm)
			return false;
		map_name(o, prog, in->imm);
		break;
	case BPF_PSEUDO_MAP_IDX_VALUE:
		map_name(o, prog, in->imm);
		put(o, "[0]+%u", (uint32_t)hi->imm);
		break;
	case BPF_PSEUDO_BTF_ID:
		if (hi->imm)
			return false;
		put(o, "btf_id[%d]", in->imm);
		break;
	case BPF_PSEUDO_FUNC:
		if (hi->imm)
			return false;
		put(o, "func[pc%+d] ll", in->imm);
		f = func_at(prog, (int64_t)pc + in->imm + 1);
		if (f && f->name)
			put(o, " ; %s", f->name);
		return true;
	default: return false;
	}
	put(o, " ll");
	return true;
}

static bool fmt_insn(struct out *o, const struct bc_prog *prog,
		     const struct bpf_insn *insns, uint32_t cnt, uint32_t pc)
{
	const struct bpf_insn *in = &insns[pc];

	switch (bc_insn_kind(in)) {
	case BC_INSN_ALU:
	case BC_INSN_ALU64: return fmt_alu(o, in);
	case BC_INSN_JA:
	case BC_INSN_JMP:
	case BC_INSN_JMP32:
	case BC_INSN_CALL:
	case BC_INSN_EXIT: return fmt_jmp(o, prog, in, pc);
	case BC_INSN_MAY_GOTO:
		if (!bc_is_may_goto(in) || in->dst_reg || in->imm)
			return false;
		put(o, "may_goto pc%+d", in->off);
		return true;
	case BC_INSN_LDDW: return pc + 1 < cnt && fmt_lddw(o, prog, in, pc);
	case BC_INSN_LD_PKT: return fmt_ld_pkt(o, in);
	case BC_INSN_LDX: return fmt_ldx(o, in);
	case BC_INSN_ST: return fmt_st(o, in);
	case BC_INSN_STX: return fmt_stx(o, in);
	case BC_INSN_ATOMIC: return fmt_atomic(o, in);
	case BC_INSN_UNKNOWN: /* a JMP32 call or exit */ break;
	}
	return false;
}

int bc_disasm_insn(const struct bc_prog *prog, const struct bpf_insn *insns,
		   uint32_t cnt, uint32_t pc, char *buf, size_t len)
{
	struct out o = { buf, len, 0 };
	const struct bpf_insn *in;
	struct bc_err err;

	if (!len)
		return 1;
	buf[0] = '\0';
	if (pc >= cnt) {
		put(&o, "(out of range)");
		return 1;
	}
	in = &insns[pc];
	if (fmt_insn(&o, prog, insns, cnt, pc))
		return bc_is_lddw(in) ? 2 : 1;
	/*
	 * No faithful text form: show the bytes, so the line reassembles to
	 * them. A bad lddw is shown one slot at a time.
	 */
	o.pos = 0;
	raw(&o, in);
	bc_err_init(&err);
	if (bc_insn_check(in, BC_MIN(cnt - pc, 2u), &err) && err.insn == 0)
		put(&o, " ; %s", err.msg);
	else
		put(&o, " ; invalid");
	return 1;
}

static const char *const map_types[] = {
	"unspec",
	"hash",
	"array",
	"prog_array",
	"perf_event_array",
	"percpu_hash",
	"percpu_array",
	"stack_trace",
	"cgroup_array",
	"lru_hash",
	"lru_percpu_hash",
	"lpm_trie",
	"array_of_maps",
	"hash_of_maps",
	"devmap",
	"sockmap",
	"cpumap",
	"xskmap",
	"sockhash",
	"cgroup_storage",
	"reuseport_sockarray",
	"percpu_cgroup_storage",
	"queue",
	"stack",
	"sk_storage",
	"devmap_hash",
	"struct_ops",
	"ringbuf",
	"inode_storage",
	"task_storage",
	"bloom_filter",
	"user_ringbuf",
	"cgrp_storage",
	"arena",
};

const char *bc_asm_map_type_name(uint32_t type)
{
	return type < BC_ARRAY_SIZE(map_types) ? map_types[type] : NULL;
}

static bool type_matches(const struct bc_prog *prog, const char *name)
{
	uint32_t t, a;
	bool aset;

	return name && !strpbrk(name, " \t;#") &&
	       bc_progtype_parse(name, &t, &a, &aset) && t == prog->type &&
	       aset == prog->attach_type_set &&
	       (!aset || a == prog->attach_type);
}

/* Does the section name alone give the program's type and attach type? */
static bool section_gives_type(const struct bc_prog *prog)
{
	uint32_t t, a;
	bool aset;

	return prog->section &&
	       bc_progtype_from_section(prog->section, &t, &a, &aset) &&
	       t == prog->type && aset == prog->attach_type_set &&
	       (!aset || a == prog->attach_type);
}

/* name is the plain type name of prog's type */
static bool type_matches_plain(const struct bc_prog *prog, const char *name)
{
	return name && !strcmp(name, bc_progtype_name(prog->type));
}

/*
 * ".section S" and ".type T" so the text reads back as the same program:
 * T is the libbpf type name, or the section name where only that gives
 * the same attach type too.
 */
static void print_type(FILE *f, const struct bc_prog *prog)
{
	const char *name = bc_progtype_name(prog->type);

	bool sec_shown = prog->section && strcmp(prog->section, "asm") &&
			 !strpbrk(prog->section, " \t;#");

	if (sec_shown)
		fprintf(f, ".section %s\n", prog->section);
	if (prog->type == BPF_PROG_TYPE_UNSPEC)
		return;
	char spelt[128];

	if (!type_matches(prog, name) && type_matches(prog, prog->section))
		name = prog->section;
	else if (!type_matches(prog, name) &&
		 !(sec_shown && section_gives_type(prog) &&
		   type_matches_plain(prog, name)) &&
		 bc_progtype_spell(prog->type, prog->attach_type,
				   prog->attach_type_set, spelt, sizeof(spelt)))
		name = spelt;
	fprintf(f, ".type %s\n", name);
}

/*
 * ".map NAME TYPE KEY VALUE MAX FLAGS" for each map the program uses, and
 * ".init NAME HEX" with the initial contents of global data (unless all
 * zero).
 */
static void print_maps(FILE *f, const struct bc_prog *prog)
{
	const struct bc_object *obj = prog->obj;
	uint32_t i;

	if (!obj)
		return;
	for (i = 0; i < prog->maps_used_cnt; i++) {
		const struct bc_map *m;
		const char *t;

		if (prog->maps_used[i] >= obj->map_cnt)
			continue;
		m = &obj->maps[prog->maps_used[i]];
		if (!bc_disasm_map_named(m))
			continue;
		t = bc_asm_map_type_name(m->type);
		fprintf(f, ".map %s ", m->name);
		if (t)
			fprintf(f, "%s", t);
		else
			fprintf(f, "%u", m->type);
		fprintf(f, " %u %u %u %u", m->key_size, m->value_size,
			m->max_entries, m->map_flags);
		if (m->map_extra)
			fprintf(f, " %#llx", (unsigned long long)m->map_extra);
		fputc('\n', f);
		if (m->init && m->init_size &&
		    (m->init[0] ||
		     memcmp(m->init, m->init + 1, m->init_size - 1))) {
			uint32_t j;

			fprintf(f, ".init %s", m->name);
			for (j = 0; j < m->init_size; j++)
				fprintf(f, "%s%02x", j % 4 ? "" : " ",
					m->init[j]);
			fputc('\n', f);
		}
	}
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

void bc_disasm_line(FILE *f, const struct bc_prog *prog, uint32_t i,
		    const struct bc_line **last)
{
	const struct bc_line *l;

	if (!prog->lines || i >= prog->insn_cnt)
		return;
	l = &prog->lines[i];
	const char *text = l->text ? l->text : "";

	/* no record, or the compiler's line-0 artifact */
	if ((!l->file && !l->text) || l->line == 0)
		return;
	if (*last && (*last)->line == l->line && (*last)->file && l->file &&
	    !strcmp((*last)->file, l->file))
		return;
	*last = l;
	while (*text == ' ' || *text == '\t')
		text++;
	fprintf(f, "; %s", text);
	if (l->file)
		fprintf(f, " @ %s:%u", base_name(l->file), l->line);
	fputc('\n', f);
}

static void print_bytes(FILE *f, const struct bpf_insn *in)
{
	const uint8_t *b = (const uint8_t *)in;
	int i;

	for (i = 0; i < 8; i++)
		fprintf(f, "%02x ", b[i]);
}

static int cmp_func(const void *a, const void *b)
{
	const struct bc_func *x = *(const struct bc_func *const *)a;
	const struct bc_func *y = *(const struct bc_func *const *)b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* Does "name:" read back as a label (not a directive, not an insn)? */
static bool label_ok(const char *name)
{
	if (!(isalpha((unsigned char)name[0]) || name[0] == '_'))
		return false;
	for (const char *c = name; *c; c++)
		if (!isalnum((unsigned char)*c) && *c != '_' && *c != '.')
			return false;
	return true;
}

void bc_disasm_prog(FILE *f, const struct bc_prog *prog, unsigned flags)
{
	const struct bc_line *last = NULL;
	const struct bc_func **fs;
	uint32_t i, k = 0;
	char buf[256];
	int n;

	/* function starts in order, walked alongside the instructions */
	fs = bc_xcalloc(prog->func_cnt + 1, sizeof(*fs));
	for (i = 0; i < prog->func_cnt; i++)
		fs[i] = &prog->funcs[i];
	qsort(fs, prog->func_cnt, sizeof(*fs), cmp_func);
	print_type(f, prog);
	print_maps(f, prog);
	for (i = 0; i < prog->insn_cnt; i += n) {
		while (k < prog->func_cnt && fs[k]->start < i)
			k++;
		for (; k < prog->func_cnt && fs[k]->start == i; k++) {
			bool dup = false;

			if (!fs[k]->name || (i == 0 && prog->func_cnt == 1))
				continue;
			/* a name used twice is no label (it would not read
			 * back): the directive says the same */
			for (uint32_t j = 0; j < prog->func_cnt && !dup; j++)
				dup = fs[j] != fs[k] && fs[j]->name &&
				      !strcmp(fs[j]->name, fs[k]->name);
			fprintf(f,
				dup || !label_ok(fs[k]->name) ? ".func %s\n" :
								"%s:\n",
				fs[k]->name);
		}
		if ((flags & BC_DISASM_LINES) && prog->lines)
			bc_disasm_line(f, prog, i, &last);
		n = bc_disasm_insn(prog, prog->insns, prog->insn_cnt, i, buf,
				   sizeof(buf));
		fprintf(f, "%5u: ", i);
		if (flags & BC_DISASM_RAW)
			print_bytes(f, &prog->insns[i]);
		else
			fprintf(f, "(%02x) ", prog->insns[i].code);
		fprintf(f, "%s\n", buf);
		if (n == 2 && (flags & BC_DISASM_RAW)) {
			fprintf(f, "%5u: ", i + 1);
			print_bytes(f, &prog->insns[i + 1]);
			fputc('\n', f);
		}
	}
	free(fs);
}
