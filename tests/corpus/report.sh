#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Agreement table for the whole verdict corpus: per program and variant,
# the EXPECT verdict, Linux's verdict (recorded in linux.tsv, or live with
# --live) and bpfcheck's verdict and message, then the totals.
#
#   tests/corpus/report.sh [BUILD_DIR] [--live]
#
# BUILD_DIR (default: build) must have been built (corpus objects, bpfcheck,
# and kload for --live).
set -e
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-build}
case "$build" in --live) build=build; live=1 ;; esac
[ "$2" = "--live" ] && live=1
build=$(cd "$build" && pwd)
objdir=$build/tests/corpus
[ -d "$objdir" ] || { echo "report.sh: $objdir: no corpus objects (build first)" >&2; exit 2; }
tsv=$here/linux.tsv
if [ -n "$live" ]; then
	tsv=$(mktemp)
	trap 'rm -f "$tsv"' EXIT
	python3 "$here/corpus.py" linux "$here"/*.c --objdir "$objdir" \
		--kload "$build/tests/kload" --out "$tsv"
fi
exec python3 "$here/corpus.py" report "$here"/*.c --objdir "$objdir" \
	--bpfcheck "$build/bpfcheck" --tsv "$tsv"
