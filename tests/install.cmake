# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Install into a DESTDIR and use the result as packagers and embedders do.
# A sanitized library needs a sanitized consumer (the runtime must come first).
set(consumer_flags "")
if(BPFCHECK_SANITIZE)
  set(consumer_flags "-fsanitize=address,undefined")
endif()
add_test(NAME install_destdir
  COMMAND sh ${TESTS_DIR}/install/install_test.sh ${CMAKE_BINARY_DIR}
          ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR}/examples/bounded_loop.o "${consumer_flags}")
