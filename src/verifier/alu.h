/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* ALU transfer of the verifier (alu.c). */
#ifndef BC_VALU_H
#define BC_VALU_H

#include <stdint.h>

#include "isa/insn.h"
#include "verifier/env.h"

/*
 * ALU or ALU64 instruction at pc (Linux's check_alu_op), pointer
 * arithmetic included.
 */
int vc_alu(struct venv *e, uint32_t pc, const struct bpf_insn *in);

#endif
