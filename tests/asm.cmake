# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Disassembler and assembler: conformance round trip, negative files,
# exact disassembly per instruction class, `bpfcheck disasm` output.

function(asm_c_test name src)
  add_executable(${name} ${src})
  target_link_libraries(${name} PRIVATE bpfcheck_internal)
  target_include_directories(${name} PRIVATE ${TESTS_DIR} ${TESTS_DIR}/asm)
  add_test(NAME ${name} COMMAND ${name} ${ARGN})
  set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77)
endfunction()

asm_c_test(asm_conformance_roundtrip ${TESTS_DIR}/asm/conformance_roundtrip.c
           ${CONFORMANCE_DIR})
asm_c_test(asm_conformance_negative ${TESTS_DIR}/asm/negative.c
           ${CONFORMANCE_DIR})
asm_c_test(asm_disasm_unit ${TESTS_DIR}/asm/disasm_unit.c)

# `bpfcheck disasm` exact output.
set(ASM_RT_DIR ${CMAKE_BINARY_DIR}/tests/asm_rt)
file(MAKE_DIRECTORY ${ASM_RT_DIR}/elf ${ASM_RT_DIR}/raw)
function(disasm_cli_test name rc)
  add_test(NAME ${name} COMMAND ${CMAKE_COMMAND} -DBPFCHECK=${BPFCHECK_BIN}
           -DEXPECT_RC=${rc} ${ARGN} -P ${TESTS_DIR}/asm/run_cli.cmake)
  set_tests_properties(${name} PROPERTIES SKIP_REGULAR_EXPRESSION "SKIP:")
endfunction()

disasm_cli_test(asm_cli_disasm_asm 0 "-DARGS=disasm|${TESTS_DIR}/asm/prog.s"
  -DEXPECTED=${TESTS_DIR}/asm/prog.expected
  -DREASSEMBLE=${ASM_RT_DIR}/prog.s)
disasm_cli_test(asm_cli_missing_file 2 "-DARGS=disasm|${ASM_RT_DIR}/nonexistent.o"
  "-DSTDERR=bpfcheck: ${ASM_RT_DIR}/nonexistent.o: cannot open: No such file or directory")
disasm_cli_test(asm_cli_bad_asm 2 "-DARGS=disasm|${TESTS_DIR}/asm/bad.s"
  "-DSTDERR=bpfcheck: ${TESTS_DIR}/asm/bad.s: line 3: unknown label 'nowhere'")
disasm_cli_test(asm_cli_no_prog 2 "-DARGS=disasm|--prog|nosuch|${TESTS_DIR}/asm/prog.s"
  "-DSTDERR=bpfcheck: ${TESTS_DIR}/asm/prog.s: no program matches --prog nosuch")
disasm_cli_test(asm_cli_usage 2 "-DARGS=disasm"
  "-DSTDERR=bpfcheck disasm: missing FILE\nTry 'bpfcheck disasm --help'.")
disasm_cli_test(asm_cli_bad_option 2 "-DARGS=disasm|--bogus|x"
  "-DSTDERR=bpfcheck disasm: unknown option '--bogus'\nTry 'bpfcheck disasm --help'.")
disasm_cli_test(asm_cli_help 0 "-DARGS=disasm|--help")

# A clang-compiled object: needs the ELF loader (skips while it is a stub).
bpf_object(DISASM_XDP_OBJ ${TESTS_DIR}/asm/disasm_xdp.c
           ${CMAKE_BINARY_DIR}/tests/asm_rt/disasm_xdp.o -O2)
add_custom_target(asm_test_objects ALL DEPENDS ${DISASM_XDP_OBJ})
disasm_cli_test(asm_cli_disasm_elf 0 "-DARGS=disasm|${DISASM_XDP_OBJ}"
  -DEXPECTED=${TESTS_DIR}/asm/disasm_xdp.expected
  "-DSKIP_IF=not implemented")
disasm_cli_test(asm_cli_disasm_elf_nolines 0
  "-DARGS=disasm|--no-lines|--prog|count_bytes|${DISASM_XDP_OBJ}"
  -DEXPECTED=${TESTS_DIR}/asm/disasm_xdp_nolines.expected
  -DREASSEMBLE=${ASM_RT_DIR}/elf/count_bytes.s
  "-DSKIP_IF=not implemented")

# The same object's instructions as raw input (works without the ELF loader).
find_program(LLVM_OBJCOPY NAMES llvm-objcopy llvm-objcopy-14)
if(LLVM_OBJCOPY)
  set(DISASM_XDP_BIN ${ASM_RT_DIR}/disasm_xdp.bin)
  add_custom_command(OUTPUT ${DISASM_XDP_BIN}
    COMMAND ${LLVM_OBJCOPY} -O binary --only-section=xdp ${DISASM_XDP_OBJ}
            ${DISASM_XDP_BIN}
    DEPENDS ${DISASM_XDP_OBJ} VERBATIM)
  add_custom_target(asm_test_raw ALL DEPENDS ${DISASM_XDP_BIN})
  disasm_cli_test(asm_cli_disasm_raw 0
    "-DARGS=disasm|--raw|--type|xdp|${DISASM_XDP_BIN}"
    -DEXPECTED=${TESTS_DIR}/asm/disasm_xdp_raw.expected
    -DREASSEMBLE=${ASM_RT_DIR}/raw/prog.s)
endif()

# Maps, global data, a shared subprogram, two programs in one section.
bpf_object(DISASM_MULTI_OBJ ${TESTS_DIR}/asm/disasm_multi.c
           ${CMAKE_BINARY_DIR}/tests/asm_rt/disasm_multi.o -O2)
add_custom_target(asm_test_multi ALL DEPENDS ${DISASM_MULTI_OBJ})
disasm_cli_test(asm_cli_disasm_multi 0 "-DARGS=disasm|${DISASM_MULTI_OBJ}"
  -DEXPECTED=${TESTS_DIR}/asm/disasm_multi.expected
  "-DSKIP_IF=not implemented")
disasm_cli_test(asm_cli_disasm_multi_section 0
  "-DARGS=disasm|--no-lines|--section|tc|${DISASM_MULTI_OBJ}"
  -DEXPECTED=${TESTS_DIR}/asm/disasm_multi_tc.expected
  -DREASSEMBLE=${ASM_RT_DIR}/elf/scale_len.s
  "-DSKIP_IF=not implemented")

