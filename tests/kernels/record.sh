#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Records older kernels' verdicts (tests/kernels/README.md): boots Debian's
# kernel images under QEMU (TCG) with an initramfs holding busybox, two
# static kloads and the objects, loads every program of the three sets as
# the 6.18 comparisons load them, and writes tests/kernels/K.tsv and
# K.btf.xz. Needs root (apt-get). Nothing is installed from the kernel
# packages: they are only downloaded and unpacked under the cache.
#
#   tests/kernels/record.sh [--kernels "6.12 6.1 5.10"]
#       [--sets "corpus selftests realworld"] [--build DIR]
#       [--selftests DIR] [--realworld DIR] [--cache DIR] [--timeout SEC]
#       [--limit N] [--redo-errors]
#
# --build: a build folder of this tree (its corpus objects are built);
# --selftests: a build's tests/selftests (objects and the libbpf of the
# 6.12 tree, prepared by the selftests_objs target); --realworld: the
# real-world corpus (ebpf-samples and its CSV). A set whose input is
# missing stops the run. --limit N runs only the first N jobs of each set
# (a trial: its tables are incomplete). --redo-errors loads again only the
# programs K.tsv records as errors (same kernel, same jobs) and keeps the
# new answers: to record their reasons again after a loader change. Each (kernel, set) is one boot; a table is
# rewritten from every set recorded so far for that kernel.
set -eu
SRC=$(cd "$(dirname "$0")/../.." && pwd)
HERE=$SRC/tests/kernels
KERNELS="6.12 6.1 5.10"
SETS="corpus selftests realworld"
BUILD=$SRC/build
SELFTESTS=""
REALWORLD=""
CACHE=$SRC/build/kernels
TIMEOUT=600
LIMIT=""
REDO=""
while [ $# -gt 0 ]; do
	case $1 in
	--kernels) KERNELS=$2; shift ;;
	--sets) SETS=$2; shift ;;
	--build) BUILD=$2; shift ;;
	--selftests) SELFTESTS=$2; shift ;;
	--realworld) REALWORLD=$2; shift ;;
	--cache) CACHE=$2; shift ;;
	--timeout) TIMEOUT=$2; shift ;;
	--limit) LIMIT=$2; shift ;;
	--redo-errors) REDO=1 ;;
	*) echo "usage: see the head of $0" >&2; exit 2 ;;
	esac
	shift
done
[ -n "$SELFTESTS" ] || SELFTESTS=$BUILD/tests/selftests
if [ -z "$REALWORLD" ]; then
	REALWORLD=$SRC/../shared/realworld
	[ -d "$REALWORLD" ] || REALWORLD=/work/shared/realworld
fi
mkdir -p "$CACHE"
CACHE=$(cd "$CACHE" && pwd)
log() { echo "record: $*" >&2; }

# 1. host packages: the emulator, busybox, and static libraries for kload.
PKGS="qemu-system-x86 busybox-static cpio xz-utils gzip libbpf-dev
libelf-dev zlib1g-dev libzstd-dev gcc"
missing=""
for p in $PKGS; do
	dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
	log "installing$missing"
	DEBIAN_FRONTEND=noninteractive apt-get install -y \
		--no-install-recommends $missing >&2
fi

# 2. the objects and the loaders.
case " $SETS " in *" corpus "*)
	[ -f "$BUILD/CMakeCache.txt" ] ||
		cmake -S "$SRC" -B "$BUILD" -DSELFTESTS_TARBALL=/nonexistent >&2
	cmake --build "$BUILD" --target corpus_objs -j2 >&2 ;;
esac
case " $SETS " in *" selftests "*)
	[ -f "$SELFTESTS/prepare.json" ] && [ -f "$SELFTESTS/libbpf/libbpf.a" ] || {
		log "$SELFTESTS: no prepared selftests (build the selftests_objs target)"
		exit 1
	} ;;
esac
case " $SETS " in *" realworld "*)
	[ -f "$REALWORLD/ebpf-samples-linux-6.18.csv" ] || {
		log "$REALWORLD: no real-world corpus"
		exit 1
	} ;;
esac
BIN=$CACHE/bin
mkdir -p "$BIN"
KSRC="$SRC/tests/kernel/kload.c $SRC/tests/kernel/kload_legacy.c"
STATIC="-l:libelf.a -l:libz.a -l:libzstd.a"
gcc -O2 -static -o "$BIN/kload" $KSRC -l:libbpf.a $STATIC 2>/dev/null
if [ -f "$SELFTESTS/libbpf/libbpf.a" ]; then
	gcc -O2 -static -I"$SELFTESTS/include" \
		-I"$SELFTESTS/src/tools/include/uapi" -o "$BIN/kload-st" \
		$KSRC "$SELFTESTS/libbpf/libbpf.a" $STATIC 2>/dev/null
fi

# 3. the jobs of each set (the same for every kernel).
JOBS=$CACHE/jobs
rm -rf "$JOBS"
mkdir -p "$JOBS"
for s in $SETS; do
	python3 "$HERE/record.py" jobs --set "$s" --out "$JOBS" \
		--corpus-objdir "$BUILD/tests/corpus" --selftests "$SELFTESTS" \
		--realworld "$REALWORLD" --bpftool "$(command -v bpftool ||
			echo /usr/sbin/bpftool)" >&2
	if [ -n "$LIMIT" ]; then
		head -n "$LIMIT" "$JOBS/jobs-$s.txt" >"$JOBS/j" && mv "$JOBS/j" "$JOBS/jobs-$s.txt"
		head -n "$LIMIT" "$JOBS/keys-$s.tsv" >"$JOBS/j" && mv "$JOBS/j" "$JOBS/keys-$s.tsv"
	fi
done

# 4. the kernels: Debian's images, fetched (never installed).
BULLSEYE=$CACHE/apt-bullseye
bullseye_apt() {
	echo "-o Dir::Etc::sourcelist=$BULLSEYE/sources.list" \
		"-o Dir::Etc::sourceparts=- -o Dir::State::Lists=$BULLSEYE/lists" \
		"-o Dir::Cache=$BULLSEYE/cache -o APT::Get::List-Cleanup=0"
}
apt_opts() {
	case $1 in
	5.10)
		if [ ! -f "$BULLSEYE/sources.list" ]; then
			mkdir -p "$BULLSEYE/lists/partial" \
				"$BULLSEYE/cache/archives/partial"
			key=/usr/share/keyrings/debian-archive-keyring.gpg
			cat >"$BULLSEYE/sources.list" <<EOF
deb [signed-by=$key] http://deb.debian.org/debian bullseye main
deb [signed-by=$key] http://deb.debian.org/debian-security bullseye-security main
EOF
			apt-get $(bullseye_apt) update >&2
		fi
		bullseye_apt ;;
	*) echo "" ;;
	esac
}
# The meta package that follows each series: its one linux-image dependency.
meta_of() {
	case $1 in
	6.12) echo linux-image-6.12-amd64 ;;
	*) echo linux-image-amd64 ;;
	esac
}
fetch_kernel() {
	k=$1
	d=$CACHE/$k
	mkdir -p "$d/deb"
	opts=$(apt_opts "$k")
	pkg=$(apt-cache $opts depends "$(meta_of "$k")" |
		awk '/Depends: linux-image-/ { print $2; exit }')
	case $pkg in
	linux-image-"$k"*) ;;
	*) log "$k: the meta package names $pkg"; exit 1 ;;
	esac
	ver=$(apt-cache $opts show "$pkg" | awk '/^Version:/ { print $2; exit }')
	if [ ! -f "$d/vmlinuz" ] || [ "$(cat "$d/package" 2>/dev/null)" != "$pkg $ver" ]; then
		(cd "$d/deb" && rm -f ./*.deb && apt-get $opts download "$pkg" >&2)
		rm -rf "$d/root"
		mkdir -p "$d/root"
		dpkg-deb --fsys-tarfile "$d"/deb/*.deb |
			tar -x -C "$d/root" --wildcards './boot/*'
		cp "$d"/root/boot/vmlinuz-* "$d/vmlinuz"
		echo "$pkg $ver" >"$d/package"
	fi
}

# 5. one boot: the initramfs for a set, the guest run, its results.
initramfs() {
	k=$1 s=$2 out=$3 jobs=$4
	r=$CACHE/$k/initramfs-$s
	rm -rf "$r"
	mkdir -p "$r/bin" "$r/dev" "$r/proc" "$r/sys" "$r/tmp" "$r/objs"
	cp /bin/busybox "$r/bin/busybox"
	cp "$BIN"/kload* "$r/bin/"
	cp "$HERE/init.sh" "$r/init"
	chmod +x "$r/init"
	mknod "$r/dev/console" c 5 1
	# libbpf reads Kconfig externs from /boot/config-RELEASE, as on the
	# kernel's own Debian system
	mkdir -p "$r/boot"
	cp "$CACHE/$k"/root/boot/config-* "$r/boot/"
	cp -r "$JOBS/objs/$s" "$r/objs/$s"
	cp "$jobs" "$r/jobs.txt"
	echo "$TIMEOUT" >"$r/timeout"
	[ -f "$HERE/$k.btf.xz" ] || : >"$r/dump-btf"
	(cd "$r" && find . | cpio -o -H newc --quiet) >"$out"
	rm -rf "$r"
}
# boot K SET JOBLIST TAG: the guest's answers in $CACHE/K/TAG-SET.txt
boot() {
	k=$1 s=$2 jobs=$3 tag=$4
	d=$CACHE/$k
	initramfs "$k" "$s" "$d/initrd-$s.cpio" "$jobs"
	rm -f "$d/console-$s.log" "$d/$tag-$s.txt" "$d/btf-$s.b64"
	t0=$(date +%s)
	qemu-system-x86_64 -accel tcg -cpu max -m 2G -smp 1 -no-reboot \
		-display none -monitor none \
		-kernel "$d/vmlinuz" -initrd "$d/initrd-$s.cpio" \
		-append "console=ttyS0 loglevel=4 panic=-1" \
		-serial "file:$d/console-$s.log" \
		-serial "file:$d/$tag-$s.txt" \
		-serial "file:$d/btf-$s.b64" >&2
	t1=$(date +%s)
	if [ "$tag" = results ]; then
		echo "$((t1 - t0))" >"$d/seconds-$s"
		echo "$TIMEOUT" >"$d/timeout-$s"
	fi
	rm -f "$d/initrd-$s.cpio"
	log "$k $s: $((t1 - t0)) s ($(tail -n 1 "$d/$tag-$s.txt" | tr -d '\r'))"
	if [ -s "$d/btf-$s.b64" ] && [ ! -f "$HERE/$k.btf.xz" ]; then
		sed -e 's/\r$//' -e '/^@@BTF-END/d' "$d/btf-$s.b64" |
			base64 -d | gzip -dc | xz -9 >"$HERE/$k.btf.xz.tmp"
		mv "$HERE/$k.btf.xz.tmp" "$HERE/$k.btf.xz"
	fi
}
table() {
	k=$1
	d=$CACHE/$k
	keys="" results="" limits=""
	for s in corpus selftests realworld; do
		if [ -f "$d/results-$s.txt" ] && [ -f "$d/keys-$s.tsv" ]; then
			keys="$keys $d/keys-$s.tsv"
			results="$results $d/results-$s.txt"
			limits="$limits $(cat "$d/timeout-$s")"
		fi
	done
	release=$(sed -n 's/^@@KERNEL //p' "$d"/console-*.log | tr -d '\r' | head -n 1)
	python3 "$HERE/record.py" parse --keys $keys --results $results \
		--timeouts $limits --out "$HERE/$k.tsv" \
		--kernel-release "$release" --package "$(cat "$d/package")" >&2
}

# --redo-errors: the errors of the last recording, loaded again; their new
# blocks, appended, override the old ones (record.py read_blocks).
redo() {
	k=$1 s=$2
	d=$CACHE/$k
	cmp -s "$JOBS/keys-$s.tsv" "$d/keys-$s.tsv" || {
		log "$k $s: the jobs changed since it was recorded: record it again"
		exit 1
	}
	python3 "$HERE/record.py" redo --table "$HERE/$k.tsv" \
		--keys "$d/keys-$s.tsv" --jobs "$JOBS/jobs-$s.txt" >"$JOBS/redo-$s.txt"
	[ -s "$JOBS/redo-$s.txt" ] || return 0
	boot "$k" "$s" "$JOBS/redo-$s.txt" redo
	cat "$d/redo-$s.txt" >>"$d/results-$s.txt"
}

for k in $KERNELS; do
	fetch_kernel "$k"
	for s in $SETS; do
		if [ -n "$REDO" ]; then
			redo "$k" "$s"
			continue
		fi
		cp "$JOBS/keys-$s.tsv" "$CACHE/$k/keys-$s.tsv"
		boot "$k" "$s" "$JOBS/jobs-$s.txt" results
	done
	table "$k"
done
