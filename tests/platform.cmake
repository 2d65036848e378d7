# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Helper prototypes and program contexts: unit tests and live-kernel
# cross-checks (skip with 77 where bpf() is unavailable).
function(platform_test name src)
  add_c_test(${name} ${TESTS_DIR}/platform/${src})
  target_include_directories(${name} PRIVATE ${TESTS_DIR}/platform)
endfunction()

platform_test(platform_kernel_ctx kernel_ctx.c)
platform_test(platform_kernel_helpers kernel_helpers.c)
platform_test(platform_unit unit.c)
platform_test(platform_kernel_args kernel_args.c)

# verify warns about helpers that depend on the kernel's configuration;
# with the target's config known (--kconfig), it decides.
add_test(NAME platform_config_warnings
  COMMAND ${CMAKE_COMMAND} -DBIN=${BPFCHECK_BIN}
          -DARGS=verify\;--kconfig=\;config_helpers.s
          -DEXPECTED=${TESTS_DIR}/platform/config_helpers.expected -DRC=0
          -P ${TESTS_DIR}/load/run_compare.cmake
  WORKING_DIRECTORY ${TESTS_DIR}/platform)
add_test(NAME platform_config_known
  COMMAND ${CMAKE_COMMAND} -DBIN=${BPFCHECK_BIN}
          -DARGS=verify\;--kconfig\;../load/test.config\;config_helpers.s
          -DEXPECTED=${TESTS_DIR}/platform/config_known.expected -DRC=1
          -P ${TESTS_DIR}/load/run_compare.cmake
  WORKING_DIRECTORY ${TESTS_DIR}/platform)
