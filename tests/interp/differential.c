// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Differential test against Linux: every XDP, TC and socket-filter program
 * of the given objects runs on a set of packets through the kernel's
 * BPF_PROG_TEST_RUN and through the interpreter; return values, output
 * packets and (at the end) map contents must agree (except LRU maps,
 * whose kernel eviction order depends on per-CPU free lists).
 *
 * The kernel copy is the very instruction array bpfcheck loaded, with map
 * references patched to fds of maps created by bpf_map_create. Program
 * arrays: slot k holds the k-th program whose name ends in "_target".
 *
 * usage: interp_differential OBJ...   (needs root and bpf(); else exit 77)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "isa/insn.h"
#include "interp/interp.h"
#include "load/load.h"

#define MAX_PKT 256

struct pkt {
	const char *name;
	uint8_t b[MAX_PKT];
	size_t len;
};

static struct pkt pkts[32];
static int npkts;
static int runs, agree, rejected, refused;

static uint16_t ip_csum(const uint8_t *p, size_t n)
{
	uint32_t s = 0;
	size_t i;

	for (i = 0; i + 1 < n; i += 2)
		s += (p[i] << 8) | p[i + 1];
	if (n & 1)
		s += p[n - 1] << 8;
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return (uint16_t)~s;
}

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = v >> 8;
	p[1] = v & 0xff;
}

/* Ethernet + IPv4 + UDP/TCP with valid checksums. */
static void mk_ip4(const char *name, uint8_t proto, uint8_t ttl, uint32_t dst,
		   uint16_t sport, uint16_t dport, uint8_t tcpflags,
		   size_t payload, uint8_t fill)
{
	struct pkt *k = &pkts[npkts++];
	uint8_t *p = k->b, *ip = p + 14, *l4 = ip + 20;
	size_t l4len = (proto == 6 ? 20 : 8) + payload, i;
	uint32_t src = 0x0a000001 + npkts;
	uint8_t ph[12];
	uint32_t s = 0;

	k->name = name;
	memcpy(p, "\x02\x00\x00\x00\x00\x01\x02\x00\x00\x00\x00\x02\x08\x00",
	       14);
	ip[0] = 0x45;
	put16(ip + 2, 20 + l4len);
	put16(ip + 4, 0x1234);
	ip[8] = ttl;
	ip[9] = proto;
	put16(ip + 12, src >> 16);
	put16(ip + 14, src & 0xffff);
	put16(ip + 16, dst >> 16);
	put16(ip + 18, dst & 0xffff);
	put16(ip + 10, ip_csum(ip, 20));
	put16(l4, sport);
	put16(l4 + 2, dport);
	if (proto == 6) {
		l4[12] = 5 << 4;
		l4[13] = tcpflags;
		put16(l4 + 14, 512);
	} else {
		put16(l4 + 4, l4len);
	}
	for (i = 0; i < payload; i++)
		l4[l4len - payload + i] = fill + i;
	memcpy(ph, ip + 12, 8);
	ph[8] = 0;
	ph[9] = proto;
	put16(ph + 10, l4len);
	for (i = 0; i < 12; i += 2)
		s += (ph[i] << 8) | ph[i + 1];
	for (i = 0; i + 1 < l4len; i += 2)
		s += (l4[i] << 8) | l4[i + 1];
	if (l4len & 1)
		s += l4[l4len - 1] << 8;
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	put16(l4 + (proto == 6 ? 16 : 6), (uint16_t)~s);
	k->len = 34 + l4len;
}

static void mk_raw(const char *name, const char *eth_type, size_t len,
		   uint8_t first, uint32_t seed)
{
	struct pkt *k = &pkts[npkts++];
	size_t i;

	k->name = name;
	for (i = 0; i < len; i++) {
		seed = seed * 1103515245u + 12345u;
		k->b[i] = seed >> 16;
	}
	memcpy(k->b + 12, eth_type, 2);
	if (len > 14)
		k->b[14] = first;
	k->len = len;
}

static void make_packets(void)
{
	struct pkt *k;

	mk_ip4("udp4 to port 7", 17, 64, 0xc0a80002, 4000, 7, 0, 18, 0x10);
	mk_ip4("udp4 to port 53", 17, 64, 0xc0a80002, 4001, 53, 0, 30, 0x20);
	mk_ip4("udp4 ttl 1", 17, 1, 0xc0a80002, 4002, 53, 0, 4, 0x30);
	mk_ip4("udp4 to loopback", 17, 64, 0x7f000001, 4003, 9, 0, 4, 0x40);
	mk_ip4("tcp4 syn to 22", 6, 64, 0xc0a80003, 5000, 22, 0x02, 0, 0);
	mk_ip4("tcp4 ack to 80", 6, 64, 0xc0a80003, 5001, 80, 0x10, 40, 0x50);
	mk_ip4("udp4 checksum zero", 17, 9, 0xc0a80004, 4004, 53, 0, 2, 0x60);
	k = &pkts[npkts - 1];
	put16(k->b + 40, 0); /* UDP checksum 0: MARK_MANGLED_0 path */
	k = &pkts[npkts++];
	k->name = "udp6 to port 7";
	memcpy(k->b, "\x02\x00\x00\x00\x00\x01\x02\x00\x00\x00\x00\x02\x86\xdd",
	       14);
	k->b[14] = 0x60;
	put16(k->b + 18, 8);
	k->b[20] = 17;
	k->b[21] = 64;
	k->b[14 + 40 + 3] = 7;
	put16(k->b + 14 + 40 + 4, 8);
	k->len = 14 + 40 + 8;
	mk_raw("arp", "\x08\x06", 42, 0x00, 1);
	mk_raw("eth only", "\x08\x00", 14, 0, 2);
	mk_raw("truncated ipv4", "\x08\x00", 20, 0x45, 3);
	mk_raw("tag push", "\x88\xb5", 64, 0x12, 4);
	mk_raw("tag strip", "\x88\xb5", 64, 0x55, 5);
	mk_raw("trim 5", "\x88\xb5", 64, 0x85, 6);
	mk_raw("grow 3", "\x88\xb5", 64, 0xc3, 7);
	mk_raw("random 100", "\x12\x34", 100, 0x99, 8);
	mk_raw("random 15", "\x12\x34", 15, 0x01, 9);
}

struct kobj {
	int *map_fd;
	int *prog_fd;
};

static bool tested_type(uint32_t t)
{
	return t == BPF_PROG_TYPE_XDP || t == BPF_PROG_TYPE_SCHED_CLS ||
	       t == BPF_PROG_TYPE_SCHED_ACT || t == BPF_PROG_TYPE_SOCKET_FILTER;
}

static bool is_target(const struct bc_prog *p)
{
	size_t n = strlen(p->name);

	return n > 7 && !strcmp(p->name + n - 7, "_target");
}

static int kernel_maps(const struct bc_object *obj, struct kobj *k)
{
	uint32_t i;

	k->map_fd = calloc(obj->map_cnt + 1, sizeof(int));
	for (i = 0; i < obj->map_cnt; i++) {
		const struct bc_map *m = &obj->maps[i];
		LIBBPF_OPTS(bpf_map_create_opts, o, .map_flags = m->map_flags);
		uint32_t zero = 0;
		uint8_t *v;
		int fd;

		uint32_t max = m->max_entries;

		if (m->type == BPF_MAP_TYPE_PERF_EVENT_ARRAY && !max)
			max = libbpf_num_possible_cpus(); /* as libbpf */
		fd = bpf_map_create(m->type, NULL, m->key_size, m->value_size,
				    max, &o);
		if (fd < 0) {
			printf("FAIL map %s: bpf_map_create: %s\n", m->name,
			       strerror(errno));
			return -1;
		}
		k->map_fd[i] = fd;
		if (m->origin == BC_MAP_GLOBAL) {
			v = calloc(1, m->value_size + 8);
			if (m->init)
				memcpy(v, m->init,
				       BC_MIN(m->init_size, m->value_size));
			bpf_map_update_elem(fd, &zero, v, BPF_ANY);
			free(v);
			if (m->readonly)
				bpf_map_freeze(fd);
		}
	}
	return 0;
}

/*
 * Programs with callbacks (bpf_loop) need BTF func_info. Build a minimal
 * BTF with one static "int f(long, long, long, long, long)" per function.
 */
static int add_func_info(const struct bc_prog *p, struct bpf_prog_load_opts *o,
			 struct bpf_func_info **fi, struct btf **out)
{
	struct btf *btf = btf__new_empty();
	int lng, proto, id, a, fd;
	uint32_t i;

	if (!btf)
		return -1;
	lng = btf__add_int(btf, "long", 8, BTF_INT_SIGNED);
	proto = btf__add_func_proto(btf, lng);
	for (a = 0; a < 5; a++)
		btf__add_func_param(btf,
				    a == 0 ? "a" :
				    a == 1 ? "b" :
				    a == 2 ? "c" :
				    a == 3 ? "d" :
					     "e",
				    lng);
	*fi = calloc(p->func_cnt, sizeof(**fi));
	for (i = 0; i < p->func_cnt; i++) {
		id = btf__add_func(btf, p->funcs[i].name, BTF_FUNC_STATIC,
				   proto);
		(*fi)[i].insn_off = p->funcs[i].start;
		(*fi)[i].type_id = id;
	}
	if (btf__load_into_kernel(btf)) {
		btf__free(btf);
		return -1;
	}
	fd = btf__fd(btf);
	o->prog_btf_fd = fd;
	o->func_info = *fi;
	o->func_info_cnt = p->func_cnt;
	o->func_info_rec_size = sizeof(**fi);
	*out = btf;
	return 0;
}

static int kernel_prog(const struct bc_object *obj, const struct kobj *k,
		       const struct bc_prog *p)
{
	struct bpf_func_info *fi = NULL;
	struct btf *btf = NULL;
	struct bpf_insn *ins = malloc(p->insn_cnt * sizeof(*ins));
	static char log[1 << 16];
	LIBBPF_OPTS(bpf_prog_load_opts, o, .log_buf = log,
		    .log_size = sizeof(log), .log_level = 1);
	uint32_t i;
	int fd;

	memcpy(ins, p->insns, p->insn_cnt * sizeof(*ins));
	for (i = 0; i + 1 < p->insn_cnt; i++) {
		if (!bc_is_lddw(&ins[i]))
			continue;
		if (ins[i].src_reg == BPF_PSEUDO_MAP_IDX) {
			ins[i].src_reg = BPF_PSEUDO_MAP_FD;
			ins[i].imm = k->map_fd[ins[i].imm];
		} else if (ins[i].src_reg == BPF_PSEUDO_MAP_IDX_VALUE) {
			ins[i].src_reg = BPF_PSEUDO_MAP_VALUE;
			ins[i].imm = k->map_fd[ins[i].imm];
		}
		i++;
	}
	log[0] = 0;
	fd = bpf_prog_load(p->type, NULL, obj->license ? obj->license : "GPL",
			   ins, p->insn_cnt, &o);
	if (fd < 0 && strstr(log, "missing btf func_info") &&
	    !add_func_info(p, &o, &fi, &btf)) {
		log[0] = 0;
		fd = bpf_prog_load(p->type, NULL,
				   obj->license ? obj->license : "GPL", ins,
				   p->insn_cnt, &o);
	}
	btf__free(btf);
	free(fi);
	if (fd < 0) {
		char *last = log + strlen(log);

		while (last > log && last[-1] == '\n')
			*--last = 0;
		while (last > log && last[-1] != '\n')
			last--;
		if (!strncmp(last, "processed", 9) && last > log) {
			*--last = 0;
			while (last > log && last[-1] != '\n')
				last--;
		}
		printf("note: kernel rejects %s: %s (%s)\n", p->name,
		       strerror(errno), last);
	}
	free(ins);
	return fd;
}

static void fill_prog_arrays(const struct bc_object *obj, struct kobj *k,
			     struct bc_rtmaps *maps)
{
	uint32_t i, j, slot = 0;

	for (j = 0; j < obj->prog_cnt; j++) {
		if (!is_target(&obj->progs[j]) || k->prog_fd[j] < 0)
			continue;
		for (i = 0; i < obj->map_cnt; i++) {
			if (obj->maps[i].type != BPF_MAP_TYPE_PROG_ARRAY ||
			    slot >= obj->maps[i].max_entries)
				continue;
			bpf_map_update_elem(k->map_fd[i], &slot, &k->prog_fd[j],
					    BPF_ANY);
			bc_rtmap_update(&maps->maps[i], &slot, &j, BPF_ANY);
		}
		slot++;
	}
}

static void hexdiff(const char *what, const uint8_t *a, size_t na,
		    const uint8_t *b, size_t nb)
{
	size_t i;

	printf("  %s: kernel %zu bytes, interpreter %zu bytes\n", what, na, nb);
	for (i = 0; i < na && i < nb; i++)
		if (a[i] != b[i]) {
			printf("  first difference at byte %zu: %02x vs %02x\n",
			       i, a[i], b[i]);
			return;
		}
}

static void run_one(const char *path, const struct bc_prog *p, int fd,
		    struct bc_vm *vm, const struct pkt *k)
{
	static uint8_t out[4096];
	LIBBPF_OPTS(bpf_test_run_opts, t, .data_in = k->b,
		    .data_size_in = k->len, .data_out = out,
		    .data_size_out = sizeof(out), .repeat = 1);
	struct bc_run_input in = { .packet = k->b, .packet_len = k->len };
	struct bc_run_result res;
	struct bc_err err;
	bool same;
	int kr, r;

	kr = bpf_prog_test_run_opts(fd, &t);
	if (kr && errno == EINVAL) {
		/* input refused: do not run it here either (maps stay equal) */
		refused++;
		return;
	}
	bc_err_init(&err);
	r = bc_vm_run(vm, p, &in, &res, &err);
	runs++;
	if (kr) {
		printf("FAIL %s %s [%s]: kernel test run: %s\n", path, p->name,
		       k->name, strerror(errno));
	} else if (r) {
		printf("FAIL %s %s [%s]: interpreter: %s\n", path, p->name,
		       k->name, err.msg);
	} else {
		same = t.retval == (uint32_t)res.r0 &&
		       t.data_size_out == res.packet_len &&
		       !memcmp(out, res.packet, res.packet_len);
		if (same) {
			agree++;
		} else {
			printf("FAIL %s %s [%s]: kernel r0=%u, interpreter r0=%llu\n",
			       path, p->name, k->name, t.retval,
			       (unsigned long long)res.r0);
			hexdiff("packet", out, t.data_size_out, res.packet,
				res.packet_len);
		}
	}
	bc_run_result_free(&res);
}

static bool is_percpu(uint32_t t)
{
	return t == BPF_MAP_TYPE_PERCPU_ARRAY ||
	       t == BPF_MAP_TYPE_PERCPU_HASH ||
	       t == BPF_MAP_TYPE_LRU_PERCPU_HASH;
}

/*
 * The interpreter is one CPU; the kernel's test runs may land on any.
 * Counters (4- or 8-byte values) compare as the sum over CPUs; other
 * per-CPU values must match on some CPU.
 */
static bool percpu_sum_equal(int fd, const struct bc_rtmap *m, const void *key,
			     const void *val)
{
	int ncpu = libbpf_num_possible_cpus(), c;
	size_t stride = (m->value_size + 7) & ~7u;
	uint8_t *buf = calloc(ncpu > 0 ? ncpu : 1, stride);
	uint64_t sum = 0, ours = 0;
	bool ok = false;

	if (ncpu <= 0 || bpf_map_lookup_elem(fd, key, buf)) {
		free(buf);
		return false;
	}
	for (c = 0; c < ncpu; c++) {
		uint64_t v = 0;

		memcpy(&v, buf + c * stride, BC_MIN(m->value_size, 8));
		sum += v;
		if (!memcmp(buf + c * stride, val, m->value_size))
			ok = true;
	}
	memcpy(&ours, val, BC_MIN(m->value_size, 8));
	if (m->value_size == 4 || m->value_size == 8) {
		if (m->value_size == 4)
			sum = (uint32_t)sum;
		ok = sum == ours;
	}
	free(buf);
	return ok;
}

/* Compare final map contents: every interpreter entry is in the kernel
 * with the same value, and the kernel has no other entries. */
static int compare_maps(const char *path, const struct bc_object *obj,
			const struct kobj *k, struct bc_rtmaps *maps)
{
	uint32_t i, j, scratch;
	int bad = 0;

	for (i = 0; i < obj->map_cnt; i++) {
		struct bc_rtmap *m = &maps->maps[i];
		uint8_t kv[4096], nk[512];
		uint32_t ours = 0, theirs = 0;
		void *prev = NULL;

		/* kernel LRU eviction depends on per-CPU free lists */
		if (m->type == BPF_MAP_TYPE_LRU_HASH ||
		    m->type == BPF_MAP_TYPE_LRU_PERCPU_HASH)
			continue;
		if (!bc_rtmap_has_values(m->type) ||
		    m->value_size > sizeof(kv) || m->key_size > sizeof(nk))
			continue;
		for (j = 0; j < m->max_entries; j++) {
			const void *key;
			void *val;

			if (!bc_rtmap_slot(m, j, &key, &val, &scratch))
				continue;
			ours++;
			if (is_percpu(m->type) ?
				    !percpu_sum_equal(k->map_fd[i], m, key,
						      val) :
				    bpf_map_lookup_elem(k->map_fd[i], key,
							kv) ||
					    memcmp(kv, val, m->value_size)) {
				printf("FAIL %s: map %s differs at slot %u\n",
				       path, m->name, j);
				bad = 1;
				break;
			}
		}
		while (!bpf_map_get_next_key(k->map_fd[i], prev, nk)) {
			theirs++;
			prev = nk;
		}
		if (!bad && ours != theirs) {
			printf("FAIL %s: map %s has %u entries in the kernel, %u in the interpreter\n",
			       path, m->name, theirs, ours);
			bad = 1;
		}
	}
	return bad;
}

static int test_object(const char *path)
{
	struct bc_open_opts oo = { 0 };
	struct bc_vm_opts vo = { .seed = 1 };
	struct bc_object *obj;
	struct bc_rtmaps *maps;
	struct kobj k = { 0 };
	struct bc_err err;
	struct bc_vm *vm;
	uint32_t i;
	int bad = 0, j;

	bc_err_init(&err);
	if (bc_object_open(path, &oo, &obj, &err)) {
		printf("FAIL %s: %s\n", path, err.msg);
		return 1;
	}
	if (bc_rtmaps_new(obj, &maps, &err) || kernel_maps(obj, &k)) {
		printf("FAIL %s: maps: %s\n", path, err.msg);
		bc_object_free(obj);
		return 1;
	}
	k.prog_fd = calloc(obj->prog_cnt + 1, sizeof(int));
	for (i = 0; i < obj->prog_cnt; i++) {
		k.prog_fd[i] = -1;
		if (tested_type(obj->progs[i].type)) {
			k.prog_fd[i] = kernel_prog(obj, &k, &obj->progs[i]);
			rejected += k.prog_fd[i] < 0;
		}
	}
	fill_prog_arrays(obj, &k, maps);
	vm = bc_vm_new(obj, maps, &vo);
	for (i = 0; i < obj->prog_cnt; i++) {
		if (k.prog_fd[i] < 0)
			continue;
		for (j = 0; j < npkts; j++)
			run_one(path, &obj->progs[i], k.prog_fd[i], vm,
				&pkts[j]);
	}
	bad |= compare_maps(path, obj, &k, maps);
	for (i = 0; i < obj->prog_cnt; i++)
		if (k.prog_fd[i] >= 0)
			close(k.prog_fd[i]);
	for (i = 0; i < obj->map_cnt; i++)
		close(k.map_fd[i]);
	free(k.prog_fd);
	free(k.map_fd);
	bc_vm_free(vm);
	bc_rtmaps_free(maps);
	bc_object_free(obj);
	return bad;
}

int main(int argc, char **argv)
{
	LIBBPF_OPTS(bpf_map_create_opts, mo);
	int i, fd, bad = 0;

	if (geteuid() != 0) {
		printf("SKIP: needs root for bpf(BPF_PROG_TEST_RUN)\n");
		return 77;
	}
	fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, NULL, 4, 4, 1, &mo);
	if (fd < 0) {
		printf("SKIP: bpf() unavailable: %s\n", strerror(errno));
		return 77;
	}
	close(fd);
	make_packets();
	for (i = 1; i < argc; i++)
		bad |= test_object(argv[i]);
	printf("%d of %d runs agree with Linux (not compared: %d programs the kernel rejects, %d inputs its test run refuses)\n",
	       agree, runs, rejected, refused);
	return bad || agree != runs || runs == 0 ? 1 : 0;
}
