# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Verdict corpus (tests/corpus/): every C program is compiled at its
# variants (-O1, -O2, -O3, -O2 -mcpu=v3 by clang 14, -mcpu=v3/v4 by clang
# 19); an assembly program (NAME.s) is its own object. corpus_<file>
# checks bpfcheck's verdicts against the EXPECT comments,
# corpus_linux_tsv checks the EXPECTs against the recorded Linux verdicts
# (tests/corpus/linux.tsv), kernel_agreement compares bpfcheck with the
# live kernel (skips without bpf()). Linux loads ELF objects: the assembly
# programs are compared with their EXPECTs only.
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
file(GLOB CORPUS_ASM CONFIGURE_DEPENDS ${CORPUS_DIR}/*.s)
list(SORT CORPUS_ASM)
set(CORPUS_PY ${Python3_EXECUTABLE} ${CORPUS_DIR}/corpus.py)

# One more, generated: a program one instruction past BPF_MAXINSNS.
string(REPEAT "\tr0 += 1\n" 4095 CORPUS_BIG_BODY)
file(WRITE ${CORPUS_OBJDIR}/unpriv_maxinsns.s
  "; 4097 insns: only a loader with CAP_BPF may load more than 4096.\n"
  "; EXPECT accept\n"
  "; EXPECT --unprivileged --cap-bpf -> accept\n"
  "; EXPECT --unprivileged -> reject: program of 4097 insns is too large without CAP_BPF\n"
  ".type socket_filter\n\tr0 = 0\n${CORPUS_BIG_BODY}\texit\n")
list(APPEND CORPUS_ASM ${CORPUS_OBJDIR}/unpriv_maxinsns.s)

foreach(src ${CORPUS_SRCS} ${CORPUS_ASM})
  get_filename_component(n ${src} NAME_WE)
  add_test(NAME corpus_${n}
    COMMAND ${CORPUS_PY} check ${src} --objdir ${CORPUS_OBJDIR}
            --bpfcheck $<TARGET_FILE:bpfcheck>)
  set_tests_properties(corpus_${n} PROPERTIES SKIP_RETURN_CODE 77)
endforeach()

add_test(NAME corpus_lint COMMAND ${CORPUS_PY} lint ${CORPUS_SRCS}
                                  ${CORPUS_ASM})

# The runner itself, against fake verifiers (a few small files: it is slow).
add_test(NAME corpus_runner_selftest
  COMMAND ${CORPUS_PY} selftest ${CORPUS_DIR}/retval.c ${CORPUS_DIR}/unpriv.c
          ${CORPUS_DIR}/loops_rfc.c --objdir ${CORPUS_OBJDIR}
          --tsv ${CORPUS_DIR}/linux.tsv)
set_tests_properties(corpus_runner_selftest PROPERTIES DEPENDS corpus_lint)

# Every loop program of the corpus that bpfcheck accepts is proven, at
# every build (bench_loops_proof prints the figures beside Linux's).
add_test(NAME corpus_loops_proven
  COMMAND ${Python3_EXECUTABLE} ${CORPUS_DIR}/loops_proven.py ${CORPUS_OBJDIR}
          $<TARGET_FILE:bpfcheck>)

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

# Worst-case bounds: an iterator loop by its elements (a run of iter_sum
# executes 90 insns: 10 elements), a may_goto loop by the budget
# (8,388,608 rounds of at least 3 insns), nested may_goto loops by one
# budget for both (a run of cond_break_nested executes 50,331,667 insns;
# the product of two budgets would be over 10^14). Skipped without clang 19.
add_test(NAME corpus_bounds_iters
  COMMAND ${CORPUS_PY} bounds ${CORPUS_OBJDIR}/iters.c19v3.o iter_sum 90 200
          --bpfcheck $<TARGET_FILE:bpfcheck>)
add_test(NAME corpus_bounds_may_goto
  COMMAND ${CORPUS_PY} bounds ${CORPUS_OBJDIR}/may_goto.c19v3.o
          can_loop_random_sum 25165824 60000000
          can_loop_masked_index 50331648 100000000
          cond_break_nested 50331667 300000000
          --bpfcheck $<TARGET_FILE:bpfcheck>)
set_tests_properties(corpus_bounds_iters corpus_bounds_may_goto PROPERTIES
  SKIP_RETURN_CODE 77)

# The interpreter runs bpf_iter_num as Linux: 0 + 1 + ... + 9 = 45 is odd.
if(BPF_CLANG19)
  add_test(NAME corpus_run_iter_num
    COMMAND $<TARGET_FILE:bpfcheck> run --prog iter_sum
            ${CORPUS_OBJDIR}/iters.c19v3.o)
  set_tests_properties(corpus_run_iter_num PROPERTIES
    PASS_REGULAR_EXPRESSION "r0 = 2 \\(0x2, XDP_PASS\\)\ninsns executed: 90")
  # Arenas in the interpreter: a list built on pages bpf_arena_alloc_pages
  # handed out sums to 6 (r0 0), freed pages and a page never allocated
  # read 0 (r0 0), a global function walks an __arg_arena list of one (1).
  foreach(run arena_bump_list:0 arena_alloc_free:0 arena_global_arg:1)
    string(REPLACE ":" ";" run ${run})
    list(GET run 0 prog)
    list(GET run 1 r0)
    add_test(NAME corpus_run_${prog}
      COMMAND $<TARGET_FILE:bpfcheck> run --oracle --prog ${prog}
              ${CORPUS_OBJDIR}/arena.c19v3.o)
    set_tests_properties(corpus_run_${prog} PROPERTIES
      PASS_REGULAR_EXPRESSION "^r0 = ${r0} \\(0x${r0}\\)\n")
  endforeach()
endif()
