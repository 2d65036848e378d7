#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""Real-world eBPF objects against the verdicts Linux gave them.

  realworld.py --corpus DIR --bpfcheck B [--known-accepts TSV]
               [--known-rejects TSV] [--kload K] [--no-kernel]
               [--print-known] [-f GLOB] [-v] [-j N]

DIR is shared/realworld: ebpf-samples/ (objects other projects compiled:
cilium, ovs, suricata, falco, the kernel's samples/bpf, ...) and
ebpf-samples-linux-6.18.csv (Linux 6.18's verdict per program, with the
program type it was loaded as). Nothing of it is kept in this repository.

Every program the kernel judged (verdict 0 or 1) is verified by bpfcheck as
the type of the CSV, one program per run, and the two verdicts compared.
The summary prints agree / false accepts / false rejects, grouped by
bpfcheck's message / no verdict (bpfcheck refused the object before
verifying). The test fails on:
  - a false accept that is not in known_false_accepts.tsv,
  - a false reject or no verdict that is not in known_false_rejects.tsv
    (each listed with its reason),
  - a listed entry that now agrees (the lists only shrink: remove it),
    but for those whose reason starts with "config:" (the verdict depends
    on the kernel's configuration, which bpfcheck reads from the machine's
    /proc/config.gz: they may agree on one machine and not another),
  - a crash or a timeout of bpfcheck.
Where bpf() works and a kload is given, each object's programs are also
loaded into the running kernel (libbpf objects by kload, legacy ones by
kload --legacy) and the programs whose verdict differs from the recorded one
are reported; they do not fail the test (the kernel's configuration differs
from machine to machine). Exit 77 (skip) when DIR is absent.
"""
import argparse
import collections
import concurrent.futures
import csv
import fnmatch
import json
import os
import subprocess
import sys
import time

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
KNOWN_ACCEPTS = os.path.join(HERE, "known_false_accepts.tsv")
KNOWN_REJECTS = os.path.join(HERE, "known_false_rejects.tsv")
CSV_NAME = "ebpf-samples-linux-6.18.csv"
TIMEOUT = 300
ENV = dict(os.environ, LC_ALL="C")


class Prog:
    def __init__(self, row):
        self.file = row["file"]
        self.section = row["section"]
        self.name = row["program"]
        self.type = row["prog_type"]
        self.linux = {"1": "accept", "0": "reject"}.get(row["verdict"])
        self.linux_msg = row["error"].replace(";", ",")
        self.linux_insns = row["processed_insns"]
        self.loader = row["loader"]
        self.ours = None        # accept, reject, or None (no verdict)
        self.msg = ""
        self.crash = None
        self.kernel = None      # this kernel's verdict, where loaded

    @property
    def key(self):
        return "%s\t%s\t%s" % (self.file, self.section, self.name)

    @property
    def kind(self):
        if self.ours == self.linux:
            return "agree"
        if self.ours is None:
            return "no-verdict"
        return "false-accept" if self.ours == "accept" else "false-reject"


def first_line(s):
    for line in s.splitlines():
        if line.strip():
            return line.strip()
    return ""


def read_corpus(d):
    with open(os.path.join(d, CSV_NAME), newline="") as f:
        return [Prog(r) for r in csv.DictReader(f)]


def listed_types(bpfcheck, path):
    """{(section, name): type} as bpfcheck's loader names them."""
    try:
        r = subprocess.run([bpfcheck, "list", "--json", path],
                           capture_output=True, text=True, timeout=TIMEOUT,
                           env=ENV)
        doc = json.loads(r.stdout) if r.returncode == 0 else {}
    except (subprocess.TimeoutExpired, ValueError):
        return {}
    return {(q["section"], q["name"]): q["type"]
            for f in doc.get("files", []) for q in f.get("programs", [])}


def run_bpfcheck(bpfcheck, d, p, types):
    """Verifies p as the CSV's type; the section gives it (and the attach
    type with it) where bpfcheck's section mapping agrees."""
    path = os.path.join(d, "ebpf-samples", p.file)
    cmd = [bpfcheck, "verify", "--json"]
    if types.get((p.section, p.name)) != p.type:
        cmd += ["--type", p.type]
    cmd += ["--section", p.section, "--prog", p.name, path]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=TIMEOUT, env=ENV)
    except subprocess.TimeoutExpired:
        p.crash = "timeout after %d s: %s" % (TIMEOUT, " ".join(cmd))
        return
    if r.returncode not in (0, 1, 2):
        p.crash = "%s: %s (%s)" % (
            " ".join(cmd), "signal %d" % -r.returncode if r.returncode < 0
            else "exit %d" % r.returncode,
            first_line(r.stderr[-2000:]) or "no message")
        return
    try:
        doc = json.loads(r.stdout) if r.stdout.strip() else {}
    except ValueError:
        p.crash = "%s: output is not JSON" % " ".join(cmd)
        return
    progs = doc.get("programs", [])
    if r.returncode == 2 or len(progs) != 1:
        msg = first_line(r.stderr) or "exit %d, %d programs" % (
            r.returncode, len(progs))
        p.msg = msg.split(path + ": ", 1)[-1]
        return
    prog = progs[0]
    p.ours = prog.get("verdict")
    err = prog.get("error") or {}
    p.msg = err.get("message", "")


def msg_class(m):
    """A message without its numbers and names of registers, for grouping."""
    import re
    m = re.sub(r"^insn \d+: ", "", m)
    m = re.sub(r"\bR\d+\b", "R", m)
    m = re.sub(r"'[^']*'", "'.'", m)
    m = re.sub(r"-?\b(0x[0-9a-f]+|\d+)\b", "N", m)
    return m[:120]


def read_known(path):
    known = {}
    if not os.path.exists(path):
        return known
    for line in open(path):
        if not line.strip() or line.startswith("#"):
            continue
        f = line.rstrip("\n").split("\t")
        known["\t".join(f[:3])] = f[3] if len(f) > 3 else ""
    return known


def kernel_usable(kload):
    if not kload or not os.path.exists(kload):
        return "no kload built"
    try:
        r = subprocess.run([kload, "--probe"], capture_output=True,
                           text=True, timeout=60, env=ENV)
    except (OSError, subprocess.TimeoutExpired) as e:
        return str(e)
    if r.returncode == 0:
        return None
    return first_line(r.stdout + r.stderr) or "bpf() unavailable"


def run_kload(kload, d, progs):
    """Loads the programs of one object, each alone, as the CSV did."""
    p0 = progs[0]
    path = os.path.join(d, "ebpf-samples", p0.file)
    cmd = [kload]
    if p0.loader == "legacy":
        cmd.append("--legacy")
    elif p0.loader.startswith("libbpf+fix:"):
        cmd += ["--fix", p0.loader.split(":", 1)[1].replace("+", ",")]
    cmd += ["--type", p0.type, "--section", p0.section, path, p0.name]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=TIMEOUT, env=ENV)
    except subprocess.TimeoutExpired:
        return
    for line in r.stdout.splitlines():
        f = line.split("\t")
        if len(f) >= 2 and f[0] == p0.name:
            p0.kernel = f[1]


def summary(progs, known_fa, known_fr, a):
    bad = []
    judged = [p for p in progs if p.linux]
    kinds = collections.Counter(p.kind for p in judged if not p.crash)
    n = len(judged)
    agree = kinds["agree"]
    print("realworld: %d programs with a Linux 6.18 verdict (%d accepted, "
          "%d rejected), %d not judged by Linux" % (
              n, sum(p.linux == "accept" for p in judged),
              sum(p.linux == "reject" for p in judged),
              len(progs) - n))
    print("agree %d of %d (%.1f%%); false accepts %d; false rejects %d; "
          "no verdict %d; crashes %d" % (
              agree, n, 100.0 * agree / max(n, 1), kinds["false-accept"],
              kinds["false-reject"], kinds["no-verdict"],
              sum(1 for p in judged if p.crash)))
    by_project = collections.defaultdict(collections.Counter)
    for p in judged:
        by_project[p.file.split("/")[0]][p.kind] += 1
    print("by project (agree/judged):", ", ".join(
        "%s %d/%d" % (k, c["agree"], sum(c.values()))
        for k, c in sorted(by_project.items())))
    for kind in ("false-accept", "false-reject", "no-verdict"):
        group = collections.defaultdict(list)
        for p in judged:
            if p.kind == kind and not p.crash:
                why = "linux: " + p.linux_msg if kind == "false-accept" \
                    else p.msg
                group[msg_class(why)].append(p)
        if not group:
            continue
        print("%s, by message:" % kind)
        for m, ps in sorted(group.items(), key=lambda kv: -len(kv[1])):
            print("  %4d  %s" % (len(ps), m))
            if a.verbose:
                for p in ps:
                    print("          %s  (linux: %s)" % (
                        p.key.replace("\t", " "), p.linux_msg or "accept"))
    for p in judged:
        if p.crash:
            bad.append("crash: %s" % p.crash)
        elif p.kind == "false-accept" and p.key not in known_fa:
            bad.append("false accept not in %s: %s (linux: %s)" % (
                os.path.basename(a.known_accepts), p.key.replace("\t", " "),
                p.linux_msg))
        elif p.kind in ("false-reject", "no-verdict") and \
                p.key not in known_fr:
            bad.append("%s not in %s: %s: %s" % (
                p.kind, os.path.basename(a.known_rejects),
                p.key.replace("\t", " "), p.msg))
    by_key = {p.key: p for p in judged}
    for known, kinds_ok, path in (
            (known_fa, ("false-accept",), a.known_accepts),
            (known_fr, ("false-reject", "no-verdict"), a.known_rejects)):
        for k in known:
            p = by_key.get(k)
            if p is None:
                bad.append("listed in %s but not in the corpus: %s" % (
                    os.path.basename(path), k.replace("\t", " ")))
            elif p.kind not in kinds_ok and not p.crash and \
                    not known[k].startswith("config:"):
                bad.append("listed in %s but now %s: %s (remove it)" % (
                    os.path.basename(path), p.kind, k.replace("\t", " ")))
    loaded = [p for p in judged if p.kernel in ("accept", "reject")]
    if loaded:
        diff = [p for p in loaded if p.kernel != p.linux]
        print("this kernel (%s): %d programs loaded, %d differ from the "
              "recorded verdict (notes, not failures)" % (
                  os.uname().release, len(loaded), len(diff)))
        for p in diff:
            print("  note: %s: recorded %s, this kernel %s" % (
                p.key.replace("\t", " "), p.linux, p.kernel))
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--bpfcheck", required=True)
    ap.add_argument("--known-accepts", default=KNOWN_ACCEPTS)
    ap.add_argument("--known-rejects", default=KNOWN_REJECTS)
    ap.add_argument("--kload")
    ap.add_argument("--no-kernel", action="store_true")
    ap.add_argument("--print-known", action="store_true",
                    help="print the disagreements in the lists' format")
    ap.add_argument("-f", "--filter", action="append", default=[],
                    help="only files matching GLOB")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args()
    d = os.path.abspath(a.corpus)
    if not os.path.exists(os.path.join(d, CSV_NAME)):
        print("SKIP: %s not found: the real-world corpus is not on this "
              "machine" % os.path.join(d, CSV_NAME))
        return SKIP
    progs = read_corpus(d)
    if a.filter:
        progs = [p for p in progs
                 if any(fnmatch.fnmatch(p.file, g) for g in a.filter)]
    judged = [p for p in progs if p.linux]
    t0 = time.time()
    files = sorted({p.file for p in judged})
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        types = dict(zip(files, ex.map(
            lambda f: listed_types(a.bpfcheck,
                                   os.path.join(d, "ebpf-samples", f)),
            files)))
        list(ex.map(lambda p: run_bpfcheck(a.bpfcheck, d, p, types[p.file]),
                    judged))
    why = "--no-kernel given" if a.no_kernel else kernel_usable(a.kload)
    if why is None:
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
            list(ex.map(lambda p: run_kload(a.kload, d, [p]), judged))
    known_fa, known_fr = read_known(a.known_accepts), \
        read_known(a.known_rejects)
    if a.print_known:
        for p in judged:
            if p.kind != "agree":
                print("%s\t%s: %s" % (p.key, p.kind, msg_class(p.msg)))
        return 0
    bad = summary(progs, known_fa, known_fr, a)
    if why:
        print("this kernel: not loaded (%s)" % why)
    print("%.1f s" % (time.time() - t0))
    for b in bad:
        print("FAIL: " + b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
