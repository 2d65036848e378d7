# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Random programs verified, the accepted ones run under the soundness
# oracle (issue 6), and with --kernel loaded into the running kernel too:
# bench/soundness [-n N] [-k K] [-s SEED] [--kernel].
add_executable(soundness ${CMAKE_CURRENT_SOURCE_DIR}/soundness.c
               ${CMAKE_CURRENT_SOURCE_DIR}/gen.c
               ${CMAKE_CURRENT_SOURCE_DIR}/gen_blocks.c
               ${CMAKE_CURRENT_SOURCE_DIR}/gen_prec.c
               ${CMAKE_CURRENT_SOURCE_DIR}/gen_loops.c
               ${CMAKE_CURRENT_SOURCE_DIR}/kernel_oracle.c)
target_link_libraries(soundness PRIVATE bpfcheck_internal)
set_target_properties(soundness PROPERTIES
  RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bench)
