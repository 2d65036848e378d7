#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""Verdict corpus runner.

Each corpus source (tests/corpus/*.c) holds programs preceded by an
expectation comment (the grammar: EXPECT_BODY below); the build compiles
it into OBJDIR/NAME.VARIANT.o. An assembly source (tests/corpus/*.s) is
one program, its own object. Commands:

  expect SRC...                        list parsed expectations
  lint SRC...                          every program has an EXPECT
  selftest SRC... --objdir D --tsv T   the runner against fake verifiers
  check SRC --objdir D --bpfcheck B    bpfcheck vs EXPECT (one ctest per SRC)
  linux SRC... --objdir D --kload K    Linux's verdicts as linux.tsv rows
  linux-check SRC... --tsv T           EXPECT vs the recorded Linux verdicts
  agreement SRC... --objdir D --bpfcheck B (--kload K | --tsv T)
                                       bpfcheck vs the live kernel (or the
                                       recorded verdicts)
  report SRC... --objdir D --bpfcheck B [--tsv T]
                                       table: bpfcheck vs EXPECT vs Linux
  bounds OBJ PROG MIN MAX... --bpfcheck B
                                       worst-case bounds within [MIN, MAX]
"""
import argparse
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys

# clang 14 at -O1, -O2, -O3, -O2 -mcpu=v3; clang 19 at -O2 -mcpu=v3/v4;
# vmlinux: clang 14 at -O2 against this machine's vmlinux.h. A file is
# built at DEFAULT_VARIANTS unless a line says otherwise (read by
# tests/CMakeLists.txt too):  CORPUS-VARIANTS: O1 O2 O3 v3 c19v3 c19v4
VARIANTS = ["O1", "O2", "O3", "v3", "c19v3", "c19v4", "vmlinux"]
DEFAULT_VARIANTS = VARIANTS[:4]
# Built only where clang-19 is installed, or where the build found the
# kernel's BTF and bpftool: a missing object skips its case.
OPTIONAL_VARIANTS = ("c19v3", "c19v4", "vmlinux")
FILE_VARIANTS_RE = re.compile(r"CORPUS-VARIANTS:[ \t]*([A-Za-z0-9 \t]+)")
SKIP = 77

# One grammar for every verdict test, C or assembly:
#   EXPECT[VARIANTS] [OPTIONS ->] accept|reject[: MESSAGE]
#          [LINUX accept|reject[: MESSAGE]]
# VARIANTS limits it to some builds; OPTIONS are `bpfcheck verify`
# options ($OBJDIR: the folder of the object); MESSAGE is a substring of
# the error; LINUX says what Linux does where it differs. In C it is a
# comment right above the program; in assembly a line "; EXPECT ...", for
# the file's one program.
EXPECT_BODY = (r"EXPECT(?:\[([A-Za-z0-9, ]+)\])?\s+(?:(-[^>\n]*?)?\s*->\s*)?"
               r"(accept|reject)"
               r"(?:\s*:\s*(.*?))?"
               r"(?:\s+LINUX\s+(accept|reject)(?:\s*:\s*(.*?))?)?")
EXPECT_RE = re.compile(r"/\*\s*" + EXPECT_BODY + r"\s*\*/", re.S)
ASM_EXPECT_RE = re.compile(r"^;\s*" + EXPECT_BODY + r"\s*$", re.M)
# SEC("...") and the function, or a macro making it: int BPF_PROG(name, ...)
FUNC_RE = re.compile(r"SEC\(\"([^\"]*)\"\)\s*(?:[\w\*]+\s+)*?"
                     r"(?:[A-Z][A-Z0-9_]*\(\s*)?(\w+)\s*[(,)]")
# A comment in between never crosses its own end: "/\*.*?\*/" could
# stretch to a later "*/" (backtracking exponentially over a run of
# comments, and matching a macro call far below).
COMMENT = r"/\*(?:(?!\*/).)*\*/"
MACRO_RE = re.compile(r"(?:\s|" + COMMENT + r")*[A-Z][A-Z0-9_]*\(\s*(\w+)\s*,",
                      re.S)


class FakeMatch:
    def __init__(self, start, end, sec, name):
        self._s, self._e, self._g = start, end, (None, sec, name)

    def start(self):
        return self._s

    def end(self):
        return self._e

    def group(self, i):
        return self._g[i]


# The two loaders Linux has, by the options that make them in bpfcheck;
# EXPECTs with other options are bpfcheck's alone (--reject-irreducible,
# the RFC's rule, or a program type forced by --type).
LOADER_MODES = {(): "priv", ("--unprivileged", "--cap-bpf"): "unpriv"}
KERNEL_MODES = ("priv", "unpriv")


def mode_of(opts):
    """The loader mode an EXPECT's options name: its key in linux.tsv."""
    return LOADER_MODES.get(tuple(opts), " ".join(opts))


class Expect:
    def __init__(self, src, prog, sec, variants, opts, verdict, msg,
                 lverdict, lmsg, line):
        self.src, self.prog, self.sec = src, prog, sec
        self.variants, self.opts = variants, opts
        self.mode = mode_of(opts)
        self.verdict, self.msg = verdict, (msg or "").strip()
        # What Linux does, when it differs from what bpfcheck must do.
        self.lverdict = lverdict or verdict
        self.lmsg = (lmsg if lverdict else msg) or ""
        self.lmsg = self.lmsg.strip()
        self.line = line


def file_variants(text, src=""):
    m = FILE_VARIANTS_RE.search(text)
    if not m:
        return DEFAULT_VARIANTS
    vs = m.group(1).split()
    for v in vs:
        if v not in VARIANTS:
            sys.exit("%s: unknown variant %s" % (src, v))
    return vs


def opts_of(m):
    return shlex.split(m.group(2) or "")


def parse_asm(src, text):
    """An assembly file is one program, named by the file, its own object
    (variant "asm")."""
    prog = os.path.basename(src)[:-2]
    return [Expect(src, prog, "asm", ["asm"], opts_of(m), m.group(3),
                   m.group(4), m.group(5), m.group(6),
                   text.count("\n", 0, m.start()) + 1)
            for m in ASM_EXPECT_RE.finditer(text)]


def parse(src):
    text = open(src).read()
    if src.endswith(".s"):
        return parse_asm(src, text)
    out = []
    fvs = file_variants(text, src)
    for m in EXPECT_RE.finditer(text):
        f = MACRO_RE.match(text, m.end())
        if f:
            # A program made by a macro: EXPECT right above NAME(prog, ...).
            f = FakeMatch(f.start(), f.end(), "", f.group(1))
        else:
            f = FUNC_RE.search(text, m.end())
        if not f:
            sys.exit("%s: EXPECT without a following program" % src)
        # The EXPECT must belong to the very next program.
        between = re.sub(r"/\*.*?\*/", "", text[m.end():f.start()],
                         flags=re.S)
        if between.strip():
            sys.exit("%s:%d: EXPECT not right above a program" %
                     (src, text.count("\n", 0, m.start()) + 1))
        vs = ([v.strip() for v in m.group(1).split(",")] if m.group(1)
              else fvs)
        for v in vs:
            if v not in fvs:
                sys.exit("%s: unknown variant %s" % (src, v))
        out.append(Expect(src, f.group(2), f.group(1), vs,
                          opts_of(m), m.group(3),
                          m.group(4), m.group(5), m.group(6),
                          text.count("\n", 0, m.start()) + 1))
    return out


def cases(srcs):
    """(expect, variant) pairs; a variant-specific EXPECT wins."""
    res = []
    for src in srcs:
        exps = parse(src)
        seen = {}
        for e in exps:
            for v in e.variants:
                key = (e.prog, e.mode, v)
                if key in seen and len(seen[key].variants) < len(e.variants):
                    continue
                seen[key] = e
        for (prog, mode, v), e in sorted(seen.items(),
                                         key=lambda kv: (kv[1].line, kv[0])):
            res.append((e, v))
    return res


def obj(objdir, src, v):
    if v == "asm":
        return src
    return os.path.join(objdir, os.path.basename(src)[:-2] + "." + v + ".o")


def built_cases(srcs, objdir):
    """cases() less those of an optional compiler that is not installed."""
    return [(e, v) for e, v in cases(srcs)
            if v not in OPTIONAL_VARIANTS or
            os.path.exists(obj(objdir, e.src, v))]


def verify_opts(opts, path):
    objdir = os.path.dirname(path) or "."
    return [o.replace("$OBJDIR", objdir) for o in opts]


def run_bpfcheck(bpfcheck, path, prog, opts):
    cmd = (bpfcheck.split() + ["verify", "--json"] + verify_opts(opts, path) +
           ["--prog", prog, path])
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return {"verdict": "timeout", "message": "bpfcheck timed out"}
    doc = None
    try:
        doc = json.loads(p.stdout)
    except ValueError:
        for line in p.stdout.splitlines():
            try:
                d = json.loads(line)
            except ValueError:
                continue
            doc = (doc or []) + [d]
    progs = []
    if isinstance(doc, list):
        progs = doc
    elif isinstance(doc, dict):
        progs = doc.get("programs", [doc])
    for d in progs:
        if isinstance(d, dict) and d.get("name", prog) == prog:
            err = d.get("error") or {}
            if isinstance(err, str):
                err = {"message": err}
            return {"verdict": d.get("verdict", "?"),
                    "message": err.get("message", "") or "",
                    "insn": err.get("insn"),
                    "processed": d.get("processed_insns"),
                    "usec": d.get("duration_us"),
                    "worst": d.get("worst_case_insns")}
    msg = (p.stderr.strip().splitlines() or ["no output"])[-1]
    return {"verdict": "error", "message": "exit %d: %s" % (p.returncode, msg)}


def run_kload(kload, path, progs, mode):
    cmd = [kload] + (["--unpriv"] if mode == "unpriv" else []) + [path] + progs
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    if p.returncode == SKIP:
        return None
    res = {}
    for line in p.stdout.splitlines():
        f = line.split("\t")
        if len(f) >= 5:
            res[f[0]] = {"verdict": f[1], "processed": int(f[2]),
                         "usec": int(f[3]), "message": f[4]}
    for pr in progs:
        res.setdefault(pr, {"verdict": "error", "processed": -1, "usec": -1,
                            "message": p.stderr.strip()})
    return res


def matches(e, got, use_linux=False):
    verdict = e.lverdict if use_linux else e.verdict
    msg = e.lmsg if use_linux else e.msg
    if got["verdict"] != verdict:
        return False
    return verdict == "accept" or not msg or msg in got["message"]


def short(s, n=70):
    s = s or ""
    return s if len(s) <= n else s[:n - 3] + "..."


def cmd_lint(a):
    """Every program has an expectation and every name is unique."""
    bad = 0
    names = {}
    for src in a.srcs:
        text = open(src).read()
        if src.endswith(".s"):
            if not parse(src):
                print("%s: no EXPECT line" % src)
                bad += 1
            continue
        progs = {m.group(2) for m in FUNC_RE.finditer(text)
                 if m.group(1) not in ("license", ".maps")
                 and "##" not in text[m.start():m.end() + 2]}
        # Programs made by macros are listed in the objects; the source
        # only shows the macro call, which parse() already requires.
        progs.discard("name")
        have = {e.prog for e in parse(src)}
        for p in sorted(progs - have):
            print("%s: program %s has no EXPECT" % (src, p))
            bad += 1
        for p in have:
            if p in names:
                print("%s: program %s also in %s" % (src, p, names[p]))
                bad += 1
            names[p] = src
    print("corpus: %d programs in %d files, %d cases" % (
        len(names), len(a.srcs), len(cases(a.srcs))))
    return 1 if bad else 0


def cmd_selftest(a):
    """The runner against fake verifiers with known answers."""
    here = os.path.dirname(os.path.abspath(__file__))
    fake = "%s %s" % (sys.executable, os.path.join(here, "fake_bpfcheck.py"))
    srcdir = os.path.dirname(os.path.abspath(a.srcs[0]))
    fails = []

    def run(argv):
        p = subprocess.run([sys.executable, os.path.abspath(__file__)] + argv,
                           capture_output=True, text=True)
        return p.returncode, p.stdout

    # 1. A verifier answering the EXPECTs matches every case of every file.
    for src in a.srcs:
        rc, out = run(["check", src, "--objdir", a.objdir, "--bpfcheck",
                       "%s expect %s" % (fake, srcdir)])
        if rc != 0 or "MISMATCH" in out:
            fails.append("expect-oracle mismatches in " + src)
    # 2. One accepting everything mismatches every rejection...
    rc, out = run(["check", a.srcs[0], "--objdir", a.objdir, "--bpfcheck",
                   "%s accept %s" % (fake, srcdir)])
    nrej = sum(1 for e, v in cases(a.srcs[:1]) if e.verdict == "reject")
    if rc != 1 or out.count("MISMATCH") != nrej:
        fails.append("accept-all: want %d mismatches, got %d (rc %d)" %
                     (nrej, out.count("MISMATCH"), rc))
    # ... and is unsound against the recorded Linux verdicts.
    rc, out = run(["agreement"] + a.srcs + ["--objdir", a.objdir, "--tsv",
                  a.tsv, "--bpfcheck", "%s accept %s" % (fake, srcdir)])
    if rc != 1 or "UNSOUND" not in out:
        fails.append("accept-all not reported unsound (rc %d)" % rc)
    # 3. One rejecting everything is sound (exit 0) but disagrees.
    rc, out = run(["agreement"] + a.srcs + ["--objdir", a.objdir, "--tsv",
                  a.tsv, "--bpfcheck", "%s reject %s" % (fake, srcdir)])
    if rc != 0 or "UNSOUND" in out or "agreement: " not in out:
        fails.append("reject-all: rc %d" % rc)
    for f in fails:
        print("FAIL", f)
    print("runner self-test: %d failures" % len(fails))
    return 1 if fails else 0


def cmd_expect(a):
    for e, v in cases(a.srcs):
        print("%s\t%s\t%s\t%s\t%s\t%s" % (os.path.basename(e.src), e.prog, v,
                                          e.mode, e.verdict, e.msg))


KNOWN_TSV = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                         "known.tsv")


def read_known(path=None):
    """{(file, program, variant, mode): reason} of known mismatches."""
    res = {}
    path = path or KNOWN_TSV
    if not os.path.exists(path):
        return res
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        f = line.rstrip("\n").split("\t")
        if len(f) != 5:
            sys.exit("%s: bad line: %r" % (path, line))
        for v in f[2].split(","):
            res[(f[0], f[1], v, f[3])] = f[4]
    return res


def cmd_check(a):
    bad = total = known = 0
    kn = read_known()
    print("%-28s %-3s %-6s %-7s %-7s %s" % ("program", "var", "mode",
                                           "expect", "got", "message"))
    for e, v in built_cases(a.srcs, a.objdir):
        total += 1
        got = run_bpfcheck(a.bpfcheck, obj(a.objdir, e.src, v), e.prog,
                           e.opts)
        ok = matches(e, got)
        why = kn.get((os.path.basename(e.src), e.prog, v, e.mode))
        tag = "" if ok else "MISMATCH "
        if why is not None:
            # A known, documented shortfall: bpfcheck is more conservative
            # than the EXPECT (rejects, or words it differently). Never
            # for an accept the EXPECT calls unsafe; and an entry that
            # matches again must be removed from known.tsv.
            if ok:
                tag = "FIXED (remove from known.tsv) "
                ok = False
            elif got["verdict"] == "accept":
                tag = "MISMATCH (unsafe accept, known.tsv cannot cover) "
            else:
                tag = "KNOWN (%s) " % why
                known += 1
                ok = True
        bad += not ok
        extra = ""
        if got["verdict"] == "accept":
            extra = "processed=%s worst=%s" % (got.get("processed"),
                                               got.get("worst"))
        print("%-28s %-3s %-6s %-7s %-7s %s%s" % (
            e.prog, v, e.mode, e.verdict, got["verdict"], tag,
            (extra or short(got["message"])) +
            ("" if not tag or e.verdict == "accept" else
             "  [want: %s]" % e.msg)))
    print("%s: %d of %d match, %d known mismatches (tests/corpus/known.tsv)"
          % (os.path.basename(a.srcs[0]), total - bad - known, total, known))
    if not total:
        print("SKIP: none of its objects is built here")
        return SKIP
    return 1 if bad else 0


def linux_rows(a):
    """[(expect, variant, kernel result)], or None without bpf()."""
    by_obj = {}
    rows = []
    for e, v in built_cases(a.srcs, a.objdir):
        if e.mode in KERNEL_MODES:
            by_obj.setdefault((obj(a.objdir, e.src, v), e.mode),
                              []).append((e, v))
    for (path, mode), lst in sorted(by_obj.items()):
        res = run_kload(a.kload, path, sorted({e.prog for e, _ in lst}), mode)
        if res is None:
            return None
        for e, v in lst:
            rows.append((e, v, res[e.prog]))
    return rows


def cmd_linux(a):
    rows = []
    got = linux_rows(a)
    if got is None:
        print("kload: bpf() is not available", file=sys.stderr)
        return SKIP
    for e, v, r in got:
        rows.append((os.path.basename(e.src), e.prog, v, e.mode, r["verdict"],
                     str(r["processed"]), r["message"]))
    out = open(a.out, "w") if a.out else sys.stdout
    out.write("# Linux's verdict per corpus program, variant and loader mode.\n"
              "# Generated by tests/corpus/corpus.py linux (kernel %s).\n"
              % os.uname().release)
    out.write("# file\tprogram\tvariant\tmode\tverdict\tprocessed\t"
              "last log line\n")
    for r in sorted(rows):
        out.write("\t".join(r) + "\n")


def read_tsv(path):
    res = {}
    if not path or not os.path.exists(path):
        return res
    for line in open(path):
        if line.startswith("#"):
            continue
        f = line.rstrip("\n").split("\t")
        if len(f) >= 7:
            res[tuple(f[:4])] = {"verdict": f[4], "processed": int(f[5]),
                                 "message": f[6]}
    return res


def cmd_linux_check(a):
    tsv = read_tsv(a.tsv)
    bad = n = 0
    for e, v in cases(a.srcs):
        if e.mode not in KERNEL_MODES:
            continue
        r = tsv.get((os.path.basename(e.src), e.prog, v, e.mode))
        if r is not None and r["verdict"] == "error":
            # This kernel's configuration, not its verifier: no verdict.
            print("NOTE %s %s %s: Linux did not load it here (%s)" % (
                e.prog, v, e.mode, r["message"]))
            continue
        n += 1
        if r is None:
            print("MISSING %s %s %s" % (e.prog, v, e.mode))
            bad += 1
        elif not matches(e, r, use_linux=True):
            bad += 1
            print("DIFF %s:%d %s %s %s: expect %s %s; linux %s: %s" % (
                os.path.basename(e.src), e.line, e.prog, v, e.mode,
                e.lverdict, e.lmsg, r["verdict"], r["message"]))
    print("expectations agreeing with Linux: %d of %d" % (n - bad, n))
    return 1 if bad else 0


# Linux rejections about its own exploration budget, not about safety. A
# program rejected this way is still unsafe when its EXPECT says reject
# (e.g. a loop that never terminates exhausts the budget too).
NOT_SAFETY = ("BPF program is too large", "is too complex")


def tsv_rows(a):
    tsv = read_tsv(a.tsv)
    rows = []
    for e, v in built_cases(a.srcs, a.objdir):
        r = tsv.get((os.path.basename(e.src), e.prog, v, e.mode))
        if r is not None and r["verdict"] != "error":
            rows.append((e, v, r))
    return rows


def cmd_agreement(a):
    rows = tsv_rows(a) if a.tsv and not a.kload else linux_rows(a)
    if rows is None:
        print("SKIP: bpf() is not available here (kload exit 77)")
        return SKIP
    agree = unsound = 0
    dis = []
    for e, v, lin in rows:
        got = run_bpfcheck(a.bpfcheck, obj(a.objdir, e.src, v), e.prog,
                           e.opts)
        if got["verdict"] == lin["verdict"]:
            agree += 1
            continue
        safety = lin["verdict"] == "reject" and (
            e.verdict == "reject" or
            not any(s in lin["message"] for s in NOT_SAFETY))
        # A safety rejection by Linux that the EXPECT declares too
        # conservative ("EXPECT accept LINUX reject: ...", reviewed by
        # hand with the reason next to it) is not counted as unsound.
        declared = e.verdict == "accept" and e.lverdict == "reject"
        if got["verdict"] == "accept" and safety and not declared:
            unsound += 1
            kind = "UNSOUND"
        elif e.verdict != e.lverdict and got["verdict"] == e.verdict:
            kind = "beyond-linux"
        else:
            kind = "differs"
        dis.append("%-12s %s %s %s: linux %s (%s); bpfcheck %s (%s)" % (
            kind, e.prog, v, e.mode, lin["verdict"], short(lin["message"]),
            got["verdict"], short(got["message"])))
    for d in dis:
        print(d)
    print("agreement: %d of %d" % (agree, len(rows)))
    print("unsound (bpfcheck accepts what Linux rejects for safety): %d" %
          unsound)
    return 1 if unsound else 0


def run_object(bpfcheck, path, opts, extra):
    """{program: JSON record} of one bpfcheck verify --json run."""
    cmd = (bpfcheck.split() + ["verify", "--json"] + verify_opts(opts, path) +
           extra + [path])
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=1200)
    try:
        return {d["name"]: d for d in json.loads(p.stdout)["programs"]}
    except (ValueError, KeyError):
        return {}


KNOWN_COMPAT_TSV = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "known_compat.tsv")


def compat_group(a, path, mode, rows):
    """(what, case, linux, got) of every case where --linux-compat, or the
    default mode's prediction, is not Linux's recorded verdict."""
    out = []
    opts = rows[0][0].opts
    compat = run_object(a.bpfcheck, path, opts, ["--linux-compat"])
    dflt = run_object(a.bpfcheck, path, opts, [])
    for e, v, lin in rows:
        c = compat.get(e.prog, {}).get("verdict", "missing")
        d = dflt.get(e.prog, {}).get("linux", {}).get("verdict", "unknown")
        case = (os.path.basename(e.src), e.prog, v, mode)
        for what, got in (("--linux-compat", c), ("predicted", d)):
            if got != lin["verdict"]:
                out.append((what, case, lin, got))
    return out


def cmd_compat(a):
    """verify --linux-compat, and the default mode's "linux" verdict,
    against Linux's recorded verdicts (linux.tsv). Known differences
    (known_compat.tsv) are bpfcheck rejecting what Linux accepts, never
    the other way round; an entry that agrees again must be removed."""
    known = read_known(KNOWN_COMPAT_TSV)
    groups = {}
    for e, v, lin in tsv_rows(a):
        if a.variants and v not in a.variants.split(","):
            continue
        groups.setdefault((obj(a.objdir, e.src, v), e.mode), []).append(
            (e, v, lin))
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        res = list(ex.map(lambda kv: compat_group(a, kv[0][0], kv[0][1],
                                                  kv[1]),
                          sorted(groups.items())))
    n = sum(len(r) for r in groups.values())
    seen = set()
    bad = nknown = 0
    for what, case, lin, got in (m for r in res for m in r):
        seen.add(case)
        tag = "DIFF"
        if case in known and got == "reject":
            tag = "KNOWN"
            nknown += 1
        else:
            bad += 1
        print("%s %s %s: linux %s (%s); bpfcheck %s" % (
            tag, what, " ".join(case), lin["verdict"],
            short(lin["message"]), got))
    cases_run = {(os.path.basename(e.src), e.prog, v, e.mode)
                 for r in groups.values() for e, v, _ in r}
    for case in sorted(set(known) & cases_run - seen):
        bad += 1
        print("FIXED (remove from known_compat.tsv) %s" % " ".join(case))
    print("Linux's verdict given by --linux-compat and predicted by the "
          "default mode: %d of %d programs, %d known differences "
          "(tests/corpus/known_compat.tsv)" % (n - len(seen), n, nknown))
    return 1 if bad else 0


def cmd_report(a):
    tsv = read_tsv(a.tsv)
    c = {"exp": 0, "lin": 0, "n": 0}
    print("%-30s %-3s %-6s %-7s %-7s %-7s %s" % (
        "program", "var", "mode", "expect", "linux", "bpfchk", "bpfcheck message"))
    for e, v in built_cases(a.srcs, a.objdir):
        got = run_bpfcheck(a.bpfcheck, obj(a.objdir, e.src, v), e.prog,
                           e.opts)
        lin = tsv.get((os.path.basename(e.src), e.prog, v, e.mode),
                      {"verdict": "-"})
        c["n"] += 1
        c["exp"] += matches(e, got)
        c["lin"] += got["verdict"] == lin["verdict"]
        print("%-30s %-3s %-6s %-7s %-7s %-7s %s" % (
            e.prog, v, e.mode, e.verdict, lin["verdict"], got["verdict"],
            short(got["message"], 60)))
    print("bpfcheck matches EXPECT: %d of %d" % (c["exp"], c["n"]))
    print("bpfcheck agrees with Linux: %d of %d" % (c["lin"], c["n"]))


def cmd_bounds(a):
    """bounds OBJ PROG MIN MAX...: the worst-case bound of each program is
    known and within [MIN, MAX] (MIN: what one run can really execute, so
    a smaller bound would be unsound)."""
    path, rest = a.srcs[0], a.srcs[1:]
    if not os.path.exists(path):
        print("SKIP: %s is not built here" % path)
        return SKIP
    bad = 0
    for i in range(0, len(rest), 3):
        prog, lo, hi = rest[i], int(rest[i + 1]), int(rest[i + 2])
        got = run_bpfcheck(a.bpfcheck, path, prog, [])["worst"]
        ok = got is not None and lo <= got <= hi
        bad += not ok
        print("%s %s: worst case %s, want [%d, %d]" % (
            "ok  " if ok else "FAIL", prog, got, lo, hi))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd")
    ap.add_argument("srcs", nargs="+")
    ap.add_argument("--objdir")
    ap.add_argument("--bpfcheck")
    ap.add_argument("--kload")
    ap.add_argument("--tsv")
    ap.add_argument("--out")
    ap.add_argument("--variants", help="only these variants (compat)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args()
    fn = {"expect": cmd_expect, "lint": cmd_lint, "selftest": cmd_selftest, "check": cmd_check, "linux": cmd_linux,
          "linux-check": cmd_linux_check, "agreement": cmd_agreement,
          "report": cmd_report, "compat": cmd_compat,
          "bounds": cmd_bounds}.get(a.cmd)
    if not fn:
        ap.error("unknown command " + a.cmd)
    sys.exit(fn(a) or 0)


if __name__ == "__main__":
    main()
