# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Disassembler and assembler: conformance round trip, negative files,
# exact disassembly per instruction class, `bpfcheck disasm` output.

function(asm_c_test name src)
  add_executable(${name} ${src})
  target_link_libraries(${name} PRIVATE bpfcheck_static)
  target_include_directories(${name} PRIVATE ${TESTS_DIR} ${TESTS_DIR}/asm)
  add_test(NAME ${name} COMMAND ${name} ${ARGN})
  set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77)
endfunction()

asm_c_test(asm_conformance_roundtrip ${TESTS_DIR}/asm/conformance_roundtrip.c
           ${CONFORMANCE_DIR})
asm_c_test(asm_conformance_negative ${TESTS_DIR}/asm/negative.c
           ${CONFORMANCE_DIR})
asm_c_test(asm_disasm_unit ${TESTS_DIR}/asm/disasm_unit.c)
