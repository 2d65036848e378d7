# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# cmake -DBPFCHECK=path -DFILE=x.s -P precision.cmake
# Precision tracking must not change a verdict: `bpfcheck verify` (on) and
# `bpfcheck verify --no-precision` agree, unless the search without
# precision ran out of a resource (the instruction budget, the jump stack).
# When the file has an "; args:" line (a soundness reproducer), the run
# with those arguments and precision on must also be clean (or rejected).
execute_process(COMMAND ${BPFCHECK} verify ${FILE}
  RESULT_VARIABLE rc_on OUTPUT_VARIABLE out_on ERROR_VARIABLE err_on)
execute_process(COMMAND ${BPFCHECK} verify --no-precision ${FILE}
  RESULT_VARIABLE rc_off OUTPUT_VARIABLE out_off ERROR_VARIABLE err_off)
message("precision on:  ${out_on}${err_on}precision off: ${out_off}${err_off}")
if(NOT rc_on MATCHES "^[01]$" OR NOT rc_off MATCHES "^[01]$")
  message(FATAL_ERROR "verify exited ${rc_on} / ${rc_off}")
endif()
if(NOT rc_on EQUAL rc_off)
  set(limit "BPF program is too large|is too complex")
  if(NOT (rc_on EQUAL 0 AND "${out_off}${err_off}" MATCHES "${limit}"))
    message(FATAL_ERROR "the verdicts differ: precision on exit ${rc_on}, off exit ${rc_off}")
  endif()
endif()
include(${CMAKE_CURRENT_LIST_DIR}/replay.cmake)
soundness_args(${FILE} args)
if(NOT args OR NOT rc_on EQUAL 0)
  return()
endif()
soundness_replay(${BPFCHECK} ${FILE} "${args}" ""
  "the run of the program accepted with precision on failed")
