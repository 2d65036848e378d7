#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""The verdict corpus runner (tests/corpus/corpus.py) for tests/modern/:
programs of the newer kernel features, compiled by clang 19 at -O2
-mcpu=v3 and -mcpu=v4 into OBJDIR/NAME.{c19v3,c19v4}.o. Same commands
and EXPECT comments as corpus.py; the Linux verdicts are recorded in
tests/modern/linux.tsv."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "corpus"))
import corpus  # noqa: E402

corpus.VARIANTS = ["c19v3", "c19v4"]


def bounds(argv):
    """bounds BPFCHECK OBJ PROG MIN MAX...: the worst-case bound of each
    program is known and within [MIN, MAX] (MIN: what one run can really
    execute, so a smaller bound would be unsound)."""
    import json
    import subprocess
    bpfcheck, obj, rest = argv[0], argv[1], argv[2:]
    bad = 0
    for i in range(0, len(rest), 3):
        prog, lo, hi = rest[i], int(rest[i + 1]), int(rest[i + 2])
        out = subprocess.run([bpfcheck, "verify", "--json", "--prog", prog,
                              obj], capture_output=True, text=True).stdout
        doc = json.loads(out)["programs"][0]
        got = doc.get("worst_case_insns")
        ok = got is not None and lo <= got <= hi
        bad += not ok
        print("%s %s: worst case %s, want [%d, %d]" % (
            "ok  " if ok else "FAIL", prog, got, lo, hi))
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "bounds":
        sys.exit(bounds(sys.argv[2:]))
    corpus.main()
