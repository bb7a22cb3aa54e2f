#!/usr/bin/python3
"""Runs `hw_cost --quick --out OUT` and checks its JSON: baws_wpt at T=8,
CW=6 must have exactly 48 flip-flop bits (BAWS: 8 TBs x 6-bit counters), a
positive area and critical path, and the md must name the command. Also
checks --merge and that a bad argument is refused with exit status 2."""
import json
import os
import shutil
import subprocess
import sys


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def check_merge(script, out, entries):
    """--merge keeps the other blocks' entries (their claims recomputed: a
    stale claim is corrected), replaces the measured block's and dates it."""
    path = os.path.join(out, "hw_cost.json")
    # An earlier run's entry of another block (its measurements borrowed from
    # baws_wpt's), with the claim the attribution before seed 000's fix gave.
    other = dict(entries[0], block="pro_tb_counters", params={"T": 8, "NW": 8, "S": 2, "W": 48},
                 ff_bits=184, claimed_bits=128,
                 registers=[{"register": "nbar_q", "module": "pro_tb_counters", "bits": 64},
                            {"register": "nfin_q", "module": "pro_tb_counters", "bits": 64}])
    other.pop("measured", None)
    stale = [dict(e, ff_bits=-1) for e in entries]
    json.dump(stale + [other], open(path, "w"))
    r = subprocess.run([script, "--quick", "--merge", "--out", out], capture_output=True, text=True)
    if r.returncode != 0:
        fail("hw_cost --quick --merge exited %d: %s" % (r.returncode, r.stderr))
    merged = json.load(open(path))
    kept = [e for e in merged if e["block"] == "pro_tb_counters"]
    wpt = [e for e in merged if e["block"] == "baws_wpt"]
    if len(kept) != 1 or kept[0]["claimed_bits"] != 64 or kept[0]["counted_bits"] != 64:
        fail("--merge must keep pro_tb_counters with its claim recomputed (64 bits, nbar_q counted): %s" % kept)
    if len(wpt) != 1 or wpt[0]["ff_bits"] != 48 or not wpt[0].get("measured"):
        fail("--merge must replace baws_wpt's stale entry with the new, dated one: %s" % wpt)
    if "`pro_tb_counters`" not in open(os.path.join(out, "hw_cost.md")).read():
        fail("the merged hw_cost.md has no row for the kept block")


def main():
    if len(sys.argv) != 3:
        fail("usage: check_hw_cost.py SCRIPT OUTDIR")
    script, out = sys.argv[1], sys.argv[2]
    shutil.rmtree(out, ignore_errors=True)
    r = subprocess.run([script, "--quick", "--out", out], capture_output=True, text=True)
    sys.stdout.write(r.stderr)
    if r.returncode != 0:
        fail("hw_cost --quick exited %d" % r.returncode)
    entries = json.load(open(os.path.join(out, "hw_cost.json")))
    hits = [e for e in entries if e["block"] == "baws_wpt" and e["params"].get("T") == 8
            and e["params"].get("CW") == 6]
    if len(hits) != 1:
        fail("expected one baws_wpt entry at T=8 CW=6, found %d: %s" % (len(hits), entries))
    e = hits[0]
    if e["status"] != "ok":
        fail("baws_wpt status %r: %s" % (e["status"], e["notes"]))
    if e["ff_bits"] != 48:
        fail("baws_wpt ff_bits = %r, expected exactly 48 (8 x 6-bit counters)" % e["ff_bits"])
    if e["claimed_bits"] != 48:
        fail("baws_wpt claimed_bits = %r, expected 48" % e["claimed_bits"])
    if not (e["area_um2"] and e["area_um2"] > 0 and e["critical_path_ns"] and e["critical_path_ns"] > 0
            and e["logic_depth"] and e["logic_depth"] > 0):
        fail("baws_wpt area / critical path / depth missing: %s" % e)
    md = open(os.path.join(out, "hw_cost.md")).read()
    if "scripts/hw_cost --quick" not in md:
        fail("hw_cost.md does not name the command that produced it")
    check_merge(script, out, entries)
    r = subprocess.run([script, "--block", "no_such_block", "--out", out], capture_output=True, text=True)
    if r.returncode != 2 or "no_such_block" not in r.stderr:
        fail("an unknown block must exit 2 naming it; got %d: %s" % (r.returncode, r.stderr))
    print("OK: baws_wpt T=8 CW=6: %d ff bits (paper 48), %.0f um^2, %.2f ns, depth %d"
          % (e["ff_bits"], e["area_um2"], e["critical_path_ns"], e["logic_depth"]))


if __name__ == "__main__":
    main()
