// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The witness search (witness.h): inputs tried in a fixed order first
 * (packets of each length up to 80 bytes, zeroed, all ones, and Ethernet
 * with IPv4 or IPv6 headers cut at each length; maps empty, with the keys
 * the runs looked up stored zeroed or all ones), then random ones from a
 * fixed seed (lengths, bytes, map values, the prandom seed), until a run
 * meets the goal or the time budget is spent. Deterministic for a given
 * program but for when the budget runs out.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "isa/insn.h"
#include "platform/progtypes.h"
#include "interp/interp_priv.h"
#include "interp/witness_priv.h"

#define SEARCH_INSN_LIMIT (1u << 20) /* per run */
#define DEFAULT_BUDGET_MS 300
#define RANDOM_RUNS	  20000
#define DET_MAX_LEN	  80
#define FILL_ENTRIES	  64 /* array entries a fill sets */
#define DICT_MAX	  32

void bc_witness_free(struct bc_witness *w)
{
	for (size_t i = 0; i < w->ent_cnt; i++) {
		free(w->ents[i].key);
		free(w->ents[i].val);
	}
	free(w->ents);
	free(w->prog);
	free(w->packet);
	free(w->ctx);
	memset(w, 0, sizeof(*w));
}

void bc_witness_add_entry(struct bc_witness *w, const struct bc_object *obj,
			  uint32_t map, const uint8_t *key, const uint8_t *val)
{
	const struct bc_map *m = &obj->maps[map];
	struct bc_witness_entry *e;

	BC_GROW(w->ents, w->ent_cap, w->ent_cnt + 1);
	e = &w->ents[w->ent_cnt++];
	e->map = map;
	e->key = bc_xmalloc(m->key_size ? m->key_size : 1);
	e->val = bc_xmalloc(m->value_size ? m->value_size : 1);
	memcpy(e->key, key, m->key_size);
	memcpy(e->val, val, m->value_size);
}

static FILE *quiet(void)
{
	static FILE *null;

	if (!null)
		null = fopen("/dev/null", "w");
	return null;
}

static bool store_entries(struct bc_rtmaps *maps, const struct bc_witness *w,
			  const struct bc_object *obj, struct bc_err *err)
{
	for (size_t i = 0; i < w->ent_cnt; i++) {
		const struct bc_witness_entry *e = &w->ents[i];
		int r = bc_rtmap_update(&maps->maps[e->map], e->key, e->val,
					BPF_ANY);

		if (r) {
			bc_errf(err, -1, -r,
				"map '%s': an entry cannot be stored: %s",
				obj->maps[e->map].name, strerror(-r));
			return false;
		}
	}
	return true;
}

/*
 * Program types whose context holds kernel pointers (BTF-typed
 * arguments): a load through one is Linux's BPF_PROBE_MEM, which reads
 * zero where there is no memory, and the interpreter has no kernel
 * objects to read. An access at NULL or in no region is not a fault it
 * can show there.
 */
static bool is_type_of(const struct bc_prog *p, const uint32_t *types, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p->type == types[i])
			return true;
	return false;
}

static bool kernel_pointers(const struct bc_prog *p)
{
	static const uint32_t types[] = { BPF_PROG_TYPE_TRACING,
					  BPF_PROG_TYPE_LSM,
					  BPF_PROG_TYPE_STRUCT_OPS,
					  BPF_PROG_TYPE_EXT };

	return is_type_of(p, types, sizeof(types) / sizeof(types[0]));
}

static enum bc_fault_kind fault_kind(const struct wcheck *wc,
				     const struct bc_vm *vm,
				     const struct bc_prog *p, int r)
{
	if (!r)
		return BC_FAULT_NONE;
	if (wc->kind != BC_FAULT_NONE)
		return wc->kind;
	if (r != -EFAULT && r != -EACCES)
		return BC_FAULT_OTHER;
	return vm->fault_unmapped && kernel_pointers(p) ? BC_FAULT_OTHER :
							  BC_FAULT_MEMORY;
}

/* One run; what it looked up and compared goes to learn when set. */
static bool run_one(const struct bc_object *obj, const struct bc_prog *p,
		    const struct bc_witness *w, int64_t goal, bool searching,
		    struct wcheck_learn *learn, struct bc_witness_fault *f,
		    struct bc_err *err)
{
	struct bc_run_input in = { .packet = w->packet,
				   .packet_len = w->packet_len,
				   .ctx = w->ctx,
				   .ctx_len = w->ctx_len };
	struct bc_run_result res;
	struct bc_rtmaps *maps = NULL;
	struct bc_vm_opts vo = { .seed = w->seed,
				 .fixed_time = true,
				 .prandom = w->prandom,
				 .prandom_cnt = w->prandom_cnt,
				 .ringbuf_full = w->ringbuf_full };
	struct bc_err rerr;
	struct wcheck wc;
	struct bc_vm *vm;
	int r;

	memset(f, 0, sizeof(*f));
	if (bc_rtmaps_new_for(obj, p, &maps, err) ||
	    !store_entries(maps, w, obj, err)) {
		bc_rtmaps_free(maps);
		return false;
	}
	wcheck_init(&wc, p, maps, goal);
	wc.learn = learn;
	wc.stack_init = w->stack_init;
	vo.hook = wcheck_hook;
	vo.hook_arg = &wc;
	if (searching) {
		vo.insn_limit = SEARCH_INSN_LIMIT;
		vo.trace = quiet();
	}
	vm = bc_vm_new(obj, maps, &vo);
	bc_err_init(&rerr);
	r = bc_vm_run(vm, p, &in, &res, &rerr);
	bc_run_result_free(&res);
	f->kind = fault_kind(&wc, vm, p, r);
	f->insn = r ? rerr.insn : -1;
	f->acq_insn = wc.acq_insn;
	f->reached = wc.reached;
	snprintf(f->msg, sizeof(f->msg), "%s", r ? rerr.msg : "");
	bc_vm_free(vm);
	bc_rtmaps_free(maps);
	return true;
}

bool bc_witness_run(const struct bc_object *obj, const struct bc_prog *p,
		    const struct bc_witness *w, int64_t goal_insn,
		    struct bc_witness_fault *f, struct bc_err *err)
{
	return run_one(obj, p, w, goal_insn, false, NULL, f, err);
}

bool bc_witness_meets(const struct bc_witness_goal *g,
		      const struct bc_witness_fault *f)
{
	if (f->kind == BC_FAULT_NONE || f->kind == BC_FAULT_OTHER)
		return false;
	if (g->insn < 0 || f->insn == g->insn)
		return true;
	/* the arithmetic was rejected; the access through it faults */
	return g->after && f->reached && f->kind == BC_FAULT_MEMORY &&
	       f->insn > g->insn;
}

/* ---- the search ---- */

struct search {
	const struct bc_object *obj;
	const struct bc_prog *p;
	const struct bc_witness_goal *g;
	bool packet; /* the program type takes a packet */
	size_t ctx_len; /* a context of numbers only: its size, else 0 */
	struct timespec deadline;
	uint64_t rng;
	struct wcheck_learn learn; /* of every run */
	struct wcheck_learn last; /* of the last run */
	uint8_t dict[DICT_MAX]; /* bytes the program compares with */
	size_t dict_cnt;
	struct bc_witness w; /* the input being tried */
	struct bc_witness_fault f;
	bool found, out_of_time;
	unsigned runs;
};

static uint64_t next_rand(struct search *s)
{
	/* splitmix64 */
	uint64_t z = (s->rng += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static bool past_deadline(struct search *s)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return now.tv_sec > s->deadline.tv_sec ||
	       (now.tv_sec == s->deadline.tv_sec &&
		now.tv_nsec >= s->deadline.tv_nsec);
}

/* Add what one run learnt to what all runs did. */
static void merge_learnt(struct wcheck_learn *all,
			 const struct wcheck_learn *one)
{
	for (size_t i = 0; i < one->key_cnt; i++) {
		size_t j;

		for (j = 0;
		     j < all->key_cnt &&
		     memcmp(&all->keys[j], &one->keys[i], sizeof(one->keys[i]));
		     j++)
			;
		if (j == all->key_cnt && all->key_cnt < WCHECK_MAX_KEYS)
			all->keys[all->key_cnt++] = one->keys[i];
	}
	for (size_t i = 0; i < one->hint_cnt; i++) {
		size_t j;

		for (j = 0;
		     j < all->hint_cnt && memcmp(&all->hints[j], &one->hints[i],
						 sizeof(one->hints[i]));
		     j++)
			;
		if (j == all->hint_cnt && all->hint_cnt < WCHECK_MAX_HINTS)
			all->hints[all->hint_cnt++] = one->hints[i];
	}
}

/* Run s->w; true to stop (found, out of time, cannot run). */
static bool try_input(struct search *s)
{
	struct bc_err err;

	if (s->found || s->out_of_time)
		return true;
	if ((++s->runs & 15) == 0 && past_deadline(s)) {
		s->out_of_time = true;
		return true;
	}
	bc_err_init(&err);
	memset(&s->last, 0, sizeof(s->last));
	if (!run_one(s->obj, s->p, &s->w, s->g->insn, true, &s->last, &s->f,
		     &err)) {
		s->out_of_time = true; /* the maps cannot be set up */
		return true;
	}
	merge_learnt(&s->learn, &s->last);
	s->found = bc_witness_meets(s->g, &s->f);
	return s->found;
}

/* Maps whose contents the search chooses: not global data, not maps of
 * maps, program arrays, ring buffers and the like. */
static bool fillable(const struct bc_map *m)
{
	switch (m->type) {
	case BPF_MAP_TYPE_HASH:
	case BPF_MAP_TYPE_ARRAY:
	case BPF_MAP_TYPE_PERCPU_HASH:
	case BPF_MAP_TYPE_PERCPU_ARRAY:
	case BPF_MAP_TYPE_LRU_HASH:
	case BPF_MAP_TYPE_LRU_PERCPU_HASH:
		return m->origin != BC_MAP_GLOBAL && !m->readonly && !m->init;
	}
	return false;
}

static bool is_array(const struct bc_map *m)
{
	return m->type == BPF_MAP_TYPE_ARRAY ||
	       m->type == BPF_MAP_TYPE_PERCPU_ARRAY;
}

/* Bytes as a run would meet them: all zero, all ones, or random words
 * mixed with small numbers and the edges of the integer types. */
static void fill_bytes(struct search *s, uint8_t *b, size_t n, int style)
{
	static const uint32_t edges[] = { 0,	      1,	  2,
					  0x7f,	      0x80,	  0xff,
					  0x7fffffff, 0x80000000, 0xffffffff };

	for (size_t i = 0; i < n; i += 4) {
		uint32_t v;

		if (style == 0)
			v = 0;
		else if (style == 1)
			v = UINT32_MAX;
		else if (next_rand(s) % 3)
			v = (uint32_t)next_rand(s);
		else
			v = edges[next_rand(s) %
				  (sizeof(edges) / sizeof(edges[0]))];
		memcpy(b + i, &v, BC_MIN(4, n - i));
	}
}

/* Entries of a fillable map: key 0 (and the first array indexes), the
 * keys runs looked up; values by style (random: each entry at 3 in 4). */
static void fill_map(struct search *s, uint32_t mi, int style)
{
	const struct bc_map *m = &s->obj->maps[mi];
	uint8_t key[WCHECK_KEY_BYTES] = { 0 };
	uint8_t *val = bc_xcalloc(1, m->value_size + 4);
	uint32_t n = is_array(m) ? BC_MIN(m->max_entries, FILL_ENTRIES) : 1;

	if (m->key_size > WCHECK_KEY_BYTES) {
		free(val);
		return;
	}
	for (uint32_t i = 0; i < n + s->learn.key_cnt; i++) {
		if (i >= n && s->learn.keys[i - n].map != mi)
			continue;
		if (i < n)
			memcpy(key, &i, BC_MIN(4, m->key_size));
		else
			memcpy(key, s->learn.keys[i - n].key, m->key_size);
		if (style == 2 && next_rand(s) % 4 == 0)
			continue;
		fill_bytes(s, val, m->value_size, style);
		if (style || !is_array(m))
			bc_witness_add_entry(&s->w, s->obj, mi, key, val);
	}
	free(val);
}

static void set_maps(struct search *s, int style)
{
	for (size_t i = 0; i < s->w.ent_cnt; i++) {
		free(s->w.ents[i].key);
		free(s->w.ents[i].val);
	}
	s->w.ent_cnt = 0;
	if (style < 0)
		return;
	for (uint32_t i = 0; i < s->obj->map_cnt; i++)
		if (fillable(&s->obj->maps[i]) && bc_rtmaps_reachable(s->p, i))
			fill_map(s, i, style);
}

/* ---- packets ---- */

enum { TMPL_ZERO, TMPL_ONES, TMPL_IP4_TCP, TMPL_IP4_UDP, TMPL_IP6_TCP, TMPLS };

#define PKT_MAX 1514

/* Template t's first n bytes into b (n <= PKT_MAX): Ethernet (to
 * 00:00:00:00:00:00) with IPv4 or IPv6 and TCP or UDP headers, zeroes
 * after them. */
static void make_packet(uint8_t *b, size_t n, int t)
{
	static const uint8_t ip4[20] = { 0x45, 0, 0,  60, 0, 1, 0x40, 0, 64, 6,
					 0,    0, 10, 0,  0, 1, 10,   0, 0,  2 };
	static const uint8_t tcp[20] = { 0x04, 0xd2, 0,	   80,	0, 0,
					 0,    1,    0,	   0,	0, 0,
					 0x50, 0x02, 0xff, 0xff };
	static const uint8_t udp[8] = { 0x04, 0xd2, 0, 53, 0, 40 };
	static const uint8_t ip6[40] = {
		0x60, 0,    0, 0,	 0,	      20,      6,
		64,   0xfd, 0, [23] = 1, [24] = 0xfd, [39] = 2
	};
	uint8_t full[PKT_MAX];

	memset(full, t == TMPL_ONES ? 0xff : 0, sizeof(full));
	if (t >= TMPL_IP4_TCP) {
		full[12] = t == TMPL_IP6_TCP ? 0x86 : 0x08;
		full[13] = t == TMPL_IP6_TCP ? 0xdd : 0x00;
	}
	if (t == TMPL_IP4_TCP || t == TMPL_IP4_UDP) {
		memcpy(full + 14, ip4, sizeof(ip4));
		if (t == TMPL_IP4_UDP)
			full[14 + 9] = 17;
		if (t == TMPL_IP4_TCP)
			memcpy(full + 34, tcp, sizeof(tcp));
		else
			memcpy(full + 34, udp, sizeof(udp));
	} else if (t == TMPL_IP6_TCP) {
		memcpy(full + 14, ip6, sizeof(ip6));
		memcpy(full + 54, tcp, sizeof(tcp));
	}
	memcpy(b, full, n);
}

static void set_packet(struct search *s, const uint8_t *b, size_t n)
{
	free(s->w.packet);
	s->w.packet = bc_xmalloc(n ? n : 1);
	memcpy(s->w.packet, b, n);
	s->w.packet_len = n;
}

/* Every template cut at every length up to DET_MAX_LEN, and longer
 * zeroed and all-ones packets. */
static bool try_packets(struct search *s)
{
	static const size_t longer[] = { 128, 256, 512, 1024, PKT_MAX };
	uint8_t b[PKT_MAX];

	if (!s->packet)
		return try_input(s);
	for (int t = 0; t < TMPLS; t++)
		for (size_t n = 0; n <= DET_MAX_LEN; n++) {
			make_packet(b, n, t);
			set_packet(s, b, n);
			if (try_input(s))
				return true;
		}
	for (int t = TMPL_ZERO; t <= TMPL_ONES; t++)
		for (size_t i = 0; i < sizeof(longer) / sizeof(longer[0]);
		     i++) {
			make_packet(b, longer[i], t);
			set_packet(s, b, longer[i]);
			if (try_input(s))
				return true;
		}
	return false;
}

static size_t random_len(struct search *s)
{
	uint64_t r = next_rand(s) % 10;

	if (r < 5)
		return next_rand(s) % (DET_MAX_LEN + 1);
	if (r < 8)
		return next_rand(s) % 201;
	return next_rand(s) % (PKT_MAX + 1);
}

/*
 * The bytes of the constants the program's conditional jumps compare
 * with (a ' ' a parser skips, an option kind, an ethertype's halves):
 * packets made of them walk the paths those tests guard.
 */
static void collect_dict(struct search *s)
{
	for (uint32_t i = 0; i < s->p->insn_cnt; i++) {
		const struct bpf_insn *in = &s->p->insns[i];
		uint32_t v = (uint32_t)in->imm;

		if (!bc_is_cond_jmp(in) || bc_srcbit(in) != BPF_K || v > 0xffff)
			continue;
		for (int k = 0; k < (v > 0xff ? 2 : 1); k++) {
			uint8_t c = (uint8_t)(v >> (8 * k));
			size_t j;

			for (j = 0; j < s->dict_cnt && s->dict[j] != c; j++)
				;
			if (j == s->dict_cnt && s->dict_cnt < DICT_MAX)
				s->dict[s->dict_cnt++] = c;
		}
	}
}

/* Packets of one compared byte repeated, at each length. */
static bool try_dict_packets(struct search *s)
{
	uint8_t b[DET_MAX_LEN];

	for (size_t j = 0; s->packet && j < s->dict_cnt; j++) {
		memset(b, s->dict[j], sizeof(b));
		for (size_t n = 1; n <= DET_MAX_LEN; n++) {
			set_packet(s, b, n);
			if (try_input(s))
				return true;
		}
	}
	return false;
}

/* ---- comparisons with packet bytes ---- */

#define WALK_LEN   160
#define WALK_STEPS 48

/* Do the n bytes of b meet hint h? */
static bool hint_holds(const uint8_t *b, size_t n, const struct wcheck_hint *h)
{
	for (uint32_t i = 0; i < h->size; i++) {
		uint8_t m = (uint8_t)(h->mask >> (8 * i));

		if (h->off + i >= n)
			return false;
		if ((b[h->off + i] & m) != ((h->val >> (8 * i)) & m))
			return false;
	}
	return true;
}

/* Write hint h's bytes into b (negate: one off, to take the other way). */
static void apply_hint(uint8_t *b, size_t n, const struct wcheck_hint *h,
		       bool negate)
{
	uint32_t val = negate ? (h->val + (h->mask & -h->mask)) & h->mask :
				h->val;

	for (uint32_t i = 0; i < h->size && h->off + i < n; i++) {
		uint8_t m = (uint8_t)(h->mask >> (8 * i));

		b[h->off + i] = (uint8_t)((b[h->off + i] & ~m) |
					  ((val >> (8 * i)) & m));
	}
}

/*
 * Follow the comparisons one run makes with packet bytes: write the
 * constant the first unmet one compares with, run again, and each time
 * try the packet cut just past the bytes a met comparison read (where a
 * parser that checked one byte reads the next).
 */
static bool try_hint_walk(struct search *s, int t)
{
	uint8_t b[WALK_LEN];

	make_packet(b, WALK_LEN, t);
	set_packet(s, b, WALK_LEN);
	if (try_input(s))
		return true;
	for (int step = 0; step < WALK_STEPS; step++) {
		struct wcheck_learn run = s->last;
		const struct wcheck_hint *next = NULL;

		for (size_t i = 0; i < run.hint_cnt; i++) {
			const struct wcheck_hint *h = &run.hints[i];

			if (!hint_holds(b, WALK_LEN, h)) {
				next = next ? next : h;
				continue;
			}
			set_packet(s, b, h->off + h->size);
			if (try_input(s))
				return true;
		}
		if (!next)
			return false;
		apply_hint(b, WALK_LEN, next, false);
		set_packet(s, b, WALK_LEN);
		if (try_input(s))
			return true;
	}
	return false;
}

/* Hints of earlier runs written into b, met or missed at random, and the
 * packet cut past one of them at times. */
static size_t random_hints(struct search *s, uint8_t *b, size_t n)
{
	const struct wcheck_learn *l = &s->learn;

	if (!l->hint_cnt || next_rand(s) % 2)
		return n;
	for (size_t i = 0; i < l->hint_cnt; i++)
		if (next_rand(s) % 2)
			apply_hint(b, n, &l->hints[i], next_rand(s) % 4 == 0);
	if (next_rand(s) % 2) {
		const struct wcheck_hint *h =
			&l->hints[next_rand(s) % l->hint_cnt];

		if (h->off + h->size <= n)
			n = h->off + h->size + next_rand(s) % 2;
	}
	return BC_MIN(n, PKT_MAX);
}

static void random_packet(struct search *s)
{
	uint8_t b[PKT_MAX];
	size_t n = random_len(s);
	int t = (int)(next_rand(s) % (TMPLS + 2));

	make_packet(b, n, t < TMPLS ? t : TMPL_ZERO);
	if (t == TMPLS + 1 && s->dict_cnt) {
		/* the compared bytes, mostly one of them */
		uint8_t c = s->dict[next_rand(s) % s->dict_cnt];

		for (size_t i = 0; i < n; i++)
			b[i] = next_rand(s) % 4 ?
				       c :
				       s->dict[next_rand(s) % s->dict_cnt];
	} else if (t >= TMPLS) {
		fill_bytes(s, b, n, 2);
	} else {
		/* a few bytes changed anywhere */
		for (uint64_t k = next_rand(s) % 5; n && k; k--)
			b[next_rand(s) % n] = (uint8_t)next_rand(s);
	}
	n = random_hints(s, b, n);
	set_packet(s, b, n);
}

/* The context (of numbers only), by style: zeroed, all ones, random. */
static void set_ctx(struct search *s, int style)
{
	free(s->w.ctx);
	s->w.ctx = NULL;
	s->w.ctx_len = 0;
	if (!s->ctx_len || style < 0)
		return;
	s->w.ctx = bc_xcalloc(1, s->ctx_len);
	s->w.ctx_len = s->ctx_len;
	fill_bytes(s, s->w.ctx, s->ctx_len, style);
}

/* bpf_get_prandom_u32's first results, by style; none for -1. */
static void set_prandom(struct search *s, int style)
{
	s->w.prandom_cnt = style < 0 ? 0 : BC_WITNESS_PRANDOM;
	fill_bytes(s, (uint8_t *)s->w.prandom, sizeof(s->w.prandom),
		   style < 0 ? 0 : style);
}

/* Helpers' results and the context at the edges, over a few packets. */
static bool try_edges(struct search *s)
{
	uint8_t b[DET_MAX_LEN];

	make_packet(b, DET_MAX_LEN, TMPL_IP4_TCP);
	set_packet(s, b, s->packet ? DET_MAX_LEN : 0);
	for (int style = -1; style <= 1; style++) {
		set_maps(s, style);
		for (int k = 0; k < 8; k++) {
			set_prandom(s, k % 3 - 1);
			set_ctx(s, k / 3 - 1);
			s->w.ringbuf_full = k & 1;
			if (try_input(s))
				return true;
		}
	}
	return false;
}

static void run_search(struct search *s)
{
	/* maps empty, then zeroed and all-ones entries (the keys the
	 * first runs looked up among them) */
	for (int style = -1; style <= 1; style++) {
		set_maps(s, style);
		if (try_packets(s))
			return;
	}
	if (try_edges(s))
		return;
	set_maps(s, -1);
	set_prandom(s, -1);
	set_ctx(s, -1);
	s->w.ringbuf_full = false;
	if (try_dict_packets(s))
		return;
	for (int t = 0; s->packet && t < TMPLS; t++)
		if (try_hint_walk(s, t))
			return;
	for (unsigned i = 0; i < RANDOM_RUNS; i++) {
		uint64_t r = next_rand(s) % 6;

		set_maps(s, r < 3 ? 2 : (int)r - 4);
		if (s->packet)
			random_packet(s);
		set_ctx(s, (int)(next_rand(s) % 4) - 1);
		set_prandom(s, next_rand(s) % 2 ? -1 : 2);
		s->w.ringbuf_full = next_rand(s) % 4 == 0;
		s->w.seed = next_rand(s) % 4 ? next_rand(s) % 16 : next_rand(s);
		if (try_input(s))
			return;
	}
}

/* ---- a smaller witness ---- */

#define SHRINK_RUNS 400

/* Does s->w still meet the goal? Keeps the fault when it does. */
static bool still_meets(struct search *s, unsigned *runs)
{
	struct bc_witness_fault f;
	struct bc_err err;

	if (++*runs > SHRINK_RUNS)
		return false;
	bc_err_init(&err);
	if (!run_one(s->obj, s->p, &s->w, s->g->insn, true, NULL, &f, &err) ||
	    !bc_witness_meets(s->g, &f))
		return false;
	s->f = f;
	return true;
}

static void shrink_entries(struct search *s, unsigned *runs)
{
	for (size_t i = s->w.ent_cnt; i-- > 0;) {
		struct bc_witness_entry e = s->w.ents[i];
		size_t tail = s->w.ent_cnt - i - 1;

		memmove(&s->w.ents[i], &s->w.ents[i + 1], tail * sizeof(e));
		s->w.ent_cnt--;
		if (still_meets(s, runs)) {
			free(e.key);
			free(e.val);
			continue;
		}
		memmove(&s->w.ents[i + 1], &s->w.ents[i], tail * sizeof(e));
		s->w.ents[i] = e;
		s->w.ent_cnt++;
	}
}

/*
 * What the fault does not need, left out: map entries, helpers' results,
 * the context, the packet's tail. A witness a reader can follow.
 */
static void shrink(struct search *s)
{
	struct bc_witness w = s->w;
	unsigned runs = 0;
	size_t n = s->w.packet_len;

	shrink_entries(s, &runs);
	s->w.prandom_cnt = 0;
	if (!still_meets(s, &runs))
		s->w.prandom_cnt = w.prandom_cnt;
	s->w.ringbuf_full = false;
	if (!still_meets(s, &runs))
		s->w.ringbuf_full = w.ringbuf_full;
	s->w.seed = 0;
	if (!still_meets(s, &runs))
		s->w.seed = w.seed;
	if (s->w.ctx) {
		s->w.ctx = NULL;
		if (still_meets(s, &runs))
			free(w.ctx);
		else
			s->w.ctx = w.ctx;
	}
	for (size_t k = 0; k < n; k++) {
		s->w.packet_len = k;
		if (still_meets(s, &runs))
			return;
	}
	s->w.packet_len = n;
}

/* Program types whose context holds numbers only (no pointer a run
 * could not make up): the search may choose its bytes. */
static size_t scalar_ctx_len(const struct bc_prog *p, enum bc_ctx_layout l)
{
	static const uint32_t types[] = { BPF_PROG_TYPE_KPROBE,
					  BPF_PROG_TYPE_TRACEPOINT,
					  BPF_PROG_TYPE_RAW_TRACEPOINT,
					  BPF_PROG_TYPE_PERF_EVENT };

	return is_type_of(p, types, sizeof(types) / sizeof(types[0])) ?
		       bc_interp_ctx_size(l) :
		       0;
}

bool bc_witness_search(const struct bc_object *obj, const struct bc_prog *p,
		       const struct bc_witness_goal *g, unsigned budget_ms,
		       struct bc_witness *w, struct bc_witness_fault *f)
{
	struct search *s = bc_xcalloc(1, sizeof(*s));
	enum bc_ctx_layout l = bc_prog_type_ops(p->type)->ctx_layout;
	uint64_t ns;
	bool found;

	s->obj = obj;
	s->p = p;
	s->g = g;
	s->rng = 0x5eed;
	s->packet = l == BC_CTX_XDP_MD || l == BC_CTX_SK_BUFF ||
		    l == BC_CTX_SK_BUFF_L2 || l == BC_CTX_FLOW_DISSECTOR;
	s->ctx_len = scalar_ctx_len(p, l);
	s->w.stack_init = g->stack_init;
	collect_dict(s);
	clock_gettime(CLOCK_MONOTONIC, &s->deadline);
	ns = (uint64_t)(budget_ms ? budget_ms : DEFAULT_BUDGET_MS) *
		     1000000ull +
	     (uint64_t)s->deadline.tv_nsec;
	s->deadline.tv_sec += (time_t)(ns / 1000000000ull);
	s->deadline.tv_nsec = (long)(ns % 1000000000ull);
	run_search(s);
	found = s->found;
	if (found)
		shrink(s);
	if (found) {
		*w = s->w;
		w->prog = bc_xstrdup(p->name);
		*f = s->f;
	} else {
		bc_witness_free(&s->w);
	}
	free(s);
	return found;
}
