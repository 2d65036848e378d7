#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""bpfcheck vs the Linux verifier on every corpus program.

For every program and variant of tests/corpus, prints bpfcheck's verdict,
processed instructions and time (from `bpfcheck verify --json`) beside the
kernel's (from a log-level-4 load by kload: `processed N insns`,
`verification time X usec`), then the totals, for all programs and for the
small ones (Linux processes under 1,000 insns). Both sides run one process
per object, as veristat and kload do, so each pays its start-up once per
object, not per program. Needs root and bpf() for the kernel columns
(printed as '-' otherwise).

Then the whole-process wall time of each program on its own, start-up
included: `bpfcheck verify --prog P OBJ` beside `kload OBJ P`, the median
of --wall-repeat runs of each, and the medians over the corpus with their
ratio (bpfcheck reads the kernel BTF as it would by default).

  kernel_compare.py --objdir D --bpfcheck B --kload K [--variant V]
                    [--wall-repeat N] SRC...
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "tests", "corpus"))
import corpus  # noqa: E402


def num(x):
    return x if isinstance(x, int) and x >= 0 else None


SMALL = 1000


def ratio(a, b):
    return "%.2fx" % (a / b) if b else "-"


def fmt(x):
    return "-" if x is None else str(x)


def wall(cmd, repeat):
    """Median wall msec of cmd run repeat times, output discarded; None
    when it skips (kload without bpf())."""
    t = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=1200)
        t.append(1000 * (time.perf_counter() - t0))
        if p.returncode == corpus.SKIP:
            return None
    return statistics.median(t)


def wall_times(a, by_obj):
    """Per program: (bpfcheck's wall, kload's wall or None), in msec."""
    out = []
    for (path, mode), lst in sorted(by_obj.items()):
        for prog in sorted({e.prog for e, _ in lst}):
            bcmd = (a.bpfcheck.split() + ["verify", "--json"] +
                    corpus.verify_opts(lst[0][0].opts, path) +
                    ["--prog", prog, path])
            kcmd = ([a.kload] + (["--unpriv"] if mode == "unpriv" else []) +
                    [path, prog])
            out.append((wall(bcmd, a.wall_repeat),
                        wall(kcmd, a.wall_repeat)))
    return out


def print_walls(walls):
    both = [(b, k) for b, k in walls if k is not None]
    print("whole-process wall time, one process per program (msec, medians "
          "over %d programs):" % len(walls))
    if not walls:
        return
    bm = statistics.median(b for b, _ in walls)
    if not both:
        print("  bpfcheck %.2f; kload not measured" % bm)
        return
    bb = statistics.median(b for b, _ in both)
    kb = statistics.median(k for _, k in both)
    print("  bpfcheck %.2f, kload %.2f over the %d both ran: ratio %s "
          "(bpfcheck %.2f over all)" % (bb, kb, len(both), ratio(bb, kb), bm))
    print("  per-program ratio median %s" %
          ratio(statistics.median(b / k for b, k in both), 1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("srcs", nargs="+")
    ap.add_argument("--objdir", required=True)
    ap.add_argument("--bpfcheck", required=True)
    ap.add_argument("--kload", required=True)
    ap.add_argument("--variant", action="append")
    ap.add_argument("--wall-repeat", type=int, default=3)
    a = ap.parse_args()
    by_obj = {}
    for e, v in corpus.cases(a.srcs):
        if a.variant and v not in a.variant:
            continue
        by_obj.setdefault((corpus.obj(a.objdir, e.src, v), e.mode),
                          []).append((e, v))
    hdr = "%-30s %-3s %-6s | %-7s %9s %9s | %-7s %9s %9s" % (
        "program", "var", "mode", "bpfchk", "insns", "usec",
        "linux", "insns", "usec")
    print(hdr)
    print("-" * len(hdr))
    tot = {"bi": 0, "bu": 0, "li": 0, "lu": 0, "n": 0, "both": 0,
           "lai": 0, "lau": 0, "ln": 0, "sn": 0, "sbu": 0, "slu": 0}
    for (path, mode), lst in sorted(by_obj.items()):
        lin = corpus.run_kload(a.kload, path,
                               sorted({e.prog for e, _ in lst}), mode) or {}
        ours = corpus.run_object(a.bpfcheck, path, lst[0][0].opts, [])
        for e, v in lst:
            b = ours.get(e.prog, {"verdict": "missing"})
            k = lin.get(e.prog, {"verdict": "-"})
            bi, bu = num(b.get("processed_insns")), num(b.get("duration_us"))
            li, lu = num(k.get("processed")), num(k.get("usec"))
            print("%-30s %-3s %-6s | %-7s %9s %9s | %-7s %9s %9s" % (
                e.prog, v, mode, b["verdict"], fmt(bi), fmt(bu),
                k["verdict"], fmt(li), fmt(lu)))
            tot["n"] += 1
            if None not in (li, lu):
                tot["ln"] += 1
                tot["lai"] += li
                tot["lau"] += lu
            # Totals over programs both sides measured, so they compare.
            if None not in (bi, bu, li, lu):
                tot["both"] += 1
                tot["bi"] += bi
                tot["bu"] += bu
                tot["li"] += li
                tot["lu"] += lu
                if li < SMALL:
                    tot["sn"] += 1
                    tot["sbu"] += bu
                    tot["slu"] += lu
    print("-" * len(hdr))
    print("programs: %d; measured by both: %d" % (tot["n"], tot["both"]))
    print("total processed insns: bpfcheck %d, linux %d" % (tot["bi"],
                                                            tot["li"]))
    print("total time (usec):     bpfcheck %d, linux %d" % (tot["bu"],
                                                            tot["lu"]))
    print("  ratio: %s" % ratio(tot["bu"], tot["lu"]))
    print("small programs (linux < %d insns): %d; time (usec): bpfcheck %d, "
          "linux %d, ratio %s" % (SMALL, tot["sn"], tot["sbu"], tot["slu"],
                                  ratio(tot["sbu"], tot["slu"])))
    print("linux alone over the %d programs it measured: %d insns, %d usec" %
          (tot["ln"], tot["lai"], tot["lau"]))
    if a.wall_repeat > 0:
        print_walls(wall_times(a, by_obj))


if __name__ == "__main__":
    main()
