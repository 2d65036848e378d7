# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# bpfcheck vs the live Linux verifier (root and bpf() needed for the kernel
# columns). Build targets (and one test, kernel_loops_scaling_compat):
#   cmake --build BUILD --target bench_kernel_compare   every corpus program
#   cmake --build BUILD --target bench_loops_scaling    loop shapes, N = 10..10^7
#   cmake --build BUILD --target bench_loops_proof      the loop corpus: proven,
#                                                       explored, vs linux.tsv
#   cmake --build BUILD --target bench_scale            the kernel's scale tests
find_package(Python3 COMPONENTS Interpreter)
if(NOT Python3_FOUND OR NOT TARGET kload OR NOT TARGET corpus_objs)
  return()
endif()

file(GLOB KC_SRCS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/corpus/*.c)
list(SORT KC_SRCS)
add_custom_target(bench_kernel_compare
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/kernel_compare.py
          --objdir ${CMAKE_BINARY_DIR}/tests/corpus
          --bpfcheck $<TARGET_FILE:bpfcheck> --kload $<TARGET_FILE:kload>
          ${KC_SRCS}
  DEPENDS corpus_objs bpfcheck kload
  USES_TERMINAL VERBATIM)

set(LS_OBJS)
set(LS_ARGS)
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/bench)
foreach(n 10 1000 10000 100000 10000000)
  set(o ${CMAKE_BINARY_DIR}/bench/loops_scaling.${n}.o)
  bpf_object(obj ${CMAKE_CURRENT_SOURCE_DIR}/loops_scaling.c ${o} -O2 -DN=${n})
  list(APPEND LS_OBJS ${obj})
  list(APPEND LS_ARGS ${n}=${obj})
endforeach()
add_custom_target(bench_loops_scaling
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/loops_scaling.py
          --bpfcheck $<TARGET_FILE:bpfcheck> --kload $<TARGET_FILE:kload>
          ${LS_ARGS}
  DEPENDS ${LS_OBJS} bpfcheck kload
  USES_TERMINAL VERBATIM)

# The one test here: on the same loops, --linux-compat and the default
# mode's prediction give the running kernel's verdict (skipped without
# bpf(); not under the sanitizers, where a 1,000,000-insn search is slow).
add_custom_target(loops_scaling_objs ALL DEPENDS ${LS_OBJS})
if(NOT BPFCHECK_SANITIZE)
  add_test(NAME kernel_loops_scaling_compat
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/loops_scaling.py
            --check --bpfcheck $<TARGET_FILE:bpfcheck>
            --kload $<TARGET_FILE:kload> ${LS_ARGS})
  set_tests_properties(kernel_loops_scaling_compat PROPERTIES
    SKIP_RETURN_CODE 77 TIMEOUT 1200)
endif()

file(GLOB LP_SRCS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/corpus/loops_*.c)
list(SORT LP_SRCS)
add_custom_target(bench_loops_proof
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/loops_proof.py
          --objdir ${CMAKE_BINARY_DIR}/tests/corpus
          --bpfcheck $<TARGET_FILE:bpfcheck>
          --tsv ${CMAKE_SOURCE_DIR}/tests/corpus/linux.tsv
          ${LP_SRCS}
  DEPENDS corpus_objs bpfcheck
  USES_TERMINAL VERBATIM)

# The kernel's scale selftests (pyperf*, strobemeta*, test_verif_scale*,
# loop1..6) compiled from the selftests build, bpfcheck beside Linux:
#   cmake --build BUILD --target bench_scale
if(TARGET selftests_objs)
  add_custom_target(bench_scale
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/scale.py
            --selftests ${CMAKE_BINARY_DIR}/tests/selftests
            --out ${CMAKE_BINARY_DIR}/bench/scale
            --bpfcheck $<TARGET_FILE:bpfcheck>
    DEPENDS bpfcheck selftests_objs
    USES_TERMINAL VERBATIM)
endif()
