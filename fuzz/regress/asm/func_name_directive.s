r0 = 0
.func f
r0 = 1

.func f
r0 = 1
.func .ldxtion 
exit
