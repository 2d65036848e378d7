// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Helpers at runtime: the kernel helpers that make sense in userspace,
 * with the kernel's argument checks and -errno results. Every pointer
 * argument goes through the region table first.
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "isa/insn.h"
#include "interp/interp_priv.h"

#define A(n)   (vm->regs[n])
#define RET(v) (vm->regs[0] = (uint64_t)(v))

static int unsupported(struct bc_vm *vm, uint32_t pc, int32_t id)
{
	const char *n = bc_helper_name(id);

	bc_vm_err(vm, pc, "helper %s#%d is not supported by the interpreter",
		  n ? n : "unknown", id);
	return -ENOTSUP;
}

static struct bc_rtmap *map_arg(struct bc_vm *vm, uint32_t pc, uint64_t p)
{
	struct bc_rtmap *m = bc_rtmaps_from_ptr(vm->maps, p);

	if (!m)
		bc_vm_err(vm, pc, "helper argument 0x%llx is not a map",
			  (unsigned long long)p);
	return m;
}

#define MEM(ptr, n, w) bc_vm_mem(vm, pc, (ptr), (n), (w))

static int h_map(struct bc_vm *vm, uint32_t pc, int32_t id)
{
	struct bc_rtmap *m = map_arg(vm, pc, A(1));
	const void *key, *val;
	void *v;

	if (!m)
		return -EINVAL;
	key = MEM(A(2), m->key_size, false);
	if (!key)
		return -EFAULT;
	switch (id) {
	case BPF_FUNC_map_lookup_elem:
		v = bc_rtmap_lookup(m, key);
		if (v && bc_rtmap_of_maps(m->type)) {
			uint32_t idx;

			memcpy(&idx, v, 4);
			v = idx < vm->maps->cnt ? &vm->maps->maps[idx] : NULL;
		} else if (v && !bc_rtmap_has_values(m->type)) {
			v = NULL;
		}
		RET((uintptr_t)v);
		return 0;
	case BPF_FUNC_map_update_elem:
		val = MEM(A(3), m->value_size, false);
		if (!val)
			return -EFAULT;
		RET((int64_t)bc_rtmap_update(m, key, val, A(4)));
		return 0;
	default: RET((int64_t)bc_rtmap_delete(m, key)); return 0;
	}
}

static uint64_t now_ns(struct bc_vm *vm)
{
	struct timespec ts;

	if (vm->opts.fixed_time)
		return vm->clock += 1000;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static uint64_t prandom(struct bc_vm *vm)
{
	uint64_t s1 = vm->rng[0];
	const uint64_t s0 = vm->rng[1];

	if (vm->prandom_used < vm->opts.prandom_cnt)
		return vm->opts.prandom[vm->prandom_used++];
	vm->rng[0] = s0;
	s1 ^= s1 << 23;
	vm->rng[1] = s1 ^ s0 ^ (s1 >> 17) ^ (s0 >> 26);
	return (vm->rng[1] + s0) >> 32;
}

/* The kernel's bpf_trace_printk: %d %i %u %x %X %c %p %s with l/ll. */
static int h_printk(struct bc_vm *vm, uint32_t pc)
{
	FILE *out = vm->opts.trace ? vm->opts.trace : stderr;
	const char *fmt;
	uint64_t n = (uint32_t)A(2);
	char buf[1024];
	size_t len = 0;
	int argi = 0;
	uint64_t i;

	fmt = n ? MEM(A(1), n, false) : NULL;
	if (n && !fmt)
		return -EFAULT;
	if (!fmt || !memchr(fmt, 0, n)) {
		RET(-EINVAL);
		return 0;
	}
	for (i = 0; fmt[i] && len < sizeof(buf) - 64; i++) {
		char spec[8] = "%";
		int sl = 1;
		uint64_t v;

		if (fmt[i] != '%') {
			buf[len++] = fmt[i];
			continue;
		}
		if (fmt[i + 1] == '%') {
			buf[len++] = '%';
			i++;
			continue;
		}
		while (fmt[i + 1] == 'l' && sl < 3)
			spec[sl++] = fmt[++i];
		if (!fmt[i + 1] || argi >= 3 ||
		    !strchr("diuxXcps", fmt[i + 1])) {
			RET(-EINVAL);
			return 0;
		}
		v = A(3 + argi++);
		switch (fmt[++i]) {
		case 's': {
			const char *s = (const char *)(uintptr_t)v;
			int sn = 0;

			/* as the kernel's probe read: stop at the region end */
			while (sn < 64 && bc_vm_mem_ok(vm, v + sn, 1, false) &&
			       s[sn])
				sn++;
			len += snprintf(buf + len, sizeof(buf) - len, "%.*s",
					sn, sn ? s : "");
			continue;
		}
		case 'p':
			len += snprintf(buf + len, sizeof(buf) - len, "0x%llx",
					(unsigned long long)v);
			continue;
		case 'c': buf[len++] = (char)v; continue;
		case 'd':
		case 'i':
			len += snprintf(buf + len, sizeof(buf) - len, "%lld",
					sl == 1 ? (long long)(int32_t)v :
						  (long long)v);
			continue;
		}
		snprintf(spec, sizeof(spec), "%%ll%c", fmt[i]);
		len += snprintf(buf + len, sizeof(buf) - len, spec,
				(unsigned long long)(sl == 1 ? (uint32_t)v :
							       v));
	}
	buf[len] = 0;
	fputs(buf, out);
	fflush(out);
	RET(len);
	return 0;
}

/* ---- packet ---- */

static size_t pkt_len(struct bc_vm *vm)
{
	return vm->data ? (size_t)(vm->data_end - vm->data) : 0;
}

static int h_skb_bytes(struct bc_vm *vm, uint32_t pc, bool store)
{
	uint64_t off = (uint32_t)A(2), len = (uint32_t)A(4);
	void *buf;

	if (store && (A(5) & ~3ull)) {
		RET(-EINVAL);
		return 0;
	}
	if (!len) {
		RET(0);
		return 0;
	}
	buf = MEM(A(3), len, !store);
	if (!buf)
		return -EFAULT;
	if (!vm->data || off > pkt_len(vm) || len > pkt_len(vm) - off) {
		if (!store)
			memset(buf, 0, len);
		RET(-EFAULT);
		return 0;
	}
	if (store)
		memmove(vm->data + off, buf, len);
	else
		memmove(buf, vm->data + off, len);
	RET(0);
	return 0;
}

static uint32_t csum_add(uint32_t a, uint32_t b)
{
	uint32_t r = a + b;

	return r + (r < b);
}

static uint32_t csum_sub(uint32_t a, uint32_t b)
{
	return csum_add(a, ~b);
}

static uint16_t csum_fold(uint32_t c)
{
	c = (c & 0xffff) + (c >> 16);
	c = (c & 0xffff) + (c >> 16);
	return (uint16_t)~c;
}

static uint16_t csum16_add(uint16_t a, uint16_t b)
{
	uint16_t r = a + b;

	return r + (r < b);
}

static uint32_t csum_partial(const uint8_t *p, size_t n, uint32_t sum)
{
	uint32_t w;
	size_t i;

	for (i = 0; i + 4 <= n; i += 4) {
		memcpy(&w, p + i, 4);
		sum = csum_add(sum, w);
	}
	return sum;
}

static uint16_t replace4(uint16_t sum, uint32_t from, uint32_t to)
{
	return csum_fold(csum_add(csum_sub(~(uint32_t)sum, from), to));
}

static uint16_t replace_diff(uint16_t sum, uint32_t diff)
{
	return csum_fold(csum_add(diff, ~(uint32_t)sum));
}

static int h_csum_replace(struct bc_vm *vm, bool l4)
{
	uint64_t off = (uint32_t)A(2), flags = A(5);
	uint32_t from = (uint32_t)A(3), to = (uint32_t)A(4);
	uint64_t allowed = 0xf | (l4 ? 0xf0 : 0);
	bool mmzero = l4 && (flags & BPF_F_MARK_MANGLED_0);
	bool mforce = l4 && (flags & BPF_F_MARK_ENFORCE);
	uint16_t s;

	if (flags & ~allowed) {
		RET(-EINVAL);
		return 0;
	}
	if (!vm->data || off > pkt_len(vm) || pkt_len(vm) - off < 2) {
		RET(-EFAULT);
		return 0;
	}
	memcpy(&s, vm->data + off, 2);
	if (mmzero && !mforce && !s) {
		RET(0);
		return 0;
	}
	switch (flags & 0xf) {
	case 0:
		if (from) {
			RET(-EINVAL);
			return 0;
		}
		s = replace_diff(s, to);
		break;
	case 2:
		s = l4 ? replace4(s, (uint16_t)from, (uint16_t)to) :
			 (uint16_t)~csum16_add(csum16_add((uint16_t)~s,
							  (uint16_t)~from),
					       (uint16_t)to);
		break;
	case 4: s = replace4(s, from, to); break;
	default: RET(-EINVAL); return 0;
	}
	if (mmzero && !s)
		s = 0xffff;
	memcpy(vm->data + off, &s, 2);
	RET(0);
	return 0;
}

static int h_csum_diff(struct bc_vm *vm, uint32_t pc)
{
	uint64_t fs = (uint32_t)A(2), ts = (uint32_t)A(4);
	uint32_t seed = (uint32_t)A(5), c;
	const uint8_t *from = NULL, *to = NULL;

	if (((fs | ts) & 3) || fs + ts > 512) {
		RET(-EINVAL);
		return 0;
	}
	if (fs && !(from = MEM(A(1), fs, false)))
		return -EFAULT;
	if (ts && !(to = MEM(A(3), ts, false)))
		return -EFAULT;
	if (fs && ts)
		c = csum_sub(csum_partial(to, ts, seed),
			     csum_partial(from, fs, 0));
	else if (ts)
		c = csum_partial(to, ts, seed);
	else if (fs)
		c = ~csum_partial(from, fs, ~seed);
	else
		c = seed;
	c += (c >> 16) | (c << 16);
	RET(c >> 16);
	return 0;
}

#define XDP_FRAME_SIZE 40u /* sizeof(struct xdp_frame) kept in headroom */
#define ETH_HLEN       14

static int h_xdp_adjust(struct bc_vm *vm, int32_t id)
{
	int64_t delta = (int32_t)A(2);
	int64_t meta, data, end, n; /* offsets into pkt_buf */

	if (vm->ctx_layout != BC_CTX_XDP_MD || !vm->pkt_buf) {
		RET(-EINVAL);
		return 0;
	}
	/* offsets, not pointers: the candidate may lie outside the buffer */
	meta = vm->data_meta - vm->pkt_buf;
	data = vm->data - vm->pkt_buf;
	end = vm->data_end - vm->pkt_buf;
	if (id == BPF_FUNC_xdp_adjust_head) {
		n = data + delta;
		if (n < XDP_FRAME_SIZE + (data - meta) || n > end - ETH_HLEN) {
			RET(-EINVAL);
			return 0;
		}
		if (data - meta)
			memmove(vm->pkt_buf + meta + delta, vm->data_meta,
				data - meta);
		vm->data_meta = vm->pkt_buf + meta + delta;
		vm->data = vm->pkt_buf + n;
	} else if (id == BPF_FUNC_xdp_adjust_meta) {
		n = meta + delta;
		if (n < XDP_FRAME_SIZE || n > data || ((data - n) & 3) ||
		    data - n > 32) {
			RET(-EINVAL);
			return 0;
		}
		vm->data_meta = vm->pkt_buf + n;
	} else {
		n = end + delta;
		if (n > (int64_t)vm->pkt_buf_size - 320 ||
		    n < data + ETH_HLEN) {
			RET(-EINVAL);
			return 0;
		}
		if (delta > 0)
			memset(vm->data_end, 0, delta);
		vm->data_end = vm->pkt_buf + n;
	}
	RET(0);
	return 0;
}

/* ---- output records ---- */

#define RINGBUF_RECORD_MAX	(16u << 20)
#define RINGBUF_OUTSTANDING_MAX 4096u /* reserved, not yet submitted */

void bc_rt_emit_record(struct bc_vm *vm, struct bc_rtmap *m, const uint8_t *p,
		       size_t n)
{
	FILE *f = vm->opts.events;
	size_t i;

	vm->events++;
	m->events++;
	if (!f)
		return;
	fprintf(f, "%s: %zu bytes:", m->name, n);
	for (i = 0; i < n; i++)
		fprintf(f, " %02x", p[i]);
	fputc('\n', f);
}

static int h_perf_output(struct bc_vm *vm, uint32_t pc)
{
	struct bc_rtmap *m = map_arg(vm, pc, A(2));
	const uint8_t *p;

	if (!m)
		return -EINVAL;
	p = A(5) ? MEM(A(4), A(5), false) : (const uint8_t *)"";
	if (!p)
		return -EFAULT;
	bc_rt_emit_record(vm, m, p, A(5));
	RET(0);
	return 0;
}

static int h_ringbuf(struct bc_vm *vm, uint32_t pc, int32_t id)
{
	struct bc_rtmap *m = NULL;
	struct bc_dynreg *d;
	const uint8_t *p;

	if (id == BPF_FUNC_ringbuf_output || id == BPF_FUNC_ringbuf_reserve ||
	    id == BPF_FUNC_ringbuf_query) {
		m = map_arg(vm, pc, A(1));
		if (!m)
			return -EINVAL;
	}
	switch (id) {
	case BPF_FUNC_ringbuf_output:
		p = A(3) ? MEM(A(2), A(3), false) : (const uint8_t *)"";
		if (!p)
			return -EFAULT;
		bc_rt_emit_record(vm, m, p, A(3));
		RET(0);
		return 0;
	case BPF_FUNC_ringbuf_reserve:
		if (A(2) > m->max_entries || A(2) > RINGBUF_RECORD_MAX ||
		    vm->dyn_cnt >= RINGBUF_OUTSTANDING_MAX || A(3) ||
		    vm->opts.ringbuf_full) {
			RET(0);
			return 0;
		}
		d = bc_vm_dyn_add(vm, A(2), "ring buffer record");
		d->map = (uint32_t)(m - vm->maps->maps);
		d->acq_pc = pc;
		RET((uintptr_t)d->base);
		return 0;
	case BPF_FUNC_ringbuf_query: RET(0); return 0;
	}
	d = bc_vm_dyn_find(vm, A(1));
	if (!d) {
		bc_vm_err(vm, pc, "0x%llx is not a reserved ring buffer record",
			  (unsigned long long)A(1));
		return -EINVAL;
	}
	if (id == BPF_FUNC_ringbuf_submit)
		bc_rt_emit_record(vm, &vm->maps->maps[d->map], d->base,
				  d->size);
	bc_vm_dyn_del(vm, d);
	RET(0);
	return 0;
}

/* ---- control ---- */

static int h_tail_call(struct bc_vm *vm, uint32_t pc)
{
	struct bc_rtmap *m = map_arg(vm, pc, A(2));
	uint32_t idx = (uint32_t)A(3), *v;

	if (!m)
		return -EINVAL;
	RET(-ENOENT);
	if (m->type != BPF_MAP_TYPE_PROG_ARRAY ||
	    vm->tail_calls >= BC_INTERP_MAX_TAIL_CALLS)
		return 0;
	v = bc_rtmap_lookup(m, &idx);
	if (!v || !vm->obj || *v >= vm->obj->prog_cnt)
		return 0;
	vm->tail_calls++;
	vm->tail_target = &vm->obj->progs[*v];
	return 0;
}

/* XDP_REDIRECT when the device/CPU/socket slot is set, else the
 * fallback action in the low flag bits (as __bpf_xdp_redirect_map). */
static int h_redirect_map(struct bc_vm *vm, uint32_t pc)
{
	struct bc_rtmap *m = map_arg(vm, pc, A(1));
	uint32_t key = (uint32_t)A(2);
	uint64_t flags = A(3);

	if (!m)
		return -EINVAL;
	if (flags & ~(uint64_t)(BPF_F_BROADCAST | BPF_F_EXCLUDE_INGRESS | 3)) {
		RET(0); /* XDP_ABORTED */
		return 0;
	}
	RET(m->key_size == 4 && bc_rtmap_lookup(m, &key) ? 4 : flags & 3);
	return 0;
}

static int h_loop(struct bc_vm *vm, uint32_t pc)
{
	uint64_t nr = A(1), fn = A(2), ctx = A(3), i, ret;
	uint64_t args[5] = { 0 };
	int r;

	if (A(4)) {
		RET(-EINVAL);
		return 0;
	}
	if (nr > (1u << 23)) {
		RET(-E2BIG);
		return 0;
	}
	for (i = 0; i < nr; i++) {
		args[0] = i;
		args[1] = ctx;
		r = bc_vm_callback(vm, pc, fn, args, &ret);
		if (r)
			return r;
		if (ret) {
			RET(i + 1);
			return 0;
		}
	}
	RET(i);
	return 0;
}

static int h_for_each(struct bc_vm *vm, uint32_t pc)
{
	struct bc_rtmap *m = map_arg(vm, pc, A(1));
	uint64_t fn = A(2), ctx = A(3), ret, map = A(1);
	struct bc_dynreg *kd = NULL;
	uint64_t args[5] = { 0 };
	uint32_t i, n = 0, scratch;
	const void *key;
	void *val;
	int r = 0;

	if (!m)
		return -EINVAL;
	if (A(4)) {
		RET(-EINVAL);
		return 0;
	}
	for (i = 0; i < m->max_entries; i++) {
		if (!bc_rtmap_slot(m, i, &key, &val, &scratch))
			continue;
		if (!m->hashed) {
			if (!kd) {
				kd = bc_vm_dyn_add(vm, 4, "map key");
				kd->writable = false;
			}
			memcpy(kd->base, &scratch, 4);
			key = kd->base;
		}
		args[0] = map;
		args[1] = (uintptr_t)key;
		args[2] = (uintptr_t)val;
		args[3] = ctx;
		n++;
		/* kd may move when the callback reserves ring buffer records */
		r = bc_vm_callback(vm, pc, fn, args, &ret);
		if (kd) {
			kd = bc_vm_dyn_find(vm, args[1]);
			if (kd)
				bc_vm_dyn_del(vm, kd);
			kd = NULL;
		}
		if (r || ret)
			break;
	}
	if (r)
		return r;
	RET(n);
	return 0;
}

static int h_probe_read(struct bc_vm *vm, uint32_t pc, bool str)
{
	uint64_t n = (uint32_t)A(2);
	uint8_t *dst = n ? MEM(A(1), n, true) : NULL;
	const uint8_t *src;

	if (n && !dst)
		return -EFAULT;
	src = n && bc_vm_mem_ok(vm, A(3), n, false) ?
		      (const uint8_t *)(uintptr_t)A(3) :
		      NULL;
	if (!src) {
		if (n)
			memset(dst, 0, n);
		RET(-EFAULT);
		return 0;
	}
	memmove(dst, src, n);
	if (str) {
		uint8_t *z = memchr(dst, 0, n);

		if (!z)
			dst[n - 1] = 0;
		RET(z ? z - dst + 1 : (int64_t)n);
		return 0;
	}
	RET(0);
	return 0;
}

static int h_comm(struct bc_vm *vm, uint32_t pc)
{
	uint64_t n = (uint32_t)A(2);
	char *dst = n ? MEM(A(1), n, true) : NULL;

	if (!dst)
		return n ? -EFAULT : (RET(-EINVAL), 0);
	memset(dst, 0, n);
	strncpy(dst, "bpfcheck", n - 1);
	RET(0);
	return 0;
}

int bc_rt_helper(struct bc_vm *vm, uint32_t pc, int32_t id)
{
	switch (id) {
	case BPF_FUNC_map_lookup_elem:
	case BPF_FUNC_map_update_elem:
	case BPF_FUNC_map_delete_elem: return h_map(vm, pc, id);
	case BPF_FUNC_map_lookup_percpu_elem:
		if (A(3))
			return RET(0), 0;
		return h_map(vm, pc, BPF_FUNC_map_lookup_elem);
	case BPF_FUNC_ktime_get_ns:
	case BPF_FUNC_ktime_get_boot_ns:
	case BPF_FUNC_ktime_get_coarse_ns:
	case BPF_FUNC_ktime_get_tai_ns: RET(now_ns(vm)); return 0;
	case BPF_FUNC_jiffies64: RET(now_ns(vm) / 4000000); return 0;
	case BPF_FUNC_trace_printk: return h_printk(vm, pc);
	case BPF_FUNC_get_prandom_u32: RET(prandom(vm)); return 0;
	case BPF_FUNC_get_smp_processor_id:
	case BPF_FUNC_get_numa_node_id: RET(0); return 0;
	case BPF_FUNC_get_current_pid_tgid:
		RET(((uint64_t)getpid() << 32) | (uint32_t)getpid());
		return 0;
	case BPF_FUNC_get_current_uid_gid:
		RET(((uint64_t)getgid() << 32) | getuid());
		return 0;
	case BPF_FUNC_get_current_comm: return h_comm(vm, pc);
	case BPF_FUNC_skb_store_bytes: return h_skb_bytes(vm, pc, true);
	case BPF_FUNC_skb_load_bytes: return h_skb_bytes(vm, pc, false);
	case BPF_FUNC_l3_csum_replace: return h_csum_replace(vm, false);
	case BPF_FUNC_l4_csum_replace: return h_csum_replace(vm, true);
	case BPF_FUNC_csum_diff: return h_csum_diff(vm, pc);
	case BPF_FUNC_tail_call: return h_tail_call(vm, pc);
	case BPF_FUNC_redirect:
		RET(A(2) & ~1ull ? (vm->ctx_layout == BC_CTX_XDP_MD ? 0 : 2) :
				   (vm->ctx_layout == BC_CTX_XDP_MD ? 4 : 7));
		return 0;
	case BPF_FUNC_redirect_map: return h_redirect_map(vm, pc);
	case BPF_FUNC_perf_event_output: return h_perf_output(vm, pc);
	case BPF_FUNC_xdp_adjust_head:
	case BPF_FUNC_xdp_adjust_meta:
	case BPF_FUNC_xdp_adjust_tail: return h_xdp_adjust(vm, id);
	case BPF_FUNC_ringbuf_output:
	case BPF_FUNC_ringbuf_reserve:
	case BPF_FUNC_ringbuf_submit:
	case BPF_FUNC_ringbuf_discard:
	case BPF_FUNC_ringbuf_query: return h_ringbuf(vm, pc, id);
	case BPF_FUNC_loop: return h_loop(vm, pc);
	case BPF_FUNC_for_each_map_elem: return h_for_each(vm, pc);
	case BPF_FUNC_probe_read:
	case BPF_FUNC_probe_read_kernel:
	case BPF_FUNC_probe_read_user: return h_probe_read(vm, pc, false);
	case BPF_FUNC_probe_read_str:
	case BPF_FUNC_probe_read_kernel_str:
	case BPF_FUNC_probe_read_user_str: return h_probe_read(vm, pc, true);
	case BPF_FUNC_spin_lock:
	case BPF_FUNC_spin_unlock: RET(0); return 0;
	case BPF_FUNC_get_current_task: RET(0); return 0;
	case BPF_FUNC_dynptr_from_mem:
	case BPF_FUNC_ringbuf_reserve_dynptr:
	case BPF_FUNC_ringbuf_submit_dynptr:
	case BPF_FUNC_ringbuf_discard_dynptr:
	case BPF_FUNC_dynptr_read:
	case BPF_FUNC_dynptr_write:
	case BPF_FUNC_dynptr_data: return bc_rt_dynptr_helper(vm, pc, id);
	}
	return unsupported(vm, pc, id);
}
