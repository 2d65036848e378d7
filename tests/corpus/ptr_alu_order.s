; scalar -= pointer: Linux's adjust_ptr_min_max_vals checks the Spectre v1
; masking (unprivileged) before the operator, so an unprivileged loader
; hears about the pointer kind first.
; EXPECT reject: R0 tried to subtract pointer from scalar
; EXPECT --unprivileged --cap-bpf -> reject: R1 has pointer with unsupported alu operation
.type socket_filter
	r0 = 0
	r0 -= r1
	exit
