; The socket of the packet (skb->sk, checked for NULL) may go in.
; EXPECT accept
.type sched_cls
.map sm sockmap 4 4 1
r3 = *(u64 *)(r1 + 168)
if r3 == 0 goto out
r1 = 0
*(u32 *)(r10 - 4) = r1
r1 = map[sm] ll
r2 = r10
r2 += -4
r4 = 0
call bpf_map_update_elem
out:
r0 = 0
exit
