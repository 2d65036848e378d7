; A bpf-to-bpf call: only a loader with CAP_BPF may call another function.
; EXPECT accept
; EXPECT --unprivileged --cap-bpf -> accept
; EXPECT --unprivileged -> reject: loading/calling other bpf or kernel functions are allowed for CAP_BPF and CAP_SYS_ADMIN
.type socket_filter
	r1 = 1
	call add_one
	exit
add_one:
	r0 = r1
	r0 += 1
	exit
