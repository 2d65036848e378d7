; The sock_addr hooks that cannot deny (recvmsg, getpeername, getsockname,
; inet and unix) get no bpf_get_retval nor bpf_set_retval; the others do.
; Linux 6.18's verdicts, checked with kload.
; EXPECT reject: program of this type cannot use helper bpf_get_retval#186
; EXPECT --type cgroup/recvmsg4 -> reject: program of this type cannot use helper bpf_get_retval#186
; EXPECT --type cgroup/getpeername_unix -> reject: program of this type cannot use helper bpf_get_retval#186
; EXPECT --type cgroup/connect_unix -> accept
; EXPECT --type cgroup/connect4 -> accept
.type cgroup/recvmsg_unix
.section cgroup/recvmsg_unix
	call 186
	r0 = 1
	exit
