// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * bpf_spin_lock regions and bpf_timer fields: a struct bpf_spin_lock (or
 * struct bpf_timer) in a map value, found by the value's BTF; one lock held
 * at a time, released on the same value before the program ends; no calls
 * but bpf_spin_unlock and static subprograms while it is held; no direct
 * access to either field; program types that may not use them.
 */
#include "corpus.h"


struct locked {
	__u32 cnt;
	struct bpf_spin_lock lock;
	__u64 sum;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, struct locked);
} lmap SEC(".maps");

struct timed {
	__u64 fired;
	struct bpf_timer t;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct timed);
} tmap SEC(".maps");

static __always_inline struct locked *locked_at(__u32 k)
{
	return bpf_map_lookup_elem(&lmap, &k);
}

/* EXPECT accept */
SEC("tc")
int lk_pair_ok(struct __sk_buff *skb)
{
	struct locked *v = locked_at(0);

	if (!v)
		return 0;
	bpf_spin_lock(&v->lock);
	v->cnt++;
	v->sum += skb->len;
	bpf_spin_unlock(&v->lock);
	return 0;
}

/* EXPECT accept */
SEC("tc")
int lk_pair_in_loop_ok(struct __sk_buff *skb)
{
	for (__u32 k = 0; k < 4; k++) {
		struct locked *v = locked_at(k);

		if (!v)
			break;
		bpf_spin_lock(&v->lock);
		v->cnt += k;
		bpf_spin_unlock(&v->lock);
	}
	return 0;
}

static __noinline int bump(struct locked *v)
{
	if (!v)
		return 0;
	v->cnt++;
	return 0;
}

/* EXPECT accept */
SEC("tc")
int lk_static_call_ok(struct __sk_buff *skb)
{
	struct locked *v = locked_at(1);

	if (!v)
		return 0;
	bpf_spin_lock(&v->lock);
	bump(v);
	bpf_spin_unlock(&v->lock);
	return 0;
}

/* EXPECT reject: BPF_EXIT instruction in main prog cannot be used inside bpf_spin_lock-ed region */
SEC("tc")
int lk_missing_unlock(struct __sk_buff *skb)
{
	struct locked *v = locked_at(0);

	if (!v)
		return 0;
	bpf_spin_lock(&v->lock);
	v->cnt++;
	return 0;
}

/* EXPECT reject: BPF_EXIT instruction in main prog cannot be used inside bpf_spin_lock-ed region */
SEC("tc")
int lk_unlock_on_one_path(struct __sk_buff *skb)
{
	struct locked *v = locked_at(0);

	if (!v)
		return 0;
	bpf_spin_lock(&v->lock);
	if (skb->len > 100) {
		v->cnt++;
		return 1;
	}
	bpf_spin_unlock(&v->lock);
	return 0;
}

/* EXPECT reject: function calls are not allowed while holding a lock */
SEC("tc")
int lk_helper_call_while_locked(struct __sk_buff *skb)
{
	struct locked *v = locked_at(0);

	if (!v)
		return 0;
	bpf_spin_lock(&v->lock);
	v->cnt = bpf_get_prandom_u32();
	bpf_spin_unlock(&v->lock);
	return 0;
}

/* EXPECT reject: function calls are not allowed while holding a lock */
SEC("tc")
int lk_double_lock(struct __sk_buff *skb)
{
	struct locked *a = locked_at(0), *b = locked_at(1);

	if (!a || !b)
		return 0;
	bpf_spin_lock(&a->lock);
	bpf_spin_lock(&b->lock);
	b->cnt = a->cnt;
	bpf_spin_unlock(&b->lock);
	bpf_spin_unlock(&a->lock);
	return 0;
}

/* EXPECT reject: bpf_spin_unlock of different lock */
SEC("tc")
int lk_unlock_other_value(struct __sk_buff *skb)
{
	struct locked *a = locked_at(0), *b = locked_at(1);

	if (!a || !b)
		return 0;
	bpf_spin_lock(&a->lock);
	a->cnt++;
	bpf_spin_unlock(&b->lock);
	return 0;
}

/* EXPECT reject: bpf_spin_unlock without taking a lock */
SEC("tc")
int lk_unlock_without_lock(struct __sk_buff *skb)
{
	struct locked *v = locked_at(0);

	if (!v)
		return 0;
	v->cnt++;
	bpf_spin_unlock(&v->lock);
	return 0;
}

/* EXPECT reject: bpf_spin_lock cannot be accessed directly by load/store */
SEC("tc")
int lk_read_lock_field(struct __sk_buff *skb)
{
	struct locked *v = locked_at(0);

	if (!v)
		return 0;
	return *(volatile __u32 *)&v->lock;
}

/* EXPECT reject: bpf_spin_lock cannot be accessed directly by load/store */
SEC("tc")
int lk_write_lock_field(struct __sk_buff *skb)
{
	struct locked *v = locked_at(0);

	if (!v)
		return 0;
	*(volatile __u32 *)&v->lock = 0;
	return 0;
}

/* EXPECT reject: doesn't point to 'struct bpf_spin_lock' that is at 4 */
SEC("tc")
int lk_wrong_field(struct __sk_buff *skb)
{
	struct locked *v = locked_at(0);

	if (!v)
		return 0;
	bpf_spin_lock((struct bpf_spin_lock *)&v->cnt);
	bpf_spin_unlock((struct bpf_spin_lock *)&v->cnt);
	return 0;
}

/* EXPECT reject: map 'amap' has no valid bpf_spin_lock */
SEC("tc")
int lk_map_without_lock(struct __sk_buff *skb)
{
	struct val *v = val0();

	if (!v)
		return 0;
	bpf_spin_lock((struct bpf_spin_lock *)v);
	bpf_spin_unlock((struct bpf_spin_lock *)v);
	return 0;
}

/* EXPECT reject: socket filter progs cannot use bpf_spin_lock yet */
SEC("socket")
int lk_socket_filter(struct __sk_buff *skb)
{
	struct locked *v = locked_at(0);

	if (!v)
		return 0;
	bpf_spin_lock(&v->lock);
	v->cnt++;
	bpf_spin_unlock(&v->lock);
	return 0;
}

/* EXPECT reject: tracing progs cannot use bpf_spin_lock yet */
SEC("kprobe/do_nanosleep")
int lk_kprobe(void *ctx)
{
	struct locked *v = locked_at(0);

	if (!v)
		return 0;
	bpf_spin_lock(&v->lock);
	v->cnt++;
	bpf_spin_unlock(&v->lock);
	return 0;
}

static int timer_cb(void *map, __u32 *key, struct timed *val)
{
	val->fired++;
	return 0;
}

/* EXPECT accept */
SEC("tc")
int tm_init_start_ok(struct __sk_buff *skb)
{
	__u32 k = 0;
	struct timed *v = bpf_map_lookup_elem(&tmap, &k);

	if (!v)
		return 0;
	bpf_timer_init(&v->t, &tmap, 1 /* CLOCK_MONOTONIC */);
	bpf_timer_set_callback(&v->t, timer_cb);
	bpf_timer_start(&v->t, 1000, 0);
	return 0;
}

/* EXPECT reject: timer pointer in R1 map_uid=0 doesn't match map pointer in R2 map_uid=0 */
SEC("tc")
int tm_init_other_map(struct __sk_buff *skb)
{
	__u32 k = 0;
	struct timed *v = bpf_map_lookup_elem(&tmap, &k);

	if (!v)
		return 0;
	bpf_timer_init(&v->t, &lmap, 1);
	return 0;
}

/* EXPECT reject: bpf_timer cannot be accessed directly by load/store */
SEC("tc")
int tm_read_timer_field(struct __sk_buff *skb)
{
	__u32 k = 0;
	struct timed *v = bpf_map_lookup_elem(&tmap, &k);

	if (!v)
		return 0;
	return *(volatile __u64 *)&v->t;
}

/* EXPECT reject: tracing progs cannot use bpf_timer yet */
SEC("kprobe/do_nanosleep")
int tm_kprobe(void *ctx)
{
	__u32 k = 0;
	struct timed *v = bpf_map_lookup_elem(&tmap, &k);

	if (!v)
		return 0;
	bpf_timer_init(&v->t, &tmap, 1);
	return 0;
}

static int timer_cb_oob(void *map, __u32 *key, struct timed *val)
{
	return *(volatile __u64 *)((char *)val + sizeof(*val));
}

/* EXPECT reject: R3 min value is outside of the allowed memory range */
SEC("tc")
int tm_callback_out_of_bounds(struct __sk_buff *skb)
{
	__u32 k = 0;
	struct timed *v = bpf_map_lookup_elem(&tmap, &k);

	if (!v)
		return 0;
	bpf_timer_init(&v->t, &tmap, 1);
	bpf_timer_set_callback(&v->t, timer_cb_oob);
	return 0;
}
