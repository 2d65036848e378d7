# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The soundness driver on a small fixed-seed run: no violation (exit 0), and
# both verdicts occur, so the oracle really ran on accepted programs and the
# generator still produces rejected ones.
add_test(NAME soundness_smoke
  COMMAND ${CMAKE_COMMAND} -DSOUNDNESS=$<TARGET_FILE:soundness>
          -P ${TESTS_DIR}/soundness/smoke.cmake)
set_tests_properties(soundness_smoke PROPERTIES TIMEOUT 300)
# Every reproducer of a past violation must now run clean under the oracle.
file(GLOB SOUNDNESS_REGRESS CONFIGURE_DEPENDS ${TESTS_DIR}/soundness/regress/*.s)
foreach(s ${SOUNDNESS_REGRESS})
  get_filename_component(n ${s} NAME_WE)
  add_test(NAME soundness_regress_${n}
    COMMAND ${CMAKE_COMMAND} -DBPFCHECK=$<TARGET_FILE:bpfcheck> -DFILE=${s}
            -P ${TESTS_DIR}/soundness/regress.cmake)
endforeach()
# Precision tracking (issue 6 driver, both searches): the figures of a
# fixed-seed run, and no verdict that precision changes on the reduced
# reproducers of past mismatches and on every past violation.
add_test(NAME soundness_precision_smoke
  COMMAND ${CMAKE_COMMAND} -DSOUNDNESS=$<TARGET_FILE:soundness>
          -P ${TESTS_DIR}/soundness/smoke_precision.cmake)
set_tests_properties(soundness_precision_smoke PROPERTIES TIMEOUT 300)
file(GLOB SOUNDNESS_PREC CONFIGURE_DEPENDS
     ${TESTS_DIR}/soundness/precision/*.s ${TESTS_DIR}/soundness/regress/*.s)
foreach(s ${SOUNDNESS_PREC})
  get_filename_component(n ${s} NAME_WE)
  add_test(NAME soundness_precision_${n}
    COMMAND ${CMAKE_COMMAND} -DBPFCHECK=$<TARGET_FILE:bpfcheck> -DFILE=${s}
            -P ${TESTS_DIR}/soundness/precision.cmake)
endforeach()
