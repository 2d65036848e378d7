r0 = 0
exit
goto nowhere
