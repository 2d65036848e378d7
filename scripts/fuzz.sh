#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Build the libFuzzer harnesses (fuzz/, clang, ASan + UBSan) in their own
# build directory, replay the regression inputs under fuzz/regress/, then
# fuzz each harness for SECONDS (default 60). Exits non-zero on any crash,
# hang, leak or out-of-memory, printing the path of the input that caused it.
#
# usage: scripts/fuzz.sh [SECONDS]
# env:   FUZZ_BUILD    build directory (default build-fuzz)
#        FUZZ_TARGETS  harnesses to run (default "elf asm raw")
#        FUZZ_SEED     libFuzzer seed (default 0: random; CI uses 1)
#        CONFORMANCE_DIR  bpf_conformance checkout (asm/raw seeds)
set -uo pipefail
cd "$(dirname "$0")/.."
top=$PWD
secs=${1:-60}
build=${FUZZ_BUILD:-build-fuzz}
targets=${FUZZ_TARGETS:-elf asm raw}
conf=${CONFORMANCE_DIR:-$top/../shared/conformance/bpf_conformance}
clang=${CLANG:-clang}

die() { echo "fuzz.sh: $*" >&2; exit 2; }

CC=$clang cmake -S fuzz -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null ||
	die "cmake configure failed"
cmake --build "$build" -j"$(nproc)" >/dev/null || die "build failed"
build=$(cd "$build" && pwd)

# Seeds, regenerated each run (never committed as binaries): the examples
# compiled here, a few clang-built test objects if a build left any, and
# the bpf_conformance programs.
seeds=$build/seeds
rm -rf "$seeds"
mkdir -p "$seeds"/{elf,asm,raw}
for src in examples/*.c; do
	n=$(basename "$src" .c)
	"$clang" -O2 -g -target bpf -I/usr/include/"$(uname -m)"-linux-gnu \
		-c "$src" -o "$seeds/elf/$n.o" 2>/dev/null ||
		echo "fuzz.sh: warning: cannot compile $src" >&2
done
find build*/tests -name '*.O2.o' -size -24k -not -path '*/CMakeFiles/*' \
	-not -path "$build/*" 2>/dev/null | sort -t/ -k2 | awk -F/ '!seen[$NF]++' |
	head -n 40 | while read -r o; do
		cp "$o" "$seeds/elf/$(echo "$o" | tr / _)"
	done
conf_tests=()
[ -d "$conf/tests" ] && conf_tests=("$conf"/tests/*.data)
"$build/fuzz_seedgen" "$seeds/raw" "$seeds/asm" "$seeds"/elf/*.o \
	"${conf_tests[@]}" 2>/dev/null || die "seed generation failed"

declare -A max_len=([elf]=32768 [asm]=8192 [raw]=4104)
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

fail=0
report() {	# harness artifact-dir
	local f
	for f in "$2"/*; do
		[ -e "$f" ] && echo "fuzz.sh: $1: finding, input: $f"
	done
}

for t in $targets; do
	bin=$build/fuzz_$t
	[ -x "$bin" ] || die "no harness $bin"
	corpus=$build/corpus/$t
	art=$build/artifacts/$t
	rm -rf "$art"
	mkdir -p "$corpus" "$art"
	dict=()
	[ -f "fuzz/$t.dict" ] && dict=(-dict="fuzz/$t.dict")
	# Regression inputs first: each must run clean.
	regress=(fuzz/regress/"$t"/*)
	if [ -e "${regress[0]}" ]; then
		echo "== fuzz_$t: ${#regress[@]} regression inputs"
		if ! "$bin" -timeout=10 -rss_limit_mb=2048 "${regress[@]}" \
			>"$build/fuzz_$t.regress.log" 2>&1; then
			tail -n 40 "$build/fuzz_$t.regress.log"
			echo "fuzz.sh: $t: a regression input under fuzz/regress/$t fails" \
				"(log: $build/fuzz_$t.regress.log)"
			fail=1
		fi
	fi
	dirs=("$corpus" "$seeds/$t")
	[ -d "fuzz/regress/$t" ] && dirs+=("fuzz/regress/$t")
	echo "== fuzz_$t: ${secs}s"
	"$bin" "${dict[@]}" -max_total_time="$secs" -timeout=10 \
		-seed="${FUZZ_SEED:-0}" \
		-rss_limit_mb=2048 -max_len="${max_len[$t]}" \
		-artifact_prefix="$art/" -print_final_stats=1 \
		"${dirs[@]}" >"$build/fuzz_$t.log" 2>&1
	rc=$?
	grep -E '^(stat::number_of_executed_units|stat::new_units_added|#[0-9]+ +DONE)' \
		"$build/fuzz_$t.log" | awk '!seen[$0]++' | sed "s/^/  /"
	if [ "$rc" -ne 0 ] || [ -n "$(ls -A "$art")" ]; then
		tail -n 60 "$build/fuzz_$t.log"
		report "$t" "$art"
		echo "fuzz.sh: $t: exit $rc (log: $build/fuzz_$t.log)"
		fail=1
	fi
done
exit $fail
