#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""bpfcheck --kernel K --linux-compat against K's recorded verdicts.

  agreement.py tests/kernels/K.tsv... --bpfcheck B --objdir D
               [--realworld DIR] [--known tests/kernels/known.tsv] [-j N]

Runs `bpfcheck verify --json --linux-compat --kernel K` (unprivileged
for the unpriv rows, as each set's own comparison loads them) over the
table's rows of the corpus set (objects in D, the corpus target's
build/tests/corpus), the realworld set (DIR/ebpf-samples) and, with
--sets ...,selftests, the selftests set (--selftests DIR/obj; skipped when
absent), and prints per set
the rows, the agreement, the false accepts (bpfcheck accepts what K
rejected) and the false rejects. A row whose verdict is `error` (the load
failed before the verifier ran) counts as a reject when bpfcheck rejects
it naming a reason it can know (a helper, kfunc or program type the
kernel lacks); otherwise it is a note, not counted.

Every disagreement must be listed in the shrink-only known.tsv (set,
kernel, object, variant, program, mode, reason): an unlisted one fails,
and so does a listed one that now agrees. Exit 77 when nothing could run.
"""
import argparse
import concurrent.futures
import csv
import json
import lzma
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(TESTS, "corpus"))
SKIP = 77
REALWORLD_CSV = "ebpf-samples-linux-6.18.csv"
ENV = dict(os.environ, LC_ALL="C")
# What bpfcheck names when it knows why a kernel cannot load a program
# before its verifier runs (a libbpf or kernel error in the table).
KNOWABLE = ("invalid func unknown#", "unknown opcode", "uses reserved fields",
            "unknown program type", "invalid may_goto",
            "is absent from Linux", "kernel's BTF has no struct",
            "failed to find kernel BTF type ID")


def read_table(path):
    rows = []
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        f = line.rstrip("\n").split("\t")
        f += [""] * (8 - len(f))
        rows.append(dict(zip(("set", "object", "variant", "program", "mode",
                              "verdict", "processed", "message"), f)))
    return rows


def kernel_of(path):
    return os.path.basename(path)[:-len(".tsv")]


def run(bpfcheck, argv):
    cmd = [bpfcheck, "verify", "--json"] + argv
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=600,
                           env=ENV)
        return {d["name"]: d for d in json.loads(p.stdout)["programs"]}, ""
    except subprocess.TimeoutExpired:
        return {}, "timeout"
    except (ValueError, KeyError):
        err = (p.stderr.strip().splitlines() or ["no output"])[-1]
        return {}, err


def verdict_of(d, err):
    if not d:
        return "reject", err or "no verdict"
    msg = (d.get("error") or {}).get("message", "")
    return d.get("verdict", "reject"), msg


def corpus_groups(a, rows, kopts):
    """[(argv, [(row, program)])] for the corpus rows."""
    import corpus
    srcs = sorted(os.path.join(TESTS, "corpus", f)
                  for f in os.listdir(os.path.join(TESTS, "corpus"))
                  if f.endswith(".c"))
    opts = {}
    for e, v in corpus.built_cases(srcs, a.objdir):
        opts[(os.path.basename(e.src), v, e.prog, e.mode)] = e.opts
    groups = {}
    for r in rows:
        key = (r["object"], r["variant"], r["program"], r["mode"])
        if key not in opts:
            continue
        path = corpus.obj(a.objdir, r["object"], r["variant"])
        if not os.path.exists(path):
            continue
        argv = kopts + corpus.verify_opts(opts[key], path) + [path]
        groups.setdefault(tuple(argv), []).append((r, r["program"]))
    return groups


def realworld_groups(a, rows, kopts):
    d = a.realworld
    types = {}
    with open(os.path.join(d, REALWORLD_CSV), newline="") as f:
        for c in csv.DictReader(f):
            types[(c["file"], c["section"], c["program"])] = c["prog_type"]
    sys.path.insert(0, os.path.join(TESTS, "realworld"))
    import realworld
    groups, listed = {}, {}
    for r in rows:
        t = types.get((r["object"], r["variant"], r["program"]))
        path = os.path.join(d, "ebpf-samples", r["object"])
        if not t or not os.path.exists(path):
            continue
        # as realworld.py runs it: the section gives the type (and the
        # attach type with it) where bpfcheck's mapping agrees
        if path not in listed:
            listed[path] = realworld.listed_types(a.bpfcheck, path)
        argv = list(kopts)
        if listed[path].get((r["variant"], r["program"])) != t:
            argv += ["--type", t]
        argv += ["--section", r["variant"], "--prog", r["program"], path]
        groups[tuple(argv)] = [(r, r["program"])]
    return groups


def selftests_groups(a, rows, kopts):
    """The selftests rows, run as tests/selftests/selftests.py check runs
    bpfcheck: once per object, mode and the tests' load flags."""
    sys.path.insert(0, os.path.join(TESTS, "selftests"))
    import selftests as st
    groups, specs = {}, {}
    for r in rows:
        path = os.path.join(a.selftests, "obj", r["object"] + ".bpf.o")
        if not os.path.exists(path):
            continue
        if path not in specs:
            try:
                progs = st.elf_programs(path)
                specs[path] = st.parse_specs(st.read_btf(a.bpftool, path),
                                             progs)
            except (ValueError, OSError, KeyError):
                specs[path] = {}
        sp = specs[path].get(r["program"])
        if sp is None:
            continue
        flags = st.bpfcheck_flags(sp.flags)
        argv = list(kopts) + (["--prog-flags", flags] if flags else [])
        # (selftests' unprivileged loader keeps no capability)
        argv += ["--unprivileged"] if r["mode"] == "unpriv" else []
        groups.setdefault(tuple(argv + [path]), []).append(
            (r, r["program"]))
    return groups


def judge(row, got, msg):
    """agree, false-accept, false-reject or note (an error row)."""
    k = row["verdict"]
    if "not supported by bpfcheck" in msg:
        return "note"  # bpfcheck names a feature it lacks: no verdict
    if k == "error":
        if got == "reject" and any(s in msg for s in KNOWABLE):
            return "agree"
        return "note"
    if got == k:
        return "agree"
    return "false-accept" if got == "accept" else "false-reject"


def read_known(path):
    known = {}
    if path and os.path.exists(path):
        for line in open(path):
            if line.startswith("#") or not line.strip():
                continue
            f = line.rstrip("\n").split("\t")
            if len(f) != 7:
                sys.exit("%s: bad line: %r" % (path, line))
            for v in f[3].split(","):
                known[(f[0], f[1], f[2], v, f[4], f[5])] = f[6]
    return known


def one_table(a, table, known):
    """(failures, ran) of one kernel's table."""
    btf = a.btf
    bad = 0
    ran = False
    k = kernel_of(table)
    tmp = tempfile.TemporaryDirectory()
    if not btf and os.path.exists(table[:-len(".tsv")] + ".btf.xz"):
        btf = os.path.join(tmp.name, k + ".btf")
        with lzma.open(table[:-len(".tsv")] + ".btf.xz") as f, \
                open(btf, "wb") as out:
            shutil.copyfileobj(f, out)
    rows = read_table(table)
    kopts = ["--linux-compat", "--kernel", k]
    for s in a.sets.split(","):
        srows = [r for r in rows if r["set"] == s]
        if not srows:
            print("%s %s: not recorded" % (k, s))
            continue
        if s == "corpus":
            groups = corpus_groups(a, srows, kopts)
        elif s == "realworld":
            if not a.realworld or not os.path.exists(
                    os.path.join(a.realworld, REALWORLD_CSV)):
                print("%s %s: skipped (no %s)" % (k, s, a.realworld))
                continue
            groups = realworld_groups(a, srows, kopts)
        elif s == "selftests":
            if not a.selftests or not os.path.isdir(
                    os.path.join(a.selftests, "obj")):
                print("%s %s: skipped (no %s)" % (k, s, a.selftests))
                continue
            groups = selftests_groups(a, srows, kopts)
        else:
            sys.exit("unknown set " + s)
        if not groups:
            print("%s %s: skipped (no objects)" % (k, s))
            continue
        ran = True

        def one(item):
            argv, members = item
            unpriv = members[0][0]["mode"] == "unpriv" and s != "selftests"
            pre = ["--unprivileged", "--cap-bpf"] if unpriv else []
            pre += ["--btf", btf] if btf else []
            res, err = run(a.bpfcheck, pre + list(argv))
            return [(r, verdict_of(res.get(p), err)) for r, p in members]

        with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
            out = [x for g in ex.map(one, sorted(groups.items()))
                   for x in g]
        counts = {"agree": 0, "false-accept": 0, "false-reject": 0,
                  "note": 0}
        seen = set()
        for r, (got, msg) in out:
            kind = judge(r, got, msg)
            counts[kind] += 1
            key = (s, k, r["object"], r["variant"], r["program"], r["mode"])
            if kind == "agree":
                if key in known:
                    bad += 1
                    print("FIXED (remove from known.tsv) %s" %
                          " ".join(key))
                continue
            line = "%s %s: %s %s (%s); bpfcheck %s (%s)" % (
                kind.upper(), " ".join(key[2:]), k, r["verdict"],
                r["message"][:80], got, msg[:80])
            if kind == "note":
                if a.verbose:
                    print("NOTE " + line)
                continue
            seen.add(key)
            # a false accept may be listed only as one: "UNSOUND: why"
            listed = key in known and (
                kind == "false-reject" or
                known[key].startswith("UNSOUND:"))
            if listed and kind == "false-accept":
                print("UNSOUND (listed) " + line + " -- " + known[key])
            elif listed:
                if a.verbose:
                    print("KNOWN " + line + " -- " + known[key])
            else:
                bad += 1
                print(line)
        judged = len(out) - counts["note"]
        print("%s %s: %d rows, %d judged, agreement %.1f%%, %d false "
              "accepts, %d false rejects, %d notes (error rows)" % (
                  k, s, len(out), judged,
                  100.0 * counts["agree"] / max(judged, 1),
                  counts["false-accept"], counts["false-reject"],
                  counts["note"]))
    return bad, ran


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tables", nargs="+", metavar="K.tsv")
    ap.add_argument("--bpfcheck", required=True)
    ap.add_argument("--objdir", required=True)
    ap.add_argument("--realworld")
    ap.add_argument("--selftests", help="the prepared selftests folder "
                    "(tests/selftests/selftests.py prepare; obj/ inside)")
    ap.add_argument("--bpftool", default="/usr/sbin/bpftool")
    ap.add_argument("--btf", help="the kernel's BTF, with one table "
                    "(default: K.btf.xz beside it, decompressed)")
    ap.add_argument("--known", default=os.path.join(HERE, "known.tsv"))
    ap.add_argument("--sets", default="corpus,realworld")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    known = read_known(a.known)
    bad, ran = 0, False
    if a.btf and len(a.tables) > 1:
        sys.exit("--btf goes with one table")
    for table in a.tables:
        b, r = one_table(a, table, known)
        bad += b
        ran = ran or r
    if not ran:
        return SKIP
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
