; observed: insn 9: oracle: R1 = 0xffe80019 is outside the verifier's claim scalar(smin=umin=umin32=1,smax=umax=umax32=0xfffe0003,smin32=0xffec0015,smax32=1,...)
; replay: ./build/bpfcheck run --oracle tests/soundness/regress/summary_entry_constants.s --seed 0
; args: --seed 0
; The inner loop's summary relates r1 (w1 -= 65535) to its counter r2 from
; r1's constant on entry. The outer loop is explored; a later round enters
; the inner loop with another constant in r1, within the summary's widened
; header state: covering it by that summary applied the first entry's
; relation to it (r1 four rounds short). A summary covers only entries
; that agree with its own.
.type socket_filter
.map m0 hash 4 24 4
	*(u64 *)(r10 -40) = 11
	r2 = r10
	r2 += -128
	r1 = map[m0] ll
	call bpf_map_lookup_elem#1
	w7 = 1
	r1 = r7
	r5 = 20
outer:
	r2 = 6
inner:
	w1 -= 65535
	r2 -= 1
	if r2 != 0 goto inner
	r5 -= 4
	if r5 != 0 goto outer
	r0 = 0
	exit
