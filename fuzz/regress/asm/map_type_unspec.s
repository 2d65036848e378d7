.section kprobe/sys_writŽ
.type kprobe
.map pid_hash 0 8 1024 1
; __ += -4
;:	f_map_lookup_elem#0
; if (v) @cy_mmaðs.c:56
    2: (18) r0 = map[pid_hash] ll
    9: (85) call bpf_map_lookup_elem#0
; ifpf_ma.m"deaet_l