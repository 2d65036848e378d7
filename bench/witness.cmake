# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The share of the corpus's memory-safety rejections (that Linux also
# rejects, tests/corpus/linux.tsv) with a witness the interpreter confirms:
#   cmake --build BUILD --target bench_witness
find_package(Python3 COMPONENTS Interpreter)
if(NOT Python3_FOUND OR NOT TARGET corpus_objs)
  return()
endif()
add_custom_target(bench_witness
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/witness_share.py
          $<TARGET_FILE:bpfcheck> ${CMAKE_BINARY_DIR}/tests/corpus
  DEPENDS corpus_objs bpfcheck
  USES_TERMINAL VERBATIM)
