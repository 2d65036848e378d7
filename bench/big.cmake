# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Very large programs (generated parsers of 10k to 300k instructions):
# bpfcheck's verdict, processed instructions, states, time and memory beside
# Linux's (root and bpf() needed for the kernel columns). A build target,
# never a test:
#   cmake --build BUILD --target bench_big
find_package(Python3 COMPONENTS Interpreter)
if(NOT Python3_FOUND OR NOT TARGET kload)
  return()
endif()

set(BIG_SIZES "10000,50000,100000,300000" CACHE STRING
  "bench_big: target instruction counts")
add_custom_target(bench_big
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/big_prog.py
          --bpfcheck $<TARGET_FILE:bpfcheck> --kload $<TARGET_FILE:kload>
          --clang ${BPF_CLANG} --sizes ${BIG_SIZES}
  DEPENDS bpfcheck kload
  USES_TERMINAL VERBATIM)
