#!/usr/bin/env python3
"""scripts/search (seed 003's genetic search): its GA operators and
search-space checks with fixed seeds, then short real searches with the
simulator on the pro search space (which every build has): 4 candidates, 2
generations, 2 workloads at tiny size on the tiny GPU. Checks the files, that
a rerun simulates nothing again, that a search killed after a generation
resumes drawing the same candidates, that the same seed gives the same
population.json, that other arguments are refused naming them, that failing
candidates get fitness 0 and the search goes on, and clear errors for bad
search-space files.

  test_search.py SCRIPT SCWARP WORK_DIR
"""
import importlib.machinery
import importlib.util
import json
import os
import random
import shutil
import subprocess
import sys

FAILS = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what, flush=True)
    if not cond:
        FAILS.append(what)


def load(script):
    loader = importlib.machinery.SourceFileLoader("search_script", script)
    spec = importlib.util.spec_from_loader("search_script", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


# ---------------------------------------------------------------- operators
def operators(s, work):
    a, b = [0] * 6, [1] * 6
    c1, c2 = s.crossover(random.Random(3), a, b)
    cut = c1.index(1)
    check(0 < cut < 6 and c1 == [0] * cut + [1] * (6 - cut) and c2 == [1] * cut + [0] * (6 - cut),
          "one-point crossover swaps the tails at one cut in 1..L-1: %s %s" % (c1, c2))
    check(s.crossover(random.Random(3), a, b) == (c1, c2), "the same seed cuts at the same point")
    cuts = {s.crossover(random.Random(k), a, b)[0].index(1) for k in range(200)}
    check(cuts == {1, 2, 3, 4, 5}, "every cut point 1..5 is drawn: %s" % sorted(cuts))

    rng = random.Random(5)
    check(all(s.roulette(rng, [0, 0, 2.5, 0]) == 2 for _ in range(200)), "roulette never draws fitness 0")
    picks = [s.roulette(rng, [1.0, 3.0]) for _ in range(4000)]
    check(0.72 < picks.count(1) / 4000 < 0.78, "roulette is fitness-proportional (3:1): %.3f" % (picks.count(1) / 4000))
    picks = [s.roulette(rng, [0, 0, 0]) for _ in range(300)]
    check(set(picks) == {0, 1, 2}, "all fitness 0: uniform")

    mp = s.mutation_probability
    check(mp(0.2, 1.0, 1.0) == 0.2 and abs(mp(0.2, 0.5, 0.3) - 0.5) < 1e-12 and mp(0.2, 0, 0) == 1.0
          and mp(2.0, 1.0, 1.0) == 1.0, "mutation probability min(1, M / mean parent fitness)")
    check([s.extra_count(n) for n in (1, 2, 4, 10, 95, 100)] == [0, 1, 1, 1, 10, 10],
          "10% of a generation (rounded up) are not children")

    pro = s.find_space("pro")
    rng = random.Random(11)
    for _ in range(50):
        g = pro.random_genome(rng)
        m = s.mutate(rng, pro, list(g))
        if sum(x != y for x, y in zip(g, m)) != 1 or not all(0 <= v < len(pro.positions[p][2])
                                                             for p, v in enumerate(m)):
            check(False, "a mutation changes exactly one position to another valid choice: %s -> %s" % (g, m))
            break
    else:
        check(True, "a mutation changes exactly one position to another valid choice")

    rlws = s.find_space("rlws")
    check(len(rlws.positions) == 5 + 34, "rlws: 5 RL parameters + 34 attribute positions")
    check(sorted(rlws.settings(rlws.known_best)["rlws_attributes"].split(",")) ==
          sorted("AGML:2,GNMIE:8,L1MP:8,L2MP:2,NFMI:4,NIPL1M:4,NRAI:4,SMNMIE:4".split(",")),
          "rlws: Table V round-trips through a genome")
    ms = s.find_space("rlws_ms")
    check(ms.settings(ms.known_best)["rlws_ms_gamma"] == "0.999", "rlws_ms: Table VIII's gamma")
    check(rlws.settings(rlws.known_best)["rlws_initial_q"] == "25" and
          ms.settings(ms.known_best)["rlws_ms_initial_q"] == "1250",
          "derived initial Q: 1.25 rmax / (1 - gamma), the policies' defaults for Tables V and VIII")
    for space in (rlws, ms):
        choices = [c for _, item, c in space.positions if item is None]
        check(all(len(c) >= 5 for c in choices), "%s: at least 5 values per RL parameter" % space.name)
    empty = [0] * len(rlws.positions)
    rlws.repair(empty, random.Random(1))
    check(sum(1 for p, (_, item, _) in enumerate(rlws.positions) if item and empty[p]) == 1,
          "an empty attribute set is repaired to one attribute")
    sizes = [len(rlws.settings(rlws.random_genome(random.Random(k)))["rlws_attributes"].split(","))
             for k in range(300)]
    check(6.5 < sum(sizes) / len(sizes) < 9.5, "a random rlws candidate has about 8 attributes: %.1f"
          % (sum(sizes) / len(sizes)))

    parents = [pro.random_genome(random.Random(k)) for k in range(10)]
    fitness = [1.0 + k / 10 for k in range(10)]
    best = [[6, 1, 2], [5, 0, 0]]
    g3 = s.next_generation(pro, random.Random(9), parents, fitness, best, 3, 10, 0.2)
    check(len(g3) == 10 and g3 == s.next_generation(pro, random.Random(9), parents, fitness, best, 3, 10, 0.2),
          "a next generation has P candidates, the same for the same seed")
    g10 = s.next_generation(pro, random.Random(9), parents, fitness, best, 10, 10, 0.2)
    check(g10[:9] == g3[:9] and g10[9] == [6, 1, 2], "every 10th generation the extras are the best seen")
    g20 = s.next_generation(pro, random.Random(9), parents, fitness, best, 20, 20, 0.2)
    check(g20[18:] == best, "the best 10%% seen, best first: %s" % g20[18:])

    bad = os.path.join(work, "space.json")
    cases = [('{"policy": "pro",\n "genes": [}\n', "space.json:2:"),
             ('{"policy": "pro", "genes": [{"type": "choise", "option": "x", "values": [1]}]}', '"type"'),
             ('{"policy": "pro", "genes": [{"type": "choice", "option": "x", "values": []}]}', "non-empty"),
             ('{"policy": "pro", "genes": [{"type": "choice", "option": "x", "values": [1, 1]}]}', "twice"),
             ('{"policy": "pro", "genes": [{"type": "choice", "option": "x", "values": [1]},'
              ' {"type": "choice", "option": "x", "values": [2]}]}', "two genes"),
             ('{"policy": "pro", "genes": [{"type": "subset", "option": "x", "items": {"A": [2]}, "min_items": 3}]}',
              "min_items"),
             ('{"policy": "pro", "genes": [{"type": "choice", "option": "x", "values": [1, 2]}],'
              ' "known_best": {"settings": {"x": "3"}}}', "x=3"),
             ('{"policy": "pro", "genez": []}', "genez"),
             ('{"policy": "pro", "genes": [{"type": "choice", "option": "x", "values": [1]}],'
              ' "derived": [{"option": "y", "value": "__import__(\'os\')"}]}', "max(...)"),
             ('{"policy": "pro", "genes": [{"type": "choice", "option": "x", "values": ["a"]}],'
              ' "derived": [{"option": "y", "value": "2 * x"}]}', "x is not")]
    for text, needle in cases:
        write(bad, text)
        try:
            s.Space(bad)
            check(False, "bad space refused: %s" % text)
        except s.SearchError as e:
            check(bad in str(e) and needle in str(e), "bad space refused naming the file and %s: %s" % (needle, e))


# ---------------------------------------------------------------- real searches
def search(script, scwarp, out, *extra, space="pro"):
    argv = [sys.executable, script, "--space", space, "--out", out, "--population", "4", "--generations", "2",
            "--workload", "backprop", "pathfinder", "--size", "tiny", "--config", "tiny", "--best", "2",
            "--jobs", "2", "--scwarp", scwarp] + list(extra)
    return subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)


def mtimes(folder, skip=("search.log",)):
    out = {}
    for root, _, files in os.walk(folder):
        for f in files:
            if f not in skip:
                out[os.path.join(root, f)] = os.stat(os.path.join(root, f)).st_mtime_ns
    return out


def read(path):
    with open(path) as f:
        return f.read()


def real_searches(script, scwarp, work):
    a, b = os.path.join(work, "a"), os.path.join(work, "b")
    r = search(script, scwarp, a)
    check(r.returncode == 0, "a short search runs: %s" % r.stderr[-800:])
    for f in ("state.json", "search.log", "gen_000/population.json", "gen_001/population.json",
              "gen_000/sweep/sweep.json", "baseline/sweep.json", "final/sweep/sweep.json",
              "best/best_01.config", "best/best_02.config", "best/summary.md", "best/ranking.json"):
        check(os.path.isfile(os.path.join(a, f)), "it writes %s" % f)
    progress = [line for line in r.stdout.splitlines() if line.startswith("search: generation")]
    check(len(progress) == 8 and all(" fitness " in p and " best " in p for p in progress),
          "a progress line per candidate with fitness and best so far")
    pop = json.loads(read(os.path.join(a, "gen_000", "population.json")))["candidates"]
    check(len(pop) == 4 and all(c["fitness"] > 0 and not c["failed"] for c in pop), "generation 0 all ran")
    configs = [f for f in os.listdir(os.path.join(a, "gen_000", "configs")) if f.endswith(".config")]
    check(sorted(configs) == sorted({c["config"] + ".config" for c in pop}), "one config file per distinct candidate")
    text = read(os.path.join(a, "best", "best_01.config"))
    check("-gpgpu_n_clusters 2" in text and "-scwarp_pro_threshold " in text,
          "a best config is the base config plus the genes")

    before = mtimes(a)
    r = search(script, scwarp, a)
    check(r.returncode == 0 and "already complete" in r.stdout, "a rerun of a finished search does nothing")
    check(mtimes(a) == before, "... and writes nothing")

    # A search killed after generation 0: what state.json holds then.
    state = json.loads(read(os.path.join(a, "state.json")))
    pop1 = read(os.path.join(a, "gen_001", "population.json"))
    summary = read(os.path.join(a, "best", "summary.md"))
    runs1 = mtimes(os.path.join(a, "gen_001", "sweep", "runs"))
    state["generations"] = state["generations"][:1]
    state["done"] = False
    write(os.path.join(a, "state.json"), json.dumps(state))
    os.remove(os.path.join(a, "gen_001", "population.json"))
    shutil.rmtree(os.path.join(a, "best"))
    r = search(script, scwarp, a)
    check(r.returncode == 0 and "resuming after generation 0" in r.stdout, "a killed search resumes: " + r.stderr)
    check(read(os.path.join(a, "gen_001", "population.json")) == pop1, "... drawing the same generation 1")
    check(mtimes(os.path.join(a, "gen_001", "sweep", "runs")) == runs1, "... keeping the runs it had done")
    check(read(os.path.join(a, "best", "summary.md")) == summary, "... to the same best candidates")

    r = search(script, scwarp, b, "--jobs", "1")
    check(r.returncode == 0, "the same search in another folder runs")
    for g in ("gen_000", "gen_001"):
        check(read(os.path.join(a, g, "population.json")) == read(os.path.join(b, g, "population.json")),
              "the same seed gives the same %s/population.json" % g)
    r = search(script, scwarp, os.path.join(work, "c"), "--seed", "2")
    check(r.returncode == 0 and read(os.path.join(work, "c", "gen_000", "population.json")) !=
          read(os.path.join(a, "gen_000", "population.json")), "another seed draws other candidates")

    r = search(script, scwarp, a, "--seed", "2", "--size", "small")
    check(r.returncode == 2 and "--seed (1, now 2)" in r.stderr and "--size" in r.stderr,
          "a rerun with other arguments is refused naming them: " + r.stderr.strip())

    # Candidates that fail: a config the simulator refuses (threshold 0) and
    # one on which no block fits (64 registers): fitness 0, the search goes on.
    failing = os.path.join(work, "failing.json")
    write(failing, json.dumps({"policy": "pro", "genes": [
        {"type": "choice", "option": "scwarp_pro_threshold", "values": ["0", "500", "1000"]},
        {"type": "choice", "option": "gpgpu_shader_registers", "values": ["32768", "64"]}]}))
    d = os.path.join(work, "d")
    r = search(script, scwarp, d, "--population", "6", space=failing)
    check(r.returncode == 0, "a search with failing candidates completes: " + r.stderr[-500:])
    cands = [c for g in ("gen_000", "gen_001")
             for c in json.loads(read(os.path.join(d, g, "population.json")))["candidates"]]
    bad = [c for c in cands if c["settings"]["gpgpu_shader_registers"] == "64"
           or c["settings"]["scwarp_pro_threshold"] == "0"]
    check(bad and all(c["fitness"] == 0 and c["failed"] for c in bad), "failing candidates have fitness 0")
    check(any("config" in c["failed"] for c in bad) and any("backprop" in c["failed"] for c in bad),
          "both a refused config and a failed run are recorded")
    check(all(c["fitness"] > 0 for c in cands if c not in bad), "the others are measured")
    check("FAILED" in r.stdout, "the progress line reports a failure")

    bad = os.path.join(work, "bad.json")
    write(bad, '{"policy": "pro",\n "genes": [}\n')
    r = search(script, scwarp, os.path.join(work, "e"), space=bad)
    check(r.returncode == 2 and "bad.json:2:" in r.stderr and "bad JSON" in r.stderr,
          "bad JSON: status 2 naming file:line: " + r.stderr.strip())
    check(not os.path.exists(os.path.join(work, "e")), "... before creating the output folder")
    write(bad, '{"policy": "pro", "genes": [{"type": "choice", "option": "scwarp_nope", "values": ["1"]}]}')
    r = search(script, scwarp, os.path.join(work, "e"), space=bad)
    check(r.returncode == 2 and "-scwarp_nope" in r.stderr and "bad.json" in r.stderr,
          "an option the binary lacks is named with its search space: " + r.stderr.strip())
    r = search(script, scwarp, os.path.join(work, "e"), space="no_such_space")
    check(r.returncode == 2 and "no_such_space" in r.stderr and "pro" in r.stderr,
          "an unknown search space is named, with the known ones: " + r.stderr.strip())


def main():
    script, scwarp, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    operators(load(script), work)
    real_searches(script, scwarp, work)
    print("%d failures" % len(FAILS))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
