// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include <errno.h>
#include "prog.h"
int bc_elf_open(const char *name, const uint8_t *data, size_t len,
		const struct bc_open_opts *opts, struct bc_object *obj,
		struct bc_err *err)
{
	return bc_errf(err, -1, ENOTSUP, "%s: ELF loading not implemented yet", name);
}
