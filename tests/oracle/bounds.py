#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""Exact worst-case bounds of simple loops, and the interpreter's count
against them: a bound must hold (executed <= bound) and, for these loops
whose every run takes the same path, be tight."""
import json
import subprocess
import sys

# object (relative to the build dir), program, bound, executed by the run
CASES = [
    ("examples/bounded_loop.o", "xdp_sum", 585, 585),
    ("tests/corpus/loops_sound.O2.o", "snd_step4", 157, 157),
    ("tests/corpus/loops_ok.O2.o", "lp_step4", 285, 285),
    ("tests/corpus/loops_ok.O2.o", "lp_countdown", 460, 459),
    ("tests/corpus/loops_beyond.O2.o", "beyond_150k", 1800012, 1800011),
]


def main():
    bpfcheck, build = sys.argv[1], sys.argv[2]
    bad = 0
    pkt = "00" * 128
    for obj, prog, bound, executed in CASES:
        path = "%s/%s" % (build, obj)
        v = json.loads(subprocess.run(
            [bpfcheck, "verify", "--json", "--prog", prog, path],
            capture_output=True, text=True).stdout)["programs"][0]
        r = subprocess.run([bpfcheck, "run", "--json", "--prog", prog, path,
                            "--packet-hex", pkt], capture_output=True,
                           text=True)
        got = json.loads(r.stdout) if r.returncode == 0 else {}
        ok = (v.get("worst_case_insns") == bound and
              got.get("insns_executed") == executed and executed <= bound)
        bad += not ok
        print("%-4s %-14s bound %s (want %d), executed %s (want %d)%s" % (
            "ok" if ok else "FAIL", prog, v.get("worst_case_insns"), bound,
            got.get("insns_executed"), executed,
            "" if r.returncode == 0 else ": " + r.stderr.strip()))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
