#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""Where verify's rejections point, in its JSON, text and SARIF output.

Usage: diagnostics.py CHECK --bpfcheck BIN --objdir DIR --srcdir DIR
CHECK is json (the error's source position), leak (a leaked reference's
exit and acquiring call) or sarif (-o sarif's structure and locations).
Each program's position is compared with the source file's own line.
"""
import argparse
import json
import os
import subprocess
import sys

failures = []


def check(name, got, want):
    if got == want:
        print("ok %s" % name)
    else:
        print("FAIL %s\n  got:  %r\n  want: %r" % (name, got, want))
        failures.append(name)


def run(args, *extra):
    cmd = [args.bpfcheck, "verify"] + list(extra)
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode not in (0, 1):
        sys.exit("%s: exit %d: %s" % (" ".join(cmd), p.returncode, p.stderr))
    return p


def program(args, obj, prog, *opts):
    out = run(args, "--json", *opts, "--prog", prog, obj).stdout
    progs = json.loads(out)["programs"]
    assert len(progs) == 1, progs
    return progs[0]


def source_line(args, rel, line):
    with open(os.path.join(args.srcdir, rel)) as f:
        return f.read().split("\n")[line - 1]


def check_pos(args, name, pos, rel, line, col):
    """pos (a JSON object) is at rel:line:col and quotes that line."""
    check(name + "_file", os.path.normpath(pos.get("file", "")), rel)
    check(name + "_line", pos.get("line"), line)
    check(name + "_column", pos.get("column"), col)
    check(name + "_text", pos.get("text"), source_line(args, rel, line))


def json_position(args):
    obj = os.path.join(args.objdir, "pkt.O2.o")
    p = program(args, obj, "pkt_off_by_one")
    e = p["error"]
    check("verdict", p["verdict"], "reject")
    check("message", e["message"], "R2 offset is outside of the packet")
    check("detail", e["detail"],
          "invalid access to packet, off=13 size=1, R2(id=0,off=13,r=13)")
    check("insn", e["insn"], 5)
    check_pos(args, "error", e, "tests/corpus/pkt.c", 39, 9)
    check_pos(args, "linux", p["linux"]["error"], "tests/corpus/pkt.c", 39, 9)
    # no line info (assembly): the instruction, and no position
    asm = os.path.join(args.srcdir, "tests/corpus/lsm_errno_below.s")
    p = program(args, asm, "lsm_errno_below")
    check("asm_error", p["error"], {
        "message": "At program exit the register R0 has smin=-4096 "
                   "smax=-4096 should have been in [-4095, 0]",
        "insn": 1, "path": [{"insn": 0, "kind": "defines"}]})


def find_line(args, rel, start, needle):
    """The first line at or after start (1-based) that holds needle."""
    with open(os.path.join(args.srcdir, rel)) as f:
        lines = f.read().split("\n")
    for i in range(start - 1, len(lines)):
        if needle in lines[i]:
            return i + 1
    sys.exit("%s: no %r after line %d" % (rel, needle, start))


def leak(args):
    """The exit that leaks, and the call that acquired the reference."""
    obj = os.path.join(args.objdir, "helpers.O2.o")
    src = "tests/corpus/helpers.c"
    sig = find_line(args, src, 1, "int h_ringbuf_leak(")
    acq = find_line(args, src, sig, "bpf_ringbuf_reserve(&rb, 8, 0)")
    end = find_line(args, src, sig, "}")
    # 6.18 says the reference on the line above its error, 6.12 as it
    words = {
        "6.18": ("BPF_EXIT instruction in main prog would lead to "
                 "reference leak", "Unreleased reference id=2 alloc_insn=4"),
        "6.12": ("Unreleased reference id=2 alloc_insn=4", None),
    }
    for kernel, (message, detail) in words.items():
        p = program(args, obj, "h_ringbuf_leak", "--kernel", kernel)
        e = p["error"]
        check(kernel + "_verdict", p["verdict"], "reject")
        check(kernel + "_message", e["message"], message)
        check(kernel + "_detail", e.get("detail"), detail)
        check(kernel + "_insn", e["insn"], 9)
        check_pos(args, kernel + "_exit", e, src, end, 1)
        check(kernel + "_acquired_insn", e["acquired_at"]["insn"], 4)
        check_pos(args, kernel + "_acquired", e["acquired_at"], src, acq,
                  13)
        out = run(args, "--kernel", kernel, "--prog", "h_ringbuf_leak",
                  obj).stdout
        check(kernel + "_text", out,
              "FAIL %s tracepoint/syscalls/sys_enter_nanosleep/"
              "h_ringbuf_leak: insn 9: %s%s (helpers.c:%d; acquired at "
              "helpers.c:%d)\n" % (obj, message,
                                   "; " + detail if detail else "", end, acq))
    # another rejection says nothing of an acquisition
    p = program(args, os.path.join(args.objdir, "pkt.O2.o"), "pkt_no_check")
    check("no_leak", "acquired_at" in p["error"], False)


def sarif_doc(args, *argv):
    p = run(args, "-o", "sarif", *argv)
    return p.returncode, json.loads(p.stdout)


def check_code_flows(name, res):
    """SARIF 2.1.0's codeFlow: threadFlows, each with locations, each a
    threadFlowLocation holding a location; the last is the result's."""
    flows = res.get("codeFlows", [])
    check(name + "_code_flows", isinstance(flows, list), True)
    for flow in flows:
        threads = flow.get("threadFlows", [])
        check(name + "_thread_flows", len(threads) >= 1, True)
        for t in threads:
            locs = t.get("locations", [])
            check(name + "_flow_locations", len(locs) >= 2, True)
            for tl in locs:
                loc = tl.get("location", {})
                check(name + "_flow_located",
                      bool(loc.get("physicalLocation") or
                           loc.get("logicalLocations")), True)
                check(name + "_flow_message",
                      isinstance(loc.get("message", {}).get("text"), str),
                      True)
                check(name + "_flow_kinds",
                      all(isinstance(k, str) for k in tl.get("kinds", [])),
                      True)
            check(name + "_flow_ends_at_fault",
                  locs[-1]["location"].get("physicalLocation"),
                  res["locations"][0].get("physicalLocation"))


def check_sarif_structure(name, doc, rejected):
    """What SARIF 2.1.0 requires of what -o sarif writes; rejected is
    --json's rejected programs of the same run, in order."""
    check(name + "_version", doc.get("version"), "2.1.0")
    check(name + "_schema",
          doc.get("$schema", "").endswith("/sarif-schema-2.1.0.json"), True)
    check(name + "_runs", len(doc.get("runs", [])), 1)
    run0 = doc["runs"][0]
    driver = run0["tool"]["driver"]
    check(name + "_driver", driver["name"], "bpfcheck")
    ids = [r["id"] for r in driver["rules"]]
    check(name + "_rule_ids_unique", len(set(ids)), len(ids))
    check(name + "_rules_described",
          all(isinstance(r["shortDescription"]["text"], str)
              and r["shortDescription"]["text"] for r in driver["rules"]),
          True)
    results = run0["results"]
    check(name + "_one_result_per_rejection", len(results), len(rejected))
    for i, (res, prog) in enumerate(zip(results, rejected)):
        e = prog["error"]
        want = e["message"] + ("; " + e["detail"] if "detail" in e else "")
        check("%s_%d_message" % (name, i), res["message"]["text"], want)
        check("%s_%d_level" % (name, i), res["level"], "error")
        check("%s_%d_rule" % (name, i),
              ids[res["ruleIndex"]] == res["ruleId"], True)
        check("%s_%d_locations" % (name, i), len(res["locations"]), 1)
        check_code_flows("%s_%d" % (name, i), res)
        for loc in res["locations"] + res.get("relatedLocations", []):
            phys = loc.get("physicalLocation")
            logical = loc.get("logicalLocations", [])
            check("%s_%d_located" % (name, i), bool(phys or logical), True)
            if phys:
                uri = phys["artifactLocation"]["uri"]
                region = phys["region"]
                check("%s_%d_uri" % (name, i),
                      isinstance(uri, str) and uri != "", True)
                check("%s_%d_start_line" % (name, i),
                      region["startLine"] >= 1, True)
                check("%s_%d_start_column" % (name, i),
                      region.get("startColumn", 1) >= 1, True)
    return results


def sarif(args):
    pkt = os.path.join(args.objdir, "pkt.O2.o")
    asm = os.path.join(args.srcdir, "tests/corpus/lsm_errno_below.s")
    rc, doc = sarif_doc(args, pkt, asm)
    check("exit_status", rc, 1)
    out = run(args, "--json", pkt, asm).stdout
    progs = json.loads(out)["programs"]
    rejected = [p for p in progs if p["verdict"] == "reject"]
    check("some_pass", len(rejected) < len(progs), True)
    results = check_sarif_structure("pkt", doc, rejected)
    version = subprocess.run([args.bpfcheck, "-V"], capture_output=True,
                             text=True).stdout.split()
    check("driver_version", doc["runs"][0]["tool"]["driver"]["version"] in
          version, True)
    by_name = {}
    for res in results:
        fq = res["locations"][0]["logicalLocations"][0]["fullyQualifiedName"]
        by_name[fq.split("/")[-1].split(":")[0]] = res
    r = by_name["pkt_off_by_one"]
    check("off_by_one_rule", r["ruleId"], "packet-bounds")
    phys = r["locations"][0]["physicalLocation"]
    check("off_by_one_uri", phys["artifactLocation"]["uri"],
          "tests/corpus/pkt.c")
    check("off_by_one_line", phys["region"]["startLine"], 39)
    check("off_by_one_column", phys["region"]["startColumn"], 9)
    check("off_by_one_logical",
          r["locations"][0]["logicalLocations"][0]["fullyQualifiedName"],
          pkt + ":xdp/pkt_off_by_one:insn 5")
    # the causal path as a code flow: the check on line 37, not taken
    flow = r["codeFlows"][0]["threadFlows"][0]["locations"]
    check_line = find_line(args, "tests/corpus/pkt.c", 32,
                           "if (data + 13 > data_end)")
    jumps = [tl for tl in flow if tl.get("kinds") == ["branch"]]
    check("off_by_one_flow_branch",
          [(tl["location"]["physicalLocation"]["region"]["startLine"],
            tl["location"]["message"]["text"].endswith(": not taken"))
           for tl in jumps], [(check_line, True)])
    check("off_by_one_flow_uri",
          {tl["location"]["physicalLocation"]["artifactLocation"]["uri"]
           for tl in flow}, {"tests/corpus/pkt.c"})
    # no line info: the program and instruction only
    r = by_name["lsm_errno_below"]
    check("asm_rule", r["ruleId"], "return-value")
    check("asm_location", r["locations"], [{"logicalLocations": [{
        "name": "lsm_errno_below",
        "fullyQualifiedName": asm + ":lsm.s/file_open/lsm_errno_below:insn 1",
        "kind": "function"}]}])
    # a leak: at the exit, and where the reference was acquired
    helpers = os.path.join(args.objdir, "helpers.O2.o")
    src = "tests/corpus/helpers.c"
    sig = find_line(args, src, 1, "int h_ringbuf_leak(")
    rc, doc = sarif_doc(args, "--kernel", "6.18", "--prog", "h_ringbuf_leak",
                        helpers)
    r = doc["runs"][0]["results"][0]
    check("leak_rule", r["ruleId"], "reference-leak")
    check("leak_line",
          r["locations"][0]["physicalLocation"]["region"]["startLine"],
          find_line(args, src, sig, "}"))
    rel = r["relatedLocations"][0]["physicalLocation"]
    check("leak_acquired_uri", rel["artifactLocation"]["uri"], src)
    check("leak_acquired_line", rel["region"]["startLine"],
          find_line(args, src, sig, "bpf_ringbuf_reserve(&rb, 8, 0)"))
    # accepted programs: no result
    rc, doc = sarif_doc(args, "--prog", "pkt_eth_ok", pkt)
    check("pass_exit_status", rc, 0)
    check("pass_results", doc["runs"][0]["results"], [])
    check("pass_driver", doc["runs"][0]["tool"]["driver"]["name"], "bpfcheck")
    check("pass_execution", doc["runs"][0]["invocations"],
          [{"executionSuccessful": True}])
    # a file that cannot be read: exit 2, and the log says so
    p = subprocess.run([args.bpfcheck, "verify", "-o", "sarif",
                        os.path.join(args.objdir, "no-such.o"), pkt],
                       capture_output=True, text=True)
    doc = json.loads(p.stdout)
    check("bad_input_exit_status", p.returncode, 2)
    check("bad_input_execution", doc["runs"][0]["invocations"],
          [{"executionSuccessful": False}])
    check("bad_input_results", len(doc["runs"][0]["results"]), len(rejected)
          - 1)
    p = subprocess.run([args.bpfcheck, "verify", "-o", "sarif", "--kernels",
                        "6.1,6.18", pkt], capture_output=True, text=True)
    check("kernels_usage", (p.returncode, p.stderr.split("\n")[0]),
          (2, "bpfcheck verify: --kernels takes no --kernel, -C, -o table "
              "or -o sarif"))


def explain(args):
    """--explain's at: and why: lines under FAIL lines."""
    cases = [
        # object, program, source, column, why
        ("pkt.O2.o", "pkt_off_by_one", "pkt.c", 9,
         "reads 1 byte at offset 13 of a packet proven to have 13 bytes"),
        ("pkt.O2.o", "pkt_no_check", "pkt.c", 14,
         "reads 1 byte at offset 12 of a packet with no bytes proven (no "
         "comparison with data_end covers this path)"),
        ("mapval.O2.o", "mv_const_past_end", "mapval.c", 9,
         "reads 1 byte at offset 64 of a 64-byte map value"),
        ("mapval.O2.o", "mv_index_from_value_unbounded", "mapval.c", 9,
         "reads 1 byte at offset 255 of a 64-byte map value (the largest "
         "offset the pointer's range allows)"),
        ("helpers.O2.o", "h_ringbuf_oob", "helpers.c", 7,
         "writes 8 bytes at offset 8 of an 8-byte memory region"),
        ("stack.O2.o", "st_below_frame", "stack.c", 2,
         "writes 8 bytes at fp-520, below the 512-byte stack (fp-512 is "
         "its lowest byte)"),
        ("stack.O2.o", "st_partial_init_read --unprivileged", "stack.c", 2,
         "reads 4 bytes at fp-4, but fp-4 was not written on this path"),
        ("iters.c19v4.o", "for_range_unchecked_index", "iters.c", 8,
         "reads 1 byte at fp-16 plus a variable of 0 to 255 (fp-16 to "
         "fp+239), past the frame's top (fp-1 is its highest byte)"),
        # no numbers to give: the source line only
        ("mapval.O2.o", "null_missing", "mapval.c", 9, None),
    ]
    for obj, prog, src, col, why in cases:
        path = os.path.join(args.objdir, obj)
        prog, *opts = prog.split()
        plain = run(args, *opts, "--prog", prog, path).stdout.split("\n")
        lines = run(args, *opts, "--explain", "--prog", prog, path).stdout
        lines = lines.split("\n")
        check(prog + "_fail_line", lines[0], plain[0])
        line = int(plain[0].rsplit(":", 1)[1].rstrip(")"))
        text = source_line(args, "tests/corpus/" + src, line).strip()
        check(prog + "_at", lines[1], "  at: %s:%d:%d: %s" % (src, line, col,
                                                           text))
        if why:
            check(prog + "_why", lines[2], "  why: " + why)
        else:
            check(prog + "_no_why", lines[2].startswith("  why:"), False)
    # no line info: no at: line, only the fix
    asm = os.path.join(args.srcdir, "tests/corpus/lsm_errno_below.s")
    check("asm", run(args, "--explain", asm).stdout,
          run(args, asm).stdout + "  path:\n    insn 0: r0 = -4096\n"
          "  fix: return a value in [-4095, 0]\n")
    p = subprocess.run([args.bpfcheck, "verify", "--explain", "-o", "json",
                        asm], capture_output=True, text=True)
    check("json_usage", (p.returncode, p.stderr.split("\n")[0]),
          (2, "bpfcheck verify: --explain explains the text output's FAIL "
              "lines"))


def fixes(args):
    """--explain's fix: line, for each class that has one."""
    before = "before line %d"
    cases = [
        # object, program, the fix (%s: where, from the FAIL line)
        ("pkt.O2.o", "pkt_off_by_one", before,
         "check the packet pointer against data_end %s: if ((void *)ptr "
         "+ 14 > data_end) return ...;"),
        ("mapval.O2.o", "null_missing", before,
         "check the pointer for NULL %s (a map lookup and some helpers "
         "return NULL): if (!ptr) return ...;"),
        ("mapval.O2.o", "mv_index_from_value_unbounded", before,
         "bound the index or offset %s, as an unsigned value: if (idx >= "
         "SIZE) return ...;"),
        ("stack.O2.o", "st_below_frame", "at line %d",
         "keep the access %s inside the 512-byte frame (fp-512 to fp-1): "
         "a smaller array, or a map value"),
        ("loops_bad.O2.o", "bad_self_loop", "at line %d",
         "give the loop %s an end the verifier can see: a counter with a "
         "constant limit (for (i = 0; i < N; i++)), or bpf_loop()"),
        ("license.O2.o", "lic_probe_read_bad", None,
         "declare a GPL-compatible license: char LICENSE[] "
         "SEC(\"license\") = \"GPL\";"),
        ("helpers.O2.o", "h_ringbuf_leak", None,
         "release the reference acquired on line %d (its release, submit "
         "or discard helper) on every path before this exit" %
         find_line(args, "tests/corpus/helpers.c", 144,
                   "bpf_ringbuf_reserve(&rb, 8, 0)")),
    ]
    for obj, prog, where, fix in cases:
        path = os.path.join(args.objdir, obj)
        out = run(args, "--explain", "--prog", prog, path).stdout
        line = int(out.split("\n")[0].rsplit(":", 1)[1].rstrip(")"))
        if where:
            fix = fix % (where % line)
        got = [ln for ln in out.split("\n") if ln.startswith("  fix: ")]
        check(prog + "_fix", got, ["  fix: " + fix])
    # a class with no hint: none
    out = run(args, "--explain", "--prog", "lk_helper_call_while_locked",
              os.path.join(args.objdir, "locks.O2.o")).stdout
    check("no_fix", "  fix: " in out, False)


def check_path(args, name, obj, prog, src, want, absent, *opts):
    """The causal path of a rejection in its JSON: each line of want
    (needle, kind of a step on it or None) there, quoted as the source has
    it; no line of absent. Needles are looked for below the program's
    signature (a pair: the second below the first). Returns the path."""
    rel = "tests/corpus/" + src
    p = program(args, os.path.join(args.objdir, obj), prog, *opts)
    steps = p["error"].get("path", [])
    sig = find_line(args, rel, 1, "int %s(" % prog)
    on = {}
    for st in steps:
        if "line" in st:
            check_pos(args, "%s_step_%d" % (name, st["insn"]), st, rel,
                      st["line"], st.get("column"))
            on.setdefault(st["line"], []).append(st["kind"])
    for needle, kind in want:
        if isinstance(needle, tuple):   # (anchor, needle): after anchor
            line = find_line(args, rel, find_line(args, rel, sig, needle[0]),
                             needle[1])
        else:
            line = find_line(args, rel, sig, needle)
        check("%s_has_%d" % (name, line), line in on, True)
        if kind:
            check("%s_%d_%s" % (name, line, kind), kind in on.get(line, []),
                  True)
    for needle in absent:
        line = find_line(args, rel, sig, needle)
        check("%s_not_%d" % (name, line), line in on, False)
    return steps


def path(args):
    """The causal path of a rejection: the lines that made the value at
    fault what it is and the checks on it, not the others."""
    # a packet read after a check of the wrong bytes: the check made
    # before bpf_xdp_adjust_head is stale, the one after it is the path
    adjust = "bpf_xdp_adjust_head(ctx, -(int)sizeof(struct iphdr))"
    check_path(args, "encap", "real_datapath.O2.o", "dp_bug_encap_no_recheck",
               "real_datapath.c",
               [("\tdata = (void *)(long)ctx->data;", "defines"),
                ("\tdata_end = (void *)(long)ctx->data_end;", "defines"),
                ((adjust, "if ((void *)(eth + 1) > data_end)"),
                 "branch_not_taken")],
               ["if ((void *)(eth + 1) > data_end)", "outer->ihl = 5;"])
    steps = check_path(args, "wrong_offset", "real_datapath.O2.o",
                       "dp_bug_check_wrong_offset", "real_datapath.c",
                       [("if (data + sizeof(struct ethhdr) + sizeof(struct "
                         "iphdr) > data_end)", "branch_not_taken"),
                        ("off = m->l3_off;", "defines"),
                        ("if (off > 64)", "branch_not_taken"),
                        ("ip = data + off;", "defines")],
                       ["if (!m)"])
    check("wrong_offset_order", [st["line"] for st in steps] ==
          sorted(st["line"] for st in steps), True)
    # a packet pointer used after bpf_xdp_adjust_head made it a number:
    # the call is on the path
    check_path(args, "stale", "real_datapath.O2.o",
               "dp_bug_stale_after_adjust", "real_datapath.c",
               [("void *data = (void *)(long)ctx->data;", "defines"),
                ("if (bpf_xdp_adjust_head(ctx, 4))", "defines")],
               ["return XDP_TX;"])
    # a lookup used without a NULL check: the lookup, not the key's
    # fields nor the packet check before it
    check_path(args, "null", "real_datapath.O2.o", "dp_bug_ct_no_null_check",
               "real_datapath.c",
               [("ct = bpf_map_lookup_elem(&dp_ct, &f);", "defines")],
               ["f.saddr = ip->saddr;", "f.proto = ip->protocol;",
                "if ((void *)(ip + 1) > data_end)"])
    # a leak: the reservation, its NULL check, and the early return that
    # skips the submit; not the values the filter compared
    check_path(args, "leak", "real_tracing.O2.o", "tr_bug_ringbuf_leak",
               "real_tracing.c",
               [("e = bpf_ringbuf_reserve(&tr_events, sizeof(*e), 0);",
                 "defines"),
                ("if (!e)", "branch_not_taken"),
                ("if (filter && *filter && *filter != tgid)",
                 "branch_taken")],
               ["__u32 tgid = bpf_get_current_pid_tgid() >> 32",
                "e->pid = tgid;"])
    # a lock left held on one way out: the lock, and the jump that took
    # that way; not the NULL check before the lock
    check_path(args, "lock", "locks.O2.o", "lk_unlock_on_one_path", "locks.c",
               [("bpf_spin_lock(&v->lock);", "defines"),
                ("if (skb->len > 100) {", "branch_not_taken")],
               ["if (!v)", "bpf_spin_unlock(&v->lock);"])
    # --explain: the same path, a line each, a jump's way said
    obj = os.path.join(args.objdir, "real_tracing.O2.o")
    out = run(args, "--explain", "--prog", "tr_bug_ringbuf_leak",
              obj).stdout.split("\n")
    block = out[out.index("  path:") + 1:]
    block = block[:next(i for i, ln in enumerate(block)
                        if not ln.startswith("    "))]
    rel = "tests/corpus/real_tracing.c"
    sig = find_line(args, rel, 1, "int tr_bug_ringbuf_leak(")
    want = []
    for needle, way in (("e = bpf_ringbuf_reserve(", None),
                        ("if (!e)", "not taken"),
                        ("if (filter && *filter", "taken")):
        line = find_line(args, rel, sig, needle)
        want.append(("    real_tracing.c:%d: %s" %
                     (line, source_line(args, rel, line).strip()), way))
    check("explain_path_lines", len(block), len(want))
    for (prefix, way), got in zip(want, block):
        check("explain_path_" + prefix.split(":")[1], got.startswith(prefix),
              True)
        if way:
            check("explain_path_way_" + prefix.split(":")[1],
                  got.endswith(": %s)" % way), True)
    # an accepted program has none
    p = program(args, os.path.join(args.objdir, "pkt.O2.o"), "pkt_eth_ok")
    check("accepted_no_error", "error" in p, False)


def path_lines(args, obj, prog, *opts):
    """(message, [(line, kind)]) of a rejection's JSON."""
    e = program(args, os.path.join(args.objdir, obj), prog, *opts)["error"]
    return e["message"], [(st.get("line"), st["kind"]) for st in e["path"]]


def structure(args):
    """Rejections of the program's shape have a path too: the calls down
    to a recursive call or a chain too deep, a loop's way back."""
    rel = "tests/corpus/calls.c"
    msg, steps = path_lines(args, "calls.O2.o", "call_recursive")
    check("recursive_msg", msg.startswith("recursive call from insn"), True)
    check("recursive_path", [ln for ln, _ in steps],
          [find_line(args, rel, 1, "return ping(skb->len & 3);"),
           find_line(args, rel, 1, "return x ? pong(x - 1) + 2 : 0;"),
           find_line(args, rel, 1, "return x ? ping(x - 1) + 1 : 0;")])
    # over the 512-byte stack: at the call that goes over, the calls down
    # to it its path (not "insn 4294967295", not the message twice)
    p = program(args, os.path.join(args.objdir, "calls.O2.o"),
                "call_stack_too_deep")
    check("stack_msg", p["error"]["message"],
          "combined stack size of 3 calls is 608. Too large")
    check("stack_at", p["error"].get("line"),
          find_line(args, rel, 1, "return buf[3] + big_frame(x);"))
    check("stack_path", [st.get("line") for st in p["error"]["path"]],
          [find_line(args, rel, 1, "return big_frame2(skb->len);"),
           find_line(args, rel, 1, "return buf[3] + big_frame(x);")])
    # a loop proven to run past the worst case: its test and way back
    msg, steps = path_lines(args, "loops_beyond.O2.o",
                            "beyond_countdown_wraps")
    check("loop_msg", "over the limit" in msg, True)
    check("loop_path", steps,
          [(find_line(args, "tests/corpus/loops_beyond.c", 1,
                      "} while (--i);"), "branch_taken")])
    # a stack slot read before any write (no CAP_PERFMON): the entry
    msg, steps = path_lines(args, "stack.O2.o", "st_uninit_read",
                            "--unprivileged")
    check("uninit_msg", msg.startswith("invalid read from stack"), True)
    check("uninit_path", [k for _, k in steps], ["entry"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("check", choices=["json", "leak", "sarif", "explain",
                                      "fix", "path", "structure"])
    ap.add_argument("--bpfcheck", required=True)
    ap.add_argument("--objdir", required=True)
    ap.add_argument("--srcdir", required=True)
    args = ap.parse_args()
    {"json": json_position, "leak": leak, "sarif": sarif,
     "explain": explain, "fix": fixes, "path": path,
     "structure": structure}[args.check](args)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
