; A hook answering yes or no allows 0 and 1 only.
; EXPECT reject: R0 has smin=2 smax=2 should have been in [0, 1]
.type lsm/audit_rule_known
.section lsm/audit_rule_known
r0 = 2
exit
