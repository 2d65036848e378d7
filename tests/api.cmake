# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The public API as an embedder uses it: open, list, verify.
add_executable(test_api ${TESTS_DIR}/api/test_api.c)
target_link_libraries(test_api PRIVATE bpfcheck_static)
target_include_directories(test_api PRIVATE ${CMAKE_SOURCE_DIR}/include)
add_dependencies(test_api examples corpus_objs)
add_test(NAME api_verify COMMAND test_api
  ${CMAKE_BINARY_DIR}/examples/bounded_loop.o
  ${CMAKE_BINARY_DIR}/tests/corpus/loops_sound.O2.o
  ${CMAKE_BINARY_DIR}/tests/corpus/loops_beyond.O2.o
  ${CMAKE_BINARY_DIR}/tests/corpus/typed.vmlinux.o)
