#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# verify's veristat conventions: -o table|csv with its column names, -e,
# -f filters, repeated --prog, -C comparing two runs, --linux-compat.
# Usage: veristat.sh BPFCHECK EXAMPLES_DIR LOOPS_BEYOND_O
bin=$1 ex=$2 beyond=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok $1"; }
bad() { echo "FAIL $1"; shift; for l in "$@"; do echo "  $l"; done; fail=1; }

# CSV: veristat's header, then one row per program
"$bin" verify -o csv "$ex/bounded_loop.o" "$ex/tc_classifier.o" >"$tmp/a.csv"
head -1 "$tmp/a.csv" | grep -qx 'file_name,prog_name,verdict,duration,total_insns,total_states,peak_states,max_states_per_insn,mem_peak,mem_peak_kb,stack_depth,worst_case_insns,loops_proven,linux_verdict' &&
	[ "$(wc -l <"$tmp/a.csv")" = 3 ] &&
	grep -qE "^$ex/bounded_loop.o,xdp_sum,success,[0-9]+,[0-9]+,[0-9]+,[0-9]+,[0-9]+,0,[1-9][0-9]*,0,585,1,success\$" "$tmp/a.csv" &&
	ok csv || bad csv "$(cat "$tmp/a.csv")"

# -e picks and orders columns; an error message with a comma is quoted
"$bin" verify -o csv -e prog,verdict,error --prog beyond_relational_pkt_len \
	--prog beyond_10m "$beyond" >"$tmp/e.csv"
want='prog_name,verdict,error
beyond_10m,success,
beyond_relational_pkt_len,failure,R2 offset is outside of the packet'
[ "$(cat "$tmp/e.csv")" = "$want" ] && ok emit_and_repeated_prog ||
	bad emit_and_repeated_prog "got: $(cat "$tmp/e.csv")" "want: $want"
"$bin" verify -o csv -e verdict,error -f 'beyond_relational*' "$beyond" \
	>"$tmp/q.csv"
grep -qx 'failure,R2 offset is outside of the packet' "$tmp/q.csv" &&
	ok csv_quoting || bad csv_quoting "$(cat "$tmp/q.csv")"

# table: titles, dashes, one row each
"$bin" verify -o table "$ex/bounded_loop.o" >"$tmp/t"
sed -n 1p "$tmp/t" | grep -qE '^File +Program +Verdict +Duration \(us\) +Insns +States +Peak states$' &&
	sed -n 2p "$tmp/t" | grep -qE '^-+  -+  -+' &&
	sed -n 3p "$tmp/t" | grep -qE "^$ex/bounded_loop.o +xdp_sum +success +[0-9]+ +[0-9]+ " &&
	ok table || bad table "$(cat "$tmp/t")"

# -f: allow and deny globs, FILE/PROG form; a file filtered out is skipped
names() { "$bin" list "$@" | awk 'NF >= 4 && $1 != "SECTION" { print $2 }' | tr '\n' ' '; }
n=$(names -f '!beyond_1*' -f '!*_pkt_len' "$beyond")
m=$(names -f 'loops_beyond*/beyond_1*' "$ex/bounded_loop.o" "$beyond")
[ "$n" = "beyond_unknown_u32_n beyond_countdown_wraps beyond_conditional_counters beyond_scan_subprog_twice beyond_nest_million " ] &&
	[ "$m" = "beyond_150k beyond_10m " ] && ok filters ||
	bad filters "deny: '$n'" "allow: '$m'"

# -C: both runs joined by file and program; numbers diffed, words matched
"$bin" verify -o csv --prog beyond_10m "$beyond" >"$tmp/b1.csv"
"$bin" verify -o csv --linux-compat --prog beyond_10m "$beyond" >"$tmp/b2.csv"
"$bin" verify -C -o csv -e verdict,insns "$tmp/b1.csv" "$tmp/b2.csv" >"$tmp/c.csv"
sed -n 1p "$tmp/c.csv" | grep -qx 'file_name,prog_name,verdict_base,verdict_comp,verdict_diff,total_insns_base,total_insns_comp,total_insns_diff' &&
	grep -qE "^$beyond,beyond_10m,success,failure,MISMATCH,[0-9]+,1000001,\+[0-9]+ \(\+[0-9.]+%\)\$" "$tmp/c.csv" &&
	ok compare || bad compare "$(cat "$tmp/c.csv")"

# --linux-compat and the PASS line's prediction
"$bin" verify --prog beyond_10m "$beyond" >"$tmp/p"
grep -qE "^PASS $beyond tc/beyond_10m \([0-9]+ insns processed; Linux would reject: insn 10: BPF program is too large. Processed 1000001 insn\)\$" "$tmp/p" &&
	ok pass_says_linux || bad pass_says_linux "$(cat "$tmp/p")"
"$bin" verify --linux-compat --prog beyond_10m "$beyond" >"$tmp/l"
[ $? = 1 ] && grep -qE "^FAIL $beyond tc/beyond_10m: insn 10: BPF program is too large. Processed 1000001 insn \(loops_beyond.c:[0-9]+\)\$" "$tmp/l" &&
	ok linux_compat || bad linux_compat "$(cat "$tmp/l")"

# -j N: the same output, in the same order, as one thread
d=$(dirname "$beyond")
"$bin" verify "$d/pkt.O2.o" "$ex"/*.o "$d/ctx.O2.o" >"$tmp/j1" 2>&1
r1=$?
"$bin" verify -j 3 "$d/pkt.O2.o" "$ex"/*.o "$d/ctx.O2.o" >"$tmp/j3" 2>&1
r3=$?
[ $r1 = $r3 ] && [ -s "$tmp/j1" ] && cmp -s "$tmp/j1" "$tmp/j3" && ok jobs ||
	bad jobs "exit $r1 vs $r3" "$(diff "$tmp/j1" "$tmp/j3" | head -5)"

# usage errors: one line and exit 2
for args in "-o xml $ex/bounded_loop.o" "-e nosuch -o csv $ex/bounded_loop.o" \
	    "-e verdict $ex/bounded_loop.o" "-C $tmp/a.csv" \
	    "--linux-compat --insn-budget 5 $ex/bounded_loop.o" \
	    "-j 0 $ex/bounded_loop.o" "-j 2 --log-level 1 $ex/bounded_loop.o"; do
	# shellcheck disable=SC2086
	"$bin" verify $args >/dev/null 2>"$tmp/err"
	rc=$?
	[ $rc = 2 ] && [ -s "$tmp/err" ] && ok "usage: $args" ||
		bad "usage: $args" "rc=$rc" "$(cat "$tmp/err")"
done
printf 'file_name,prog_name\nx\n' >"$tmp/short.csv"
"$bin" verify -C "$tmp/a.csv" "$tmp/short.csv" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc = 2 ] && [ "$(cat "$tmp/err")" = "bpfcheck: $tmp/short.csv:2: 1 fields where the header has 2" ] &&
	ok compare_bad_csv || bad compare_bad_csv "rc=$rc" "$(cat "$tmp/err")"
exit $fail
