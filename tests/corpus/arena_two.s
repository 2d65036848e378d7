; Two arenas in one program: Linux keeps one per program (prog->aux->arena),
; resolve_pseudo_ldimm64 refuses the second (libbpf refuses two in an
; object before that, so this is assembly).
; EXPECT reject: Only one arena per program
.type syscall
.map a1 arena 0 0 1 1024
.map a2 arena 0 0 1 1024
	r1 = map[a1] ll
	r2 = map[a2] ll
	r0 = 0
	exit
