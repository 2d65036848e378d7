.section cgroup_skb/ingress#
.type cgroup_skb/ingress
    0: 
    1: (95) exit
