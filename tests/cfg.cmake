# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Control flow: structural errors, blocks, dominators, loops, irreducible
# cycles, random-graph cross-checks, clang-compiled loop shapes, CLI.
set(CFG_TESTS ${TESTS_DIR}/cfg)
foreach(t structure random_graphs)
  add_c_test(cfg_${t} ${CFG_TESTS}/${t}.c)
  target_include_directories(cfg_${t} PRIVATE ${CMAKE_SOURCE_DIR}/src)
endforeach()
