/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* The table of kfuncs (kfuncs_table.c), sorted by name, for kfuncs.c. */
#ifndef BC_KFUNCS_TABLE_H
#define BC_KFUNCS_TABLE_H

#include <stddef.h>

#include "platform/kfuncs.h"

extern const struct bc_kfunc bc_kfunc_table[];
extern const size_t bc_kfunc_table_cnt;

#endif
