; "may_goto +0" jumps where it falls through: Linux removes it as a nop
; and it spends none of the frame's budget, so it bounds no loop. This
; loop runs until r0 wraps (2^64 rounds): no proof, and exploring it
; exhausts the budget of processed insns, as in Linux.
; EXPECT reject: BPF program is too large
; EXPECT --linux-compat -> reject: BPF program is too large
.type socket_filter
	r0 = 0
loop:
	may_goto +0
	r0 += 1
	if r0 != 0 goto loop
	exit
