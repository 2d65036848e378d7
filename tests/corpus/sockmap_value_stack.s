; In a program, a sockmap's value is the socket itself, never bytes on
; the stack (Linux's resolve_map_arg_type).
; (Linux 6.18 says the same of the C equivalent.)
; EXPECT reject: R3 type=fp expected=sock_common, sock, tcp_sock, xdp_sock, ptr_, trusted_ptr_
.type sched_cls
.map sm sockmap 4 4 1
r1 = 0
*(u32 *)(r10 - 4) = r1
*(u32 *)(r10 - 8) = r1
r1 = map[sm] ll
r2 = r10
r2 += -4
r3 = r10
r3 += -8
r4 = 0
call bpf_map_update_elem
r0 = 0
exit
