.section xdp
.type xdp.frags
    0: (b7) r0 =7
