// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Facts about the LSM hooks BPF programs attach to, from the kernel's
 * include/linux/lsm_hook_defs.h and kernel/bpf/bpf_lsm.c (6.12 and 6.18):
 *
 *  - a few hooks take no BPF program at all: their result or side effect
 *    is something a BPF default cannot stand in for (a buffer the hook
 *    must fill, a decision other LSMs rely on);
 *  - most hooks return 0 or a negative errno, and a program on them must
 *    return a value in [-MAX_ERRNO, 0] (task_prctl too, to keep it simple);
 *  - a few int hooks really answer yes or no, and allow only 0 and 1;
 *  - hooks declared void ignore the program's return value.
 */
#include <string.h>

#include "platform/lsm.h"
#include "util/util.h"

static const char *const disabled_hooks[] = {
	"vm_enough_memory",   "inode_need_killpriv", "inode_getsecurity",
	"inode_listsecurity", "inode_copy_up_xattr", "getselfattr",
	"getprocattr",	      "setprocattr",	     "key_getsecurity",
	"audit_rule_match",   "xfrm_decode_session", "ismaclabel",
};

static const char *const bool_hooks[] = {
	"xfrm_state_pol_flow_match",
	"audit_rule_known",
	"inode_xattr_skipcap",
};

/* Hooks declared void in 6.12 or in 6.18 (some were renamed between). */
static const char *const void_hooks[] = {
	"audit_rule_free",
	"backing_file_free",
	"bdev_free_security",
	"bpf_map_free",
	"bpf_prog_free",
	"bpf_token_free",
	"bprm_committed_creds",
	"bprm_committing_creds",
	"cred_free",
	"cred_getlsmprop",
	"cred_getsecid",
	"cred_transfer",
	"current_getlsmprop_subj",
	"current_getsecid_subj",
	"d_instantiate",
	"file_free_security",
	"file_release",
	"file_set_fowner",
	"inet_conn_established",
	"inet_csk_clone",
	"initramfs_populated",
	"inode_free_security",
	"inode_free_security_rcu",
	"inode_getlsmprop",
	"inode_getsecid",
	"inode_invalidate_secctx",
	"inode_post_create_tmpfile",
	"inode_post_remove_acl",
	"inode_post_removexattr",
	"inode_post_set_acl",
	"inode_post_setattr",
	"inode_post_setxattr",
	"ipc_getlsmprop",
	"ipc_getsecid",
	"key_post_create_or_update",
	"msg_msg_free_security",
	"msg_queue_free_security",
	"path_post_mknod",
	"release_secctx",
	"req_classify_flow",
	"sb_delete",
	"sb_free_mnt_opts",
	"sb_free_security",
	"sctp_sk_clone",
	"secmark_refcount_dec",
	"secmark_refcount_inc",
	"sem_free_security",
	"shm_free_security",
	"sk_clone_security",
	"sk_free_security",
	"sk_getsecid",
	"sock_graft",
	"task_free",
	"task_getlsmprop_obj",
	"task_getsecid_obj",
	"task_to_inode",
	"xfrm_policy_free_security",
	"xfrm_state_free_security",
};

static bool in_list(const char *const *list, size_t n, const char *hook)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(list[i], hook))
			return true;
	return false;
}

bool bc_lsm_hook_disabled(const char *hook)
{
	return hook &&
	       in_list(disabled_hooks, BC_ARRAY_SIZE(disabled_hooks), hook);
}

/* A hook bpfcheck does not know returns int, as all but a few do. */
enum bc_lsm_ret bc_lsm_hook_ret(const char *hook)
{
	if (!hook)
		return BC_LSM_RET_ERRNO;
	if (in_list(bool_hooks, BC_ARRAY_SIZE(bool_hooks), hook))
		return BC_LSM_RET_BOOL;
	if (in_list(void_hooks, BC_ARRAY_SIZE(void_hooks), hook))
		return BC_LSM_RET_VOID;
	return BC_LSM_RET_ERRNO;
}
