#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Prints everything bpfcheck says about the corpus and example programs
# (and the verdicts of the kernel selftests and the real-world corpus),
# with timing and memory figures removed, so that two builds can be
# compared byte for byte (a refactoring must not change a verdict, message,
# processed count or JSON field):
#
#   scripts/behaviour_snapshot.sh BUILD > before.txt   # ... after.txt; cmp
#
# BUILD is a configured and built build directory (objects included).
set -uo pipefail
b=${1:?usage: behaviour_snapshot.sh BUILD}
cli=$b/bpfcheck
objs=$(ls "$b"/examples/*.o "$b"/tests/corpus/*.o "$b"/tests/cfg/bpf/*.o \
	  "$b"/tests/interp/bpf/*.o 2>/dev/null)
# the suites nobody here wrote, where they are: verdicts and messages
rw=$(dirname "$0")/../../shared/realworld/ebpf-samples
[ -d "$rw" ] || rw=/work/shared/realworld/ebpf-samples
others=$(ls "$b"/tests/selftests/obj/*.o 2>/dev/null; find "$rw" -name '*.o' \
	 2>/dev/null | sort)
untime() {
	sed -E 's/"(duration_us|peak_mem_kb)":[0-9]+/"\1":0/g;
		s/duration [0-9]+ us, peak memory [0-9]+ KiB/duration 0 us, peak memory 0 KiB/'
}
for o in $objs; do
	echo "### $o"
	"$cli" verify --json "$o" 2>&1 | untime
	"$cli" verify --json --unprivileged "$o" 2>&1 | untime
	"$cli" verify --json --no-precision "$o" 2>&1 | untime
	"$cli" verify --stats "$o" 2>&1 | untime
	"$cli" list --json "$o" 2>&1
	"$cli" disasm "$o" 2>&1
	"$cli" cfg --json "$o" 2>&1
	"$cli" loops "$o" 2>&1
done
for o in $others; do
	echo "### other $o"
	"$cli" verify --json "$o" 2>&1 | untime
done
for o in "$b"/examples/*.o; do
	echo "### log $o"
	"$cli" verify --log-level 2 "$o" 2>&1 | untime
done
echo "### soundness"
"$b"/bench/soundness -n 3000 -k 3 -s 5 2>&1 | grep -v -E 'seconds|ms\b|time'
