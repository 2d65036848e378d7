// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <string.h>
#include "prog.h"
bool bc_progtype_from_section(const char *sec, uint32_t *type, uint32_t *attach, bool *attach_set) { return false; }
bool bc_progtype_parse(const char *name, uint32_t *type, uint32_t *attach, bool *attach_set)
{
	*attach = 0; *attach_set = false;
	if (!strcmp(name, "xdp")) { *type = BPF_PROG_TYPE_XDP; return true; }
	return false;
}
const char *bc_progtype_name(uint32_t type) { return "unknown"; }
const char *bc_maptype_name(uint32_t type) { return "unknown"; }
