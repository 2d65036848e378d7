/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Helper prototypes and the per-program-type helper sets. The argument and
 * return kinds follow the kernel's bpf_func_proto definitions; the sets
 * follow the per-type get_func_proto callbacks and bpf_base_func_proto.
 */
#include <linux/bpf.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <stddef.h>

#include "platform/helpers.h"
#include "platform/kernels.h"
#include "platform/progtypes.h"
#include "isa/insn.h"
#include "util/util.h"

#define N     BC_ARG_NONE
#define ANY   BC_ARG_ANYTHING
#define CTX   BC_ARG_PTR_TO_CTX
#define MAP   BC_ARG_CONST_MAP_PTR
#define KEY   BC_ARG_PTR_TO_MAP_KEY
#define VAL   BC_ARG_PTR_TO_MAP_VALUE
#define UVAL  BC_ARG_PTR_TO_UNINIT_MAP_VALUE
#define RMEM  (BC_ARG_PTR_TO_MEM | BC_ARG_RDONLY)
#define WMEM  BC_ARG_PTR_TO_MEM
#define UMEM  BC_ARG_PTR_TO_UNINIT_MEM
#define SZ    BC_ARG_CONST_SIZE
#define SZ0   BC_ARG_CONST_SIZE_OR_ZERO
#define NUL   BC_ARG_OR_NULL
#define SKC   BC_ARG_PTR_TO_SOCK_COMMON
#define SK    BC_ARG_PTR_TO_SOCKET
#define BTF   BC_ARG_PTR_TO_BTF_ID
#define FUNC  BC_ARG_PTR_TO_FUNC
#define CBCTX BC_ARG_PTR_TO_STACK_OR_NULL
#define TIMER BC_ARG_PTR_TO_TIMER
#define CSTR  BC_ARG_PTR_TO_CONST_STR
#define DYN   BC_ARG_PTR_TO_DYNPTR

#define R_INT  BC_RET_INTEGER
#define R_VOID BC_RET_VOID

#define PKT BC_HF_PKT_ACCESS
#define CHG BC_HF_CHANGES_PKT
#define GPL BC_HF_GPL_ONLY
#define REL BC_HF_RELEASE
#define ACQ BC_HF_ACQUIRE
#define CB  BC_HF_CALLBACK
#define SLP BC_HF_SLEEPABLE

#define P(fn, r, fl, a1, a2, a3, a4, a5)                                       \
	[BPF_FUNC_##fn] = { .id = BPF_FUNC_##fn,                               \
			    .name = "bpf_" #fn,                                \
			    .ret = r,                                          \
			    .args = { a1, a2, a3, a4, a5 },                    \
			    .flags = fl,                                       \
			    .cb_arg = -1 }
#define PCB(fn, r, fl, a1, a2, a3, a4, a5, cb, c1, c2, c3, c4, c5)             \
	[BPF_FUNC_##fn] = {                                                    \
		.id = BPF_FUNC_##fn,                                           \
		.name = "bpf_" #fn,                                            \
		.ret = r,                                                      \
		.args = { a1, a2, a3, a4, a5 },                                \
		.flags = (fl) | CB,                                            \
		.cb_arg = cb,                                                  \
		.cb_args = { c1, c2, c3, c4, c5 },                             \
		.cb_ret_min = 0,                                               \
		.cb_ret_max =                                                  \
			BPF_FUNC_##fn == BPF_FUNC_timer_set_callback ? 0 : 1   \
	}

static const struct bc_helper_proto protos[] = {
	/* maps */
	P(map_lookup_elem, BC_RET_MAP_VALUE_OR_NULL, PKT, MAP, KEY, N, N, N),
	P(map_update_elem, R_INT, PKT, MAP, KEY, VAL, ANY, N),
	P(map_delete_elem, R_INT, PKT, MAP, KEY, N, N, N),
	P(map_push_elem, R_INT, PKT, MAP, VAL, ANY, N, N),
	P(map_pop_elem, R_INT, 0, MAP, UVAL, N, N, N),
	P(map_peek_elem, R_INT, 0, MAP, UVAL, N, N, N),
	P(map_lookup_percpu_elem, BC_RET_MAP_VALUE_OR_NULL, PKT, MAP, KEY, ANY,
	  N, N),
	P(get_local_storage, BC_RET_MAP_VALUE, 0, MAP, ANY, N, N, N),
	PCB(for_each_map_elem, R_INT, 0, MAP, FUNC, CBCTX, ANY, N, 1, MAP, KEY,
	    VAL, CBCTX, N),
	PCB(loop, R_INT, 0, ANY, FUNC, CBCTX, ANY, N, 1, BC_ARG_SCALAR, CBCTX,
	    N, N, N),
	/* tail call */
	[BPF_FUNC_tail_call] = { .id = BPF_FUNC_tail_call,
				 .name = "bpf_tail_call",
				 .ret = R_VOID,
				 .args = { CTX, MAP, ANY },
				 .flags = BC_HF_TAIL_CALL,
				 .cb_arg = -1 },
	/* misc base */
	P(get_prandom_u32, R_INT, 0, N, N, N, N, N),
	P(get_smp_processor_id, R_INT, 0, N, N, N, N, N),
	P(get_numa_node_id, R_INT, 0, N, N, N, N, N),
	P(ktime_get_ns, R_INT, 0, N, N, N, N, N),
	P(ktime_get_boot_ns, R_INT, 0, N, N, N, N, N),
	P(ktime_get_coarse_ns, R_INT, 0, N, N, N, N, N),
	P(ktime_get_tai_ns, R_INT, 0, N, N, N, N, N),
	P(jiffies64, R_INT, 0, N, N, N, N, N),
	P(trace_printk, R_INT, GPL, RMEM, SZ, N, N, N), /* varargs: unchecked */
	P(trace_vprintk, R_INT, GPL, RMEM, SZ, RMEM | NUL, SZ0, N),
	P(snprintf, R_INT, GPL, UMEM | NUL, SZ0, CSTR, RMEM | NUL, SZ0),
	P(strncmp, R_INT, 0, RMEM, SZ, CSTR, N, N),
	P(strtol, R_INT, 0, RMEM, SZ, ANY, BC_ARG_PTR_TO_LONG, N),
	P(strtoul, R_INT, 0, RMEM, SZ, ANY, BC_ARG_PTR_TO_LONG, N),
	P(spin_lock, R_VOID, 0, BC_ARG_PTR_TO_SPIN_LOCK, N, N, N, N),
	P(spin_unlock, R_VOID, 0, BC_ARG_PTR_TO_SPIN_LOCK, N, N, N, N),
	P(timer_init, R_INT, GPL, TIMER, MAP, ANY, N, N),
	PCB(timer_set_callback, R_INT, GPL, TIMER, FUNC, N, N, N, 1, MAP, KEY,
	    VAL, N, N),
	P(timer_start, R_INT, GPL, TIMER, ANY, ANY, N, N),
	P(timer_cancel, R_INT, GPL, TIMER, N, N, N, N),
	/* ring buffer */
	P(ringbuf_output, R_INT, 0, MAP, RMEM, SZ0, ANY, N),
	P(ringbuf_reserve, BC_RET_ALLOC_MEM_OR_NULL, ACQ, MAP,
	  BC_ARG_CONST_ALLOC_SIZE_OR_ZERO, ANY, N, N),
	P(ringbuf_submit, R_VOID, REL, BC_ARG_PTR_TO_ALLOC_MEM, ANY, N, N, N),
	P(ringbuf_discard, R_VOID, REL, BC_ARG_PTR_TO_ALLOC_MEM, ANY, N, N, N),
	P(ringbuf_query, R_INT, 0, MAP, ANY, N, N, N),
	/* tracing */
	P(probe_read, R_INT, GPL, UMEM, SZ0, ANY, N, N),
	P(probe_read_str, R_INT, GPL, UMEM, SZ0, ANY, N, N),
	P(probe_read_user, R_INT, GPL, UMEM, SZ0, ANY, N, N),
	P(probe_read_kernel, R_INT, GPL, UMEM, SZ0, ANY, N, N),
	P(probe_read_user_str, R_INT, GPL, UMEM, SZ0, ANY, N, N),
	P(probe_read_kernel_str, R_INT, GPL, UMEM, SZ0, ANY, N, N),
	P(probe_write_user, R_INT, GPL, ANY, RMEM, SZ, N, N),
	P(copy_from_user, R_INT, SLP, UMEM, SZ0, ANY, N, N),
	P(get_current_pid_tgid, R_INT, 0, N, N, N, N, N),
	P(get_current_uid_gid, R_INT, 0, N, N, N, N, N),
	P(get_current_comm, R_INT, 0, UMEM, SZ, N, N, N),
	P(get_current_task, R_INT, GPL, N, N, N, N, N),
	P(get_current_task_btf, BC_RET_BTF_ID, GPL, N, N, N, N, N),
	P(get_current_cgroup_id, R_INT, 0, N, N, N, N, N),
	P(get_current_ancestor_cgroup_id, R_INT, 0, ANY, N, N, N, N),
	P(current_task_under_cgroup, R_INT, 0, MAP, ANY, N, N, N),
	P(get_ns_current_pid_tgid, R_INT, 0, ANY, ANY, UMEM, SZ, N),
	P(perf_event_output, R_INT, GPL, CTX, MAP, ANY, RMEM, SZ0),
	P(perf_event_read, R_INT, GPL, MAP, ANY, N, N, N),
	P(perf_event_read_value, R_INT, GPL, MAP, ANY, UMEM, SZ, N),
	P(perf_prog_read_value, R_INT, GPL, CTX, UMEM, SZ, N, N),
	P(get_stackid, R_INT, GPL, CTX, MAP, ANY, N, N),
	P(get_stack, R_INT, GPL, CTX, UMEM, SZ0, ANY, N),
	P(get_task_stack, R_INT, 0, BTF, UMEM, SZ0, ANY, N),
	P(read_branch_records, R_INT, GPL, CTX, UMEM | NUL, SZ0, ANY, N),
	P(get_func_ip, R_INT, GPL, CTX, N, N, N, N),
	P(get_attach_cookie, R_INT, 0, CTX, N, N, N, N),
	P(send_signal, R_INT, 0, ANY, N, N, N, N),
	P(send_signal_thread, R_INT, 0, ANY, N, N, N, N),
	P(override_return, R_INT, GPL, CTX, ANY, N, N, N),
	P(d_path, R_INT, 0, BTF, UMEM, SZ0, N, N),
	P(seq_printf, R_INT, GPL, BTF, RMEM, SZ, RMEM | NUL, SZ0),
	P(seq_write, R_INT, GPL, BTF, RMEM, SZ0, N, N),
	P(skb_output, R_INT, GPL, BTF, MAP, ANY, RMEM, SZ0),
	P(xdp_output, R_INT, GPL, BTF, MAP, ANY, RMEM, SZ0),
	P(task_storage_get, BC_RET_MAP_VALUE_OR_NULL, 0, MAP, BTF, VAL | NUL,
	  ANY, N),
	P(task_storage_delete, R_INT, 0, MAP, BTF, N, N, N),
	P(task_pt_regs, BC_RET_BTF_ID, GPL, BTF, N, N, N, N),
	P(get_branch_snapshot, R_INT, GPL, UMEM, SZ0, ANY, N, N),
	P(copy_from_user_task, R_INT, GPL | SLP, UMEM, SZ0, ANY, BTF, ANY),
	P(snprintf_btf, R_INT, 0, UMEM, SZ, RMEM, SZ, ANY),
	P(dynptr_from_mem, R_INT, 0, UMEM, SZ0, ANY,
	  DYN | BC_ARG_DYNPTR(BC_DYNPTR_LOCAL) | BC_ARG_UNINIT, N),
	P(ringbuf_reserve_dynptr, R_INT, 0, MAP, ANY, ANY,
	  DYN | BC_ARG_DYNPTR(BC_DYNPTR_RINGBUF) | BC_ARG_UNINIT, N),
	P(ringbuf_submit_dynptr, R_VOID, REL,
	  DYN | BC_ARG_DYNPTR(BC_DYNPTR_RINGBUF), ANY, N, N, N),
	P(ringbuf_discard_dynptr, R_VOID, REL,
	  DYN | BC_ARG_DYNPTR(BC_DYNPTR_RINGBUF), ANY, N, N, N),
	P(dynptr_read, R_INT, 0, UMEM, SZ0, DYN | BC_ARG_RDONLY, ANY, ANY),
	P(dynptr_write, R_INT, 0, DYN | BC_ARG_RDONLY, ANY, RMEM, SZ0, ANY),
	P(dynptr_data, BC_RET_DYNPTR_MEM_OR_NULL, 0, DYN | BC_ARG_RDONLY, ANY,
	  BC_ARG_CONST_ALLOC_SIZE_OR_ZERO, N, N),
	PCB(user_ringbuf_drain, R_INT, 0, MAP, FUNC, CBCTX, ANY, N, 1,
	    BC_ARG_PTR_TO_DYNPTR, CBCTX, N, N, N),
	/* ids newer than the <linux/bpf.h> bpfcheck is built with */
	[__BPF_FUNC_MAX_ID] = { .id = __BPF_FUNC_MAX_ID,
				.name = "bpf_cgrp_storage_get",
				.ret = BC_RET_MAP_VALUE_OR_NULL,
				.args = { MAP, BTF, VAL | NUL, ANY },
				.cb_arg = -1 },
	[__BPF_FUNC_MAX_ID + 1] = { .id = __BPF_FUNC_MAX_ID + 1,
				    .name = "bpf_cgrp_storage_delete",
				    .ret = R_INT,
				    .args = { MAP, BTF },
				    .cb_arg = -1 },
	P(sock_from_file, BC_RET_BTF_ID_OR_NULL, 0, BTF, N, N, N, N),
	P(get_func_arg, R_INT, 0, CTX, ANY, BC_ARG_PTR_TO_LONG, N, N),
	P(get_func_ret, R_INT, 0, CTX, BC_ARG_PTR_TO_LONG, N, N, N),
	P(get_func_arg_cnt, R_INT, 0, CTX, N, N, N, N),
	P(seq_printf_btf, R_INT, GPL, BTF, RMEM, SZ, ANY, N),
	P(inode_storage_get, BC_RET_MAP_VALUE_OR_NULL, 0, MAP, BTF, VAL | NUL,
	  ANY, N),
	P(inode_storage_delete, R_INT, 0, MAP, BTF, N, N, N),
	P(bprm_opts_set, R_INT, 0, BTF, ANY, N, N, N),
	P(ima_inode_hash, R_INT, SLP, BTF, UMEM, SZ, N, N),
	P(ima_file_hash, R_INT, SLP, BTF, UMEM, SZ, N, N),
	PCB(find_vma, R_INT, 0, BTF, ANY, FUNC, CBCTX, ANY, 2, BTF, BTF, CBCTX,
	    N, N),
	/* skb data */
	P(skb_store_bytes, R_INT, CHG, CTX, ANY, RMEM, SZ, ANY),
	P(skb_load_bytes, R_INT, 0, CTX, ANY, UMEM, SZ, N),
	P(skb_load_bytes_relative, R_INT, 0, CTX, ANY, UMEM, SZ, ANY),
	P(skb_pull_data, R_INT, CHG, CTX, ANY, N, N, N),
	P(l3_csum_replace, R_INT, CHG, CTX, ANY, ANY, ANY, ANY),
	P(l4_csum_replace, R_INT, CHG, CTX, ANY, ANY, ANY, ANY),
	P(csum_diff, R_INT, PKT, RMEM | NUL, SZ0, RMEM | NUL, SZ0, ANY),
	P(csum_update, R_INT, 0, CTX, ANY, N, N, N),
	P(csum_level, R_INT, 0, CTX, ANY, N, N, N),
	P(clone_redirect, R_INT, CHG, CTX, ANY, ANY, N, N),
	P(skb_vlan_push, R_INT, CHG, CTX, ANY, ANY, N, N),
	P(skb_vlan_pop, R_INT, CHG, CTX, N, N, N, N),
	P(skb_change_proto, R_INT, CHG, CTX, ANY, ANY, N, N),
	P(skb_change_type, R_INT, 0, CTX, ANY, N, N, N),
	P(skb_change_tail, R_INT, CHG, CTX, ANY, ANY, N, N),
	P(skb_change_head, R_INT, CHG, CTX, ANY, ANY, N, N),
	P(skb_adjust_room, R_INT, CHG, CTX, ANY, ANY, ANY, N),
	P(skb_get_tunnel_key, R_INT, 0, CTX, UMEM, SZ, ANY, N),
	P(skb_set_tunnel_key, R_INT, 0, CTX, RMEM, SZ, ANY, N),
	P(skb_get_tunnel_opt, R_INT, 0, CTX, UMEM, SZ, N, N),
	P(skb_set_tunnel_opt, R_INT, 0, CTX, RMEM, SZ, N, N),
	P(skb_under_cgroup, R_INT, 0, CTX, MAP, ANY, N, N),
	P(skb_cgroup_id, R_INT, 0, CTX, N, N, N, N),
	P(skb_ancestor_cgroup_id, R_INT, 0, CTX, ANY, N, N, N),
	P(skb_cgroup_classid, R_INT, 0, CTX, N, N, N, N),
	P(skb_ecn_set_ce, R_INT, 0, CTX, N, N, N, N),
	P(skb_get_xfrm_state, R_INT, 0, CTX, ANY, UMEM, SZ, ANY),
	P(skb_set_tstamp, R_INT, 0, CTX, ANY, ANY, N, N),
	P(get_cgroup_classid, R_INT, 0, CTX, N, N, N, N),
	P(get_route_realm, R_INT, 0, CTX, N, N, N, N),
	P(get_hash_recalc, R_INT, 0, CTX, N, N, N, N),
	P(set_hash_invalid, R_INT, 0, CTX, N, N, N, N),
	P(set_hash, R_INT, 0, CTX, ANY, N, N, N),
	P(get_socket_cookie, R_INT, 0, CTX, N, N, N, N),
	P(get_socket_uid, R_INT, 0, CTX, N, N, N, N),
	P(get_netns_cookie, R_INT, 0, CTX | NUL, N, N, N, N),
	P(redirect, R_INT, 0, ANY, ANY, N, N, N),
	P(redirect_map, R_INT, 0, MAP, ANY, ANY, N, N),
	P(redirect_neigh, R_INT, 0, ANY, RMEM | NUL, SZ0, ANY, N),
	P(redirect_peer, R_INT, 0, ANY, ANY, N, N, N),
	P(fib_lookup, R_INT, GPL, CTX, WMEM, SZ, ANY, N),
	P(check_mtu, R_INT, GPL, CTX, ANY, BC_ARG_PTR_TO_INT, ANY, ANY),
	/* xdp */
	P(xdp_adjust_head, R_INT, CHG, CTX, ANY, N, N, N),
	P(xdp_adjust_tail, R_INT, CHG, CTX, ANY, N, N, N),
	P(xdp_adjust_meta, R_INT, CHG, CTX, ANY, N, N, N),
	P(xdp_get_buff_len, R_INT, 0, CTX, N, N, N, N),
	P(xdp_load_bytes, R_INT, 0, CTX, ANY, UMEM, SZ, N),
	P(xdp_store_bytes, R_INT, 0, CTX, ANY, RMEM, SZ, N),
	/* lwt */
	P(lwt_push_encap, R_INT, CHG, CTX, ANY, RMEM, SZ, N),
	P(lwt_seg6_store_bytes, R_INT, CHG, CTX, ANY, RMEM, SZ, N),
	P(lwt_seg6_adjust_srh, R_INT, CHG, CTX, ANY, ANY, N, N),
	P(lwt_seg6_action, R_INT, CHG, CTX, ANY, RMEM, SZ0, N),
	/* sockets */
	P(sk_lookup_tcp, BC_RET_SOCKET_OR_NULL, PKT | ACQ, CTX, RMEM, SZ, ANY,
	  ANY),
	P(sk_lookup_udp, BC_RET_SOCKET_OR_NULL, PKT | ACQ, CTX, RMEM, SZ, ANY,
	  ANY),
	P(skc_lookup_tcp, BC_RET_SOCK_COMMON_OR_NULL, PKT | ACQ, CTX, RMEM, SZ,
	  ANY, ANY),
	P(sk_release, R_INT, REL, SKC, N, N, N, N),
	P(sk_fullsock, BC_RET_SOCKET_OR_NULL, 0, SKC, N, N, N, N),
	P(tcp_sock, BC_RET_TCP_SOCK_OR_NULL, 0, SKC, N, N, N, N),
	P(get_listener_sock, BC_RET_TCP_SOCK_OR_NULL, 0, SKC, N, N, N, N),
	P(sk_assign, R_INT, 0, CTX, SKC, ANY, N, N),
	P(tcp_check_syncookie, R_INT, PKT | GPL, SKC, RMEM, SZ, RMEM, SZ),
	P(tcp_gen_syncookie, R_INT, PKT | GPL, SKC, RMEM, SZ, RMEM, SZ),
	P(tcp_send_ack, R_INT, 0, BTF, ANY, N, N, N), /* tcp_congestion_ops */
	P(sk_cgroup_id, R_INT, 0, SKC, N, N, N, N),
	P(sk_ancestor_cgroup_id, R_INT, 0, SKC, ANY, N, N, N),
	P(sk_storage_get, BC_RET_MAP_VALUE_OR_NULL, 0, MAP, SKC, VAL | NUL, ANY,
	  N),
	P(sk_storage_delete, R_INT, 0, MAP, SKC, N, N, N),
	P(skc_to_tcp6_sock, BC_RET_BTF_ID_OR_NULL, 0, SKC, N, N, N, N),
	P(skc_to_tcp_sock, BC_RET_BTF_ID_OR_NULL, 0, SKC, N, N, N, N),
	P(skc_to_tcp_timewait_sock, BC_RET_BTF_ID_OR_NULL, 0, SKC, N, N, N, N),
	P(skc_to_tcp_request_sock, BC_RET_BTF_ID_OR_NULL, 0, SKC, N, N, N, N),
	P(skc_to_udp6_sock, BC_RET_BTF_ID_OR_NULL, 0, SKC, N, N, N, N),
	P(skc_to_unix_sock, BC_RET_BTF_ID_OR_NULL, 0, SKC, N, N, N, N),
	P(skc_to_mptcp_sock, BC_RET_BTF_ID_OR_NULL, 0, SKC, N, N, N, N),
	P(sk_select_reuseport, R_INT, 0, CTX, MAP, KEY, ANY, N),
	/* sockmap / sk_msg / sk_skb */
	P(sock_map_update, R_INT, 0, CTX, MAP, KEY, ANY, N),
	P(sock_hash_update, R_INT, 0, CTX, MAP, KEY, ANY, N),
	P(sk_redirect_map, R_INT, 0, CTX, MAP, ANY, ANY, N),
	P(sk_redirect_hash, R_INT, 0, CTX, MAP, KEY, ANY, N),
	P(msg_redirect_map, R_INT, 0, CTX, MAP, ANY, ANY, N),
	P(msg_redirect_hash, R_INT, 0, CTX, MAP, KEY, ANY, N),
	P(msg_apply_bytes, R_INT, 0, CTX, ANY, N, N, N),
	P(msg_cork_bytes, R_INT, 0, CTX, ANY, N, N, N),
	P(msg_pull_data, R_INT, CHG, CTX, ANY, ANY, ANY, N),
	P(msg_push_data, R_INT, CHG, CTX, ANY, ANY, ANY, N),
	P(msg_pop_data, R_INT, CHG, CTX, ANY, ANY, ANY, N),
	/* sock_ops / sock_addr / sockopt */
	P(setsockopt, R_INT, 0, CTX, ANY, ANY, RMEM, SZ),
	P(getsockopt, R_INT, 0, CTX, ANY, ANY, UMEM, SZ),
	P(sock_ops_cb_flags_set, R_INT, 0, CTX, ANY, N, N, N),
	P(load_hdr_opt, R_INT, 0, CTX, WMEM, SZ, ANY, N),
	P(store_hdr_opt, R_INT, 0, CTX, RMEM, SZ, ANY, N),
	P(reserve_hdr_opt, R_INT, 0, CTX, ANY, ANY, N, N),
	P(bind, R_INT, 0, CTX, RMEM, SZ, N, N),
	P(get_retval, R_INT, 0, N, N, N, N, N),
	P(set_retval, R_INT, 0, ANY, N, N, N, N),
	/* sysctl */
	P(sysctl_get_name, R_INT, 0, CTX, UMEM, SZ, ANY, N),
	P(sysctl_get_current_value, R_INT, 0, CTX, UMEM, SZ, N, N),
	P(sysctl_get_new_value, R_INT, 0, CTX, UMEM, SZ, N, N),
	P(sysctl_set_new_value, R_INT, 0, CTX, RMEM, SZ, N, N),
};

const struct bc_helper_proto *bc_helper_proto(int32_t id)
{
	if (id <= 0 || (size_t)id >= BC_ARRAY_SIZE(protos))
		return NULL;
	if (!protos[id].name)
		return NULL;
	return &protos[id];
}

/* Per-program-type variants of a prototype. */
static const struct bc_helper_proto classid_curr = {
	.id = BPF_FUNC_get_cgroup_classid,
	.name = "bpf_get_cgroup_classid",
	.ret = BC_RET_INTEGER,
	.cb_arg = -1,
};
static const struct bc_helper_proto sk_storage_get_cg_sock = {
	.id = BPF_FUNC_sk_storage_get,
	.name = "bpf_sk_storage_get",
	.ret = BC_RET_MAP_VALUE_OR_NULL,
	.args = { MAP, CTX, VAL | NUL, ANY },
	.cb_arg = -1,
};

/* In BTF-attached tracing programs, sockets are BTF pointers. */
static const struct bc_helper_proto socket_ptr_cookie = {
	.id = BPF_FUNC_get_socket_cookie,
	.name = "bpf_get_socket_cookie",
	.ret = BC_RET_INTEGER,
	.args = { SKC | NUL },
	.cb_arg = -1,
};
static const struct bc_helper_proto sk_storage_get_btf = {
	.id = BPF_FUNC_sk_storage_get,
	.name = "bpf_sk_storage_get",
	.ret = BC_RET_MAP_VALUE_OR_NULL,
	.args = { MAP, SKC | NUL, VAL | NUL, ANY },
	.cb_arg = -1,
};
static const struct bc_helper_proto sk_storage_delete_btf = {
	.id = BPF_FUNC_sk_storage_delete,
	.name = "bpf_sk_storage_delete",
	.ret = BC_RET_INTEGER,
	.args = { MAP, SKC | NUL },
	.cb_arg = -1,
};

static const struct bc_helper_proto sk_assign_sk_lookup = {
	.id = BPF_FUNC_sk_assign,
	.name = "bpf_sk_assign",
	.ret = BC_RET_INTEGER,
	.args = { CTX, SK | NUL, ANY },
	.cb_arg = -1,
};

/* bpf_get_cgroup_classid outside __sk_buff programs: the current task's. */
static const struct bc_helper_proto *base_func_proto(int32_t id)
{
	if (id == BPF_FUNC_get_cgroup_classid)
		return &classid_curr;
	return bc_helper_proto(id);
}

const struct bc_helper_proto *bc_skb_func_proto(int32_t id)
{
	return bc_helper_proto(id);
}

const struct bc_helper_proto *bc_sk_lookup_func_proto(int32_t id)
{
	if (id == BPF_FUNC_sk_assign)
		return &sk_assign_sk_lookup;
	return base_func_proto(id);
}

const struct bc_helper_proto *bc_cg_sock_func_proto(int32_t id)
{
	if (id == BPF_FUNC_sk_storage_get)
		return &sk_storage_get_cg_sock;
	return base_func_proto(id);
}

const struct bc_helper_proto *bc_tracing_func_proto(int32_t id)
{
	switch (id) {
	case BPF_FUNC_get_socket_cookie: return &socket_ptr_cookie;
	case BPF_FUNC_sk_storage_get: return &sk_storage_get_btf;
	case BPF_FUNC_sk_storage_delete: return &sk_storage_delete_btf;
	}
	return base_func_proto(id);
}

const struct bc_helper_proto *
bc_helper_proto_for(int32_t id, uint32_t prog_type, uint32_t attach_type)
{
	const struct bc_prog_type_ops *ops = bc_prog_type_ops(prog_type);

	(void)attach_type;
	return ops->func_proto ? ops->func_proto(id) : base_func_proto(id);
}

/*
 * Helper sets. Each returns whether the type's get_func_proto callback
 * gives a prototype for id; `priv` stands for CAP_BPF + CAP_PERFMON.
 */
static bool base_set(int32_t id, const struct bc_func_req *c)
{
	switch (id) {
	case BPF_FUNC_map_lookup_elem:
	case BPF_FUNC_map_update_elem:
	case BPF_FUNC_map_delete_elem:
	case BPF_FUNC_map_push_elem:
	case BPF_FUNC_map_pop_elem:
	case BPF_FUNC_map_peek_elem:
	case BPF_FUNC_map_lookup_percpu_elem:
	case BPF_FUNC_get_prandom_u32:
	case BPF_FUNC_get_smp_processor_id:
	case BPF_FUNC_get_numa_node_id:
	case BPF_FUNC_tail_call:
	case BPF_FUNC_ktime_get_ns:
	case BPF_FUNC_ktime_get_boot_ns:
	case BPF_FUNC_ktime_get_tai_ns:
	case BPF_FUNC_ringbuf_output:
	case BPF_FUNC_ringbuf_reserve:
	case BPF_FUNC_ringbuf_submit:
	case BPF_FUNC_ringbuf_discard:
	case BPF_FUNC_ringbuf_query:
	case BPF_FUNC_for_each_map_elem:
	case BPF_FUNC_loop:
	case BPF_FUNC_strncmp: return true;
	}
	if (!c->priv)
		return false;
	switch (id) {
	/* CAP_BPF */
	case BPF_FUNC_spin_lock:
	case BPF_FUNC_spin_unlock:
	case BPF_FUNC_jiffies64:
	case BPF_FUNC_per_cpu_ptr:
	case BPF_FUNC_this_cpu_ptr:
	case BPF_FUNC_timer_init:
	case BPF_FUNC_timer_set_callback:
	case BPF_FUNC_timer_start:
	case BPF_FUNC_timer_cancel:
	case BPF_FUNC_kptr_xchg:
	case BPF_FUNC_dynptr_from_mem:
	case BPF_FUNC_dynptr_read:
	case BPF_FUNC_dynptr_write:
	case BPF_FUNC_dynptr_data:
	case BPF_FUNC_ringbuf_reserve_dynptr:
	case BPF_FUNC_ringbuf_submit_dynptr:
	case BPF_FUNC_ringbuf_discard_dynptr:
	case BPF_FUNC_user_ringbuf_drain:
	case BPF_FUNC_strtol:
	case BPF_FUNC_strtoul:
	case __BPF_FUNC_MAX_ID: /* cgrp_storage_get (6.2) */
	case __BPF_FUNC_MAX_ID + 1: /* cgrp_storage_delete */
	/* CAP_PERFMON; since 6.15 this includes most tracing helpers */
	case BPF_FUNC_trace_printk:
	case BPF_FUNC_get_current_task:
	case BPF_FUNC_get_current_task_btf:
	case BPF_FUNC_probe_read_user:
	case BPF_FUNC_probe_read_kernel:
	case BPF_FUNC_probe_read_user_str:
	case BPF_FUNC_probe_read_kernel_str:
	case BPF_FUNC_snprintf_btf:
	case BPF_FUNC_snprintf:
	case BPF_FUNC_task_pt_regs:
	case BPF_FUNC_trace_vprintk:
	case BPF_FUNC_get_current_pid_tgid:
	case BPF_FUNC_get_current_uid_gid:
	case BPF_FUNC_get_current_comm:
	case BPF_FUNC_get_cgroup_classid:
	case BPF_FUNC_perf_event_read:
	case BPF_FUNC_current_task_under_cgroup:
	case BPF_FUNC_perf_event_read_value:
	case BPF_FUNC_get_current_cgroup_id:
	case BPF_FUNC_send_signal:
	case BPF_FUNC_send_signal_thread:
	case BPF_FUNC_get_ns_current_pid_tgid:
	case BPF_FUNC_get_current_ancestor_cgroup_id:
	case BPF_FUNC_get_task_stack:
	case BPF_FUNC_copy_from_user:
	case BPF_FUNC_task_storage_get:
	case BPF_FUNC_task_storage_delete:
	case BPF_FUNC_get_branch_snapshot:
	case BPF_FUNC_find_vma:
	case BPF_FUNC_copy_from_user_task: return true;
	}
	return false;
}

/* bpf_sk_base_func_proto: socket casts (CAP_PERFMON) and coarse ktime. */
static bool sk_base_set(int32_t id, const struct bc_func_req *c)
{
	switch (id) {
	case BPF_FUNC_skc_to_tcp6_sock:
	case BPF_FUNC_skc_to_tcp_sock:
	case BPF_FUNC_skc_to_tcp_timewait_sock:
	case BPF_FUNC_skc_to_tcp_request_sock:
	case BPF_FUNC_skc_to_udp6_sock:
	case BPF_FUNC_skc_to_unix_sock:
	case BPF_FUNC_skc_to_mptcp_sock: return c->priv;
	case BPF_FUNC_ktime_get_coarse_ns: return true;
	}
	return base_set(id, c);
}

/* Helpers every cgroup program type gets (cgroup_common/current). */
static bool cgroup_set(int32_t id, const struct bc_func_req *c)
{
	switch (id) {
	case BPF_FUNC_get_local_storage:
	case BPF_FUNC_get_current_uid_gid:
	case BPF_FUNC_get_current_pid_tgid:
	case BPF_FUNC_get_current_comm:
	case BPF_FUNC_get_current_cgroup_id:
	case BPF_FUNC_get_current_ancestor_cgroup_id: return true;
	case BPF_FUNC_get_retval:
	case BPF_FUNC_set_retval:
		/* not where the return value has another meaning; note that
		 * attach type 0 is BPF_CGROUP_INET_INGRESS */
		return c->attach != BPF_CGROUP_INET_INGRESS &&
		       c->attach != BPF_CGROUP_INET_EGRESS &&
		       c->attach != BPF_CGROUP_SOCK_OPS &&
		       !bc_sock_addr_must_allow(c->attach);
	}
	return false;
}

static bool tracing_set(int32_t id, const struct bc_func_req *c)
{
	switch (id) {
	case BPF_FUNC_get_current_pid_tgid:
	case BPF_FUNC_get_current_uid_gid:
	case BPF_FUNC_get_current_comm:
	case BPF_FUNC_get_current_task:
	case BPF_FUNC_get_current_task_btf:
	case BPF_FUNC_task_pt_regs:
	case BPF_FUNC_trace_printk:
	case BPF_FUNC_perf_event_read:
	case BPF_FUNC_probe_write_user:
	case BPF_FUNC_current_task_under_cgroup:
	case BPF_FUNC_get_current_cgroup_id:
	case BPF_FUNC_get_current_ancestor_cgroup_id:
	case BPF_FUNC_probe_read_user:
	case BPF_FUNC_probe_read_kernel:
	case BPF_FUNC_probe_read_user_str:
	case BPF_FUNC_probe_read_kernel_str:
	case BPF_FUNC_probe_read:
	case BPF_FUNC_probe_read_str:
	case BPF_FUNC_send_signal:
	case BPF_FUNC_send_signal_thread:
	case BPF_FUNC_perf_event_read_value:
	case BPF_FUNC_get_ns_current_pid_tgid:
	case BPF_FUNC_get_task_stack:
	case BPF_FUNC_copy_from_user:
	case BPF_FUNC_copy_from_user_task:
	case BPF_FUNC_snprintf_btf:
	case BPF_FUNC_per_cpu_ptr:
	case BPF_FUNC_this_cpu_ptr:
	case BPF_FUNC_task_storage_get:
	case BPF_FUNC_task_storage_delete:
	case BPF_FUNC_get_func_ip:
	case BPF_FUNC_get_branch_snapshot:
	case BPF_FUNC_find_vma:
	case BPF_FUNC_trace_vprintk:
	case BPF_FUNC_jiffies64: return true;
	}
	return base_set(id, c);
}

bool bc_kprobe_prog_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	switch (id) {
	case BPF_FUNC_perf_event_output:
	case BPF_FUNC_get_stackid:
	case BPF_FUNC_get_stack:
	case BPF_FUNC_override_return:
	case BPF_FUNC_get_func_ip:
	case BPF_FUNC_get_attach_cookie: return true;
	}
	return tracing_set(id, c);
}

bool bc_tp_prog_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	switch (id) {
	case BPF_FUNC_perf_event_output:
	case BPF_FUNC_get_stackid:
	case BPF_FUNC_get_stack:
	case BPF_FUNC_get_attach_cookie: return true;
	}
	return tracing_set(id, c);
}

bool bc_raw_tp_prog_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	switch (id) {
	case BPF_FUNC_perf_event_output:
	case BPF_FUNC_get_stackid:
	case BPF_FUNC_get_stack:
	case BPF_FUNC_get_attach_cookie: return true;
	}
	return tracing_set(id, c);
}

bool bc_pe_prog_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	switch (id) {
	case BPF_FUNC_perf_event_output:
	case BPF_FUNC_get_stackid:
	case BPF_FUNC_get_stack:
	case BPF_FUNC_perf_prog_read_value:
	case BPF_FUNC_read_branch_records:
	case BPF_FUNC_get_attach_cookie: return true;
	}
	return tracing_set(id, c);
}

/*
 * What tracing_prog_func_proto offers every BTF-attached type: fentry,
 * fexit, fmod_ret, tp_btf, iterators, LSM, struct_ops and freplace.
 * trampoline: bpf_prog_has_trampoline, for the function's arguments.
 */
static bool btf_prog_set(int32_t id, const struct bc_func_req *c,
			 bool trampoline)
{
	switch (id) {
	case BPF_FUNC_skb_output:
	case BPF_FUNC_xdp_output:
	case BPF_FUNC_skc_to_tcp6_sock:
	case BPF_FUNC_skc_to_tcp_sock:
	case BPF_FUNC_skc_to_tcp_timewait_sock:
	case BPF_FUNC_skc_to_tcp_request_sock:
	case BPF_FUNC_skc_to_udp6_sock:
	case BPF_FUNC_skc_to_unix_sock:
	case BPF_FUNC_skc_to_mptcp_sock:
	case BPF_FUNC_sk_storage_get:
	case BPF_FUNC_sk_storage_delete:
	case BPF_FUNC_sock_from_file:
	case BPF_FUNC_get_socket_cookie:
	case BPF_FUNC_d_path:
	case BPF_FUNC_xdp_get_buff_len: return true;
	case BPF_FUNC_get_func_arg:
	case BPF_FUNC_get_func_arg_cnt:
	case BPF_FUNC_get_attach_cookie: return trampoline;
	case BPF_FUNC_get_func_ret:
	case BPF_FUNC_seq_printf:
	case BPF_FUNC_seq_write:
	case BPF_FUNC_seq_printf_btf: return false;
	}
	return bc_raw_tp_prog_has_func_proto(id, c);
}

/* tracing_prog_func_proto for BPF_PROG_TYPE_TRACING, by attach type */
bool bc_tracing_prog_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	uint32_t at = c->attach;
	bool trampoline = at == BPF_TRACE_FENTRY || at == BPF_TRACE_FEXIT ||
			  at == BPF_MODIFY_RETURN;

	switch (id) {
	case BPF_FUNC_get_func_ret:
		return at == BPF_TRACE_FEXIT || at == BPF_MODIFY_RETURN;
	case BPF_FUNC_get_attach_cookie:
		return trampoline || at == BPF_TRACE_RAW_TP;
	case BPF_FUNC_seq_printf:
	case BPF_FUNC_seq_write:
	case BPF_FUNC_seq_printf_btf: return at == BPF_TRACE_ITER;
	}
	return btf_prog_set(id, c, trampoline);
}

bool bc_lsm_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	switch (id) {
	case BPF_FUNC_inode_storage_get:
	case BPF_FUNC_inode_storage_delete:
	case BPF_FUNC_sk_storage_get:
	case BPF_FUNC_sk_storage_delete:
	case BPF_FUNC_spin_lock:
	case BPF_FUNC_spin_unlock:
	case BPF_FUNC_bprm_opts_set:
	case BPF_FUNC_ima_inode_hash:
	case BPF_FUNC_ima_file_hash: return true;
	}
	return btf_prog_set(id, c, c->attach == BPF_LSM_MAC);
}

bool bc_sk_filter_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	switch (id) {
	case BPF_FUNC_skb_load_bytes:
	case BPF_FUNC_skb_load_bytes_relative:
	case BPF_FUNC_get_socket_cookie:
	case BPF_FUNC_get_socket_uid:
	case BPF_FUNC_get_netns_cookie:
	case BPF_FUNC_perf_event_output: return true;
	}
	return sk_base_set(id, c);
}

bool bc_tc_cls_act_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	switch (id) {
	case BPF_FUNC_skb_store_bytes:
	case BPF_FUNC_skb_load_bytes:
	case BPF_FUNC_skb_load_bytes_relative:
	case BPF_FUNC_skb_pull_data:
	case BPF_FUNC_csum_diff:
	case BPF_FUNC_csum_update:
	case BPF_FUNC_csum_level:
	case BPF_FUNC_l3_csum_replace:
	case BPF_FUNC_l4_csum_replace:
	case BPF_FUNC_clone_redirect:
	case BPF_FUNC_get_cgroup_classid:
	case BPF_FUNC_skb_vlan_push:
	case BPF_FUNC_skb_vlan_pop:
	case BPF_FUNC_skb_change_proto:
	case BPF_FUNC_skb_change_type:
	case BPF_FUNC_skb_adjust_room:
	case BPF_FUNC_skb_change_tail:
	case BPF_FUNC_skb_change_head:
	case BPF_FUNC_skb_get_tunnel_key:
	case BPF_FUNC_skb_set_tunnel_key:
	case BPF_FUNC_skb_get_tunnel_opt:
	case BPF_FUNC_skb_set_tunnel_opt:
	case BPF_FUNC_redirect:
	case BPF_FUNC_redirect_neigh:
	case BPF_FUNC_redirect_peer:
	case BPF_FUNC_get_route_realm:
	case BPF_FUNC_get_hash_recalc:
	case BPF_FUNC_set_hash_invalid:
	case BPF_FUNC_set_hash:
	case BPF_FUNC_perf_event_output:
	case BPF_FUNC_skb_under_cgroup:
	case BPF_FUNC_get_socket_cookie:
	case BPF_FUNC_get_socket_uid:
	case BPF_FUNC_get_netns_cookie:
	case BPF_FUNC_fib_lookup:
	case BPF_FUNC_check_mtu:
	case BPF_FUNC_sk_fullsock:
	case BPF_FUNC_sk_storage_get:
	case BPF_FUNC_sk_storage_delete:
	case BPF_FUNC_skb_get_xfrm_state:
	case BPF_FUNC_skb_cgroup_classid:
	case BPF_FUNC_skb_cgroup_id:
	case BPF_FUNC_skb_ancestor_cgroup_id:
	case BPF_FUNC_sk_lookup_tcp:
	case BPF_FUNC_sk_lookup_udp:
	case BPF_FUNC_sk_release:
	case BPF_FUNC_tcp_sock:
	case BPF_FUNC_get_listener_sock:
	case BPF_FUNC_skc_lookup_tcp:
	case BPF_FUNC_tcp_check_syncookie:
	case BPF_FUNC_skb_ecn_set_ce:
	case BPF_FUNC_tcp_gen_syncookie:
	case BPF_FUNC_sk_assign:
	case BPF_FUNC_skb_set_tstamp:
	case BPF_FUNC_tcp_raw_gen_syncookie_ipv4:
	case BPF_FUNC_tcp_raw_gen_syncookie_ipv6:
	case BPF_FUNC_tcp_raw_check_syncookie_ipv4:
	case BPF_FUNC_tcp_raw_check_syncookie_ipv6: return true;
	}
	return sk_base_set(id, c);
}

bool bc_xdp_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	switch (id) {
	case BPF_FUNC_perf_event_output:
	case BPF_FUNC_get_smp_processor_id:
	case BPF_FUNC_csum_diff:
	case BPF_FUNC_xdp_adjust_head:
	case BPF_FUNC_xdp_adjust_meta:
	case BPF_FUNC_redirect:
	case BPF_FUNC_redirect_map:
	case BPF_FUNC_xdp_adjust_tail:
	case BPF_FUNC_xdp_get_buff_len:
	case BPF_FUNC_xdp_load_bytes:
	case BPF_FUNC_xdp_store_bytes:
	case BPF_FUNC_fib_lookup:
	case BPF_FUNC_check_mtu:
	case BPF_FUNC_sk_lookup_udp:
	case BPF_FUNC_sk_lookup_tcp:
	case BPF_FUNC_sk_release:
	case BPF_FUNC_skc_lookup_tcp:
	case BPF_FUNC_tcp_check_syncookie:
	case BPF_FUNC_tcp_gen_syncookie:
	case BPF_FUNC_tcp_raw_gen_syncookie_ipv4:
	case BPF_FUNC_tcp_raw_gen_syncookie_ipv6:
	case BPF_FUNC_tcp_raw_check_syncookie_ipv4:
	case BPF_FUNC_tcp_raw_check_syncookie_ipv6: return true;
	}
	return sk_base_set(id, c);
}

bool bc_cg_skb_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	if (cgroup_set(id, c))
		return true;
	switch (id) {
	case BPF_FUNC_sk_fullsock:
	case BPF_FUNC_sk_storage_get:
	case BPF_FUNC_sk_storage_delete:
	case BPF_FUNC_perf_event_output:
	case BPF_FUNC_skb_cgroup_id:
	case BPF_FUNC_skb_ancestor_cgroup_id:
	case BPF_FUNC_sk_cgroup_id:
	case BPF_FUNC_sk_ancestor_cgroup_id:
	case BPF_FUNC_tcp_sock:
	case BPF_FUNC_get_listener_sock:
	case BPF_FUNC_skb_ecn_set_ce:
	case BPF_FUNC_sk_lookup_tcp:
	case BPF_FUNC_sk_lookup_udp:
	case BPF_FUNC_sk_release:
	case BPF_FUNC_skc_lookup_tcp: return true;
	}
	return bc_sk_filter_has_func_proto(id, c);
}

bool bc_cg_sock_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	if (cgroup_set(id, c))
		return true;
	switch (id) {
	case BPF_FUNC_get_socket_cookie:
	case BPF_FUNC_get_netns_cookie:
	case BPF_FUNC_perf_event_output:
	case BPF_FUNC_sk_storage_get:
	case BPF_FUNC_ktime_get_coarse_ns: return true;
	}
	return base_set(id, c);
}

bool bc_sock_addr_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	if (cgroup_set(id, c))
		return true;
	switch (id) {
	case BPF_FUNC_bind:
		return c->attach == BPF_CGROUP_INET4_CONNECT ||
		       c->attach == BPF_CGROUP_INET6_CONNECT;
	case BPF_FUNC_get_netns_cookie:
	case BPF_FUNC_get_socket_cookie:
	case BPF_FUNC_perf_event_output:
	case BPF_FUNC_sk_lookup_tcp:
	case BPF_FUNC_sk_lookup_udp:
	case BPF_FUNC_sk_release:
	case BPF_FUNC_skc_lookup_tcp:
	case BPF_FUNC_sk_storage_get:
	case BPF_FUNC_sk_storage_delete:
	case BPF_FUNC_setsockopt:
	case BPF_FUNC_getsockopt: return true;
	}
	return sk_base_set(id, c);
}

bool bc_sock_ops_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	if (cgroup_set(id, c))
		return true;
	switch (id) {
	case BPF_FUNC_setsockopt:
	case BPF_FUNC_getsockopt:
	case BPF_FUNC_sock_ops_cb_flags_set:
	case BPF_FUNC_sock_map_update:
	case BPF_FUNC_sock_hash_update:
	case BPF_FUNC_get_socket_cookie:
	case BPF_FUNC_perf_event_output:
	case BPF_FUNC_sk_storage_get:
	case BPF_FUNC_sk_storage_delete:
	case BPF_FUNC_get_netns_cookie:
	case BPF_FUNC_load_hdr_opt:
	case BPF_FUNC_store_hdr_opt:
	case BPF_FUNC_reserve_hdr_opt:
	case BPF_FUNC_tcp_sock: return true;
	}
	return sk_base_set(id, c);
}

bool bc_sk_skb_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	switch (id) {
	case BPF_FUNC_skb_store_bytes:
	case BPF_FUNC_skb_load_bytes:
	case BPF_FUNC_skb_pull_data:
	case BPF_FUNC_skb_change_tail:
	case BPF_FUNC_skb_change_head:
	case BPF_FUNC_skb_adjust_room:
	case BPF_FUNC_get_socket_cookie:
	case BPF_FUNC_get_socket_uid:
	case BPF_FUNC_sk_redirect_map:
	case BPF_FUNC_sk_redirect_hash:
	case BPF_FUNC_perf_event_output:
	case BPF_FUNC_sk_lookup_tcp:
	case BPF_FUNC_sk_lookup_udp:
	case BPF_FUNC_sk_release:
	case BPF_FUNC_skc_lookup_tcp: return true;
	}
	return sk_base_set(id, c);
}

bool bc_sk_msg_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	switch (id) {
	case BPF_FUNC_msg_redirect_map:
	case BPF_FUNC_msg_redirect_hash:
	case BPF_FUNC_msg_apply_bytes:
	case BPF_FUNC_msg_cork_bytes:
	case BPF_FUNC_msg_pull_data:
	case BPF_FUNC_msg_push_data:
	case BPF_FUNC_msg_pop_data:
	case BPF_FUNC_perf_event_output:
	case BPF_FUNC_get_current_uid_gid:
	case BPF_FUNC_get_current_pid_tgid:
	case BPF_FUNC_sk_storage_get:
	case BPF_FUNC_sk_storage_delete:
	case BPF_FUNC_get_netns_cookie:
	case BPF_FUNC_get_current_cgroup_id:
	case BPF_FUNC_get_current_ancestor_cgroup_id: return true;
	}
	return sk_base_set(id, c);
}

bool bc_lwt_out_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	switch (id) {
	case BPF_FUNC_skb_load_bytes:
	case BPF_FUNC_skb_pull_data:
	case BPF_FUNC_csum_diff:
	case BPF_FUNC_get_cgroup_classid:
	case BPF_FUNC_get_route_realm:
	case BPF_FUNC_get_hash_recalc:
	case BPF_FUNC_perf_event_output:
	case BPF_FUNC_get_smp_processor_id:
	case BPF_FUNC_skb_under_cgroup: return true;
	}
	return sk_base_set(id, c);
}

bool bc_lwt_in_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	if (id == BPF_FUNC_lwt_push_encap)
		return true;
	return bc_lwt_out_has_func_proto(id, c);
}

bool bc_lwt_xmit_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	switch (id) {
	case BPF_FUNC_skb_get_tunnel_key:
	case BPF_FUNC_skb_set_tunnel_key:
	case BPF_FUNC_skb_get_tunnel_opt:
	case BPF_FUNC_skb_set_tunnel_opt:
	case BPF_FUNC_redirect:
	case BPF_FUNC_clone_redirect:
	case BPF_FUNC_skb_change_tail:
	case BPF_FUNC_skb_change_head:
	case BPF_FUNC_skb_store_bytes:
	case BPF_FUNC_csum_update:
	case BPF_FUNC_csum_level:
	case BPF_FUNC_l3_csum_replace:
	case BPF_FUNC_l4_csum_replace:
	case BPF_FUNC_set_hash_invalid:
	case BPF_FUNC_lwt_push_encap: return true;
	}
	return bc_lwt_out_has_func_proto(id, c);
}

bool bc_lwt_seg6local_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	switch (id) {
	case BPF_FUNC_lwt_seg6_store_bytes:
	case BPF_FUNC_lwt_seg6_action:
	case BPF_FUNC_lwt_seg6_adjust_srh: return true;
	}
	return bc_lwt_out_has_func_proto(id, c);
}

bool bc_flow_dissector_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	if (id == BPF_FUNC_skb_load_bytes)
		return true;
	return sk_base_set(id, c);
}

bool bc_cgroup_dev_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	if (cgroup_set(id, c) || id == BPF_FUNC_perf_event_output)
		return true;
	return base_set(id, c);
}

bool bc_sysctl_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	if (cgroup_set(id, c))
		return true;
	switch (id) {
	case BPF_FUNC_sysctl_get_name:
	case BPF_FUNC_sysctl_get_current_value:
	case BPF_FUNC_sysctl_get_new_value:
	case BPF_FUNC_sysctl_set_new_value:
	case BPF_FUNC_ktime_get_coarse_ns:
	case BPF_FUNC_perf_event_output:
	case BPF_FUNC_strtol:
	case BPF_FUNC_strtoul: return true;
	}
	return base_set(id, c);
}

bool bc_cg_sockopt_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	if (cgroup_set(id, c))
		return true;
	switch (id) {
	case BPF_FUNC_get_netns_cookie:
	case BPF_FUNC_sk_storage_get:
	case BPF_FUNC_sk_storage_delete:
	case BPF_FUNC_tcp_sock:
	case BPF_FUNC_perf_event_output: return true;
	case BPF_FUNC_setsockopt:
	case BPF_FUNC_getsockopt: return c->attach == BPF_CGROUP_SETSOCKOPT;
	}
	return base_set(id, c);
}

bool bc_sk_reuseport_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	switch (id) {
	case BPF_FUNC_sk_select_reuseport:
	case BPF_FUNC_skb_load_bytes:
	case BPF_FUNC_skb_load_bytes_relative:
	case BPF_FUNC_get_socket_cookie: return true;
	case BPF_FUNC_ktime_get_coarse_ns: return true;
	}
	return base_set(id, c);
}

bool bc_sk_lookup_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	switch (id) {
	case BPF_FUNC_perf_event_output:
	case BPF_FUNC_sk_assign:
	case BPF_FUNC_sk_release: return true;
	}
	return sk_base_set(id, c);
}

/*
 * struct_ops and freplace programs get the helpers of the struct_ops or
 * the extended program: the tracing and TC sets together (an
 * approximation).
 */
bool bc_btf_target_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	return btf_prog_set(id, c, false) ||
	       bc_tc_cls_act_has_func_proto(id, c);
}

bool bc_base_has_func_proto(int32_t id, const struct bc_func_req *c)
{
	return base_set(id, c);
}

static bool type_allows(int32_t id, const struct bc_func_req *c)
{
	const struct bc_prog_type_ops *ops = bc_prog_type_ops(c->type);

	return ops->has_func_proto ? ops->has_func_proto(id, c) :
				     base_set(id, c);
}

/* Largest helper id the newest kernel bpfcheck follows knows. */
#define BC_KERNEL_FUNC_MAX_ID (__BPF_FUNC_MAX_ID + 2)

const char *bc_helper_config(int32_t id)
{
	switch (id) {
	case BPF_FUNC_override_return: return "CONFIG_BPF_KPROBE_OVERRIDE";
	case BPF_FUNC_probe_write_user: return "kernel lockdown off";
	case BPF_FUNC_lwt_seg6_store_bytes:
	case BPF_FUNC_lwt_seg6_adjust_srh:
	case BPF_FUNC_lwt_seg6_action: return "CONFIG_IPV6_SEG6_BPF";
	}
	return NULL;
}

static _Thread_local char why_buf[96];

static const char *helper_name(int32_t id)
{
	switch (id) {
	case 0: return "bpf_unspec";
	case __BPF_FUNC_MAX_ID: return "bpf_cgrp_storage_get";
	case __BPF_FUNC_MAX_ID + 1: return "bpf_cgrp_storage_delete";
	}
	return bc_helper_name(id);
}

bool bc_license_is_gpl_compatible(const char *license)
{
	static const char *const ok[] = {
		"GPL",		"GPL v2",	"GPL and additional rights",
		"Dual BSD/GPL", "Dual MIT/GPL", "Dual MPL/GPL"
	};

	for (size_t i = 0; license && i < BC_ARRAY_SIZE(ok); i++)
		if (!strcmp(license, ok[i]))
			return true;
	return false;
}

bool bc_helper_allowed(int32_t id, uint32_t prog_type, uint32_t attach_type,
		       bool privileged, const char **why)
{
	struct bc_func_req c = { prog_type, attach_type, privileged,
				 false,	    true,	 NULL };

	return bc_helper_check(id, &c, why);
}

bool bc_helper_check(int32_t id, const struct bc_func_req *c, const char **why)
{
	const char *name;

	if (id < 0 || id >= BC_KERNEL_FUNC_MAX_ID ||
	    (c->kernel && id > c->kernel->last_helper)) {
		snprintf(why_buf, sizeof(why_buf), "invalid func unknown#%d",
			 id);
		goto fail;
	}
	name = helper_name(id);
	if (!name) {
		snprintf(why_buf, sizeof(why_buf),
			 "program of this type cannot use helper unknown#%d",
			 id);
		goto fail;
	}
	if (!type_allows(id, c) ||
	    !bc_kernel_type_has_helper(c->kernel, id, c->type)) {
		snprintf(why_buf, sizeof(why_buf),
			 c->kernel && !c->kernel->helper_denied_named ?
				 "unknown func %s#%d" :
				 "program of this type cannot use helper %s#%d",
			 name, id);
		goto fail;
	}
	if (!bc_helper_proto(id)) {
		snprintf(why_buf, sizeof(why_buf),
			 "helper %s#%d is not supported by bpfcheck", name, id);
		goto fail;
	}
	if ((bc_helper_proto(id)->flags & BC_HF_GPL_ONLY) && !c->gpl) {
		snprintf(why_buf, sizeof(why_buf),
			 "cannot call GPL-restricted function from non-GPL "
			 "compatible program");
		goto fail;
	}
	if ((bc_helper_proto(id)->flags & BC_HF_SLEEPABLE) && !c->sleepable) {
		snprintf(why_buf, sizeof(why_buf),
			 "helper call might sleep in a non-sleepable prog");
		goto fail;
	}
	return true;
fail:
	if (why)
		*why = why_buf;
	return false;
}
