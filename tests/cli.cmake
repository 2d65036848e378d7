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
# Against the live kernel's logs (skips without bpf()).
find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
add_test(NAME cli_log_kernel
  COMMAND ${Python3_EXECUTABLE} ${TESTS_DIR}/cli/log_kernel.py
          --bpfcheck $<TARGET_FILE:bpfcheck> --kload $<TARGET_FILE:kload>
          ${CMAKE_BINARY_DIR}/tests/corpus/mapval.O2.o
          ${CMAKE_BINARY_DIR}/tests/corpus/pkt.O2.o
          ${CMAKE_BINARY_DIR}/tests/corpus/stack.O2.o
          ${CMAKE_BINARY_DIR}/tests/corpus/ptr.O2.o
          ${CMAKE_BINARY_DIR}/tests/corpus/alu.O2.o
          ${CMAKE_BINARY_DIR}/tests/corpus/branch.O2.o
          ${CMAKE_BINARY_DIR}/tests/corpus/helpers.O2.o)
set_tests_properties(cli_log_kernel PROPERTIES SKIP_RETURN_CODE 77)
endif()
# The README's examples print what the README shows.
if(Python3_FOUND)
add_test(NAME readme_examples
  COMMAND ${Python3_EXECUTABLE} ${TESTS_DIR}/readme/readme.py
          ${CMAKE_SOURCE_DIR}/README.md --build ${CMAKE_BINARY_DIR})
endif()
add_test(NAME cli_worst_case
  COMMAND sh ${TESTS_DIR}/cli/worst_case.sh $<TARGET_FILE:bpfcheck>
          ${CMAKE_BINARY_DIR}/tests/corpus/calls.O2.o
          ${CMAKE_BINARY_DIR}/tests/corpus/loops_beyond.O2.o
          ${CMAKE_BINARY_DIR}/tests/corpus/loops_ok.O2.o
          ${TESTS_DIR}/corpus/cost_explored.s)
# list --kfuncs on a fixed BTF (kfuncs_btf.c's) and on this machine's.
bpf_object(KFUNCS_BTF_O ${TESTS_DIR}/cli/kfuncs_btf.c
           ${CMAKE_BINARY_DIR}/tests/cli_kfuncs_btf.o -O2)
add_custom_target(cli_kfuncs_btf ALL DEPENDS ${KFUNCS_BTF_O})
add_test(NAME cli_list_kfuncs
  COMMAND sh ${TESTS_DIR}/cli/list_kfuncs.sh $<TARGET_FILE:bpfcheck>
          ${KFUNCS_BTF_O} ${CMAKE_BINARY_DIR}/tests/load/progs/kfuncs.O2.o)
add_test(NAME cli_kernels
  COMMAND sh ${TESTS_DIR}/cli/kernels.sh $<TARGET_FILE:bpfcheck>
          ${CMAKE_BINARY_DIR}/tests/corpus)
set_tests_properties(cli_kernels PROPERTIES SKIP_RETURN_CODE 77)
# Where verify's rejections point (JSON, text, SARIF), against the sources.
if(Python3_FOUND)
foreach(check json leak sarif explain fix path structure)
  add_test(NAME cli_diag_${check}
    COMMAND ${Python3_EXECUTABLE} ${TESTS_DIR}/cli/diagnostics.py ${check}
            --bpfcheck $<TARGET_FILE:bpfcheck>
            --objdir ${CMAKE_BINARY_DIR}/tests/corpus
            --srcdir ${CMAKE_SOURCE_DIR})
endforeach()
endif()
# Witnesses: rejected programs that fault get one and replay it; no
# program Linux accepts gets one (tests/cli/witness.py).
if(Python3_FOUND)
foreach(check replay accepted)
  add_test(NAME cli_witness_${check}
    COMMAND ${Python3_EXECUTABLE} ${TESTS_DIR}/cli/witness.py ${check}
            --bpfcheck $<TARGET_FILE:bpfcheck>
            --objdir ${CMAKE_BINARY_DIR}/tests/corpus)
endforeach()
set_tests_properties(cli_witness_accepted PROPERTIES TIMEOUT 900)
endif()
