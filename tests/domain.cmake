# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The scalar abstract domain: tnum soundness, scalar soundness (seeded
# random sampling), precision against Linux 6.18 and log formatting.
add_c_test(domain_tnum ${TESTS_DIR}/domain/test_tnum.c)
add_c_test(domain_precision ${TESTS_DIR}/domain/test_precision.c)
add_c_test(domain_soundness ${TESTS_DIR}/domain/test_soundness.c)
# Needs root and bpf(): compares printed states with the live kernel.
add_c_test(domain_kernel_parity ${TESTS_DIR}/domain/test_kernel_parity.c)
