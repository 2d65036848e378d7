# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Loader tests: clang-compiled objects with every kind of map, subprograms,
# several programs per section; `bpfcheck list` output; malformed input.
set(LOAD_DIR ${CMAKE_CURRENT_SOURCE_DIR}/load)
set(LOAD_OBJDIR ${CMAKE_BINARY_DIR}/tests/load/progs)
bpf_test_objects(LOAD_OBJS ${LOAD_DIR}/progs)
add_custom_target(load_objects_bpf ALL DEPENDS ${LOAD_OBJS})

add_c_test(load_objects ${LOAD_DIR}/test_loader.c)
add_dependencies(load_objects load_objects_bpf)
target_compile_definitions(load_objects PRIVATE
  LOAD_OBJDIR="${LOAD_OBJDIR}")

# Every prefix and many corruptions of real objects (one per kind).
add_c_test(load_truncate ${LOAD_DIR}/test_truncate.c)
add_dependencies(load_truncate load_objects_bpf)
target_compile_definitions(load_truncate PRIVATE
  LOAD_OBJDIR="${LOAD_OBJDIR}")

# `bpfcheck list` output compared with tests/load/expected/NAME.list.
file(GLOB LOAD_EXPECTED CONFIGURE_DEPENDS ${LOAD_DIR}/expected/*.list)
foreach(exp ${LOAD_EXPECTED})
  get_filename_component(n ${exp} NAME_WE)
  add_test(NAME load_list_${n}
    COMMAND ${CMAKE_COMMAND} -DBIN=${BPFCHECK_BIN}
            -DARGS=list\;--maps\;${LOAD_OBJDIR}/${n}.O2.o
            -DEXPECTED=${exp} -DRC=0
            -P ${LOAD_DIR}/run_compare.cmake
    WORKING_DIRECTORY ${LOAD_OBJDIR})
endforeach()

# Bad input: one-line errors, exit 2.
add_test(NAME load_bad_input
  COMMAND sh ${LOAD_DIR}/bad_input.sh ${BPFCHECK_BIN} ${LOAD_OBJDIR}
          ${CMAKE_BINARY_DIR}/tests/corpus)
add_test(NAME load_list_json
  COMMAND sh ${LOAD_DIR}/json.sh ${BPFCHECK_BIN} ${LOAD_OBJDIR})

# Our linking against libbpf's (root and bpf() needed, else skipped).
add_c_test(load_vs_libbpf ${LOAD_DIR}/test_vs_libbpf.c)
add_dependencies(load_vs_libbpf load_objects_bpf examples)
target_compile_definitions(load_vs_libbpf PRIVATE
  LOAD_OBJDIR="${LOAD_OBJDIR}" EXAMPLES_DIR="${CMAKE_BINARY_DIR}/examples")

add_c_test(load_progtype ${LOAD_DIR}/test_progtype.c)

# --type overrides the inferred type of every program.
add_test(NAME load_list_type_override
  COMMAND ${CMAKE_COMMAND} -DBIN=${BPFCHECK_BIN}
          -DARGS=list\;--type\;cgroup/connect4\;${LOAD_OBJDIR}/subprogs.O2.o
          -DEXPECTED=${LOAD_DIR}/expected/type_override.txt -DRC=0
          -P ${LOAD_DIR}/run_compare.cmake)

# Several files at once: a "FILE:" heading before each table.
add_test(NAME load_list_examples
  COMMAND ${CMAKE_COMMAND} -DBIN=${BPFCHECK_BIN}
          -DARGS=list\;bounded_loop.o\;exec_ringbuf.o\;socket_filter.o\;tc_classifier.o\;xdp_parser.o
          -DEXPECTED=${LOAD_DIR}/expected/examples.txt -DRC=0
          -P ${LOAD_DIR}/run_compare.cmake
  WORKING_DIRECTORY ${CMAKE_BINARY_DIR}/examples)

# A kfunc or __ksym in one program fails that program alone.
add_test(NAME load_verify_kfuncs
  COMMAND ${CMAKE_COMMAND} -DBIN=${BPFCHECK_BIN}
          -DARGS=verify\;kfuncs.O2.o
          -DEXPECTED=${LOAD_DIR}/expected/kfuncs.verify -DRC=1
          -P ${LOAD_DIR}/run_compare.cmake
  WORKING_DIRECTORY ${LOAD_OBJDIR})

# __kconfig externs set from a kernel config and release.
add_test(NAME load_kconfig
  COMMAND sh ${LOAD_DIR}/kconfig.sh ${BPFCHECK_BIN} ${LOAD_OBJDIR}
          ${LOAD_DIR}/test.config)
