/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* The worst-case instruction bound of a verified program (cost.c). */
#ifndef BC_VCOST_H
#define BC_VCOST_H

#include <stdbool.h>
#include <stdint.h>

#include "cfg/cfg.h"

/*
 * reached[i] says the search reached instruction i; trip[l] is loop l's
 * proven bound on header visits per entry (0: none). True and *out set
 * when a bound exists.
 */
bool bc_worst_case(const struct bc_cfg *cfg, const uint8_t *reached,
		   const uint64_t *trip, uint64_t *out);

#endif
