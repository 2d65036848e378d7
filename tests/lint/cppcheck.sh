#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# cppcheck's warnings and portability checks over src/, tools/ and bench/.
# A finding that is not one is suppressed where it is, with a comment
# saying why (--inline-suppr); the two suppressed here are about macros of
# system headers cppcheck does not read. bench/loops_scaling.c is a BPF
# program (clang -target bpf), not host code.
# usage: cppcheck.sh SOURCE_DIR
cd "${1:?usage: cppcheck.sh SOURCE_DIR}" || exit 2
if ! command -v cppcheck >/dev/null; then
	echo "SKIP: cppcheck is not installed"
	exit 77
fi
out=$(cppcheck --quiet --enable=warning,portability --std=c11 \
	-I src -I include --inline-suppr -j2 \
	--suppress=missingIncludeSystem \
	--suppress=unknownMacro:bench/kernel_oracle.c \
	-i bench/loops_scaling.c \
	--error-exitcode=1 src tools bench 2>&1)
rc=$?
[ -n "$out" ] && printf '%s\n' "$out"
[ $rc = 0 ] && echo "cppcheck: no findings in src/, tools/, bench/"
exit $rc
