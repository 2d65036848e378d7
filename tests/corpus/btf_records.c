// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Map values whose special fields Linux cannot parse (map_check_btf's
 * btf_parse_fields): a bitfield off a byte boundary, a bpf_timer twice.
 * The map is created with its BTF and an error record: plain accesses
 * pass, the lock or timer is "not valid". (cilium's conntrack values are
 * all bitfields and no lock.)
 */
#include "corpus.h"

struct nested_lock {
	struct bpf_spin_lock l;
};

struct flags_nested_lock {
	__u32 a : 3, b : 5;
	__u32 cnt;
	struct nested_lock in;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, struct flags_nested_lock);
} bitmap_lk SEC(".maps");

struct two_timers {
	struct bpf_timer a;
	struct bpf_timer b;
	__u32 cnt;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, struct two_timers);
} twotimer SEC(".maps");

/* EXPECT accept */
SEC("tc")
int rec_bitfield_plain_ok(struct __sk_buff *skb)
{
	__u32 k = 0;
	struct flags_nested_lock *v = bpf_map_lookup_elem(&bitmap_lk, &k);

	if (v)
		v->b = skb->len;
	return 0;
}

/* EXPECT reject: has no valid bpf_spin_lock */
SEC("tc")
int rec_bitfield_locked_bad(struct __sk_buff *skb)
{
	__u32 k = 0;
	struct flags_nested_lock *v = bpf_map_lookup_elem(&bitmap_lk, &k);

	if (!v)
		return 0;
	bpf_spin_lock(&v->in.l);
	v->cnt++;
	bpf_spin_unlock(&v->in.l);
	return 0;
}

/* EXPECT accept */
SEC("tc")
int rec_two_timers_plain_ok(struct __sk_buff *skb)
{
	__u32 k = 0;
	struct two_timers *v = bpf_map_lookup_elem(&twotimer, &k);

	if (v)
		v->cnt = skb->len;
	return 0;
}

/* EXPECT reject: has no valid bpf_timer */
SEC("tc")
int rec_two_timers_init_bad(struct __sk_buff *skb)
{
	__u32 k = 0;
	struct two_timers *v = bpf_map_lookup_elem(&twotimer, &k);

	if (v)
		bpf_timer_init(&v->a, &twotimer, 0);
	return 0;
}
