#!/usr/bin/python3
"""Runs `hw_cost --no-sweep --block B ...` for the blocks named in EXPECTED
(those that synthesize in a few minutes; the W-entry sorters do not)
and checks, per block, that the flip-flop bits of the registers the paper
counts (the `counted` registers of hw_cost's BLOCKS, found by RTL name in the
synthesized netlist) equal the block's claimed_bits plus the difference
written here with its reason (0: the claim holds exactly)."""
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


# block -> (difference from the claim as f(params), why)
EXPECTED = {
    "vtw_index": (lambda p: 0, "map and pending counts as the paper counts them"),
    "vtw_tb_counter": (lambda p: 0, "the 4-byte GPU-wide counter"),
    "vtw_iter_1b": (lambda p: -(31 * p["W"] + 32 * p["T"]),
                    "a 1-bit ahead flag per warp instead of 4-byte iteration registers per warp and per TB"),
}


def load_hw_cost(script):
    loader = importlib.machinery.SourceFileLoader("hw_cost", script)
    spec = importlib.util.spec_from_loader("hw_cost", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


def main():
    if len(sys.argv) != 3:
        fail("usage: check_counted_bits.py SCRIPT OUTDIR")
    script, out = sys.argv[1], sys.argv[2]
    hw = load_hw_cost(script)
    blocks = {b.name: b for b in hw.BLOCKS}
    counted = {}
    for b in hw.BLOCKS:
        counted.setdefault(b.module, set()).update(b.counted)
    shutil.rmtree(out, ignore_errors=True)
    argv = [script, "--no-sweep", "--out", out]
    for name in EXPECTED:
        argv += ["--block", name]
    r = subprocess.run(argv, capture_output=True, text=True)
    sys.stdout.write(r.stderr)
    if r.returncode != 0:
        fail("hw_cost exited %d" % r.returncode)
    entries = {e["block"]: e for e in json.load(open(os.path.join(out, "hw_cost.json")))}
    for name, (diff, why) in EXPECTED.items():
        e = entries.get(name)
        if e is None or e["status"] != "ok":
            fail("%s: no measured entry (%s)" % (name, e and e["notes"]))
        p = dict(hw.NOMINAL, **e["params"])
        bits = sum(g["bits"] for g in e["registers"]
                   if g["register"].rpartition(".")[2] in counted.get(g["module"], ()))
        want = e["claimed_bits"] + diff(p)
        if e["claimed_bits"] != blocks[name].claim(p):
            fail("%s: claimed_bits %d is not the claim formula's %d" % (name, e["claimed_bits"], blocks[name].claim(p)))
        if bits != want:
            fail("%s: counted registers hold %d bits, expected %d = claim %d %+d (%s)"
                 % (name, bits, want, e["claimed_bits"], diff(p), why))
        print("OK: %s: %d counted bits = claim %d %+d (%s)" % (name, bits, e["claimed_bits"], diff(p), why))


if __name__ == "__main__":
    main()
