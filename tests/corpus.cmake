# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Verdict corpus (tests/corpus/): every program is compiled at -O1, -O2, -O3
# and -O2 -mcpu=v3; corpus_<file> checks bpfcheck's verdicts against the
# EXPECT comments, corpus_linux_tsv checks the EXPECTs against the recorded
# Linux verdicts (tests/corpus/linux.tsv), kernel_agreement compares
# bpfcheck with the live kernel (skips without bpf()).
find_package(Python3 COMPONENTS Interpreter)
if(NOT Python3_FOUND)
  message(STATUS "corpus tests disabled: no python3")
  return()
endif()

set(CORPUS_DIR ${TESTS_DIR}/corpus)
set(CORPUS_OBJDIR ${CMAKE_BINARY_DIR}/tests/corpus)
bpf_test_objects(CORPUS_OBJS ${CORPUS_DIR})
add_custom_target(corpus_objs ALL DEPENDS ${CORPUS_OBJS})
file(GLOB CORPUS_SRCS CONFIGURE_DEPENDS ${CORPUS_DIR}/*.c)
list(SORT CORPUS_SRCS)
set(CORPUS_PY ${Python3_EXECUTABLE} ${CORPUS_DIR}/corpus.py)

foreach(src ${CORPUS_SRCS})
  get_filename_component(n ${src} NAME_WE)
  add_test(NAME corpus_${n}
    COMMAND ${CORPUS_PY} check ${src} --objdir ${CORPUS_OBJDIR}
            --bpfcheck $<TARGET_FILE:bpfcheck>)
endforeach()

add_test(NAME corpus_lint COMMAND ${CORPUS_PY} lint ${CORPUS_SRCS})

# The runner itself, against fake verifiers (a few small files: it is slow).
add_test(NAME corpus_runner_selftest
  COMMAND ${CORPUS_PY} selftest ${CORPUS_DIR}/retval.c ${CORPUS_DIR}/unpriv.c
          ${CORPUS_DIR}/loops_rfc.c --objdir ${CORPUS_OBJDIR}
          --tsv ${CORPUS_DIR}/linux.tsv)
set_tests_properties(corpus_runner_selftest PROPERTIES DEPENDS corpus_lint)

add_test(NAME corpus_linux_tsv
  COMMAND ${CORPUS_PY} linux-check ${CORPUS_SRCS} --tsv ${CORPUS_DIR}/linux.tsv)

add_test(NAME kernel_agreement
  COMMAND ${CORPUS_PY} agreement ${CORPUS_SRCS} --objdir ${CORPUS_OBJDIR}
          --bpfcheck $<TARGET_FILE:bpfcheck> --kload $<TARGET_FILE:kload>)
set_tests_properties(kernel_agreement PROPERTIES SKIP_RETURN_CODE 77
  TIMEOUT 3000)

# --linux-compat and the default mode's prediction give Linux's recorded
# verdict (linux.tsv). Not under the sanitizers: every program Linux
# rejects at 1,000,000 insns is searched twice more there, which takes
# longer than the CI has (cli_veristat covers the code under them).
if(NOT BPFCHECK_SANITIZE)
  add_test(NAME corpus_linux_compat
    COMMAND ${CORPUS_PY} compat ${CORPUS_SRCS} --objdir ${CORPUS_OBJDIR}
            --bpfcheck $<TARGET_FILE:bpfcheck> --tsv ${CORPUS_DIR}/linux.tsv)
endif()

# Regenerate the recorded Linux verdicts (needs root and bpf()):
#   cmake --build BUILD --target corpus_linux_tsv
add_custom_target(corpus_linux_tsv
  COMMAND ${CORPUS_PY} linux ${CORPUS_SRCS} --objdir ${CORPUS_OBJDIR}
          --kload $<TARGET_FILE:kload> --out ${CORPUS_DIR}/linux.tsv
  DEPENDS corpus_objs kload
  COMMENT "Recording Linux verdicts in tests/corpus/linux.tsv"
  VERBATIM)
