#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Every host C file of the tree is as clang-format (.clang-format, the
# kernel's style) writes it. BPF programs (a SEC() or bpf_helpers.h) are
# test inputs whose source lines the outputs quote, and are left as they
# are. With --fix, the files are rewritten.
# usage: format.sh SOURCE_DIR [--fix]
cd "${1:?usage: format.sh SOURCE_DIR [--fix]}" || exit 2
# Versions format differently; the tree is written by clang-format 14.
cf=${CLANG_FORMAT:-clang-format-14}
if ! command -v "$cf" >/dev/null; then
	echo "SKIP: $cf is not installed"
	exit 77
fi
files=$(find src tools include bench fuzz tests -name '*.[ch]' | sort |
	xargs grep -L -E 'SEC\(|bpf_helpers\.h')
if [ "$2" = --fix ]; then
	"$cf" -i $files
	exit 0
fi
bad=0
for f in $files; do
	if ! "$cf" "$f" | cmp -s - "$f"; then
		echo "FAIL $f: not as clang-format writes it; the first lines that differ:"
		"$cf" "$f" | diff "$f" - | head -8
		bad=$((bad + 1))
	fi
done
echo "format: $(echo $files | wc -w) files, $bad not formatted"
[ $bad = 0 ]
