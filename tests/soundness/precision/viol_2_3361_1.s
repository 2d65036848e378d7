; soundness -s 2 program 3361 input 1
; observed: insn 63: invalid read of 4 bytes at 0x7fca33acf01d (runs past the end of m0)
; replay: ./build/bpfcheck run tests/soundness/precision/viol_2_3361_1.s --seed 7474252907601564587 --packet-hex '2dc29cd6c6565f9d9a73f943f372f62e7ca49ef292d66677efedfad6da1468a7cbd22039d0086fe18ac10fde17711731f6dd517eb68d50'
; args: --seed 7474252907601564587 --packet-hex '2dc29cd6c6565f9d9a73f943f372f62e7ca49ef292d66677efedfad6da1468a7cbd22039d0086fe18ac10fde17711731f6dd517eb68d50'
.type socket_filter
.map m0 array 4 32 1
	r6 = r1
	*(u64 *)(r10 -8) = 0
	*(u64 *)(r10 -16) = 328971708
	*(u64 *)(r10 -24) = 0
	*(u64 *)(r10 -32) = 0
	*(u64 *)(r10 -40) = 1520629074
	*(u64 *)(r10 -48) = 52
	*(u64 *)(r10 -56) = 0
	*(u64 *)(r10 -64) = 0
	r0 = *(u32 *)(r6 +0)
	*(u8 *)(r10 -47) = -153291605
	r2 = *(u8 *)(r10 -47)
	r2 |= r2
	w2 &= 15
	r1 = r0
	r1 &= 56
	r4 = r10
	r4 += -64
	r4 += r1
	r5 = *(u64 *)(r4 +0)
	*(u32 *)(r10 -128) = 0
	r2 = r10
	r2 += -128
	r1 = map[m0] ll
	call bpf_map_lookup_elem#1
	if r0 == 0 goto out
	r9 = r0
	r5 = 13
	*(u64 *)(r10 -64) = 178
	r8 = *(u32 *)(r6 +0)
	if w8 s< 153 goto L0
	r5 = *(u32 *)(r6 +0)
	r5 &= 1
	r5 += 12
L0:
	r8 = *(u32 *)(r6 +0)
	if w8 >= 22 goto L1
	r5 = 5
	w8 = 86
	*(u64 *)(r10 -64) = r8
	goto L2
L1:
	r5 = 6
	*(u64 *)(r10 -64) = 145
L2:
	r8 = *(u32 *)(r6 +0)
	if w8 s< 49 goto L3
	w5 = 6
L3:
	r8 = *(u32 *)(r6 +0)
	if r8 s< 92 goto L4
	w5 = 0
	*(u64 *)(r10 -64) = 165
	goto L5
L4:
	r8 = 19
	*(u64 *)(r10 -64) = r8
L5:
	r1 = *(u64 *)(r10 -64)
	r8 = *(u32 *)(r6 +0)
	if r8 != 143 goto L6
	r0 = r1
	exit
L6:
	*(u64 *)(r10 -16) = r5
	r3 = *(u64 *)(r10 -16)
	r3 <<= 1
	r7 = r9
	r7 += r3
	r8 = *(u32 *)(r7 +17)
	r0 = 0
	r0 ^= r1
	r0 ^= r3
	r0 ^= r5
	r0 ^= r8
	exit
out:
	r0 = 1
	exit
