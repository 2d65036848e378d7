#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Bad input to `bpfcheck list`: exit 2 and exactly one line on stderr.
# Usage: bad_input.sh BPFCHECK OBJDIR CORPUS_OBJDIR
bin=$1
objdir=$2
corpus=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# expect NAME WANT_STDERR ARGS...
expect() {
	name=$1 want=$2
	shift 2
	"$bin" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	got=$(cat "$tmp/err")
	lines=$(wc -l <"$tmp/err")
	if [ "$rc" != 2 ] || [ "$lines" != 1 ] || [ "$got" != "$want" ]; then
		echo "FAIL $name: rc=$rc lines=$lines"
		echo "  got:  $got"
		echo "  want: $want"
		fail=1
	else
		echo "ok $name"
	fi
}

printf 'abcdefghij' >"$tmp/odd.bin"
expect odd_raw "bpfcheck: $tmp/odd.bin: size 10 is not a multiple of 8 (instructions are 8 bytes)" \
	list --raw --type xdp "$tmp/odd.bin"

head -c 100 "$objdir/subprogs.O2.o" >"$tmp/trunc.o"
expect truncated "bpfcheck: $tmp/trunc.o: section header table (offset $(od -An -tu8 -j40 -N8 "$objdir/subprogs.O2.o" | tr -d ' '), $(od -An -tu2 -j60 -N2 "$objdir/subprogs.O2.o" | tr -d ' ') entries) extends past the end of the file (100 bytes)" \
	list "$tmp/trunc.o"

printf '\177ELF\002\001\001garbage' >"$tmp/garbage.o"
expect garbage_elf "bpfcheck: $tmp/garbage.o: truncated ELF header (14 bytes, need 64)" \
	list "$tmp/garbage.o"

: >"$tmp/empty.o"
expect empty "bpfcheck: $tmp/empty.o: empty file" list "$tmp/empty.o"

printf 'abc\001\002\377 def\n' >"$tmp/binary"
expect binary "bpfcheck: $tmp/binary: not an ELF object or assembly text (binary data; raw instructions need --raw --type T)" \
	verify "$tmp/binary"

printf '#include <linux/bpf.h>\nint f(void) { return 0; }\n' >"$tmp/prog.c"
expect c_source "bpfcheck: $tmp/prog.c: C source, not an eBPF object: compile it first (clang -O2 -g -target bpf -c $tmp/prog.c)" \
	verify "$tmp/prog.c"
# By its name alone: nothing in it marks C, but a .c file is never assembly.
printf 'int x;\n/* a comment */\n' >"$tmp/plain.c"
expect c_by_name "bpfcheck: $tmp/plain.c: C source, not an eBPF object: compile it first (clang -O2 -g -target bpf -c $tmp/plain.c)" \
	verify "$tmp/plain.c"

expect directory "bpfcheck: $tmp: is a directory, not an eBPF object" \
	verify "$tmp"

# The kernel BTF is read when a program first needs it: a typed context.
expect btf_missing "bpfcheck: $corpus/typed.vmlinux.o: task_fields: /nonexistent/vmlinux: cannot read kernel BTF: no such file" \
	verify --btf /nonexistent/vmlinux --prog task_fields "$corpus/typed.vmlinux.o"
# One that needs none is verified without it.
if "$bin" verify --btf /nonexistent/vmlinux "$objdir/subprogs.O2.o" >/dev/null 2>"$tmp/err" &&
	! [ -s "$tmp/err" ]; then
	echo "ok btf_not_needed"
else
	echo "FAIL btf_not_needed: $(cat "$tmp/err")"
	fail=1
fi

if "$bin" -V | grep -qE '^bpfcheck [0-9]+\.[0-9]+\.[0-9]+ \(libbpfcheck '; then
	echo "ok version"
else
	echo "FAIL version: bpfcheck -V printed '$("$bin" -V)'"
	fail=1
fi

# Standard input: "-" is a file like any other.
if "$bin" list - <"$objdir/subprogs.O2.o" | grep -q xdp_bucket; then
	echo "ok stdin"
else
	echo "FAIL stdin: list - did not read the object"
	fail=1
fi

# A real object with a program section whose size is not a multiple of 8.
python3 - "$objdir/subprogs.O2.o" "$tmp/oddsec.o" >"$tmp/oddsize" <<'PY' || exit 1
import struct, sys
d = bytearray(open(sys.argv[1], 'rb').read())
shoff, = struct.unpack_from('<Q', d, 0x28)
shnum, shstrndx = struct.unpack_from('<HH', d, 0x3c)
def sh(i): return struct.unpack_from('<IIQQQQIIQQ', d, shoff + 64 * i)
names = sh(shstrndx)
for i in range(shnum):
    h = sh(i)
    n = d[names[4] + h[0]:].split(b'\0')[0]
    if n == b'xdp':
        struct.pack_into('<Q', d, shoff + 64 * i + 32, h[5] - 3)
        print(h[5] - 3)
open(sys.argv[2], 'wb').write(d)
PY
expect odd_section "bpfcheck: $tmp/oddsec.o: section 'xdp': size $(cat "$tmp/oddsize") is not a multiple of 8 (instructions are 8 bytes)" \
	list "$tmp/oddsec.o"

# One structural fault at a time in real objects (see mutate.py).
for k in sym_shndx rel_range rel_overlap func_size rel_info strtab_link \
	 code_offset bigendian machine elf32; do
	msg=$(python3 "$(dirname "$0")/mutate.py" $k "$objdir/subprogs.O2.o" "$tmp/$k.o") || exit 1
	expect $k "bpfcheck: $tmp/$k.o: $msg" list "$tmp/$k.o"
done
for k in map_size lddw_rel; do
	msg=$(python3 "$(dirname "$0")/mutate.py" $k "$objdir/legacy_maps.O2.o" "$tmp/$k.o") || exit 1
	expect $k "bpfcheck: $tmp/$k.o: $msg" list "$tmp/$k.o"
done

# BTF names that do not resolve, modifier chains that loop (a fuzzer's
# finding and its kin): verified as well as the rest allows, no crash or
# hang (under the sanitizers, no undefined behaviour).
# the names still give a verdict; libbpf sizes the looping map key as bad
for km in btf_names:1 btf_mod_loop:2; do
	k=${km%:*} max=${km#*:}
	python3 "$(dirname "$0")/mutate.py" $k "$corpus/calls.O2.o" "$tmp/$k.o" >/dev/null || exit 1
	timeout 60 "$bin" verify "$tmp/$k.o" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	# a verdict (0, 1), or bad input: one line and exit 2
	if [ $rc -gt "$max" ] || { [ $rc = 2 ] && [ "$(wc -l <"$tmp/err")" != 1 ]; } ||
	   grep -q "runtime error\|Sanitizer" "$tmp/err"; then
		echo "FAIL $k: rc=$rc"; cat "$tmp/err"; fail=1
	else
		echo "ok $k"
	fi
done

expect missing "bpfcheck: $tmp/nope.o: cannot open: No such file or directory" list "$tmp/nope.o"
"$bin" list >/dev/null 2>&1
rc=$?
if [ $rc != 2 ]; then echo "FAIL usage: rc=$rc"; fail=1; else echo "ok usage"; fi

# Good and bad files together: the good one is still listed, exit 2.
"$bin" list "$objdir/subprogs.O2.o" "$tmp/garbage.o" >"$tmp/out" 2>/dev/null
rc=$?
if [ $rc != 2 ] || ! grep -q xdp_count "$tmp/out"; then
	echo "FAIL mixed: rc=$rc"; fail=1
else
	echo "ok mixed"
fi
exit $fail
