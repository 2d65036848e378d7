# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Kernel BTF: typed contexts of tp_btf/fentry programs and CO-RE, on
# programs compiled against this machine's vmlinux.h (bpftool btf dump of
# /sys/kernel/btf/vmlinux at build time). Without it the tests skip.
set(BTF_TEST_DIR ${CMAKE_CURRENT_SOURCE_DIR}/btf)
set(BTF_OBJDIR ${CMAKE_BINARY_DIR}/tests/btf)
file(MAKE_DIRECTORY ${BTF_OBJDIR})
find_program(BTF_BPFTOOL bpftool PATHS /usr/sbin /sbin)
if(BTF_BPFTOOL AND EXISTS /sys/kernel/btf/vmlinux)
  add_custom_command(OUTPUT ${BTF_OBJDIR}/vmlinux.h
    COMMAND ${BTF_BPFTOOL} btf dump file /sys/kernel/btf/vmlinux format c
            > ${BTF_OBJDIR}/vmlinux.h
    COMMENT "vmlinux.h from /sys/kernel/btf/vmlinux" VERBATIM)
  set(_objs)
  foreach(n typed core)
    add_custom_command(OUTPUT ${BTF_OBJDIR}/${n}.o
      COMMAND ${BPF_CLANG} -g -target bpf -O2 -I${BTF_OBJDIR}
              -I${BPF_SYS_INCLUDE} -c ${BTF_TEST_DIR}/progs/${n}.c
              -o ${BTF_OBJDIR}/${n}.o
      DEPENDS ${BTF_TEST_DIR}/progs/${n}.c ${BTF_OBJDIR}/vmlinux.h
      COMMENT "clang -target bpf ${n}.c (CO-RE)" VERBATIM)
    list(APPEND _objs ${BTF_OBJDIR}/${n}.o)
  endforeach()
  bpf_object(o ${BTF_TEST_DIR}/progs/oldbtf.c ${BTF_OBJDIR}/oldbtf.o -O0)
  list(APPEND _objs ${o})
  add_custom_target(btf_objects ALL DEPENDS ${_objs})
  add_dependencies(test_api btf_objects)	# api_verify's typed.o
endif()

# Verdicts and messages (expected.txt), the kernel's where it loads them,
# an older kernel's BTF, no BTF, an unreadable --btf.
add_test(NAME btf_verdicts
  COMMAND sh ${BTF_TEST_DIR}/verdicts.sh ${BPFCHECK_BIN} ${BTF_OBJDIR}
          $<TARGET_FILE:kload> ${BTF_TEST_DIR}/expected.txt)
set_tests_properties(btf_verdicts PROPERTIES SKIP_RETURN_CODE 77)

# CO-RE relocation against libbpf's (root and bpf() needed, else skipped).
add_c_test(btf_core_vs_libbpf ${BTF_TEST_DIR}/test_core_vs_libbpf.c)
target_compile_definitions(btf_core_vs_libbpf PRIVATE
  BTF_OBJDIR="${BTF_OBJDIR}")
