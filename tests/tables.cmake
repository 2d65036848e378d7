# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Helper prototypes and program contexts: unit tests and live-kernel
# cross-checks (skip with 77 where bpf() is unavailable).
function(tables_test name src)
  add_c_test(${name} ${TESTS_DIR}/tables/${src})
  target_include_directories(${name} PRIVATE ${TESTS_DIR}/tables)
endfunction()

tables_test(tables_kernel_ctx kernel_ctx.c)
tables_test(tables_kernel_helpers kernel_helpers.c)
tables_test(tables_unit unit.c)
tables_test(tables_kernel_args kernel_args.c)

# verify warns about helpers that depend on the kernel's configuration.
add_test(NAME tables_config_warnings
  COMMAND ${CMAKE_COMMAND} -DBIN=${BPFCHECK_BIN}
          -DARGS=verify\;config_helpers.s
          -DEXPECTED=${TESTS_DIR}/tables/config_helpers.expected -DRC=0
          -P ${TESTS_DIR}/loader/run_compare.cmake
  WORKING_DIRECTORY ${TESTS_DIR}/tables)
