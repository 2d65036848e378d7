#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Generates a large object (many programs, each a long unrolled parser with
# maps and a shared subprogram), then times `bpfcheck list` and `disasm` on it.
# Usage: bench/list_big.sh BUILD_DIR [PROGRAMS] [UNROLL]
set -euo pipefail
build=${1:-build}; progs=${2:-40}; unroll=${3:-400}
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
{
	echo '#include <linux/bpf.h>'
	echo '#include <bpf/bpf_helpers.h>'
	echo 'struct { __uint(type, BPF_MAP_TYPE_ARRAY); __type(key, __u32); __type(value, __u64); __uint(max_entries, 1024); } counts SEC(".maps");'
	echo '__attribute__((noinline)) static int bump(__u32 k) { __u64 *v = bpf_map_lookup_elem(&counts, &k); if (v) { __sync_fetch_and_add(v, 1); return 1; } return 0; }'
	for p in $(seq 1 "$progs"); do
		echo "SEC(\"xdp\") int prog$p(struct xdp_md *ctx) {"
		echo ' unsigned char *d = (void *)(long)ctx->data, *e = (void *)(long)ctx->data_end; int r = 0;'
		echo " if (d + 64 > e) return XDP_PASS;"
		echo " #pragma clang loop unroll(full)"
		echo " for (int i = 0; i < $unroll; i++) { if (d[i & 63] == (unsigned char)(i * $p)) r += bump(i & 1023); }"
		echo ' return r & 1 ? XDP_DROP : XDP_PASS; }'
	done
	echo 'char LICENSE[] SEC("license") = "GPL";'
} > "$out/big.c"
clang -O2 -g -target bpf -I/usr/include/$(uname -m)-linux-gnu -c "$out/big.c" -o "$out/big.o"
size=$(stat -c %s "$out/big.o")
insns=$("$build/bpfcheck" list --json "$out/big.o" | python3 -c 'import json,sys; print(sum(p["insns"] for f in json.load(sys.stdin)["files"] for p in f["programs"]))')
for cmd in list disasm; do
	/usr/bin/time -f "%e s %M KiB" -o "$out/t" "$build/bpfcheck" $cmd "$out/big.o" >/dev/null
	echo "bpfcheck $cmd: object $size bytes, $progs programs, $insns linked insns: $(cat "$out/t")"
done
