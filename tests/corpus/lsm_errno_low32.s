; Only r0's low 32 bits count: 0xffffffff is -1 as an int.
; EXPECT accept
.type lsm/file_mprotect
.section lsm/file_mprotect
w0 = -1
exit
