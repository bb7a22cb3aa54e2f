#!/usr/bin/env python3
"""scripts/search: the GA operators, and a short real search on the built
simulator (4 candidates, 2 generations, vector_add at tiny size on the tiny
GPU): its files, resuming without simulating again, the same population for
the same seed, a refused rerun with other arguments, clear errors.

  test_search.py SCRIPT SCWARP WORK_DIR
"""
import importlib.machinery
import importlib.util
import os
import random
import shutil
import subprocess
import sys

FAILS = []


def check(cond, what):
    if not cond:
        FAILS.append(what)
        print("FAIL:", what)


def load(script):
    loader = importlib.machinery.SourceFileLoader("search_script", script)
    spec = importlib.util.spec_from_loader("search_script", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def operators(s):
    rng = random.Random(3)
    a, b = [0] * 6, [1] * 6
    c1, c2 = s.crossover(rng, a, b)
    cut = c1.index(1)
    check(0 < cut < 6 and c1 == [0] * cut + [1] * (6 - cut) and c2 == [1] * cut + [0] * (6 - cut),
          "one-point crossover: %s %s" % (c1, c2))
    check(all(s.roulette(rng, [0, 0, 2.5]) == 2 for _ in range(50)), "roulette picks only the fit one")
    picks = [s.roulette(rng, [1, 3]) for _ in range(4000)]
    check(0.70 < picks.count(1) / len(picks) < 0.80, "roulette is fitness-proportional (3:1)")
    space = s.Space(os.path.join(s.SPACES, "rlws.json"))
    g = space.random_genome(rng)
    m = s.mutate(rng, space, list(g))
    check(sum(x != y for x, y in zip(g, m)) == 1, "a mutation changes exactly one position")
    best = space.genome_of(space.paper_best)
    check(sorted(space.settings(best)["rlws_attributes"].split(",")) ==
          sorted("AGML:2,GNMIE:8,L1MP:8,L2MP:2,NFMI:4,NIPL1M:4,NRAI:4,SMNMIE:4".split(",")),
          "the paper's best round-trips through a genome")
    pop = s.next_generation(space, random.Random(1), [g, m], [1.0, 1.2], [(m, 1.2)], 10, 10, 0.3)
    check(len(pop) == 10 and pop[-1] == m, "every 10th generation brings back the best seen")


def run(script, scwarp, out, *extra):
    argv = [sys.executable, script, "--space", "rlws", "--out", out, "--population", "4", "--generations", "2",
            "--workload", "vector_add", "--size", "tiny", "--config", "tiny", "--best", "2", "--jobs", "2",
            "--scwarp", scwarp] + list(extra)
    return subprocess.run(argv, capture_output=True, text=True)


def mtimes(folder):
    out = {}
    for root, _, files in os.walk(folder):
        for f in files:
            out[os.path.join(root, f)] = os.stat(os.path.join(root, f)).st_mtime_ns
    return out


def real_search(script, scwarp, work):
    shutil.rmtree(work, ignore_errors=True)
    a, b = os.path.join(work, "a"), os.path.join(work, "b")
    r = run(script, scwarp, a)
    check(r.returncode == 0, "a short search runs: %s" % r.stderr[-500:])
    for f in ("state.json", "search.log", "gen_000/population.json", "gen_001/population.json",
              "best/best_01.config", "best/best_02.config", "best/summary.md"):
        check(os.path.isfile(os.path.join(a, f)), "it writes %s" % f)
    check(sum(line.startswith("search: generation") for line in r.stdout.splitlines()) == 8,
          "a progress line per candidate")
    before = mtimes(os.path.join(a, "sweep"))
    r = run(script, scwarp, a)
    check(r.returncode == 0 and "resuming" in r.stdout, "a rerun resumes")
    check(mtimes(os.path.join(a, "sweep")) == before, "a rerun simulates nothing again")
    r = run(script, scwarp, b, "--jobs", "1")
    pops = [open(os.path.join(d, "gen_001", "population.json")).read() for d in (a, b)]
    check(r.returncode == 0 and pops[0] == pops[1], "the same seed gives the same generations")
    r = run(script, scwarp, a, "--seed", "2")
    check(r.returncode == 2 and "seed differ" in r.stderr, "a rerun with another seed is refused: " + r.stderr)
    bad = os.path.join(work, "bad.json")
    with open(bad, "w") as f:
        f.write('{"policy": "rlws",\n "genes": [}\n')
    r = subprocess.run([sys.executable, script, "--space", bad, "--out", os.path.join(work, "c"),
                        "--scwarp", scwarp], capture_output=True, text=True)
    check(r.returncode == 2 and "bad.json:2:" in r.stderr, "bad JSON names file:line: " + r.stderr)
    with open(bad, "w") as f:
        f.write('{"policy": "rlws", "genes": [{"option": "rlws_nope", "values": ["1"]}]}')
    r = subprocess.run([sys.executable, script, "--space", bad, "--out", os.path.join(work, "c"),
                        "--scwarp", scwarp], capture_output=True, text=True)
    check(r.returncode == 2 and "-rlws_nope" in r.stderr, "an option the binary lacks is named: " + r.stderr)


def main():
    script, scwarp, work = sys.argv[1:4]
    operators(load(script))
    real_search(script, scwarp, work)
    print("%d failures" % len(FAILS))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
