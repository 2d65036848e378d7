; A scalar spilled and filled back: with CAP_BPF Linux remembers its value;
; without it the slot is plain data and the fill an unknown scalar.
; EXPECT accept
; EXPECT --unprivileged --cap-bpf -> accept
; EXPECT --unprivileged -> reject: math between map_value pointer and register with unbounded min value is not allowed
.type socket_filter
.map vals array 4 8 1
	r1 = 0
	*(u64 *)(r10 -8) = r1
	r2 = r10
	r2 += -8
	r1 = map[vals] ll
	call bpf_map_lookup_elem
	if r0 == 0 goto out
	r6 = 4
	*(u64 *)(r10 -16) = r6
	r6 = *(u64 *)(r10 -16)
	r0 += r6
	r0 = *(u8 *)(r0 +0)
out:
	r0 = 0
	exit
