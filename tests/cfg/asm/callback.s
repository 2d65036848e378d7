; bpf_loop with a callback subprogram (lddw func pseudo load)
.type xdp
	r1 = 4
	r2 = func[cb] ll
	r3 = 0
	r4 = 0
	call bpf_loop#181
	r0 = 2
	exit
cb:
	r0 = 0
	exit
