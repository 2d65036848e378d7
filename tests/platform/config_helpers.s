; Helpers a kernel offers only when built or booted so: accepted, with a
; warning line each (once per helper).
.type kprobe
r6 = r1
r2 = 0
call bpf_override_return
r1 = r6
r2 = 0
call bpf_override_return
*(u64 *)(r10 - 8) = 0
r1 = 0
r2 = r10
r2 += -8
r3 = 8
call bpf_probe_write_user
r0 = 0
exit
