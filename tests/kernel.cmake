# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# kload: Linux's verdict for programs of an object (tests/kernel/kload.c).
add_executable(kload ${CMAKE_CURRENT_SOURCE_DIR}/kernel/kload.c
                     ${CMAKE_CURRENT_SOURCE_DIR}/kernel/kload_legacy.c)
target_link_libraries(kload PRIVATE PkgConfig::LIBBPF PkgConfig::LIBELF)
