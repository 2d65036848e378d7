#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Installs every package bpfcheck needs to build, test and benchmark
# (Debian 12). Run as root. Safe to run again.
set -euo pipefail
pkgs=(build-essential cmake pkg-config clang llvm lld libclang-rt-14-dev
      libelf-dev libbpf-dev zlib1g-dev libzstd-dev linux-libc-dev graphviz bpftool
      python3 time clang-19 linux-source-6.12 clang-format-14 cppcheck)
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	if [ "$(id -u)" -ne 0 ]; then
		echo "setup.sh: need root to install: ${missing[*]}" >&2
		exit 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq "${missing[@]}"
fi
echo "setup.sh: all packages present"
