; observed: insn 10: oracle: R2 = 0xffffffffffffffff is outside the verifier's claim scalar(smin=smin32=0,smax=umax=smax32=umax32=26,...)
; replay: ./build/bpfcheck run --oracle tests/soundness/regress/relation_counter_down_past_zero.s --seed 0
; args: --seed 0
; A second counter r2 = 26 - r3 narrowed from the tested one: at the header
; r3 reaches 27 (the exit) and r2 -1, so [26 - 27, 26] must not become an
; unsigned range [.., 26].
.type xdp
	*(u64 *)(r10 -8) = 0
	*(u64 *)(r10 -16) = 0
	*(u64 *)(r10 -24) = 0
	*(u64 *)(r10 -32) = 0
	*(u64 *)(r10 -40) = 0
	*(u64 *)(r10 -48) = 0
	*(u64 *)(r10 -56) = 0
	*(u64 *)(r10 -64) = 0
	r3 = 0
	r2 = 26
L0:
	if r3 >= 27 goto L1
	r4 = r10
	r4 += -64
	r4 += r2
	r4 = *(u8 *)(r4 +0)
	r2 += -1
	r3 += 1
	goto L0
L1:
	r0 = r2
	exit
