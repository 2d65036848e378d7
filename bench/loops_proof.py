#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""Loop proofs over the loop corpus (tests/corpus/loops_*.c, every variant).

  loops_proof.py SRC... --objdir D --bpfcheck B (--tsv T | --kload K) [-v]

For each program and variant (privileged loader) it prints whether
bpfcheck accepts it and how: proven (every loop summarised by induction, a
worst-case bound reported, no iteration explored), explored (a loop fell
back to exploring iterations, with bpfcheck's one-line reason), or no loop
left (the compiler unrolled it). Processed instructions are compared with
Linux's (linux.tsv, or the live kernel through kload) where both accept.
A figure printer, never a test.
"""
import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "tests", "corpus"))
import corpus  # noqa: E402


def bpfcheck_loops(bpfcheck, path, prog):
    cmd = [bpfcheck, "verify", "--json", "--prog", prog, path]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        d = json.loads(p.stdout)["programs"][0]
    except (subprocess.TimeoutExpired, ValueError, KeyError, IndexError):
        return {"verdict": "error", "loops": {}}
    return d


def classify(d):
    """proven / explored / noloop / reject, and the reason when explored."""
    if d.get("verdict") != "accept":
        return "reject", (d.get("error") or {}).get("message", "")
    lp = d.get("loops") or {}
    if lp.get("explored"):
        return "explored", lp.get("note", "") or "(no reason given)"
    if lp.get("proven", 0) > 0:
        return "proven", ""
    return "noloop", ""


def linux_results(a, rows):
    if not a.kload:
        tsv = corpus.read_tsv(a.tsv)
        return {k: tsv.get(k) for k in rows}
    res = {}
    by_obj = {}
    for (f, prog, v, mode), path in rows.items():
        by_obj.setdefault(path, []).append((f, prog, v, mode))
    for path, keys in sorted(by_obj.items()):
        got = corpus.run_kload(a.kload, path, sorted({k[1] for k in keys}),
                               "priv") or {}
        for k in keys:
            res[k] = got.get(k[1])
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("srcs", nargs="+")
    ap.add_argument("--objdir", required=True)
    ap.add_argument("--bpfcheck", required=True)
    ap.add_argument("--tsv")
    ap.add_argument("--kload")
    ap.add_argument("-v", action="store_true", help="list every case")
    a = ap.parse_args()
    rows = {}
    for e, v in corpus.built_cases(a.srcs, a.objdir):
        if e.mode != "priv":
            continue
        rows[(os.path.basename(e.src), e.prog, v, "priv")] = \
            corpus.obj(a.objdir, e.src, v)
    lin = linux_results(a, rows)
    tot = {}
    lines = []
    for key, path in sorted(rows.items()):
        d = bpfcheck_loops(a.bpfcheck, path, key[1])
        kind, why = classify(d)
        l = lin.get(key) or {}
        t = tot.setdefault(key[2], {"n": 0, "accept": 0, "proven": 0,
                                     "explored": 0, "noloop": 0,
                                     "both": 0, "ours": 0, "linux": 0,
                                     "lacc": 0})
        t["n"] += 1
        t["lacc"] += l.get("verdict") == "accept"
        if kind != "reject":
            t["accept"] += 1
            t[kind] += 1
        if kind in ("proven", "explored") and l.get("verdict") == "accept":
            t["both"] += 1
            t["ours"] += d.get("processed_insns", 0)
            t["linux"] += l.get("processed", 0)
        if a.v or kind == "explored":
            lines.append("%-12s %-30s %-5s %-8s %8s %8s  %s" % (
                key[0][:-2], key[1], key[2], kind,
                d.get("processed_insns", "-"), l.get("processed", "-"),
                why))
    print("%-12s %-30s %-5s %-8s %8s %8s  %s" % (
        "file", "program", "var", "bpfcheck", "insns", "linux",
        "why not proven"))
    for ln in lines:
        print(ln)
    print()
    hdr = ("%-7s %6s %7s %7s %7s %8s %7s | %6s %10s %10s %6s" % (
        "variant", "cases", "linux", "accept", "proven", "explored",
        "noloop", "both", "insns", "linux", "ratio"))
    print(hdr)
    print("-" * len(hdr))
    all_t = {}
    for v in corpus.VARIANTS + ["total"]:
        if v == "total":
            t = all_t
        elif v in tot:
            t = tot[v]
            for k, x in t.items():
                all_t[k] = all_t.get(k, 0) + x
        else:
            continue
        withloop = t["proven"] + t["explored"]
        print("%-7s %6d %7d %7d %7d %8d %7d | %6d %10d %10d %6s" % (
            v, t["n"], t["lacc"], t["accept"], t["proven"], t["explored"],
            t["noloop"], t["both"], t["ours"], t["linux"],
            "%.3f" % (t["ours"] / t["linux"]) if t["linux"] else "-"))
    withloop = all_t.get("proven", 0) + all_t.get("explored", 0)
    if withloop:
        print("proven: %d of %d accepted programs with a loop (%.1f%%)" % (
            all_t["proven"], withloop, 100.0 * all_t["proven"] / withloop))


if __name__ == "__main__":
    main()
