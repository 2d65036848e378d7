; lsm_cgroup on a void hook may only allow (1).
; EXPECT reject: R0 has smin=0 smax=0 should have been in [1, 1]
.type lsm_cgroup/sk_free_security
.section lsm_cgroup/sk_free_security
r0 = 0
exit
