; getprocattr fills a buffer for its caller: no BPF program may stand in.
; EXPECT reject: points to disabled hook bpf_lsm_getprocattr
.type lsm/getprocattr
.section lsm/getprocattr
r0 = 0
exit
