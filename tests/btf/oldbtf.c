// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * An "older kernel's" BTF for tests/btf: only the types core.c relocates
 * against, with task_struct's fields at other offsets and real_parent
 * missing. Compiled with -g, its .BTF section is a kernel BTF to --btf.
 */
struct task_struct {
	long state;
	int tgid;
	int pid;
	char comm[16];
};

enum bpf_map_type {
	BPF_MAP_TYPE_UNSPEC,
	BPF_MAP_TYPE_HASH,
	BPF_MAP_TYPE_ARRAY = 2,
};

struct task_struct ts;
enum bpf_map_type mt;
