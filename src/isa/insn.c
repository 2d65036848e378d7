// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* ISA validity: every opcode known, reserved fields zero, lddw pairs whole. */
#include "isa/insn.h"

#include <errno.h>
#include <string.h>

#define HELPER_NAME(x) "bpf_" #x
static const char *const helper_names[] = { __BPF_FUNC_MAPPER(HELPER_NAME) };

const char *bc_helper_name(int32_t id)
{
	if (id <= 0 || (uint32_t)id >= BC_ARRAY_SIZE(helper_names))
		return NULL;
	/* (cppcheck cannot expand the uapi's __BPF_FUNC_MAPPER) */
	/* cppcheck-suppress arrayIndexOutOfBoundsCond */
	return helper_names[id];
}

int32_t bc_helper_by_name(const char *name)
{
	const char *n;

	for (int32_t id = 1; (n = bc_helper_name(id)); id++)
		if (!strcmp(n, name) || !strcmp(n + 4, name))
			return id;
	return -1;
}

/* Is this opcode byte an instruction of the ISA at all? */
static bool opcode_known(uint8_t code)
{
	uint8_t cls = code & 0x07, op = code & 0xf0, mode = code & 0xe0;
	uint8_t size = code & 0x18;

	switch (cls) {
	case BPF_ALU:
	case BPF_ALU64:
		if (op == BPF_NEG)
			return !(code & BPF_X);
		if (op == BPF_END)
			return cls == BPF_ALU || !(code & BPF_X);
		return op <= BPF_END;
	case BPF_JMP:
	case BPF_JMP32:
		if (op == BPF_JA)
			return !(code & BPF_X);
		if (op == BPF_CALL || op == BPF_EXIT || op == BPF_JCOND)
			return cls == BPF_JMP && !(code & BPF_X);
		return op <= BPF_JSLE;
	case BPF_LD:
		if (mode == BPF_IMM)
			return size == BPF_DW;
		return (mode == BPF_ABS || mode == BPF_IND) && size != BPF_DW;
	case BPF_LDX:
		return mode == BPF_MEM || (mode == BPF_MEMSX && size != BPF_DW);
	case BPF_ST: return mode == BPF_MEM;
	case BPF_STX:
		return mode == BPF_MEM || (mode == BPF_ATOMIC &&
					   (size == BPF_W || size == BPF_DW));
	}
	return false;
}

static int bad_reg(struct bc_err *err, uint32_t pc, int reg)
{
	return bc_errf(err, pc, EINVAL, "R%d is invalid", reg);
}

static int check_alu(const struct bpf_insn *in, uint32_t pc, struct bc_err *err)
{
	uint8_t op = bc_op(in);
	bool x = bc_srcbit(in) == BPF_X;
	bool is64 = bc_class(in) == BPF_ALU64;

	if (op == BPF_END) {
		if (in->src_reg || in->off ||
		    (in->imm != 16 && in->imm != 32 && in->imm != 64))
			return bc_errf(err, pc, EINVAL,
				       "BPF_END uses reserved fields");
	} else if (op == BPF_NEG) {
		if (in->src_reg || in->off || in->imm)
			return bc_errf(err, pc, EINVAL,
				       "BPF_NEG uses reserved fields");
	} else if (op == BPF_MOV) {
		if (x) {
			/* off 1 (64-bit): addr_space_cast, from address
			 * space 1 to 0 (imm 1) or back (imm 1 << 16) */
			bool asc = is64 && in->off == BC_ADDR_SPACE_CAST &&
				   (in->imm == 1 || in->imm == 1 << 16);
			bool off_ok = in->off == 0 || in->off == 8 ||
				      in->off == 16 || (is64 && in->off == 32);

			if (is64 && in->off == BC_ADDR_SPACE_CAST && !asc)
				return bc_errf(err, pc, EINVAL,
					       "addr_space_cast insn can only "
					       "convert between address space "
					       "1 and 0");
			if ((in->imm && !asc) || (!off_ok && !asc))
				return bc_errf(err, pc, EINVAL,
					       "BPF_MOV uses reserved fields");
		} else if (in->src_reg || in->off) {
			return bc_errf(err, pc, EINVAL,
				       "BPF_MOV uses reserved fields");
		}
	} else {
		bool sdiv = in->off == 1 && (op == BPF_DIV || op == BPF_MOD);

		if ((x && in->imm) || (!x && in->src_reg) || (in->off && !sdiv))
			return bc_errf(err, pc, EINVAL,
				       "BPF_ALU uses reserved fields");
		/* a division by the constant 0 and a constant shift out of
		 * range are refused where reached (verifier/alu.c) */
	}
	if (x && in->src_reg >= BC_MAX_REG)
		return bad_reg(err, pc, in->src_reg);
	/* a write to r10 is refused where it is reached (check_reg_arg) */
	if (in->dst_reg >= BC_MAX_REG)
		return bad_reg(err, pc, in->dst_reg);
	return 0;
}

static int check_jmp(const struct bpf_insn *in, uint32_t pc, struct bc_err *err)
{
	uint8_t op = bc_op(in);
	bool j32 = bc_class(in) == BPF_JMP32;

	if (op == BPF_CALL) {
		if ((in->src_reg != BPF_PSEUDO_KFUNC_CALL && in->off) ||
		    (in->src_reg != 0 && in->src_reg != BPF_PSEUDO_CALL &&
		     in->src_reg != BPF_PSEUDO_KFUNC_CALL) ||
		    in->dst_reg)
			return bc_errf(err, pc, EINVAL,
				       "BPF_CALL uses reserved fields");
		return 0;
	}
	if (op == BPF_JA) {
		if (in->src_reg || in->dst_reg || (!j32 && in->imm) ||
		    (j32 && in->off))
			return bc_errf(err, pc, EINVAL,
				       "BPF_JA uses reserved fields");
		return 0;
	}
	if (op == BPF_EXIT) {
		if (in->imm || in->src_reg || in->dst_reg || in->off)
			return bc_errf(err, pc, EINVAL,
				       "BPF_EXIT uses reserved fields");
		return 0;
	}
	/* may_goto is its only form; "may_goto +0" is a nop (Linux 6.14) */
	if (op == BPF_JCOND) {
		if (in->src_reg != BPF_MAY_GOTO || in->dst_reg || in->imm)
			return bc_errf(err, pc, EINVAL,
				       "invalid may_goto off %d imm %d",
				       in->off, in->imm);
		return 0;
	}
	if ((bc_srcbit(in) == BPF_X && in->imm) ||
	    (bc_srcbit(in) == BPF_K && in->src_reg))
		return bc_errf(err, pc, EINVAL,
			       "BPF_JMP/JMP32 uses reserved fields");
	if (in->dst_reg >= BC_MAX_REG)
		return bad_reg(err, pc, in->dst_reg);
	if (bc_srcbit(in) == BPF_X && in->src_reg >= BC_MAX_REG)
		return bad_reg(err, pc, in->src_reg);
	return 0;
}

static int check_ldimm64(const struct bpf_insn *in, uint32_t pc, uint32_t cnt,
			 struct bc_err *err)
{
	const struct bpf_insn *hi = in + 1;

	if (in->off)
		return bc_errf(err, pc, EINVAL,
			       "BPF_LD_IMM64 uses reserved fields");
	if (pc + 1 >= cnt || !bc_is_lddw_tail(hi))
		return bc_errf(err, pc, EINVAL, "invalid bpf_ld_imm64 insn");
	if (in->src_reg > BPF_PSEUDO_MAP_IDX_VALUE)
		return bc_errf(err, pc, EINVAL,
			       "unrecognized bpf_ld_imm64 insn");
	if (in->dst_reg >= BC_MAX_REG)
		return bad_reg(err, pc, in->dst_reg);
	return 0;
}

static int check_mem_regs(const struct bpf_insn *in, uint32_t pc,
			  struct bc_err *err)
{
	if (in->dst_reg >= BC_MAX_REG)
		return bad_reg(err, pc, in->dst_reg);
	if (in->src_reg >= BC_MAX_REG)
		return bad_reg(err, pc, in->src_reg);
	return 0;
}

/* legacy LD_ABS / LD_IND */
static int check_ld_pkt(const struct bpf_insn *in, uint32_t pc,
			struct bc_err *err)
{
	if (in->dst_reg || in->off || (bc_mode(in) == BPF_ABS && in->src_reg))
		return bc_errf(err, pc, EINVAL,
			       "BPF_LD_[ABS|IND] uses reserved fields");
	return check_mem_regs(in, pc, err);
}

static int check_ldx(const struct bpf_insn *in, uint32_t pc, struct bc_err *err)
{
	if (in->imm)
		return bc_errf(err, pc, EINVAL, "BPF_LDX uses reserved fields");
	return check_mem_regs(in, pc, err);
}

static int check_st(const struct bpf_insn *in, uint32_t pc, struct bc_err *err)
{
	if (in->src_reg)
		return bc_errf(err, pc, EINVAL, "BPF_ST uses reserved fields");
	return check_mem_regs(in, pc, err);
}

static int check_stx(const struct bpf_insn *in, uint32_t pc, struct bc_err *err)
{
	if (in->imm)
		return bc_errf(err, pc, EINVAL, "BPF_STX uses reserved fields");
	return check_mem_regs(in, pc, err);
}

static int check_atomic(const struct bpf_insn *in, uint32_t pc,
			struct bc_err *err)
{
	switch (in->imm) {
	case BPF_ADD:
	case BPF_ADD | BPF_FETCH:
	case BPF_AND:
	case BPF_AND | BPF_FETCH:
	case BPF_OR:
	case BPF_OR | BPF_FETCH:
	case BPF_XOR:
	case BPF_XOR | BPF_FETCH:
	case BPF_XCHG:
	case BPF_CMPXCHG: return check_mem_regs(in, pc, err);
	}
	return bc_errf(err, pc, EINVAL,
		       "BPF_ATOMIC uses invalid atomic opcode %02x",
		       (unsigned)in->imm & 0xff);
}

/* The fields and registers of an instruction whose opcode is known. */
static int check_fields(const struct bpf_insn *in, uint32_t pc, uint32_t cnt,
			struct bc_err *err)
{
	switch (bc_insn_kind(in)) {
	case BC_INSN_ALU:
	case BC_INSN_ALU64: return check_alu(in, pc, err);
	case BC_INSN_JA:
	case BC_INSN_JMP:
	case BC_INSN_JMP32:
	case BC_INSN_CALL:
	case BC_INSN_EXIT:
	case BC_INSN_MAY_GOTO: return check_jmp(in, pc, err);
	case BC_INSN_LDDW: return check_ldimm64(in, pc, cnt, err);
	case BC_INSN_LD_PKT: return check_ld_pkt(in, pc, err);
	case BC_INSN_LDX: return check_ldx(in, pc, err);
	case BC_INSN_ST: return check_st(in, pc, err);
	case BC_INSN_STX: return check_stx(in, pc, err);
	case BC_INSN_ATOMIC: return check_atomic(in, pc, err);
	case BC_INSN_UNKNOWN: /* opcode_known refused it */ break;
	}
	return bc_errf(err, pc, EINVAL, "unknown opcode %02x", in->code);
}

/* A cpu v4 encoding, which kernels before 6.6 refuse, with their words. */
static int older_than_v4(const struct bpf_insn *in, uint32_t pc,
			 struct bc_err *err)
{
	uint8_t cls = bc_class(in), op = bc_op(in);
	bool alu = cls == BPF_ALU || cls == BPF_ALU64;

	if (cls == BPF_LDX && bc_mode(in) == BPF_MEMSX)
		return bc_errf(err, pc, EINVAL, "BPF_LDX uses reserved fields");
	if ((cls == BPF_ALU64 && op == BPF_END) ||
	    (cls == BPF_JMP32 && op == BPF_JA))
		return bc_errf(err, pc, EINVAL, "unknown opcode %02x",
			       in->code);
	if (alu && op == BPF_MOV && in->off)
		return bc_errf(err, pc, EINVAL, "BPF_MOV uses reserved fields");
	if (alu && (op == BPF_DIV || op == BPF_MOD) && in->off)
		return bc_errf(err, pc, EINVAL, "BPF_ALU uses reserved fields");
	return 0;
}

/*
 * What a kernel with isa lacks, refused as it refuses it (older kernels'
 * resolve_pseudo_ldimm64 and do_check): the LDX, STX and opcode-table
 * checks run on load there, the others where the instruction is reached;
 * here all run on load, which is stricter only for code never reached.
 */
static int older_isa(const struct bpf_insn *in, uint32_t pc,
		     const struct bc_isa *isa, struct bc_err *err)
{
	uint8_t cls = bc_class(in), op = bc_op(in);

	if (isa->no_atomic_fetch && cls == BPF_STX &&
	    bc_mode(in) == BPF_ATOMIC && in->imm)
		return bc_errf(err, pc, EINVAL, "BPF_STX uses reserved fields");
	if (isa->no_kfunc_call && cls == BPF_JMP && op == BPF_CALL &&
	    in->src_reg == BPF_PSEUDO_KFUNC_CALL)
		return bc_errf(err, pc, EINVAL,
			       "BPF_CALL uses reserved fields");
	if (isa->no_cpu_v4 && older_than_v4(in, pc, err))
		return -EINVAL;
	if (cls == BPF_JMP && op == BPF_JCOND) {
		if (isa->no_may_goto)
			return bc_errf(err, pc, EINVAL, "unknown opcode %02x",
				       in->code);
		if (isa->no_may_goto_nop && !in->off)
			return bc_errf(err, pc, EINVAL,
				       "invalid may_goto off %d imm %d",
				       in->off, in->imm);
	}
	if (isa->no_addr_space_cast && cls == BPF_ALU64 && op == BPF_MOV &&
	    bc_srcbit(in) == BPF_X && in->off == BC_ADDR_SPACE_CAST)
		return bc_errf(err, pc, EINVAL, "BPF_MOV uses reserved fields");
	return 0;
}

int bc_insn_check(const struct bpf_insn *insns, uint32_t cnt,
		  struct bc_err *err)
{
	return bc_insn_check_isa(insns, cnt, NULL, err);
}

int bc_insn_check_isa(const struct bpf_insn *insns, uint32_t cnt,
		      const struct bc_isa *isa, struct bc_err *err)
{
	uint32_t pc;
	int r;

	if (cnt == 0)
		return bc_errf(err, -1, EINVAL, "empty program");
	if (cnt > BC_MAX_INSNS)
		return bc_errf(
			err, -1, E2BIG,
			"BPF program is too large: %u insns, the limit is %u",
			cnt, BC_MAX_INSNS);
	for (pc = 0; pc < cnt; pc++) {
		const struct bpf_insn *in = &insns[pc];

		/* Linux checks LDX modes before the opcode table. */
		if (bc_class(in) == BPF_LDX &&
		    ((bc_mode(in) != BPF_MEM && bc_mode(in) != BPF_MEMSX) ||
		     in->imm))
			return bc_errf(err, pc, EINVAL,
				       "BPF_LDX uses reserved fields");
		if (isa && older_isa(in, pc, isa, err))
			return -EINVAL;
		if (!opcode_known(in->code))
			return bc_errf(err, pc, EINVAL, "unknown opcode %02x",
				       in->code);
		r = check_fields(in, pc, cnt, err);
		if (r)
			return r;
		pc += bc_insn_slots(in) - 1;
	}
	return 0;
}
