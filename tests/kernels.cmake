# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Older kernels' recorded verdicts (tests/kernels/README.md): K.tsv per
# kernel, recorded under QEMU by tests/kernels/record.sh (not by the build:
# it needs root and an hour), with K.btf.xz, the kernel's BTF, beside it.
# kernels_tables checks that every row parses and every BTF reads; it boots
# nothing. Skips (77) without bpftool.
find_package(Python3 COMPONENTS Interpreter)
if(NOT Python3_FOUND)
  message(STATUS "kernels_tables disabled: no python3")
  return()
endif()
file(GLOB KERNEL_TABLES CONFIGURE_DEPENDS ${TESTS_DIR}/kernels/*.tsv)
# (K.tsv only: known.tsv is kernels_agreement's list)
list(FILTER KERNEL_TABLES INCLUDE REGEX "/[0-9]+\\.[0-9]+\\.tsv$")
if(KERNEL_TABLES)
  find_program(KERNELS_BPFTOOL bpftool PATHS /usr/sbin /sbin)
  set(_kt_args)
  if(KERNELS_BPFTOOL)
    set(_kt_args --bpftool ${KERNELS_BPFTOOL})
  endif()
  add_test(NAME kernels_tables
    COMMAND ${Python3_EXECUTABLE} ${TESTS_DIR}/kernels/record.py check
            ${KERNEL_TABLES} ${_kt_args})
  set_tests_properties(kernels_tables PROPERTIES SKIP_RETURN_CODE 77)
endif()

# kernels_agreement: bpfcheck --kernel K --linux-compat against every
# recorded table's corpus, real-world and selftests rows
# (tests/kernels/agreement.py; no VM, two minutes): 0 false accepts, every
# disagreement listed in tests/kernels/known.tsv. The corpus objects come
# from the corpus target, the selftests' from their preparation (the set
# is skipped where they were not built, and in sanitizer builds, where
# three kernels' runs of them would take most of CI's time); the
# real-world set is skipped without ../shared/realworld.
if(KERNEL_TABLES AND TARGET corpus_objs)
  set(_ka_rw ${CMAKE_SOURCE_DIR}/../shared/realworld)
  if(NOT EXISTS ${_ka_rw} AND EXISTS /work/shared/realworld)
    set(_ka_rw /work/shared/realworld)
  endif()
  set(_ka_sets corpus,realworld)
  if(NOT BPFCHECK_SANITIZE)
    set(_ka_sets corpus,realworld,selftests)
  endif()
  add_test(NAME kernels_agreement
    COMMAND ${Python3_EXECUTABLE} ${TESTS_DIR}/kernels/agreement.py
            ${KERNEL_TABLES} --bpfcheck $<TARGET_FILE:bpfcheck>
            --objdir ${CMAKE_BINARY_DIR}/tests/corpus --realworld ${_ka_rw}
            --sets ${_ka_sets}
            --selftests ${CMAKE_BINARY_DIR}/tests/selftests -j 2)
  set_tests_properties(kernels_agreement PROPERTIES SKIP_RETURN_CODE 77)
endif()
