# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Replaying a soundness reproducer (included by regress.cmake and
# precision.cmake).

# The "; args:" line of FILE as a list in OUT ("" when there is none).
# An empty argument would be dropped on the way: --opt '' -> --opt=.
function(soundness_args file out)
  file(STRINGS ${file} argl REGEX "^; args: ")
  string(REGEX REPLACE "^.*args: " "" args "${argl}")
  string(REGEX REPLACE "(--[a-z-]+) ''" "\\1=" args "${args}")
  separate_arguments(args UNIX_COMMAND "${args}")
  set(${out} "${args}" PARENT_SCOPE)
endfunction()

# `bpfcheck run [FLAGS] FILE ARGS` must end cleanly, or the program be
# rejected (exit 1, "rejected by the verifier"); else fail saying WHY.
function(soundness_replay bpfcheck file args flags why)
  execute_process(COMMAND ${bpfcheck} run ${flags} ${file} ${args}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${out}${err}")
  if(rc EQUAL 0)
    return()
  endif()
  if(rc EQUAL 1 AND err MATCHES "rejected by the verifier")
    return()
  endif()
  message(FATAL_ERROR "exit ${rc}: ${why}")
endfunction()
