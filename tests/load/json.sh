#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# `bpfcheck list --json` is valid JSON with the expected content.
# Usage: json.sh BPFCHECK OBJDIR
"$1" list --json "$2/subprogs.O2.o" "$2/iproute2_maps.O2.o" | python3 -c '
import json, sys
d = json.load(sys.stdin)
f = d["files"]
assert len(f) == 2, f
progs = {p["name"]: p for p in f[0]["programs"]}
assert set(progs) == {"xdp_count", "xdp_bucket", "tc_loop"}, progs
p = progs["tc_loop"]
assert p["type"] == "sched_cls" and p["maps"] == ["counters"], p
assert {x["name"] for x in p["funcs"]} == {"tc_loop", "bump", "classify", "loop_cb"}, p
assert sum(x["len"] for x in p["funcs"]) == p["insns"], p
assert progs["xdp_count"]["attach_type"] == "xdp", progs["xdp_count"]
assert p["line_info"] is True
maps = {m["name"]: m for m in f[1]["maps"]}
assert maps["map_outer"]["inner"] == "map_inner", maps
assert maps["map_inner"]["id"] == 42 and maps["map_inner"]["pinning"] == 2, maps
assert f[0]["license"] == "GPL"
print("json ok")
'
