# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# cmake -DBPFCHECK=path -DFILE=x.s -P regress.cmake
# The file's "; args:" line holds the bpfcheck run arguments of the input
# that once showed a violation; the run must now succeed under the oracle
# (or the program be rejected, exit 1 with "rejected by the verifier").
file(STRINGS ${FILE} argl REGEX "^; args: ")
if(NOT argl)
  message(FATAL_ERROR "${FILE}: no '; args:' line")
endif()
string(REGEX REPLACE "^.*args: " "" args "${argl}")
separate_arguments(args UNIX_COMMAND "${args}")
execute_process(COMMAND ${BPFCHECK} run --oracle ${FILE} ${args}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(rc EQUAL 0)
  return()
endif()
if(rc EQUAL 1 AND err MATCHES "rejected by the verifier")
  return()
endif()
message(FATAL_ERROR "exit ${rc}: the violation is still there")
