#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""A stand-in for `bpfcheck verify --json` used by the runner's self-test.

  fake_bpfcheck.py MODE SRCDIR verify --json [OPTION...] --prog P FILE

MODE expect: answers what the program's EXPECT comment says;
MODE accept: accepts everything; MODE reject: rejects everything.
FILE is a corpus object NAME.VARIANT.o whose source is SRCDIR/NAME.c.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402


def main():
    mode, srcdir, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    prog = args[args.index("--prog") + 1]
    path = args[-1]
    umode = corpus.mode_of(args[args.index("--json") + 1:
                                args.index("--prog")])
    base, variant, _ = os.path.basename(path).rsplit(".", 2)
    verdict, msg = mode, "fake rejection"
    if mode == "expect":
        verdict, msg = "error", "no expectation"
        for e, v in corpus.cases([os.path.join(srcdir, base + ".c")]):
            if e.prog == prog and v == variant and e.mode == umode:
                verdict, msg = e.verdict, "fake: " + e.msg
    d = {"name": prog, "verdict": verdict, "processed_insns": 1,
         "duration_us": 1}
    if verdict == "reject":
        d["error"] = {"message": msg, "insn": 0}
    print(json.dumps({"programs": [d]}))
    return 1 if verdict == "reject" else 0


if __name__ == "__main__":
    sys.exit(main())
