#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# __kconfig externs from --kconfig and --kernel-release, as libbpf sets
# them: the branches for other kernels are dead; unknown values verify
# every branch; a strong extern the config lacks is refused.
# Usage: kconfig.sh BPFCHECK OBJDIR CONFIG
B=$1 O=$2/kconfig_branches.O2.o S=$2/kconfig_strong.O2.o C=$3
fail() { echo "kconfig.sh: $*"; exit 1; }
want() {	# want STATUS PATTERN CMD...: exit status and a line of output
	st=$1 pat=$2; shift 2
	out=$("$@" 2>&1); rc=$?
	[ "$rc" = "$st" ] || fail "exit $rc (want $st): $*: $out"
	printf '%s\n' "$out" | grep -q -- "$pat" ||
		fail "no '$pat' in: $*: $out"
}
bad='invalid bpf_context access off=200 size=4'
want 0 'PASS .*kc_version' "$B" verify --kconfig "$C" --kernel-release 6.1.0 "$O"
want 0 'PASS .*kc_values' "$B" verify --kconfig "$C" --kernel-release 6.1.0 "$O"
want 1 "kc_version: .*$bad" "$B" verify --kconfig "$C" --kernel-release 5.10.0 "$O"
want 1 "kc_values: .*$bad" "$B" verify --kconfig '' --kernel-release 6.1.0 "$O"
want 1 "kc_version: .*$bad" "$B" verify --kconfig '' --kernel-release '' "$O"
want 0 "externs: .*CONFIG_HZ=250 ($C).*LINUX_KERNEL_VERSION=0x60100 (kernel release 6.1.0)" \
	"$B" verify --stats --prog kc_values --kconfig "$C" --kernel-release 6.1.0 "$O"
want 0 'CONFIG_NOT_SET=0 (weak, not set)' \
	"$B" verify --stats --prog kc_values --kconfig "$C" --kernel-release 6.1.0 "$O"
want 0 '"name":"CONFIG_NET_MOD","value":"m","from":"' \
	"$B" verify --json --prog kc_values --kconfig "$C" --kernel-release 6.1.0 "$O"
want 1 'CONFIG_HZ=? (not known: no kernel config)' \
	"$B" verify --stats --prog kc_values --kconfig '' "$O"
want 2 "extern 'CONFIG_NOT_SET' (strong): not resolved in $C" \
	"$B" verify --kconfig "$C" "$S"
want 2 "cannot open" "$B" verify --kconfig /nonexistent/config "$O"
want 2 "kconfig_branches.O2.o: .*: cannot read it as a kernel config" \
	"$B" verify --kconfig "$2" "$O"
echo "kconfig ok"
