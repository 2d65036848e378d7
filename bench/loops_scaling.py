#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""Loop scaling: bpfcheck and Linux on bench/loops_scaling.c at several N.

  loops_scaling.py --bpfcheck B --kload K N=OBJ...
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "tests", "corpus"))
import corpus  # noqa: E402


def fmt(x):
    return "-" if x is None or (isinstance(x, int) and x < 0) else str(x)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("objs", nargs="+")
    ap.add_argument("--bpfcheck", required=True)
    ap.add_argument("--kload", required=True)
    a = ap.parse_args()
    hdr = "%10s | %-7s %9s %9s %10s | %-7s %9s %9s" % (
        "N", "bpfchk", "insns", "usec", "worst", "linux", "insns", "usec")
    print(hdr)
    print("-" * len(hdr))
    for arg in a.objs:
        n, path = arg.split("=", 1)
        b = corpus.run_bpfcheck(a.bpfcheck, path, "scale_loop", "priv")
        k = (corpus.run_kload(a.kload, path, ["scale_loop"], "priv") or
             {}).get("scale_loop", {"verdict": "-"})
        print("%10s | %-7s %9s %9s %10s | %-7s %9s %9s" % (
            n, b["verdict"], fmt(b.get("processed")), fmt(b.get("usec")),
            fmt(b.get("worst")), k["verdict"], fmt(k.get("processed")),
            fmt(k.get("usec"))))
        if k.get("verdict") == "reject":
            print("%10s   linux: %s" % ("", k["message"]))
        if b["verdict"] not in ("accept",):
            print("%10s   bpfcheck: %s" % ("", b.get("message", "")))


if __name__ == "__main__":
    main()
