// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "cli.h"
int cmd_run(int argc, char **argv)
{
	cli_error("run: not implemented yet");
	return EXIT_BADINPUT;
}
