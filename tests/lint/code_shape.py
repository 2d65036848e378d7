#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""The shape docs/ARCHITECTURE.md promises for src/: no source file directly
under src/, no function over 120 lines (signature to closing brace), no file
over 1,200 lines, and `case BPF_PROG_TYPE_` labels in at most one file.

usage: code_shape.py SRCDIR
"""
import glob
import os
import re
import sys

MAX_FUNC, MAX_FILE = 120, 1200


def functions(path):
    """(name, first line, length) of each top-level function definition:
    a line opening with '{' in column 0, its signature above it."""
    lines = open(path).read().split("\n")
    i = 0
    while i < len(lines):
        if lines[i].startswith("{") and i > 0:
            j = i - 1
            while j > 0 and "(" not in lines[j]:
                j -= 1
            m = re.search(r"(\w+)\s*\(", lines[j])
            k = i + 1
            while k < len(lines) and not lines[k].startswith("}"):
                k += 1
            yield (m.group(1) if m else "?"), j + 1, k - j + 1
            i = k
        i += 1


def main():
    src = sys.argv[1]
    bad = []
    loose = [f for f in glob.glob(os.path.join(src, "*"))
             if os.path.isfile(f)]
    bad += ["%s: a source file directly under src/ (put it in its stage's "
            "folder)" % f for f in loose]
    files = sorted(glob.glob(os.path.join(src, "*", "*.[ch]")))
    longest = ("", "", 0)
    prog_type_files = []
    for f in files:
        n = open(f).read().count("\n")
        if n > MAX_FILE:
            bad.append("%s: %d lines (at most %d)" % (f, n, MAX_FILE))
        if "case BPF_PROG_TYPE_" in open(f).read():
            prog_type_files.append(f)
        if not f.endswith(".c"):
            continue
        for name, line, length in functions(f):
            if length > longest[2]:
                longest = (f, name, length)
            if length > MAX_FUNC:
                bad.append("%s:%d: %s is %d lines (at most %d)" %
                           (f, line, name, length, MAX_FUNC))
    if len(prog_type_files) > 1:
        bad.append("case BPF_PROG_TYPE_ labels in %d files (at most one): "
                   "%s" % (len(prog_type_files), ", ".join(prog_type_files)))
    print("%d files; longest function %s in %s, %d lines; prog-type case "
          "labels in %d file(s)" % (len(files), longest[1], longest[0],
                                    longest[2], len(prog_type_files)))
    for b in bad:
        print("FAIL " + b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
