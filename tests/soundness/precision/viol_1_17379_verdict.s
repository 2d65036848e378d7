; soundness -s 1 program 17379 verdict
; observed: accepted with precision on (256 insns processed), rejected with it off: insn 156: R1 max value is outside of the allowed memory range
; replay: ./build/bpfcheck run tests/soundness/precision/viol_1_17379_verdict.s --seed 3251776667028568023 --packet-hex ''
; args: --seed 3251776667028568023 --packet-hex ''
.type sched_cls
.map m0 array 4 12 1
	r6 = r1
	r7 = *(u32 *)(r6 +76)
	r8 = *(u32 *)(r6 +80)
	*(u64 *)(r10 -8) = 0
	*(u64 *)(r10 -16) = 0
	*(u64 *)(r10 -24) = 0
	*(u64 *)(r10 -32) = 0
	*(u64 *)(r10 -40) = 0
	*(u64 *)(r10 -48) = 0
	*(u64 *)(r10 -56) = 0
	*(u64 *)(r10 -64) = 0
	r2 = r7
	r2 += 4
	if r8 < r2 goto out
	r1 = *(u8 *)(r7 +0)
	if r1 > 36 goto out
	r3 = r7
	r3 += r1
	r2 = r3
	r2 += 8
	if r2 > r8 goto out
	r4 = *(u64 *)(r3 +0)
	r4 ^= r1
	r1 -= r4
	w4 |= w4
	w1 %= w4
	r1 <<= 5
	r4 = 0x2322a95fee9fd57 ll
	r1 s>>= r1
	r1 s>>= r1
	*(u32 *)(r10 -128) = 0
	r2 = r10
	r2 += -128
	r1 = map[m0] ll
	call bpf_map_lookup_elem#1
	if r0 == 0 goto out
	r9 = r0
	r4 = 1
	r0 = 177
	*(u64 *)(r10 -8) = r0
	w0 = 165
	*(u64 *)(r10 -8) = r0
	r0 = *(u32 *)(r6 +0)
	if r0 > 97 goto L0
	r4 = 1
	r0 = 19
	*(u64 *)(r10 -8) = r0
	r0 = 127
	*(u64 *)(r10 -8) = r0
	goto L1
L0:
	r4 = *(u32 *)(r6 +0)
	r4 &= 1
	w4 += 1
L1:
	r0 = *(u8 *)(r7 +3)
	if r0 & 64 goto L2
	r4 = 0
	*(u64 *)(r10 -8) = 12
	w0 = 152
	*(u64 *)(r10 -8) = r0
L2:
	r0 = *(u32 *)(r6 +0)
	if w0 < 130 goto L3
	r4 = 2
	*(u64 *)(r10 -8) = 189
L3:
	r5 = *(u64 *)(r10 -8)
	r0 = *(u32 *)(r6 +0)
	if w0 & 4 goto L4
	r0 = r5
	exit
L4:
	r2 = *(u64 *)(r10 -8)
	*(u64 *)(r9 +0) = r2
	*(u64 *)(r9 +0) = r4
	if w0 <= 13 goto L5
	r2 = (s16)r0
	w0 *= w4
L5:
	r4 = le64 r4
	r0 /= r0
	w2 = 21
	*(u64 *)(r10 -24) = r2
	r2 = 147
	*(u64 *)(r10 -48) = r2
	r2 = *(u32 *)(r6 +0)
	if w2 & 32 goto L6
	w2 = 18
	*(u64 *)(r10 -24) = r2
	r2 = 157
	*(u64 *)(r10 -48) = r2
	goto L7
L6:
	r2 = 77
	*(u64 *)(r10 -48) = r2
L7:
	r2 = *(u32 *)(r6 +0)
	if r2 & 64 goto L8
	r2 = *(u32 *)(r6 +0)
	r2 &= 7
	r2 += 19
	*(u64 *)(r10 -24) = r2
	goto L9
L8:
	r2 = *(u8 *)(r7 +0)
	r2 &= 7
	r2 += 15
	*(u64 *)(r10 -24) = r2
L9:
	r2 = *(u8 *)(r7 +3)
	if w2 >= 39 goto L10
	r2 = *(u32 *)(r6 +0)
	r2 &= 15
	r2 += 10
	*(u64 *)(r10 -24) = r2
	goto L11
L10:
	*(u64 *)(r10 -48) = 193
L11:
	r3 = *(u64 *)(r10 -48)
	r2 = *(u8 *)(r7 +1)
	if r2 & 8 goto L12
	r0 = r3
	exit
L12:
	r0 = *(u64 *)(r10 -24)
	*(u32 *)(r10 -40) = r0
	r1 = *(u32 *)(r10 -40)
	*(u32 *)(r10 -64) = r1
	r9 = *(u32 *)(r10 -64)
	r5 = r10
	r5 += -64
	r5 += r9
	r2 = *(u8 *)(r5 +37)
	*(u32 *)(r10 -128) = 0
	r2 = r10
	r2 += -128
	r1 = map[m0] ll
	call bpf_map_lookup_elem#1
	if r0 == 0 goto out
	r9 = r0
	r0 = 0
	r4 = *(u8 *)(r7 +1)
	if r4 < 86 goto L13
	r0 = *(u32 *)(r6 +0)
	r0 &= 1
	r0 += 3
L13:
	r4 = *(u8 *)(r7 +2)
	if r4 s> 38 goto L14
	r0 = 0
	goto L15
L14:
	r0 = *(u32 *)(r6 +0)
	r0 &= 1
	r0 += 3
L15:
	r4 = *(u8 *)(r7 +2)
	if w4 s< 220 goto L16
	w0 = 2
L16:
	r4 = *(u8 *)(r7 +3)
	if r4 >= 8 goto L17
L17:
	*(u32 *)(r10 -8) = r0
	r0 = *(u32 *)(r10 -8)
	*(u64 *)(r10 -48) = r0
	r0 = *(u64 *)(r10 -48)
	r1 = r9
	r1 += r0
	r4 = *(u16 *)(r1 +7)
	r0 = 0
	r0 ^= r4
	exit
out:
	r0 = 1
	exit
