; A branch whose outcome the verifier knows: unprivileged, Linux also
; verifies the way it never goes, as a CPU may speculate it, with the
; compared register unknown there (sanitize_speculative_path). Up to 6.16
; the error there rejected the program; 6.17 on, it ends that path behind
; a barrier (nospec) and the program loads (Linux 6.18: accept, 5 insns).
; EXPECT accept
; EXPECT --unprivileged --cap-bpf -> accept
; EXPECT --unprivileged -> accept
.type socket_filter
	r1 = 0
	if r1 != 0 goto never
	r0 = 0
	exit
never:
	r0 = *(u8 *)(r1 +0)
	exit
