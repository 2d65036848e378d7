# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Loader tests: clang-compiled objects with every kind of map, subprograms,
# several programs per section; `bpfcheck list` output; malformed input.
set(LOADER_DIR ${CMAKE_CURRENT_SOURCE_DIR}/loader)
set(LOADER_OBJDIR ${CMAKE_BINARY_DIR}/tests/loader/progs)
bpf_test_objects(LOADER_OBJS ${LOADER_DIR}/progs)
add_custom_target(loader_objects_bpf ALL DEPENDS ${LOADER_OBJS})

add_c_test(loader_objects ${LOADER_DIR}/test_loader.c)
add_dependencies(loader_objects loader_objects_bpf)
target_compile_definitions(loader_objects PRIVATE
  LOADER_OBJDIR="${LOADER_OBJDIR}")

# Every prefix and many corruptions of real objects (one per kind).
add_c_test(loader_truncate ${LOADER_DIR}/test_truncate.c)
add_dependencies(loader_truncate loader_objects_bpf)
target_compile_definitions(loader_truncate PRIVATE
  LOADER_OBJDIR="${LOADER_OBJDIR}")

# `bpfcheck list` output compared with tests/loader/expected/NAME.list.
file(GLOB LOADER_EXPECTED CONFIGURE_DEPENDS ${LOADER_DIR}/expected/*.list)
foreach(exp ${LOADER_EXPECTED})
  get_filename_component(n ${exp} NAME_WE)
  add_test(NAME loader_list_${n}
    COMMAND ${CMAKE_COMMAND} -DBIN=${BPFCHECK_BIN}
            -DARGS=list\;--maps\;${LOADER_OBJDIR}/${n}.O2.o
            -DEXPECTED=${exp} -DRC=0
            -P ${LOADER_DIR}/run_compare.cmake
    WORKING_DIRECTORY ${LOADER_OBJDIR})
endforeach()

# Bad input: one-line errors, exit 2.
add_test(NAME loader_bad_input
  COMMAND sh ${LOADER_DIR}/bad_input.sh ${BPFCHECK_BIN} ${LOADER_OBJDIR}
          ${CMAKE_BINARY_DIR}/tests/corpus)
add_test(NAME loader_list_json
  COMMAND sh ${LOADER_DIR}/json.sh ${BPFCHECK_BIN} ${LOADER_OBJDIR})

# Our linking against libbpf's (root and bpf() needed, else skipped).
add_c_test(loader_vs_libbpf ${LOADER_DIR}/test_vs_libbpf.c)
add_dependencies(loader_vs_libbpf loader_objects_bpf examples)
target_compile_definitions(loader_vs_libbpf PRIVATE
  LOADER_OBJDIR="${LOADER_OBJDIR}" EXAMPLES_DIR="${CMAKE_BINARY_DIR}/examples")

add_c_test(loader_progtype ${LOADER_DIR}/test_progtype.c)

# --type overrides the inferred type of every program.
add_test(NAME loader_list_type_override
  COMMAND ${CMAKE_COMMAND} -DBIN=${BPFCHECK_BIN}
          -DARGS=list\;--type\;cgroup/connect4\;${LOADER_OBJDIR}/subprogs.O2.o
          -DEXPECTED=${LOADER_DIR}/expected/type_override.txt -DRC=0
          -P ${LOADER_DIR}/run_compare.cmake)

# Several files at once: a "FILE:" heading before each table.
add_test(NAME loader_list_examples
  COMMAND ${CMAKE_COMMAND} -DBIN=${BPFCHECK_BIN}
          -DARGS=list\;bounded_loop.o\;exec_ringbuf.o\;socket_filter.o\;tc_classifier.o\;xdp_parser.o
          -DEXPECTED=${LOADER_DIR}/expected/examples.txt -DRC=0
          -P ${LOADER_DIR}/run_compare.cmake
  WORKING_DIRECTORY ${CMAKE_BINARY_DIR}/examples)

# A kfunc or __ksym in one program fails that program alone.
add_test(NAME loader_verify_kfuncs
  COMMAND ${CMAKE_COMMAND} -DBIN=${BPFCHECK_BIN}
          -DARGS=verify\;kfuncs.O2.o
          -DEXPECTED=${LOADER_DIR}/expected/kfuncs.verify -DRC=1
          -P ${LOADER_DIR}/run_compare.cmake
  WORKING_DIRECTORY ${LOADER_OBJDIR})

# __kconfig externs set from a kernel config and release.
add_test(NAME loader_kconfig
  COMMAND sh ${LOADER_DIR}/kconfig.sh ${BPFCHECK_BIN} ${LOADER_OBJDIR}
          ${LOADER_DIR}/test.config)
