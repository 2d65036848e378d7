; A map pointer plus a known 0 is still the map pointer, which Linux
; allows; unprivileged, the Spectre v1 masking refuses a map pointer.
; EXPECT accept
; EXPECT --unprivileged --cap-bpf -> reject: R1 has pointer with unsupported alu operation
.type socket_filter
.map m array 4 8 1
	r1 = map[m] ll
	r2 = 0
	r1 += r2
	*(u32 *)(r10 -4) = r2
	r2 = r10
	r2 += -4
	call bpf_map_lookup_elem
	r0 = 0
	exit
