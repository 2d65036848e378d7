# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Real-world objects (cilium, ovs, suricata, falco, the kernel's samples/bpf)
# against the verdicts Linux 6.18 gave them (tests/realworld/realworld.py).
# The corpus is not in this repository: it sits next to the project
# (../shared/realworld), or under /work/shared for a clone elsewhere on this
# machine; without it the test skips, saying so.
find_package(Python3 COMPONENTS Interpreter)
if(NOT Python3_FOUND)
  message(STATUS "realworld disabled: no python3")
  return()
endif()
set(_rw ${CMAKE_SOURCE_DIR}/../shared/realworld)
if(NOT EXISTS ${_rw} AND EXISTS /work/shared/realworld)
  set(_rw /work/shared/realworld)
endif()
set(REALWORLD_DIR ${_rw} CACHE PATH "real-world corpus (ebpf-samples + CSV)")
cmake_host_system_information(RESULT _rw_jobs QUERY NUMBER_OF_LOGICAL_CORES)

add_test(NAME realworld_agreement
  COMMAND ${Python3_EXECUTABLE} ${TESTS_DIR}/realworld/realworld.py
          --corpus ${REALWORLD_DIR} --bpfcheck $<TARGET_FILE:bpfcheck>
          --kload $<TARGET_FILE:kload> -j ${_rw_jobs})
set_tests_properties(realworld_agreement PROPERTIES SKIP_RETURN_CODE 77
  TIMEOUT 1800)
