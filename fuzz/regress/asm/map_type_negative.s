.section func[pé
.type kprobe
.map pid_hash -2 8 1024 1
 r0 = map[pid_hash] ll
    9: (85) cal:	file format up_elem#0
; ifpf_ma.m"tion fu