#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""How well verify's rejections are explained, over the programs that both
bpfcheck and Linux reject: the share whose error has a source position
("at", where the program has line info) and a non-empty causal path.

Usage: diag_share.py --bpfcheck BIN [--corpus-objdir DIR]
                     [--selftests DIR [--object NAME]...] [-v]

The corpus: every case of tests/corpus/*.c with Linux's verdict recorded
in tests/corpus/linux.tsv (and *.s with the verdict its EXPECT says Linux
gives). The kernel's selftests (DIR as prepared by the build, e.g.
/work/main/build/tests/selftests): Linux's verdict as selftests.py check
takes it, the running kernel's (kload) or the annotation. Prints the
figures per suite, in all, and the misses grouped by message class.
"""
import argparse
import collections
import glob
import importlib.util
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(HERE)


def load_module(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def verify_json(bpfcheck, path, opts):
    """{program: its JSON document} of one verify run."""
    p = subprocess.run([bpfcheck, "verify", "--json"] + list(opts) + [path],
                       capture_output=True, text=True, timeout=600)
    try:
        doc = json.loads(p.stdout)
    except ValueError:
        return {}
    return {d["name"]: d for d in doc.get("programs", [])}


def line_info(bpfcheck, path):
    """The programs of an object that have BTF line info."""
    p = subprocess.run([bpfcheck, "disasm", path], capture_output=True,
                       text=True, timeout=600)
    have, cur = set(), None
    for ln in p.stdout.split("\n"):
        m = re.match(r"^\S+/(\S+) \(\S+\):$", ln)
        if m:
            cur = m.group(1)
        elif cur and ln.startswith(";") and " @ " in ln:
            have.add(cur)
    return have


# Rejections of the whole program rather than of a path through it: the
# CFG's checks, the loader's (license, capabilities, program type, attach
# target, helpers a type may not call), the call graph's and bpfcheck's
# worst-case bound; no instruction of any path leads to them.
PROGRAM_LEVEL = re.compile("|".join([
    r"back-edge from insn", r"unreachable insn", r"jump out of range",
    r"unsupported pseudo load", r"only allowed in functions that return",
    r"combined stack size", r"call stack of \d+ frames is too deep",
    r"recursive call from", r"GPL", r"cannot use bpf_spin_lock yet",
    r"cannot use bpf_timer yet", r"cannot use helper",
    r"not supported for program type", r"supported only for",
    r"needs CAP_", r"are allowed for CAP_BPF", r"is not sleepable",
    r"attach target of", r"attach to unsupported member",
    r"isn't referenced anywhere", r"Only one arena per program",
    r"may run \d+ times", r"calling kernel function .* is not allowed",
]))


def msg_class(m):
    """A message without its numbers: the class a miss is counted in."""
    m = re.sub(r"0x[0-9a-f]+", "N", m or "")
    m = re.sub(r"-?\d+", "N", m)
    return m[:70]


class Tally:
    def __init__(self, name):
        self.name = name
        self.n = self.lines = self.at = self.path = self.ok = 0
        self.insns = 0               # a path with an instruction step
        self.at_insn = self.at_insn_ok = 0   # an instruction at fault
        self.on_path = self.on_path_ok = 0   # not PROGRAM_LEVEL
        self.misses = collections.Counter()
        self.examples = {}

    def add(self, where, prog, has_lines, v):
        err = v.get("error") or {}
        at = "line" in err
        path = bool(err.get("path"))
        self.insns += any(s["kind"] != "entry" for s in err.get("path", []))
        self.n += 1
        self.lines += has_lines
        self.at += has_lines and at
        self.path += path
        good = (at or not has_lines) and path
        self.ok += good
        if not PROGRAM_LEVEL.search(err.get("message", "")):
            self.on_path += 1
            self.on_path_ok += good
        if err.get("insn", -1) >= 0:
            self.at_insn += 1
            self.at_insn_ok += good
        if not good:
            why = ("no at" if has_lines and not at else "") + \
                  (", " if has_lines and not at and not path else "") + \
                  ("no path" if not path else "")
            key = "%s: %s" % (why, msg_class(err.get("message")))
            self.misses[key] += 1
            self.examples.setdefault(key, "%s %s" % (where, prog))

    def print(self, verbose):
        pct = 100.0 * self.ok / self.n if self.n else 0.0
        print("%s: %d rejected by both; at with a source line %d of %d with "
              "line info; causal path %d of %d; both %d of %d (%.1f%%)" %
              (self.name, self.n, self.at, self.lines, self.path, self.n,
               self.ok, self.n, pct))
        print("  (a path with an instruction, not only the function's "
              "entry: %d of %d; of the rejections at an instruction (not "
              "before the search): %d of %d)" % (
                  self.insns, self.n, self.at_insn_ok, self.at_insn))
        print("  (of the rejections of a path, not of the whole program "
              "(PROGRAM_LEVEL): %d of %d, %.1f%%)" % (
                  self.on_path_ok, self.on_path,
                  100.0 * self.on_path_ok / self.on_path
                  if self.on_path else 0.0))
        if verbose:
            for k, c in self.misses.most_common():
                print("  miss %4d  %s  (e.g. %s)" % (c, k, self.examples[k]))


def corpus(a, t):
    """The corpus's cases that Linux (linux.tsv) and bpfcheck reject."""
    cmod = load_module("corpus", os.path.join(SRC, "tests/corpus/corpus.py"))
    linux = {}
    for ln in open(os.path.join(SRC, "tests/corpus/linux.tsv")):
        f = ln.rstrip("\n").split("\t")
        if ln.startswith("#") or len(f) < 5:
            continue
        linux[(f[0], f[1], f[2], f[3])] = f[4]
    srcs = sorted(glob.glob(os.path.join(SRC, "tests/corpus/*.[cs]")))
    runs = collections.defaultdict(list)
    for e, v in cmod.built_cases(srcs, a.corpus_objdir):
        base = os.path.basename(e.src)
        ref = linux.get((base, e.prog, v, e.mode)) if v != "asm" else \
            e.lverdict
        if ref != "reject" or e.mode not in cmod.KERNEL_MODES:
            continue
        path = cmod.obj(a.corpus_objdir, e.src, v)
        runs[(path, tuple(cmod.verify_opts(e.opts, path)))].append(e.prog)
    for (path, opts), progs in sorted(runs.items()):
        docs = verify_json(a.bpfcheck, path, opts)
        lines = line_info(a.bpfcheck, path) if path.endswith(".o") else ()
        for prog in progs:
            d = docs.get(prog)
            if d and d["verdict"] == "reject":
                t.add(os.path.basename(path), prog, prog in lines, d)


def selftests(a, t):
    """The selftests' programs that the reference and bpfcheck reject."""
    smod = load_module("selftests", os.path.join(
        SRC, "tests/selftests/selftests.py"))
    st = json.load(open(os.path.join(a.selftests, "prepare.json")))
    if st.get("status") != "ok":
        print("selftests: not prepared in %s" % a.selftests)
        return
    docs = {}
    plain = smod.run_bpfcheck_verify

    def capture(bpfcheck, path, unpriv, flags=""):
        opts = (["--unprivileged"] if unpriv else []) + \
               (["--prog-flags", flags] if flags else [])
        docs[(path, unpriv, flags)] = verify_json(bpfcheck, path, opts)
        return plain(bpfcheck, path, unpriv, flags)

    smod.run_bpfcheck_verify = capture
    ns = argparse.Namespace(bpfcheck=a.bpfcheck, bpftool=a.bpftool,
                            kload=st["kload"])
    kernel_ok = smod.probe_kernel(st["kload"]) is None
    objs = [o for o in st["compiled"] if not a.object or o in a.object]
    for o in objs:
        path = os.path.join(a.selftests, "obj", o + ".bpf.o")
        out = smod.check_object(ns, o, path, kernel_ok)
        lines = None
        for r in out["rows"]:
            if not r.got or r.got[0] != "reject" or r.ref != "reject":
                continue
            key = (path, r.mode == "unpriv", smod.bpfcheck_flags(r.sp.flags))
            d = docs.get(key, {}).get(r.sp.name)
            if not d:
                continue
            if lines is None:
                lines = line_info(a.bpfcheck, path)
            t.add(o + ("/unpriv" if r.mode == "unpriv" else ""), r.sp.name,
                  r.sp.name in lines, d)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bpfcheck", required=True)
    ap.add_argument("--corpus-objdir", default="build/tests/corpus")
    ap.add_argument("--selftests")
    ap.add_argument("--bpftool", default="bpftool")
    ap.add_argument("--object", action="append")
    ap.add_argument("--no-corpus", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    a.bpfcheck = os.path.abspath(a.bpfcheck)
    total = Tally("in all")
    suites = []
    if not a.no_corpus:
        c = Tally("corpus")
        corpus(a, c)
        suites.append(c)
    if a.selftests:
        s = Tally("selftests")
        selftests(a, s)
        suites.append(s)
    for s in suites:
        s.print(a.verbose)
        for f in ("n", "lines", "at", "path", "ok", "insns", "at_insn",
                  "at_insn_ok", "on_path", "on_path_ok"):
            setattr(total, f, getattr(total, f) + getattr(s, f))
        total.misses.update(s.misses)
        for k, e in s.examples.items():
            total.examples.setdefault(k, e)
    if len(suites) > 1:
        total.print(False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
