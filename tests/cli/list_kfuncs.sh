#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# bpfcheck list --kfuncs: the kfuncs a BTF declares (DECL_TAG "bpf_kfunc")
# and what bpfcheck knows of each; on a fixed BTF (kfuncs_btf.o), then on
# this machine's BTF where it has one.
# disasm names a kfunc call as Linux's log does, by name#id in that BTF.
# Usage: list_kfuncs.sh BPFCHECK KFUNCS_BTF_O KFUNCS_O
bin=$1 fixed=$2 calls=$3
fail=0
check() {
	if [ "$2" = "$3" ]; then echo "ok $1"; else
		echo "FAIL $1"; echo "  got:  $2"; echo "  want: $3"; fail=1; fi
}
row() { # the columns of kfunc $2 in listing $1, spaces squeezed
	echo "$1" | awk -v n="$2" '$1 == n' | tr -s ' '
}
out=$("$bin" list --kfuncs --btf "$fixed")
check fixed_status $? 0
check fixed_rows "$(echo "$out" | awk 'NR > 1 { print $1 }' | head -4 | tr '\n' '|')" \
	"bpf_iter_num_new|bpf_throw|bpf_wq_init|not_a_kfunc_bpfcheck_knows|"
check fixed_modelled "$(row "$out" bpf_iter_num_new | cut -d' ' -f1,3-)" \
	"bpf_iter_num_new KF_ITER_NEW common_btf_ids (common) modelled"
check fixed_not_modelled "$(row "$out" bpf_wq_init | cut -d' ' -f1,3-)" \
	"bpf_wq_init 0 common_btf_ids (common) not modelled: a bpf_wq"
check fixed_unknown "$(row "$out" not_a_kfunc_bpfcheck_knows | cut -d' ' -f1,3-)" \
	"not_a_kfunc_bpfcheck_knows - - unknown to bpfcheck"
check fixed_untagged "$(row "$out" untagged_function)" ""
check fixed_total "$(echo "$out" | tail -1)" \
	"kfuncs: modelled 1 of 4, not modelled 2, unknown to bpfcheck 1"
json=$("$bin" list --kfuncs --json --btf "$fixed")
check fixed_json "$(echo "$json" | grep -o '"name":"bpf_iter_num_new","btf_id":[0-9]*,"status":"modelled","flags":"KF_ITER_NEW","set":"common_btf_ids"' | sed 's/"btf_id":[0-9]*,//')" \
	'"name":"bpf_iter_num_new","status":"modelled","flags":"KF_ITER_NEW","set":"common_btf_ids"'
check fixed_json_total "$(echo "$json" | grep -o '"total":.*')" \
	'"total":4,"modelled":1,"not_modelled":2,"unknown":1}'
id=$(echo "$out" | awk '$1 == "bpf_throw" { print $2 }')
check disasm_name_id "$("$bin" disasm --btf "$fixed" --prog calls_kfunc "$calls" | grep -o 'call bpf_throw.*')" \
	"call bpf_throw#$id"
check disasm_name "$("$bin" disasm --btf '' --prog calls_kfunc "$calls" | grep -o 'call bpf_throw.*')" \
	"call bpf_throw"
"$bin" list --kfuncs "$fixed" >/dev/null 2>&1
check file_argument_refused $? 2
"$bin" list --kfuncs --btf /nonexistent >/dev/null 2>&1
check missing_btf $? 2

# this machine's BTF: content only where it has the kfunc
vmlinux=/sys/kernel/btf/vmlinux
if [ -r "$vmlinux" ]; then
	out=$("$bin" list --kfuncs)
	check live_status $? 0
	total=$(echo "$out" | awk 'NR > 1' | grep -vc '^kfuncs: ')
	check live_total "$(echo "$out" | tail -1 | sed 's/.* of \([0-9]*\),.*/\1/')" "$total"
	if [ -n "$(row "$out" bpf_iter_num_new)" ]; then
		check live_iter_num "$(row "$out" bpf_iter_num_new | cut -d' ' -f3-)" \
			"KF_ITER_NEW common_btf_ids (common) modelled"
		id=$(bpftool btf dump file "$vmlinux" 2>/dev/null |
			sed -n "s/^\[\([0-9]*\)\] FUNC 'bpf_iter_num_new'.*/\1/p")
		[ -z "$id" ] ||
			check live_iter_num_id "$(row "$out" bpf_iter_num_new | cut -d' ' -f2)" "$id"
	fi
	if [ -n "$(row "$out" bpf_task_acquire)" ]; then
		check live_task_acquire "$(row "$out" bpf_task_acquire | cut -d' ' -f3,4)" \
			"KF_ACQUIRE|KF_RET_NULL|KF_RCU generic_btf_ids"
	fi
else
	echo "skip live: no $vmlinux"
fi
exit $fail
