; A decided branch inside a loop the induction method summarises: its
; speculative way is verified too (and a speculative path is never folded
; into the loop's header state); its error ends that path behind a
; barrier, as Linux 6.17 on. Linux 6.18, exploring the iterations, finds
; the speculative states at the header equal and rejects the bounded loop
; as infinite; the loop proof accepts it.
; EXPECT accept
; EXPECT --unprivileged --cap-bpf -> accept
; EXPECT --unprivileged --cap-bpf --linux-compat -> reject: infinite loop detected at insn 4
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
