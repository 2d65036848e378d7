; The speculative way of a decided branch compares a pointer: an
; unprivileged loader may not (the comparison would leak it).
; EXPECT -> accept
; EXPECT --unprivileged --cap-bpf -> reject: R2 pointer comparison prohibited
.type socket_filter
	r2 = r10
	r1 = 0
	if r1 == 0 goto done
	if r2 != 5 goto done
done:
	r0 = 0
	exit
