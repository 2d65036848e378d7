#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""Very large programs: bpfcheck and Linux on generated parsers.

Generates one XDP program made of N inlined parser stages (a TLV option
parser, a counter keyed by a hash of the packet, a checksum fold, a
bounds-checked header read, a protocol switch, a per-CPU flag table), each
with its own packet bounds check, map lookups and branches. The stages
join one after the other and what a stage leaves for the next is a scalar
that no check depends on, so the verifier's states stay bounded if its
pruning works (liveness and precision). For each target size it compiles
the source with clang -target bpf -O2, and prints the real instruction
count, bpfcheck's verdict, processed instructions, states, time, peak
memory (its own figure and the process's max RSS), and Linux's verdict,
processed instructions and time from a log-level-4 load by kload ('-'
without bpf()).

  big_prog.py --bpfcheck B [--kload K] [--clang C] [--sizes 10000,50000,...]
              [--stages N...] [--kinds K,...] [--keep DIR]
              [--emit N]

--emit N only prints the C source of N stages.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "tests", "corpus"))
import corpus  # noqa: E402

HEADER = r"""
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define OPAQUE(x) asm volatile("" : "+r"(x))

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, __u32);
	__type(value, __u64);
} big_counts SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 256);
	__type(key, __u32);
	__type(value, __u32);
} big_flags SEC(".maps");

/* A TLV option: type at o, length at o + 1, value after. */
static __always_inline __u32 st_tlv(__u8 *d, void *e, __u32 acc, int o,
				    __u8 t1, __u8 t2)
{
	OPAQUE(e);
	if ((void *)(d + 64) <= e) {
		__u8 t = d[o];

		if (t == t1)
			acc += d[o + 1];
		else if (t == t2)
			acc ^= (__u32)d[o + 2] << 8 | d[o + 3];
		else
			acc = acc * 31 + t;
	}
	return acc;
}

/* A counter keyed by a hash of the packet. */
static __always_inline __u32 st_count(__u8 *d, void *e, __u32 acc, int o,
				      __u32 salt)
{
	OPAQUE(e);
	if ((void *)(d + 64) <= e) {
		__u32 k = (acc ^ d[o] ^ salt) & 4095;
		__u64 *v = bpf_map_lookup_elem(&big_counts, &k);

		if (v) {
			__sync_fetch_and_add(v, 1);
			acc += 1;
		}
	}
	return acc;
}

/* An Internet checksum step over a 16-bit word. */
static __always_inline __u32 st_csum(__u8 *d, void *e, __u32 acc, int o)
{
	OPAQUE(e);
	if ((void *)(d + 64) <= e) {
		acc += *(__u16 *)(d + (o & ~1));
		acc = (acc & 0xffff) + (acc >> 16);
	}
	return acc;
}

/* A header that is only there when the packet is long enough. */
static __always_inline __u32 st_hdr(__u8 *d, void *e, __u32 acc, int o,
				    __u32 mask)
{
	OPAQUE(e);
	if ((void *)(d + 128) <= e) {
		__u32 w = *(__u32 *)(d + 64 + (o & ~3));

		if (w & mask)
			acc ^= w >> 3;
		else
			acc -= w;
	}
	return acc;
}

/* A next-protocol switch. */
static __always_inline __u32 st_proto(__u8 *d, void *e, __u32 acc, int o,
				      __u32 k1)
{
	OPAQUE(e);
	if ((void *)(d + 64) <= e) {
		switch (d[o]) {
		case 6:
			acc += k1;
			break;
		case 17:
			acc ^= k1 << 1;
			break;
		case 58:
			acc = acc >> 1 | 1;
			break;
		default:
			acc |= d[o + 1] & 3;
		}
	}
	return acc;
}

/* A per-CPU flag table indexed by a packet byte. */
static __always_inline __u32 st_flag(__u8 *d, void *e, __u32 acc, int o)
{
	OPAQUE(e);
	if ((void *)(d + 64) <= e) {
		__u32 k = d[o];
		__u32 *f = bpf_map_lookup_elem(&big_flags, &k);

		if (f && *f & 1)
			acc = ~acc;
	}
	return acc;
}

/*
 * A flow hash (jhash's final mix) over three packet words: straight-line
 * code, one bounds check. Linux keeps at most 8192 branches pending on a
 * path ("The sequence of 8193 jumps is too complex"), so programs of
 * 300k instructions need long branch-free stretches like this one.
 */
#define ROL(x, k) (((x) << (k)) | ((x) >> (32 - (k))))
static __always_inline __u32 st_mix(__u8 *d, void *e, __u32 acc, int o,
				    __u32 iv)
{
	OPAQUE(e);
	if ((void *)(d + 64) <= e) {
		__u32 a = *(__u32 *)(d + (o & ~3)) + iv;
		__u32 b = *(__u32 *)(d + ((o + 16) & 44)) + acc;
		__u32 c = *(__u32 *)(d + ((o + 32) & 44)) ^ iv;

		c ^= b; c -= ROL(b, 14);
		a ^= c; a -= ROL(c, 11);
		b ^= a; b -= ROL(a, 25);
		c ^= b; c -= ROL(b, 16);
		a ^= c; a -= ROL(c, 4);
		b ^= a; b -= ROL(a, 14);
		c ^= b; c -= ROL(b, 24);
		acc = c;
	}
	return acc;
}
"""


KINDS = ("tlv", "count", "csum", "hdr", "proto", "flag", "mix")


def emit(n, seed=1, kinds=KINDS):
    """C source of a program of n stages (of the given kinds)."""
    rnd = random.Random(seed)
    pick = [KINDS.index(x) for x in kinds]
    out = [HEADER, 'SEC("xdp")\nint big_parser(struct xdp_md *ctx)\n{\n',
           "\t__u8 *d = (void *)(long)ctx->data;\n",
           "\tvoid *e = (void *)(long)ctx->data_end;\n",
           "\t__u32 acc = 0;\n\n"]
    for i in range(n):
        o = rnd.randrange(0, 60)
        k = pick[rnd.randrange(len(pick))]
        if k == 0:
            s = "st_tlv(d, e, acc, %d, %d, %d)" % (o, rnd.randrange(256),
                                                   rnd.randrange(256))
        elif k == 1:
            s = "st_count(d, e, acc, %d, %du)" % (o, rnd.getrandbits(32))
        elif k == 2:
            s = "st_csum(d, e, acc, %d)" % o
        elif k == 3:
            s = "st_hdr(d, e, acc, %d, %du)" % (o, rnd.getrandbits(32))
        elif k == 4:
            s = "st_proto(d, e, acc, %d, %du)" % (o, rnd.getrandbits(16))
        elif k == 5:
            s = "st_flag(d, e, acc, %d)" % o
        else:
            s = "st_mix(d, e, acc, %d, %du)" % (o, rnd.getrandbits(32))
        out.append("\tacc = %s;\n" % s)
    out.append("\treturn acc & 1 ? XDP_DROP : XDP_PASS;\n}\n\n"
               'char _license[] SEC("license") = "GPL";\n')
    return "".join(out)


def compile_obj(clang, src, obj):
    inc = "/usr/include/%s-linux-gnu" % os.uname().machine
    cmd = [clang, "-O2", "-g", "-target", "bpf", "-I" + inc, "-c", src,
           "-o", obj]
    t = time.time()
    subprocess.run(cmd, check=True)
    return time.time() - t


def insn_count(bpfcheck, obj):
    p = subprocess.run(bpfcheck.split() + ["list", "--json", obj],
                       capture_output=True, text=True, check=True)
    doc = json.loads(p.stdout)
    return sum(pr["insns"] for f in doc["files"] for pr in f["programs"])


def bpfcheck_stats(bpfcheck, obj):
    """bpfcheck verify --json; the child's max RSS comes from wait4."""
    cmd = bpfcheck.split() + ["verify", "--json", obj]
    r, w = os.pipe()
    t = time.time()
    pid = os.fork()
    if pid == 0:
        os.dup2(w, 1)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 2)
        os.close(r)
        try:
            os.execvp(cmd[0], cmd)
        finally:
            os._exit(127)
    os.close(w)
    chunks = []
    while True:
        b = os.read(r, 1 << 16)
        if not b:
            break
        chunks.append(b)
    os.close(r)
    _, status, ru = os.wait4(pid, 0)
    wall = time.time() - t
    res = {"verdict": "error", "rss_kb": ru.ru_maxrss, "wall": wall}
    try:
        doc = json.loads(b"".join(chunks).decode())
        d = doc["programs"][0]
    except (ValueError, KeyError, IndexError):
        res["message"] = "exit status %d, no JSON" % status
        return res
    res.update(d)
    err = d.get("error") or {}
    if isinstance(err, dict):
        res["message"] = "insn %s: %s" % (err.get("insn"),
                                          err.get("message", ""))
    return res


def fmt(x):
    return "-" if x is None or (isinstance(x, int) and x < 0) else str(x)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bpfcheck", required=False)
    ap.add_argument("--kload")
    ap.add_argument("--clang", default="clang")
    ap.add_argument("--sizes", default="10000,50000,100000,300000",
                    help="target instruction counts")
    ap.add_argument("--stages", type=int, nargs="*",
                    help="stage counts instead of target sizes")
    ap.add_argument("--keep", help="keep sources and objects in this dir")
    ap.add_argument("--emit", type=int, help="print the source of N stages")
    ap.add_argument("--kinds", default=",".join(KINDS),
                    help="stage kinds to use (default: all of %s)" %
                    ",".join(KINDS))
    a = ap.parse_args()
    kinds = a.kinds.split(",")
    for x in kinds:
        if x not in KINDS:
            ap.error("unknown stage kind %s" % x)
    if a.emit is not None:
        sys.stdout.write(emit(a.emit, kinds=kinds))
        return 0
    if not a.bpfcheck:
        ap.error("--bpfcheck is required")
    tmp = a.keep or tempfile.mkdtemp(prefix="bigprog.")
    os.makedirs(tmp, exist_ok=True)

    def build(n):
        src = os.path.join(tmp, "big.%d.c" % n)
        obj = os.path.join(tmp, "big.%d.o" % n)
        with open(src, "w") as f:
            f.write(emit(n, kinds=kinds))
        ct = compile_obj(a.clang, src, obj)
        return obj, insn_count(a.bpfcheck, obj), ct

    if a.stages:
        plan = a.stages
    else:
        # Calibrate: instructions per stage from a small build.
        obj, ins, _ = build(500)
        per = ins / 500.0
        plan = [max(1, int(int(s) / per)) for s in a.sizes.split(",")]
        print("calibration: 500 stages = %d insns (%.1f per stage)" %
              (ins, per))
    hdr = ("%7s %8s %6s | %-7s %9s %8s %7s %8s %9s %9s | %-7s %9s %9s" % (
        "stages", "insns", "cc s", "bpfchk", "processed", "states",
        "peak", "ms", "peak_kb", "maxrss_kb", "linux", "processed", "ms"))
    print(hdr)
    print("-" * len(hdr))
    notes = []
    for n in plan:
        obj, ins, ct = build(n)
        b = bpfcheck_stats(a.bpfcheck, obj)
        k = {"verdict": "-"}
        if a.kload:
            k = (corpus.run_kload(a.kload, obj, ["big_parser"], "priv") or
                 {}).get("big_parser", {"verdict": "-"})
        us = b.get("duration_us")
        lus = k.get("usec")
        print("%7d %8d %6.1f | %-7s %9s %8s %7s %8s %9s %9s | %-7s %9s %9s" % (
            n, ins, ct, b["verdict"], fmt(b.get("processed_insns")),
            fmt(b.get("total_states")), fmt(b.get("peak_states")),
            fmt(us // 1000 if isinstance(us, int) else None),
            fmt(b.get("peak_mem_kb")), fmt(b.get("rss_kb")), k["verdict"],
            fmt(k.get("processed")),
            fmt(lus // 1000 if isinstance(lus, int) and lus >= 0 else None)))
        sys.stdout.flush()
        if b["verdict"] != "accept":
            notes.append("%d stages: bpfcheck %s: %s" % (
                n, b["verdict"], b.get("message", "")))
        if k.get("verdict") == "reject":
            notes.append("%d stages: linux: %s" % (n, k.get("message")))
    for s in notes:
        print(s)
    if not a.keep:
        for f in os.listdir(tmp):
            os.unlink(os.path.join(tmp, f))
        os.rmdir(tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
