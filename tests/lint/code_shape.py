#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""The shape docs/ARCHITECTURE.md promises for src/: no source file directly
under src/, no function over 120 lines (signature to closing brace), no file
over 1,200 lines, `case BPF_PROG_TYPE_` labels in at most one file, no cycle
between the folders (a folder's files include headers of the folders below
it only), and a header for each .c file whose functions others call (its
own, its family's such as scalar.h for scalar_alu.c or elf_priv.h for
elf_core.c, or its folder's). The other directories given (tools/, bench/)
are held to the same function and file lengths.

usage: code_shape.py SRCDIR [DIR...]
"""
import collections
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


def folder_includes(src):
    """{folder: {included folder: [file, ...]}} of src/'s own includes."""
    deps = collections.defaultdict(lambda: collections.defaultdict(list))
    for f in sorted(glob.glob(os.path.join(src, "*", "*.[ch]"))):
        d = os.path.basename(os.path.dirname(f))
        for line in open(f):
            m = re.match(r'#include "([a-z_]+)/', line)
            if m and m.group(1) != d:
                deps[d][m.group(1)].append(os.path.basename(f))
    return deps


def cycles(deps):
    """Each edge a -> b that lies on a cycle, with the files making it."""
    def reaches(a, b, seen):
        if a == b:
            return True
        seen.add(a)
        return any(reaches(c, b, seen) for c in deps.get(a, {})
                   if c not in seen)
    return ["folder cycle: %s -> %s (%s) and back" %
            (a, b, ", ".join(sorted(set(fs))[:4]))
            for a in sorted(deps) for b, fs in sorted(deps[a].items())
            if reaches(b, a, set())]


def exported(path):
    """Does the .c file define a function that is not static (nor main)?"""
    for name, line, length in functions(path):
        sig = open(path).read().split("\n")[line - 1]
        if not sig.startswith("static") and name != "main":
            return True
    return False


def header_for(c):
    """The header declaring c's functions, or None."""
    d, stem = os.path.dirname(c), os.path.basename(c)[:-2]
    family = stem.split("_")[0]
    for h in (stem, family, family + "_priv", os.path.basename(d)):
        if os.path.exists(os.path.join(d, h + ".h")):
            return h
    return None


def shape(files, bad):
    """Lengths of files and functions; the longest function."""
    longest = ("", "", 0)
    for f in files:
        n = open(f).read().count("\n")
        if n > MAX_FILE:
            bad.append("%s: %d lines (at most %d)" % (f, n, MAX_FILE))
        if not f.endswith(".c"):
            continue
        for name, line, length in functions(f):
            if length > longest[2]:
                longest = (f, name, length)
            if length > MAX_FUNC:
                bad.append("%s:%d: %s is %d lines (at most %d)" %
                           (f, line, name, length, MAX_FUNC))
    return longest


def main():
    src = sys.argv[1]
    bad = []
    loose = [f for f in glob.glob(os.path.join(src, "*"))
             if os.path.isfile(f)]
    bad += ["%s: a source file directly under src/ (put it in its stage's "
            "folder)" % f for f in loose]
    files = sorted(glob.glob(os.path.join(src, "*", "*.[ch]")))
    prog_type_files = [f for f in files
                       if "case BPF_PROG_TYPE_" in open(f).read()]
    longest = shape(files, bad)
    bad += cycles(folder_includes(src))
    bad += ["%s: its functions are declared in no header of its own, its "
            "family's or its folder's" % f for f in files
            if f.endswith(".c") and "/api/" not in f and exported(f) and
            not header_for(f)]
    others = sorted(f for d in sys.argv[2:]
                    for f in glob.glob(os.path.join(d, "*.[ch]")))
    olongest = shape(others, bad)
    if len(prog_type_files) > 1:
        bad.append("case BPF_PROG_TYPE_ labels in %d files (at most one): "
                   "%s" % (len(prog_type_files), ", ".join(prog_type_files)))
    print("%d files; longest function %s in %s, %d lines; prog-type case "
          "labels in %d file(s)" % (len(files), longest[1], longest[0],
                                    longest[2], len(prog_type_files)))
    if others:
        print("%d more files (%s); longest function %s in %s, %d lines" %
              (len(others), ", ".join(sys.argv[2:]), olongest[1],
               olongest[0], olongest[2]))
    for b in bad:
        print("FAIL " + b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
