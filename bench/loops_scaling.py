#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""Loop scaling: bpfcheck and Linux on bench/loops_scaling.c at several N.

  loops_scaling.py --bpfcheck B [--kload K] [--check] N=OBJ...

One table per program of loops_scaling.c (one counted loop shape each).
The "compat" column is `bpfcheck verify --linux-compat`'s verdict, then
the default mode's prediction of Linux's; with --check (and K) the exit
status is 1 when either differs from the running kernel's verdict, 77
when bpf() is not available.
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
    ap.add_argument("--check", action="store_true",
                    help="fail when --linux-compat or the prediction is "
                    "not the kernel's verdict")
    a = ap.parse_args()
    hdr = "%10s | %-7s %9s %9s %12s | %-15s | %-7s %9s %9s" % (
        "N", "bpfchk", "insns", "usec", "worst", "compat/predict", "linux",
        "insns", "usec")
    ours, compat, wrong, kernel = {}, {}, [], False
    for arg in a.objs:
        n, path = arg.split("=", 1)
        ours[n] = corpus.run_object(a.bpfcheck, path, "priv", [])
        compat[n] = corpus.run_object(a.bpfcheck, path, "priv",
                                      ["--linux-compat"])
    for prog in a.prog or PROGS:
        print(prog)
        print(hdr)
        print("-" * len(hdr))
        for arg in a.objs:
            n, path = arg.split("=", 1)
            b = ours[n].get(prog, {"verdict": "missing"})
            c = compat[n].get(prog, {}).get("verdict", "-")
            p = b.get("linux", {}).get("verdict", "-")
            k = {"verdict": "-"}
            if a.kload:
                k = (corpus.run_kload(a.kload, path, [prog], "priv") or
                     {}).get(prog, k)
            if k["verdict"] in ("accept", "reject"):
                kernel = True
                if k["verdict"] != c or k["verdict"] != p:
                    wrong.append("%s N=%s: linux %s, --linux-compat %s, "
                                 "predicted %s" % (prog, n, k["verdict"],
                                                   c, p))
            print("%10s | %-7s %9s %9s %12s | %-15s | %-7s %9s %9s" % (
                n, b["verdict"], fmt(b.get("processed_insns")),
                fmt(b.get("duration_us")), fmt(b.get("worst_case_insns")),
                "%s/%s" % (c, p), k["verdict"],
                fmt(k.get("processed")), fmt(k.get("usec"))))
            if k.get("verdict") == "reject":
                print("%10s   linux: %s" % ("", corpus.short(k["message"])))
            if b["verdict"] not in ("accept",):
                err = b.get("error") or {}
                print("%10s   bpfcheck: %s" % ("", err.get("message", "")
                                              if isinstance(err, dict)
                                              else err))
        print()
    for w in wrong:
        print("DIFFERS " + w)
    if not a.check:
        return 0
    if not kernel:
        print("SKIP: bpf() is not available here")
        return 77
    print("--linux-compat and the prediction: %s" %
          ("the kernel's verdict on every program" if not wrong else
           "%d differ from the kernel" % len(wrong)))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
