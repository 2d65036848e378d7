; Three nested loops and a sibling, with a break to the exit.
.type xdp
	r1 = 0
outer:
	r2 = 0
middle:
	r3 = 0
inner:
	r3 += 1
	if r3 == 9 goto out
	if r3 < 4 goto inner
	r2 += 1
	if r2 < 4 goto middle
sib:
	r4 += 1
	if r4 < 3 goto sib
	r1 += 1
	if r1 < 4 goto outer
out:
	r0 = 2
	exit
