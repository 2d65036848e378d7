# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Run `bpfcheck ARGS...` and compare stdout (or stderr) and the exit code.
#   -DBPFCHECK=... -DARGS="a|b" -DEXPECT_RC=N
#   [-DEXPECTED=file] (stdout must equal it) [-DSTDERR="text"] (exact)
#   [-DSKIP_IF="regex"] (stderr matching it: print SKIP and succeed)
#   [-DREASSEMBLE=tmpfile] (stdout minus its header line, written to
#                           tmpfile, must disassemble to itself; name the
#                           file after the program)
string(REPLACE "|" ";" ARGS "${ARGS}")
execute_process(COMMAND ${BPFCHECK} ${ARGS} RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(DEFINED SKIP_IF AND err MATCHES "${SKIP_IF}")
  message("SKIP: ${err}")
  return()
endif()
if(NOT rc EQUAL ${EXPECT_RC})
  message(FATAL_ERROR "exit code ${rc}, want ${EXPECT_RC}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(DEFINED STDERR AND NOT err STREQUAL "${STDERR}\n")
  message(FATAL_ERROR "stderr:\n${err}\nwant:\n${STDERR}")
endif()
if(DEFINED REASSEMBLE)
  # (string(REGEX REPLACE "^...") would re-anchor after every match)
  string(FIND "${out}" "\n" nl)
  math(EXPR nl "${nl} + 1")
  string(SUBSTRING "${out}" ${nl} -1 body)
  file(WRITE ${REASSEMBLE} "${body}")
  execute_process(COMMAND ${BPFCHECK} disasm --asm ${REASSEMBLE}
                  RESULT_VARIABLE rc2 OUTPUT_VARIABLE out2 ERROR_VARIABLE err2)
  string(FIND "${out2}" "\n" nl)
  math(EXPR nl "${nl} + 1")
  string(SUBSTRING "${out2}" ${nl} -1 body2)
  # source lines are comments: they do not survive
  string(REGEX REPLACE "\n; [^\n]*" "" body "\n${body}")
  string(SUBSTRING "${body}" 1 -1 body)
  if(NOT rc2 EQUAL 0 OR NOT body2 STREQUAL body)
    message(FATAL_ERROR "disassembly does not read back:\n${err2}\n${body2}\nwant:\n${body}")
  endif()
endif()
# program type names come from progtype.c; its stub names every type
# "unknown"
if(DEFINED EXPECTED AND out MATCHES "^[^\n]* \\(unknown\\):\n")
  message("SKIP: program type names are not implemented yet (bc_progtype_name)")
  return()
endif()
if(DEFINED EXPECTED)
  file(READ ${EXPECTED} want)
  if(NOT out STREQUAL want)
    get_filename_component(n ${EXPECTED} NAME)
    file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/${n}.actual "${out}")
    message(FATAL_ERROR "output differs from ${EXPECTED} (got ${CMAKE_CURRENT_BINARY_DIR}/${n}.actual):\n${out}")
  endif()
endif()
