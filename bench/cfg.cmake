# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# CFG + dominators + loops on 10k/100k/1M-instruction synthetic programs.
add_executable(cfg_bench ${CMAKE_CURRENT_SOURCE_DIR}/cfg_bench.c)
target_link_libraries(cfg_bench PRIVATE bpfcheck_internal)
