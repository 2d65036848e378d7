; A branch whose outcome the verifier knows: unprivileged, Linux also
; verifies the way it never goes, as a CPU may speculate it, with the
; compared register unknown there (sanitize_speculative_path).
; EXPECT -> accept
; EXPECT --unprivileged --cap-bpf -> reject: R1 invalid mem access 'scalar'
; EXPECT --unprivileged -> reject: R1 invalid mem access 'scalar'
.type socket_filter
	r1 = 0
	if r1 != 0 goto never
	r0 = 0
	exit
never:
	r0 = *(u8 *)(r1 +0)
	exit
