#!/usr/bin/python3
"""Unit test of sweep_report.py's seed 002 parts on a made-up sweep: the
branch-divergent split (LRR's issued instructions fill under 90% of their
lanes), its geometric-mean rows and claim workloads, and the lanes section
(lanes per issued instruction / idle scheduler-cycles per policy, both
plots). Exits 77 (skipped) where matplotlib is absent.

    test_lanes_split.py SWEEP_REPORT_PY
"""
import json
import os
import sys

import report_harness

LANES = 33  # histogram bins: 0..32 active lanes


def histogram(at):
    """A lane histogram: {lanes: count}."""
    return [at.get(i, 0) for i in range(LANES)]


# Per workload and policy: (cycles, lanes per issued instruction, lanes per scheduler-cycle).
RUNS = {
    # 16 lanes on average under lrr (50%): branch-divergent; lwm packs them.
    "div": {"lrr": (200, histogram({8: 1, 24: 1}), histogram({0: 2, 8: 1, 24: 1})),
            "lwm": (100, histogram({32: 1}), histogram({0: 1, 32: 1}))},
    # 31 of 32 lanes (96.9%): not divergent.
    "full": {"lrr": (100, histogram({30: 1, 32: 1}), histogram({30: 1, 32: 1})),
             "lwm": (125, histogram({30: 1, 32: 1}), histogram({0: 2, 30: 1, 32: 1}))},
}
SEED = {
    "name": "synthetic", "title": "Synthetic",
    "papers": [{"seed": "999", "file": "999_none.txt"}],
    "grid": ["lrr", "lwm"], "split": "branch",
    "workloads": {"list": sorted(RUNS), "quick": ["div"]},
    "outputs": {"sweep": "out/synthetic-{size}", "report": "out/synthetic", "doc": "out/synthetic.md"},
    "sections": ["lanes", "speedup"], "lanes": {"policies": ["lrr", "lwm"]},
    "claims": [
        {"claim": "lwm on divergent", "paper": "999_none.txt", "policy": "lwm", "reference": "lrr",
         "workloads": "divergent", "compare": "ratio", "value": 1.5, "quotes": ["-"]},
        {"claim": "lwm on the others", "paper": "999_none.txt", "policy": "lwm", "reference": "lrr",
         "workloads": "other", "compare": "ratio", "value": 1.0, "quotes": ["-"]},
    ],
}
EXPECTED_REPORT = [
    "| workload | branch-divergent | lrr | lwm |",
    "| div | yes | 50.0% / 50.0% | 100.0% / 50.0% |",
    "| full | no | 96.9% / 0.0% | 96.9% / 50.0% |",
    "| geomean (branch-divergent) | 1 workload | 2.000 (n=1) |",
    "| geomean (other) | 1 workload | 0.800 (n=1) |",
    "| geomean | 2 workloads | 1.265 (n=2) |",
]
EXPECTED_CLAIMS = [
    "| lwm on divergent | seed 999 | 1.500 | ratio | 2.000 | +50.0 pp | 1/1 |",
    "| lwm on the others | seed 999 | 1.000 | ratio | 0.800 | -20.0 pp | 1/1 |",
]


def write_sweep(folder):
    runs = []
    for w, per in RUNS.items():
        for p, (cycles, per_instruction, per_cycle) in per.items():
            path = f"runs/{p}/{w}.json"
            os.makedirs(os.path.join(folder, "runs", p), exist_ok=True)
            with open(os.path.join(folder, path), "w") as f:
                json.dump({"cycles": cycles, "stalls": {}, "metrics": {"barrier_stall_fraction": 0.0}, "scheduler_cycles": sum(per_cycle),
                           "issued": sum(per_instruction), "thread_instructions": 0, "kernels": [],
                           "simd": {"lanes_per_instruction": per_instruction,
                                    "lanes_per_scheduler_cycle": per_cycle}}, f)
            runs.append({"config": "gtx480", "policy": p, "workload": w, "barrier_intensive": False,
                         "status": "verified", "verified": True, "cycles": cycles, "ipc": 1.0, "report": path})
    with open(os.path.join(folder, "sweep.json"), "w") as f:
        json.dump({"size": "tiny", "seed": 1, "sets": [], "configs": ["gtx480"], "policies": ["lrr", "lwm"],
                   "workloads": sorted(RUNS), "runs": runs,
                   "summary": {"runs": len(runs), "verified": len(runs), "unverified": 0, "failed": 0}}, f)


def main(argv):
    if len(argv) != 2:
        sys.exit("usage: test_lanes_split.py SWEEP_REPORT_PY")
    if report_harness.matplotlib_missing():
        return report_harness.SKIPPED
    result = report_harness.run_report(argv[1], write_sweep, SEED)
    if result is None:
        return 1
    report, doc, sizes = result
    failures = [f"report.md: row {row!r} missing" for row in EXPECTED_REPORT if row not in report]
    failures += [f"claims file: row {row!r} missing" for row in EXPECTED_CLAIMS if row not in doc]
    failures += [f"{png} is missing or empty" for png in ("lanes_per_instruction_gtx480.png",
                                                          "lanes_per_scheduler_cycle_gtx480.png")
                 if not sizes.get(png)]
    return report_harness.verdict("lanes and branch split", failures, report, doc)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
