#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# --kernel and --kernels (src/platform/kernels.c): an older profile's
# helpers and instructions, its words, the matrix in its three formats.
# Usage: kernels.sh BPFCHECK CORPUS_OBJDIR
bin=$1 d=$2
fail=0
calls=$d/calls.O2.o mg=$d/may_goto.c19v4.o
# (may_goto needs clang 19's objects)
[ -f "$mg" ] || { echo "skip: no $mg"; exit 77; }
check() {
	if [ "$2" = "$3" ]; then echo "ok $1"; else
		echo "FAIL $1"; echo "  got:  $2"; echo "  want: $3"; fail=1; fi
}
check helper_5.10 "$("$bin" verify --linux-compat --kernel 5.10 --prog cb_bpf_loop_ok "$calls")" \
	"FAIL $calls tc/cb_bpf_loop_ok: insn 8: invalid func unknown#181 (calls.c:217)"
check helper_6.1 "$("$bin" verify --linux-compat --kernel 6.1.0-28-amd64 --prog cb_bpf_loop_ok "$calls" | cut -c1-4)" PASS
check release_above "$("$bin" verify --linux-compat --kernel 7.3 --prog cond_break_array "$mg" | cut -c1-4)" PASS
check may_goto_6.1 "$("$bin" verify --linux-compat --kernel 6.1 --prog cond_break_array "$mg" | sed 's/.*: insn/insn/')" \
	"insn 2: unknown opcode e5 (may_goto.c:55)"
check may_goto_nop_6.12 "$("$bin" verify --linux-compat --kernel 6.12 --prog cond_break_array "$mg" | sed 's/.*: insn/insn/')" \
	"insn 31: invalid may_goto off 0 imm 0 (may_goto.c:55)"
"$bin" verify --kernel 4.19 "$calls" >/dev/null 2>&1
check too_old_status "$?" 2
check matrix_csv "$("$bin" verify --kernels 5.10,6.18 -o csv --prog cb_bpf_loop_ok "$calls" | tail -1)" \
	"\"$calls\",\"tc\",\"cb_bpf_loop_ok\",\"FAIL: needs bpf_loop (not in 5.10)\",\"PASS\",6.18"
check matrix_json "$("$bin" verify --kernels lts -o json --prog cb_bpf_loop_ok "$calls" | grep -o '"kernels":\[[^]]*\]\|"oldest":"[^"]*"' | tr '\n' '|')" \
	'"kernels":["5.10","5.15","6.1","6.6","6.12","6.18"]|"oldest":"6.1"|'
"$bin" verify --kernels 5.10,6.18 --prog cb_bpf_loop_ok "$calls" >/dev/null
check matrix_status "$?" 1
"$bin" verify --kernels 5.10,nosuch "$calls" >/dev/null 2>&1
check matrix_bad_list "$?" 2
# --btf-dir: each column's CO-RE relocations and typed context from that
# kernel's recorded BTF (tests/kernels/K.btf.xz), the newest from the run's
typed=$d/typed.vmlinux.o
kdir=$(dirname "$0")/../kernels
if [ -f "$typed" ] && command -v xz >/dev/null; then
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	for k in 5.10 6.1; do xz -dc "$kdir/$k.btf.xz" > "$tmp/$k.btf"; done
	check btf_dir_core "$("$bin" verify --kernels 5.10,6.1 --btf-dir "$tmp" -o csv --prog task_beyond "$typed" | tail -1 | cut -d, -f4-)" \
		'"FAIL: insn 1: access beyond struct task_struct at off 9408 size 1","FAIL: insn 1: access beyond struct task_struct at off 9792 size 1",'
	check btf_dir_int_ptr "$("$bin" verify --kernels 5.10,6.1 --btf-dir "$tmp" -o csv --prog fentry_int_ptr_arg "$typed" | tail -1 | cut -d, -f4-)" \
		'"FAIL: insn 0: invalid bpf_context access off=8 size=8","PASS",6.1'
	"$bin" verify --btf-dir "$tmp" "$typed" >/dev/null 2>&1
	check btf_dir_alone "$?" 2
else
	echo "skip btf_dir: no $typed or xz"
fi
exit $fail
