# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# cmake -DBPFCHECK=path -DFILE=x.s -P verdict.cmake
# The file's "; EXPECT accept" or "; EXPECT reject: MESSAGE" line is the
# verdict `bpfcheck verify FILE` must give; a rejection's line must
# contain MESSAGE.
file(READ ${FILE} text)
# (no file(STRINGS): a line starting with ';' would become a list)
if(NOT text MATCHES "(^|\n); EXPECT (accept|reject: *([^\n]*))")
  message(FATAL_ERROR "${FILE}: no '; EXPECT' line")
endif()
set(verdict ${CMAKE_MATCH_2})
set(msg "${CMAKE_MATCH_3}")
execute_process(COMMAND ${BPFCHECK} verify ${FILE} RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(verdict STREQUAL "accept")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "want accept, exit ${rc}:\n${out}${err}")
  endif()
  return()
endif()
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "want reject (exit 1), exit ${rc}:\n${out}${err}")
endif()
string(FIND "${out}" "${msg}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "rejected, but not with '${msg}':\n${out}${err}")
endif()
