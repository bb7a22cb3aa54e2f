#!/usr/bin/python3
"""Runs `hw_cost --bits-only --no-sweep --out OUT --block B ...` (Yosys
generic synthesis, no mapping or timing) for every block that has a paper
claim and registers of its own that the paper counts, and checks that those
registers add up exactly to the claim at the RTL's widths
(`claimed_bits_at_rtl_widths`: the claim itself unless the block says the RTL
stores a counted item in another width). Top modules (a claim, no counted
registers of their own) sum their parts' registers; their generic synthesis
takes minutes (baws_top over 4), so they are left to the full flow
(docs/hw_cost.md) and named here. A block whose RTL is not built yet fails."""
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys


def main():
    if len(sys.argv) != 3:
        print("usage: check_counted_bits.py SCRIPT OUTDIR")
        return 1
    script, out = sys.argv[1], sys.argv[2]
    shutil.rmtree(out, ignore_errors=True)
    loader = importlib.machinery.SourceFileLoader("hw_cost", script)
    hw_cost = importlib.util.module_from_spec(importlib.util.spec_from_loader("hw_cost", loader))
    loader.exec_module(hw_cost)
    parts = [b.name for b in hw_cost.BLOCKS if b.claim and b.counted]
    tops = [b.name for b in hw_cost.BLOCKS if b.claim and not b.counted]
    print("checked: %s; left to the full flow: %s" % (", ".join(parts), ", ".join(tops) or "none"))
    argv = [script, "--bits-only", "--no-sweep", "--out", out]
    for name in parts:
        argv += ["--block", name]
    r = subprocess.run(argv, capture_output=True, text=True)
    sys.stdout.write(r.stderr)
    if r.returncode != 0:
        print("FAIL: hw_cost --bits-only exited %d" % r.returncode)
        return 1
    bad, checked = [], 0
    for e in json.load(open(os.path.join(out, "hw_cost.json"))):
        if e["status"] != "ok":
            bad.append("%s: %s" % (e["block"], e["status"]))
            continue
        if e["claimed_bits"] is None:
            continue
        checked += 1
        want = e["claimed_bits_at_rtl_widths"]
        line = "%s: counted %d bits, paper %d (%d at the RTL's widths), %d flip-flops in all" % (
            e["block"], e["counted_bits"], e["claimed_bits"], want, e["ff_bits"])
        print(("ok   " if e["counted_bits"] == want else "FAIL ") + line)
        if e["counted_bits"] != want:
            bad.append(line)
    if checked == 0:
        bad.append("no block with a claim was checked")
    for b in bad:
        print("FAIL: " + b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
