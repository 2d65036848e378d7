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
