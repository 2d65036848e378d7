; soundness -s 1 program 5814 verdict
; observed: accepted with precision on (120 insns processed), rejected with it off: insn 62: misaligned stack access off 0+-57+0 size 2
; replay: ./build/bpfcheck run tests/soundness/precision/viol_1_5814_verdict.s --seed 5007798591605930124 --packet-hex '0200' --map m0=0:hex:092a6024930212af130000000f00000046000000ff0000007f0000003c000000080000004e0000000200000052000000
; args: --seed 5007798591605930124 --packet-hex '0200' --map m0=0:hex:092a6024930212af130000000f00000046000000ff0000007f0000003c000000080000004e0000000200000052000000
.type xdp
.map m0 hash 4 48 3
	r6 = r1
	r7 = *(u32 *)(r6 +0)
	r8 = *(u32 *)(r6 +4)
	*(u64 *)(r10 -8) = 0
	*(u64 *)(r10 -16) = 54
	*(u64 *)(r10 -24) = 0
	*(u64 *)(r10 -32) = 0
	*(u64 *)(r10 -40) = 696659343
	*(u64 *)(r10 -48) = 256
	*(u64 *)(r10 -56) = 0
	*(u64 *)(r10 -64) = 0
	r4 = r7
	r4 += 35
	if r8 < r4 goto out
	*(u32 *)(r10 -128) = 1
	r2 = r10
	r2 += -128
	r1 = map[m0] ll
	call bpf_map_lookup_elem#1
	if r0 == 0 goto out
	r2 = r0
	r5 = 6
	w4 = 173
	r0 = 60
	r1 = *(u16 *)(r7 +18)
	if w1 s< 155 goto L0
	r5 = 2
	r4 = 52
L0:
	r1 = *(u8 *)(r7 +20)
	if r1 > 112 goto L1
	r5 = *(u8 *)(r7 +27)
	r5 &= 3
	w5 += 19
	r4 = 134
	r0 = 5
	goto L2
L1:
	w5 = 7
L2:
	r1 = *(u16 *)(r7 +29)
	if r1 < 37 goto L3
	w5 = 15
	w4 = 191
	r0 = 175
L3:
	r1 = *(u16 *)(r7 +27)
	if r1 > 6 goto L4
	r5 = 0
	w0 = 8
L4:
	r4 = 0
	*(u32 *)(r2 +36) = r0
	*(u64 *)(r10 -16) = r5
	r5 = *(u64 *)(r10 -16)
	r3 = r2
	r3 += r5
	r1 = *(u16 *)(r3 +24)
	r5 = 2
	r5 = *(u64 *)(r10 -16)
	if r5 >= 63 goto out
	r5 s>>= 1
	if r5 > 62 goto out
	r4 = r10
	r4 += -64
	r4 += r5
	r9 = *(u16 *)(r4 +0)
	*(u64 *)(r10 -40) = 14
	*(u64 *)(r10 -64) = 19
	w1 = 142
	*(u64 *)(r10 -8) = r1
	r1 = *(u8 *)(r7 +13)
	if r1 s> 215 goto L5
	*(u64 *)(r10 -40) = 13
	*(u64 *)(r10 -64) = 159
	goto L6
L5:
	*(u64 *)(r10 -40) = 3
	r1 = 100
	*(u64 *)(r10 -64) = r1
	*(u64 *)(r10 -8) = 90
L6:
	r1 = *(u16 *)(r7 +2)
	if r1 s< 135 goto L7
	w1 = 8
	*(u64 *)(r10 -40) = r1
L7:
	*(u32 *)(r10 -128) = 0
	r2 = r10
	r2 += -128
	r1 = map[m0] ll
	call bpf_map_lookup_elem#1
	if r0 == 0 goto out
	r5 = r0
	r9 = *(u64 *)(r10 -64)
	*(u32 *)(r5 +4) = r9
	r3 = *(u64 *)(r10 -8)
	r2 = *(u8 *)(r7 +19)
	if r2 <= 120 goto L8
	r0 = r3
	exit
L8:
	*(u64 *)(r10 -40) = 0
	r0 = 0
	r0 ^= r2
	r0 ^= r3
	r0 ^= r9
	r0 &= 3
	exit
out:
	r0 = 1
	exit
