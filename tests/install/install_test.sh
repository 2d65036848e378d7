#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Installs the build into a DESTDIR, then uses it as a packager and an
# embedder would: the files are where they belong, libbpfcheck.so exports
# only bpfcheck_*, a program builds and runs with pkg-config alone and with
# find_package(bpfcheck), the man page renders and names every option of
# every command's --help.
# usage: install_test.sh BUILD SRCDIR OBJECT [CONSUMER_CFLAGS]
set -eu
build=$1 src=$2 obj=$3 cflags=${4:-}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
fail() { echo "install_test: $*" >&2; exit 1; }

DESTDIR=$d/root cmake --install "$build" >/dev/null
prefix=$(sed -n 's/^prefix=//p' "$build/bpfcheck.pc")
root=$d/root$prefix
lib=$(dirname "$(find "$root" -name libbpfcheck.so -print -quit)")
[ -n "$lib" ] || fail "no libbpfcheck.so installed"
for f in bin/bpfcheck include/bpfcheck/bpfcheck.h share/man/man1/bpfcheck.1 \
	 share/bash-completion/completions/bpfcheck; do
	[ -e "$root/$f" ] || fail "missing $f"
done
for f in libbpfcheck.a libbpfcheck.so.0 pkgconfig/bpfcheck.pc \
	 cmake/bpfcheck/bpfcheckConfig.cmake; do
	[ -e "$lib/$f" ] || fail "missing $lib/$f"
done
readelf -d "$lib/libbpfcheck.so" | grep -q 'SONAME.*libbpfcheck.so.0' ||
	fail "no soname libbpfcheck.so.0"

others=$(nm -D --defined-only "$lib/libbpfcheck.so" | awk '{print $3}' |
	 grep -v '^bpfcheck_' | grep -v '^LIBBPFCHECK_' || true)
[ -z "$others" ] || fail "exported beyond the API: $(echo $others | head -c 300)"
n=$(nm -D --defined-only "$lib/libbpfcheck.so" | grep -c ' bpfcheck_')
echo "libbpfcheck.so exports $n symbols, all bpfcheck_*"

export PKG_CONFIG_SYSROOT_DIR=$d/root PKG_CONFIG_PATH=$lib/pkgconfig
flags=$(pkg-config --cflags --libs bpfcheck) || fail "pkg-config bpfcheck"
cc -Wall -Werror $cflags -o "$d/consumer" "$src/tests/install/consumer.c" $flags ||
	fail "cannot build against the installed headers and library"
LD_LIBRARY_PATH=$lib "$d/consumer" "$obj" > "$d/out" || fail "consumer failed"
grep -q "^libbpfcheck 0\." "$d/out" && grep -q ' accept$' "$d/out" ||
	fail "consumer output: $(cat "$d/out")"
ldd "$d/consumer" | grep -q "$lib/libbpfcheck.so.0" ||
	LD_LIBRARY_PATH=$lib ldd "$d/consumer" | grep -q "libbpfcheck.so.0" ||
	fail "consumer is not linked against the shared library"
cat "$d/out"

cp "$src/tests/install/CMakeLists.txt" "$src/tests/install/consumer.c" "$d/"
unset PKG_CONFIG_SYSROOT_DIR PKG_CONFIG_PATH
cmake -S "$d" -B "$d/b" -DCMAKE_PREFIX_PATH="$root" \
	-DCMAKE_C_FLAGS="$cflags" >/dev/null ||
	fail "find_package(bpfcheck) failed"
cmake --build "$d/b" >/dev/null || fail "find_package consumer did not build"
LD_LIBRARY_PATH=$lib "$d/b/consumer_cmake" "$obj" >/dev/null ||
	fail "find_package consumer failed"
echo "find_package(bpfcheck) consumer built and ran"

man=$root/share/man/man1/bpfcheck.1
warn=$(LC_ALL=C.UTF-8 groff -man -ww -z "$man" 2>&1) || fail "groff: $warn"
[ -z "$warn" ] || fail "man page warnings: $warn"
for c in verify list disasm cfg loops run; do
	for o in $("$root/bin/bpfcheck" $c --help |
		   grep -oE '^ +(-[a-z], )?--[a-z-]+' | grep -oE -- '--[a-z-]+'); do
		grep -q -- "$(echo "$o" | sed 's/-/\\\\-/g')" "$man" ||
			fail "man page lacks $c $o"
	done
done
echo "man page renders and documents every option"
