; The speculative way of a decided branch compares a pointer: an
; unprivileged loader may not (the comparison would leak it), and on a
; speculative path the error ends the path behind a barrier, as Linux
; 6.17 on (6.18: accept).
; EXPECT accept
; EXPECT --unprivileged --cap-bpf -> accept
.type socket_filter
	r2 = r10
	r1 = 0
	if r1 == 0 goto done
	if r2 != 5 goto done
done:
	r0 = 0
	exit
