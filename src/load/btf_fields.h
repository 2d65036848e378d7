/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The special fields of a type in program BTF (Linux's btf_parse_fields):
 * struct bpf_spin_lock, bpf_timer, bpf_wq, bpf_list_head/node,
 * bpf_rb_root/node, bpf_refcount and kptrs, in members, nested structs,
 * arrays and the variables of a DATASEC.
 */
#ifndef BPFCHECK_LOAD_BTF_FIELDS_H
#define BPFCHECK_LOAD_BTF_FIELDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct btf;

/* The field kinds looked for: when a map is created (map_check_btf) or
 * when the program BTF is loaded (btf_parse_struct_metas). */
enum bc_fields_at { BC_FIELDS_MAP, BC_FIELDS_BTF_LOAD };

struct bc_btf_record {
	int32_t lock_off, timer_off; /* -1: none */
	bool bad; /* Linux cannot parse it: an error record */
};

/*
 * The record of type id (a struct, union or DATASEC of size bytes).
 * bad when a unique field is met twice, a field that cannot repeat is in
 * an array, a member is off a byte boundary (a bitfield), a list or tree
 * root has no "contains:" tag, fields overlap or there are too many.
 */
void bc_btf_parse_fields(const struct btf *btf, uint32_t id, uint32_t size,
			 enum bc_fields_at at, struct bc_btf_record *rec);

/*
 * Does the kernel refuse this program BTF when it is loaded? It does when
 * a struct with a direct member of a graph or lock type (or a kptr) has a
 * record it cannot parse; libbpf then loads the object without BTF. The
 * struct's name goes into why.
 */
bool bc_btf_refused(const struct btf *btf, char *why, size_t len);

#endif
