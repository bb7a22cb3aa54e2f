#!/usr/bin/python3
"""Runs `hw_cost --no-sweep --block B ... --out OUT` and checks, for every
named block at its nominal point, that the flip-flop bits of the registers
the paper counts (hw_cost's `counted`) add up to exactly the paper's claim
formula (`claimed_bits`), and that every other register is listed by name.
Usage: check_claims.py SCRIPT OUTDIR BLOCK..."""
import json
import os
import shutil
import subprocess
import sys


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def main():
    if len(sys.argv) < 4:
        fail("usage: check_claims.py SCRIPT OUTDIR BLOCK...")
    script, out, blocks = sys.argv[1], sys.argv[2], sys.argv[3:]
    shutil.rmtree(out, ignore_errors=True)
    argv = [script, "--no-sweep", "--out", out] + [a for b in blocks for a in ("--block", b)]
    r = subprocess.run(argv, capture_output=True, text=True)
    sys.stdout.write(r.stderr)
    if r.returncode != 0:
        fail("%s exited %d" % (" ".join(argv), r.returncode))
    entries = {e["block"]: e for e in json.load(open(os.path.join(out, "hw_cost.json"))) if e["kind"] == "nominal"}
    for b in blocks:
        e = entries.get(b)
        if e is None or e["status"] != "ok":
            fail("%s: not measured: %s" % (b, e))
        counted = sum(g["bits"] for g in e["registers"] if g["counted"])
        if counted != e["claimed_bits"]:
            fail("%s (%s): the paper's registers hold %d bits, its claim formula says %r" % (
                b, e["params"], counted, e["claimed_bits"]))
        others = ["%s %d" % (g["register"], g["bits"]) for g in e["registers"] if not g["counted"]]
        if sum(g["bits"] for g in e["registers"]) != e["ff_bits"]:
            fail("%s: its registers do not add up to its %d flip-flop bits" % (b, e["ff_bits"]))
        print("OK: %s (%s): %d counted bits = the claim; not counted: %s" % (
            b, ", ".join("%s=%d" % kv for kv in sorted(e["params"].items())), counted, ", ".join(others) or "none"))


if __name__ == "__main__":
    main()
