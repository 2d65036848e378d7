/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * A lookup that cannot fail: an array map's element whose key is a
 * constant in bounds (Linux's get_constant_map_key and
 * can_elide_value_nullness, 6.14 on). Private to the verifier.
 */
#ifndef BC_VMAPKEY_H
#define BC_VMAPKEY_H

#include "verifier/env.h"

/*
 * Does helper fn, called with map index map and its key pointer in r2,
 * return a map value that is never NULL? The key's stack slot is then
 * made precise along the path (the verdict depends on its value).
 */
bool vc_lookup_not_null(struct venv *e, int32_t fn, int32_t map);

#endif
