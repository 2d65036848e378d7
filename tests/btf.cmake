# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Kernel BTF: this machine's vmlinux.h (bpftool btf dump of
# /sys/kernel/btf/vmlinux at build time), against which the corpus builds
# its typed-context and CO-RE programs (tests/corpus/typed.c, core.c:
# variant vmlinux); an "older kernel's" BTF (oldbtf.o) and one with
# sched_ext (scxbtf.o); CO-RE relocation
# compared with libbpf's. Without kernel BTF or bpftool they skip.
set(BTF_TEST_DIR ${CMAKE_CURRENT_SOURCE_DIR}/btf)
set(BTF_OBJDIR ${CMAKE_BINARY_DIR}/tests/btf)
file(MAKE_DIRECTORY ${BTF_OBJDIR})
find_program(BTF_BPFTOOL bpftool PATHS /usr/sbin /sbin)
set(BTF_VMLINUX_H)
if(BTF_BPFTOOL AND EXISTS /sys/kernel/btf/vmlinux)
  set(BTF_VMLINUX_H ${BTF_OBJDIR}/vmlinux.h)
  add_custom_command(OUTPUT ${BTF_VMLINUX_H}
    COMMAND ${BTF_BPFTOOL} btf dump file /sys/kernel/btf/vmlinux format c
            > ${BTF_VMLINUX_H}
    COMMENT "vmlinux.h from /sys/kernel/btf/vmlinux" VERBATIM)
endif()
bpf_object(o ${BTF_TEST_DIR}/oldbtf.c ${BTF_OBJDIR}/oldbtf.o -O0)
# a kernel with sched_ext's BTF (tests/corpus/sched_ext.c)
bpf_object(scx ${BTF_TEST_DIR}/scxbtf.c ${BTF_OBJDIR}/scxbtf.o -O0)
add_custom_target(btf_objects ALL DEPENDS ${o} ${scx})

# CO-RE relocation against libbpf's (root and bpf() needed, else skipped).
add_c_test(btf_core_vs_libbpf ${BTF_TEST_DIR}/test_core_vs_libbpf.c)
target_compile_definitions(btf_core_vs_libbpf PRIVATE
  BTF_OBJDIR="${BTF_OBJDIR}"
  CORE_OBJ="${CMAKE_BINARY_DIR}/tests/corpus/core.vmlinux.o")
