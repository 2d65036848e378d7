; addr_space_cast converts between address spaces 1 and 0 only.
; EXPECT reject: addr_space_cast insn can only convert between address space 1 and 0
.type syscall
.map ar arena 0 0 4 1024
	r1 = map[ar][0] ll
	r2 = addr_space_cast(r1, 2, 1)
	r0 = 0
	exit
