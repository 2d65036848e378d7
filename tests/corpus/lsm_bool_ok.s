; EXPECT accept
.type lsm/inode_xattr_skipcap
.section lsm/inode_xattr_skipcap
r0 = 1
exit
