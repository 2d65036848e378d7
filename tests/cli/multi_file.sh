#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# disasm, cfg and loops take several files, as verify and list do, and
# name each program's file; --help lists the program types.
# Usage: multi_file.sh BPFCHECK EXAMPLES_DIR
bin=$1 ex=$2
fail=0
a=$ex/bounded_loop.o b=$ex/tc_classifier.o
check() {
	if [ "$2" = "$3" ]; then echo "ok $1"; else
		echo "FAIL $1"; echo "  got:  $2"; echo "  want: $3"; fail=1; fi
}
check disasm "$("$bin" disasm "$a" "$b" | grep ':$' | tr '\n' '|')" \
	"$a: xdp/xdp_sum (xdp):|$b: tc/tc_classify (sched_cls):|"
check loops "$("$bin" loops "$a" "$b" | grep -v '^ ' | tr '\n' '|')" \
	"$a: xdp/xdp_sum (xdp): 1 loop|$b: tc/tc_classify (sched_cls): 0 loops|"
check cfg "$("$bin" cfg "$a" "$b" | grep ' (.*):$' | tr '\n' '|')" \
	"$a: xdp/xdp_sum (xdp):|$b: tc/tc_classify (sched_cls):|"
check loops_json "$("$bin" loops --json "$a" "$b" | grep -o '"file":"[^"]*","section":"[^"]*"' | tr '\n' '|')" \
	"\"file\":\"$a\",\"section\":\"xdp\"|\"file\":\"$b\",\"section\":\"tc\"|"
check one_file_unchanged "$("$bin" loops "$a" | head -1)" "xdp/xdp_sum (xdp): 1 loop"
"$bin" cfg "$a" /nonexistent.o >/dev/null 2>&1
check bad_file_status "$?" 2
"$bin" --help | grep -q '^  socket_filter kprobe sched_cls' && echo "ok help_types" ||
	{ echo "FAIL help_types"; fail=1; }
"$bin" verify --type nosuch "$a" 2>&1 >/dev/null | grep -qx "bpfcheck: $a: unknown program type 'nosuch' ('bpfcheck --help' lists them)" &&
	echo "ok unknown_type" || { echo "FAIL unknown_type"; fail=1; }
exit $fail
