// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Static stack liveness (stacklive.h), one function at a time: a forward
 * pass over its blocks for the values that may point into its own frame,
 * then the live slots backwards, as compute_liveness does for registers.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "isa/insn.h"
#include "util/util.h"
#include "cfg/stacklive.h"

#define SLOTS	  64
#define FRAME	  512
#define ALL_SLOTS UINT64_MAX
/* a function with more blocks than this gets every slot live */
#define MAX_BLOCKS (1u << 18)

/*
 * What a register or slot may hold: nothing yet (BOT), a known small
 * constant, anything but a pointer into the frame (NONE), fp + v, maybe
 * fp + v (or something else), or fp + anything.
 */
enum { SV_BOT, SV_CONST, SV_NONE, SV_FP, SV_FP_MAY, SV_FP_ANY };

struct sv {
	int16_t v;
	uint8_t kind;
};

struct sframe {
	struct sv r[16]; /* by the 4-bit field: r11..r15 never valid */
	struct sv s[SLOTS];
};

struct sl_ctx {
	const struct bc_cfg *cfg;
	const struct bpf_insn *insns;
	bc_call_mem_fn fn;
	void *arg;
	/* a pointer into the frame was stored outside it, or handed to
	 * code that may: any 8-byte load may bring one back, any call of
	 * program code may follow it */
	bool escaped, escape_seen;
	uint64_t *use, *def;
};

static const struct sv none = { 0, SV_NONE };
static const struct sv any = { 0, SV_FP_ANY };

static bool is_fp(struct sv a)
{
	return a.kind >= SV_FP;
}

static struct sv sv_make(int64_t v, uint8_t kind)
{
	if (v < INT16_MIN || v > INT16_MAX)
		return kind == SV_CONST ? none : any;
	return (struct sv){ (int16_t)v, kind };
}

static bool sv_eq(struct sv a, struct sv b)
{
	return a.kind == b.kind && a.v == b.v;
}

static struct sv join(struct sv a, struct sv b)
{
	if (a.kind == SV_BOT)
		return b;
	if (b.kind == SV_BOT || sv_eq(a, b))
		return a;
	if (a.kind == SV_FP_ANY || b.kind == SV_FP_ANY)
		return any;
	if (is_fp(a) && is_fp(b))
		return a.v == b.v ? sv_make(a.v, SV_FP_MAY) : any;
	if (is_fp(a) || is_fp(b))
		return sv_make(is_fp(a) ? a.v : b.v, SV_FP_MAY);
	return none;
}

/* The slots that bytes [lo, hi) from fp touch. */
static uint64_t range_mask(int64_t lo, int64_t hi)
{
	uint64_t m = 0;

	if (lo < -FRAME)
		lo = -FRAME;
	if (hi > 0)
		hi = 0;
	if (lo >= hi)
		return 0;
	for (int64_t k = (FRAME + lo) / 8; k <= (FRAME + hi - 1) / 8; k++)
		m |= 1ull << k;
	return m;
}

/* The slots that bytes [lo, hi) from fp cover whole. */
static uint64_t whole_mask(int64_t lo, int64_t hi)
{
	if (lo < -FRAME || hi > 0)
		return 0;
	return range_mask(-(-lo / 8 * 8), -((-hi + 7) / 8 * 8));
}

/* The slots an access of size bytes (<= 0: up to fp) at p + off touches. */
static uint64_t access_mask(struct sv p, int64_t off, int64_t size)
{
	int64_t lo;

	if (!is_fp(p))
		return 0;
	if (p.kind == SV_FP_ANY)
		return ALL_SLOTS;
	lo = p.v + off;
	return range_mask(lo, size > 0 ? lo + size : 0);
}

/* The slot that fp + a starts, if a is a slot's start, else -1. */
static int slot_at(int64_t a)
{
	if (a < -FRAME || a >= 0 || a % 8)
		return -1;
	return (int)((FRAME + a) / 8);
}

/* What an 8-byte load at p + off may bring (smaller ones: data). */
static struct sv load_val(const struct sl_ctx *c, const struct sframe *st,
			  struct sv p, int64_t off, int size)
{
	struct sv v = c->escaped ? any : none;
	int k = p.kind == SV_FP_ANY ? -1 : slot_at(p.v + off);

	if (size != 8)
		return none;
	if (!is_fp(p))
		return v;
	if (p.kind == SV_FP && k >= 0)
		return st->s[k];
	if (k >= 0)
		return join(v, st->s[k]);
	for (k = 0; k < SLOTS; k++)
		v = join(v, st->s[k]);
	return v;
}

/* A store of v, size bytes at p + off. */
static void store(struct sl_ctx *c, struct sframe *st, struct sv p, int64_t off,
		  int size, struct sv v)
{
	int k = p.kind == SV_FP_ANY ? -1 : slot_at(p.v + off);

	if (size != 8)
		v = none;
	if (is_fp(v) && p.kind != SV_FP)
		c->escape_seen = true; /* it may land outside the frame */
	if (!is_fp(p))
		return;
	if (k >= 0) {
		st->s[k] = p.kind == SV_FP && size == 8 ? v : join(st->s[k], v);
		return;
	}
	for (k = 0; k < SLOTS; k++)
		st->s[k] = join(st->s[k], v);
}

static struct sv *reg(struct sframe *st, uint8_t r)
{
	return &st->r[r & 0xf];
}

static void alu(struct sframe *st, const struct bpf_insn *in)
{
	bool x = bc_srcbit(in), alu64 = bc_class(in) == BPF_ALU64;
	struct sv *d = reg(st, in->dst_reg);
	struct sv s = x ? *reg(st, in->src_reg) : sv_make(in->imm, SV_CONST);
	uint8_t op = bc_op(in);

	if (op == BPF_NEG || op == BPF_END) {
		*d = is_fp(*d) ? any : none;
		return;
	}
	if (op == BPF_MOV) {
		if (alu64 && !in->off)
			*d = s;
		else
			*d = is_fp(s) ? any : s.kind == SV_CONST ? s : none;
		return;
	}
	if (alu64 && (op == BPF_ADD || op == BPF_SUB) && s.kind == SV_CONST &&
	    (d->kind == SV_FP || d->kind == SV_FP_MAY)) {
		*d = sv_make(op == BPF_ADD ? d->v + s.v : d->v - s.v, d->kind);
		return;
	}
	if (alu64 && op == BPF_ADD && d->kind == SV_CONST &&
	    (s.kind == SV_FP || s.kind == SV_FP_MAY)) {
		*d = sv_make(s.v + d->v, s.kind);
		return;
	}
	*d = is_fp(*d) || (x && is_fp(s)) ? any : none;
}

/* What a call does with its arguments: the caller's answer or the default. */
static void call_mem(const struct sl_ctx *c, uint32_t pc, struct bc_call_mem *m)
{
	bool sub = bc_is_pseudo_call(&c->insns[pc]);

	memset(m, 0, sizeof(*m));
	for (int i = 0; i < 5; i++)
		m->mem[i] = sub ? BC_ARG_MEM_ESCAPE : BC_ARG_MEM_READ;
	if (c->fn)
		c->fn(c->arg, pc, m);
}

/* Bytes argument i of a call accesses: > 0, or 0 for up to the top. */
static int64_t arg_size(const struct sframe *st, const struct bc_call_mem *m,
			int i)
{
	int8_t r = m->size_reg[i];

	if (m->size[i] > 0)
		return m->size[i];
	if (r >= 1 && r <= 5 && st->r[r].kind == SV_CONST && st->r[r].v > 0)
		return st->r[r].v;
	return 0;
}

static void call(struct sl_ctx *c, struct sframe *st, uint32_t pc,
		 uint64_t *use, uint64_t *def)
{
	struct bc_call_mem m;
	bool runs_code = false, esc = false;

	call_mem(c, pc, &m);
	for (int i = 0; i < 5; i++) {
		struct sv p = st->r[i + 1];
		int64_t size = arg_size(st, &m, i);

		runs_code |= m.mem[i] == BC_ARG_MEM_ESCAPE;
		if (!is_fp(p) || m.mem[i] == BC_ARG_MEM_NONE)
			continue;
		if (m.mem[i] == BC_ARG_MEM_ESCAPE)
			esc = true;
		else if (m.mem[i] == BC_ARG_MEM_READ)
			*use |= access_mask(p, 0, size);
		else if (p.kind == SV_FP && size > 0)
			*def |= whole_mask(p.v, p.v + size);
	}
	if (esc)
		c->escape_seen = true;
	esc |= runs_code && c->escaped;
	if (esc) { /* the code it runs may read or write any slot */
		*use = ALL_SLOTS;
		for (int k = 0; k < SLOTS; k++)
			st->s[k] = join(st->s[k], any);
	}
	for (int r = 1; r <= 5; r++)
		st->r[r] = none;
	st->r[0] = esc ? any : none;
}

static void atomic(struct sl_ctx *c, struct sframe *st,
		   const struct bpf_insn *in, uint64_t *use)
{
	struct sv p = *reg(st, in->dst_reg), v = *reg(st, in->src_reg);
	int size = bc_size_bytes(bc_size(in));
	struct sv old = load_val(c, st, p, in->off, size);

	*use |= access_mask(p, in->off, size);
	if (p.kind == SV_FP) /* a read-modify-write: never a kill */
		p.kind = SV_FP_MAY;
	store(c, st, p, in->off, size, v);
	if (in->imm == BPF_CMPXCHG)
		st->r[0] = old;
	else if (in->imm & BPF_FETCH)
		*reg(st, in->src_reg) = old;
}

/* One insn: its effect on st, and its slots read (*use), written (*def). */
static void step(struct sl_ctx *c, struct sframe *st, uint32_t pc,
		 uint64_t *use, uint64_t *def)
{
	const struct bpf_insn *in = &c->insns[pc];
	int size = bc_size_bytes(bc_size(in));
	struct sv p;

	*use = *def = 0;
	switch (bc_insn_kind(in)) {
	case BC_INSN_ALU:
	case BC_INSN_ALU64: alu(st, in); break;
	case BC_INSN_LDX:
		p = *reg(st, in->src_reg);
		*use = access_mask(p, in->off, size);
		*reg(st, in->dst_reg) =
			bc_mode(in) == BPF_MEM ?
				load_val(c, st, p, in->off, size) :
				none;
		break;
	case BC_INSN_ST:
	case BC_INSN_STX:
		p = *reg(st, in->dst_reg);
		if (p.kind == SV_FP && size == 8 && slot_at(p.v + in->off) >= 0)
			*def = 1ull << slot_at(p.v + in->off);
		store(c, st, p, in->off, size,
		      bc_insn_kind(in) == BC_INSN_STX ? *reg(st, in->src_reg) :
							none);
		break;
	case BC_INSN_ATOMIC: atomic(c, st, in, use); break;
	case BC_INSN_LDDW: *reg(st, in->dst_reg) = none; break;
	case BC_INSN_LD_PKT:
		for (int r = 0; r <= 5; r++)
			st->r[r] = none;
		break;
	case BC_INSN_CALL: call(c, st, pc, use, def); break;
	case BC_INSN_JA:
	case BC_INSN_JMP:
	case BC_INSN_JMP32:
	case BC_INSN_MAY_GOTO:
	case BC_INSN_EXIT: break;
	case BC_INSN_UNKNOWN: *use = ALL_SLOTS; break;
	}
}

static bool join_into(struct sframe *dst, const struct sframe *src)
{
	bool changed = false;

	for (int r = 0; r < 16; r++) {
		struct sv v = join(dst->r[r], src->r[r]);

		changed |= !sv_eq(v, dst->r[r]);
		dst->r[r] = v;
	}
	for (int k = 0; k < SLOTS; k++) {
		struct sv v = join(dst->s[k], src->s[k]);

		changed |= !sv_eq(v, dst->s[k]);
		dst->s[k] = v;
	}
	return changed;
}

/* Block b from its entry state: *st at its end; use/def filled if asked. */
static void run_block(struct sl_ctx *c, uint32_t b, struct sframe *st,
		      bool fill)
{
	const struct bc_block *bl = &c->cfg->blocks[b];
	uint64_t u, d;

	for (uint32_t pc = bl->first; pc <= bl->last;
	     pc += bc_insn_slots(&c->insns[pc])) {
		step(c, st, pc, &u, &d);
		if (fill) {
			c->use[pc] = u;
			c->def[pc] = d;
		}
	}
}

/*
 * The forward pass over subprogram sp: in[] its blocks' entry states.
 * Blocks are in insn order: a sweep visits the blocks whose entry
 * changed, another one only when a back edge changed one.
 */
static void forward(struct sl_ctx *c, const struct bc_subprog *sp,
		    struct sframe *in, uint8_t *dirty)
{
	struct sframe st;
	bool again = true;

	memset(in, 0, sp->block_cnt * sizeof(*in));
	memset(dirty, 0, sp->block_cnt);
	for (int r = 0; r < 16; r++)
		in[1].r[r] = none;
	in[1].r[10] = sv_make(0, SV_FP);
	for (int k = 0; k < SLOTS; k++)
		in[1].s[k] = none;
	dirty[1] = 1;
	while (again) {
		again = false;
		for (uint32_t i = 1; i + 1 < sp->block_cnt; i++) {
			const struct bc_block *bl =
				&c->cfg->blocks[sp->block_first + i];

			if (!dirty[i])
				continue;
			dirty[i] = 0;
			st = in[i];
			run_block(c, sp->block_first + i, &st, false);
			for (uint32_t e = bl->succ_off;
			     e < bl->succ_off + bl->succ_cnt; e++) {
				uint32_t t = c->cfg->succ[e] - sp->block_first;

				if (t + 1 >= sp->block_cnt ||
				    !join_into(&in[t], &st))
					continue;
				dirty[t] = 1;
				again |= t <= i;
			}
		}
	}
}

/* The live slots before each insn of sp, from c->use and c->def. */
static void backward(const struct sl_ctx *c, const struct bc_subprog *sp,
		     uint64_t *live)
{
	const struct bc_cfg *cfg = c->cfg;
	bool changed = true;

	while (changed) {
		changed = false;
		for (uint32_t b = sp->block_first + sp->block_cnt - 1;
		     b-- > sp->block_first + 1;) {
			const struct bc_block *bl = &cfg->blocks[b];
			uint64_t out = 0;

			for (uint32_t e = bl->succ_off;
			     e < bl->succ_off + bl->succ_cnt; e++) {
				const struct bc_block *t =
					&cfg->blocks[cfg->succ[e]];

				if (t->first != BC_NONE)
					out |= live[t->first];
			}
			for (uint32_t pc = bl->last + 1; pc-- > bl->first;) {
				if (pc > bl->first &&
				    bc_is_lddw(&c->insns[pc - 1]))
					continue; /* an ld_imm64's second half */
				out = c->use[pc] | (out & ~c->def[pc]);
				if (pc == bl->first && live[pc] != out)
					changed = true;
				live[pc] = out;
			}
		}
	}
}

static void subprog_liveness(struct sl_ctx *c, const struct bc_subprog *sp,
			     uint64_t *live)
{
	struct sframe *in, st;
	uint8_t *dirty;

	if (sp->block_cnt < 3 || sp->block_cnt > MAX_BLOCKS) {
		for (uint32_t pc = sp->start; pc < sp->end; pc++)
			live[pc] = ALL_SLOTS;
		return;
	}
	in = bc_xcalloc(sp->block_cnt, sizeof(*in));
	dirty = bc_xcalloc(sp->block_cnt, 1);
	c->escaped = c->escape_seen = false;
	forward(c, sp, in, dirty);
	if (c->escape_seen) { /* again, with what may come back */
		c->escaped = true;
		forward(c, sp, in, dirty);
	}
	free(dirty);
	for (uint32_t pc = sp->start; pc < sp->end; pc++) {
		c->use[pc] = ALL_SLOTS; /* not reached by the pass */
		c->def[pc] = 0;
	}
	for (uint32_t i = 1; i + 1 < sp->block_cnt; i++) {
		if (in[i].r[10].kind == SV_BOT)
			continue;
		st = in[i];
		run_block(c, sp->block_first + i, &st, true);
	}
	free(in);
	backward(c, sp, live);
}

uint64_t *bc_stack_liveness(const struct bc_cfg *cfg, bc_call_mem_fn fn,
			    void *arg)
{
	uint32_t n = cfg->prog->insn_cnt;
	uint64_t *live = bc_xcalloc(n + 1, sizeof(*live));
	struct sl_ctx c = {
		.cfg = cfg, .insns = cfg->prog->insns, .fn = fn, .arg = arg
	};

	c.use = bc_xcalloc(n + 1, sizeof(*c.use));
	c.def = bc_xcalloc(n + 1, sizeof(*c.def));
	for (uint32_t s = 0; s < cfg->sub_cnt; s++)
		subprog_liveness(&c, &cfg->subs[s], live);
	free(c.use);
	free(c.def);
	return live;
}
