; A bounded loop: Linux allows loops only to a loader with CAP_BPF; without
; it check_cfg stops at the first back-edge of its walk.
; EXPECT accept
; EXPECT --unprivileged --cap-bpf -> accept
; EXPECT --unprivileged -> reject: back-edge from insn 3 to 2
.type socket_filter
	r0 = 0
	r1 = 0
loop:
	r1 += 1
	if r1 < 4 goto loop
	exit
