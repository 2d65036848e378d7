// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Linux's check_map_func_compatibility: which helpers a map type may be
 * passed to, and which map types a helper takes.
 */
#include <linux/bpf.h>
#include <stdbool.h>
#include <stdint.h>

#include "platform/map_funcs.h"

static bool is_fn(int32_t fn, const int32_t *list)
{
	for (; *list; list++)
		if (*list == fn)
			return true;
	return false;
}

#define FNS(...) ((const int32_t[]){ __VA_ARGS__, 0 })

/* check_map_func_compatibility, first half: what a map type allows. */
static bool map_allows(uint32_t mt, int32_t fn, bool sockmap_update)
{
	switch (mt) {
	case BPF_MAP_TYPE_PROG_ARRAY: return fn == BPF_FUNC_tail_call;
	case BPF_MAP_TYPE_PERF_EVENT_ARRAY:
		return is_fn(fn, FNS(BPF_FUNC_perf_event_read,
				     BPF_FUNC_perf_event_output,
				     BPF_FUNC_skb_output,
				     BPF_FUNC_perf_event_read_value,
				     BPF_FUNC_xdp_output));
	case BPF_MAP_TYPE_RINGBUF:
		return is_fn(fn, FNS(BPF_FUNC_ringbuf_output,
				     BPF_FUNC_ringbuf_reserve,
				     BPF_FUNC_ringbuf_query,
				     BPF_FUNC_ringbuf_reserve_dynptr,
				     BPF_FUNC_ringbuf_submit_dynptr,
				     BPF_FUNC_ringbuf_discard_dynptr));
	case BPF_MAP_TYPE_USER_RINGBUF:
		return fn == BPF_FUNC_user_ringbuf_drain;
	case BPF_MAP_TYPE_STACK_TRACE: return fn == BPF_FUNC_get_stackid;
	case BPF_MAP_TYPE_CGROUP_ARRAY:
		return fn == BPF_FUNC_skb_under_cgroup ||
		       fn == BPF_FUNC_current_task_under_cgroup;
	case BPF_MAP_TYPE_CGROUP_STORAGE:
	case BPF_MAP_TYPE_PERCPU_CGROUP_STORAGE:
		return fn == BPF_FUNC_get_local_storage;
	case BPF_MAP_TYPE_DEVMAP:
	case BPF_MAP_TYPE_DEVMAP_HASH:
	case BPF_MAP_TYPE_XSKMAP:
		return fn == BPF_FUNC_redirect_map ||
		       fn == BPF_FUNC_map_lookup_elem;
	case BPF_MAP_TYPE_CPUMAP: return fn == BPF_FUNC_redirect_map;
	case BPF_MAP_TYPE_ARRAY_OF_MAPS:
	case BPF_MAP_TYPE_HASH_OF_MAPS: return fn == BPF_FUNC_map_lookup_elem;
	case BPF_MAP_TYPE_SOCKMAP:
		return is_fn(fn, FNS(BPF_FUNC_sk_redirect_map,
				     BPF_FUNC_sock_map_update,
				     BPF_FUNC_msg_redirect_map,
				     BPF_FUNC_sk_select_reuseport,
				     BPF_FUNC_map_lookup_elem)) ||
		       sockmap_update;
	case BPF_MAP_TYPE_SOCKHASH:
		return is_fn(fn, FNS(BPF_FUNC_sk_redirect_hash,
				     BPF_FUNC_sock_hash_update,
				     BPF_FUNC_msg_redirect_hash,
				     BPF_FUNC_sk_select_reuseport,
				     BPF_FUNC_map_lookup_elem)) ||
		       sockmap_update;
	case BPF_MAP_TYPE_REUSEPORT_SOCKARRAY:
		return fn == BPF_FUNC_sk_select_reuseport;
	case BPF_MAP_TYPE_QUEUE:
	case BPF_MAP_TYPE_STACK:
		return fn == BPF_FUNC_map_peek_elem ||
		       fn == BPF_FUNC_map_pop_elem ||
		       fn == BPF_FUNC_map_push_elem;
	case BPF_MAP_TYPE_SK_STORAGE:
		return fn == BPF_FUNC_sk_storage_get ||
		       fn == BPF_FUNC_sk_storage_delete ||
		       fn == BPF_FUNC_kptr_xchg;
	case BPF_MAP_TYPE_INODE_STORAGE:
		return fn == BPF_FUNC_inode_storage_get ||
		       fn == BPF_FUNC_inode_storage_delete;
	case BPF_MAP_TYPE_TASK_STORAGE:
		return fn == BPF_FUNC_task_storage_get ||
		       fn == BPF_FUNC_task_storage_delete;
	case BPF_MAP_TYPE_BLOOM_FILTER:
		return fn == BPF_FUNC_map_peek_elem ||
		       fn == BPF_FUNC_map_push_elem;
	}
	return true;
}

/* check_map_func_compatibility, second half: what a helper allows. */
static bool func_allows(uint32_t mt, int32_t fn)
{
	switch (fn) {
	case BPF_FUNC_tail_call: return mt == BPF_MAP_TYPE_PROG_ARRAY;
	case BPF_FUNC_perf_event_read:
	case BPF_FUNC_perf_event_output:
	case BPF_FUNC_perf_event_read_value:
	case BPF_FUNC_skb_output:
	case BPF_FUNC_xdp_output: return mt == BPF_MAP_TYPE_PERF_EVENT_ARRAY;
	case BPF_FUNC_ringbuf_output:
	case BPF_FUNC_ringbuf_reserve:
	case BPF_FUNC_ringbuf_query:
	case BPF_FUNC_ringbuf_reserve_dynptr:
	case BPF_FUNC_ringbuf_submit_dynptr:
	case BPF_FUNC_ringbuf_discard_dynptr: return mt == BPF_MAP_TYPE_RINGBUF;
	case BPF_FUNC_user_ringbuf_drain:
		return mt == BPF_MAP_TYPE_USER_RINGBUF;
	case BPF_FUNC_get_stackid: return mt == BPF_MAP_TYPE_STACK_TRACE;
	case BPF_FUNC_current_task_under_cgroup:
	case BPF_FUNC_skb_under_cgroup: return mt == BPF_MAP_TYPE_CGROUP_ARRAY;
	case BPF_FUNC_redirect_map:
		return mt == BPF_MAP_TYPE_DEVMAP ||
		       mt == BPF_MAP_TYPE_DEVMAP_HASH ||
		       mt == BPF_MAP_TYPE_CPUMAP || mt == BPF_MAP_TYPE_XSKMAP;
	case BPF_FUNC_sk_redirect_map:
	case BPF_FUNC_msg_redirect_map:
	case BPF_FUNC_sock_map_update: return mt == BPF_MAP_TYPE_SOCKMAP;
	case BPF_FUNC_sk_redirect_hash:
	case BPF_FUNC_msg_redirect_hash:
	case BPF_FUNC_sock_hash_update: return mt == BPF_MAP_TYPE_SOCKHASH;
	case BPF_FUNC_get_local_storage:
		return mt == BPF_MAP_TYPE_CGROUP_STORAGE ||
		       mt == BPF_MAP_TYPE_PERCPU_CGROUP_STORAGE;
	case BPF_FUNC_sk_select_reuseport:
		return mt == BPF_MAP_TYPE_REUSEPORT_SOCKARRAY ||
		       mt == BPF_MAP_TYPE_SOCKMAP ||
		       mt == BPF_MAP_TYPE_SOCKHASH;
	case BPF_FUNC_map_pop_elem:
		return mt == BPF_MAP_TYPE_QUEUE || mt == BPF_MAP_TYPE_STACK;
	case BPF_FUNC_map_peek_elem:
	case BPF_FUNC_map_push_elem:
		return mt == BPF_MAP_TYPE_QUEUE || mt == BPF_MAP_TYPE_STACK ||
		       mt == BPF_MAP_TYPE_BLOOM_FILTER;
	case BPF_FUNC_map_lookup_percpu_elem:
		return mt == BPF_MAP_TYPE_PERCPU_ARRAY ||
		       mt == BPF_MAP_TYPE_PERCPU_HASH ||
		       mt == BPF_MAP_TYPE_LRU_PERCPU_HASH;
	case BPF_FUNC_sk_storage_get:
	case BPF_FUNC_sk_storage_delete: return mt == BPF_MAP_TYPE_SK_STORAGE;
	case BPF_FUNC_inode_storage_get:
	case BPF_FUNC_inode_storage_delete:
		return mt == BPF_MAP_TYPE_INODE_STORAGE;
	case BPF_FUNC_task_storage_get:
	case BPF_FUNC_task_storage_delete:
		return mt == BPF_MAP_TYPE_TASK_STORAGE;
	}
	return true;
}

bool bc_map_func_compatible(uint32_t map_type, int32_t fn, bool sockmap_update)
{
	return map_allows(map_type, fn, sockmap_update) &&
	       func_allows(map_type, fn);
}
