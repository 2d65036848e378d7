/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The kfuncs of the struct_ops ops (kfuncs_ops.c): TCP congestion
 * control's (bpf_tcp_ca_kfunc_set and the cubic, BBR and DCTCP modules')
 * and sched_ext's scx_kfunc_ids_* sets, each in kfuncs.h's form with the
 * set BC_KFS_OPS; kfuncs.c looks here for a name its own table lacks.
 */
#ifndef BC_KFUNCS_OPS_H
#define BC_KFUNCS_OPS_H

#include <stdbool.h>
#include <stdint.h>

#include "platform/kfuncs.h"

/* The ops kfunc called name, or NULL. */
const struct bc_kfunc *bc_kfunc_ops_find(const char *name);

/* May a program of type t call k, one of this table's kfuncs? */
bool bc_kfunc_ops_allowed(const struct bc_kfunc *k, uint32_t t);

#endif
