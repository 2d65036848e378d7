#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The verifier log as Linux writes it: at level 1 the start state, the path
# to the error with its source lines and, inline, what each instruction
# touched (registers, stack slots, map names), Linux's line above the
# error, the error, and the closing "processed" line; the FAIL line
# carries that detail. (log_kernel.py compares with the live kernel.)
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
check failing_insn "$(sed -n "$((n - 3))p" "$tmp/log")" '^12: \(71\) r2 = \*\(u8 \*\)\(r2 \+0\)$'
check detail "$(sed -n "$((n - 2))p" "$tmp/log")" '^invalid access to map value, value_size=64 off=64 size=1$'
check error "$(sed -n "$((n - 1))p" "$tmp/log")" '^R2 min value is outside of the allowed memory range$'
check processed "$(sed -n "${n}p" "$tmp/log")" '^processed [0-9]+ insns \(limit 1000000\) max_states_per_insn [0-9]+ total_states [0-9]+ peak_states [0-9]+$'
check start "$(sed -n 1p "$tmp/log")" '^0: R1=ctx\(\) R10=fp0$'
check source "$(grep -cE '^; .* @ loops_bad.c:[0-9]+$' "$tmp/log")" '^[1-9][0-9]*$'
check inline_stack "$(grep '^1: ' "$tmp/log")" '^1: \(63\) \*\(u32 \*\)\(r10 -4\) = r6 +; R6=0 R10=fp0 fp-8=0000\?\?\?\?$'
check map_name "$(grep '^11: ' "$tmp/log" | tail -1)" '; R1=64 R2=map_value\(map=amap,ks=4,vs=64,off=64\)$'
check fail_line "$(cat "$tmp/out")" 'insn 12: R2 min value is outside of the allowed memory range; invalid access to map value, value_size=64 off=64 size=1 \(loops_bad.c:[0-9]+\)$'
"$bin" verify --json --linux-compat --prog bad_oob_last_iteration "$obj" >"$tmp/json"
check json_detail "$(cat "$tmp/json")" '"detail":"invalid access to map value, value_size=64 off=64 size=1"'
exit $fail
