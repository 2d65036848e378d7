#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The verifier log as Linux writes it: at level 1 the path to the error with
# its source lines, the state (registers and stack slots), Linux's line
# above the error, the error, and the closing "processed" line; the FAIL
# line carries that detail.
# Usage: log.sh BPFCHECK LOOPS_BAD_O
bin=$1 obj=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() {
	if printf '%s\n' "$2" | grep -qE "$3"; then echo "ok $1"; else
		echo "FAIL $1"; echo "  got:  $2"; echo "  want: $3"; fail=1; fi
}
"$bin" verify --linux-compat --log-level 1 --prog bad_oob_last_iteration \
	"$obj" >"$tmp/out" 2>"$tmp/log"
n=$(wc -l <"$tmp/log")
check state "$(sed -n "$((n - 3))p" "$tmp/log")" '^ R0=map_value\(\) R1=64 R2=map_value\(off=64\) .* R10=fp0 fp-8=0000\?\?\?\?$'
check detail "$(sed -n "$((n - 2))p" "$tmp/log")" '^invalid access to map value, value_size=64 off=64 size=1$'
check error "$(sed -n "$((n - 1))p" "$tmp/log")" '^R2 min value is outside of the allowed memory range$'
check processed "$(sed -n "${n}p" "$tmp/log")" '^processed [0-9]+ insns \(limit 1000000\) max_states_per_insn [0-9]+ total_states [0-9]+ peak_states [0-9]+$'
check source "$(grep -c '^; .* @ loops_bad.c:13[67]$' "$tmp/log")" '^[1-9][0-9]*$'
check first_insn "$(sed -n 2p "$tmp/log")" '^0: \(b7\) r6 = 0$'
check fail_line "$(cat "$tmp/out")" 'insn 12: R2 min value is outside of the allowed memory range; invalid access to map value, value_size=64 off=64 size=1 \(loops_bad.c:137\)$'
"$bin" verify --json --linux-compat --prog bad_oob_last_iteration "$obj" >"$tmp/json"
check json_detail "$(cat "$tmp/json")" '"detail":"invalid access to map value, value_size=64 off=64 size=1"'
exit $fail
