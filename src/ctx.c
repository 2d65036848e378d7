/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/* Program contexts (stub, being filled). */
#include <stddef.h>
#include "ctx.h"

uint32_t bc_ctx_size(uint32_t prog_type, uint32_t attach_type)
{
	(void)prog_type; (void)attach_type;
	return 0;
}

const char *bc_ctx_name(uint32_t prog_type)
{
	(void)prog_type;
	return "ctx";
}

bool bc_ctx_check(uint32_t prog_type, uint32_t attach_type, bool privileged,
		  int32_t off, int size, bool write, struct bc_ctx_access *acc)
{
	(void)prog_type; (void)attach_type; (void)privileged; (void)off;
	(void)size; (void)write; (void)acc;
	return false;
}

bool bc_ctx_retval_range(uint32_t prog_type, uint32_t attach_type,
			 int64_t *lo, int64_t *hi)
{
	(void)prog_type; (void)attach_type; (void)lo; (void)hi;
	return false;
}

bool bc_ctx_has_pkt(uint32_t prog_type, uint32_t attach_type, bool write)
{
	(void)prog_type; (void)attach_type; (void)write;
	return false;
}
