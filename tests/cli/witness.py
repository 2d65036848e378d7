#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""Witnesses: `verify --witness`, `run --replay`, `run --search-witness`.

Usage: witness.py CHECK --bpfcheck BIN --objdir DIR [--srcdir DIR]
CHECK is
  replay    rejected corpus programs that really fault get a witness, and
            its replay faults at the rejected insn with the expected
            message (region and offset, source line); the file format
            read back, hand-written and malformed; `run --no-verify`'s
            faults name regions, never host addresses
  accepted  no witness for any corpus program Linux accepts: the same
            search, for a fault anywhere, finds none (a witness there is
            an interpreter modelling bug or a verifier soundness bug)
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
failures = []

# (object, program, the replay's fault after "fault at ")
FAULTS = [
    ("pkt.O2.o", "pkt_no_check",
     "insn 1 (pkt.c:27): invalid read of 1 byte at packet+12, outside "
     "the packet (0 bytes)"),
    ("mapval.O2.o", "mv_const_past_end",
     "insn 8 (mapval.c:31): invalid read of 1 byte at offset 64 of a "
     "value of map 'amap', past the end of the value (64 bytes)"),
    ("mapval.O2.o", "null_missing",
     "insn 7 (mapval.c:142): invalid read of 8 bytes at 0x0 (a null "
     "pointer)"),
    ("ptr.O2.o", "ptr_uninit_reg",
     "insn 1 (ptr.c:171): R2 is read before any write to it (it holds no "
     "value on this path)"),
    ("helpers.O2.o", "h_ringbuf_leak",
     "insn 9 (helpers.c:152): exit with a ring buffer record still held, "
     "acquired at insn 4 (helpers.c:146)"),
    ("stack.O2.o", "st_below_frame",
     "insn 1 (stack.c:42): invalid write of 8 bytes at fp-520 of frame 0, "
     "outside the stack of frame 0 (512 bytes)"),
    ("helpers.O2.o", "h_comm_too_big",
     "insn 3 (helpers.c:76): invalid write of 32 bytes at fp-16 of frame "
     "0, past the end of the stack of frame 0 (512 bytes)"),
]


def check(name, got, want):
    if got == want:
        print("ok %s" % name)
    else:
        print("FAIL %s\n  got:  %r\n  want: %r" % (name, got, want))
        failures.append(name)


def bc(a, *args):
    return subprocess.run([a.bpfcheck] + list(args), capture_output=True,
                          text=True, timeout=120)


def replay_one(a, tmp, obj, prog, want):
    path = os.path.join(a.objdir, obj)
    w = os.path.join(tmp, prog + ".w")
    p = bc(a, "verify", "--witness", w, "--prog", prog, path)
    check(prog + "_verify_exit", p.returncode, 1)
    lines = p.stdout.splitlines()
    check(prog + "_witness_line", lines[1] if len(lines) > 1 else "",
          "  witness: %s; written to %s" % (want, w))
    r = bc(a, "run", "--replay", w, path)
    check(prog + "_replay_exit", r.returncode, 1)
    check(prog + "_replay", r.stdout, "%s: fault at %s\n" % (prog, want))
    # the fault is at the insn the verifier rejected
    v = json.loads(bc(a, "verify", "-o", "json", "--witness", w, "--prog",
                      prog, path).stdout)["programs"][0]
    check(prog + "_json_found", v["witness"]["found"], True)
    check(prog + "_json_insn", v["witness"]["fault"]["insn"],
          v["error"]["insn"])
    j = json.loads(bc(a, "run", "--json", "--replay", w, path).stdout)
    check(prog + "_replay_json_insn", j["fault"]["insn"], v["error"]["insn"])
    check(prog + "_no_host_address",
          re.search(r"0x[0-9a-f]{6,}", r.stdout), None)


def file_format(a, tmp):
    path = os.path.join(a.objdir, "mapval.O2.o")
    w = os.path.join(tmp, "hand.w")
    # a hand-written witness: an entry makes the lookup succeed
    with open(w, "w") as f:
        f.write("# by hand\nprogram mv_const_past_end\n"
                "map amap 00000000 %s\nseed 7\n" % ("11" * 64))
    r = bc(a, "run", "--replay", w, path)
    check("hand_written", r.stdout,
          "mv_const_past_end: fault at insn 8 (mapval.c:31): invalid read "
          "of 1 byte at offset 64 of a value of map 'amap', past the end "
          "of the value (64 bytes)\n")
    # one that does not fault: an accepted twin
    with open(w, "w") as f:
        f.write("program mv_const_last\nseed 0\n")
    r = bc(a, "run", "--replay", w, path)
    check("no_fault_exit", r.returncode, 0)
    check("no_fault", r.stdout,
          "mv_const_last: the run ends without a fault\n")
    for text, err in (
            ("program mv_const_past_end\nmap nosuch 00 00\n",
             "line 2: no map named 'nosuch'"),
            ("program mv_const_past_end\nmap amap 0000 00\n",
             "line 2: map 'amap' takes a key of 4 and a value of 64 bytes, "
             "in hex"),
            ("program mv_const_past_end\npacket 0g\n",
             "line 2: packet takes hex bytes"),
            ("program mv_const_past_end\nfrob 1\n",
             "line 2: unknown key 'frob' (program, packet, ctx, map, seed, "
             "prandom, ringbuf-full, stack-init, fault)")):
        with open(w, "w") as f:
            f.write(text)
        r = bc(a, "run", "--replay", w, path)
        check("bad_" + err.split(":")[1].strip().split()[0] + "_exit",
              r.returncode, 2)
        check("bad_" + err, r.stderr, "bpfcheck: %s: %s\n" % (w, err))


def no_verify(a):
    """The issue's complaint: a fault at a host address. Now the region."""
    path = os.path.join(a.objdir, "pkt.O2.o")
    r = bc(a, "run", "--no-verify", "--prog", "pkt_no_check",
           "--packet-hex", "00112233", path)
    check("no_verify", r.stderr,
          "bpfcheck: %s: pkt_no_check: insn 1: invalid read of 1 byte at "
          "packet+12, outside the packet (4 bytes)\n" % path)


def cmd_replay(a):
    with tempfile.TemporaryDirectory() as tmp:
        for obj, prog, want in FAULTS:
            replay_one(a, tmp, obj, prog, want)
        file_format(a, tmp)
    no_verify(a)


def accepted_programs(a):
    """(object, program, loader) per program and loader Linux accepts in
    some build: its O2 build when Linux accepts that one, else the first
    it accepts."""
    sys.path.insert(0, os.path.join(HERE, "..", "corpus"))
    import corpus
    tsv = corpus.read_tsv(os.path.join(HERE, "..", "corpus", "linux.tsv"))
    variants = {}
    for (src, prog, v, mode), row in tsv.items():
        if mode in ("priv", "unpriv") and row["verdict"] == "accept":
            variants.setdefault((src, prog, mode), set()).add(v)
    res = []
    for (src, prog, mode), vs in sorted(variants.items()):
        for v in ["O2"] + sorted(vs):
            path = os.path.join(a.objdir, src[:-2] + "." + v + ".o")
            if v in vs and os.path.exists(path):
                res.append((path, prog, mode))
                break
    return res


def search_one(a, tmp, path, prog, mode):
    """A loader without CAP_PERFMON may not read stack bytes never
    written: its runs check that too."""
    w = os.path.join(tmp, "%s.%s.%s.w" % (os.path.basename(path), prog,
                                          mode))
    p = bc(a, "run", "--search-witness", w, "--budget", str(a.budget),
           "--prog", prog, path, *(["--stack-init"] if mode == "unpriv"
                                   else []))
    if p.returncode == 0:
        return None
    if p.returncode == 1:
        with open(w) as f:
            return "%s %s %s: %s%s" % (path, prog, mode, p.stdout.strip(),
                                       "\n    " + f.read().replace(
                                           "\n", "\n    "))
    return "%s %s %s: exit %d: %s" % (path, prog, mode, p.returncode,
                                      p.stderr.strip())


def cmd_accepted(a):
    progs = accepted_programs(a)
    with tempfile.TemporaryDirectory() as tmp, \
            concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        found = [r for r in ex.map(lambda c: search_one(a, tmp, *c), progs)
                 if r]
    for f in found:
        print("WITNESS FOR AN ACCEPTED PROGRAM:", f)
        failures.append(f)
    print("accepted: %d programs (and loaders) Linux accepts searched, %d "
          "with a witness" % (len(progs), len(found)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("check", choices=("replay", "accepted"))
    ap.add_argument("--bpfcheck", required=True)
    ap.add_argument("--objdir", required=True)
    ap.add_argument("--budget", type=int, default=100)
    ap.add_argument("-j", "--jobs", type=int, default=2)
    a = ap.parse_args()
    {"replay": cmd_replay, "accepted": cmd_accepted}[a.check](a)
    if failures:
        print("%d failures" % len(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
