"""The runs of a `scwarp sweep` over every workload, for the scripts that
compare grid entries run by run (rtl_timing, rlws_theta_width), and a
sweep's policy entry as `scwarp run` options (compare_reports, rtl_speed)."""
import json
import os
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCWARP = os.path.join(REPO, "build", "scwarp")


def run_args(entry):
    """`scwarp run` options for a sweep's policy entry
    (ISSUE[+FETCH][@TRANSFORM][,NAME=VALUE...], docs/cli.md); "default"
    keeps the configuration's policies."""
    entry, *sets = entry.split(",")
    if entry == "default":
        args = []
    else:
        rest, _, transform = entry.partition("@")
        sched, _, fetch = rest.partition("+")
        args = ["--sched", sched]
        if fetch:
            args += ["--fetch", fetch]
        if transform:
            args += ["--transform", transform]
    for s in sets:
        args += ["--set", s]
    return args


def verified_cycles(scwarp, entries, size, jobs, out):
    """Runs (or resumes) the sweep of `entries` into `out`; returns
    ({(workload, entry): cycles} of the verified runs, sorted workloads),
    or None when the sweep itself failed."""
    r = subprocess.run([scwarp, "sweep", "--suite", "all", "--size", size, "--jobs", str(jobs), "--out", out,
                        "--sched"] + list(entries), stdout=sys.stderr)
    if r.returncode != 0:
        sys.stderr.write("scwarp sweep exited %d\n" % r.returncode)
        return None
    runs = json.load(open(os.path.join(out, "sweep.json")))["runs"]
    cycles = {(x["workload"], x["policy"]): x["cycles"] for x in runs if x["verified"]}
    return cycles, sorted({x["workload"] for x in runs})
