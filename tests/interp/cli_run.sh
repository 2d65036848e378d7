#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# `bpfcheck run` output on assembly, raw and ELF input (exact text; host
# addresses in fault messages are replaced by ADDR).
# usage: cli_run.sh BPFCHECK OBJDIR
B=$1
O=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
n=0

# check NAME EXPECTED-EXIT EXPECTED-OUTPUT -- COMMAND...
check() {
	name=$1 want_rc=$2 want=$3
	shift 4
	n=$((n + 1))
	"$@" >"$T/out" 2>&1
	rc=$?
	sed -e 's/at 0x[0-9a-f]*/at ADDR/' "$T/out" >"$T/got"
	printf '%s\n' "$want" >"$T/want"
	if [ "$rc" != "$want_rc" ] || ! cmp -s "$T/got" "$T/want"; then
		echo "FAIL $name: exit $rc (want $want_rc)"
		diff -u "$T/want" "$T/got"
		fail=$((fail + 1))
	fi
}

cat >"$T/swap.s" <<'X'
.type xdp
r2 = *(u32 *)(r1 +4)
r1 = *(u32 *)(r1 +0)
r3 = r1
r3 += 6
if r3 > r2 goto drop
r4 = *(u16 *)(r1 +0)
r5 = *(u16 *)(r1 +4)
*(u16 *)(r1 +0) = r5
*(u16 *)(r1 +4) = r4
r0 = 3
exit
drop:
r0 = 1
exit
X
PKT=aabbccddeeff0011

check "asm xdp, packet changed" 0 "r0 = 3 (0x3, XDP_TX)
insns executed: 11
packet after the run (8 bytes):
  0000: ee ff cc dd aa bb 00 11" -- "$B" run "$T/swap.s" --packet-hex $PKT

check "asm xdp --json" 0 '{"program": "swap", "r0": 3, "r0_hex": "0x3", "action": "XDP_TX", "insns_executed": 11, "runs": 1, "insns_total": 11, "worst_case_insns": 11, "tail_calls": 0, "events": 0, "packet_changed": true, "packet": "eeffccddaabb0011"}' \
	-- "$B" run "$T/swap.s" --packet-hex $PKT --json

check "asm xdp, short packet" 0 "r0 = 1 (0x1, XDP_DROP)
insns executed: 7" -- "$B" run "$T/swap.s" --packet-hex aabb

printf 'mov %%r0, %%r2\nldxb %%r1, [%%r1+1]\nadd %%r0, %%r1\nexit\n' >"$T/mem.s"
check "--mem as bpf_conformance" 0 "r0 = 12 (0xc)
insns executed: 4" -- "$B" run "$T/mem.s" --mem "01 08 00 00"

printf '\267\000\000\000\005\000\000\000\225\000\000\000\000\000\000\000' >"$T/r.bin"
check "raw socket filter" 0 "r0 = 5 (0x5)
insns executed: 2" -- "$B" run --raw --type socket_filter "$T/r.bin"

printf 'r0 = *(u64 *)(r10 -4)\nexit\n' >"$T/bad.s"
check "a rejected program is not run" 1 "bpfcheck: $T/bad.s: bad rejected by the verifier: insn 0: misaligned stack access off 0+0+-4 size 8 (--no-verify runs it anyway)" \
	-- "$B" run "$T/bad.s"
check "fault names the instruction" 1 "bpfcheck: $T/bad.s: bad: insn 0: invalid read of 8 bytes at fp-4 of frame 0, past the end of the stack of frame 0 (512 bytes)" \
	-- "$B" run "$T/bad.s" --no-verify

printf 'r0 = 0\nl:\nr0 += 1\ngoto l\n' >"$T/loop.s"
check "instruction limit" 1 "bpfcheck: $T/loop.s: loop: insn 2: instruction limit of 100 reached (infinite loop?)" \
	-- "$B" run "$T/loop.s" --limit 100 --no-verify

check "ELF, maps persist over --repeat" 0 "r0 = 2 (0x2, XDP_PASS)
insns executed: 53
runs: 3, insns executed in all: 159
map proto_cnt:
  06000000 = 0300000000000000
map .bss:
  00000000 = a200000000000000" -- "$B" run "$O/xdp_parse.O2.o" --repeat 3 --show-maps \
	--packet-hex 02000000000102000000000208004500002400000000400600000a0000010a0000021388005000000000000000005010020000000000

check "tail call through --map" 0 "r0 = 3 (0x3, XDP_TX)
insns executed: 190
tail calls: 1" -- "$B" run "$O/xdp_subprog.O2.o" --prog xdp_sub --map jt=0:xdp_target --packet-hex 0102030405060708

printf '.type kprobe\nr0 = *(u64 *)(r1 +112)\nexit\n' >"$T/kp.s"
printf '\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\052' >"$T/regs.bin"
check "kprobe reads pt_regs from --ctx" 0 "r0 = 42 (0x2a)
insns executed: 2" -- "$B" run "$T/kp.s" --ctx "$T/regs.bin"

check "kprobe without --ctx sees zeroed pt_regs" 0 "r0 = 0 (0x0)
insns executed: 2" -- "$B" run "$T/kp.s"

check "several programs need --prog" 2 "bpfcheck: $O/xdp_subprog.O2.o: 2 programs match; choose one with --prog NAME" \
	-- "$B" run "$O/xdp_subprog.O2.o"

check "--map of an unknown map" 2 "bpfcheck: --map: no map named 'nope'" \
	-- "$B" run "$O/xdp_parse.O2.o" --map nope=1:2

check "--map value too big" 2 "bpfcheck: --map proto_cnt: bad key '0x1ffffffff' (too big for the key)" \
	-- "$B" run "$O/xdp_parse.O2.o" --map proto_cnt=0x1ffffffff:300

check "--map with hex key and value" 0 "r0 = 1 (0x1, XDP_DROP)
insns executed: 7
map proto_cnt:
  11000000 = 2a00000000000000
map .bss:" -- "$B" run "$O/xdp_parse.O2.o" --map proto_cnt=hex:11000000:hex:2a \
	--show-maps --packet-hex 00

check "bad --packet-hex" 2 "bpfcheck run: --packet-hex: 'xyz' is not hex bytes
Try 'bpfcheck run --help'." -- "$B" run "$T/swap.s" --packet-hex xyz

echo "$((n - fail)) of $n cli checks passed"
[ "$fail" = 0 ]
