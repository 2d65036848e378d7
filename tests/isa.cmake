# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
add_c_test(isa_check ${TESTS_DIR}/isa/test_insn.c)
