; soundness -s 70 program 18467 verdict
; observed: accepted with precision on (726 insns processed), rejected with it off: insn 125: misaligned stack access off (0x0; 0x3c)+-64+0 size 8
; replay: ./build/bpfcheck run tests/soundness/precision/viol_70_18467_verdict.s --seed 10037381630060116685 --packet-hex '00'
; args: --seed 10037381630060116685 --packet-hex '00'
; Linux rejects it too. A u16 store of r8 = 0 at fp-60 (insn 94) leaves
; bytes known to be zero, not a spill; the byte read back (insn 117) is
; an offset (insn 124). A walk back from there stops at the loop's
; checkpoints, where the slot is no spill to mark, so r8 was never made
; precise at the earlier checkpoint (insn 75) that pruned a path with
; another r8. The store makes r8 precise itself, as Linux's STACK_ZERO.
.type socket_filter
	r6 = r1
	*(u64 *)(r10 -8) = 0
	*(u64 *)(r10 -16) = 0
	*(u64 *)(r10 -24) = 0
	*(u64 *)(r10 -32) = 50
	*(u64 *)(r10 -40) = 0
	*(u64 *)(r10 -48) = 0
	*(u64 *)(r10 -56) = 4
	*(u64 *)(r10 -64) = 63
	r5 = *(u32 *)(r6 +0)
	r5 = 46
	w5 += -64
	r5 >>= 43
	r5 s/= r5
	r5 ^= -746985862
	r5 <<= r5
	w5 &= w5
	r5 /= 746713533
	w5 ^= w5
	r5 = -r5
	*(u8 *)(r10 -59) = r5
	r5 = (s16)r5
	r5 &= r5
	r3 = *(u8 *)(r10 -59)
	if r5 < 17 goto L0
	r5 = -r5
L0:
	if r3 s> r3 goto L1
	w5 -= w5
	w5 += w3
	r5 *= r3
L1:
	if r3 < 15 goto L2
	r5 = r5
L2:
	w3 += 38
	r3 /= r3
	r5 s%= 127
	r5 *= -1392630872
	r3 = -r3
	r3 %= r5
	r4 = *(u64 *)(r10 -64)
	r4 &= 31
	w8 = 0
	r2 = 9
L3:
	r1 = r10
	r1 += -64
	r1 += r8
	r1 = *(u8 *)(r1 +0)
	r1 = r10
	r1 += -64
	r1 += r8
	r1 = *(u8 *)(r1 +0)
	r1 = r10
	r1 += -64
	r1 += r2
	r1 = *(u8 *)(r1 +0)
	r2 += -1
	w8 += 4
	if w8 < w4 goto L3
L4:
	if w4 < w4 goto L5
	r3 = 256
L5:
	if r2 >= r4 goto L6
	w5 s>>= w3
	r2 = -r2
L6:
	r2 = 0x9496972b4d8ab725 ll
	r8 s/= 11
	r5 s/= r5
	r3 *= 13
	r4 = (s32)r3
	r3 s>>= 41
	w8 *= w5
	w2 -= 33
	w5 %= w5
	r8 ^= r5
	r2 = 0
	r5 = 0
L7:
	r3 = r10
	r3 += -64
	r3 += r2
	r3 = *(u8 *)(r3 +0)
	r1 = r10
	r1 += -64
	r1 += r2
	r1 = *(u8 *)(r1 +0)
	r3 = r10
	r3 += -64
	r3 += r5
	r3 = *(u8 *)(r3 +0)
	r5 += 1
	r2 += 2
	if r2 != 34 goto L7
L8:
	w2 &= w4
	r5 |= -1639282779
	w3 ^= -513811680
	r8 *= r2
	*(u16 *)(r10 -60) = r8
	r8 = -8
	r0 = 14
	r8 -= r0
	w0 >>= w5
	r1 = *(u16 *)(r10 -60)
	*(u64 *)(r10 -112) = r6
	r3 = *(u64 *)(r10 -112)
	r4 = *(u32 *)(r3 +0)
	w3 = -2
L9:
	w5 = w3
	w5 += 2
	r1 = r10
	r1 += -64
	r1 += r5
	r1 = *(u8 *)(r1 +0)
	r4 = r10
	r4 += -64
	r4 += r5
	r4 = *(u8 *)(r4 +0)
	r4 = r10
	r4 += -64
	r4 += r5
	r4 = *(u8 *)(r4 +0)
	w3 += 1
	if w3 s< 3 goto L9
L10:
	r3 = r4
	r3 &= 60
	r5 = r10
	r5 += -64
	r5 += r3
	r7 = *(u64 *)(r5 +0)
	r0 = 0
	r0 ^= r1
	r0 ^= r2
	r0 ^= r3
	r0 ^= r4
	exit
