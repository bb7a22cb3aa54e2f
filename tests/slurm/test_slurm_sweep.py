#!/usr/bin/env python3
"""`scwarp sweep --backend slurm` on a real single-node Slurm
(scripts/slurm-local, started in WORK_DIR and always stopped again):

- a 2 workloads x 2 policies grid at tiny size gives the same sweep.json and
  reports as the local back end, run for run (host times left out), and a
  rerun submits nothing;
- with --no-wait the call returns status 4 after submitting, a second call
  submits nothing while the array runs; an array task cancelled while it
  runs is recorded as failed with Slurm's reason (sweep.json and
  failed/<stem>.txt), never as a result; the next call resubmits only it;
- sbatch's own refusal (an unknown partition) is a clear error;
- scripts/search with --sweep-arg=--backend=slurm (its candidates' sweeps
  through Slurm) ranks the same as with the local back end.

  test_slurm_sweep.py SLURM_LOCAL SEARCH SCWARP WORK_DIR
"""
import json
import shlex
import os
import shutil
import subprocess
import sys
import time

FAILS = []
HOST_FIELDS = {"host", "host_seconds", "launch_seconds", "launch_cpu_seconds", "thread_instructions_per_second"}
GRID = ["--workload", "matmul", "reduction", "--sched", "lrr", "gto", "--size", "tiny", "--config", "tiny"]


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what, flush=True)
    if not cond:
        FAILS.append(what)


# Every command ends by then, so the daemons are stopped well within ctest's
# TIMEOUT (ctest's kill would leave them running).
DEADLINE = time.time() + 300


def run(argv, env, timeout=120):
    timeout = max(5, min(timeout, DEADLINE - time.time()))
    r = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=timeout)
    print("$ %s\n  -> %d\n%s%s" % (" ".join(argv), r.returncode, r.stdout, r.stderr), flush=True)
    return r


def without_host(j):
    if isinstance(j, dict):
        return {k: without_host(v) for k, v in j.items() if k not in HOST_FIELDS}
    if isinstance(j, list):
        return [without_host(v) for v in j]
    return j


def load(path):
    with open(path) as f:
        return json.load(f)


def same_as_local(scwarp, work, env):
    local, slurm = os.path.join(work, "local"), os.path.join(work, "slurm")
    r = run([scwarp, "sweep", *GRID, "--out", local], env)
    check(r.returncode == 0, "the local back end runs the grid")
    start = time.time()
    r = run([scwarp, "sweep", *GRID, "--backend", "slurm", "--jobs", "2", "--out", slurm], env)
    print("slurm sweep took %.1f s" % (time.time() - start))
    check(r.returncode == 0, "the Slurm back end runs the grid")
    check("submitted Slurm job" in r.stdout and "an array of 4 runs, 2 at a time" in r.stdout,
          "it prints the job id and the array size")
    a, b = load(os.path.join(local, "sweep.json")), load(os.path.join(slurm, "sweep.json"))
    check(without_host(a) == without_host(b), "sweep.json equals the local back end's, run for run")
    for run_entry in a["runs"]:
        report = run_entry["report"]
        check(without_host(load(os.path.join(local, report))) == without_host(load(os.path.join(slurm, report))),
              "%s equals the local back end's" % report)
    listing = lambda d: sorted(os.path.relpath(os.path.join(p, f), d) for p, _, fs in os.walk(d) for f in fs
                               if not os.path.relpath(p, d).startswith("slurm"))
    check(listing(local) == listing(slurm), "the same files outside slurm/: %s" % listing(slurm))
    r = run([scwarp, "sweep", *GRID, "--backend", "slurm", "--out", slurm], env)
    check(r.returncode == 0 and "submitted" not in r.stdout and "4 of 4 runs kept" in r.stderr,
          "a rerun submits nothing and keeps every run")


def wait_running(job, task, env, limit=60):
    deadline = min(time.time() + limit, DEADLINE)
    while time.time() < deadline:
        r = subprocess.run(["squeue", "--noheader", "--jobs", job, "--states=RUNNING", "--format=%K"], env=env,
                           capture_output=True, text=True, timeout=30)
        if str(task) in r.stdout.split():
            return True
        time.sleep(0.3)
    return False


def cancelled_task(scwarp, work, env):
    out = os.path.join(work, "cancel")
    # Task 1 sleeps before it runs, so it can be cancelled while it runs.
    slow = os.path.join(work, "slow-scwarp")
    with open(slow, "w") as f:
        f.write('#!/bin/sh\ncase "$*" in *"--index 1") sleep 120 ;; esac\nexec %s "$@"\n' % shlex.quote(scwarp))
    os.chmod(slow, 0o755)
    grid = ["--workload", "matmul", "vector_add", "--sched", "lrr", "--size", "tiny", "--config", "tiny",
            "--backend", "slurm", "--out", out]
    r = run([scwarp, "sweep", *grid, "--no-wait", "--scwarp-binary", slow], env)
    check(r.returncode == 4 and "an array of 2 runs" in r.stdout and "run the same command again" in r.stdout,
          "--no-wait returns status 4 once submitted, saying how to collect")
    job = r.stdout.split("submitted Slurm job ")[1].split(":")[0] if "submitted Slurm job " in r.stdout else ""
    check(not os.path.exists(os.path.join(out, "sweep.json")), "no summary while runs are pending")
    check(wait_running(job, 1, env), "array task 1 runs")
    r = run([scwarp, "sweep", *grid, "--no-wait"], env)
    check(r.returncode == 4 and "submitted" not in r.stdout, "a second call submits nothing while the array runs")
    subprocess.run(["scancel", "%s_1" % job], env=env, check=True, timeout=30)
    r = run([scwarp, "sweep", *grid], env)
    check(r.returncode == 1, "the collecting call exits 1: a run failed")
    s = load(os.path.join(out, "sweep.json"))
    by_workload = {x["workload"]: x for x in s["runs"]}
    check(by_workload["matmul"]["status"] == "verified", "the task that ran is a result")
    cancelled = by_workload["vector_add"]
    check(cancelled["status"] == "failed" and "CANCELLED" in cancelled["error"] and
          ("%s_1" % job) in cancelled["error"], "the cancelled task is failed with Slurm's reason: %s"
          % cancelled.get("error"))
    check(not os.path.exists(os.path.join(out, "runs/tiny/lrr/vector_add.json")), "and has no report")
    record = os.path.join(out, cancelled.get("failure", "failed/tiny/lrr/vector_add.txt"))
    check(os.path.exists(record) and "CANCELLED" in open(record).read(), "failed/<stem>.txt names the reason")
    r = run([scwarp, "sweep", *grid], env)
    check(r.returncode == 0 and "an array of 1 run;" in r.stdout, "a rerun resubmits only the cancelled run")
    check(not os.path.exists(record), "and removes its failure record once it ran")


def sbatch_refusal(scwarp, work, env):
    r = run([scwarp, "sweep", *GRID, "--backend", "slurm", "--partition", "nosuch", "--out",
             os.path.join(work, "refused")], env)
    check(r.returncode == 1 and "sbatch failed" in r.stderr and "partition" in r.stderr.lower(),
          "sbatch's refusal is an error quoting sbatch")
    check(not os.path.exists(os.path.join(work, "refused", "slurm", "array-1")), "and leaves no array behind")


def search_through_slurm(search, scwarp, work, env):
    common = [sys.executable, search, "--space", "pro", "--population", "2", "--generations", "1", "--workload",
              "backprop", "pathfinder", "--size", "tiny", "--config", "tiny", "--best", "1", "--jobs", "2",
              "--scwarp", scwarp]
    local, slurm = os.path.join(work, "search-local"), os.path.join(work, "search-slurm")
    check(run(common + ["--out", local], env).returncode == 0, "a short search runs locally")
    check(run(common + ["--out", slurm, "--sweep-arg=--backend=slurm"], env).returncode == 0,
          "and through the Slurm back end (--sweep-arg=--backend=slurm)")
    check(os.path.isdir(os.path.join(slurm, "gen_000", "sweep", "slurm", "array-1")), "its sweeps went to Slurm")
    for f in ("gen_000/population.json", "best/ranking.json"):
        check(os.path.exists(os.path.join(slurm, f)) and
              load(os.path.join(local, f)) == load(os.path.join(slurm, f)), "%s is the same" % f)


def main():
    slurm_local, search, scwarp, work = sys.argv[1:5]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    slurm_dir = os.path.join(work, "slurm-local")
    env = dict(os.environ, SLURM_CONF=os.path.join(slurm_dir, "slurm.conf"))
    try:
        r = run([slurm_local, "start", slurm_dir], os.environ, timeout=90)
        if r.returncode != 0:
            check(False, "scripts/slurm-local starts a Slurm")
        else:
            same_as_local(scwarp, work, env)
            cancelled_task(scwarp, work, env)
            sbatch_refusal(scwarp, work, env)
            search_through_slurm(search, scwarp, work, env)
    except subprocess.TimeoutExpired as e:
        check(False, "finishes in time: %s" % e)
    finally:
        subprocess.run([slurm_local, "stop", slurm_dir], timeout=90)
    left = [f for f in ("munged.pid", "slurmctld.pid", "slurmd.pid") if os.path.exists(os.path.join(slurm_dir, f))]
    check(not left, "scripts/slurm-local stop leaves no daemon: %s" % left)
    if FAILS:
        print("%d checks failed" % len(FAILS))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
