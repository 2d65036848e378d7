# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# cmake -DBIN=... -DARGS=a;b -DEXPECTED=file -DRC=n -P run_compare.cmake
# Runs BIN ARGS and compares its stdout with EXPECTED and its exit code with RC.
execute_process(COMMAND ${BIN} ${ARGS} RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(READ ${EXPECTED} want)
if(NOT rc EQUAL RC)
  message(FATAL_ERROR "exit code ${rc}, expected ${RC}\nstderr: ${err}")
endif()
if(NOT out STREQUAL want)
  message(FATAL_ERROR "output differs from ${EXPECTED}\n--- got:\n${out}--- expected:\n${want}")
endif()
