; Found by bench/soundness -s 7 (program 1328), reduced: a constant that
; decides a map value access reaches it through a spill and fill of fp-8.
; One path leaves r3 = 5, and 5 + 6 + 2 bytes pass the 12-byte value: the
; search with precision tracking must reject it as the one without does.
.type socket_filter
.map m0 array 4 12 6
	r6 = r1
	*(u32 *)(r10 -128) = 2
	r2 = r10
	r2 += -128
	r1 = map[m0] ll
	call bpf_map_lookup_elem#1
	if r0 == 0 goto out
	r9 = r0
	r3 = 2
	r4 = *(u32 *)(r6 +0)
	if r4 s> 26 goto L0
	r3 = 3
	goto L1
L0:
	r3 = 5
L1:
	r4 = *(u32 *)(r6 +0)
	if r4 >= 184 goto L2
	r3 = 0
L2:
	*(u64 *)(r10 -8) = r3
	r3 = *(u64 *)(r10 -8)
	r1 = r3
	r1 += r9
	*(u16 *)(r1 +6) = r3
	r0 = 0
	exit
out:
	r0 = 1
	exit
