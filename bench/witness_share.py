#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""The share of the corpus's memory-safety rejections with a witness.

Over every case of the verdict corpus (program x variant x loader) that
Linux rejects (tests/corpus/linux.tsv) and bpfcheck rejects for a
memory-safety reason (out of bounds, NULL, an uninitialised register, a
leaked reference: `verify --witness` searches those), the share for which
the search finds an input that the interpreter runs to a fault at the
rejected instruction. Prints the share per class and in all; -v lists the
cases without one.

  bench/witness_share.py BPFCHECK OBJDIR [--tsv T] [-v] [--variants O2,v3]
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MODES = {"priv": [], "unpriv": ["--unprivileged", "--cap-bpf"]}


def linux_rejects(tsv, variants):
    """{(file, variant, mode): {program}} of Linux's rejections."""
    res = collections.defaultdict(set)
    for line in open(tsv):
        f = line.rstrip("\n").split("\t")
        if line.startswith("#") or len(f) < 7 or f[4] != "reject":
            continue
        if variants and f[2] not in variants:
            continue
        res[(f[0], f[2], f[3])].add(f[1])
    return res


def verify(bpfcheck, path, mode, wfile):
    cmd = [bpfcheck, "verify", "-o", "json", "--witness", wfile] + \
        MODES[mode] + [path]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if p.returncode not in (0, 1):
        sys.exit("%s: %s" % (" ".join(cmd), p.stderr.strip()))
    return json.loads(p.stdout)["programs"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bpfcheck")
    ap.add_argument("objdir")
    ap.add_argument("--tsv", default=os.path.join(HERE, "..", "tests",
                                                  "corpus", "linux.tsv"))
    ap.add_argument("--variants", default="")
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    variants = set(a.variants.split(",")) - {""}
    by_class = collections.defaultdict(lambda: [0, 0])
    misses = []
    with tempfile.TemporaryDirectory() as tmp:
        wfile = os.path.join(tmp, "w.txt")
        for (src, v, mode), progs in sorted(linux_rejects(a.tsv,
                                                          variants).items()):
            path = os.path.join(a.objdir, src[:-2] + "." + v + ".o")
            if not os.path.exists(path) or mode not in MODES:
                continue
            for r in verify(a.bpfcheck, path, mode, wfile):
                w = r.get("witness")
                if r["name"] not in progs or not w or not w["searched"]:
                    continue
                rule = w["rule"]
                by_class[rule][1] += 1
                if w["found"]:
                    by_class[rule][0] += 1
                else:
                    misses.append("%s %s %s %s: insn %s: %s" % (
                        src, r["name"], v, mode, r["error"]["insn"],
                        r["error"]["message"]))
    found = sum(c[0] for c in by_class.values())
    total = sum(c[1] for c in by_class.values())
    for rule, (f, t) in sorted(by_class.items()):
        print("  %-24s %4d of %4d  %5.1f%%" % (rule, f, t, 100.0 * f / t))
    print("witness: %d of %d memory-safety rejections that Linux also "
          "rejects (%.1f%%)" % (found, total,
                                100.0 * found / total if total else 0))
    if a.v:
        for m in misses:
            print("  none:", m)
    return 0


if __name__ == "__main__":
    sys.exit(main())
