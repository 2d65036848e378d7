#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# /init of the recording guest (tests/kernels/record.sh): runs every line
# of /jobs.txt ("ID<TAB>kload command") with a time limit, each output in
# an "@@B ID" ... "@@E ID STATUS" block on ttyS1; dumps the kernel's BTF
# (gzip, base64) on ttyS2 when /dump-btf exists; then powers off.
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev 2>/dev/null
mount -t tmpfs tmp /tmp
# maps are charged to RLIMIT_MEMLOCK before 5.11
ulimit -l unlimited
limit=$(cat /timeout)
echo "@@KERNEL $(uname -r)"
if [ -e /dump-btf ]; then
	if [ -e /sys/kernel/btf/vmlinux ]; then
		gzip -c /sys/kernel/btf/vmlinux | base64 >/dev/ttyS2
	fi
	echo "@@BTF-END" >/dev/ttyS2
	echo "@@BTF dumped"
fi
set -f
n=0
start=$(date +%s)
while IFS='	' read -r id cmd; do
	echo "@@B $id"
	timeout -s KILL "$limit" $cmd </dev/null 2>&1
	st=$?
	echo "@@E $id $st"
	if [ "$st" = 137 ]; then
		# the loader's per-program child may still be verifying
		killall -9 kload kload-st 2>/dev/null
	fi
	n=$((n + 1))
	if [ $((n % 200)) = 0 ]; then
		echo "@@PROGRESS $n $(($(date +%s) - start)) s" >/dev/console
	fi
done </jobs.txt >/dev/ttyS1
echo "@@DONE $n jobs in $(($(date +%s) - start)) s" | tee /dev/ttyS1
sync
poweroff -f
