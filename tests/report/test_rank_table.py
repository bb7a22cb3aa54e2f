#!/usr/bin/python3
"""Unit test of sweep_report.py's rank tables (seed 003's Tables VI and X)
and its 'best or second best on K of N' claims, on a made-up sweep.json and
seed file: the ranks (fewest cycles = rank 1, a tie sharing the better rank),
the per-rank and overall geometric-mean speedups, the workloads left out
(a run that did not verify), a rank table naming a policy the sweep lacks,
and the claim's share. Exits 77 (skipped) where matplotlib, which
sweep_report.py imports, is absent.

    test_rank_table.py SWEEP_REPORT_PY
"""
import json
import os
import sys

import report_harness

POLICIES = ["lrr", "gto", "tl", "new"]
AMONG = ["lrr", "gto", "tl", "new"]
# cycles per workload and policy; None = the run did not verify.
CYCLES = {
    "w1": {"lrr": 100, "gto": 90, "tl": 95, "new": 80},   # new fewest: rank 1
    "w2": {"lrr": 100, "gto": 80, "tl": 95, "new": 90},   # one fewer: rank 2
    "w3": {"lrr": 100, "gto": 80, "tl": 90, "new": 100},  # tied with lrr behind two: rank 3
    "w4": {"lrr": 100, "gto": 80, "tl": 100, "new": 80},  # tied with gto for the fewest: rank 1
    "w5": {"lrr": 100, "gto": 90, "tl": 95, "new": None},  # new unverified: left out
}

SEED = {
    "name": "synthetic", "title": "Synthetic",
    "papers": [{"seed": "999", "file": "999_none.txt"}],
    "grid": POLICIES,
    "workloads": {"list": sorted(CYCLES), "quick": ["w1"]},
    "outputs": {"sweep": "out/synthetic-{size}", "report": "out/synthetic", "doc": "out/synthetic.md"},
    "sections": ["cycles", "ranks"],
    "rank_tables": [
        {"policy": "new", "among": AMONG, "against": ["lrr", "gto"], "paper_table": "Table 9"},
        {"policy": "new", "among": ["lrr", "absent", "new"], "against": ["lrr"]},
    ],
    "claims": [
        {"claim": "new best or second best", "paper": "999_none.txt", "policy": "new", "among": AMONG,
         "workloads": "all", "compare": "rank_share", "rank_at_most": 2, "count": 47, "of": 59, "quotes": ["-"]},
        {"claim": "absent best", "paper": "999_none.txt", "policy": "new", "among": ["absent", "new"],
         "workloads": "all", "compare": "rank_share", "rank_at_most": 1, "count": 1, "of": 2, "quotes": ["-"]},
    ],
}

# Expected, by hand. Rank 1: w1, w4 (new/lrr 1.25, 1.25; new/gto 1.125, 1.0);
# rank 2: w2 (1.111, 0.889); rank 3: w3 (1.0, 0.8); rank 4: none.
# Overall: lrr (1.25 * 1.25 * 1.1111 * 1.0)^(1/4) = 1.148;
# gto (1.125 * 1.0 * 0.8889 * 0.8)^(1/4) = 0.8^(1/4) = 0.946.
EXPECTED_ROWS = [
    "| 1 | 2 | 1.250 | 1.061 |",
    "| 2 | 1 | 1.111 | 0.889 |",
    "| 3 | 1 | 1.000 | 0.800 |",
    "| 4 | 0 | - | - |",
    "| Overall | 4 | 1.148 | 0.946 |",
]


def write_sweep(folder):
    with open(os.path.join(folder, "sweep.json"), "w") as f:
        json.dump(sweep_json(), f)


def sweep_json():
    runs = []
    for w, per in CYCLES.items():
        for p in POLICIES:
            c = per[p]
            runs.append({"config": "gtx480", "policy": p, "workload": w, "barrier_intensive": False,
                         "status": "verified" if c is not None else "unverified", "verified": c is not None,
                         "cycles": c if c is not None else 1, "ipc": 1.0, "report": f"runs/{p}/{w}.json"})
    return {"size": "tiny", "seed": 1, "sets": [], "configs": ["gtx480"], "policies": POLICIES,
            "workloads": sorted(CYCLES), "runs": runs,
            "summary": {"runs": len(runs), "verified": len(runs) - 1, "unverified": 1, "failed": 0}}


def main(argv):
    if len(argv) != 2:
        sys.exit("usage: test_rank_table.py SWEEP_REPORT_PY")
    if report_harness.matplotlib_missing():
        return report_harness.SKIPPED
    result = report_harness.run_report(argv[1], write_sweep, SEED,
                                       ["--barrier-set", "label", "--unregistered", "absent"])
    if result is None:
        return 1
    report, doc, _ = result
    failures = []
    for text, where in ((report, "report.md"), (doc, "the claims file")):
        if "Rank of new among lrr, gto, tl, new (Table 9)" not in text:
            failures.append(f"{where}: no rank table heading")
        if "| rank | workloads | new over lrr | new over gto |" not in text:
            failures.append(f"{where}: no rank table header")
        failures += [f"{where}: row {row!r} missing" for row in EXPECTED_ROWS if row not in text]
        if "1 workload without a verified run of all of them left out." not in text:
            failures.append(f"{where}: the left-out workload is not named")
    if "Not computed: `absent` not in this sweep." not in report:
        failures.append("report.md: the rank table with a policy the sweep lacks does not say so")
    if "Not computed: `absent` not registered in scwarp yet." not in doc:
        failures.append("claims file: the rank table with an unregistered policy does not say so")
    share = "| new best or second best | seed 999 | 47/59 (0.797) | rank 1..2 of 4, share | 3/4 (0.750) | -4.7 pp | 4/5 |"
    if share not in doc:
        failures.append(f"claims file: no row {share!r}")
    if "| absent best | seed 999 | 1/2 (0.500) | rank 1..1 of 2, share | missing: `absent` not registered" not in doc:
        failures.append("claims file: the claim with an unregistered policy is not named missing")
    for heading in ("### Speedup", "### Stalls", "### Barrier-intensive", "### RTRU", "### TB timeline"):
        if heading in report:
            failures.append(f"report.md: section {heading!r} written, though the seed does not ask for it")
    return report_harness.verdict("rank table", failures, report, doc)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
