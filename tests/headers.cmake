# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Every header under src/ compiles on its own: one translation unit per
# src/*/*.h that includes only that header, built with the project's
# warnings. Not part of the default build; the test builds it, and its
# output names each header that is missing an include.
file(GLOB BPFCHECK_HEADERS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/*/*.h)
set(_header_tus)
foreach(h ${BPFCHECK_HEADERS})
  file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR}/src ${h})
  string(REGEX REPLACE "[/.]" "_" stem ${rel})
  set(tu ${CMAKE_CURRENT_BINARY_DIR}/headers_self_contained/${stem}.c)
  file(CONFIGURE OUTPUT ${tu} CONTENT "#include \"${rel}\"\n")
  list(APPEND _header_tus ${tu})
endforeach()
add_library(headers_self_contained OBJECT EXCLUDE_FROM_ALL ${_header_tus})
target_include_directories(headers_self_contained PRIVATE
  ${CMAKE_SOURCE_DIR}/src ${CMAKE_SOURCE_DIR}/include)
target_link_libraries(headers_self_contained PRIVATE
  PkgConfig::LIBELF PkgConfig::LIBBPF)
target_compile_options(headers_self_contained PRIVATE -Werror)
add_test(NAME headers_self_contained
  COMMAND ${CMAKE_COMMAND} --build ${CMAKE_BINARY_DIR}
          --target headers_self_contained)
