; One loop proven (a counter: 40 rounds) and one explored (x *= 3: no
; constant step ranks it), bounded by the header states its exploration
; went on from: the program has a worst case.
; EXPECT accept
.type sched_cls
r0 = 0
r1 = 0
count:
r0 += r1
r1 += 1
if r1 < 40 goto count
r2 = 1
grow:
r0 ^= r2
r2 *= 3
if r2 < 1000 goto grow
r0 &= 1
exit
