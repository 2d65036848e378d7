; Irreducible cycle (RFC patch 11 shape), a self loop and a subprogram.
.type xdp
	r0 = 0
	if r1 > 5 goto C
B:
	r0 += 2
	if r0 < 7 goto C
	goto out
C:
	r0 += 1
	if r0 < 100 goto B
out:
	r1 = 0
l:
	r1 += 1
	if r1 < 9 goto l
	call f
	exit
f:
	r0 = 1
	exit
