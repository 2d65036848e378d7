// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The running kernel as an oracle for bench/soundness (kernel_oracle.h):
 * the object's maps created, map references by index patched to their
 * fds as libbpf does, the program loaded with a level-1 log whose last
 * line is Linux's message.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "isa/insn.h"
#include "kernel_oracle.h"
#include "prog/prog.h"

/*
 * The log rotates: when it overflows, its tail (the failing path's end)
 * is kept, but the load fails with ENOSPC even if the program verified.
 */
#define LOG_SIZE (16u << 20)

static char *log_buf;

bool kernel_usable(char *why, size_t len)
{
	const struct bpf_insn ret0[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	int fd;

	if (geteuid() != 0) {
		snprintf(why, len, "not root");
		return false;
	}
	fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, NULL, "GPL", ret0, 2,
			   NULL);
	if (fd < 0) {
		snprintf(why, len, "loading a trivial program failed: %s",
			 strerror(errno));
		return false;
	}
	close(fd);
	return true;
}

static int create_maps(const struct bc_object *obj, int *fds, char *msg,
		       size_t len)
{
	for (uint32_t i = 0; i < obj->map_cnt; i++) {
		const struct bc_map *m = &obj->maps[i];
		LIBBPF_OPTS(bpf_map_create_opts, o, .map_flags = m->map_flags);

		fds[i] = bpf_map_create(m->type, NULL, m->key_size,
					m->value_size, m->max_entries, &o);
		if (fds[i] < 0) {
			snprintf(msg, len, "map %s: bpf_map_create: %s",
				 m->name, strerror(errno));
			return -1;
		}
	}
	return 0;
}

static void close_maps(int *fds, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	free(fds);
}

/* Map references by index become references by fd; the offset stays. */
static void patch_maps(struct bpf_insn *ins, uint32_t cnt, const int *fds,
		       uint32_t nfds)
{
	for (uint32_t i = 0; i + 1 < cnt; i++) {
		if (!bc_is_lddw(&ins[i]))
			continue;
		if (ins[i].src_reg == BPF_PSEUDO_MAP_IDX)
			ins[i].src_reg = BPF_PSEUDO_MAP_FD;
		else if (ins[i].src_reg == BPF_PSEUDO_MAP_IDX_VALUE)
			ins[i].src_reg = BPF_PSEUDO_MAP_VALUE;
		else {
			i++;
			continue;
		}
		ins[i].imm = (uint32_t)ins[i].imm < nfds ? fds[ins[i].imm] : -1;
		i++;
	}
}

static int load(const struct bc_prog *p, const struct bpf_insn *ins,
		bool logged)
{
	LIBBPF_OPTS(bpf_prog_load_opts, o);

	if (logged) {
		log_buf[0] = 0;
		o.log_buf = log_buf;
		o.log_size = LOG_SIZE;
		o.log_level = 1;
	}
	return bpf_prog_load(p->type, NULL, "GPL", ins, p->insn_cnt, &o);
}

/* The log's last non-empty line, its statistics ("processed ...") aside. */
static void last_line(char *log, char *msg, size_t len)
{
	char *end = log + strlen(log), *line;

	for (;;) {
		while (end > log && end[-1] == '\n')
			end--;
		*end = 0;
		line = end;
		while (line > log && line[-1] != '\n')
			line--;
		if (strncmp(line, "processed ", 10) || line == log)
			break;
		end = line;
	}
	snprintf(msg, len, "%s", line);
}

static bool resource_limit(const char *msg)
{
	static const char *const limits[] = {
		"BPF program is too large",
		"is too complex",
		"too many states",
		"complexity limit",
	};

	for (size_t i = 0; i < sizeof(limits) / sizeof(limits[0]); i++)
		if (strstr(msg, limits[i]))
			return true;
	return false;
}

static enum kernel_verdict load_verdict(const struct bc_prog *p,
					const struct bpf_insn *ins,
					bool explain, char *msg, size_t len)
{
	int fd = load(p, ins, explain), err;

	if (fd < 0 && errno == ENOSPC)
		fd = load(p, ins, false); /* the verdict; the tail kept */
	err = errno;
	if (fd >= 0) {
		close(fd);
		snprintf(msg, len, "accepted");
		return KERNEL_ACCEPT;
	}
	if (!explain) {
		snprintf(msg, len, "rejected: %s (no log)", strerror(err));
		return KERNEL_REJECT;
	}
	last_line(log_buf, msg, len);
	if (!msg[0]) {
		snprintf(msg, len, "bpf(BPF_PROG_LOAD): %s", strerror(err));
		return KERNEL_ERROR;
	}
	return resource_limit(msg) ? KERNEL_LIMIT : KERNEL_UNSAFE;
}

enum kernel_verdict kernel_verify(const struct bc_prog *p, bool explain,
				  char *msg, size_t len)
{
	const struct bc_object *obj = p->obj;
	enum kernel_verdict v = KERNEL_ERROR;
	struct bpf_insn *ins = NULL;
	int *fds;

	if (!log_buf)
		log_buf = malloc(LOG_SIZE);
	fds = malloc((obj->map_cnt + 1) * sizeof(*fds));
	if (!log_buf || !fds) {
		snprintf(msg, len, "out of memory");
		free(fds);
		return KERNEL_ERROR;
	}
	for (uint32_t i = 0; i < obj->map_cnt; i++)
		fds[i] = -1;
	if (create_maps(obj, fds, msg, len))
		goto out;
	ins = malloc(p->insn_cnt * sizeof(*ins));
	if (!ins) {
		snprintf(msg, len, "out of memory");
		goto out;
	}
	memcpy(ins, p->insns, p->insn_cnt * sizeof(*ins));
	patch_maps(ins, p->insn_cnt, fds, obj->map_cnt);
	v = load_verdict(p, ins, explain, msg, len);
out:
	free(ins);
	close_maps(fds, obj->map_cnt);
	return v;
}
