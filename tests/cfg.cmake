# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Control flow: structural errors, blocks, dominators, loops, irreducible
# cycles, random-graph cross-checks, clang-compiled loop shapes, CLI.
set(CFG_TESTS ${TESTS_DIR}/cfg)
foreach(t structure random_graphs)
  add_c_test(cfg_${t} ${CFG_TESTS}/${t}.c)
  target_include_directories(cfg_${t} PRIVATE ${CMAKE_SOURCE_DIR}/src)
endforeach()

# clang-compiled loop shapes
bpf_test_objects(CFG_BPF_OBJS ${CFG_TESTS}/bpf)
add_custom_target(cfg_bpf_objs ALL DEPENDS ${CFG_BPF_OBJS})
add_executable(cfg_loops_clang ${CFG_TESTS}/loops_clang.c)
target_link_libraries(cfg_loops_clang PRIVATE bpfcheck_static)
target_include_directories(cfg_loops_clang PRIVATE ${CMAKE_SOURCE_DIR}/src)
add_dependencies(cfg_loops_clang cfg_bpf_objs)
add_test(NAME cfg_loops_clang
         COMMAND cfg_loops_clang ${CMAKE_BINARY_DIR}/tests/cfg/bpf)
