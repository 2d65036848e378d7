; a calls b, b calls a: recursion
	call a
	exit
a:
	call b
	exit
b:
	r0 = 0
	call a
	exit
