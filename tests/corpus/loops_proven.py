#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""Every loop of the loop corpus that bpfcheck accepts is proven.

  loops_proven.py OBJDIR BPFCHECK

Verifies OBJDIR/loops_*.o (every build of tests/corpus/loops_*.c) and
fails on an accepted program whose loops were explored iteration by
iteration rather than proven by induction, naming it and the reason
bpfcheck gives. bench_loops_proof prints the same with Linux's figures.
"""
import glob
import json
import os
import subprocess
import sys


def main():
    objdir, bpfcheck = sys.argv[1:3]
    objs = sorted(glob.glob(os.path.join(objdir, "loops_*.o")))
    if not objs:
        sys.exit("loops_proven.py: no loops_*.o in %s" % objdir)
    p = subprocess.run([bpfcheck, "verify", "--json", "-j", "2"] + objs,
                       capture_output=True, text=True, timeout=3000)
    if p.returncode not in (0, 1):
        sys.exit("bpfcheck verify: exit %d: %s" % (p.returncode, p.stderr))
    proven = explored = 0
    for d in json.loads(p.stdout)["programs"]:
        lp = d.get("loops") or {}
        if d["verdict"] != "accept" or not (lp.get("proven") or
                                            lp.get("explored")):
            continue
        if lp.get("explored"):
            explored += 1
            print("FAIL %s %s: explored: %s" % (os.path.basename(d["file"]),
                                                d["name"], lp.get("note")))
        else:
            proven += 1
    print("%d accepted programs with a loop proven, %d explored" %
          (proven, explored))
    return 1 if explored or not proven else 0


if __name__ == "__main__":
    sys.exit(main())
