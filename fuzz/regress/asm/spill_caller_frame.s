; a callee stores a pointer to its own stack into its caller's frame
.type socket_filter
r1 = r10
r1 += -8
call f
r1 = *(u64 *)(r10 -8)
r0 = *(u64 *)(r1 +0)
exit
.func f
r2 = r10
r2 += -16
*(u64 *)(r2 +0) = 7
*(u64 *)(r1 +0) = r2
r0 = 0
exit
