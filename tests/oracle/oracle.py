#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""The soundness oracle over the verdict corpus.

Every program the verifier accepts is run in the interpreter with
`bpfcheck run --oracle` on a few random packets: at each executed
instruction every live scalar register must lie inside what the verifier
claimed there, no memory access may leave the program's regions, and no run
may execute more instructions than the verifier's worst-case bound. Any
violation, or any fault of an accepted program, fails the test with the
program, the input and the message.
"""
import json
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "corpus"))
import corpus  # noqa: E402

SKIP_MSGS = ("is not supported by the interpreter",)


def main():
    bpfcheck, objdir = sys.argv[1], sys.argv[2]
    srcs = sys.argv[3:]
    rnd = random.Random(1)
    runs = progs = skipped = 0
    bad = []
    for e, v in corpus.cases(srcs):
        if e.mode != "priv" or v not in ("O2", "v3", "c19v4"):
            continue
        path = corpus.obj(objdir, e.src, v)
        if not os.path.exists(path):
            continue
        progs += 1
        for k in range(3):
            n = rnd.choice((14, 60, 64, 100, 200))
            pkt = bytes(rnd.choice((0, 0xff, rnd.randrange(256)))
                        for _ in range(n)).hex()
            cmd = [bpfcheck, "run", "--oracle", "--limit", "1000000000",
                   "--prog", e.prog,
                   path, "--packet-hex", pkt, "--seed", str(k)]
            p = subprocess.run(cmd, capture_output=True, text=True,
                               timeout=300)
            err = p.stderr.strip()
            if p.returncode == 0:
                runs += 1
                continue
            if "rejected by the verifier" in err:
                break           # not accepted: nothing to check
            if any(m in err for m in SKIP_MSGS):
                skipped += 1
                break
            bad.append("%s %s: %s\n  input: %s" % (e.prog, v, err, pkt))
            break
    for b in bad:
        print("VIOLATION", b)
    print("oracle: %d runs of %d programs checked, %d skipped (helper not "
          "in the interpreter), %d violations" % (runs, progs, skipped,
                                                  len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
