#!/usr/bin/python3
"""Runs `hw_cost --quick --out OUT` and checks its JSON: baws_wpt at T=8,
CW=6 must have exactly 48 flip-flop bits (BAWS: 8 TBs x 6-bit counters), a
positive area and critical path, and the md must name the command. Also
checks that a bad argument is refused with exit status 2."""
import json
import os
import shutil
import subprocess
import sys


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


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
    r = subprocess.run([script, "--block", "no_such_block", "--out", out], capture_output=True, text=True)
    if r.returncode != 2 or "no_such_block" not in r.stderr:
        fail("an unknown block must exit 2 naming it; got %d: %s" % (r.returncode, r.stderr))
    print("OK: baws_wpt T=8 CW=6: %d ff bits (paper 48), %.0f um^2, %.2f ns, depth %d"
          % (e["ff_bits"], e["area_um2"], e["critical_path_ns"], e["logic_depth"]))


if __name__ == "__main__":
    main()
