#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""bpfcheck's level-1 log against the live kernel's, line kinds and order.

  log_kernel.py --bpfcheck B --kload K OBJ...

For every program of OBJ that Linux rejects (in its own log buffer, not
cut short), both logs are reduced to line kinds: the start state, each
instruction (with its index), each message, "safe", the closing
"processed" line. Source lines and the inline register states are left out
(register ids and bounds may be worded differently). The logs must begin
alike (the start state, then instruction 0) and end alike: from the last
instruction, the same index, the same messages (the lines above the error
and the error) and the "processed" line. How many logs match in full is
printed. Exits 77 when bpf() is not available.
"""
import argparse
import re
import subprocess
import sys

SKIP = 77
# Linux's note on the BTF of the main program; bpfcheck does not print it.
KERNEL_ONLY = re.compile(r"^Global function \S+ doesn't return scalar")


def kinds(lines):
    out = []
    for line in lines:
        m = re.match(r"^(\d+): \([0-9a-f]{2}\)", line)
        if m:
            out.append(("insn", int(m.group(1))))
        elif re.match(r"^\d+: R\d+=", line):
            out.append(("start",))
        elif line.startswith("processed "):
            out.append(("processed",))
        elif re.match(r"^(from \d+ to \d+: safe|\d+: safe)$", line):
            out.append(("safe",))
        elif line.startswith("; ") or not line.strip() or \
                KERNEL_ONLY.match(line):
            continue
        else:
            out.append(("msg", line))
    return out


def kernel_logs(kload, obj):
    """{program: log lines} of the programs Linux rejects; None: no bpf()."""
    p = subprocess.run([kload, "--log", obj], capture_output=True, text=True,
                       timeout=1200)
    if p.returncode == SKIP:
        return None
    logs, name = {}, None
    for line in p.stdout.splitlines():
        f = line.split("\t")
        if len(f) >= 5 and f[1] in ("accept", "reject", "error"):
            name = f[0] if f[1] == "reject" else None
            if name:
                logs[name] = []
        elif line == "--":
            name = None
        elif name:
            logs[name].append(line)
    return logs


def tail(k):
    """From the last instruction to the end."""
    last = max((i for i, x in enumerate(k) if x[0] == "insn"), default=0)
    return k[last:]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("objs", nargs="+")
    ap.add_argument("--bpfcheck", required=True)
    ap.add_argument("--kload", required=True)
    a = ap.parse_args()
    n = full = bad = 0
    for obj in a.objs:
        logs = kernel_logs(a.kload, obj)
        if logs is None:
            print("SKIP: bpf() is not available here")
            return SKIP
        for prog, klog in sorted(logs.items()):
            k = kinds(klog)
            if not k or k[0] != ("start",) or k[-1] != ("processed",):
                continue	# Linux's own buffer cut it short
            p = subprocess.run([a.bpfcheck, "verify", "--linux-compat",
                                "--log-level", "1", "--prog", prog, obj],
                               capture_output=True, text=True, timeout=600)
            b = kinds(p.stderr.splitlines())
            n += 1
            if k == b:
                full += 1
                continue
            if k[:2] == b[:2] and tail(k) == tail(b):
                continue
            bad += 1
            print("DIFF %s %s:\n  linux:    %s ... %s\n  bpfcheck: %s ... %s"
                  % (obj, prog, k[:2], tail(k), b[:2], tail(b)))
    print("logs of %d programs Linux rejects: %d begin and end as Linux's, "
          "%d match line for line" % (n, n - bad, full))
    return 1 if bad or not n else 0


if __name__ == "__main__":
    sys.exit(main())
