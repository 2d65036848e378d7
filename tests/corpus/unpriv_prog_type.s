; Without CAP_BPF only socket filters and cgroup_skb programs load; an XDP
; program also needs CAP_NET_ADMIN, which an unprivileged loader lacks.
; EXPECT accept
; EXPECT --unprivileged --cap-bpf -> reject: program type xdp needs CAP_NET_ADMIN
; EXPECT --unprivileged -> reject: program type xdp needs CAP_BPF
.type xdp
	r0 = 2
	exit
