# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The soundness oracle: the claim check itself, and every accepted corpus
# program run against the verifier's register claims and bounds.
add_c_test(oracle_claims ${TESTS_DIR}/oracle/test_claims.c)
if(Python3_FOUND)
  file(GLOB ORACLE_SRCS CONFIGURE_DEPENDS ${TESTS_DIR}/corpus/*.c)
  add_test(NAME oracle_corpus
    COMMAND ${Python3_EXECUTABLE} ${TESTS_DIR}/oracle/oracle.py
            $<TARGET_FILE:bpfcheck> ${CMAKE_BINARY_DIR}/tests/corpus
            ${ORACLE_SRCS})
  set_tests_properties(oracle_corpus PROPERTIES TIMEOUT 1800)
endif()
if(Python3_FOUND)
  add_test(NAME oracle_exact_bounds
    COMMAND ${Python3_EXECUTABLE} ${TESTS_DIR}/oracle/bounds.py
            $<TARGET_FILE:bpfcheck> ${CMAKE_BINARY_DIR})
endif()
