// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"

const uint32_t bcf_raw_types[] = {
	BPF_PROG_TYPE_SOCKET_FILTER,  BPF_PROG_TYPE_XDP,
	BPF_PROG_TYPE_SCHED_CLS,      BPF_PROG_TYPE_KPROBE,
	BPF_PROG_TYPE_TRACEPOINT,     BPF_PROG_TYPE_CGROUP_SKB,
	BPF_PROG_TYPE_RAW_TRACEPOINT, BPF_PROG_TYPE_PERF_EVENT,
	BPF_PROG_TYPE_SCHED_ACT,      BPF_PROG_TYPE_LWT_IN,
	BPF_PROG_TYPE_SK_SKB,	      BPF_PROG_TYPE_TRACING,
};
const unsigned bcf_raw_type_cnt = BC_ARRAY_SIZE(bcf_raw_types);

FILE *bcf_sink(void)
{
	static FILE *f;

	if (!f)
		f = fopen("/dev/null", "w");
	if (!f)
		bcf_fail("cannot open /dev/null");
	return f;
}

static uint8_t rodata[16] = { 1, 2, 3, 4, 5, 6, 7, 8 };

static struct bc_map raw_maps[] = {
	{ .name = "h",
	  .origin = BC_MAP_ASM,
	  .type = BPF_MAP_TYPE_HASH,
	  .key_size = 4,
	  .value_size = 8,
	  .max_entries = 8,
	  .inner_map = -1,
	  .sec_idx = -1 },
	{ .name = "a",
	  .origin = BC_MAP_ASM,
	  .type = BPF_MAP_TYPE_ARRAY,
	  .key_size = 4,
	  .value_size = 16,
	  .max_entries = 4,
	  .inner_map = -1,
	  .sec_idx = -1 },
	{ .name = "rb",
	  .origin = BC_MAP_ASM,
	  .type = BPF_MAP_TYPE_RINGBUF,
	  .max_entries = 4096,
	  .inner_map = -1,
	  .sec_idx = -1 },
	{ .name = "ro",
	  .origin = BC_MAP_GLOBAL,
	  .type = BPF_MAP_TYPE_ARRAY,
	  .key_size = 4,
	  .value_size = 16,
	  .max_entries = 1,
	  .inner_map = -1,
	  .map_flags = BPF_F_RDONLY_PROG,
	  .readonly = true,
	  .init = rodata,
	  .init_size = sizeof(rodata),
	  .sec_idx = -1 },
};

void bcf_raw_object(struct bc_object *obj, struct bc_prog *prog)
{
	memset(obj, 0, sizeof(*obj));
	obj->path = "fuzz.raw";
	obj->kind = BC_INPUT_RAW;
	obj->maps = raw_maps;
	obj->map_cnt = BC_ARRAY_SIZE(raw_maps);
	obj->progs = prog;
	obj->prog_cnt = 1;
	obj->license = "GPL";
	prog->obj = obj;
}

void bcf_raw_header(uint8_t hdr[BCF_HDR], uint32_t type, int mem_mode)
{
	unsigned i;

	memset(hdr, 0, BCF_HDR);
	for (i = 0; i < bcf_raw_type_cnt; i++)
		if (bcf_raw_types[i] == type)
			hdr[0] = (uint8_t)i;
	hdr[1] = mem_mode ? 1 : 0;
	hdr[2] = 64;
	hdr[3] = 0x5a;
}

void bcf_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("FUZZ FINDING: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	abort();
}

void bcf_check_err(const struct bc_err *err, const char *what)
{
	if (!err->set || !err->msg[0])
		bcf_fail("%s failed without an error message", what);
	if (strchr(err->msg, '\n'))
		bcf_fail("%s: error message is not one line: %s", what,
			 err->msg);
}
