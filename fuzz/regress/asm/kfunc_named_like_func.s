r0 = 0
call  f
r0 = 1
.func f
r0  =1
.func .ldxt
call  f#1
r0 = 1

.func f
r0  =1
.func .ldxt
call  ft
