#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""Loop scaling: bpfcheck and Linux on bench/loops_scaling.c at several N.

  loops_scaling.py --bpfcheck B [--kload K] N=OBJ...

One table per program of loops_scaling.c (one counted loop shape each).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "tests", "corpus"))
import corpus  # noqa: E402

PROGS = ["scale_loop", "scale_strength", "scale_signed", "scale_nested",
         "scale_ptr_iv", "scale_stack"]


def fmt(x):
    return "-" if x is None or (isinstance(x, int) and x < 0) else str(x)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("objs", nargs="+")
    ap.add_argument("--bpfcheck", required=True)
    ap.add_argument("--kload")
    ap.add_argument("--prog", action="append", help="only these programs")
    a = ap.parse_args()
    hdr = "%10s | %-7s %9s %9s %12s | %-7s %9s %9s" % (
        "N", "bpfchk", "insns", "usec", "worst", "linux", "insns", "usec")
    for prog in a.prog or PROGS:
        print(prog)
        print(hdr)
        print("-" * len(hdr))
        for arg in a.objs:
            n, path = arg.split("=", 1)
            b = corpus.run_bpfcheck(a.bpfcheck, path, prog, "priv")
            k = {"verdict": "-"}
            if a.kload:
                k = (corpus.run_kload(a.kload, path, [prog], "priv") or
                     {}).get(prog, k)
            print("%10s | %-7s %9s %9s %12s | %-7s %9s %9s" % (
                n, b["verdict"], fmt(b.get("processed")), fmt(b.get("usec")),
                fmt(b.get("worst")), k["verdict"], fmt(k.get("processed")),
                fmt(k.get("usec"))))
            if k.get("verdict") == "reject":
                print("%10s   linux: %s" % ("", corpus.short(k["message"])))
            if b["verdict"] not in ("accept",):
                print("%10s   bpfcheck: %s" % ("", b.get("message", "")))
        print()


if __name__ == "__main__":
    main()
