r0 = 0
call  f
r0 = 1

.func f
r0 = 1
.func .ldxtion 
exit
