; A hand-written program for the disasm CLI tests: maps, a subprogram,
; a callback address and both syntaxes.
.type xdp
.map counts hash 4 8 1024
	r6 = r1
	r1 = map[counts] ll
	*(u32 *)(r10 -4) = 0
	r2 = r10
	r2 += -4
	call bpf_map_lookup_elem#1
	if r0 == 0 goto out
	mov %r1, 1
	lock add [%r0+0], %r1
	call add_one
	r2 = func[add_one] ll
out:
	r0 = 2
	exit
add_one:
	w0 = w1
	w0 += 1
	exit
