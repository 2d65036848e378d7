# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The Linux kernel's own verifier selftests (tools/testing/selftests/bpf,
# progs/verifier_*.c and the skeletons prog_tests/verifier.c runs) as a
# conformance suite (tests/selftests/README.md). Nothing of the kernel is in
# this repository: the build extracts the programs from Debian's
# linux-source-6.12 package, compiles them with clang-19 and the selftests'
# own flags, and builds a kload against the same tree's libbpf; the test
# compares bpfcheck with the running kernel and the tests' annotations.
# Without the package, clang-19, bpftool or /sys/kernel/btf/vmlinux the
# build step only records why, and the test skips (77).
find_package(Python3 COMPONENTS Interpreter)
if(NOT Python3_FOUND)
  message(STATUS "selftests disabled: no python3")
  return()
endif()

set(SELFTESTS_TARBALL /usr/src/linux-source-6.12.tar.xz CACHE FILEPATH
    "Linux source tarball holding tools/testing/selftests/bpf")
set(SELFTESTS_CLANG clang-19 CACHE STRING
    "clang used for the kernel selftests' BPF programs")
set(SELFTESTS_OUT ${CMAKE_BINARY_DIR}/tests/selftests)
set(SELFTESTS_PY ${TESTS_DIR}/selftests/selftests.py)
cmake_host_system_information(RESULT _st_jobs QUERY NUMBER_OF_LOGICAL_CORES)
find_program(SELFTESTS_BPFTOOL bpftool PATHS /usr/sbin /sbin)
if(NOT SELFTESTS_BPFTOOL)
  set(SELFTESTS_BPFTOOL bpftool)
endif()

set(_st_kload ${TESTS_DIR}/kernel/kload.c ${TESTS_DIR}/kernel/kload_legacy.c)
set(_st_deps ${SELFTESTS_PY} ${_st_kload} ${TESTS_DIR}/kernel/kload.h)
if(EXISTS ${SELFTESTS_TARBALL})
  list(APPEND _st_deps ${SELFTESTS_TARBALL})
endif()
# The stamp is written only when the programs were prepared; otherwise the
# step runs again on the next build (a quick check of what is missing).
add_custom_command(OUTPUT ${SELFTESTS_OUT}/prepare.stamp
  COMMAND ${Python3_EXECUTABLE} ${SELFTESTS_PY} prepare --out ${SELFTESTS_OUT}
          --tarball ${SELFTESTS_TARBALL} --clang ${SELFTESTS_CLANG}
          --bpftool ${SELFTESTS_BPFTOOL} --cc ${CMAKE_C_COMPILER}
          --kload-src ${_st_kload} -j ${_st_jobs}
  DEPENDS ${_st_deps}
  COMMENT "Kernel verifier selftests: extract, libbpf, kload, compile"
  VERBATIM)
add_custom_target(selftests_objs ALL DEPENDS ${SELFTESTS_OUT}/prepare.stamp)

add_test(NAME selftests
  COMMAND ${Python3_EXECUTABLE} ${SELFTESTS_PY} check --dir ${SELFTESTS_OUT}
          --bpfcheck $<TARGET_FILE:bpfcheck> --bpftool ${SELFTESTS_BPFTOOL}
          -j ${_st_jobs})
set_tests_properties(selftests PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 1800)
