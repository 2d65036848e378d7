#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# tests/btf: bpfcheck's verdicts and messages on the typed-context and
# CO-RE programs (expected.txt), against this kernel's BTF, an older one
# (oldbtf.o) and none; where bpf() works, every program the kernel loads
# must get the kernel's verdict, and for typed.o its message.
# Usage: verdicts.sh BPFCHECK OBJDIR KLOAD EXPECTED
BIN=$1 DIR=$2 KLOAD=$3 EXP=$4
[ -f "$DIR/typed.o" ] && [ -f "$DIR/core.o" ] ||
	{ echo "skipped: no /sys/kernel/btf/vmlinux or bpftool at build time"; exit 77; }
fail=0 T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
tab=$(printf '\t')
"$BIN" verify "$DIR/typed.o" "$DIR/core.o" > "$T/cur"
"$BIN" verify --btf "$DIR/oldbtf.o" "$DIR/core.o" > "$T/old"
"$BIN" verify --btf '' "$DIR/core.o" "$DIR/typed.o" > "$T/none"
# "PASS file sec/name (...)" / "FAIL file sec/name: insn I: msg (src)"
got() {	# got OUT OBJ PROG -> "PASS" or "FAIL message"
	grep -E "^(PASS|FAIL) [^ ]*/$2 [^ ]*/$3[ :]" "$1" | head -1 |
	sed -E 's/^PASS .*/PASS/; s/^FAIL [^ ]* [^ ]*: (insn [0-9]+: )?/FAIL /'
}
while IFS="$tab" read -r a b c d e; do
	case $a in '#'*|'') continue ;; esac
	case $a in
	old|none) out=$T/$a obj=$b prog=$c want=$d msg=$e ;;
	*) out=$T/cur obj=$a prog=$b want=$c msg=$d ;;
	esac
	g=$(got "$out" "$obj" "$prog")
	case $g in
	"$want $msg"*|"$want") ;;
	*) echo "FAIL ${out##*/} $obj $prog: want '$want $msg', got '$g'"; fail=1 ;;
	esac
done < "$EXP"
# the kernel's verdicts, where it loads the program's type
for obj in typed core; do
	"$KLOAD" "$DIR/$obj.o" > "$T/k.$obj" 2>/dev/null
	rc=$?
	[ $rc -eq 77 ] && { echo "kernel: bpf() not available, not compared"; continue; }
	while IFS="$tab" read -r prog v n us last; do
		[ "$v" = accept ] || [ "$v" = reject ] || continue
		g=$(got "$T/cur" "$obj.o" "$prog")
		case $v:$g in
		accept:PASS) ;;
		reject:"FAIL $last"*) ;;
		reject:FAIL*) [ $obj = core ] ||
			{ echo "MSG $prog: kernel '$last', bpfcheck '$g'"; fail=1; } ;;
		*) echo "VERDICT $prog: kernel $v, bpfcheck '$g'"; fail=1 ;;
		esac
		echo "kernel $v, bpfcheck ${g%% *}: $obj/$prog"
	done < "$T/k.$obj"
done
"$BIN" verify --btf /nonexistent/vmlinux "$DIR/core.o" > /dev/null 2> "$T/err"
rc=$?
if [ $rc -ne 2 ] || [ "$(wc -l < "$T/err")" -ne 1 ] ||
   ! grep -q "cannot read kernel BTF" "$T/err"; then
	echo "FAIL --btf /nonexistent: exit $rc, $(cat "$T/err")"; fail=1
fi
[ $fail -eq 0 ] && echo "btf verdicts: all as expected"
exit $fail
