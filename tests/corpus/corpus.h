/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Shared declarations for the verdict corpus. Every program in a corpus file
 * is preceded by its expectation, a comment the runner reads:
 *
 *   EXPECT[VARIANTS] [OPTIONS ->] accept|reject[: MESSAGE]
 *          [LINUX accept|reject[: MESSAGE]]
 *
 *   EXPECT accept
 *   EXPECT reject: <substring of Linux's last log line>
 *   EXPECT[O1,O3] ...      only for these variants (O1 O2 O3 v3, and
 *                          c19v3 c19v4 where the file's CORPUS-VARIANTS
 *                          line lists them)
 *   EXPECT --unprivileged --cap-bpf -> ...
 *                          for an unprivileged loader (bpfcheck verify's
 *                          options, before "->")
 *   EXPECT accept LINUX reject: <msg>   bpfcheck must accept what Linux
 *                                       rejects (beyond-Linux loops)
 *
 * The comment is followed by SEC("...") and the program's function. An
 * assembly file (NAME.s) is one program; its EXPECTs are "; EXPECT ..."
 * lines.
 */
#ifndef CORPUS_H
#define CORPUS_H

#include <linux/bpf.h>
#include <linux/types.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>

#define __naked __attribute__((naked))
#define __noinline __attribute__((noinline))

struct val {
	__u8 b[64];
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, struct val);
} amap SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 64);
	__type(key, __u32);
	__type(value, __u64);
} hmap SEC(".maps");

static __always_inline struct val *val0(void)
{
	__u32 k = 0;

	return bpf_map_lookup_elem(&amap, &k);
}

#define PKT(c) \
	void *data = (void *)(long)(c)->data; \
	void *data_end = (void *)(long)(c)->data_end

/* Keep a value alive without the compiler seeing through it. */
#define OPAQUE(x) asm volatile("" : "+r"(x))

#ifndef CORPUS_LICENSE
#define CORPUS_LICENSE "GPL"
#endif
char _license[] SEC("license") = CORPUS_LICENSE;

#endif
