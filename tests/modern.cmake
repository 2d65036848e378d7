# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Programs of the newer kernel features (tests/modern/): may_goto loops
# (can_loop, cond_break), which need clang 19. Each file is compiled at
# -O2 -mcpu=v3 and -mcpu=v4 and checked as the verdict corpus is
# (tests/modern/modern.py, EXPECT comments, linux.tsv from Linux 6.18).
find_package(Python3 COMPONENTS Interpreter)
find_program(MODERN_CLANG NAMES clang-19)
if(NOT Python3_FOUND OR NOT MODERN_CLANG)
  message(STATUS "tests/modern disabled: needs python3 and clang-19")
  return()
endif()

set(MODERN_DIR ${TESTS_DIR}/modern)
set(MODERN_OBJDIR ${CMAKE_BINARY_DIR}/tests/modern)
file(MAKE_DIRECTORY ${MODERN_OBJDIR})
file(GLOB MODERN_SRCS CONFIGURE_DEPENDS ${MODERN_DIR}/*.c)
list(SORT MODERN_SRCS)
set(MODERN_OBJS)
foreach(src ${MODERN_SRCS})
  get_filename_component(n ${src} NAME_WE)
  foreach(cpu v3 v4)
    set(out ${MODERN_OBJDIR}/${n}.c19${cpu}.o)
    add_custom_command(OUTPUT ${out}
      COMMAND ${MODERN_CLANG} -g -target bpf -O2 -mcpu=${cpu}
              -I${BPF_SYS_INCLUDE} -I${CMAKE_SOURCE_DIR}/tests/include
              -I${TESTS_DIR}/corpus -ffile-prefix-map=${CMAKE_SOURCE_DIR}/=
              -fdebug-compilation-dir=. -c ${src} -o ${out}
      WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
      DEPENDS ${src} ${TESTS_DIR}/corpus/corpus.h
      COMMENT "clang-19 -target bpf -O2 -mcpu=${cpu} ${src}"
      VERBATIM)
    list(APPEND MODERN_OBJS ${out})
  endforeach()
endforeach()
add_custom_target(modern_objs ALL DEPENDS ${MODERN_OBJS})

set(MODERN_PY ${Python3_EXECUTABLE} ${MODERN_DIR}/modern.py)
foreach(src ${MODERN_SRCS})
  get_filename_component(n ${src} NAME_WE)
  add_test(NAME modern_${n}
    COMMAND ${MODERN_PY} check ${src} --objdir ${MODERN_OBJDIR}
            --bpfcheck $<TARGET_FILE:bpfcheck>)
endforeach()
add_test(NAME modern_lint COMMAND ${MODERN_PY} lint ${MODERN_SRCS})
# Worst-case bounds: an iterator loop by its elements (a run of iter_sum
# executes 90 insns: 10 elements), a may_goto loop by the budget
# (8,388,608 rounds of at least 3 insns), nested may_goto loops by one
# budget for both (a run of cond_break_nested executes 50,331,667 insns;
# the product of two budgets would be over 10^14).
add_test(NAME modern_bounds_iters
  COMMAND ${MODERN_PY} bounds $<TARGET_FILE:bpfcheck>
          ${MODERN_OBJDIR}/iters.c19v3.o iter_sum 90 200)
add_test(NAME modern_bounds_may_goto
  COMMAND ${MODERN_PY} bounds $<TARGET_FILE:bpfcheck>
          ${MODERN_OBJDIR}/may_goto.c19v3.o can_loop_random_sum 25165824
          60000000 can_loop_masked_index 50331648 100000000
          cond_break_nested 50331667 300000000)
add_test(NAME modern_linux_tsv
  COMMAND ${MODERN_PY} linux-check ${MODERN_SRCS}
          --tsv ${MODERN_DIR}/linux.tsv)
add_test(NAME modern_kernel_agreement
  COMMAND ${MODERN_PY} agreement ${MODERN_SRCS} --objdir ${MODERN_OBJDIR}
          --bpfcheck $<TARGET_FILE:bpfcheck> --kload $<TARGET_FILE:kload>)
set_tests_properties(modern_kernel_agreement PROPERTIES SKIP_RETURN_CODE 77)
# --linux-compat and the default mode's prediction give the recorded
# verdict (as corpus_linux_compat; not under the sanitizers, for time).
if(NOT BPFCHECK_SANITIZE)
  add_test(NAME modern_linux_compat
    COMMAND ${MODERN_PY} compat ${MODERN_SRCS} --objdir ${MODERN_OBJDIR}
            --bpfcheck $<TARGET_FILE:bpfcheck> --tsv ${MODERN_DIR}/linux.tsv)
endif()

# Regenerate the recorded Linux verdicts (needs root and bpf()):
#   cmake --build BUILD --target modern_linux_tsv
add_custom_target(modern_linux_tsv
  COMMAND ${MODERN_PY} linux ${MODERN_SRCS} --objdir ${MODERN_OBJDIR}
          --kload $<TARGET_FILE:kload> --out ${MODERN_DIR}/linux.tsv
  DEPENDS modern_objs kload
  COMMENT "Recording Linux verdicts in tests/modern/linux.tsv"
  VERBATIM)

# The interpreter runs bpf_iter_num as Linux: 0 + 1 + ... + 9 = 45 is odd.
add_test(NAME modern_run_iter_num
  COMMAND $<TARGET_FILE:bpfcheck> run --prog iter_sum
          ${MODERN_OBJDIR}/iters.c19v3.o)
set_tests_properties(modern_run_iter_num PROPERTIES
  PASS_REGULAR_EXPRESSION "r0 = 2 \\(0x2, XDP_PASS\\)\ninsns executed: 90")
