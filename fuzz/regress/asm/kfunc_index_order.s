; a kfunc named without #id is numbered when the labels are resolved, one
; with #id when it is read: the round trip keeps the names, not the indexes
.type tracepoint
	call bpf_late
	call bpf_early#7
	r0 = 0
	exit
