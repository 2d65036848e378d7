; addr_space_cast both ways around an arena's globals: the lddw of a value
; in the arena is its user address (a scalar), the cast to address space 0
; an arena pointer (PTR_TO_ARENA) loads and stores go through at any
; offset, and the cast back a scalar again.
; EXPECT accept
.type syscall
.map ar arena 0 0 4 1024 0x100000000
	r1 = map[ar][0]+8 ll
	r2 = addr_space_cast(r1, 0, 1)
	r3 = *(u64 *)(r2 +0)
	*(u64 *)(r2 -8) = r3
	r2 += 100000
	*(u32 *)(r2 +32760) = 7
	r4 = addr_space_cast(r2, 1, 0)
	r0 = 0
	exit
