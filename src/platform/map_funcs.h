/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Which helpers each map type may be passed to (map_funcs.c). */
#ifndef BPFCHECK_PLATFORM_MAP_FUNCS_H
#define BPFCHECK_PLATFORM_MAP_FUNCS_H

#include <stdbool.h>
#include <stdint.h>

/*
 * May helper fn take a map of map_type (Linux's
 * check_map_func_compatibility)? sockmap_update: the program may update
 * or delete in a sockmap or sockhash here (may_update_sockmap).
 */
bool bc_map_func_compatible(uint32_t map_type, int32_t fn, bool sockmap_update);

#endif
