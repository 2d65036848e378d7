# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The shape of src/ that docs/ARCHITECTURE.md promises (folders and no
# cycle between them, a header per file others call, function and file
# lengths, one program-type table); tools/ and bench/ are held to the same
# lengths.
find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  add_test(NAME lint_code_shape
    COMMAND ${Python3_EXECUTABLE} ${TESTS_DIR}/lint/code_shape.py
            ${CMAKE_SOURCE_DIR}/src ${CMAKE_SOURCE_DIR}/tools
            ${CMAKE_SOURCE_DIR}/bench)
endif()

# Every host C file as clang-format writes it (.clang-format), when
# clang-format is there; cppcheck over src/, tools/ and bench/.
add_test(NAME lint_format
  COMMAND sh ${TESTS_DIR}/lint/format.sh ${CMAKE_SOURCE_DIR})
add_test(NAME lint_cppcheck
  COMMAND sh ${TESTS_DIR}/lint/cppcheck.sh ${CMAKE_SOURCE_DIR})
set_tests_properties(lint_format lint_cppcheck PROPERTIES
  SKIP_RETURN_CODE 77)
