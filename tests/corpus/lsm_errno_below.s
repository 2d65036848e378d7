; One below -MAX_ERRNO.
; EXPECT reject: R0 has smin=-4096 smax=-4096 should have been in [-4095, 0]
.type lsm.s/file_open
.section lsm.s/file_open
r0 = -4096
exit
