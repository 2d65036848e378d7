; -MAX_ERRNO is the lowest value an int LSM hook takes.
; EXPECT accept
.type lsm/file_mprotect
.section lsm/file_mprotect
r0 = -4095
exit
