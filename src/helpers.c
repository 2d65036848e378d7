/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Helper prototypes (stub, being filled). */
#include <stddef.h>
#include "helpers.h"

const struct bc_helper_proto *bc_helper_proto(int32_t id)
{
	(void)id;
	return NULL;
}

bool bc_helper_allowed(int32_t id, uint32_t prog_type, uint32_t attach_type,
		       bool privileged, const char **why)
{
	(void)id; (void)prog_type; (void)attach_type; (void)privileged;
	if (why)
		*why = "unknown func";
	return false;
}
