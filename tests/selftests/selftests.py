#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""The Linux kernel's verifier selftests as a conformance suite.

The programs come from the kernel source package (Debian's linux-source-6.12,
/usr/src/linux-source-6.12.tar.xz); nothing of it is kept in this repository.
Commands:

  prepare --out DIR --tarball T --clang C --bpftool B --cc CC --kload-src K...
          [-j N]
      (run by the build) extract the selftests' BPF programs and the headers
      they need from T into DIR/src, build the tarball's libbpf (static) and
      a kload linked against it (DIR/kload), dump vmlinux.h from the running
      kernel's BTF, and compile every progs/verifier_*.c plus every skeleton
      that prog_tests/verifier.c runs, with the selftests' own flags. A file
      that does not compile is reported and skipped. When a prerequisite is
      missing, DIR/prepare.json says why and the test skips.

  check --dir DIR --bpfcheck B [--known TSV] [-v] [--object NAME...]
        [--no-kernel] [--print-known] [-j N]
      (the CTest test) read each program's test annotations from the BTF decl
      tags of its object, as tools/testing/selftests/bpf/test_loader.c does,
      and compare bpfcheck's verdict and message with the reference: for a
      privileged load, the running kernel's verdict (DIR/kload), or the
      annotation where the kernel refused to load before verifying; for an
      unprivileged load, the annotation. Programs with __retval that bpfcheck
      accepts are run with `bpfcheck run` on the input test_loader gives them.
      Fails on a false accept (bpfcheck accepts, the reference rejects) that
      is not listed in TSV, on a listed entry that is no longer a false
      accept, and on a bpfcheck crash or timeout. Exit 77 (skip) when the
      build could not prepare the programs.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import time

SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))
KNOWN_TSV = os.path.join(HERE, "known_false_accepts.tsv")
KNOWN_RETVAL_TSV = os.path.join(HERE, "known_retval_mismatches.tsv")
SELFTESTS = "tools/testing/selftests/bpf"

# ---------------------------------------------------------------------------
# prepare


def first_line(s):
    for line in (s or "").splitlines():
        if line.strip():
            return line.strip()
    return ""


def write_json(path, doc):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(tmp, path)


def sys_includes(clang):
    """The Makefile's get_sys_includes: clang's own search list as
    -idirafter flags (so the BPF target still finds the host headers)."""
    p = subprocess.run([clang, "-v", "-E", "-"], input="", text=True,
                       capture_output=True)
    res, on = [], False
    for line in p.stderr.splitlines():
        if "<...> search starts here:" in line:
            on = True
        elif line.startswith("End of search list."):
            on = False
        elif on and line.startswith(" /"):
            res += ["-idirafter", line.strip()]
    return res


def selftests_cflags(clang, src, inc):
    """The selftests' Makefile flags (BPF_CFLAGS, CLANG_CFLAGS,
    -DENABLE_ATOMICS_TESTS for test_progs) for sources extracted in src,
    with vmlinux.h and libbpf's headers in inc."""
    seldir = os.path.join(src, SELFTESTS)
    return (["-g", "-Wall", "-Werror", "-D__TARGET_ARCH_x86",
             "-mlittle-endian", "-I" + inc, "-I" + seldir,
             "-I" + os.path.join(src, "tools/include/uapi"),
             "-Wno-compare-distinct-pointer-types"] +
            sys_includes(clang) + ["-DENABLE_ATOMICS_TESTS"])


def compile_prog(clang, flags, seldir, objdir, n):
    """progs/N.c -> objdir/N.bpf.o as CLANG_BPF_BUILD_RULE does (-O2
    --target=bpf -mcpu=v3); None, or the first error (also kept in
    objdir/N.err)."""
    o = os.path.join(objdir, n + ".bpf.o")
    r = subprocess.run([clang] + flags +
                       ["-O2", "--target=bpf", "-c",
                        os.path.join(seldir, "progs", n + ".c"),
                        "-mcpu=v3", "-o", o],
                       capture_output=True, text=True)
    if r.returncode != 0:
        with open(os.path.join(objdir, n + ".err"), "w") as f:
            f.write(r.stderr)
        if os.path.exists(o):
            os.unlink(o)
        errs = [l for l in r.stderr.splitlines() if "error:" in l]
        return (errs or [first_line(r.stderr)])[0].replace(seldir + "/", "")
    return None


# The families of the program kinds of 2026, each run by its own prog_tests
# file: with RUN_TESTS (annotations) or as skeletons that must load.
FAMILIES = [
    "dynptr_fail", "dynptr_success", "test_kfunc_dynptr_param",  # dynptr.c
    "user_ringbuf_fail",                                  # user_ringbuf.c
    "dummy_st_ops_fail", "dummy_st_ops_success",          # dummy_st_ops.c
    "bpf_cubic", "bpf_dctcp", "tcp_ca_kfunc",             # bpf_tcp_ca.c
    "tcp_ca_write_sk_pacing", "tcp_ca_unsupp_cong_op",
    "tcp_ca_incompl_cong_ops",
    "arena_htab", "arena_list", "arena_atomics",          # arena_*.c
]


def verifier_objects(seldir):
    """progs/verifier_*.c and the skeletons prog_tests/verifier.c runs;
    the iterator tests prog_tests/iters.c runs with RUN_TESTS, but those
    needing the bpf_testmod module (not loaded here); the FAMILIES."""
    names = {f[:-2] for f in os.listdir(os.path.join(seldir, "progs"))
             if f.startswith("verifier_") and f.endswith(".c")}
    text = open(os.path.join(seldir, "prog_tests", "verifier.c")).read()
    run = set(re.findall(r"\bRUN\((\w+)\)", text))
    run |= set(re.findall(r"run_tests_aux\(\s*\"(\w+)\"", text))
    run.discard("skel")          # the macro's own definition
    iters = os.path.join(seldir, "prog_tests", "iters.c")
    if os.path.exists(iters):
        run |= {n for n in re.findall(r"\bRUN_TESTS\((\w+)\)",
                                      open(iters).read())
                if "testmod" not in n}
    run |= set(FAMILIES)
    missing = sorted(n for n in run
                     if not os.path.exists(os.path.join(seldir, "progs",
                                                        n + ".c")))
    return sorted(names | run - set(missing)), missing


def cmd_prepare(a):
    out = os.path.abspath(a.out)
    os.makedirs(out, exist_ok=True)
    status = os.path.join(out, "prepare.json")
    stamp = os.path.join(out, "prepare.stamp")
    if os.path.exists(stamp):
        os.unlink(stamp)
    t0 = time.time()

    def skip(reason):
        print("selftests: SKIP: " + reason)
        write_json(status, {"status": "skip", "reason": reason})
        return 0

    def broken(what, p):
        # Not fatal to the build: the test fails with this message.
        print(p.stdout + p.stderr, file=sys.stderr)
        reason = "%s failed: %s" % (what, first_line(
            (p.stderr or p.stdout)[-4000:]) or "exit %d" % p.returncode)
        print("selftests: ERROR: " + reason, file=sys.stderr)
        write_json(status, {"status": "error", "reason": reason})
        return 0

    clang = shutil.which(a.clang)
    bpftool = shutil.which(a.bpftool)
    if not os.path.exists(a.tarball):
        return skip("kernel source package missing: %s (install "
                    "linux-source-6.12: scripts/setup.sh)" % a.tarball)
    if not clang:
        return skip("%s not found (install clang-19: scripts/setup.sh)"
                    % a.clang)
    if not bpftool:
        return skip("%s not found (install bpftool: scripts/setup.sh)"
                    % a.bpftool)
    if not os.path.exists(a.vmlinux):
        return skip("%s missing: no kernel BTF to generate vmlinux.h from"
                    % a.vmlinux)

    # 1. Extract only what is needed (the tarball is read once, ~10 s).
    src = os.path.join(out, "src")
    shutil.rmtree(src, ignore_errors=True)
    os.makedirs(src)
    want = [SELFTESTS + "/progs/*", SELFTESTS + "/*.h",
            SELFTESTS + "/prog_tests/verifier.c",
            SELFTESTS + "/prog_tests/iters.c",
            "tools/lib/bpf/*", "tools/include/*", "tools/build/*",
            "tools/scripts/*", "tools/arch/x86/include/*",
            "scripts/bpf_doc.py"]
    p = subprocess.run(["tar", "-xJf", a.tarball, "-C", src,
                        "--strip-components=1", "--wildcards"] +
                       ["*/" + w for w in want],
                       capture_output=True, text=True)
    if p.returncode != 0:
        return broken("extracting the tarball", p)
    t_extract = time.time() - t0
    seldir = os.path.join(src, SELFTESTS)

    # 2. libbpf of the same tree (static), its headers, and a kload linked
    # against it: Debian 12's libbpf 1.1 cannot open some of these objects.
    t1 = time.time()
    libdir = os.path.join(out, "libbpf") + "/"
    inc = os.path.join(out, "include")
    shutil.rmtree(inc, ignore_errors=True)
    os.makedirs(libdir, exist_ok=True)
    p = subprocess.run(["make", "-s", "-C", os.path.join(src, "tools/lib/bpf"),
                        "-j%d" % a.jobs, "CC=" + a.cc, "OUTPUT=" + libdir,
                        "DESTDIR=" + out, "prefix=",
                        libdir + "libbpf.a", "install_headers"],
                       capture_output=True, text=True)
    if p.returncode != 0:
        return broken("building libbpf", p)
    kload = os.path.join(out, "kload")
    p = subprocess.run([a.cc, "-O2", "-g", "-I" + inc,
                        "-I" + os.path.join(src, "tools/include/uapi"),
                        *a.kload_src, libdir + "libbpf.a", "-lelf", "-lz",
                        "-o", kload], capture_output=True, text=True)
    if p.returncode != 0:
        return broken("building kload", p)
    t_libbpf = time.time() - t1

    # 3. vmlinux.h from the running kernel's BTF, as the Makefile does.
    with open(os.path.join(inc, "vmlinux.h"), "w") as f:
        p = subprocess.run([bpftool, "btf", "dump", "file", a.vmlinux,
                            "format", "c"], stdout=f, stderr=subprocess.PIPE,
                           text=True)
    if p.returncode != 0:
        return skip("bpftool btf dump of %s failed: %s" %
                    (a.vmlinux, first_line(p.stderr)))

    # 4. Compile with the selftests' flags (Makefile: BPF_CFLAGS,
    # CLANG_CFLAGS, -DENABLE_ATOMICS_TESTS for test_progs, and
    # CLANG_BPF_BUILD_RULE: -O2 --target=bpf -mcpu=v3).
    t2 = time.time()
    objdir = os.path.join(out, "obj")
    shutil.rmtree(objdir, ignore_errors=True)
    os.makedirs(objdir)
    flags = selftests_cflags(clang, src, inc)
    names, missing = verifier_objects(seldir)

    def compile_one(n):
        return n, compile_prog(clang, flags, seldir, objdir, n)

    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        results = list(ex.map(compile_one, names))
    failed = {n: e for n, e in results if e}
    compiled = [n for n, e in results if not e]
    t_compile = time.time() - t2
    for n in missing:
        failed[n] = "named in prog_tests/verifier.c, no progs/%s.c" % n
    write_json(status, {
        "status": "ok", "tarball": a.tarball, "clang": clang,
        "kernel": os.uname().release, "compiled": compiled,
        "failed": failed, "kload": kload,
        "seconds": {"extract": round(t_extract, 1),
                    "libbpf": round(t_libbpf, 1),
                    "compile": round(t_compile, 1),
                    "total": round(time.time() - t0, 1)}})
    open(stamp, "w").close()
    print("selftests: compiled %d of %d objects with %s in %.0f s "
          "(extract %.0f s, libbpf+kload %.0f s, compile %.0f s)" % (
              len(compiled), len(compiled) + len(failed),
              os.path.basename(clang), time.time() - t0, t_extract,
              t_libbpf, t_compile))
    if failed:
        print("selftests: %d did not compile (skipped): %s" % (
            len(failed), ", ".join(sorted(failed))))
        for n in sorted(failed):
            print("  %s: %s" % (n, failed[n]))
    return 0


# ---------------------------------------------------------------------------
# reading an object: programs (ELF) and test annotations (BTF decl tags)


def elf_programs(path):
    """[(section, name)] as libbpf sees them: STT_FUNC symbols of the
    executable sections other than .text, in section then offset order."""
    data = open(path, "rb").read()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise ValueError("not a 64-bit little-endian ELF file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    secs = []
    for i in range(shnum):
        secs.append(struct.unpack_from("<IIQQQQIIQQ", data,
                                       shoff + i * shentsize))

    def name(strsec, off):
        base = secs[strsec][4]
        end = data.index(b"\0", base + off)
        return data[base + off:end].decode()

    symtab = [i for i, s in enumerate(secs) if s[1] == 2]   # SHT_SYMTAB
    if not symtab:
        return []
    sym = secs[symtab[0]]
    strtab = sym[6]
    progs = []
    for off in range(sym[4], sym[4] + sym[5], 24):
        st_name, st_info, _, st_shndx, st_value, _ = struct.unpack_from(
            "<IBBHQQ", data, off)
        if st_info & 0xF != 2 or st_shndx == 0 or st_shndx >= len(secs):
            continue                                          # STT_FUNC
        sec = secs[st_shndx]
        if not sec[2] & 0x4:                                  # SHF_EXECINSTR
            continue
        secname = name(shstrndx, sec[0])
        if secname == ".text":
            continue
        progs.append((st_shndx, st_value, secname, name(strtab, st_name)))
    return [(s, n) for _, _, s, n in sorted(progs)]


# test_loader.c's tags (bpf_misc.h makes them from __success, __msg, ...).
PFX = "comment:"
FLAG_NAMES = {"BPF_F_STRICT_ALIGNMENT": 1, "BPF_F_ANY_ALIGNMENT": 2,
              "BPF_F_TEST_RND_HI32": 4, "BPF_F_TEST_STATE_FREQ": 8,
              "BPF_F_SLEEPABLE": 16, "BPF_F_XDP_HAS_FRAGS": 32,
              "BPF_F_TEST_REG_INVARIANTS": 128}
# testing_prog_flags(): test_loader ORs these into every load (when the
# kernel knows them; 6.18 does).
TESTING_PROG_FLAGS = 4 | 128
POINTER_VALUE = 0xcafe4a
TEST_DATA_LEN = 64
INT_MIN = -2 ** 31


class Sub:
    """What test_loader expects in one mode (struct test_subspec)."""

    def __init__(self):
        self.expect_failure = False
        self.msgs = []           # patterns, in BTF order
        self.xlated = []
        self.jited = []
        self.retval = None       # None: not executed

    def copy_from(self, o, result=True, retval=True):
        if result:
            self.expect_failure = o.expect_failure
        if retval:
            self.retval = o.retval
        if not self.msgs:
            self.msgs = list(o.msgs)
        if not self.xlated:
            self.xlated = list(o.xlated)
        if not self.jited:
            self.jited = list(o.jited)


class Spec:
    """struct test_spec: one program's annotations."""

    def __init__(self, name):
        self.name = name
        self.description = name
        self.priv, self.unpriv = Sub(), Sub()
        self.modes = set()
        self.auxiliary = False
        self.flags = TESTING_PROG_FLAGS
        self.log_level = 0
        self.arch = []
        self.btf_path = None
        self.unknown = []        # tags this runner does not know
        self.error = None        # the spec could not be parsed
        self.section = ""


def parse_int(s):
    return int(s, 16) if s.startswith("0x") else int(s, 10)


def parse_retval(s):
    named = {"INT_MIN": INT_MIN, "POINTER_VALUE": POINTER_VALUE,
             "TEST_DATA_LEN": TEST_DATA_LEN}
    v = named[s] if s in named else parse_int(s)
    # test_loader keeps it in an int (strtol then truncated).
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v & 0x80000000 else v


def dynamic(s, pfx):
    """'<pfx><counter>=<msg>' -> msg (test_loader's skip_dynamic_pfx)."""
    if not s.startswith(pfx):
        return None
    i = s.find("=", len(pfx))
    return None if i < 0 else s[i + 1:]


def read_btf(bpftool, path):
    p = subprocess.run([bpftool, "-j", "btf", "dump", "file", path],
                       capture_output=True, text=True)
    if p.returncode != 0:
        raise ValueError("bpftool btf dump: " + first_line(p.stderr))
    return json.loads(p.stdout)["types"]


def parse_specs(types, progs):
    """{program: Spec}, exactly as test_loader.c's parse_test_spec()."""
    funcs = {}
    for t in types:
        if t["kind"] == "FUNC":
            funcs.setdefault(t["name"], t["id"])
    tags = {}
    for t in types:                          # in BTF id order
        if t["kind"] == "DECL_TAG" and t.get("component_idx", -1) == -1:
            tags.setdefault(t["type_id"], []).append(t["name"])
    specs = {}
    for _, name in progs:
        sp = Spec(name)
        specs[name] = sp
        fid = funcs.get(name)
        if fid is None:
            sp.error = "no FUNC BTF type for '%s'" % name
            continue
        has_unpriv_result = has_unpriv_retval = False
        for s in tags.get(fid, []):
            if s.startswith(PFX + "test_description="):
                sp.description = s[len(PFX + "test_description="):]
            elif s == PFX + "test_expect_failure":
                sp.priv.expect_failure = True
                sp.modes.add("priv")
            elif s == PFX + "test_expect_success":
                sp.priv.expect_failure = False
                sp.modes.add("priv")
            elif s == PFX + "test_expect_failure_unpriv":
                sp.unpriv.expect_failure = True
                sp.modes.add("unpriv")
                has_unpriv_result = True
            elif s == PFX + "test_expect_success_unpriv":
                sp.unpriv.expect_failure = False
                sp.modes.add("unpriv")
                has_unpriv_result = True
            elif s == PFX + "test_auxiliary":
                sp.auxiliary = True
                sp.modes.add("priv")
            elif s == PFX + "test_auxiliary_unpriv":
                sp.auxiliary = True
                sp.modes.add("unpriv")
            elif dynamic(s, PFX + "test_expect_msg=") is not None:
                sp.priv.msgs.append(dynamic(s, PFX + "test_expect_msg="))
                sp.modes.add("priv")
            elif dynamic(s, PFX + "test_expect_msg_unpriv=") is not None:
                sp.unpriv.msgs.append(
                    dynamic(s, PFX + "test_expect_msg_unpriv="))
                sp.modes.add("unpriv")
            elif dynamic(s, PFX + "test_jited=") is not None:
                # Collected only after an __arch_* of this machine.
                if sp.arch and sp.arch[-1:] == ["X86_64"]:
                    sp.priv.jited.append(dynamic(s, PFX + "test_jited="))
                    sp.modes.add("priv")
            elif dynamic(s, PFX + "test_jited_unpriv=") is not None:
                if sp.arch and sp.arch[-1:] == ["X86_64"]:
                    sp.unpriv.jited.append(
                        dynamic(s, PFX + "test_jited_unpriv="))
                    sp.modes.add("unpriv")
            elif dynamic(s, PFX + "test_expect_xlated=") is not None:
                sp.priv.xlated.append(dynamic(s, PFX + "test_expect_xlated="))
                sp.modes.add("priv")
            elif dynamic(s, PFX + "test_expect_xlated_unpriv=") is not None:
                sp.unpriv.xlated.append(
                    dynamic(s, PFX + "test_expect_xlated_unpriv="))
                sp.modes.add("unpriv")
            elif s.startswith(PFX + "test_retval="):
                sp.priv.retval = parse_retval(s[len(PFX + "test_retval="):])
                sp.modes.add("priv")
            elif s.startswith(PFX + "test_retval_unpriv="):
                sp.unpriv.retval = parse_retval(
                    s[len(PFX + "test_retval_unpriv="):])
                sp.modes.add("unpriv")
                has_unpriv_retval = True
            elif s.startswith(PFX + "test_log_level="):
                sp.log_level = parse_int(s[len(PFX + "test_log_level="):])
            elif s.startswith(PFX + "test_prog_flags="):
                v = s[len(PFX + "test_prog_flags="):]
                clear = v.startswith("!")
                v = v.lstrip("!")
                f = FLAG_NAMES[v] if v in FLAG_NAMES else parse_int(v)
                sp.flags = sp.flags & ~f if clear else sp.flags | f
            elif s.startswith(PFX + "test_arch="):
                sp.arch.append(s[len(PFX + "test_arch="):])
            elif s.startswith(PFX + "test_btf_path="):
                sp.btf_path = s[len(PFX + "test_btf_path="):]
            elif s.startswith(PFX + "test_") or s.startswith(PFX + "load_"):
                # Newer kernels' tags (__caps_unpriv, __load_if_JITed...):
                # kept, shown with -v, not interpreted.
                sp.unknown.append(s[len(PFX):])
        if not sp.modes:
            sp.modes.add("priv")
        # A mode with no result, retval or messages of its own takes the
        # privileged ones (test_loader: "if (!has_unpriv_result) ...").
        sp.unpriv.copy_from(sp.priv, result=not has_unpriv_result,
                            retval=not has_unpriv_retval)
    return specs


def runs_here(sp):
    return not sp.arch or "X86_64" in sp.arch


# ---------------------------------------------------------------------------
# __msg patterns (test_loader.c: compile_regex, validate_msgs)

POSIX_CLASSES = {"[:digit:]": r"0-9", "[:alpha:]": r"A-Za-z",
                 "[:alnum:]": r"A-Za-z0-9", "[:space:]": r"\s",
                 "[:xdigit:]": r"0-9A-Fa-f", "[:upper:]": "A-Z",
                 "[:lower:]": "a-z"}


def pattern_regex(pat):
    """A pattern with {{regex}} parts as a Python regex; None when plain."""
    if "{{" not in pat:
        return None
    out, i, in_re = [], 0, False
    while i < len(pat):
        if not in_re and pat.startswith("{{", i):
            in_re, i = True, i + 2
        elif in_re and pat.startswith("}}", i):
            in_re, i = False, i + 2
        elif in_re:
            c = pat[i]
            for k, v in POSIX_CLASSES.items():
                if pat.startswith(k, i):
                    c, i = v, i + len(k) - 1
                    break
            out.append(c)
            i += 1
        else:
            out.append(re.escape(pat[i]))
            i += 1
    return re.compile("".join(out), re.M)


def msgs_match(log, pats):
    """Every pattern found in order in log (substring, or regex between
    {{ }}). Returns (ok, first pattern not found)."""
    pos = 0
    for pat in pats:
        rx = pattern_regex(pat)
        if rx is None:
            i = log.find(pat, pos)
            if i < 0:
                return False, pat
            pos = i + len(pat)
        else:
            m = rx.search(log, pos)
            if not m:
                return False, pat
            pos = m.end()
    return True, None


# ---------------------------------------------------------------------------
# running bpfcheck and the kernel

TIMEOUT = 600
# A sanitizer's report must not pass for a verdict (it exits 1 by default,
# which is bpfcheck's "rejected"): give it an exit code of its own. Options
# the caller set come after ours and win.
SAN_EXIT = 86
ENV = dict(os.environ)
for _v in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"):
    ENV[_v] = "exitcode=%d" % SAN_EXIT + (
        ":" + os.environ[_v] if os.environ.get(_v) else "")


# The load flags bpfcheck verify --prog-flags takes (the test runner's own
# TESTING_PROG_FLAGS are for the kernel only).
BPFCHECK_FLAGS = ("BPF_F_STRICT_ALIGNMENT", "BPF_F_ANY_ALIGNMENT",
                  "BPF_F_TEST_STATE_FREQ", "BPF_F_SLEEPABLE",
                  "BPF_F_XDP_HAS_FRAGS")


def bpfcheck_flags(flags):
    """A test's __flag(...) values as bpfcheck's --prog-flags names."""
    return ",".join(n for n in BPFCHECK_FLAGS if flags & FLAG_NAMES[n])


def run_bpfcheck_verify(bpfcheck, path, unpriv, flags=""):
    """{'progs': {name: (verdict, message)}, 'error': str|None,
    'crash': str|None}."""
    cmd = [bpfcheck, "verify", "--json"] + (["--unprivileged"] if unpriv
                                            else [])
    cmd += (["--prog-flags", flags] if flags else []) + [path]
    res = {"progs": {}, "error": None, "crash": None}
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=TIMEOUT, env=ENV)
    except subprocess.TimeoutExpired:
        res["crash"] = "timeout after %d s: %s" % (TIMEOUT, " ".join(cmd))
        return res
    if p.returncode not in (0, 1, 2):
        res["crash"] = "%s: %s (%s)" % (
            " ".join(cmd), "signal %d" % -p.returncode if p.returncode < 0
            else "exit %d" % p.returncode,
            first_line(p.stderr[-2000:]) or "no message")
        return res
    try:
        doc = json.loads(p.stdout) if p.stdout.strip() else {}
    except ValueError:
        res["crash"] = "%s: output is not JSON" % " ".join(cmd)
        return res
    for d in doc.get("programs", []):
        err = d.get("error") or {}
        # the kernel's line above the error, then the error, as its log
        msg = "\n".join(m for m in (err.get("detail"), err.get("message"))
                        if m)
        res["progs"][d.get("name")] = (d.get("verdict"), msg)
    if p.returncode == 2 or not res["progs"]:
        msg = first_line(p.stderr) or "exit %d, no program" % p.returncode
        # "bpfcheck: FILE: rest" -> rest
        res["error"] = msg.split(path + ": ", 1)[-1]
    return res


def run_bpfcheck_run(bpfcheck, path, prog, maps):
    """r0 of one run on test_loader's input: 64 zero bytes of data_in."""
    cmd = [bpfcheck, "run", "--json", "--prog", prog,
           "--packet-hex", "00" * TEST_DATA_LEN]
    for m in maps:
        cmd += ["--map", m]
    cmd.append(path)
    try:
        p = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=TIMEOUT, env=ENV)
    except subprocess.TimeoutExpired:
        return {"crash": "timeout after %d s: %s" % (TIMEOUT, " ".join(cmd))}
    if p.returncode not in (0, 1, 2):
        return {"crash": "%s: %s (%s)" % (
            " ".join(cmd), "signal %d" % -p.returncode if p.returncode < 0
            else "exit %d" % p.returncode, first_line(p.stderr[-2000:]))}
    try:
        doc = json.loads(p.stdout)
        return {"r0": int(doc["r0"])}
    except (ValueError, KeyError, TypeError):
        return {"error": first_line(p.stderr) or first_line(p.stdout) or
                "exit %d" % p.returncode}


# Linux's last log line when libbpf, not the verifier, failed the load: a
# CO-RE relocation libbpf could not resolve becomes a call to this
# poisoned helper id (libbpf's POISON_CALL 0xbad2310).
LIBBPF_POISON = ("unknown#195896080",)


def run_kload(kload, path, progs, flags, aux, unpriv=False):
    """{prog: (verdict, message)}; None when bpf() is unavailable."""
    cmd = [kload, "--flags", str(flags)] + (["--unpriv"] if unpriv else [])
    for n in aux:
        cmd += ["--aux", n]
    cmd += [path] + progs
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT)
    if p.returncode == SKIP:
        return None
    res = {}
    for line in p.stdout.splitlines():
        f = line.split("\t")
        if len(f) >= 5:
            verdict, msg = f[1], f[4]
            if verdict == "reject" and not msg:
                # The verifier accepted it (no error line) and libbpf
                # failed afterwards, or nothing was verified.
                verdict, msg = "error", "load failed without a verifier " \
                    "message"
            elif verdict == "reject" and any(x in msg for x in
                                             LIBBPF_POISON):
                verdict = "error"
                msg = "libbpf could not apply a CO-RE relocation (%s)" % msg
            res[f[0]] = (verdict, msg)
    for n in progs:
        res.setdefault(n, ("error", first_line(p.stderr) or "no result"))
    return res


def probe_kernel(kload):
    """Why bpf() cannot be used here, or None when it can."""
    p = subprocess.run([kload, "/dev/null"], capture_output=True, text=True)
    if p.returncode == SKIP:
        return first_line(p.stderr) or "bpf() unavailable"
    return None


# test_loader's pre_execution_cb in prog_tests/verifier.c: before a run,
# these two skeletons get a struct test_val {index = 7 * 4, foo[6] =
# 0xabcdef12} at key 0 of one map.
TEST_VAL = (struct.pack("<I", 7 * 4) + b"\0" * 24 +
            struct.pack("<I", 0xabcdef12) + b"\0" * 16)
PRE_EXECUTION_MAPS = {
    "verifier_array_access": ["map_array_ro=0:hex:" + TEST_VAL.hex()],
    "verifier_value_ptr_arith": ["map_array_48b=0:hex:" + TEST_VAL.hex()],
}

# ---------------------------------------------------------------------------
# classes of messages (for grouping)


def msg_class(m):
    m = (m or "").split("\n")[-1]	# the error, not the line above it
    m = re.sub(r"'[^']*'", "'...'", m)
    m = re.sub(r"\bR\d+(_w)?\b", "R#", m)
    m = re.sub(r"\bfp-?\d+", "fp#", m)
    m = re.sub(r"0x[0-9a-fA-F]+", "N", m)
    m = re.sub(r"-?\b\d+\b", "N", m)
    m = re.sub(r"\(([^()]*)\)$", "", m).strip()
    return m[:100] or "(no message)"


# How bpfcheck refuses a program for a feature it does not have yet.
UNSUPPORTED = "not supported by bpfcheck"


def object_error_class(e):
    e = re.sub(r"^'[^']*' insn \d+: ", "", e or "")
    # one group per kind of unsupported feature, not per kfunc or helper
    e = re.sub(r"^(kfunc|ksym|helper) \S+ (is %s)" % UNSUPPORTED,
               r"\1 NAME \2", e)
    return msg_class(e)


# ---------------------------------------------------------------------------
# check


def read_tsv(path, want, valid):
    """The rows of a tab-separated list (comments and blank lines skipped);
    a row that is not valid stops the run, naming the columns wanted."""
    rows = []
    if not path or not os.path.exists(path):
        return rows
    for i, line in enumerate(open(path), 1):
        if line.startswith("#") or not line.strip():
            continue
        f = line.rstrip("\n").split("\t")
        if not valid(f):
            sys.exit("%s:%d: want %s: %r" % (path, i, want, line))
        rows.append(f)
    return rows


def read_known(path):
    """{(object, program, mode): reason}."""
    rows = read_tsv(path, "object<TAB>program<TAB>priv|unpriv<TAB>reason",
                    lambda f: len(f) == 4 and f[2] in ("priv", "unpriv"))
    return {(f[0], f[1], f[2]): f[3] for f in rows}


def read_known_retval(path):
    """{(object, program): reason}."""
    rows = read_tsv(path, "object<TAB>program<TAB>reason",
                    lambda f: len(f) == 3)
    return {(f[0], f[1]): f[2] for f in rows}


class Row:
    """One test: a program in one mode."""

    def __init__(self, obj, sp, mode):
        self.obj, self.sp, self.mode = obj, sp, mode
        self.sub = sp.priv if mode == "priv" else sp.unpriv
        self.ann = "reject" if self.sub.expect_failure else "accept"
        self.kernel = None           # (verdict, message)
        self.ref = self.ann
        self.ref_src = "annotation"
        self.ref_msg = " / ".join(self.sub.msgs)
        self.got = None              # (verdict, message) or None
        self.noverdict = None        # reason
        self.kind = None             # agree, false-accept, false-reject, ...
        self.msg_ok = None           # __msg matched (both reject)
        self.msg_missing = None
        self.retval = None           # (expected, got or None, error)


def check_object(a, obj, path, kernel_ok):
    """All rows of one object, and crashes."""
    out = {"rows": [], "crashes": [], "errors": [], "skipped": []}
    try:
        progs = elf_programs(path)
        specs = parse_specs(read_btf(a.bpftool, path), progs)
    except (ValueError, OSError, KeyError) as e:
        out["errors"].append("%s: %s" % (obj, e))
        return out
    rows = []
    for sec, name in progs:
        sp = specs[name]
        sp.section = sec
        if sp.error:
            out["errors"].append("%s/%s: cannot parse test spec: %s" %
                                 (obj, name, sp.error))
            continue
        if sp.auxiliary:
            continue
        if not runs_here(sp):
            out["skipped"].append("%s/%s: __arch %s only" %
                                  (obj, name, ",".join(sp.arch)))
            continue
        for mode in ("priv", "unpriv"):
            if mode in sp.modes:
                rows.append(Row(obj, sp, mode))
    out["rows"] = rows
    if not rows:
        return out

    # bpfcheck, once per object, mode and the tests' load flags.
    groups = {}
    for r in rows:
        groups.setdefault((r.mode, bpfcheck_flags(r.sp.flags)), []).append(r)
    for (mode, flags), mrows in sorted(groups.items()):
        res = run_bpfcheck_verify(a.bpfcheck, path, mode == "unpriv", flags)
        if res["crash"]:
            out["crashes"].append(res["crash"])
        for r in mrows:
            if res["crash"]:
                r.noverdict = "bpfcheck crashed"
            elif r.sp.name in res["progs"]:
                r.got = res["progs"][r.sp.name]
                if UNSUPPORTED in r.got[1]:
                    # bpfcheck names a feature it lacks: no verdict
                    r.noverdict, r.got = r.got[1], None
            elif res["error"]:
                r.noverdict = res["error"]
            else:
                r.noverdict = "program not listed by bpfcheck"

    # The kernel, in each mode: one kload run per distinct flags value, with
    # the object's auxiliary programs of that mode loaded alongside. The
    # live kernel is the reference; the annotations are the 6.12 sources'.
    for mode in ("priv", "unpriv"):
        mrows = [r for r in rows if r.mode == mode]
        if not kernel_ok or not mrows:
            continue
        aux = [n for _, n in progs if specs[n].auxiliary and
               mode in specs[n].modes]
        by_flags = {}
        for r in mrows:
            by_flags.setdefault(r.sp.flags, []).append(r)
        for flags, lst in sorted(by_flags.items()):
            res = run_kload(a.kload, path, [r.sp.name for r in lst], flags,
                            aux, mode == "unpriv")
            for r in lst:
                r.kernel = res[r.sp.name] if res else None
    for r in rows:
        if r.kernel and r.kernel[0] in ("accept", "reject"):
            r.ref, r.ref_src, r.ref_msg = r.kernel[0], "kernel", r.kernel[1]

    # Compare.
    for r in rows:
        if r.got is None:
            r.kind = "no-verdict"
            continue
        v, m = r.got
        if v == r.ref:
            r.kind = "agree"
        elif v == "accept":
            r.kind = "false-accept"
        else:
            r.kind = "false-reject"
        if v == "reject" and r.ref == "reject" and r.sub.msgs:
            r.msg_ok, r.msg_missing = msgs_match(m, r.sub.msgs)

    # __retval: accepted by bpfcheck, expected to load, with a retval.
    maps = PRE_EXECUTION_MAPS.get(obj, [])
    runs = {}
    for r in rows:
        if (r.sub.retval is None or r.sub.expect_failure or
                not r.got or r.got[0] != "accept"):
            continue
        if r.sp.name not in runs:
            runs[r.sp.name] = run_bpfcheck_run(a.bpfcheck, path, r.sp.name,
                                               maps)
        res = runs[r.sp.name]
        if "crash" in res:
            out["crashes"].append(res["crash"])
            r.retval = (r.sub.retval, None, "bpfcheck crashed")
        elif "error" in res:
            r.retval = (r.sub.retval, None, res["error"])
        else:
            got = res["r0"] & 0xFFFFFFFF
            got = got - (1 << 32) if got & 0x80000000 else got
            r.retval = (r.sub.retval, got, None)
    return out


def pct(a, b):
    return "%d of %d (%.1f%%)" % (a, b, 100.0 * a / b) if b else "0 of 0"


def retval_state(r):
    """'match', 'mismatch', 'not-run' or None (no run) for a row."""
    if not r.retval:
        return None
    exp, got, err = r.retval
    if err is not None:
        return "not-run"
    if exp == POINTER_VALUE or exp == got:
        return "match"
    return "mismatch"


def print_row(r):
    got = r.got[0] if r.got else "-"
    detail = r.got[1] if r.got else r.noverdict
    extra = ""
    if r.kind != "agree":
        extra = "  [ref: %s]" % (r.ref_msg or "-")
    if r.msg_ok is False:
        extra += "  [__msg not found: %s]" % r.msg_missing
    if r.retval:
        exp, got_r, err = r.retval
        extra += "  [retval want %d got %s]" % (exp, err if err else got_r)
    if r.kernel and r.kernel[0] != r.ann:
        extra += "  [kernel %s: %s; annotation %s]" % (
            r.kernel[0], r.kernel[1] or "-", r.ann)
    print("%-30s %-42s %-6s %-7s %-10s %-7s %-12s %s%s" % (
        r.obj, r.sp.name, r.mode, r.ref, r.ref_src, got, r.kind,
        detail or "", extra))


def is_btf_tracing(section):
    """An fentry, fexit or lsm section (libbpf's, "?" and ".s" too)."""
    kind = section.lstrip("?").split("/")[0]
    if kind.endswith(".s"):
        kind = kind[:-2]
    return kind in ("fentry", "fexit", "lsm")


def summary(mode, mr, known):
    ver = [r for r in mr if r.got]
    fa = [r for r in mr if r.kind == "false-accept"]
    fr = [r for r in mr if r.kind == "false-reject"]
    nv = [r for r in mr if r.kind == "no-verdict"]
    agree = sum(r.kind == "agree" for r in mr)
    withmsg = [r for r in mr if r.msg_ok is not None]
    print("\n== %s: %d programs, %d with a bpfcheck verdict" % (
        "privileged" if mode == "priv" else "unprivileged", len(mr),
        len(ver)))
    nk = sum(r.ref_src == "kernel" for r in mr)
    print("reference: kernel %d, annotation %d%s" % (
        nk, len(mr) - nk, "" if mode == "priv" else
        " (the kernel without CAP_PERFMON, CAP_SYS_ADMIN, CAP_NET_ADMIN; "
        "CAP_BPF kept, so its limits and program types are bpf_capable's)"))
    kd = [r for r in mr if r.kernel and r.kernel[0] in
          ("accept", "reject") and r.kernel[0] != r.ann]
    if kd:
        print("the running kernel disagrees with the annotation on %d "
              "(the kernel is the reference):" % len(kd))
        for r in kd:
            print("  %s/%s: kernel %s (%s), annotation %s" % (
                r.obj, r.sp.name, r.kernel[0], r.kernel[1] or "-",
                r.ann))
    print("agree: %s" % pct(agree, len(ver)))
    if mode == "priv":
        tr = [r for r in mr if is_btf_tracing(r.sp.section) and
              not (r.kernel and r.kernel[0] in ("accept", "reject"))]
        print("fentry/fexit/lsm programs the running kernel does not load: "
              "%d, bpfcheck's verdict matches the annotation on %s" % (
                  len(tr), pct(sum(bool(r.got) and r.got[0] == r.ann
                                   for r in tr), len(tr))))
    print("false accepts: %d" % len(fa))
    for r in fa:
        tag = "" if (r.obj, r.sp.name, mode) in known else "NEW "
        print("  %s%s/%s (%s): %s" % (tag, r.obj, r.sp.name, r.ref_src,
                                      r.ref_msg or "-"))
    print("false rejects: %d, by bpfcheck's message" % len(fr))
    groups = {}
    for r in fr:
        groups.setdefault(msg_class(r.got[1]), []).append(r)
    for k, lst in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print("  %3d  %s" % (len(lst), k))
    print("no verdict: %d, by reason" % len(nv))
    groups = {}
    for r in nv:
        groups.setdefault(object_error_class(r.noverdict), []).append(r)
    for k, lst in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print("  %3d  %s  [%s]" % (len(lst), k,
                                   ", ".join(sorted({r.obj for r in lst}))))
    print("__msg matched (both reject; every expected message found, in "
          "order, in bpfcheck's message): %s" % pct(
              sum(r.msg_ok for r in withmsg), len(withmsg)))
    rv = [r for r in mr if r.retval]
    if rv:
        st = [retval_state(r) for r in rv]
        print("__retval: %d run, %d match, %d mismatch, %d not run" % (
            len(rv), st.count("match"), st.count("mismatch"),
            st.count("not-run")))
        for r in rv:
            if retval_state(r) == "mismatch":
                print("  mismatch %s/%s: want %d, bpfcheck run r0 = %d" % (
                    r.obj, r.sp.name, r.retval[0], r.retval[1]))
        for r in rv:
            if retval_state(r) == "not-run":
                print("  not run %s/%s: %s" % (
                    r.obj, r.sp.name, r.retval[2].split(": ", 2)[-1]))
    nx = sum(1 for r in mr if r.sub.xlated or r.sub.jited)
    if nx:
        print("__xlated/__jited expectations not checked (bpfcheck does not "
              "rewrite or JIT): %d programs" % nx)


def cmd_check(a):
    d = os.path.abspath(a.dir)
    st_path = os.path.join(d, "prepare.json")
    if not os.path.exists(st_path):
        print("selftests: %s missing: build first (cmake --build BUILD "
              "--target selftests_objs)" % st_path)
        return 1
    st = json.load(open(st_path))
    if st["status"] == "skip":
        print("SKIP: " + st["reason"])
        return SKIP
    if st["status"] != "ok":
        print("selftests: the build could not prepare the programs: " +
              st["reason"])
        return 1
    a.kload = a.kload or st["kload"]
    a.bpftool = a.bpftool or "bpftool"
    objs = st["compiled"]
    if a.object:
        objs = [o for o in objs if o in a.object]
    t0 = time.time()
    why_no_kernel = ("--no-kernel given" if a.no_kernel
                     else probe_kernel(a.kload))
    kernel_ok = why_no_kernel is None
    if not (a.print_known or a.print_known_retval):
        print("selftests: %s, %d objects compiled with %s, running kernel "
              "%s" % (os.path.basename(st["tarball"]), len(st["compiled"]),
                      os.path.basename(st["clang"]), os.uname().release))
        if st["failed"]:
            print("not compiled (skipped): %d: %s" % (
                len(st["failed"]), ", ".join(sorted(st["failed"]))))
        if kernel_ok:
            print("reference: privileged, the running kernel (kload), or "
                  "the annotation where it refused to load before "
                  "verifying; unprivileged, the annotation")
        else:
            print("reference: the annotations only: bpf() is not usable "
                  "here (%s)" % why_no_kernel)

    rows, crashes, errors, skipped = [], [], [], []
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        futs = [ex.submit(check_object, a, o,
                          os.path.join(d, "obj", o + ".bpf.o"), kernel_ok)
                for o in objs]
        for f in futs:
            r = f.result()
            rows += r["rows"]
            crashes += r["crashes"]
            errors += r["errors"]
            skipped += r["skipped"]

    known = read_known(a.known)
    known_rv = read_known_retval(a.known_retval)
    if a.print_known:
        for r in rows:
            if r.kind == "false-accept":
                print("%s\t%s\t%s\t%s" % (r.obj, r.sp.name, r.mode,
                                          msg_class(r.ref_msg)))
        return 0
    if a.print_known_retval:
        seen = set()
        for r in rows:
            if retval_state(r) == "mismatch" and (r.obj, r.sp.name) not in \
                    seen:
                seen.add((r.obj, r.sp.name))
                print("%s\t%s\twant %d, r0 = %d" % (
                    r.obj, r.sp.name, r.retval[0], r.retval[1]))
        return 0

    if a.verbose:
        print("\n%-30s %-42s %-6s %-7s %-10s %-7s %-12s %s" % (
            "object", "program", "mode", "ref", "ref-from", "bpfchk",
            "result", "bpfcheck message or why no verdict  [notes]"))
        for r in rows:
            print_row(r)
        for s in skipped:
            print("skipped: " + s)
    for mode in ("priv", "unpriv"):
        summary(mode, [r for r in rows if r.mode == mode], known)

    fail = []
    checked = set(objs)
    # False accepts: only fewer than the list.
    seen = {(r.obj, r.sp.name, r.mode): r for r in rows}
    for r in rows:
        if r.kind == "false-accept" and \
                (r.obj, r.sp.name, r.mode) not in known:
            msg = ("NEW FALSE ACCEPT %s/%s %s: bpfcheck accepts, the %s "
                   "rejects: %s (not in tests/selftests/"
                   "known_false_accepts.tsv; that list is not for hiding "
                   "regressions)" % (r.obj, r.sp.name, r.mode, r.ref_src,
                                     r.ref_msg or "-"))
            if not kernel_ok:
                # The list was measured against the running kernel, whose
                # verdict differs from the (older) annotation here and there.
                print("not counted without the kernel: " + msg)
            else:
                fail.append(msg)
    for key in sorted(known):
        if key[0] not in checked:
            continue
        r = seen.get(key)
        if r is None:
            print("known entry not measured here: %s/%s %s" % key)
            continue
        if r.kind == "false-accept" or r.noverdict == "bpfcheck crashed":
            continue
        msg = ("FIXED %s/%s %s is no longer a false accept (now %s): "
               "remove it from tests/selftests/known_false_accepts.tsv, "
               "the list can only shrink" % (key + (r.kind,)))
        if r.mode == "priv" and not kernel_ok:
            # The entry was measured against the kernel.
            print("not counted without the kernel: " + msg)
        else:
            fail.append(msg)
    # __retval mismatches: likewise (the run does not depend on the kernel).
    seen_rv = {}
    for r in rows:
        stt = retval_state(r)
        if stt:
            seen_rv.setdefault((r.obj, r.sp.name), set()).add(stt)
    for key, sts in sorted(seen_rv.items()):
        if "mismatch" in sts and key not in known_rv:
            fail.append("NEW RETVAL MISMATCH %s/%s: bpfcheck run gives an "
                        "r0 other than __retval (not in tests/selftests/"
                        "known_retval_mismatches.tsv)" % key)
    for key in sorted(known_rv):
        if key[0] not in checked:
            continue
        sts = seen_rv.get(key)
        if sts == {"match"}:
            fail.append("FIXED %s/%s: r0 now matches __retval: remove it "
                        "from tests/selftests/known_retval_mismatches.tsv, "
                        "the list can only shrink" % key)
        elif not sts or "mismatch" not in sts:
            print("known retval entry not run here: %s/%s" % key)
    for c in crashes:
        fail.append("CRASH " + c)
    if not rows:
        fail.append("no program was measured (%d objects): the build's "
                    "prepare step went wrong" % len(objs))
    for e in errors:
        print("error: " + e)
    print("\nselftests: %d objects, %d tests (program x mode), %d programs "
          "skipped (__arch of another machine), %.0f s" % (
              len(objs), len(rows), len(skipped), time.time() - t0))
    for f in fail:
        print("FAIL " + f)
    if fail:
        print("selftests: %d failures" % len(fail))
        return 1
    print("selftests: no new false accept or retval mismatch, no fixed "
          "entry left in the known lists, no crash")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--out", required=True)
    p.add_argument("--tarball",
                   default="/usr/src/linux-source-6.12.tar.xz")
    p.add_argument("--clang", default="clang-19")
    p.add_argument("--bpftool", default="bpftool")
    p.add_argument("--cc", default="cc")
    p.add_argument("--kload-src", nargs="+",
                   default=[os.path.join(HERE, "..", "kernel", f)
                            for f in ("kload.c", "kload_legacy.c")])
    p.add_argument("--vmlinux", default="/sys/kernel/btf/vmlinux")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    c = sub.add_parser("check")
    c.add_argument("--dir", required=True)
    c.add_argument("--bpfcheck", required=True)
    c.add_argument("--kload")
    c.add_argument("--bpftool")
    c.add_argument("--known", default=KNOWN_TSV)
    c.add_argument("--known-retval", default=KNOWN_RETVAL_TSV)
    c.add_argument("--object", action="append",
                   help="only this object (e.g. verifier_and); repeatable")
    c.add_argument("--no-kernel", action="store_true",
                   help="annotations only, as without bpf()")
    c.add_argument("--print-known", action="store_true",
                   help="print today's false accepts as TSV rows")
    c.add_argument("--print-known-retval", action="store_true",
                   help="print today's __retval mismatches as TSV rows")
    c.add_argument("-v", "--verbose", action="store_true",
                   help="one line per program and mode")
    c.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    a = ap.parse_args()
    sys.exit({"prepare": cmd_prepare, "check": cmd_check}[a.cmd](a))


if __name__ == "__main__":
    main()
