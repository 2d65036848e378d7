# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Interpreter: bpf_conformance results, unit tests of semantics, maps and
# helpers, `bpfcheck run` output, and differential runs against Linux.

function(interp_c_test name src)
  add_executable(${name} ${src})
  target_link_libraries(${name} PRIVATE bpfcheck_internal)
  target_include_directories(${name} PRIVATE ${TESTS_DIR} ${TESTS_DIR}/interp)
  add_test(NAME ${name} COMMAND ${name} ${ARGN})
  set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77)
endfunction()

interp_c_test(interp_conformance ${TESTS_DIR}/interp/conformance.c
              ${CONFORMANCE_DIR})

interp_c_test(interp_unit ${TESTS_DIR}/interp/test_interp.c)

# Differential runs against the kernel's BPF_PROG_TEST_RUN.
bpf_test_objects(INTERP_DIFF_OBJS ${TESTS_DIR}/interp/bpf)
add_custom_target(interp_diff_objs ALL DEPENDS ${INTERP_DIFF_OBJS})
interp_c_test(interp_differential ${TESTS_DIR}/interp/differential.c
              ${INTERP_DIFF_OBJS} ${EXAMPLE_OBJS})

add_test(NAME interp_cli_run
         COMMAND sh ${TESTS_DIR}/interp/cli_run.sh ${BPFCHECK_BIN}
                 ${CMAKE_BINARY_DIR}/tests/interp/bpf)

interp_c_test(interp_random_raw ${TESTS_DIR}/interp/random_raw.c 20000)
