; An LSM hook returning int allows 0 or a negative errno.
; EXPECT reject: At program exit the register R0 has smin=1 smax=1 should have been in [-4095, 0]
.type lsm/file_mprotect
.section lsm/file_mprotect
r0 = 1
exit
