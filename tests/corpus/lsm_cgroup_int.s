; lsm_cgroup on an int hook: 0 denies, 1 allows.
; EXPECT reject: R0 has smin=2 smax=2 should have been in [0, 1]
.type lsm_cgroup/socket_bind
.section lsm_cgroup/socket_bind
r0 = 2
exit
