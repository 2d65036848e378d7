.type iter
r0 = 0
exit
