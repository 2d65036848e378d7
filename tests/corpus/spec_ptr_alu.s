; Spectre v1 masking of a pointer move by a register: the mask may cut the
; offset to 0 under speculation, so Linux verifies that path too (the
; do_sim of sanitize_ptr_alu). There the pointer did not move forward,
; and moving it back leaves the map value: an error on that speculative
; path, which ends it behind a barrier as Linux 6.17 on (6.18: accept).
; EXPECT accept
; EXPECT --unprivileged --cap-bpf -> accept
.type socket_filter
.map vals array 4 32 1
	r1 = 0
	*(u64 *)(r10 -8) = r1
	r2 = r10
	r2 += -8
	r1 = map[vals] ll
	call bpf_map_lookup_elem
	if r0 == 0 goto out
	r3 = *(u8 *)(r0 +0)
	r3 &= 7
	r3 += 8
	r0 += r3
	r4 = *(u8 *)(r0 +0)
	r4 &= 7
	r0 -= r4
	r0 = *(u8 *)(r0 +0)
out:
	r0 = 0
	exit
