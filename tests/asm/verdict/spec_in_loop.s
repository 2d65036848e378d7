; A decided branch inside a loop the induction method summarises: its
; speculative way is verified too (and a speculative path is never folded
; into the loop's header state).
; EXPECT -> accept
; EXPECT --unprivileged --cap-bpf -> reject: R2 invalid mem access 'scalar'
.type socket_filter
	r1 = 0
	r2 = 0
loop:
	if r2 != 0 goto never
	r1 += 1
	if r1 < 8 goto loop
	r0 = 0
	exit
never:
	r0 = *(u8 *)(r2 +0)
	exit
