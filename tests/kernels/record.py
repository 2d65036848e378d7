#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""Older kernels' verdicts: the jobs a guest runs, and its answers as rows.

  jobs --set S --out DIR [--corpus-objdir D] [--selftests D]
       [--realworld D]
      write DIR/jobs-S.txt (one kload command line a line, prefixed by its
      id: the guest's /init runs them in order) and DIR/keys-S.tsv (the row
      key of each id), and copy the objects they load into DIR/objs/S/.
      The programs and their loader arguments are those of the 6.18
      comparisons: tests/corpus/corpus.py (linux), tests/selftests/
      selftests.py (check: flags, __auxiliary programs, priv and unpriv),
      tests/realworld/realworld.py (run_kload: --legacy, --fix, --type,
      --section).

  parse --keys DIR/keys-S.tsv... --results LOG... --timeouts N...
        --out K.tsv --kernel-release R --package P
      read the guest's result blocks (one results file and time limit per
      keys file) and write the table (format: tests/kernels/README.md).

  redo --table K.tsv --keys DIR/keys-S.tsv --jobs DIR/jobs-S.txt
      print the job lines of the programs the table records as errors (to
      record their reasons again; record.sh --redo-errors).

  summary K.tsv... [--realworld D]
      per set: rows, accept / reject / error, and where 6.18's verdicts are
      recorded (tests/corpus/linux.tsv, the real-world CSV) how many of
      the programs both kernels judged get the same verdict.

  check K.tsv... [--bpftool B]
      every row of each table parses, and each K.tsv has a K.btf.xz beside
      it that bpftool reads once decompressed (the CTest kernels_tables).
      Exit 77 (skip) when no bpftool is found.
"""
import argparse
import csv
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(TESTS, "corpus"))
sys.path.insert(0, os.path.join(TESTS, "selftests"))

SETS = ("corpus", "selftests", "realworld")
VERDICTS = ("accept", "reject", "error")
MODES = ("priv", "unpriv")
COLUMNS = ("set", "object", "variant", "program", "mode", "verdict",
           "processed", "message")
# In the guest: the two static loaders (the Debian libbpf one for the
# corpus and the real-world objects, as build/tests/kernel/kload; the
# selftests' own libbpf for theirs, as selftests.py prepare builds it).
KLOAD = "/bin/kload"
KLOAD_ST = "/bin/kload-st"
REALWORLD_CSV = "ebpf-samples-linux-6.18.csv"


def corpus_jobs(objdir):
    """(key, objfile, argv-after-kload) for every case linux.tsv records."""
    import corpus
    srcs = sorted(os.path.join(TESTS, "corpus", f)
                  for f in os.listdir(os.path.join(TESTS, "corpus"))
                  if f.endswith(".c"))
    out = []
    for e, v in corpus.built_cases(srcs, objdir):
        if e.mode not in corpus.KERNEL_MODES:
            continue
        path = corpus.obj(objdir, e.src, v)
        if not os.path.exists(path):
            continue
        key = (os.path.basename(e.src), v, e.prog, e.mode)
        name = os.path.basename(path)
        args = (["--unpriv"] if e.mode == "unpriv" else []) + [name, e.prog]
        out.append((key, path, KLOAD, args))
    # cases() may name one (program, variant, mode) twice: load it once
    seen, uniq = set(), []
    for j in out:
        if j[0] not in seen:
            seen.add(j[0])
            uniq.append(j)
    return uniq


def selftests_jobs(d, bpftool):
    import json
    import selftests as st
    prep = json.load(open(os.path.join(d, "prepare.json")))
    out = []
    for o in sorted(prep["compiled"]):
        path = os.path.join(d, "obj", o + ".bpf.o")
        progs = st.elf_programs(path)
        specs = st.parse_specs(st.read_btf(bpftool, path), progs)
        for sec, name in progs:
            sp = specs[name]
            if sp.error or sp.auxiliary or not st.runs_here(sp):
                continue
            for mode in MODES:
                if mode not in sp.modes:
                    continue
                aux = [n for _, n in progs if specs[n].auxiliary and
                       mode in specs[n].modes]
                # test_loader adds its testing flags where the kernel
                # knows them (BPF_F_TEST_REG_INVARIANTS: 6.7 onwards)
                testing = sp.flags & st.TESTING_PROG_FLAGS
                args = ["--flags", str(sp.flags & ~testing),
                        "--test-flags", str(testing)]
                args += ["--unpriv"] if mode == "unpriv" else []
                for n in aux:
                    args += ["--aux", n]
                args += [os.path.basename(path), name]
                out.append(((o, sec, name, mode), path, KLOAD_ST, args))
    return out


def realworld_jobs(d):
    out = []
    with open(os.path.join(d, REALWORLD_CSV), newline="") as f:
        for r in csv.DictReader(f):
            path = os.path.join(d, "ebpf-samples", r["file"])
            args = []
            if r["loader"] == "legacy":
                args.append("--legacy")
            elif r["loader"].startswith("libbpf+fix:"):
                args += ["--fix",
                         r["loader"].split(":", 1)[1].replace("+", ",")]
            args += ["--type", r["prog_type"], "--section", r["section"],
                     r["file"], r["program"]]
            key = (r["file"], r["section"], r["program"], "priv")
            out.append((key, path, KLOAD, args))
    return out


def cmd_jobs(a):
    if a.set == "corpus":
        jobs = corpus_jobs(a.corpus_objdir)
    elif a.set == "selftests":
        jobs = selftests_jobs(a.selftests, a.bpftool)
    else:
        jobs = realworld_jobs(a.realworld)
    objroot = os.path.join(a.out, "objs", a.set)
    os.makedirs(objroot, exist_ok=True)
    guest_root = "/objs/" + a.set
    with open(os.path.join(a.out, "jobs-%s.txt" % a.set), "w") as jf, \
            open(os.path.join(a.out, "keys-%s.tsv" % a.set), "w") as kf:
        for i, (key, path, kload, args) in enumerate(jobs):
            # the object's name within the set: its last argument but one
            rel = args[-2]
            dst = os.path.join(objroot, rel)
            if not os.path.exists(dst):
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copyfile(path, dst)
            args = args[:-2] + [guest_root + "/" + rel, args[-1]]
            jid = "%s.%d" % (a.set, i)
            # --why: libbpf's warnings say what an older kernel lacks
            jf.write("%s\t%s --why %s\n" % (jid, kload, " ".join(args)))
            kf.write("%s\t%s\t%s\n" % (jid, a.set, "\t".join(key)))
    print("%s: %d jobs" % (a.set, len(jobs)))


def read_blocks(path):
    """{job id: (exit status or None, [output lines])} from the guest's
    "@@B ID" ... "@@E ID STATUS" blocks."""
    res, cur, lines = {}, None, []
    for raw in open(path, errors="replace"):
        line = raw.rstrip("\r\n").replace("\r", "")
        if line.startswith("@@B "):
            cur, lines = line[4:].strip(), []
        elif line.startswith("@@E ") and cur:
            f = line.split()
            if len(f) >= 3 and f[1] == cur:
                res[cur] = (int(f[2]), lines)
            cur = None
        elif cur is not None:
            lines.append(line)
    if cur is not None:
        res[cur] = (None, lines)
    return res


def job_row(prog, status, lines, timeout):
    """(verdict, processed, message) of one program's job."""
    for line in lines:
        f = line.split("\t")
        if len(f) >= 5 and f[0] == prog and f[1] in VERDICTS:
            return f[1], f[2], f[4]
    if status in (124, 137, 143):
        return "error", "-1", "timeout after %d s" % timeout
    if status is None:
        return "error", "-1", "no result (the guest stopped)"
    why = next((x.strip() for x in lines if x.strip()), "no output")
    return "error", "-1", "kload exit %d: %s" % (status, why)


def cmd_parse(a):
    if not len(a.keys) == len(a.results) == len(a.timeouts):
        sys.exit("parse: one results file and time limit per keys file")
    rows, missing = [], 0
    for kpath, rpath, timeout in zip(a.keys, a.results, a.timeouts):
        blocks = read_blocks(rpath)
        for line in open(kpath):
            f = line.rstrip("\n").split("\t")
            jid, key = f[0], f[1:]
            if jid not in blocks:
                missing += 1
                rows.append(key + ["error", "-1", "not run"])
                continue
            status, lines = blocks[jid]
            rows.append(key + list(job_row(key[3], status, lines,
                                           timeout)))
    with open(a.out, "w") as out:
        out.write("# Linux %s's verdict per program (%s), recorded under "
                  "QEMU by tests/kernels/record.sh.\n" %
                  (a.kernel_release, a.package))
        out.write("# " + "\t".join(COLUMNS) + "\n")
        for r in rows:
            out.write("\t".join(x.replace("\t", " ") for x in r) + "\n")
    print("%s: %d rows, %d not run" % (a.out, len(rows), missing))
    return 1 if missing else 0


def check_table(path):
    bad, n, keys = [], 0, set()
    for i, line in enumerate(open(path), 1):
        if line.startswith("#"):
            continue
        f = line.rstrip("\n").split("\t")
        where = "%s:%d" % (path, i)
        if len(f) != len(COLUMNS):
            bad.append("%s: %d columns, want %d" % (where, len(f),
                                                    len(COLUMNS)))
            continue
        s, obj, var, prog, mode, verdict, processed, msg = f
        n += 1
        if s not in SETS or not obj or not prog or mode not in MODES:
            bad.append("%s: bad key %r" % (where, f[:5]))
        if verdict not in VERDICTS:
            bad.append("%s: bad verdict %r" % (where, verdict))
        try:
            p = int(processed)
        except ValueError:
            p = None
        if p is None or p < -1:
            bad.append("%s: bad processed count %r" % (where, processed))
        if verdict == "error" and not msg:
            bad.append("%s: an error without its reason" % where)
        if (s, obj, var, prog, mode) in keys:
            bad.append("%s: row repeated" % where)
        keys.add((s, obj, var, prog, mode))
    if not n:
        bad.append("%s: no rows" % path)
    return n, bad


def check_btf(bpftool, table):
    """The problems of the BTF beside a table (K.btf.xz for K.tsv)."""
    import lzma
    import subprocess
    import tempfile
    path = table[:-len(".tsv")] + ".btf.xz"
    if not os.path.exists(path):
        return 0, ["%s: no %s beside it" % (table, os.path.basename(path))]
    try:
        raw = lzma.open(path).read()
    except (OSError, lzma.LZMAError) as e:
        return 0, ["%s: %s" % (path, e)]
    with tempfile.NamedTemporaryFile(suffix=".btf") as f:
        f.write(raw)
        f.flush()
        p = subprocess.run([bpftool, "btf", "dump", "file", f.name],
                           capture_output=True, text=True)
    if p.returncode != 0:
        return 0, ["%s: bpftool btf dump failed: %s" % (
            path, (p.stderr.strip().splitlines() or ["?"])[-1])]
    types = p.stdout.count("\n[")
    if types < 1000:
        return types, ["%s: only %d types" % (path, types)]
    return types, []


def cmd_check(a):
    bpftool = a.bpftool or shutil.which("bpftool") or (
        "/usr/sbin/bpftool" if os.path.exists("/usr/sbin/bpftool") else None)
    if not bpftool:
        print("SKIP: no bpftool to read the kernels' BTF")
        return 77
    bad = []
    for t in a.tables:
        n, b = check_table(t)
        types, bb = check_btf(bpftool, t)
        print("%s: %d rows, BTF of %d types, %d problems" % (
            t, n, types, len(b) + len(bb)))
        bad += b + bb
    for b in bad:
        print("FAIL: " + b)
    return 1 if bad else 0


def cmd_redo(a):
    errors = {tuple(f[:5]) for f in read_table(a.table) if f[5] == "error"}
    ids = set()
    for line in open(a.keys):
        f = line.rstrip("\n").split("\t")
        if tuple(f[1:]) in errors:
            ids.add(f[0])
    for line in open(a.jobs):
        if line.split("\t", 1)[0] in ids:
            sys.stdout.write(line)
    return 0


def read_table(path):
    rows = []
    for line in open(path):
        if not line.startswith("#"):
            rows.append(line.rstrip("\n").split("\t"))
    return rows


def references(realworld):
    """{(set, object, variant, program, mode): 6.18 verdict}."""
    ref = {}
    for line in open(os.path.join(TESTS, "corpus", "linux.tsv")):
        if not line.startswith("#"):
            f = line.rstrip("\n").split("\t")
            ref[("corpus", f[0], f[2], f[1], f[3])] = f[4]
    path = os.path.join(realworld or "", REALWORLD_CSV)
    if realworld and os.path.exists(path):
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                v = {"1": "accept", "0": "reject"}.get(r["verdict"], "error")
                ref[("realworld", r["file"], r["section"], r["program"],
                     "priv")] = v
    return ref


def cmd_summary(a):
    import collections
    ref = references(a.realworld)
    for t in a.tables:
        by_set = collections.defaultdict(collections.Counter)
        for f in read_table(t):
            c = by_set[f[0]]
            c[f[5]] += 1
            r = ref.get(tuple(f[:5]))
            if f[5] != "error" and r in ("accept", "reject"):
                c["judged"] += 1
                c["same"] += r == f[5]
        for s in SETS:
            c = by_set.get(s)
            if not c:
                continue
            n = c["accept"] + c["reject"] + c["error"]
            line = "%s %s: %d rows, %d accept, %d reject, %d error" % (
                os.path.basename(t), s, n, c["accept"], c["reject"],
                c["error"])
            if c["judged"]:
                line += "; same verdict as 6.18 on %d of %d judged by both" \
                    % (c["same"], c["judged"])
            print(line)
    return 0


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    j = sub.add_parser("jobs")
    j.add_argument("--set", choices=SETS, required=True)
    j.add_argument("--out", required=True)
    j.add_argument("--corpus-objdir")
    j.add_argument("--selftests")
    j.add_argument("--realworld")
    j.add_argument("--bpftool", default="bpftool")
    p = sub.add_parser("parse")
    p.add_argument("--keys", nargs="+", required=True)
    p.add_argument("--results", nargs="+", required=True)
    p.add_argument("--timeouts", type=int, nargs="+", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--kernel-release", required=True)
    p.add_argument("--package", required=True)
    r = sub.add_parser("redo")
    r.add_argument("--table", required=True)
    r.add_argument("--keys", required=True)
    r.add_argument("--jobs", required=True)
    m = sub.add_parser("summary")
    m.add_argument("tables", nargs="+")
    m.add_argument("--realworld")
    c = sub.add_parser("check")
    c.add_argument("tables", nargs="+")
    c.add_argument("--bpftool")
    a = ap.parse_args()
    return {"jobs": cmd_jobs, "parse": cmd_parse, "check": cmd_check,
            "summary": cmd_summary, "redo": cmd_redo}[
        a.cmd](a)


if __name__ == "__main__":
    sys.exit(main() or 0)
