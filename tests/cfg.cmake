# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Control flow: structural errors, blocks, dominators, loops, irreducible
# cycles, random-graph cross-checks, clang-compiled loop shapes, CLI.
set(CFG_TESTS ${TESTS_DIR}/cfg)
foreach(t structure random_graphs kernel_parity stacklive)
  add_c_test(cfg_${t} ${CFG_TESTS}/${t}.c)
endforeach()

# clang-compiled loop shapes
bpf_test_objects(CFG_BPF_OBJS ${CFG_TESTS}/bpf)
add_custom_target(cfg_bpf_objs ALL DEPENDS ${CFG_BPF_OBJS})
add_executable(cfg_loops_clang ${CFG_TESTS}/loops_clang.c)
target_link_libraries(cfg_loops_clang PRIVATE bpfcheck_internal)
add_dependencies(cfg_loops_clang cfg_bpf_objs)
add_test(NAME cfg_loops_clang
         COMMAND cfg_loops_clang ${CMAKE_BINARY_DIR}/tests/cfg/bpf)

# `bpfcheck cfg` and `bpfcheck loops`
set(CFG_OBJ ${CMAKE_BINARY_DIR}/tests/cfg/bpf)
function(cfg_cli_test name rc)
  add_test(NAME ${name} COMMAND ${CMAKE_COMMAND} -DBPFCHECK=${BPFCHECK_BIN}
           -DEXPECT_RC=${rc} ${ARGN} -P ${CFG_TESTS}/run_cli.cmake)
  set_tests_properties(${name} PROPERTIES SKIP_REGULAR_EXPRESSION "SKIP:")
endfunction()
set(A ${CFG_TESTS}/asm)
cfg_cli_test(cfg_cli_text 0 "-DARGS=cfg|${A}/mixed.s" -DEXPECTED=${A}/mixed.cfg.expected)
cfg_cli_test(cfg_cli_nest 0 "-DARGS=cfg|${A}/nest.s" -DEXPECTED=${A}/nest.cfg.expected)
cfg_cli_test(cfg_cli_loops 0 "-DARGS=loops|${A}/nest.s" -DEXPECTED=${A}/nest.loops.expected)
cfg_cli_test(cfg_cli_loops_json 0 "-DARGS=loops|--json|${A}/nest.s"
  -DEXPECTED=${A}/nest.loops.json.expected -DJSON=1)
cfg_cli_test(cfg_cli_json_callback 0 "-DARGS=cfg|--json|${A}/callback.s"
  -DEXPECTED=${A}/callback.cfg.json.expected -DJSON=1)
cfg_cli_test(cfg_cli_json_clang 0 "-DARGS=cfg|--json|${CFG_OBJ}/loops.O2.o" -DJSON=1
  "-DMATCH=\"name\":\"nested3\"")
cfg_cli_test(cfg_cli_recursive 1 "-DARGS=cfg|${A}/recursive.s"
  "-DSTDERR=bpfcheck: ${A}/recursive.s: recursive: recursive call from insn 5 to 2")
cfg_cli_test(cfg_cli_recursive_json 1 "-DARGS=cfg|--json|${A}/recursive.s" -DJSON=1
  "-DMATCH=\"error\":{\"insn\":5,\"message\":\"recursive call from insn 5 to 2\"}")
cfg_cli_test(cfg_cli_reject_irreducible 1 "-DARGS=cfg|--reject-irreducible|${A}/mixed.s"
  "-DSTDERR=bpfcheck: ${A}/mixed.s: mixed: irreducible loop: insns 2..6 entered at insn 2 and insn 5")
cfg_cli_test(cfg_cli_loops_reject 1 "-DARGS=loops|--reject-irreducible|--prog|two_entries|${CFG_OBJ}/irreducible.O2.o"
  "-DSTDERR=bpfcheck: ${CFG_OBJ}/irreducible.O2.o: two_entries: irreducible loop: insns 10..27 entered at insn 10 and insn 23")
cfg_cli_test(cfg_cli_loops_lines 0 "-DARGS=loops|--prog|nested3|${CFG_OBJ}/loops.O2.o"
  "-DMATCH=      loop 2 at insn [0-9]+ \\(loops.c:[0-9]+\\): depth 3")
cfg_cli_test(cfg_cli_dot_asm 0 "-DARGS=cfg|--dot|${A}/mixed.s" -DDOT=1
  "-DMATCH=color=red")
cfg_cli_test(cfg_cli_dot_clang 0 "-DARGS=cfg|--dot|${CFG_OBJ}/loops.O3.o" -DDOT=1
  "-DMATCH=style=dashed")
cfg_cli_test(cfg_cli_dot_irr 0 "-DARGS=cfg|--dot|${CFG_OBJ}/irreducible.O1.o" -DDOT=1)
cfg_cli_test(cfg_cli_usage 2 "-DARGS=cfg"
  "-DSTDERR=bpfcheck cfg: missing FILE\nTry 'bpfcheck cfg --help'.")
cfg_cli_test(cfg_cli_dot_json 2 "-DARGS=cfg|--dot|--json|${A}/mixed.s"
  "-DSTDERR=bpfcheck cfg: --dot and --json exclude each other\nTry 'bpfcheck cfg --help'.")
cfg_cli_test(cfg_cli_loops_bad_option 2 "-DARGS=loops|--bogus|x"
  "-DSTDERR=bpfcheck loops: unknown option '--bogus'\nTry 'bpfcheck loops --help'.")
