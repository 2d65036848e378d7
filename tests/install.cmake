# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Install into a DESTDIR and use the result as packagers and embedders do.
add_test(NAME install_destdir
  COMMAND sh ${TESTS_DIR}/install/install_test.sh ${CMAKE_BINARY_DIR}
          ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR}/examples/bounded_loop.o)
