// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * ALU transfer (Linux's check_alu_op): scalar arithmetic in the domain,
 * pointer arithmetic (adjust_ptr_min_max_vals) and, for a loader that may
 * not bypass the Spectre v1 mitigation, its masking (sanitize_ptr_alu).
 */
#include <inttypes.h>

#include "verifier/alu.h"
#include "verifier/arena.h"
#include "verifier/tags.h"
#include "verifier/mem.h"
#include "verifier/precision.h"

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

static int sane_offset(struct venv *e, uint32_t pc, const struct bc_vreg *r,
		       unsigned kind)
{
	const char *t = bc_vkind_name(kind);
	int64_t val = (int64_t)r->s.var_off.value, smin = r->s.smin;

	if (bc_scalar_is_const(&r->s) &&
	    (val >= BC_MAX_VAR_OFF || val <= -BC_MAX_VAR_OFF))
		return vc_err(e, pc,
			      "math between %s pointer and %" PRId64
			      " is not allowed",
			      t, val);
	if (r->off >= BC_MAX_VAR_OFF || r->off <= -BC_MAX_VAR_OFF)
		return vc_err(e, pc, "%s pointer offset %d is not allowed", t,
			      r->off);
	if (smin == INT64_MIN)
		return vc_err(e, pc,
			      "math between %s pointer and register with "
			      "unbounded min value is not allowed",
			      t);
	if (smin >= BC_MAX_VAR_OFF || smin <= -BC_MAX_VAR_OFF)
		return vc_err(e, pc,
			      "value %" PRId64 " makes %s pointer be out "
			      "of bounds",
			      smin, t);
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

enum { SAN_NEG = 1, SAN_IMM = 2, SAN_SRC = 4, SAN_DST = 8, SAN_NON_PTR = 16 };

struct san {
	bool left; /* the mask bounds a move to lower addresses */
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
		*lim = (uint32_t) -
		       (p->s.var_off.value + (uint64_t)(int64_t)p->off);
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
		return vc_err(e, pc,
			      "R%d has pointer with unsupported alu "
			      "operation, " SAN_ERR,
			      preg);
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
		return vc_err(e, pc,
			      "R%d has unknown scalar with mixed signed "
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

/*
 * One mask per instruction (update_alu_sanitation_state): every path must
 * reach it with the same state and limit.
 */
static int san_record(struct venv *e, uint32_t pc, const struct bpf_insn *in,
		      uint8_t state, uint32_t lim)
{
	if (e->alu_state[pc] &&
	    (e->alu_state[pc] != state || e->alu_limit[pc] != lim)) {
		if (!e->nosum && (e->sum_cnt || e->cb_widened)) {
			/* a summary stands for many iterations at once:
			 * explore them to see each one's limit */
			e->sum_abort = true;
			snprintf(e->sum_why, sizeof(e->sum_why),
				 "iterations "
				 "explored: insn %u: unprivileged: pointer "
				 "arithmetic masked against Spectre needs the "
				 "same limit on every path",
				 pc);
			return -1;
		}
		return vc_err(e, pc,
			      "R%d tried to %s from different maps, "
			      "paths or scalars, " SAN_ERR,
			      in->dst_reg,
			      bc_op(in) == BPF_ADD ? "add" : "sub");
	}
	e->alu_state[pc] = state;
	e->alu_limit[pc] = lim;
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
	return san_record(e, pc, in, sa->state, lim);
}

/*
 * sanitize_val_alu: scalar += scalar marks the insn as not pointer
 * arithmetic, so that no path may use it as such (on speculative paths
 * too: the mark is of the code, not of a path).
 */
static int san_scalar(struct venv *e, uint32_t pc, const struct bpf_insn *in)
{
	if (e->priv || !bc_srcbit(in) ||
	    (bc_op(in) != BPF_ADD && bc_op(in) != BPF_SUB))
		return 0;
	return san_record(e, pc, in, SAN_NON_PTR, 0);
}

/*
 * A map pointer plus a known 0 stays the map pointer (adjust_ptr_min_max_vals
 * lets it through; unprivileged, the masking refuses it later). The zero
 * is what makes it allowed: it counts for pruning.
 */
static bool map_ptr_plus_zero(struct venv *e, const struct bpf_insn *in,
			      const struct bc_vreg *ptr,
			      const struct bc_vreg *sc)
{
	if (!e->priv || ptr->kind != VK_MAP_PTR || bc_op(in) != BPF_ADD ||
	    !bc_scalar_is_const(&sc->s) || sc->s.var_off.value)
		return false;
	vp_mark_reg(e, in->dst_reg);
	if (bc_srcbit(in))
		vp_mark_reg(e, in->src_reg);
	return true;
}

/*
 * The mask may cut a register offset to 0 under speculation: the path on
 * which the pointer did not move is verified too (Linux's do_sim in
 * sanitize_ptr_alu), from the next insn with dst holding the pointer.
 */
static int san_sim(struct venv *e, uint32_t pc, struct bc_vreg *dst,
		   const struct bc_vreg *ptr)
{
	struct bc_vreg keep = *dst;
	int r;

	*dst = *ptr;
	r = vc_push_spec(e, pc + 1, -1, -1);
	*dst = keep;
	return r;
}

/* What Linux's adjust_ptr_min_max_vals refuses before masking. */
static int ptr_alu_allowed(struct venv *e, uint32_t pc,
			   const struct bpf_insn *in, const struct bc_vreg *ptr,
			   const struct bc_vreg *sc)
{
	int d = in->dst_reg;

	if (bc_vkind_or_null(ptr->kind))
		return vc_err(e, pc,
			      "R%d pointer arithmetic on %s prohibited, "
			      "null-check it first",
			      d, bc_vkind_name(ptr->kind));
	if (map_ptr_plus_zero(e, in, ptr, sc))
		return 0;
	switch (ptr->kind) {
	case VK_MAP_PTR: /* map + 0 is still the map */
		if (bc_op(in) == BPF_ADD && bc_scalar_is_const(&sc->s) &&
		    !sc->s.var_off.value)
			break;
		/* fallthrough */
	case VK_PKT_END:
	case VK_SOCK:
	case VK_SOCK_COMMON:
	case VK_TCP_SOCK:
	case VK_FLOW_KEYS:
	case VK_FUNC:
		return vc_err(e, pc, "R%d pointer arithmetic on %s prohibited",
			      d, bc_vkind_name(ptr->kind));
	}
	if (sane_offset(e, pc, sc, ptr->kind) ||
	    sane_offset(e, pc, ptr, ptr->kind))
		return -1;
	return 0;
}

/* The operator's own rules, after the masking checks (as in Linux). */
static int ptr_alu_op_ok(struct venv *e, uint32_t pc, const struct bpf_insn *in,
			 const struct bc_vreg *ptr, bool ptr_is_dst)
{
	uint8_t op = bc_op(in);
	int d = in->dst_reg;

	if (op == BPF_SUB && !ptr_is_dst)
		return vc_err(e, pc,
			      "R%d tried to subtract pointer from "
			      "scalar",
			      d);
	if (op == BPF_SUB && ptr->kind == VK_FP)
		return vc_err(e, pc,
			      "R%d subtraction from stack pointer "
			      "prohibited",
			      d);
	if (op == BPF_AND || op == BPF_OR || op == BPF_XOR)
		return vc_err(e, pc,
			      "R%d bitwise operator %s on pointer "
			      "prohibited",
			      d, op_str(op));
	if (op != BPF_ADD && op != BPF_SUB)
		return vc_err(e, pc,
			      "R%d pointer arithmetic with %s operator "
			      "prohibited",
			      d, op_str(op));
	return 0;
}

/*
 * res, a copy of the pointer, moved by scalar sc: a constant into the
 * fixed offset while it fits, anything else into the variable part.
 */
static void ptr_move(struct venv *e, uint8_t op, struct bc_vreg *res,
		     const struct bc_vreg *sc)
{
	if (bc_scalar_is_const(&sc->s)) {
		int64_t v = (int64_t)sc->s.var_off.value;
		int64_t no = op == BPF_ADD ? res->off + v : res->off - v;

		if (no == (int32_t)no) {
			res->off = (int32_t)no;
			if (op == BPF_ADD && bc_scalar_is_const(&res->s) &&
			    !res->s.var_off.value)
				vt_derive_pkt_const(e, res, sc, v);
			return;
		}
	}
	struct bc_scalar add = sc->s;
	int32_t range = res->range;
	bool derive = op == BPF_ADD && bc_scalar_is_const(&res->s) &&
		      !res->s.var_off.value && !(res->off < 0 && add.smin > 0);

	if ((res->kind == VK_PKT || res->kind == VK_PKT_META) &&
	    op == BPF_ADD && res->off < 0 && add.smin > 0) {
		/* (p - k) + s with s >= m: move min(m, k) of s into the
		 * fixed offset (the same addresses), so that p[-1 + i] for
		 * i >= 1 is not taken for a negative offset */
		struct bc_scalar k;
		int64_t m = add.smin < -(int64_t)res->off ? add.smin :
							    -res->off;

		bc_scalar_const(&k, (uint64_t)m);
		bc_scalar_alu(&add, &k, BPF_SUB, false, 0);
		res->off += (int32_t)m;
	}
	bc_scalar_alu(&res->s, &add, op, false, 0);
	if (res->kind == VK_PKT || res->kind == VK_PKT_META) {
		/* RFC patch 13: p + s with 0 <= s <= umax still has
		 * range - umax bytes proven past its (moved) base */
		bool keep = op == BPF_ADD && add.smin >= 0 &&
			    add.umax < (uint64_t)range &&
			    (!e->linux_only || !add.umax);

		res->range = keep ? range - (int32_t)add.umax : 0;
		e->beyond_linux |= keep && add.umax;
		res->id = ++e->id_gen;
		vt_derive_pkt(e, res, derive ? sc : NULL);
	}
}

/* !root: the result must stay in bounds (Linux's sanitize_check_bounds). */
static int sanitize_check_bounds(struct venv *e, uint32_t pc, int d,
				 const struct bc_vreg *res)
{
	if (res->kind == VK_FP) {
		if (!bc_scalar_is_const(&res->s))
			return vc_err(
				e, pc,
				"R%d variable stack access "
				"prohibited for !root, var_off=(0x%" PRIx64
				"; 0x%" PRIx64 ") off=%d",
				d, res->s.var_off.value, res->s.var_off.mask,
				res->off + (int)res->s.var_off.value);
		int64_t o = res->off + (int64_t)res->s.var_off.value;

		if (o >= 0 || o < -BC_STACK)
			return vc_err(e, pc,
				      "R%d stack pointer arithmetic goes "
				      "out of range, prohibited for !root; "
				      "off=%d",
				      d, (int)o);
	}
	if (res->kind == VK_MAP_VALUE && !vmem_map_ptr_in_value(e, res))
		return vc_err(e, pc,
			      "R%d pointer arithmetic of map value goes "
			      "out of range, prohibited for !root",
			      d);
	return 0;
}

/* Linux's adjust_ptr_min_max_vals: dst = ptr op sc. */
static int ptr_alu(struct venv *e, uint32_t pc, const struct bpf_insn *in,
		   struct bc_vreg *dst, const struct bc_vreg *ptr,
		   const struct bc_vreg *sc)
{
	struct bc_vreg res = *ptr;
	struct san sa = { 0 };
	bool san, spec;

	if (ptr_alu_allowed(e, pc, in, ptr, sc))
		return -1;
	san = !e->priv && bc_srcbit(in) &&
	      (bc_op(in) == BPF_ADD || bc_op(in) == BPF_SUB);
	/* a speculative path only explores: the mask comes from real ones */
	spec = e->cur.speculative;
	if (san && !spec && san_begin(e, pc, in, ptr, sc, ptr == dst, &sa))
		return -1;
	if (san && !bc_scalar_is_const(&sc->s) && san_sim(e, pc, dst, ptr))
		return -1;
	if (ptr_alu_op_ok(e, pc, in, ptr, ptr == dst))
		return -1;
	ptr_move(e, bc_op(in), &res, sc);
	if (res.range < 0) /* an end mark is for that address only */
		res.range = 0;
	if (sane_offset(e, pc, &res, res.kind))
		return -1;
	if (!e->priv && sanitize_check_bounds(e, pc, in->dst_reg, &res))
		return -1;
	if (san && !spec && san_commit(e, pc, in, &res, &sa))
		return -1;
	*dst = res;
	return 0;
}

static int alu_mov(struct venv *e, uint32_t pc, const struct bpf_insn *in,
		   struct bc_vreg *dst, const struct bc_vreg *src)
{
	bool alu32 = bc_class(in) == BPF_ALU;

	if (src->kind != VK_SCALAR) {
		if (alu32 || in->off) {
			if (!e->priv && !alu32)
				return vc_err(e, pc,
					      "R%d sign-extension part "
					      "of pointer",
					      in->src_reg);
			if (!e->priv)
				return vc_err(e, pc,
					      "R%d partial copy of "
					      "pointer",
					      in->src_reg);
			bc_vreg_scalar(dst);
			if (alu32)
				bc_scalar_zext32(&dst->s);
			return 0;
		}
		*dst = *src;
		return 0;
	}
	if (!in->off && bc_srcbit(in) && !bc_scalar_is_const(&src->s) &&
	    (!alu32 ||
	     (src->s.umax <= UINT32_MAX && e->kern->mov32_keeps_id))) {
		/* a copy of an unknown scalar: linked to its source (a
		 * 32-bit one when the value fits, as Linux 6.8+ keeps it) */
		struct bc_vreg *s = vc_reg(e, in->src_reg);

		if (!s->id)
			s->id = ++e->id_gen;
		*dst = *s;
		return 0;
	}
	struct bc_scalar v = src->s;

	bc_vreg_scalar(dst);
	dst->s = v;
	bc_scalar_alu(&dst->s, &v, BPF_MOV, alu32, in->off);
	return 0;
}

/* neg and the byte swaps. */
static int alu_unary(struct venv *e, uint32_t pc, const struct bpf_insn *in,
		     struct bc_vreg *dst)
{
	bool alu32 = bc_class(in) == BPF_ALU;

	/* privileged, a pointer may leak: the result is just unknown */
	if (dst->kind != VK_SCALAR && e->priv) {
		bc_vreg_scalar(dst);
		return 0;
	}
	if (dst->kind != VK_SCALAR)
		return vc_err(e, pc, "R%d pointer arithmetic prohibited",
			      in->dst_reg);
	dst->id = 0;
	if (!e->kern->neg_end_tracked)
		bc_vreg_scalar(dst);
	else if (bc_op(in) == BPF_NEG)
		bc_scalar_alu(&dst->s, &dst->s, BPF_NEG, alu32, 0);
	else
		bc_scalar_end(&dst->s, bc_srcbit(in), !alu32, in->imm);
	return 0;
}

/* A binary operation with a pointer operand (adjust_reg_min_max_vals). */
static int alu_with_ptr(struct venv *e, uint32_t pc, const struct bpf_insn *in,
			struct bc_vreg *dst, const struct bc_vreg *src)
{
	uint8_t op = bc_op(in);
	int d = in->dst_reg;

	if (varena_alu(dst, src))
		return 0;
	if (dst->kind != VK_SCALAR && src->kind != VK_SCALAR) {
		if (op == BPF_SUB && e->priv) {
			/* any width: Linux marks the result unknown */
			bc_vreg_scalar(dst);
			return 0;
		}
		return vc_err(e, pc, "R%d pointer %s pointer prohibited", d,
			      op_str(op));
	}
	if (bc_class(in) == BPF_ALU) {
		/* a meaningless scalar (Linux: unknown, all 64 bits) */
		if (op == BPF_SUB && e->priv) {
			bc_vreg_scalar(dst);
			return 0;
		}
		return vc_err(e, pc, "R%d 32-bit pointer arithmetic prohibited",
			      d);
	}
	if (dst->kind != VK_SCALAR) {
		if (bc_srcbit(in))
			vp_mark_reg(e, in->src_reg);
		return ptr_alu(e, pc, in, dst, dst, src);
	}
	struct bc_vreg sc = *dst;

	vp_mark_reg(e, d);
	return ptr_alu(e, pc, in, dst, src, &sc);
}

/* check_alu_op on a reached insn: no division by 0, shifts in range. */
static int const_operand_check(struct venv *e, uint32_t pc,
			       const struct bpf_insn *in)
{
	uint8_t op = bc_op(in);
	int bits = bc_class(in) == BPF_ALU ? 32 : 64;

	if ((op == BPF_DIV || op == BPF_MOD) && in->imm == 0)
		return vc_err(e, pc, "div by zero");
	if ((op == BPF_LSH || op == BPF_RSH || op == BPF_ARSH) &&
	    (in->imm < 0 || in->imm >= bits))
		return vc_err(e, pc, "invalid shift %d", in->imm);
	return 0;
}

int vc_alu(struct venv *e, uint32_t pc, const struct bpf_insn *in)
{
	uint8_t op = bc_op(in);
	bool alu32 = bc_class(in) == BPF_ALU;
	int d = in->dst_reg;
	struct bc_vreg *dst = vc_reg(e, d), src;

	if (op == BPF_MOV && !alu32 && bc_srcbit(in) &&
	    in->off == BC_ADDR_SPACE_CAST)
		return varena_cast(e, pc, in);

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
	if (!bc_srcbit(in) && const_operand_check(e, pc, in))
		return -1;
	if (vc_check_write(e, pc, d))
		return -1;
	if (op == BPF_MOV)
		return alu_mov(e, pc, in, dst, &src);
	if (op == BPF_NEG || op == BPF_END)
		return alu_unary(e, pc, in, dst);
	if (dst->kind != VK_SCALAR || src.kind != VK_SCALAR)
		return alu_with_ptr(e, pc, in, dst, &src);
	if (san_scalar(e, pc, in))
		return -1;
	dst->id = 0;
	bc_scalar_alu(&dst->s, &src.s, op, alu32, in->off);
	return 0;
}
