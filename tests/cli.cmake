# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The command line as veristat users expect it (tests/cli/).
add_test(NAME cli_veristat
  COMMAND sh ${TESTS_DIR}/cli/veristat.sh $<TARGET_FILE:bpfcheck>
          ${CMAKE_BINARY_DIR}/examples
          ${CMAKE_BINARY_DIR}/tests/corpus/loops_beyond.O2.o)
add_test(NAME cli_multi_file
  COMMAND sh ${TESTS_DIR}/cli/multi_file.sh $<TARGET_FILE:bpfcheck>
          ${CMAKE_BINARY_DIR}/examples)
add_test(NAME cli_log
  COMMAND sh ${TESTS_DIR}/cli/log.sh $<TARGET_FILE:bpfcheck>
          ${CMAKE_BINARY_DIR}/tests/corpus/loops_bad.O2.o)
