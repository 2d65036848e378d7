# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# cmake -DBPFCHECK=path -DFILE=x.s -P regress.cmake
# The file's "; args:" line holds the bpfcheck run arguments of the input
# that once showed a violation; the run must now succeed under the oracle
# (or the program be rejected, exit 1 with "rejected by the verifier").
include(${CMAKE_CURRENT_LIST_DIR}/replay.cmake)
soundness_args(${FILE} args)
if(NOT args)
  message(FATAL_ERROR "${FILE}: no '; args:' line")
endif()
soundness_replay(${BPFCHECK} ${FILE} "${args}" --oracle
  "the violation is still there")
