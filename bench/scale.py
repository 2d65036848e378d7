#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""The kernel's scale selftests: bpfcheck's figures next to Linux's.

  scale.py --selftests DIR --bpfcheck B [--out DIR] [--kload-src K]
           [--clang C] [--cc CC] [--no-kernel] [--prog NAME]... [-j N]

DIR is the selftests build (tests/selftests' prepare output: src/,
include/, libbpf/). The scale programs (pyperf*, strobemeta*,
test_verif_scale1/2/3, loop1..6) are compiled from DIR/src with the
selftests' own flags (selftests.py's selftests_cflags and compile_prog)
into OUT/obj, a kload with --stats is linked against DIR's libbpf, and
each program is verified by bpfcheck (one process per program: its
maximum resident set is its peak memory) and loaded into the running
kernel (verdict, processed insns, total and peak states, verification
time from the kernel's log; the kernel does not report its memory).

The target (issue 13): bpfcheck processes no more instructions than
Linux on any of them, and its peak memory stays under 256 MiB. A
benchmark: it prints figures and never fails on them.
"""
import argparse
import concurrent.futures
import json
import os
import re
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "selftests"))
import selftests  # noqa: E402  (its compile functions)

OBJECTS = ["pyperf50", "pyperf100", "pyperf180", "pyperf600_nounroll",
           "pyperf_global", "pyperf_subprogs", "strobemeta",
           "strobemeta_nounroll1", "strobemeta_nounroll2",
           "strobemeta_subprogs", "pyperf600_bpf_loop", "pyperf600_iter",
           "strobemeta_bpf_loop", "test_verif_scale1", "test_verif_scale2",
           "test_verif_scale3", "loop1", "loop2", "loop3", "loop4", "loop5",
           "loop6"]


def build_kload(a, out):
    """kload (tests/kernel/kload.c) against the selftests' libbpf, as
    selftests.py prepare links its own: newer objects need that libbpf."""
    kload = os.path.join(out, "kload")
    src = a.kload_src
    if (os.path.exists(kload) and
            os.path.getmtime(kload) >= os.path.getmtime(src)):
        return kload
    inc = os.path.join(a.selftests, "include")
    p = subprocess.run([a.cc, "-O2", "-I" + inc,
                        "-I" + os.path.join(a.selftests, "src",
                                            "tools/include/uapi"),
                        src, os.path.join(os.path.dirname(src),
                                          "kload_legacy.c"),
                        os.path.join(a.selftests, "libbpf", "libbpf.a"),
                        "-lelf", "-lz", "-o", kload],
                       capture_output=True, text=True)
    if p.returncode:
        sys.exit("scale: building kload failed: " +
                 selftests.first_line(p.stderr))
    return kload


def compile_all(a, objdir):
    src = os.path.join(a.selftests, "src")
    seldir = os.path.join(src, selftests.SELFTESTS)
    flags = selftests.selftests_cflags(a.clang, src,
                                       os.path.join(a.selftests, "include"))

    def one(n):
        o = os.path.join(objdir, n + ".bpf.o")
        c = os.path.join(seldir, "progs", n + ".c")
        if os.path.exists(o) and os.path.getmtime(o) >= os.path.getmtime(c):
            return n, None
        return n, selftests.compile_prog(a.clang, flags, seldir, objdir, n)

    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        res = list(ex.map(one, OBJECTS))
    for n, err in res:
        if err:
            print("scale: %s did not compile: %s" % (n, err))
    return [n for n, err in res if not err]


def bpfcheck_prog(a, path, prog):
    """bpfcheck's JSON figures for one program, plus its max RSS (KiB)."""
    cmd = [a.bpfcheck, "verify", "--json", "--prog", prog, path]
    t0 = time.time()
    p = subprocess.run(cmd, capture_output=True, text=True)
    try:
        d = json.loads(p.stdout)["programs"][0]
    except (ValueError, KeyError, IndexError):
        d = {"verdict": "error",
             "error": {"message": selftests.first_line(p.stderr)}}
    d["wall_s"] = time.time() - t0
    return d


def run_bpfcheck(a, path, prog):
    """Each program in its own process: RUSAGE_CHILDREN's max RSS is the
    largest so far, so the run is made from a fresh child of ours."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        d = bpfcheck_prog(a, path, prog)
        d["maxrss_kb"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        os.write(w, json.dumps(d).encode())
        os._exit(0)
    os.close(w)
    buf = b""
    while True:
        chunk = os.read(r, 65536)
        if not chunk:
            break
        buf += chunk
    os.close(r)
    os.waitpid(pid, 0)
    return json.loads(buf.decode())


def prog_names(a, path):
    p = subprocess.run([a.bpfcheck, "verify", "--json", "--insn-budget", "1",
                        path], capture_output=True, text=True)
    try:
        return [d["name"] for d in json.loads(p.stdout)["programs"]]
    except (ValueError, KeyError):
        return []


STATS = re.compile(r"processed (\d+) insns \(limit \d+\) max_states_per_insn "
                   r"(\d+) total_states (\d+) peak_states (\d+)")


def run_kernel(kload, path, prog):
    p = subprocess.run([kload, "--stats", path, prog], capture_output=True,
                       text=True)
    k = {"verdict": "error"}
    for line in p.stdout.splitlines():
        f = line.split("\t")
        if line.startswith("#stats"):
            m = STATS.search(line)
            if m:
                k["processed"], k["max_states"], k["total_states"], \
                    k["peak_states"] = map(int, m.groups())
        elif len(f) >= 5 and f[0] == prog:
            k["verdict"], k["usec"], k["msg"] = f[1], int(f[3]), f[4]
    if p.returncode == selftests.SKIP:
        k["msg"] = "bpf() unavailable"
    return k


def fmt(v):
    return "-" if v is None else str(v)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--selftests", required=True)
    ap.add_argument("--bpfcheck", required=True)
    ap.add_argument("--out", default="/tmp/bpfcheck-scale")
    ap.add_argument("--kload-src",
                    default=os.path.join(ROOT, "tests", "kernel", "kload.c"))
    ap.add_argument("--clang", default="clang-19")
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--no-kernel", action="store_true")
    ap.add_argument("--prog", action="append", default=[],
                    help="only this program or object (repeatable)")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--json", help="also write the rows here")
    a = ap.parse_args()
    objdir = os.path.join(a.out, "obj")
    os.makedirs(objdir, exist_ok=True)
    objs = compile_all(a, objdir)
    kload = None if a.no_kernel else build_kload(a, a.out)
    rows = []
    hdr = ("%-34s %-6s %9s %7s %7s %8s %7s | %-6s %9s %7s %7s %8s" %
           ("program", "bc", "insns", "states", "peak", "us", "MiB",
            "linux", "insns", "states", "peak", "us"))
    print(hdr)
    print("-" * len(hdr))
    for o in objs:
        path = os.path.join(objdir, o + ".bpf.o")
        for prog in prog_names(a, path):
            if a.prog and prog not in a.prog and o not in a.prog:
                continue
            b = run_bpfcheck(a, path, prog)
            k = run_kernel(kload, path, prog) if kload else {}
            row = {"object": o, "prog": prog, "bpfcheck": b, "linux": k}
            rows.append(row)
            print("%-34s %-6s %9s %7s %7s %8s %7.1f | %-6s %9s %7s %7s %8s"
                  % ((o + "/" + prog)[:34], b.get("verdict"),
                     fmt(b.get("processed_insns")),
                     fmt(b.get("total_states")), fmt(b.get("peak_states")),
                     fmt(b.get("duration_us")),
                     b.get("maxrss_kb", 0) / 1024.0, k.get("verdict", "-"),
                     fmt(k.get("processed")), fmt(k.get("total_states")),
                     fmt(k.get("peak_states")), fmt(k.get("usec"))),
                  flush=True)
    summary(rows)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=1)


def summary(rows):
    both = [r for r in rows if r["bpfcheck"].get("verdict") == "accept" and
            r["linux"].get("verdict") == "accept"]
    bi = sum(r["bpfcheck"].get("processed_insns", 0) for r in both)
    li = sum(r["linux"].get("processed", 0) for r in both)
    bt = sum(r["bpfcheck"].get("duration_us", 0) for r in both)
    lt = sum(r["linux"].get("usec", 0) for r in both)
    more = [r["object"] for r in both if r["bpfcheck"].get(
        "processed_insns", 0) > r["linux"].get("processed", 0)]
    differ = [r["object"] for r in rows if r["linux"] and
              r["bpfcheck"].get("verdict") != r["linux"].get("verdict")]
    rss = max([r["bpfcheck"].get("maxrss_kb", 0) for r in rows] or [0])
    print()
    print("both accept: %d of %d programs; processed insns bpfcheck %d, "
          "Linux %d (%.3fx); time bpfcheck %.3f s, Linux %.3f s (%.2fx)" %
          (len(both), len(rows), bi, li, bi / li if li else 0, bt / 1e6,
           lt / 1e6, bt / lt if lt else 0))
    print("more insns than Linux: %d (%s)" % (len(more), " ".join(more)))
    print("verdicts that differ: %d (%s)" % (len(differ), " ".join(differ)))
    print("bpfcheck peak RSS: %.1f MiB (target < 256)" % (rss / 1024.0))


if __name__ == "__main__":
    main()
