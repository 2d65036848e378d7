; A void hook ignores the return value: r0 need not even be set.
; EXPECT accept
.type lsm/file_free_security
.section lsm/file_free_security
r1 = 0
exit
