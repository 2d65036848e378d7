#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The README's first command: install what is needed, build, and verify the
# bundled example programs (compiled from examples/*.c by the build).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"
echo "== bpfcheck list build/examples/*.o"
./build/bpfcheck list build/examples/*.o
echo "== bpfcheck verify build/examples/*.o"
./build/bpfcheck verify build/examples/*.o
