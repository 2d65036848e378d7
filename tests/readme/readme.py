#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""The README's examples are what the commands print.

  readme.py README.md --build BUILD

Each fenced block with "$ " lines is run as one shell session in a
directory where build/ is BUILD and bpfcheck is on PATH; every command's
output must be the lines the README shows below it. A line "..." stands
for any lines; times, memory and durations are compared as numbers of any
value (they differ from run to run).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

VOLATILE = [
    (re.compile(r"duration \d+ us"), "duration N us"),
    (re.compile(r"peak memory \d+ KiB"), "peak memory N KiB"),
    (re.compile(r'"(duration_us|peak_mem_kb|linux_duration_us)": ?\d+'),
     r'"\1":N'),
]


def normal(line):
    for rx, rep in VOLATILE:
        line = rx.sub(rep, line)
    return line.rstrip()


def blocks(text):
    """[(first line number, [(command, [expected lines])])]"""
    out = []
    for m in re.finditer(r"^```[a-z]*\n(.*?)^```", text, re.M | re.S):
        start = text.count("\n", 0, m.start()) + 2
        cmds = []
        for line in m.group(1).splitlines():
            if line.startswith("$ "):
                cmds.append((line[2:], []))
            elif cmds:
                cmds[-1][1].append(line)
        if cmds:
            out.append((start, cmds))
    return out


def run_block(cmds, cwd, env):
    """Each command's output lines, from one shell session."""
    marker = "@@readme-command@@"
    script = "".join("echo %s\n%s 2>&1\n" % (marker, c) for c, _ in cmds)
    p = subprocess.run(["bash", "-c", script], cwd=cwd, env=env,
                       capture_output=True, text=True, timeout=600)
    parts = p.stdout.split(marker + "\n")[1:]
    return [part.splitlines() for part in parts]


def matches(want, got):
    """want may hold "..." lines standing for any lines."""
    if not want:
        return not got
    if want[0] == "...":
        return any(matches(want[1:], got[i:]) for i in range(len(got) + 1))
    return bool(got) and normal(want[0]) == normal(got[0]) and \
        matches(want[1:], got[1:])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("readme")
    ap.add_argument("--build", required=True)
    ap.add_argument("--update", action="store_true",
                    help="write what the commands print into the README")
    a = ap.parse_args()
    text = open(a.readme).read()
    lines = text.split("\n")
    edits = []		# (first line index, old line count, new lines)
    bad = n = 0
    with tempfile.TemporaryDirectory() as d:
        os.symlink(os.path.abspath(a.build), os.path.join(d, "build"))
        env = dict(os.environ, PATH=os.path.abspath(a.build) + ":" +
                   os.environ.get("PATH", ""))
        for start, cmds in blocks(text):
            outs = run_block(cmds, d, env)
            at = start - 1		# index of the block's first line
            for (cmd, want), got in zip(cmds, outs):
                at = lines.index("$ " + cmd, at) + 1
                old = len(want)
                while want and not want[-1].strip():
                    want = want[:-1]
                n += 1
                if matches(want, got):
                    at += old
                    continue
                sep = [""] if old > len(want) else []
                edits.append((at, old, got + sep))
                at += old
                bad += 1
                print("README.md:%d: $ %s" % (start, cmd))
                print("  README shows:\n    " + "\n    ".join(want))
                print("  it prints:\n    " + "\n    ".join(got))
    print("README examples: %d of %d commands print what the README shows"
          % (n - bad, n))
    if a.update and edits:
        for at, old, new in sorted(edits, reverse=True):
            lines[at:at + old] = new
        open(a.readme, "w").write("\n".join(lines))
        print("README updated: %d examples" % len(edits))
        return 0
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
