// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * An object whose BTF Linux refuses as a whole (btf_parse_struct_metas):
 * a struct with a bpf_spin_lock member has a bitfield off a byte boundary.
 * libbpf then loads the object without BTF, so no map of it has BTF, even
 * one whose value is well formed: a lock in any of them is refused.
 */
#include "corpus.h"

struct flags_and_lock {
	__u32 a : 3, b : 5;
	__u32 cnt;
	struct bpf_spin_lock lock;
};

struct good_lock {
	__u32 cnt;
	struct bpf_spin_lock lock;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, struct flags_and_lock);
} bad_lk SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, struct good_lock);
} good_lk SEC(".maps");

/* EXPECT accept */
SEC("tc")
int refused_plain_ok(struct __sk_buff *skb)
{
	__u32 k = 0;
	struct flags_and_lock *v = bpf_map_lookup_elem(&bad_lk, &k);

	if (v)
		v->b = skb->len;
	return 0;
}

/* EXPECT reject: has to have BTF in order to use bpf_spin_lock */
SEC("tc")
int refused_lock_bad(struct __sk_buff *skb)
{
	__u32 k = 0;
	struct flags_and_lock *v = bpf_map_lookup_elem(&bad_lk, &k);

	if (!v)
		return 0;
	bpf_spin_lock(&v->lock);
	v->cnt++;
	bpf_spin_unlock(&v->lock);
	return 0;
}

/* A well-formed value, but the object has no BTF in the kernel. */
/* EXPECT reject: has to have BTF in order to use bpf_spin_lock */
SEC("tc")
int refused_good_lock_bad(struct __sk_buff *skb)
{
	__u32 k = 0;
	struct good_lock *v = bpf_map_lookup_elem(&good_lk, &k);

	if (!v)
		return 0;
	bpf_spin_lock(&v->lock);
	v->cnt++;
	bpf_spin_unlock(&v->lock);
	return 0;
}
