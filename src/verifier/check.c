// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The verifier's search: depth-first over paths with an explicit stack of
 * pending states, pruning at jump targets and loop headers, and the
 * transfer functions of ALU, jump, load/store and exit instructions.
 * Calls are in vcheck_call.c, memory checks in vcheck_mem.c.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "platform/ctx.h"
#include "load/disasm.h"
#include "platform/helpers.h"
#include "isa/insn.h"
#include "verifier/call.h"
#include "verifier/check.h"
#include "verifier/cost.h"
#include "verifier/induction.h"
#include "verifier/mem.h"
#include "verifier/precision.h"

int vc_err(struct venv *e, uint32_t pc, const char *fmt, ...)
{
	va_list ap;

	if (e->failed)
		return -1;
	e->failed = true;
	va_start(ap, fmt);
	vsnprintf(e->res->error, sizeof(e->res->error), fmt, ap);
	va_end(ap);
	e->res->error_insn = pc;
	return -1;
}

void vc_log(struct venv *e, const char *fmt, ...)
{
	va_list ap;

	if (!e->log || e->level < 1)
		return;
	va_start(ap, fmt);
	vfprintf(e->log, fmt, ap);
	va_end(ap);
}

static void log_regs(struct venv *e)
{
	struct bc_vframe *f = vc_frame(e);
	char buf[320];

	for (int r = 0; r < BC_MAX_REG; r++) {
		if (f->regs[r].kind == VK_NOT_INIT)
			continue;
		bc_vreg_fmt(&f->regs[r], buf, sizeof(buf));
		fprintf(e->log, " R%d=%s", r, buf);
	}
	fputc('\n', e->log);
}

static void log_insn(struct venv *e, uint32_t pc)
{
	char buf[256];

	bc_disasm_insn(e->prog, e->prog->insns, e->prog->insn_cnt, pc, buf,
		       sizeof(buf));
	fprintf(e->log, "%u: (%02x) %s\n", pc, e->prog->insns[pc].code, buf);
}

/* ---- helpers on the state ---- */

int vc_check_read(struct venv *e, uint32_t pc, int r)
{
	if (vc_reg(e, r)->kind == VK_NOT_INIT)
		return vc_err(e, pc, "R%d !read_ok", r);
	return 0;
}

static int check_write(struct venv *e, uint32_t pc, int r)
{
	if (r == 10)
		return vc_err(e, pc, "frame pointer is read only");
	return 0;
}

/* Apply fn to every register and spilled register of every frame. */
void vc_for_each_reg(struct venv *e, void (*fn)(struct bc_vreg *, void *),
		     void *arg)
{
	for (uint32_t i = 0; i <= e->cur.curframe; i++) {
		struct bc_vframe *f = e->cur.frames[i];

		for (int r = 0; r < BC_MAX_REG; r++)
			fn(&f->regs[r], arg);
		for (int k = 0; k < BC_SLOTS; k++)
			if (f->stype[8 * k] == VS_SPILL)
				fn(&f->spill[k], arg);
	}
}

struct sync_arg {
	uint32_t id;
	const struct bc_scalar *s;
};

static void sync_fn(struct bc_vreg *r, void *a)
{
	struct sync_arg *sa = a;

	if (r->kind == VK_SCALAR && r->id == sa->id)
		vm_sync_linked(&r->s, sa->s);
}

static void sync_linked(struct venv *e, const struct bc_vreg *r)
{
	struct sync_arg sa = { r->id, &r->s };

	if (r->kind == VK_SCALAR && r->id)
		vc_for_each_reg(e, sync_fn, &sa);
}

/* ---- ALU ---- */

static const char *op_str(uint8_t op)
{
	switch (op) {
	case BPF_ADD: return "+=";
	case BPF_SUB: return "-=";
	case BPF_MUL: return "*=";
	case BPF_DIV: return "/=";
	case BPF_OR: return "|=";
	case BPF_AND: return "&=";
	case BPF_LSH: return "<<=";
	case BPF_RSH: return ">>=";
	case BPF_NEG: return "neg";
	case BPF_MOD: return "%=";
	case BPF_XOR: return "^=";
	case BPF_MOV: return "=";
	case BPF_ARSH: return "s>>=";
	case BPF_END: return "endian";
	}
	return "?";
}

#define MAX_VAR_OFF (1ll << 29)

static int sane_offset(struct venv *e, uint32_t pc, const struct bc_vreg *r,
		       unsigned kind)
{
	const char *t = bc_vkind_name(kind);
	int64_t val = (int64_t)r->s.var_off.value, smin = r->s.smin;

	if (bc_scalar_is_const(&r->s) &&
	    (val >= MAX_VAR_OFF || val <= -MAX_VAR_OFF))
		return vc_err(e, pc, "math between %s pointer and %" PRId64
			      " is not allowed", t, val);
	if (r->off >= MAX_VAR_OFF || r->off <= -MAX_VAR_OFF)
		return vc_err(e, pc, "%s pointer offset %d is not allowed", t,
			      r->off);
	if (smin == INT64_MIN)
		return vc_err(e, pc, "math between %s pointer and register with "
			      "unbounded min value is not allowed", t);
	if (smin >= MAX_VAR_OFF || smin <= -MAX_VAR_OFF)
		return vc_err(e, pc, "value %" PRId64 " makes %s pointer be out "
			      "of bounds", smin, t);
	return 0;
}

/*
 * Spectre v1 for a loader that may not bypass the mitigation (Linux's
 * sanitize_ptr_alu): the JIT masks a register offset added to a stack or
 * map value pointer, so that a mispredicted path stays inside the object
 * too. There is one mask per instruction, so every path must reach it
 * with the same direction and the same limit.
 */
#define SAN_ERR "pointer arithmetic with it prohibited for !root"

enum { SAN_NEG = 1, SAN_IMM = 2, SAN_SRC = 4, SAN_DST = 8 };

struct san {
	bool left;		/* the mask bounds a move to lower addresses */
	uint8_t state;
	uint32_t limit;
};

/* How far p may move (toward lower addresses when left): 0, or 1 for a
 * pointer kind that cannot be masked, 2 when p is already past the end. */
static int san_limit(struct venv *e, const struct bc_vreg *p, bool left,
		     uint32_t *lim)
{
	uint32_t max;

	if (p->kind == VK_FP) {
		max = BC_STACK + left;
		*lim = (uint32_t)-(p->s.var_off.value + (uint64_t)(int64_t)p->off);
	} else if (p->kind == VK_MAP_VALUE) {
		max = e->obj->maps[p->map].value_size;
		*lim = (uint32_t)((left ? (uint64_t)p->s.smin : p->s.umax) +
				  (uint64_t)(int64_t)p->off);
	} else {
		return 1;
	}
	return *lim >= max ? 2 : 0;
}

static int san_limit_err(struct venv *e, uint32_t pc, const struct bpf_insn *in,
			 int why, int preg)
{
	if (why == 1)
		return vc_err(e, pc, "R%d has pointer with unsupported alu "
			      "operation, " SAN_ERR, preg);
	return vc_err(e, pc, "R%d tried to %s beyond pointer bounds, " SAN_ERR,
		      in->dst_reg, bc_op(in) == BPF_ADD ? "add" : "sub");
}

static int san_begin(struct venv *e, uint32_t pc, const struct bpf_insn *in,
		     const struct bc_vreg *ptr, const struct bc_vreg *off,
		     bool ptr_is_dst, struct san *sa)
{
	bool imm = bc_scalar_is_const(&off->s), neg = off->s.smin < 0;
	int why;

	if (!imm && (off->s.smin < 0) != (off->s.smax < 0))
		return vc_err(e, pc, "R%d has unknown scalar with mixed signed "
			      "bounds, " SAN_ERR,
			      ptr_is_dst ? in->src_reg : in->dst_reg);
	sa->left = (bc_op(in) == BPF_ADD) == neg;
	why = san_limit(e, ptr, sa->left, &sa->limit);
	if (why)
		return san_limit_err(e, pc, in, why,
				     ptr_is_dst ? in->dst_reg : in->src_reg);
	sa->state = (neg ? SAN_NEG : 0) | (imm ? SAN_IMM : 0) |
		    (ptr_is_dst ? SAN_SRC : SAN_DST);
	if (!imm)
		e->explore_alu = true;
	return 0;
}

static int san_commit(struct venv *e, uint32_t pc, const struct bpf_insn *in,
		      const struct bc_vreg *res, const struct san *sa)
{
	uint32_t lim;
	int why = san_limit(e, res, sa->left, &lim);

	if (why)
		return san_limit_err(e, pc, in, why, in->dst_reg);
	lim = lim > sa->limit ? lim - sa->limit : sa->limit - lim;
	if (e->alu_state[pc] &&
	    (e->alu_state[pc] != sa->state || e->alu_limit[pc] != lim)) {
		if (!e->nosum && (e->sum_cnt || e->cb_widened)) {
			/* a summary stands for many iterations at once:
			 * explore them to see each one's limit */
			e->sum_abort = true;
			snprintf(e->sum_why, sizeof(e->sum_why), "iterations "
				 "explored: insn %u: unprivileged: pointer "
				 "arithmetic masked against Spectre needs the "
				 "same limit on every path", pc);
			return -1;
		}
		return vc_err(e, pc, "R%d tried to %s from different maps, "
			      "paths or scalars, " SAN_ERR, in->dst_reg,
			      bc_op(in) == BPF_ADD ? "add" : "sub");
	}
	e->alu_state[pc] = sa->state;
	e->alu_limit[pc] = lim;
	return 0;
}

static int ptr_alu(struct venv *e, uint32_t pc, const struct bpf_insn *in,
		   struct bc_vreg *dst, const struct bc_vreg *ptr,
		   const struct bc_vreg *sc)
{
	uint8_t op = bc_op(in);
	int d = in->dst_reg;
	struct bc_vreg res = *ptr;
	struct san sa = { 0 };
	bool san;

	if (bc_class(in) == BPF_ALU)
		return vc_err(e, pc, "R%d 32-bit pointer arithmetic prohibited",
			      d);
	if (bc_vkind_or_null(ptr->kind))
		return vc_err(e, pc, "R%d pointer arithmetic on %s prohibited, "
			      "null-check it first", d,
			      bc_vkind_name(ptr->kind));
	switch (ptr->kind) {
	case VK_PKT_END: case VK_MAP_PTR: case VK_SOCK: case VK_SOCK_COMMON:
	case VK_TCP_SOCK: case VK_FLOW_KEYS: case VK_FUNC: case VK_BTF_ID:
		return vc_err(e, pc, "R%d pointer arithmetic on %s prohibited",
			      d, bc_vkind_name(ptr->kind));
	}
	if (op == BPF_SUB && dst == sc)
		return vc_err(e, pc, "R%d tried to subtract pointer from scalar",
			      d);
	if (op == BPF_AND || op == BPF_OR || op == BPF_XOR)
		return vc_err(e, pc, "R%d bitwise operator %s on pointer "
			      "prohibited", d, op_str(op));
	if (op != BPF_ADD && op != BPF_SUB)
		return vc_err(e, pc, "R%d pointer arithmetic with %s operator "
			      "prohibited", d, op_str(op));
	if (op == BPF_SUB && ptr->kind == VK_FP)
		return vc_err(e, pc, "R%d subtraction from stack pointer "
			      "prohibited", d);
	if (sane_offset(e, pc, sc, ptr->kind) ||
	    sane_offset(e, pc, ptr, ptr->kind))
		return -1;
	san = !e->priv && bc_srcbit(in);
	if (san && san_begin(e, pc, in, ptr, sc, ptr == dst, &sa))
		return -1;
	if (bc_scalar_is_const(&sc->s)) {
		int64_t v = (int64_t)sc->s.var_off.value;
		int64_t no = op == BPF_ADD ? res.off + v : res.off - v;

		if (no == (int32_t)no) {
			res.off = (int32_t)no;
			goto done;
		}
	}
	struct bc_scalar add = sc->s;

	if ((res.kind == VK_PKT || res.kind == VK_PKT_META) &&
	    op == BPF_ADD && res.off < 0 && add.smin > 0) {
		/* (p - k) + s with s >= m: move min(m, k) of s into the
		 * fixed offset (the same addresses), so that p[-1 + i] for
		 * i >= 1 is not taken for a negative offset */
		struct bc_scalar k;
		int64_t m = add.smin < -(int64_t)res.off ? add.smin : -res.off;

		bc_scalar_const(&k, (uint64_t)m);
		bc_scalar_alu(&add, &k, BPF_SUB, false, 0);
		res.off += (int32_t)m;
	}
	bc_scalar_alu(&res.s, &add, op, false, 0);
	if (res.kind == VK_PKT || res.kind == VK_PKT_META) {
		/* RFC patch 13: p + s with 0 <= s <= umax still has
		 * range - umax bytes proven past its (moved) base */
		bool keep = op == BPF_ADD && add.smin >= 0 &&
			    add.umax < (uint64_t)ptr->range;

		res.range = keep ? ptr->range - (int32_t)add.umax : 0;
		res.id = ++e->id_gen;
	}
done:
	if (res.range < 0)	/* an end mark is for that address only */
		res.range = 0;
	if (sane_offset(e, pc, &res, res.kind))
		return -1;
	/* !root: the result must stay in bounds (sanitize_check_bounds) */
	if (!e->priv && res.kind == VK_FP) {
		if (!bc_scalar_is_const(&res.s))
			return vc_err(e, pc, "R%d variable stack access "
				      "prohibited for !root, var_off=(0x%" PRIx64
				      "; 0x%" PRIx64 ") off=%d", d,
				      res.s.var_off.value, res.s.var_off.mask,
				      res.off + (int)res.s.var_off.value);
		int64_t o = res.off + (int64_t)res.s.var_off.value;

		if (o >= 0 || o < -BC_STACK)
			return vc_err(e, pc, "R%d stack pointer arithmetic goes "
				      "out of range, prohibited for !root; "
				      "off=%d", d, (int)o);
	}
	if (!e->priv && res.kind == VK_MAP_VALUE &&
	    !vm_map_ptr_in_value(e, &res))
		return vc_err(e, pc, "R%d pointer arithmetic of map value goes "
			      "out of range, prohibited for !root", d);
	if (san && san_commit(e, pc, in, &res, &sa))
		return -1;
	*dst = res;
	return 0;
}

static int do_alu(struct venv *e, uint32_t pc, const struct bpf_insn *in)
{
	uint8_t op = bc_op(in);
	bool alu32 = bc_class(in) == BPF_ALU;
	int d = in->dst_reg;
	struct bc_vreg *dst = vc_reg(e, d), src;

	if (bc_srcbit(in) && op != BPF_NEG && op != BPF_END) {
		if (vc_check_read(e, pc, in->src_reg))
			return -1;
		src = *vc_reg(e, in->src_reg);
	} else {
		bc_vreg_const(&src, alu32 ? (uint64_t)(uint32_t)in->imm :
			      (uint64_t)(int64_t)in->imm);
	}
	if (op != BPF_MOV && vc_check_read(e, pc, d))
		return -1;
	if (check_write(e, pc, d))
		return -1;
	if (op == BPF_MOV) {
		if (src.kind != VK_SCALAR) {
			if (alu32 || in->off) {
				if (!e->priv)
					return vc_err(e, pc, "R%d partial copy of "
						      "pointer", in->src_reg);
				bc_vreg_scalar(dst);
				if (alu32)
					bc_scalar_zext32(&dst->s);
				return 0;
			}
			*dst = src;
			return 0;
		}
		if (!alu32 && !in->off && bc_srcbit(in) &&
		    !bc_scalar_is_const(&src.s)) {
			struct bc_vreg *s = vc_reg(e, in->src_reg);

			if (!s->id)
				s->id = ++e->id_gen;
			*dst = *s;
			return 0;
		}
		struct bc_scalar v = src.s;

		bc_vreg_scalar(dst);
		dst->s = v;
		bc_scalar_alu(&dst->s, &v, BPF_MOV, alu32, in->off);
		return 0;
	}
	if (op == BPF_NEG || op == BPF_END) {
		if (dst->kind != VK_SCALAR)
			return vc_err(e, pc, "R%d pointer arithmetic prohibited",
				      d);
		dst->id = 0;
		if (op == BPF_NEG)
			bc_scalar_alu(&dst->s, &dst->s, BPF_NEG, alu32, 0);
		else
			bc_scalar_end(&dst->s, bc_srcbit(in), !alu32, in->imm);
		return 0;
	}
	if (dst->kind != VK_SCALAR && src.kind != VK_SCALAR) {
		if (op == BPF_SUB && e->priv) {
			/* any width: Linux marks the result unknown */
			bc_vreg_scalar(dst);
			return 0;
		}
		return vc_err(e, pc, "R%d pointer %s pointer prohibited", d,
			      op_str(op));
	}
	if (dst->kind != VK_SCALAR) {
		if (bc_srcbit(in))
			vp_mark_reg(e, in->src_reg);
		return ptr_alu(e, pc, in, dst, dst, &src);
	}
	if (src.kind != VK_SCALAR) {
		struct bc_vreg sc = *dst;

		if (op != BPF_ADD) {
			if (op == BPF_SUB)
				return vc_err(e, pc, "R%d tried to subtract "
					      "pointer from scalar", d);
			return vc_err(e, pc, "R%d bitwise operator %s on pointer "
				      "prohibited", d, op_str(op));
		}
		vp_mark_reg(e, d);
		return ptr_alu(e, pc, in, dst, &src, &sc);
	}
	dst->id = 0;
	bc_scalar_alu(&dst->s, &src.s, op, alu32, in->off);
	return 0;
}

/* ---- jumps ---- */

static uint8_t flip(uint8_t op)
{
	switch (op) {
	case BPF_JGT: return BPF_JLT;
	case BPF_JLT: return BPF_JGT;
	case BPF_JGE: return BPF_JLE;
	case BPF_JLE: return BPF_JGE;
	case BPF_JSGT: return BPF_JSLT;
	case BPF_JSLT: return BPF_JSGT;
	case BPF_JSGE: return BPF_JSLE;
	case BPF_JSLE: return BPF_JSGE;
	}
	return op;
}

struct range_arg {
	unsigned kind;
	uint32_t id;
	int32_t range;
};

static void range_fn(struct bc_vreg *r, void *a)
{
	struct range_arg *ra = a;

	if (r->kind == ra->kind && r->id == ra->id && r->range < ra->range)
		r->range = ra->range;
}

/* "a op b" with a pkt (or pkt_meta) and b its end: on which outcome is a
 * proven <= b (returns 1 taken, 0 fallthrough, -1 none)? */
static int pkt_good_branch(uint8_t op)
{
	switch (op) {
	case BPF_JGT: case BPF_JGE: return 0;
	case BPF_JLT: case BPF_JLE: return 1;
	}
	return -1;
}

static void mark_pkt(struct venv *e, const struct bc_vreg *p)
{
	struct range_arg ra = { p->kind, p->id, p->off };

	if (p->off < 0 || p->off > 0xffff || p->s.umax > 0xffff ||
	    p->s.umax + (uint64_t)p->off > 0xffff)
		return;
	vc_for_each_reg(e, range_fn, &ra);
}

/*
 * A packet pointer found past the packet's end ("p > end" taken, say)
 * records it in its range, as Linux does (mark_pkt_end): only that
 * register, and only until it moves. A later test of the same register
 * against the end is then decided.
 */
#define PKT_AT_END (-1)		/* p >= end */
#define PKT_BEYOND_END (-2)	/* p > end */

/* Mark p on the branch where "p pop end" says p is not inside. */
static void mark_pkt_end(struct bc_vreg *p, uint8_t pop)
{
	if (p->kind != VK_PKT)
		return;
	/* the bad branch of GT (taken) and of LE (fallthrough): p > end;
	 * of GE (taken) and of LT (fallthrough): p >= end */
	p->range = pop == BPF_JGT || pop == BPF_JLE ? PKT_BEYOND_END :
		   PKT_AT_END;
}

/* Is "p pop end" decided by p's end mark? 1 taken, 0 not, -1 unknown */
static int pkt_end_taken(const struct bc_vreg *p, uint8_t pop)
{
	if (p->kind != VK_PKT || p->range >= 0)
		return -1;
	switch (pop) {
	case BPF_JGT: case BPF_JLE:
		if (p->range == PKT_BEYOND_END)
			return pop == BPF_JGT;
		break;
	case BPF_JGE: case BPF_JLT:
		return pop == BPF_JGE;
	}
	return -1;
}

struct null_arg {
	uint32_t id;
	bool is_null;
};

static void null_fn(struct bc_vreg *r, void *a)
{
	struct null_arg *na = a;

	if (!bc_vkind_or_null(r->kind) || r->id != na->id)
		return;
	if (na->is_null) {
		bc_vreg_const(r, 0);
	} else {
		r->kind = bc_vkind_not_null(r->kind);
		if (r->kind != VK_SOCK && r->kind != VK_SOCK_COMMON &&
		    r->kind != VK_TCP_SOCK)
			r->id = 0;
	}
}

int vc_push(struct venv *e, uint32_t pc);

/* The branch's outcome rests on its operands' values. */
static void mark_operands(struct venv *e, const struct bpf_insn *in)
{
	vp_mark_reg(e, in->dst_reg);
	if (bc_srcbit(in))
		vp_mark_reg(e, in->src_reg);
}

/* Returns the next pc for the current path, pushing the other one. */
static int do_jmp(struct venv *e, uint32_t pc, const struct bpf_insn *in,
		  uint32_t *next)
{
	uint8_t op = bc_op(in);
	bool j32 = bc_class(in) == BPF_JMP32;
	uint32_t tgt = pc + in->off + 1, fall = pc + 1;
	int d = in->dst_reg, s = in->src_reg;
	struct bc_vreg a, b;
	int taken = -1;

	if (op == BPF_JA) {
		*next = bc_class(in) == BPF_JMP32 ? pc + in->imm + 1 : tgt;
		return 0;
	}
	if (op == BPF_JCOND) {	/* may_goto: both ways */
		if (vc_push(e, tgt))
			return -1;
		*next = fall;
		return 0;
	}
	if (vc_check_read(e, pc, d))
		return -1;
	a = *vc_reg(e, d);
	if (bc_srcbit(in)) {
		if (vc_check_read(e, pc, s))
			return -1;
		b = *vc_reg(e, s);
	} else {
		bc_vreg_const(&b, j32 ? (uint64_t)(uint32_t)in->imm :
			      (uint64_t)(int64_t)in->imm);
	}
	if (a.kind == VK_SCALAR && b.kind == VK_SCALAR) {
		vp_note_link(e, d, bc_srcbit(in) ? s : -1);
		taken = bc_scalar_branch_taken(&a.s, &b.s, op, j32);
		if (taken >= 0) {	/* decided by the ranges */
			mark_operands(e, in);
			*next = taken ? tgt : fall;
			return 0;
		}
		struct bc_vreg ta = a, tb = b, fa = a, fb = b;

		bc_scalar_refine(&ta.s, &tb.s, op, j32, true);
		bc_scalar_refine(&fa.s, &fb.s, op, j32, false);
		bool tok = !bc_scalar_is_empty(&ta.s) && !bc_scalar_is_empty(&tb.s);
		bool fok = !bc_scalar_is_empty(&fa.s) && !bc_scalar_is_empty(&fb.s);

		if (tok && fok) {
			/* taken path pushed with its refinement */
			struct bc_vframe *f = vc_frame(e);
			struct bc_vreg sa = f->regs[d], sb = f->regs[s];

			f->regs[d] = ta;
			if (bc_srcbit(in) && s != d)
				f->regs[s] = tb;
			sync_linked(e, &f->regs[d]);
			if (bc_srcbit(in))
				sync_linked(e, &f->regs[s]);
			if (vc_push(e, tgt))
				return -1;
			/* undo then apply fallthrough refinement */
			f->regs[d] = sa;
			if (bc_srcbit(in))
				f->regs[s] = sb;
			ta = fa;
			tb = fb;
			*next = fall;
		} else if (tok) {
			*next = tgt;
		} else {
			ta = fa;
			tb = fb;
			*next = fall;
		}
		if (!tok || !fok)	/* one way only: decided too */
			mark_operands(e, in);
		struct bc_vframe *f = vc_frame(e);

		f->regs[d] = ta;
		if (bc_srcbit(in) && s != d)
			f->regs[s] = tb;
		sync_linked(e, &f->regs[d]);
		if (bc_srcbit(in))
			sync_linked(e, &f->regs[s]);
		return 0;
	}
	/* a pointer is involved */
	bool bzero = b.kind == VK_SCALAR && bc_scalar_is_const(&b.s) &&
		     !b.s.var_off.value;
	bool azero = a.kind == VK_SCALAR && bc_scalar_is_const(&a.s) &&
		     !a.s.var_off.value;

	if (!j32 && (op == BPF_JEQ || op == BPF_JNE) && (bzero || azero)) {
		struct bc_vreg *p = bzero ? vc_reg(e, d) : vc_reg(e, s);

		if (bc_srcbit(in))	/* the zero in a register counts */
			vp_mark_reg(e, bzero ? s : d);
		if (!bc_vkind_or_null(p->kind)) {
			/* non-null pointer compared with 0: outcome known */
			*next = op == BPF_JNE ? tgt : fall;
			return 0;
		}
		struct null_arg na = { p->id, op == BPF_JEQ };
		uint32_t ref = p->ref_id;

		/* taken path */
		struct bc_vstate save;

		bc_vstate_copy(&save, &e->cur);
		vc_for_each_reg(e, null_fn, &na);
		if (na.is_null && ref)
			vc_release_ref(e, ref);
		if (vc_push(e, tgt)) {
			bc_vstate_free(&save);
			return -1;
		}
		save.parent = e->cur.parent;
		bc_vstate_free(&e->cur);
		e->cur = save;
		na.is_null = !na.is_null;
		vc_for_each_reg(e, null_fn, &na);
		if (na.is_null && ref)
			vc_release_ref(e, ref);
		*next = fall;
		return 0;
	}
	if (!e->priv)
		return vc_err(e, pc, "R%d pointer comparison prohibited", d);
	if (!j32 && a.kind != VK_SCALAR && b.kind != VK_SCALAR) {
		struct bc_vreg *pa = vc_reg(e, d), *pb = vc_reg(e, s);
		int good = -1;
		struct bc_vreg *p = NULL;

		if ((a.kind == VK_PKT && b.kind == VK_PKT_END) ||
		    (a.kind == VK_PKT_META && b.kind == VK_PKT)) {
			good = pkt_good_branch(op);
			p = pa;
		} else if ((b.kind == VK_PKT && a.kind == VK_PKT_END) ||
			   (b.kind == VK_PKT_META && a.kind == VK_PKT)) {
			good = pkt_good_branch(flip(op));
			p = pb;
		}
		if (p && good >= 0) {
			/* "pkt OP end", the packet pointer first */
			int preg = p == pa ? d : s;
			uint8_t pop = p == pa ? op : flip(op);
			struct bc_vreg pv = *p;
			struct bc_vstate save;
			int known = pkt_end_taken(&pv, pop);

			if (known >= 0) {	/* decided by an earlier test */
				*next = known ? tgt : fall;
				return 0;
			}
			bc_vstate_copy(&save, &e->cur);
			if (good == 1)
				mark_pkt(e, &pv);
			else
				mark_pkt_end(p, pop);
			if (vc_push(e, tgt)) {
				bc_vstate_free(&save);
				return -1;
			}
			save.parent = e->cur.parent;
			bc_vstate_free(&e->cur);
			e->cur = save;
			if (good == 0)
				mark_pkt(e, &pv);
			else
				mark_pkt_end(vc_reg(e, preg), pop);
			*next = fall;
			return 0;
		}
	}
	if (a.kind == VK_NOT_INIT || b.kind == VK_NOT_INIT)
		return vc_err(e, pc, "R%d !read_ok", d);
	if (vc_push(e, tgt))
		return -1;
	*next = fall;
	return 0;
}

/* ---- loads and stores ---- */

static int do_ldx(struct venv *e, uint32_t pc, const struct bpf_insn *in)
{
	struct bc_vreg out;
	int size = bc_size_bytes(bc_size(in));

	if (vc_check_read(e, pc, in->src_reg) || check_write(e, pc, in->dst_reg))
		return -1;
	if (vm_access(e, pc, in->src_reg, in->off, size, false, NULL, -1, &out,
		      bc_mode(in) == BPF_MEMSX))
		return -1;
	*vc_reg(e, in->dst_reg) = out;
	return 0;
}

static int do_st(struct venv *e, uint32_t pc, const struct bpf_insn *in)
{
	int size = bc_size_bytes(bc_size(in));
	struct bc_vreg v;

	if (vc_check_read(e, pc, in->dst_reg))
		return -1;
	if (bc_class(in) == BPF_ST) {
		bc_vreg_const(&v, (uint64_t)(int64_t)in->imm);
		if (size < 8)
			bc_vreg_const(&v, (uint64_t)(int64_t)in->imm &
				      ((1ull << (8 * size)) - 1));
		return vm_access(e, pc, in->dst_reg, in->off, size, true, &v,
				 -1, NULL, false);
	}
	if (vc_check_read(e, pc, in->src_reg))
		return -1;
	v = *vc_reg(e, in->src_reg);
	/* the low size bytes of a scalar are stored; a pointer stays one
	 * (a leak for !root, a partial spill on the stack) */
	if (size < 8 && v.kind == VK_SCALAR) {
		struct bc_scalar t = v.s;

		bc_vreg_scalar(&v);
		v.s = t;
		if (size == 4)
			bc_scalar_zext32(&v.s);
		else if (!bc_scalar_is_const(&t))
			vm_coerce(&v.s, size);
		else if (t.var_off.value >> (8 * size))
			bc_scalar_load(&v.s, size, false);
	}
	return vm_access(e, pc, in->dst_reg, in->off, size, true, &v,
			 in->src_reg, NULL, false);
}

static int do_atomic(struct venv *e, uint32_t pc, const struct bpf_insn *in)
{
	int size = bc_size_bytes(bc_size(in));
	int op = in->imm;
	struct bc_vreg *dst, *src, old, unk;

	if (vc_check_read(e, pc, in->dst_reg) || vc_check_read(e, pc, in->src_reg))
		return -1;
	if (op == BPF_CMPXCHG && vc_check_read(e, pc, 0))
		return -1;
	if (op == 0x100 || op == 0x110)
		return vc_err(e, pc, "load-acquire/store-release are not "
			      "supported");
	dst = vc_reg(e, in->dst_reg);
	src = vc_reg(e, in->src_reg);
	/* a pointer operand is a leak for !root; for root the memory just
	 * becomes an unknown scalar (written below) */
	if (src->kind != VK_SCALAR && !e->priv)
		return vc_err(e, pc, "R%d leaks addr into mem", in->src_reg);
	if (op == BPF_CMPXCHG && vc_reg(e, 0)->kind != VK_SCALAR && !e->priv)
		return vc_err(e, pc, "R0 leaks addr into mem");
	switch (dst->kind) {
	case VK_PKT: case VK_PKT_META:
		return vc_err(e, pc, "BPF_ATOMIC stores into R%d pkt is not "
			      "allowed", in->dst_reg);
	case VK_CTX:
		return vc_err(e, pc, "BPF_ATOMIC stores into R%d ctx is not "
			      "allowed", in->dst_reg);
	case VK_FLOW_KEYS: case VK_SOCK: case VK_SOCK_COMMON: case VK_TCP_SOCK:
		return vc_err(e, pc, "BPF_ATOMIC stores into R%d %s is not "
			      "allowed", in->dst_reg, bc_vkind_name(dst->kind));
	}
	if (vm_access(e, pc, in->dst_reg, in->off, size, false, NULL, -1, &old,
		      false))
		return -1;
	if (old.kind != VK_SCALAR)
		return vc_err(e, pc, "R%d atomic on a spilled pointer",
			      in->dst_reg);
	bc_vreg_scalar(&unk);
	if (size == 4)
		bc_scalar_load(&unk.s, 4, false);
	if (vm_access(e, pc, in->dst_reg, in->off, size, true, &unk, -1, NULL,
		      false))
		return -1;
	if (op == BPF_CMPXCHG) {
		bc_vreg_scalar(vc_reg(e, 0));
		if (size == 4)
			bc_scalar_load(&vc_reg(e, 0)->s, 4, false);
	} else if (op & BPF_FETCH) {
		if (check_write(e, pc, in->src_reg))
			return -1;
		bc_vreg_scalar(vc_reg(e, in->src_reg));
		if (size == 4)
			bc_scalar_load(&vc_reg(e, in->src_reg)->s, 4, false);
	}
	return 0;
}

static int do_ld(struct venv *e, uint32_t pc, const struct bpf_insn *in)
{
	struct bc_vreg *d;

	if (bc_is_lddw(in)) {
		const struct bpf_insn *n = in + 1;

		if (check_write(e, pc, in->dst_reg))
			return -1;
		d = vc_reg(e, in->dst_reg);
		switch (in->src_reg) {
		case 0:
			bc_vreg_const(d, (uint32_t)in->imm |
				      ((uint64_t)(uint32_t)n->imm << 32));
			return 0;
		case BPF_PSEUDO_MAP_IDX:
		case BPF_PSEUDO_MAP_IDX_VALUE:
			if ((uint32_t)in->imm >= e->obj->map_cnt)
				return vc_err(e, pc, "fd %d is not pointing to "
					      "valid bpf_map", in->imm);
			bc_vreg_ptr(d, in->src_reg == BPF_PSEUDO_MAP_IDX ?
				    VK_MAP_PTR : VK_MAP_VALUE);
			d->map = in->imm;
			if (in->src_reg == BPF_PSEUDO_MAP_IDX_VALUE)
				d->off = n->imm;
			return 0;
		case BPF_PSEUDO_FUNC:
			bc_vreg_ptr(d, VK_FUNC);
			d->off = pc + in->imm + 1;
			return 0;
		case BPF_PSEUDO_BTF_ID:
			return vc_err(e, pc, "ksym %s is not supported by "
				      "bpfcheck (needs kernel BTF)",
				      bc_object_ksym_name(e->obj, in->imm) ?:
				      "?");
		}
		return vc_err(e, pc, "unsupported pseudo load src_reg=%d "
			      "(map fds of raw input are unknown)", in->src_reg);
	}
	/* LD_ABS / LD_IND */
	if (!bc_ctx_has_ld_abs(e->type))
		return vc_err(e, pc, "BPF_LD_[ABS|IND] instructions not allowed "
			      "for this program type");
	if (e->cur.ref_cnt)
		return vc_err(e, pc, "BPF_LD_[ABS|IND] cannot be mixed with "
			      "socket references");
	if (vc_check_read(e, pc, 6))
		return -1;
	if (bc_mode(in) == BPF_IND && vc_check_read(e, pc, in->src_reg))
		return -1;
	if (vc_reg(e, 6)->kind != VK_CTX)
		return vc_err(e, pc, "at the time of BPF_LD_ABS|IND R6 != "
			      "pointer to skb");
	if (bc_mode(in) == BPF_IND && vc_reg(e, in->src_reg)->kind != VK_SCALAR)
		return vc_err(e, pc, "R%d type=%s expected=scalar", in->src_reg,
			      bc_vkind_name(vc_reg(e, in->src_reg)->kind));
	for (int r = 1; r <= 5; r++)
		bc_vreg_ptr(vc_reg(e, r), VK_NOT_INIT);
	bc_vreg_scalar(vc_reg(e, 0));
	bc_scalar_load(&vc_reg(e, 0)->s, bc_size_bytes(bc_size(in)), false);
	return 0;
}

/* ---- exit ---- */

/* Returns 1 when the path ends, 0 to continue at e->cur.pc. */
static int do_exit(struct venv *e, uint32_t pc)
{
	struct bc_vreg *r0 = vc_reg(e, 0);

	/* a subprogram may leave r0 unset (Linux copies it as it is) */
	if (e->cur.curframe)
		return vc_return(e, pc);
	if (r0->kind == VK_NOT_INIT)
		return vc_err(e, pc, "R0 !read_ok");
	if (!e->priv && bc_vkind_is_ptr(r0->kind))
		return vc_err(e, pc, "R0 leaks addr as return value");
	if (e->cur.ref_cnt) {
		for (uint32_t i = 0; i < e->cur.ref_cnt; i++)
			vc_log(e, "Unreleased reference id=%u alloc_insn=%u\n",
			       e->cur.refs[i].id, e->cur.refs[i].insn);
		return vc_err(e, pc, "BPF_EXIT instruction in main prog would "
			      "lead to reference leak");
	}
	int64_t lo, hi;

	if (!bc_ctx_retval_range(e->type, e->attach, &lo, &hi))
		return 1;
	if (r0->kind != VK_SCALAR)
		return vc_err(e, pc, "At program exit the register R0 is not a "
			      "known value (%s)", bc_vkind_name(r0->kind));
	vp_mark_reg(e, 0);
	if (r0->s.smin < lo || r0->s.smax > hi)
		return vc_err(e, pc, "At program exit the register R0 has "
			      "smin=%" PRId64 " smax=%" PRId64 " should have "
			      "been in [%" PRId64 ", %" PRId64 "]", r0->s.smin,
			      r0->s.smax, lo, hi);
	return 1;
}

/* ---- search ---- */

int vc_push(struct venv *e, uint32_t pc)
{
	struct bc_vstate *s;

	if (e->stack_n >= 8192)
		return vc_err(e, pc, "The sequence of %zu jumps is too complex.",
			      e->stack_n + 1);
	BC_GROW(e->stack, e->stack_cap, e->stack_n + 1);
	s = &e->stack[e->stack_n++];
	bc_vstate_copy(s, &e->cur);
	s->pc = pc;
	s->path_len = e->hist_n;
	if (s->parent)
		s->parent->branches++;
	return 0;
}

static void end_path(struct venv *e)
{
	struct bc_vchk *c = e->cur.parent;

	while (c && --c->branches == 0) {
		e->live_states--;
		c = c->parent;
	}
	bc_vstate_free(&e->cur);
}

static bool pop(struct venv *e)
{
	if (!e->stack_n)
		return false;
	e->cur = e->stack[--e->stack_n];
	e->hist_n = e->cur.path_len;
	if (e->log && e->level >= 2)
		fprintf(e->log, "from %u:\n", e->cur.pc);
	return true;
}

static void live_masks(struct venv *e, uint32_t pc, uint16_t *live)
{
	for (uint32_t f = 0; f < e->cur.curframe; f++) {
		uint32_t cs = e->cur.frames[f + 1]->callsite;

		live[f] = (e->live[cs + 1] & ~0x3fu) | 0x400;
		if (e->cur.frames[f + 1]->cb_proto >= 0)
			live[f] = 0x7ff;
	}
	live[e->cur.curframe] = e->live[pc] | 0x400;
}

/*
 * A checkpoint that keeps failing to prune is dropped from the list (as
 * Linux does: it slows every later visit and rarely helps). Its state is
 * freed; the node stays on e->evicted while paths below it still count
 * on it.
 */
static void evict(struct venv *e, struct bc_vchk **pp)
{
	struct bc_vchk *c = *pp;

	*pp = c->next;
	bc_vstate_free(&c->st);
	c->next = e->evicted;
	e->evicted = c;
}

static size_t seen_slot(const struct venv *e, uint32_t pc, uint64_t key)
{
	return (size_t)((key ^ (pc * 0x9e3779b97f4a7c15ull)) *
			0xc4ceb9fe1a85ec53ull >> 17) & (e->seen_cap - 1);
}

static void seen_add(struct venv *e, struct bc_vchk *c, uint32_t pc)
{
	size_t i;

	if (2 * (e->seen_n + 1) > e->seen_cap) {
		struct bc_vchk **old = e->seen;
		size_t n = e->seen_cap;

		e->seen_cap = n ? 2 * n : 1024;
		e->seen = bc_xcalloc(e->seen_cap, sizeof(*e->seen));
		e->seen_n = 0;
		for (size_t j = 0; j < n; j++)
			if (old[j])
				seen_add(e, old[j], old[j]->st.pc);
		free(old);
	}
	c->st.pc = pc;
	for (i = seen_slot(e, pc, c->key); e->seen[i];
	     i = (i + 1) & (e->seen_cap - 1))
		;
	e->seen[i] = c;
	e->seen_n++;
}

/*
 * Is the current state equal to one still being explored below it (a
 * checkpoint with live paths), at the same pc? Then the path came back to
 * where it was and can go round forever. Evicted checkpoints are judged
 * by their hash alone.
 */
static bool looping(struct venv *e, uint32_t pc, uint64_t key,
		    const uint16_t *live)
{
	if (!e->seen_cap)
		return false;
	for (size_t i = seen_slot(e, pc, key); e->seen[i];
	     i = (i + 1) & (e->seen_cap - 1)) {
		struct bc_vchk *c = e->seen[i];

		if (c->key != key || c->st.pc != pc || !c->branches)
			continue;
		if (!c->st.frames[0] ||
		    bc_vstate_subsumes(&c->st, &e->cur, live, BC_SUB_EXACT, 0))
			return true;
	}
	return false;
}

/* Returns 1 when the current state is pruned. */
static int visit(struct venv *e, uint32_t pc)
{
	uint16_t live[BC_MAX_CALL_FRAMES];
	uint32_t loop = bc_cfg_loop_at(e->cfg, pc);
	uint64_t key = 0;
	bool add, far;
	int r;

	live_masks(e, pc, live);
	/* a summary's header state is joined from and compared with the
	 * whole state: everything before it counts */
	if (loop != BC_NONE && !e->nosum)
		vp_all(e);
	if (loop != BC_NONE && (r = vl_header(e, pc, loop, live)) != 0)
		return r == 2 ? 0 : r;
	if (loop != BC_NONE)
		e->loop_unsum[loop] = 1;
	if (e->prune[pc] == 2 && !e->nosum)
		vl_callback(e, pc);
	if (e->prune[pc] != 2) {
		key = bc_vstate_hash(&e->cur, live);
		if (looping(e, pc, key, live))
			return vc_err(e, pc, "infinite loop detected at insn %u",
				      pc);
	}
	/*
	 * A new checkpoint every 8 insns and 2 jumps, at callbacks always,
	 * and whenever the path itself went 100 insns without one (other
	 * paths' checkpoints reset the counters; a long stretch without one
	 * makes each precision walk go all the way back).
	 */
	far = e->hist_n - (e->cur.parent ? e->cur.parent->hist : 0) >= 100;
	add = e->prune[pc] == 2 || far ||
	      (e->processed - e->last_chk >= 8 && e->jmps - e->last_jmps >= 2);
	for (struct bc_vchk **pp = &e->chk[pc], *c; (c = *pp);) {
		uint16_t lv[BC_MAX_CALL_FRAMES];
		uint64_t sl[BC_MAX_CALL_FRAMES];
		bool hit;

		memcpy(lv, live, sizeof(lv));
		memset(sl, 0xff, sizeof(sl));
		vp_live(e, c, pc, lv, sl);
		hit = (!c->branches || e->prune[pc] == 2) &&
		      bc_vstate_subsumes_live(&c->st, &e->cur, lv, sl,
					      e->explore_alu ? BC_SUB_STRICT :
					      BC_SUB_PRUNE, 0);
		/* going round a loop (a state here is still being explored):
		 * a new checkpoint only every 20 jumps or 100 insns, as
		 * Linux, so that the loop's states are not evicted by its
		 * own iterations */
		if (!hit && c->branches && e->prune[pc] != 2 && !far &&
		    e->jmps - e->last_jmps < 20 &&
		    e->processed - e->last_chk < 100)
			add = false;
		if (hit) {
			c->hit++;
			/* the path relied on what c compared */
			for (uint32_t f = 0; f <= e->cur.curframe; f++)
				vp_read(e, f, lv[f], sl[f]);
			vp_prune_hit(e, c, lv);
			return 1;
		}
		if (add && !c->sum && ++c->miss > c->hit * 3 + 3) {
			evict(e, pp);
			continue;
		}
		pp = &c->next;
	}
	if (!add)
		return 0;
	if (e->states > 2000000)
		return 0;
	vc_checkpoint(e, pc, key);
	return 0;
}

/* A checkpoint of the current state at pc; the path continues below it. */
struct bc_vchk *vc_checkpoint(struct venv *e, uint32_t pc, uint64_t key)
{
	struct bc_vchk *c = bc_xcalloc(1, sizeof(*c));

	bc_vstate_copy(&c->st, &e->cur);
	vp_checkpoint(e, c, pc);
	c->st.parent = NULL;
	c->parent = e->cur.parent;
	c->branches = 1;
	c->next = e->chk[pc];
	e->chk[pc] = c;
	e->cur.parent = c;
	e->last_chk = e->processed;
	e->last_jmps = e->jmps;
	e->states++;
	e->live_states++;
	if (e->live_states > e->res->peak_states)
		e->res->peak_states = e->live_states;
	if (++e->chk_cnt[pc] > e->res->max_states_per_insn)
		e->res->max_states_per_insn = e->chk_cnt[pc];
	c->key = key;
	if (key)
		seen_add(e, c, pc);
	return c;
}

/* Execute the instruction at e->cur.pc. 1: path ended, <0 error. */
static int step(struct venv *e)
{
	uint32_t pc = e->cur.pc;
	const struct bpf_insn *in = &e->prog->insns[pc];
	uint32_t next = pc + bc_insn_slots(in);
	/* induction tags need the operands as they were before the insn;
	 * only while some loop summary is active */
	bool tags = e->cur.nsum && !bc_is_jmp_class(in);
	struct bc_vreg before;
	bool src_const = false;
	int64_t k = in->imm;
	int r = 0;

	if (tags) {
		const struct bc_vreg *src = vc_reg(e, in->src_reg & 0xf);

		before = *vc_reg(e, in->dst_reg & 0xf);
		src_const = bc_srcbit(in) && src->kind == VK_SCALAR &&
			    bc_scalar_is_const(&src->s);
		if (bc_srcbit(in))
			k = bc_class(in) == BPF_ALU ?
			    (int32_t)src->s.var_off.value :
			    (int64_t)src->s.var_off.value;
	}

	switch (bc_class(in)) {
	case BPF_ALU:
	case BPF_ALU64:
		r = do_alu(e, pc, in);
		break;
	case BPF_LDX:
		r = do_ldx(e, pc, in);
		break;
	case BPF_ST:
		r = do_st(e, pc, in);
		break;
	case BPF_STX:
		r = bc_mode(in) == BPF_ATOMIC ? do_atomic(e, pc, in) :
						do_st(e, pc, in);
		break;
	case BPF_LD:
		r = do_ld(e, pc, in);
		break;
	case BPF_JMP:
	case BPF_JMP32:
		e->jmps++;
		if (bc_is_exit(in)) {
			r = do_exit(e, pc);
			if (r)
				return r;
			return 0;	/* vc_return set pc */
		}
		if (bc_is_call(in)) {
			r = vc_call(e, pc, in, &next);
			break;
		}
		r = do_jmp(e, pc, in, &next);
		break;
	}
	if (r < 0)
		return r;
	if (tags)
		vl_after_insn(e, in, &before, src_const, k);
	e->cur.pc = next;
	return 0;
}

/* ---- liveness ---- */

/* The registers a helper call reads: its arguments. */
static uint16_t call_use(const struct venv *e, const struct bpf_insn *in)
{
	const struct bc_helper_proto *p;
	uint16_t u = 0;

	if (bc_is_pseudo_call(in) ||
	    !(p = bc_helper_proto_for(in->imm, e->type, e->attach)))
		return 0x3e;
	for (int i = 0; i < 5; i++)
		if (BC_ARG_KIND(p->args[i]) != BC_ARG_NONE)
			u |= 1u << (i + 1);
	return u;
}

static void insn_use_def(const struct venv *e, const struct bpf_insn *in,
			 uint16_t *use, uint16_t *def)
{
	uint16_t u = 0, d = 0;
	uint8_t op = bc_op(in);

	switch (bc_class(in)) {
	case BPF_ALU: case BPF_ALU64:
		if (bc_srcbit(in) && op != BPF_NEG && op != BPF_END)
			u |= 1u << in->src_reg;
		if (op != BPF_MOV)
			u |= 1u << in->dst_reg;
		d |= 1u << in->dst_reg;
		break;
	case BPF_LDX:
		u |= 1u << in->src_reg;
		d |= 1u << in->dst_reg;
		break;
	case BPF_ST:
		u |= 1u << in->dst_reg;
		break;
	case BPF_STX:
		u |= 1u << in->dst_reg | 1u << in->src_reg;
		if (bc_mode(in) == BPF_ATOMIC) {
			if (in->imm == BPF_CMPXCHG) {
				u |= 1;
				d |= 1;
			} else if (in->imm & BPF_FETCH) {
				d |= 1u << in->src_reg;
			}
		}
		break;
	case BPF_LD:
		if (bc_is_lddw(in)) {
			d |= 1u << in->dst_reg;
		} else {
			u |= 1u << 6;
			if (bc_mode(in) == BPF_IND)
				u |= 1u << in->src_reg;
			d |= 0x3f;
		}
		break;
	case BPF_JMP: case BPF_JMP32:
		if (bc_is_exit(in)) {
			u |= 1;
		} else if (bc_is_call(in)) {
			u |= call_use(e, in);
			d |= 0x3f;
		} else if (op != BPF_JA && op != BPF_JCOND) {
			u |= 1u << in->dst_reg;
			if (bc_srcbit(in))
				u |= 1u << in->src_reg;
		}
		break;
	}
	*use = u;
	*def = d;
}

static void compute_liveness(struct venv *e)
{
	const struct bc_prog *p = e->prog;
	uint32_t n = p->insn_cnt;
	uint16_t *use = e->use = bc_xcalloc(n, 2);
	uint16_t *def = e->def = bc_xcalloc(n, 2);
	bool changed = true;

	for (uint32_t i = 0; i < n; i++)
		insn_use_def(e, &p->insns[i], &use[i], &def[i]);
	while (changed) {
		changed = false;
		for (uint32_t i = n; i-- > 0;) {
			const struct bpf_insn *in = &p->insns[i];
			uint16_t out = 0, v;

			if (i && bc_is_lddw(&p->insns[i - 1]))
				continue;
			if (bc_is_jmp_class(in) && !bc_is_call(in)) {
				uint8_t op = bc_op(in);

				if (bc_is_exit(in)) {
					out = 0;
				} else {
					int64_t t = op == BPF_JA &&
						bc_class(in) == BPF_JMP32 ?
						i + in->imm + 1 : i + in->off + 1;

					if (t >= 0 && t < n)
						out |= e->live[t];
					if (op != BPF_JA && i + 1 < n)
						out |= e->live[i + 1];
				}
			} else {
				uint32_t nx = i + bc_insn_slots(in);

				if (nx < n)
					out = e->live[nx];
			}
			v = use[i] | (out & ~def[i]);
			if (v != e->live[i]) {
				e->live[i] = v;
				changed = true;
			}
		}
	}
}

static void mark_prune_points(struct venv *e)
{
	const struct bc_prog *p = e->prog;

	for (uint32_t i = 0; i < p->insn_cnt; i++) {
		const struct bpf_insn *in = &p->insns[i];

		if (bc_is_pseudo_func(in)) {
			uint32_t t = i + in->imm + 1;

			if (t < p->insn_cnt)
				e->prune[t] = 2;
		}
		if (bc_is_call(in) && i + 1 < p->insn_cnt && !e->prune[i + 1])
			e->prune[i + 1] = 1;
		if (!bc_is_jmp_class(in) || bc_is_call(in) || bc_is_exit(in))
			continue;
		int64_t t = bc_op(in) == BPF_JA && bc_class(in) == BPF_JMP32 ?
			    i + in->imm + 1 : i + in->off + 1;

		/* as Linux: branch targets and the conditional jumps
		 * themselves (not their fall-through) */
		if (t >= 0 && t < p->insn_cnt && !e->prune[t])
			e->prune[t] = 1;
		if (bc_op(in) != BPF_JA && !e->prune[i])
			e->prune[i] = 1;
	}
	for (uint32_t l = 0; l < e->cfg->loop_cnt; l++) {
		uint32_t f = e->cfg->blocks[e->cfg->loops[l].header].first;

		if (f < p->insn_cnt && !e->prune[f])
			e->prune[f] = 1;
	}
}

static void log_path(struct venv *e)
{
	if (!e->log || e->level != 1)
		return;
	for (size_t i = 0; i < e->hist_n; i++)
		log_insn(e, e->hist[i].pc);
	log_regs(e);
}

static bool claim_checkable(unsigned kind)
{
	switch (kind) {
	case VK_FP: case VK_CTX: case VK_PKT: case VK_PKT_META:
	case VK_PKT_END: case VK_MAP_VALUE:
		return true;
	}
	return false;
}

/* Join pointer v into register r's claim; another kind: no claim. */
static void claim_ptr(struct bc_claim *a, int r, const struct bc_vreg *v)
{
	struct bc_pclaim *p = &a->p[r], n = {
		.kind = v->kind, .frame = v->frame, .map = v->map,
		.omin = v->off + v->s.smin, .omax = v->off + v->s.smax,
		.pkt_ahead = v->kind == VK_PKT && v->range > 0 ?
			     (int64_t)v->range - v->off : BC_CLAIM_NO_RANGE,
	};
	uint16_t bit = 1u << r;

	if (!claim_checkable(v->kind) || (a->other & bit)) {
		a->other |= bit;
		return;
	}
	if (!(a->ptr & bit)) {
		a->ptr |= bit;
		*p = n;
		return;
	}
	if (p->kind != n.kind || p->frame != n.frame || p->map != n.map) {
		a->other |= bit;
		return;
	}
	p->omin = n.omin < p->omin ? n.omin : p->omin;
	p->omax = n.omax > p->omax ? n.omax : p->omax;
	if (n.pkt_ahead < p->pkt_ahead)
		p->pkt_ahead = n.pkt_ahead;
}

/* Join the current frame's stack into the claim at pc. */
static void claim_stack(struct bc_claim *a, const struct bc_vframe *f,
			uint32_t frame, bool first)
{
	uint64_t spill = 0, zero[8] = { 0 };

	if (!first && a->sframe != frame)
		a->sframe = 0xff;
	if (a->sframe == 0xff)
		return;
	for (int k = 0; k < BC_SLOTS; k++) {
		if (f->stype[8 * k] == VS_SPILL &&
		    f->spill[k].kind == VK_SCALAR)
			spill |= 1ull << k;
	}
	for (int i = 0; i < BC_STACK; i++)
		if (f->stype[i] == VS_ZERO)
			zero[i / 64] |= 1ull << (i % 64);
	if (first) {
		a->sframe = (uint8_t)frame;
		a->sspill = spill;
		memcpy(a->szero, zero, sizeof(zero));
		if (spill)
			a->ss = bc_xcalloc(BC_SLOTS, sizeof(*a->ss));
		for (int k = 0; k < BC_SLOTS; k++)
			if (spill >> k & 1)
				a->ss[k] = f->spill[k].s;
		return;
	}
	a->sspill &= spill;
	for (int w = 0; w < 8; w++)
		a->szero[w] &= zero[w];
	for (int k = 0; k < BC_SLOTS; k++)
		if (a->sspill >> k & 1)
			bc_scalar_join(&a->ss[k], &f->spill[k].s);
}

/* The oracle's claims: the join of every live register at pc. */
static void record_claims(struct venv *e, uint32_t pc)
{
	struct bc_claims *cl = e->opts->claims;
	uint16_t live = e->live[pc];
	struct bc_claim *a;
	bool first;

	if (pc >= cl->insn_cnt)
		return;
	first = !cl->at[pc];
	if (first)
		cl->at[pc] = bc_xcalloc(1, sizeof(*cl->at[pc]));
	a = cl->at[pc];
	claim_stack(a, vc_frame(e), e->cur.curframe, first);
	for (int r = 0; r <= 10; r++) {
		const struct bc_vreg *v = vc_reg(e, r);

		if (!(live & (1u << r)))
			continue;
		if (v->kind != VK_SCALAR) {
			claim_ptr(a, r, v);
		} else if (!(a->scalar & (1u << r))) {
			a->scalar |= 1u << r;
			a->s[r] = v->s;
		} else {
			bc_scalar_join(&a->s[r], &v->s);
		}
	}
}

static void run(struct venv *e)
{
	struct bc_vframe *f0 = bc_vframe_new(0, BC_NONE, 0);

	bc_vreg_ptr(&f0->regs[1], VK_CTX);
	e->cur.frames[0] = f0;
	for (;;) {
		uint32_t pc = e->cur.pc, frame;
		int r = 0;

		/* counted before the pruning check, as Linux does */
		if (++e->processed > e->budget) {
			vc_err(e, pc, "BPF program is too large. Processed %"
			       PRIu64 " insn", e->processed);
			break;
		}
		if (e->prune[pc]) {
			vl_leave(e, pc);
			vl_sync(e);
			r = visit(e, pc);
			if (r < 0)
				break;
		}
		if (r == 1) {
			if (e->log && e->level >= 2)
				fprintf(e->log, "%u: safe\n", pc);
			end_path(e);
			if (!pop(e))
				return;
			continue;
		}
		e->reached[pc] = 1;
		if (e->opts->claims)
			record_claims(e, pc);
		vp_hist_push(e, pc);
		frame = e->cur.curframe;
		vp_read(e, frame, e->use[pc], 0);
		r = step(e);
		if (!r && e->cur.curframe == frame)
			e->cur.wr[frame] |= e->def[pc];
		if (e->log && e->level >= 2) {
			log_insn(e, pc);
			if (r >= 0)
				log_regs(e);
		}
		if (r < 0)
			break;
		if (r == 1) {
			end_path(e);
			if (!pop(e))
				return;
		}
	}
	log_path(e);
	end_path(e);
}

static void stack_depth_check(struct venv *e)
{
	/* longest call chain by stack: DFS over the call graph */
	struct bc_cfg *cfg = e->cfg;
	uint32_t n = cfg->sub_cnt;
	uint32_t chain[BC_MAX_CALL_FRAMES + 1], idx[BC_MAX_CALL_FRAMES + 1];
	uint32_t depth = 0, sz = 0;
	int top = 0;

	chain[0] = 0;
	idx[0] = 0;
	sz = (e->sub_depth[0] + 15) & ~15u;
	while (top >= 0) {
		uint32_t s = chain[top];

		if (sz > 512) {
			vc_log(e, "combined stack size of %d calls is %u. Too "
			       "large\n", top + 1, sz);
			vc_err(e, -1, "combined stack size of %d calls is %u. "
			       "Too large", top + 1, sz);
			return;
		}
		if (idx[top] < cfg->subs[s].callee_cnt && top < BC_MAX_CALL_FRAMES) {
			uint32_t c = cfg->subs[s].callees[idx[top]++];

			if (c >= n || cfg->subs[c].is_callback)
				continue;
			chain[++top] = c;
			idx[top] = 0;
			sz += (e->sub_depth[c] + 15) & ~15u;
			continue;
		}
		sz -= (e->sub_depth[s] + 15) & ~15u;
		top--;
	}
	(void)depth;
}

/*
 * One search over prog; nosum turns the loop summaries off. Returns
 * whether the search widened anything (a loop summary or a callback
 * entry), that is, whether a search without would be any different.
 */
static bool verify_run(const struct bc_prog *prog, struct bc_cfg *cfg,
		       const struct bc_verify_opts *opts,
		       struct bc_verify_result *res, bool nosum)
{
	struct venv e = { 0 };
	bool widened;

	e.cfg = cfg;
	e.prog = prog;
	e.obj = prog->obj;
	e.opts = opts;
	e.res = res;
	e.priv = !opts->unprivileged;
	e.type = prog->type;
	e.attach = prog->attach_type;
	e.log = opts->log;
	e.level = opts->log ? opts->log_level : 0;
	e.budget = opts->insn_budget ? opts->insn_budget : BC_MAX_INSNS;
	e.nosum = nosum;
	/* unprivileged: every scalar precise, as in Linux */
	e.prec = e.priv && !opts->no_precision && !opts->claims;
	e.prune = bc_xcalloc(prog->insn_cnt + 1, 1);
	e.live = bc_xcalloc(prog->insn_cnt + 1, 2);
	e.chk = bc_xcalloc(prog->insn_cnt + 1, sizeof(*e.chk));
	e.chk_cnt = bc_xcalloc(prog->insn_cnt + 1, sizeof(*e.chk_cnt));
	e.sub_depth = bc_xcalloc(e.cfg->sub_cnt + 1, sizeof(uint32_t));
	e.reached = bc_xcalloc(prog->insn_cnt + 1, 1);
	e.loop_unsum = bc_xcalloc(cfg->loop_cnt + 1, 1);
	e.loop_trip = bc_xcalloc(cfg->loop_cnt + 1, sizeof(uint64_t));
	if (!e.priv) {	/* Spectre masking: unprivileged loaders only */
		e.alu_state = bc_xcalloc(prog->insn_cnt + 1, 1);
		e.alu_limit = bc_xcalloc(prog->insn_cnt + 1, sizeof(uint32_t));
	}
	compute_liveness(&e);
	mark_prune_points(&e);
	run(&e);
	if (!e.failed && !e.sum_abort)
		stack_depth_check(&e);
	if (!e.failed && !e.sum_abort)
		vl_finish(&e);
	res->accepted = !e.failed && !e.sum_abort;
	if (res->accepted) {
		for (uint32_t l = 0; l < cfg->loop_cnt; l++)
			if (e.loop_unsum[l])
				e.loop_trip[l] = 0;
		res->has_worst_case = bc_worst_case(cfg, e.reached,
						    e.loop_trip,
						    &res->worst_case_insns);
	}
	res->processed_insns = e.processed;
	res->total_states = e.states;
	res->stack_depth = (e.sub_depth[0] + 15) & ~15u;
	res->loops_explored = false;
	for (uint32_t l = 0; l < cfg->loop_cnt; l++)
		res->loops_explored |= e.loop_unsum[l];
	widened = e.sum_cnt || e.cb_widened;
	if (e.sum_abort)
		snprintf(res->loop_note, sizeof(res->loop_note), "%s",
			 e.sum_why);
	if (e.sum_abort && e.log && e.level >= 1)
		fprintf(e.log, "%s: verifying again, exploring iterations\n",
			e.sum_why);
	if (e.failed && e.log && e.level >= 1)
		fprintf(e.log, "%s\n", res->error);
	while (e.stack_n)
		bc_vstate_free(&e.stack[--e.stack_n]);
	free(e.stack);
	for (uint32_t i = 0; i < prog->insn_cnt; i++) {
		struct bc_vchk *c = e.chk[i], *n;

		for (; c; c = n) {
			n = c->next;
			bc_vstate_free(&c->st);
			free(c);
		}
	}
	for (struct bc_vchk *c = e.evicted, *n; c; c = n) {
		n = c->next;
		free(c);
	}
	vl_free(&e);
	free(e.seen);
	free(e.chk);
	free(e.chk_cnt);
	free(e.prune);
	free(e.live);
	free(e.use);
	free(e.def);
	free(e.sub_depth);
	free(e.hist);
	free(e.reached);
	free(e.loop_unsum);
	free(e.loop_trip);
	free(e.alu_state);
	free(e.alu_limit);
	return widened;
}

int bc_verify(const struct bc_prog *prog, const struct bc_verify_opts *opts,
	      struct bc_verify_result *res)
{
	struct bc_verify_opts dflt = { 0 };
	struct bc_cfg_opts copts = { 0 };
	struct bc_cfg *cfg = NULL;
	struct bc_err err;
	uint64_t t0 = bc_now_us();

	if (!opts)
		opts = &dflt;
	memset(res, 0, sizeof(*res));
	res->error_insn = -1;
	bc_err_init(&err);
	if (bc_insn_check(prog->insns, prog->insn_cnt, &err)) {
		snprintf(res->error, sizeof(res->error), "%s", err.msg);
		res->error_insn = err.insn;
		goto out;
	}
	copts.reject_irreducible = opts->reject_irreducible;
	if (bc_cfg_build(prog, &copts, &cfg, &err)) {
		snprintf(res->error, sizeof(res->error), "%s", err.msg);
		res->error_insn = err.insn;
		goto out;
	}
	/*
	 * First with loop summaries. When one cannot be proven, or the
	 * program is rejected after a summary widened some state, verify
	 * again exploring iterations as Linux does: both searches are
	 * sound, so either one accepting is enough; the second one's
	 * rejection is the one reported.
	 */
	if (verify_run(prog, cfg, opts, res, false) && !res->accepted) {
		char note[sizeof(res->loop_note)];
		uint64_t processed = res->processed_insns;

		if (res->loop_note[0])	/* from vloop.c: "loop at insn N" */
			snprintf(note, sizeof(note), "%s%.1000s",
				 strncmp(res->loop_note, "loop", 4) ? "" :
				 "no termination proof: ", res->loop_note);
		else
			snprintf(note, sizeof(note), "with loops summarised, "
				 "insn %lld: %s", (long long)res->error_insn,
				 res->error);
		res->error[0] = 0;
		res->error_insn = -1;
		res->loops_proven = 0;
		res->max_trip = 0;
		if (opts->claims)	/* only the deciding search counts */
			bc_claims_reset(opts->claims);
		verify_run(prog, cfg, opts, res, true);
		res->first_pass_insns = processed;
		snprintf(res->loop_note, sizeof(res->loop_note), "%s", note);
	}
out:
	if (cfg)
		bc_cfg_free(cfg);
	res->duration_us = bc_now_us() - t0;
	res->peak_mem_kb = bc_peak_rss_kb();
	return 0;
}
