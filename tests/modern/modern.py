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

if __name__ == "__main__":
    corpus.main()
