# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Verdicts of one assembly program under several loader options.
#   cmake -DBPFCHECK=... -DFILE=prog.s -P run_verdict.cmake
# Each line "; EXPECT [OPTION... ->] accept" or
# "; EXPECT [OPTION... ->] reject: MESSAGE" of FILE runs
# `bpfcheck verify OPTION... FILE`: accept wants exit 0, reject exit 1 and
# MESSAGE in the FAIL line. A file without EXPECT lines is an error.
file(STRINGS ${FILE} lines REGEX "^; EXPECT ")
if(NOT lines)
  message(FATAL_ERROR "${FILE}: no '; EXPECT' line")
endif()
set(bad 0)
foreach(line IN LISTS lines)
  if(NOT line MATCHES "^; EXPECT (([^>]*)-> )?(accept|reject)(: *(.*))?$")
    message(FATAL_ERROR "${FILE}: bad line: ${line}")
  endif()
  set(opts "${CMAKE_MATCH_2}")
  set(verdict "${CMAKE_MATCH_3}")
  set(msg "${CMAKE_MATCH_5}")
  separate_arguments(opts UNIX_COMMAND "${opts}")
  execute_process(COMMAND ${BPFCHECK} verify ${opts} ${FILE}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(verdict STREQUAL "accept")
    set(want_rc 0)
  else()
    set(want_rc 1)
  endif()
  string(FIND "${out}" "${msg}" at)
  if(NOT rc EQUAL want_rc OR (verdict STREQUAL "reject" AND at EQUAL -1))
    message("MISMATCH [${opts}]: want ${verdict} ${msg}\n  got exit ${rc}: ${out}${err}")
    math(EXPR bad "${bad} + 1")
  else()
    message("ok [${opts}]: ${verdict} ${msg}")
  endif()
endforeach()
if(bad)
  message(FATAL_ERROR "${FILE}: ${bad} mismatches")
endif()
