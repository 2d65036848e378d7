; A store to uninitialised stack is followed by a speculation barrier for
; an unprivileged loader (Spectre v4); speculation, and so the speculative
; path of the decided branch, stops there (Linux 6.17 on: nospec_result).
; The same path without the store is refused (spec_branch.s).
; EXPECT accept
; EXPECT --unprivileged --cap-bpf -> accept
; EXPECT --unprivileged -> accept
.type socket_filter
	r1 = 0
	if r1 != 0 goto never
	r0 = 0
	exit
never:
	*(u64 *)(r10 -8) = r1
	r0 = *(u8 *)(r1 +0)
	exit
