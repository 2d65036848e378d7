# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The shape of src/ that docs/ARCHITECTURE.md promises (folders, function
# and file lengths, one program-type table).
find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  add_test(NAME lint_code_shape
    COMMAND ${Python3_EXECUTABLE} ${TESTS_DIR}/lint/code_shape.py
            ${CMAKE_SOURCE_DIR}/src)
endif()
