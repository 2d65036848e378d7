#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The worst-case bound with callbacks, and the runaway-loop cap
# (--max-worst-case): the verdict, the message, and run's limit.
# Usage: worst_case.sh BPFCHECK CALLS_O LOOPS_BEYOND_O LOOPS_OK_O EXPLORED_S
bin=$1 calls=$2 beyond=$3 ok=$4 explored=$5
fail=0
check() {
	if [ "$2" = "$3" ]; then echo "ok $1"; else
		echo "FAIL $1"; echo "  got:  $2"; echo "  want: $3"; fail=1; fi
}
# bpf_loop(100, cb): 1 + 100 x the callback's 7 insns, and the rest
check bpf_loop_bound "$("$bin" verify --stats --prog cb_bpf_loop_ok "$calls" | grep 'worst case')" \
	"  worst case: at most 711 insns executed by any run"
check bpf_loop_run "$("$bin" run --oracle --prog cb_bpf_loop_ok "$calls" | grep 'insns executed')" \
	"insns executed: 711"
# a counter callback: the rounds meet a state seen before (Linux: 26 insns)
for p in cb_counter_len cb_counter_1000; do
	n=$("$bin" verify --stats --prog $p "$calls" | sed -n 's/.*processed \([0-9]*\) insns,.*/\1/p')
	if [ -n "$n" ] && [ "$n" -le 40 ]; then echo "ok ${p}_processed $n"; else
		echo "FAIL ${p}_processed: $n, want at most 40"; fail=1; fi
done
# bpf_loop(1000, count_cb): 1 + 1000 x the callback's 5 insns, and the rest
check counter_bound "$("$bin" verify --stats --prog cb_counter_1000 "$calls" | grep 'worst case')" \
	"  worst case: at most 5011 insns executed by any run"
# one loop proven (40 rounds), one explored: still a bound (a run
# executes 146 insns)
check explored_bound "$("$bin" verify --stats "$explored" | grep 'worst case')" \
	"  worst case: at most 152 insns executed by any run"
check explored_run "$("$bin" run --oracle "$explored" | grep 'insns executed')" \
	"insns executed: 146"
# and the reason the second one was explored
case $("$bin" verify --stats "$explored" | grep 'loops:') in
*"explored iteration by iteration; loop at insn "*": no register or stack slot changes by a constant step or a constant right shift in it")
	echo "ok explored_reason" ;;
*)	echo "FAIL explored_reason"; fail=1 ;;
esac
# a value that halves (x >>= 1 of a u16): at most 17 header visits
case $("$bin" verify --stats --prog cost_shift_and_count "$ok" | grep 'loops:') in
"  loops: 2 proven by induction (largest trip bound 40)")
	echo "ok shift_proven" ;;
*)	echo "FAIL shift_proven"; fail=1 ;;
esac
# a u32 trip count: finite, but past the default cap of 2^32 insns
out=$("$bin" verify --prog beyond_unknown_u32_n "$beyond")
check runaway_status "$?" 1
case $out in
FAIL*"tc/beyond_unknown_u32_n: insn "*": loop at insn "*" may run 4294967295 times: at most "*" insns in all, over the limit of 4294967296 (max worst case)"*)
	echo "ok runaway_message" ;;
*)	echo "FAIL runaway_message: $out"; fail=1 ;;
esac
"$bin" verify --prog beyond_unknown_u32_n --max-worst-case 100000000000 "$beyond" >/dev/null
check raised_cap_status "$?" 0
out=$("$bin" verify --prog beyond_10m --max-worst-case 1000 "$beyond")
case $out in
*"may run 10000000 times: at most 90000005 insns in all, over the limit of 1000 (max worst case)"*)
	echo "ok lowered_cap" ;;
*)	echo "FAIL lowered_cap: $out"; fail=1 ;;
esac
"$bin" verify --linux-compat --max-worst-case 5 "$beyond" >/dev/null 2>&1
check linux_compat_refuses "$?" 2
err=$("$bin" verify --max-worst-case 12x "$beyond" 2>&1 >/dev/null | head -1)
check bad_value "$err" "bpfcheck verify: bad --max-worst-case '12x'"
# run admits what verify accepts: a 10^7-round loop runs to its end
check run_long "$("$bin" run --prog beyond_10m "$beyond" 2>&1 | grep 'insns executed')" \
	"insns executed: 90000004"
exit $fail
