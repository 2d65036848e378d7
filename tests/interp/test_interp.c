// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Interpreter unit tests: memory faults with their exact messages, the
 * instruction limit, frames, context emulation, maps, helpers, tail calls,
 * callbacks, LD_ABS and packet adjustment. Programs are assembly text.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm.h"
#include "interp/interp.h"
#include "load/load.h"

static int failures, checks;
static void (*t_setup)(struct bc_rtmaps *maps); /* before the first run */

#define CHECK(cond, ...)                                                       \
	do {                                                                   \
		checks++;                                                      \
		if (!(cond)) {                                                 \
			failures++;                                            \
			printf("FAIL %s:%d: ", __func__, __LINE__);            \
			printf(__VA_ARGS__);                                   \
			putchar('\n');                                         \
		}                                                              \
	} while (0)

struct t_run {
	int rc;
	char msg[600]; /* error with "at 0x..." replaced by "at ADDR" */
	struct bc_run_result res;
	struct bc_object *obj;
	struct bc_rtmaps *maps;
	char events[4096];
};

/* Replace the hex address after "at " so messages compare exactly. */
static void norm(const char *in, char *out, size_t n)
{
	size_t o = 0;

	while (*in && o + 8 < n) {
		if (!strncmp(in, "at 0x", 5)) {
			o += snprintf(out + o, n - o, "at ADDR");
			in += 5;
			while (isxdigit((unsigned char)*in))
				in++;
			continue;
		}
		out[o++] = *in++;
	}
	out[o] = 0;
}

static uint8_t *hex(const char *s, size_t *len)
{
	uint8_t *b = calloc(1, strlen(s) / 2 + 1);
	size_t n = 0;

	while (*s) {
		if (isspace((unsigned char)*s)) {
			s++;
			continue;
		}
		b[n++] = (uint8_t)strtoul((char[3]){ s[0], s[1], 0 }, NULL, 16);
		s += 2;
	}
	*len = n;
	return b;
}

static void t_free(struct t_run *t)
{
	bc_run_result_free(&t->res);
	bc_rtmaps_free(t->maps);
	bc_object_free(t->obj);
}

/* Assemble and run text; runs `repeat` times with persistent maps. */
static void run_n(struct t_run *t, const char *text, const char *pkt_hex,
		  uint64_t limit, int repeat)
{
	struct bc_open_opts oo = { .kind = BC_INPUT_ASM };
	struct bc_vm_opts vo = { .insn_limit = limit, .seed = 1 };
	struct bc_run_input in = { 0 };
	uint8_t *pkt = NULL;
	struct bc_err err;
	struct bc_vm *vm;
	FILE *ev;
	int i;

	memset(t, 0, sizeof(*t));
	bc_err_init(&err);
	t->rc = bc_object_open_mem("t.s", (const uint8_t *)text, strlen(text),
				   &oo, &t->obj, &err);
	if (t->rc) {
		snprintf(t->msg, sizeof(t->msg), "open: %s", err.msg);
		return;
	}
	t->rc = bc_rtmaps_new(t->obj, &t->maps, &err);
	if (t->rc) {
		snprintf(t->msg, sizeof(t->msg), "maps: %s", err.msg);
		return;
	}
	if (t_setup)
		t_setup(t->maps);
	if (pkt_hex) {
		pkt = hex(pkt_hex, &in.packet_len);
		in.packet = pkt;
	}
	ev = fmemopen(t->events, sizeof(t->events) - 1, "w");
	vo.events = ev;
	vo.trace = ev;
	vm = bc_vm_new(t->obj, t->maps, &vo);
	for (i = 0; i < repeat; i++) {
		bc_run_result_free(&t->res);
		bc_err_init(&err);
		t->rc = bc_vm_run(vm, &t->obj->progs[0], &in, &t->res, &err);
		if (t->rc)
			break;
	}
	if (t->rc)
		norm(err.msg, t->msg, sizeof(t->msg));
	bc_vm_free(vm);
	fclose(ev);
	free(pkt);
}

static void run(struct t_run *t, const char *text, const char *pkt_hex)
{
	run_n(t, text, pkt_hex, 0, 1);
}

static void expect_r0(const char *name, const char *text, const char *pkt,
		      uint64_t r0)
{
	struct t_run t;

	run(&t, text, pkt);
	CHECK(t.rc == 0, "%s: run failed: %s", name, t.msg);
	CHECK(t.rc || t.res.r0 == r0, "%s: r0 = 0x%llx, expected 0x%llx", name,
	      (unsigned long long)t.res.r0, (unsigned long long)r0);
	t_free(&t);
}

static void expect_err(const char *name, const char *text, const char *pkt,
		       uint64_t limit, const char *msg)
{
	struct t_run t;

	run_n(&t, text, pkt, limit, 1);
	CHECK(t.rc != 0, "%s: expected an error, got r0 = 0x%llx", name,
	      (unsigned long long)t.res.r0);
	CHECK(!t.rc || !strcmp(t.msg, msg),
	      "%s: error\n  got      '%s'\n  expected '%s'", name, t.msg, msg);
	t_free(&t);
}

static void test_faults(void)
{
	expect_err(
		"read above stack", "r0 = *(u64 *)(r10 +0)\nexit\n", NULL, 0,
		"insn 0: invalid read of 8 bytes at fp+0 of frame 0, outside the stack of frame 0 (512 bytes)");
	expect_err(
		"read across stack top",
		"r0 = 1\nr0 = *(u64 *)(r10 -4)\nexit\n", NULL, 0,
		"insn 1: invalid read of 8 bytes at fp-4 of frame 0, past the end of the stack of frame 0 (512 bytes)");
	expect_err(
		"write below stack", "*(u32 *)(r10 -516) = 1\nr0 = 0\nexit\n",
		NULL, 0,
		"insn 0: invalid write of 4 bytes at fp-516 of frame 0, outside the stack of frame 0 (512 bytes)");
	expect_err("null deref", "r1 = 0\nr0 = *(u8 *)(r1 +0)\nexit\n", NULL, 0,
		   "insn 1: invalid read of 1 byte at ADDR (a null pointer)");
	expect_err(
		"packet overrun",
		".type xdp\n"
		"r2 = *(u32 *)(r1 +0)\nr0 = *(u32 *)(r2 +12)\nexit\n",
		"00112233445566778899aabb0800", 0,
		"insn 1: invalid read of 4 bytes at packet+12, past the end of the packet (14 bytes)");
	expect_err(
		"write to rodata",
		".map ro array 4 8 1 0x80\n"
		"r1 = map[ro][0]+0 ll\n*(u64 *)(r1 +0) = 1\nr0 = 0\nexit\n",
		NULL, 0,
		"insn 2: invalid write of 8 bytes at offset 0 of a value of map 'ro' (ro is read-only)");
	expect_err(
		"infinite loop", "r0 = 0\nl: r0 += 1\ngoto l\n", NULL, 1000,
		"insn 2: instruction limit of 1000 reached (infinite loop?)");
	expect_err("fall off the end", "r0 = 0\nif r0 == 0 goto +0\n", NULL, 0,
		   "insn 1: falls off the end of the program (2 instructions)");
	expect_err(
		"jump outside", "r0 = 0\nif r0 == 0 goto -5\nexit\n", NULL, 0,
		"insn 1: jump to insn -3 is outside the program (3 instructions)");
	expect_err("bad register", ".raw bf b0 00 00 00 00 00 00\nexit\n", NULL,
		   0,
		   "insn 0: invalid instruction (code 0xbf, dst r0, src r11)");
	expect_err("bad opcode", ".raw 00 00 00 00 00 00 00 00\nexit\n", NULL,
		   0,
		   "insn 0: invalid instruction (code 0x00, dst r0, src r0)");
	expect_err(
		"unknown helper", "call 9999\nexit\n", NULL, 0,
		"insn 0: helper unknown#9999 is not supported by the interpreter");
	expect_err(
		"map value past end",
		".map a array 4 4 2\n"
		"*(u32 *)(r10 -4) = 1\nr2 = r10\nr2 += -4\n"
		"r1 = map[a] ll\ncall bpf_map_lookup_elem\n"
		"if r0 == 0 goto out\nr0 = *(u64 *)(r0 +0)\nout: exit\n",
		NULL, 0,
		"insn 7: invalid read of 8 bytes at offset 0 of a value of map 'a', past the end of the value (4 bytes)");
}

static void test_frames(void)
{
	expect_r0("r6-r9 kept, r10 per frame",
		  "r6 = 6\nr9 = 9\n*(u64 *)(r10 -8) = 5\ncall f\n"
		  "r1 = *(u64 *)(r10 -8)\nr0 += r1\nr0 += r6\nr0 += r9\nexit\n"
		  "f: r6 = 100\nr9 = 100\n*(u64 *)(r10 -8) = 1000\n"
		  "r0 = *(u64 *)(r10 -8)\nexit\n",
		  NULL, 1000 + 5 + 6 + 9);
	expect_r0("callee reads caller stack",
		  "*(u64 *)(r10 -8) = 42\nr1 = r10\nr1 += -8\ncall g\nexit\n"
		  "g: r0 = *(u64 *)(r1 +0)\nexit\n",
		  NULL, 42);
	expect_err("recursion too deep", "call f\nexit\nf: call f\nexit\n",
		   NULL, 0, "insn 2: call depth exceeds 8 frames");
}

/*
 * may_goto: each call of a function starts with its own budget of
 * BPF_MAX_LOOPS fall-throughs, then jumps; "may_goto +0" spends none.
 */
static void test_may_goto(void)
{
	struct t_run t;

	run_n(&t, "r0 = 0\nl: may_goto out\nr0 += 1\ngoto l\nout: exit\n", NULL,
	      30000000, 1);
	CHECK(t.rc == 0 && t.res.r0 == 8388608,
	      "may_goto budget: rc %d r0 %llu: %s", t.rc,
	      (unsigned long long)t.res.r0, t.msg);
	t_free(&t);
	run_n(&t,
	      "call f\nr6 = r0\nmay_goto +1\nr6 += 1\nmay_goto +0\n"
	      "r0 = r6\nexit\n"
	      "f: r0 = 0\nl: may_goto o\nr0 += 1\ngoto l\no: exit\n",
	      NULL, 30000000, 1);
	CHECK(t.rc == 0 && t.res.r0 == 8388609,
	      "may_goto budget per frame: rc %d r0 %llu: %s", t.rc,
	      (unsigned long long)t.res.r0, t.msg);
	t_free(&t);
}

static void test_ctx(void)
{
	const char *pkt = "ffffffffffff0011223344550800"
			  "450000140000000040060000c0a80001c0a80002";

	expect_r0("xdp data_end - data",
		  ".type xdp\n"
		  "r2 = *(u32 *)(r1 +0)\nr3 = *(u32 *)(r1 +4)\n"
		  "r0 = r3\nr0 -= r2\nexit\n",
		  pkt, 34);
	expect_r0("xdp ingress_ifindex",
		  ".type xdp\n"
		  "r0 = *(u32 *)(r1 +12)\nexit\n",
		  pkt, 1);
	expect_r0("skb len and protocol",
		  ".type sched_cls\n"
		  "r0 = *(u32 *)(r1 +0)\nr2 = *(u32 *)(r1 +16)\n"
		  "r0 <<= 16\nr0 |= r2\nexit\n",
		  pkt, (34u << 16) | 0x0008);
	expect_r0("skb data pointers",
		  ".type sched_cls\n"
		  "r2 = *(u32 *)(r1 +76)\nr3 = *(u32 *)(r1 +80)\n"
		  "r0 = *(u8 *)(r2 +12)\nexit\n",
		  pkt, 8);
	expect_r0("socket filter sees L3",
		  ".type socket_filter\n"
		  "r0 = *(u32 *)(r1 +0)\nexit\n",
		  pkt, 20);
	expect_r0("ld_abs big-endian",
		  ".type socket_filter\n"
		  "r6 = r1\nr0 = *(u16 *)skb[2]\nexit\n",
		  pkt, 0x14);
	expect_r0("ld_ind",
		  ".type socket_filter\n"
		  "r6 = r1\nr1 = 8\nr0 = *(u8 *)skb[r1 + 1]\nexit\n",
		  pkt, 6);
	expect_r0("ld_abs out of packet returns 0",
		  ".type socket_filter\n"
		  "r6 = r1\nr0 = *(u32 *)skb[100]\nr0 = 7\nexit\n",
		  pkt, 0);
}

static void test_maps(void)
{
	struct t_run t;
	struct bc_rtmap *m;
	uint32_t k = 3;
	uint64_t *v;

	/* counter in a hash map, incremented by each of 5 runs */
	run_n(&t,
	      ".map h hash 4 8 16\n"
	      "*(u32 *)(r10 -4) = 3\nr2 = r10\nr2 += -4\n"
	      "r1 = map[h] ll\ncall bpf_map_lookup_elem\n"
	      "if r0 != 0 goto have\n"
	      "*(u64 *)(r10 -16) = 1\nr2 = r10\nr2 += -4\nr3 = r10\nr3 += -16\n"
	      "r1 = map[h] ll\nr4 = 0\ncall bpf_map_update_elem\nexit\n"
	      "have: r1 = 1\nlock *(u64 *)(r0 +0) += r1\nr0 = *(u64 *)(r0 +0)\n"
	      "exit\n",
	      NULL, 0, 5);
	CHECK(t.rc == 0, "hash counter: %s", t.msg);
	CHECK(t.res.r0 == 5, "hash counter: r0 = %llu",
	      (unsigned long long)t.res.r0);
	m = t.maps ? bc_rtmaps_find(t.maps, "h") : NULL;
	v = m ? bc_rtmap_lookup(m, &k) : NULL;
	CHECK(v && *v == 5, "hash counter: map holds %llu",
	      v ? (unsigned long long)*v : 0ull);
	t_free(&t);

	expect_r0(
		"hash full gives -E2BIG",
		".map h hash 4 4 1\n"
		"*(u32 *)(r10 -4) = 1\n*(u32 *)(r10 -8) = 2\n"
		"r1 = map[h] ll\nr2 = r10\nr2 += -4\nr3 = r10\nr3 += -4\nr4 = 0\n"
		"call bpf_map_update_elem\n"
		"r1 = map[h] ll\nr2 = r10\nr2 += -8\nr3 = r10\nr3 += -8\nr4 = 0\n"
		"call bpf_map_update_elem\nexit\n",
		NULL, (uint64_t)-E2BIG);
	expect_r0(
		"array delete is -EINVAL",
		".map a array 4 4 4\n*(u32 *)(r10 -4) = 1\n"
		"r1 = map[a] ll\nr2 = r10\nr2 += -4\ncall bpf_map_delete_elem\n"
		"exit\n",
		NULL, (uint64_t)-EINVAL);
	expect_r0(
		"array out of range lookup is NULL",
		".map a array 4 4 4\n*(u32 *)(r10 -4) = 4\n"
		"r1 = map[a] ll\nr2 = r10\nr2 += -4\ncall bpf_map_lookup_elem\n"
		"exit\n",
		NULL, 0);
	expect_r0(
		"lru evicts the oldest",
		".map l lru_hash 4 4 2\n"
		"r6 = 0\nloop: *(u32 *)(r10 -4) = r6\n"
		"r1 = map[l] ll\nr2 = r10\nr2 += -4\nr3 = r10\nr3 += -4\nr4 = 0\n"
		"call bpf_map_update_elem\nr6 += 1\nif r6 < 3 goto loop\n"
		"*(u32 *)(r10 -4) = 0\nr1 = map[l] ll\nr2 = r10\nr2 += -4\n"
		"call bpf_map_lookup_elem\nexit\n",
		NULL, 0);
	expect_r0("global data value address",
		  ".map d array 4 16 1\nr1 = map[d][0]+8 ll\n"
		  "*(u64 *)(r1 +0) = 77\nr2 = map[d][0]+0 ll\n"
		  "r0 = *(u64 *)(r2 +8)\nexit\n",
		  NULL, 77);
}

static void set_outer(struct bc_rtmaps *maps)
{
	uint32_t k = 0, inner = 0;

	bc_rtmap_update(&maps->maps[1], &k, &inner, BPF_ANY);
}

static void test_map_in_map(void)
{
	const char *prog =
		".map inner array 4 8 1\n"
		".map outer array_of_maps 4 4 2\n"
		"*(u32 *)(r10 -4) = 0\nr2 = r10\nr2 += -4\n"
		"r1 = map[outer] ll\ncall bpf_map_lookup_elem\n"
		"if r0 == 0 goto none\n"
		"r1 = r0\nr2 = r10\nr2 += -4\ncall bpf_map_lookup_elem\n"
		"if r0 == 0 goto none\n*(u64 *)(r0 +0) = 9\nr0 = 1\nexit\n"
		"none: r0 = 2\nexit\n";
	struct t_run t;
	uint32_t k = 0;
	uint64_t *v;

	expect_r0("empty outer map", prog, NULL, 2);
	t_setup = set_outer;
	run(&t, prog, NULL);
	t_setup = NULL;
	v = t.maps ? bc_rtmap_lookup(&t.maps->maps[0], &k) : NULL;
	CHECK(t.rc == 0 && t.res.r0 == 1 && v && *v == 9,
	      "inner map through outer: r0 %llu (%s)",
	      (unsigned long long)t.res.r0, t.msg);
	t_free(&t);
}

static void test_helpers(void)
{
	struct t_run t;

	expect_r0("bpf_loop sums 0..9",
		  "*(u64 *)(r10 -8) = 0\nr1 = 10\nr2 = func[cb] ll\n"
		  "r3 = r10\nr3 += -8\nr4 = 0\ncall bpf_loop\n"
		  "r1 = *(u64 *)(r10 -8)\nr0 <<= 32\nr0 |= r1\nexit\n"
		  "cb: r3 = *(u64 *)(r2 +0)\nr3 += r1\n*(u64 *)(r2 +0) = r3\n"
		  "r0 = 0\nexit\n",
		  NULL, (10ull << 32) | 45);
	expect_r0(
		"bpf_loop stops early",
		"r1 = 100\nr2 = func[cb] ll\nr3 = 0\nr4 = 0\ncall bpf_loop\nexit\n"
		"cb: r0 = 0\nif r1 != 4 goto +1\nr0 = 1\nexit\n",
		NULL, 5);
	expect_r0(
		"for_each_map_elem counts hash entries",
		".map h hash 4 4 8\n"
		"r6 = 0\nloop: *(u32 *)(r10 -4) = r6\n"
		"r1 = map[h] ll\nr2 = r10\nr2 += -4\nr3 = r10\nr3 += -4\nr4 = 0\n"
		"call bpf_map_update_elem\nr6 += 1\nif r6 < 5 goto loop\n"
		"*(u64 *)(r10 -16) = 0\n"
		"r1 = map[h] ll\nr2 = func[cb] ll\nr3 = r10\nr3 += -16\nr4 = 0\n"
		"call bpf_for_each_map_elem\nr1 = *(u64 *)(r10 -16)\n"
		"r0 <<= 32\nr0 |= r1\nexit\n"
		"cb: r5 = *(u32 *)(r3 +0)\nr1 = *(u64 *)(r4 +0)\nr1 += r5\n"
		"*(u64 *)(r4 +0) = r1\nr0 = 0\nexit\n",
		NULL, (5ull << 32) | 10);
	expect_r0(
		"csum_diff of equal words folds to 0xffff",
		"*(u32 *)(r10 -4) = 0x01020304\nr1 = r10\nr1 += -4\nr2 = 4\n"
		"r3 = r10\nr3 += -4\nr4 = 4\nr5 = 0\ncall bpf_csum_diff\nexit\n",
		NULL, 0xffff);
	expect_r0(
		"prandom is seeded",
		"call bpf_get_prandom_u32\nr6 = r0\ncall bpf_get_prandom_u32\n"
		"r0 ^= r6\nr0 = 1\nexit\n",
		NULL, 1);
	run(&t,
	    "r1 = 0x0a64252074 ll\n*(u64 *)(r10 -8) = r1\n"
	    "r1 = r10\nr1 += -8\nr2 = 8\nr3 = -5\ncall bpf_trace_printk\nexit\n",
	    NULL);
	CHECK(t.rc == 0 && !strcmp(t.events, "t %d\n") == 0 &&
		      !strcmp(t.events, "t -5\n"),
	      "trace_printk printed '%s' (%s)", t.events, t.msg);
	CHECK(t.res.r0 == 5, "trace_printk returned %llu",
	      (unsigned long long)t.res.r0);
	t_free(&t);
	run(&t,
	    ".map rb ringbuf 0 0 4096\n"
	    "r1 = map[rb] ll\nr2 = 8\nr3 = 0\ncall bpf_ringbuf_reserve\n"
	    "if r0 == 0 goto out\nr1 = 0x1122334455667788 ll\n"
	    "*(u64 *)(r0 +0) = r1\nr1 = r0\nr2 = 0\ncall bpf_ringbuf_submit\n"
	    "r0 = 1\nout: exit\n",
	    NULL);
	CHECK(t.rc == 0 && t.res.r0 == 1 && t.res.events == 1,
	      "ringbuf: rc %d r0 %llu events %llu (%s)", t.rc,
	      (unsigned long long)t.res.r0, (unsigned long long)t.res.events,
	      t.msg);
	CHECK(!strcmp(t.events, "rb: 8 bytes: 88 77 66 55 44 33 22 11\n"),
	      "ringbuf record '%s'", t.events);
	t_free(&t);
	expect_err(
		"ringbuf record is gone after submit",
		".map rb ringbuf 0 0 4096\n"
		"r1 = map[rb] ll\nr2 = 8\nr3 = 0\ncall bpf_ringbuf_reserve\n"
		"if r0 == 0 goto out\nr6 = r0\nr1 = r0\nr2 = 0\n"
		"call bpf_ringbuf_submit\nr0 = *(u64 *)(r6 +0)\nout: exit\n",
		NULL, 0,
		"insn 10: invalid read of 8 bytes at an address outside every region the program was given");
}

static void test_packet(void)
{
	struct t_run t;

	run(&t,
	    ".type xdp\nr6 = r1\nr2 = 4\ncall bpf_xdp_adjust_head\n"
	    "if r0 != 0 goto out\nr2 = *(u32 *)(r6 +0)\nr3 = *(u32 *)(r6 +4)\n"
	    "r0 = r3\nr0 -= r2\nout: exit\n",
	    "00112233445566778899aabbccddeeff0102");
	CHECK(t.rc == 0 && t.res.r0 == 14, "adjust_head: r0 %llu (%s)",
	      (unsigned long long)t.res.r0, t.msg);
	CHECK(t.res.packet_changed && t.res.packet_len == 14 &&
		      t.res.packet[0] == 0x44,
	      "adjust_head: packet len %zu", t.res.packet_len);
	t_free(&t);
	run(&t,
	    ".type xdp\nr6 = r1\nr2 = 2\ncall bpf_xdp_adjust_tail\n"
	    "r2 = *(u32 *)(r6 +0)\nr3 = *(u32 *)(r6 +4)\nr0 = r3\nr0 -= r2\n"
	    "exit\n",
	    "00112233445566778899aabbccdd");
	CHECK(t.rc == 0 && t.res.r0 == 16 && t.res.packet_len == 16 &&
		      t.res.packet[15] == 0,
	      "adjust_tail: r0 %llu len %zu (%s)", (unsigned long long)t.res.r0,
	      t.res.packet_len, t.msg);
	t_free(&t);
	expect_r0("adjust_head below ETH_HLEN fails",
		  ".type xdp\n"
		  "r2 = 4\ncall bpf_xdp_adjust_head\nexit\n",
		  "00112233445566778899aabbccdd", (uint64_t)-EINVAL);
	run(&t,
	    ".type sched_cls\nr6 = r1\n*(u16 *)(r10 -2) = 0xaaaa\n"
	    "r1 = r6\nr2 = 1\nr3 = r10\nr3 += -2\nr4 = 2\nr5 = 0\n"
	    "call bpf_skb_store_bytes\nexit\n",
	    "00112233445566778899aabbccdd");
	CHECK(t.rc == 0 && t.res.r0 == 0 && t.res.packet_changed &&
		      t.res.packet[1] == 0xaa && t.res.packet[2] == 0xaa &&
		      t.res.packet[3] == 0x33,
	      "skb_store_bytes (%s)", t.msg);
	t_free(&t);
	expect_r0(
		"skb_load_bytes past the end",
		".type sched_cls\n"
		"r2 = 10\nr3 = r10\nr3 += -8\nr4 = 8\ncall bpf_skb_load_bytes\n"
		"exit\n",
		"00112233445566778899aabbccdd", (uint64_t)-EFAULT);
}

static void test_tail_calls(void)
{
	const char *p0 = "r6 = r1\nr1 = r6\nr2 = map[jt] ll\nr3 = 0\n"
			 "call bpf_tail_call\nr0 = 99\nexit\n";
	const char *p1 = "r0 = 7\nexit\n";
	const char *loop = "r1 = r1\nr2 = map[jt] ll\nr3 = 1\n"
			   "call bpf_tail_call\nr0 = 55\nexit\n";
	struct bc_object *obj = calloc(1, sizeof(*obj));
	struct bc_vm_opts vo = { 0 };
	struct bc_run_input in = { 0 };
	struct bc_run_result res;
	struct bc_rtmaps *maps;
	const char *texts[3] = { p0, p1, loop };
	struct bc_err err;
	struct bc_vm *vm;
	struct bc_map *m;
	uint32_t k, v;
	int i, r;

	m = bc_object_add_map(obj);
	m->name = strdup("jt");
	m->type = BPF_MAP_TYPE_PROG_ARRAY;
	m->key_size = m->value_size = 4;
	m->max_entries = 4;
	m->inner_map = -1;
	for (i = 0; i < 3; i++) {
		struct bc_prog *p = bc_object_add_prog(obj);
		char *src = malloc(strlen(texts[i]) + 64);

		/* the assembler resolves map[jt] against .map directives */
		sprintf(src, ".map jt prog_array 4 4 4\n%s", texts[i]);
		bc_err_init(&err);
		r = bc_asm(src, strlen(src), &p->insns, &p->insn_cnt, &err);
		CHECK(r == 0, "tail call prog %d: %s", i, err.msg);
		free(src);
		p->name = strdup(i == 0 ? "p0" : i == 1 ? "p1" : "self");
		p->section = strdup("tc");
		p->type = BPF_PROG_TYPE_SCHED_CLS;
		if (r)
			return;
	}
	bc_err_init(&err);
	r = bc_rtmaps_new(obj, &maps, &err);
	CHECK(r == 0, "tail call maps: %s", err.msg);
	k = 0, v = 1;
	bc_rtmap_update(&maps->maps[0], &k, &v, 0);
	k = 1, v = 2;
	bc_rtmap_update(&maps->maps[0], &k, &v, 0);
	vm = bc_vm_new(obj, maps, &vo);
	bc_err_init(&err);
	r = bc_vm_run(vm, &obj->progs[0], &in, &res, &err);
	CHECK(r == 0 && res.r0 == 7 && res.tail_calls == 1,
	      "tail call: r0 %llu tail calls %u (%s)",
	      (unsigned long long)res.r0, res.tail_calls, err.msg);
	bc_run_result_free(&res);
	bc_err_init(&err);
	r = bc_vm_run(vm, &obj->progs[2], &in, &res, &err);
	CHECK(r == 0 && res.r0 == 55 && res.tail_calls == 33,
	      "tail call limit: r0 %llu tail calls %u (%s)",
	      (unsigned long long)res.r0, res.tail_calls, err.msg);
	bc_run_result_free(&res);
	k = 0;
	bc_rtmap_delete(&maps->maps[0], &k);
	bc_err_init(&err);
	r = bc_vm_run(vm, &obj->progs[0], &in, &res, &err);
	CHECK(r == 0 && res.r0 == 99 && res.tail_calls == 0,
	      "empty slot falls through: r0 %llu (%s)",
	      (unsigned long long)res.r0, err.msg);
	bc_run_result_free(&res);
	bc_vm_free(vm);
	bc_rtmaps_free(maps);
	bc_object_free(obj);
}

struct hook_state {
	int calls;
	uint32_t last_pc;
	uint64_t r1_at_2;
	int max_frame;
	int stop_at;
};

static int hook(void *arg, struct bc_vm *vm,
		const struct bc_prog *prog __attribute__((unused)), uint32_t pc,
		const uint64_t *regs, int frame)
{
	struct hook_state *h = arg;

	h->calls++;
	h->last_pc = pc;
	if (pc == 2)
		h->r1_at_2 = regs[1];
	if (frame > h->max_frame)
		h->max_frame = frame;
	if (h->stop_at >= 0 && (int)pc == h->stop_at) {
		bc_vm_err(vm, pc, "claim violated: r1 = %llu",
			  (unsigned long long)regs[1]);
		return 1;
	}
	return 0;
}

static void test_hook(void)
{
	const char *text = "r1 = 5\ncall f\nr1 += 1\nr0 = r1\nexit\n"
			   "f: r0 = 0\nexit\n";
	struct bc_open_opts oo = { .kind = BC_INPUT_ASM };
	struct hook_state h = { .stop_at = -1 };
	struct bc_vm_opts vo = { .hook = hook, .hook_arg = &h };
	struct bc_run_input in = { 0 };
	struct bc_run_result res;
	struct bc_object *obj;
	struct bc_err err;
	struct bc_vm *vm;
	int r;

	bc_err_init(&err);
	if (bc_object_open_mem("h.s", (const uint8_t *)text, strlen(text), &oo,
			       &obj, &err)) {
		CHECK(0, "hook: open: %s", err.msg);
		return;
	}
	vm = bc_vm_new(obj, NULL, &vo);
	r = bc_vm_run(vm, &obj->progs[0], &in, &res, &err);
	CHECK(r == 0 && res.r0 == 6, "hook run: r0 %llu (%s)",
	      (unsigned long long)res.r0, err.msg);
	CHECK(h.calls == 7 && res.insns == 7 && bc_vm_insn_count(vm) == 7,
	      "hook called %d times, %llu insns", h.calls,
	      (unsigned long long)res.insns);
	CHECK(h.last_pc == 4 && h.max_frame == 1 && h.r1_at_2 == 5,
	      "hook saw last pc %u, max frame %d, r1 %llu at pc 2", h.last_pc,
	      h.max_frame, (unsigned long long)h.r1_at_2);
	bc_run_result_free(&res);
	h.stop_at = 2;
	bc_err_init(&err);
	r = bc_vm_run(vm, &obj->progs[0], &in, &res, &err);
	CHECK(r != 0 && !strcmp(err.msg, "insn 2: claim violated: r1 = 5") &&
		      err.insn == 2,
	      "hook stop: %d '%s'", r, err.msg);
	CHECK(bc_vm_insn_count(vm) == 7 + 4, "insn counter over runs: %llu",
	      (unsigned long long)bc_vm_insn_count(vm));
	bc_run_result_free(&res);
	bc_vm_free(vm);
	bc_object_free(obj);
}

int main(void)
{
	test_hook();
	test_faults();
	test_frames();
	test_may_goto();
	test_ctx();
	test_maps();
	test_map_in_map();
	test_helpers();
	test_packet();
	test_tail_calls();
	printf("%d of %d checks passed\n", checks - failures, checks);
	return failures ? 1 : 0;
}
