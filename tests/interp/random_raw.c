// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Robustness: random instruction sequences (biased towards valid
 * encodings: every ALU/JMP op, loads and stores around the stack, context
 * and packet, LD_ABS, helper calls with random arguments) run unverified
 * in the interpreter as XDP, TC and conformance-memory programs. Every run
 * must end in a result or a one-line error; under ASan/UBSan any access
 * outside memory the interpreter gave the program is caught.
 *
 * usage: interp_random_raw [N [SEED]]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/insn.h"
#include "interp/interp.h"

static uint64_t rs;

static uint32_t rnd(void)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return (uint32_t)rs;
}

static const int32_t helpers[] = { 1,	2,   3,	  4,   5,   6,	 7,   8,
				   9,	10,  11,  12,  14,  16,	 23,  25,
				   26,	28,  44,  54,  65,  112, 113, 130,
				   131, 132, 133, 134, 164, 181, 9999 };

static void gen_insn(struct bpf_insn *in, uint32_t pc, uint32_t n)
{
	static const uint8_t sizes[] = { BPF_B, BPF_H, BPF_W, BPF_DW };
	uint32_t k = rnd() % 16;

	memset(in, 0, sizeof(*in));
	in->dst_reg = rnd() % (rnd() % 50 ? 11 : 16);
	in->src_reg = rnd() % 11;
	in->imm = rnd() % 4 ? (int32_t)(rnd() % 64) - 8 : (int32_t)rnd();
	if (k < 6) {
		in->code = (rnd() & 1 ? BPF_ALU64 : BPF_ALU) |
			   (rnd() % 14) << 4 | (rnd() & 1 ? BPF_X : BPF_K);
		in->off = rnd() % 8 ? 0 :
				      (int16_t[]){ 1, 8, 16, 32 }[rnd() % 4];
		if ((in->code & 0xf0) == BPF_END)
			in->imm = (int32_t[]){ 16, 32, 64 }[rnd() % 3];
	} else if (k < 9) {
		in->code = (rnd() & 1 ? BPF_JMP : BPF_JMP32) |
			   (rnd() % 14) << 4 | (rnd() & 1 ? BPF_X : BPF_K);
		in->off = (int16_t)(rnd() % 9) - 3;
		if ((in->code & 0xf0) == BPF_CALL) {
			in->code = BPF_JMP | BPF_CALL;
			in->src_reg = rnd() % 4 ? 0 : BPF_PSEUDO_CALL;
			in->imm =
				in->src_reg ?
					(int32_t)(rnd() % n) - (int32_t)pc - 1 :
					helpers[rnd() % BC_ARRAY_SIZE(helpers)];
		}
	} else if (k < 12) {
		uint8_t cls =
			(uint8_t[]){ BPF_LDX, BPF_ST, BPF_STX }[rnd() % 3];

		in->code = cls | sizes[rnd() % 4] |
			   (cls == BPF_STX && !(rnd() % 4) ? BPF_ATOMIC :
			    cls == BPF_LDX && !(rnd() % 4) ? BPF_MEMSX :
							     BPF_MEM);
		if (rnd() % 2 && cls == BPF_LDX)
			in->src_reg = 10;
		else if (rnd() % 2)
			in->dst_reg = 10;
		in->off = (int16_t)(rnd() % 600) - 520;
		if (rnd() % 2)
			in->off = (int16_t)(rnd() % 96);
		if ((in->code & 0xe0) == BPF_ATOMIC)
			in->imm = (int32_t[]){ BPF_ADD,
					       BPF_OR,
					       BPF_AND,
					       BPF_XOR,
					       BPF_ADD | BPF_FETCH,
					       BPF_XCHG,
					       BPF_CMPXCHG,
					       0x100,
					       0x110,
					       0x77 }[rnd() % 10];
	} else if (k < 13) {
		in->code = BPF_LD | (rnd() & 1 ? BPF_ABS : BPF_IND) |
			   sizes[rnd() % 3];
	} else if (k < 14) {
		in->code = BPF_JMP | BPF_EXIT;
	} else {
		in->code = (uint8_t)rnd();
	}
}

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 20000, i;
	struct bc_vm_opts vo = { .insn_limit = 5000 };
	struct bc_object obj = { 0 };
	struct bc_rtmaps *maps;
	struct bc_map m[3] = {
		{ .name = "h",
		  .type = BPF_MAP_TYPE_HASH,
		  .key_size = 4,
		  .value_size = 8,
		  .max_entries = 8,
		  .inner_map = -1 },
		{ .name = "a",
		  .type = BPF_MAP_TYPE_ARRAY,
		  .key_size = 4,
		  .value_size = 16,
		  .max_entries = 4,
		  .inner_map = -1 },
		{ .name = "rb",
		  .type = BPF_MAP_TYPE_RINGBUF,
		  .max_entries = 4096,
		  .inner_map = -1 },
	};
	uint8_t pkt[64], mem[32];
	unsigned long ok = 0, errs = 0;
	struct bc_err err;
	struct bc_vm *vm;

	rs = argc > 2 ? strtoull(argv[2], NULL, 0) : 0x1234567;
	obj.maps = m;
	obj.map_cnt = 3;
	bc_err_init(&err);
	if (bc_rtmaps_new(&obj, &maps, &err)) {
		printf("FAIL maps: %s\n", err.msg);
		return 1;
	}
	vo.trace = fopen("/dev/null", "w");
	vm = bc_vm_new(&obj, maps, &vo);
	for (i = 0; i < sizeof(pkt); i++)
		pkt[i] = (uint8_t)(i * 7);
	for (i = 0; i < n; i++) {
		static const uint32_t types[] = { BPF_PROG_TYPE_XDP,
						  BPF_PROG_TYPE_SCHED_CLS,
						  BPF_PROG_TYPE_SOCKET_FILTER,
						  BPF_PROG_TYPE_KPROBE };
		uint32_t cnt = 2 + rnd() % 30, j;
		struct bpf_insn *ins = calloc(cnt, sizeof(*ins));
		struct bc_prog p = { .name = "r",
				     .insns = ins,
				     .insn_cnt = cnt,
				     .type = types[rnd() % 4] };
		struct bc_run_input in = { .packet = pkt,
					   .packet_len = rnd() % 65 };
		struct bc_run_result res;

		for (j = 0; j < cnt; j++) {
			gen_insn(&ins[j], j, cnt);
			if (!(rnd() % 20) && j + 1 < cnt) { /* map lddw */
				ins[j] = (struct bpf_insn){
					.code = BPF_LD | BPF_IMM | BPF_DW,
					.dst_reg = 1 + rnd() % 3,
					.src_reg =
						(uint8_t[]){
							BPF_PSEUDO_MAP_IDX,
							BPF_PSEUDO_MAP_IDX_VALUE,
							BPF_PSEUDO_FUNC }[rnd() %
									  3],
					.imm = rnd() % 4
				};
				if (ins[j].src_reg == BPF_PSEUDO_FUNC)
					ins[j].imm = (int32_t)(rnd() % cnt) -
						     (int32_t)j - 1;
				ins[++j] =
					(struct bpf_insn){ .imm = rnd() % 20 };
			}
		}
		if (rnd() % 3 == 0) {
			in.mem_mode = true;
			in.mem = mem;
			in.mem_len = rnd() % sizeof(mem);
		}
		bc_err_init(&err);
		if (bc_vm_run(vm, &p, &in, &res, &err)) {
			errs++;
			if (!err.set || strchr(err.msg, '\n')) {
				printf("FAIL run %lu: error without a one-line message\n",
				       i);
				return 1;
			}
		} else {
			ok++;
		}
		bc_run_result_free(&res);
		free(ins);
	}
	bc_vm_free(vm);
	bc_rtmaps_free(maps);
	fclose(vo.trace);
	printf("%lu random programs: %lu ran to exit, %lu stopped with an error\n",
	       n, ok, errs);
	return 0;
}
