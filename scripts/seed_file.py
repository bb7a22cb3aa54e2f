#!/usr/bin/env python3
"""The per-seed description files, scripts/seeds/<name>.json: one per paper
(or group of papers) that scripts/reproduce runs a grid for. Each is data,
not code: the grid of policies, the workloads, the default output names,
which sections the report writes, the rank tables and the papers' claims
(see docs/results/README.md for the schema). Standard library only, so any
python3 runs it.

    seed_file.py list            the seeds: name and title, one a line
    seed_file.py shell SEED      bash assignments for scripts/reproduce
    seed_file.py check [SEED...] load and validate (default: every seed; exit 2
                                 naming the problem)

SEED is a name in scripts/seeds/ (pro_baws, rlws) or the path of a .json file.
"""
import json
import os
import shlex
import sys

SEEDS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "seeds")
DEFAULT = "pro_baws"
# The sections of report.md a seed may ask for, in the order they are written.
SECTIONS = ["barrier", "divergence", "vtw", "lanes", "speedup", "cycles", "ranks", "stalls", "rtru", "timeline"]
# scwarp's problem sizes; a seed's "size" is the one its reproduction runs by default.
SIZES = ["tiny", "small", "paper"]
REQUIRED = ["name", "title", "papers", "grid", "workloads", "outputs", "sections", "claims"]
# The kinds of claim (sweep_report.py's claim_measure) and the fields each needs.
CLAIM_FIELDS = {
    "ratio": ["reference", "value"],
    "difference_over_lrr": ["reference", "value"],
    "rank_share": ["among", "rank_at_most", "count", "of"],
    "stall_ratio": ["reference", "value"],
    "instruction_ratio": ["reference", "value"],
}


class SeedError(Exception):
    pass


def names():
    """The seeds in scripts/seeds/, sorted."""
    if not os.path.isdir(SEEDS_DIR):
        return []
    return sorted(f[:-len(".json")] for f in os.listdir(SEEDS_DIR) if f.endswith(".json"))


def path_of(seed):
    if seed.endswith(".json") or os.sep in seed:
        if not os.path.isfile(seed):
            raise SeedError(f"seed file '{seed}' does not exist")
        return seed
    if seed not in names():
        raise SeedError(f"unknown seed '{seed}' (known: {', '.join(names()) or 'none'}; "
                        f"files in {SEEDS_DIR})")
    return os.path.join(SEEDS_DIR, seed + ".json")


def validate(seed, where):
    def fail(what):
        raise SeedError(f"{where}: {what}")

    missing = [k for k in REQUIRED if k not in seed]
    if missing:
        fail(f"missing {', '.join(missing)}")
    if not seed["grid"] or not all(isinstance(p, str) and p for p in seed["grid"]):
        fail("grid must be a non-empty list of policies (ISSUE[+FETCH][@TRANSFORM][,NAME=VALUE...])")
    config = seed.get("config", "")
    if not (isinstance(config, str) or (isinstance(config, list) and config
                                        and all(isinstance(c, str) and c for c in config))):
        fail("config must be a config name (configs/NAME.config), a list of them (the claims use the first), "
             "or absent for the built-in gtx480")
    if seed.get("size", "paper") not in SIZES:
        fail(f"size '{seed['size']}' is not one of {SIZES}")
    if seed.get("size", "paper") != "paper" and not seed.get("size_why"):
        fail("a seed reproduced at another size than paper must say why (size_why)")
    if seed.get("split", "barrier") not in ("barrier", "branch"):
        fail(f"split '{seed['split']}' is not barrier (seed 001's barrier-intensive) or branch (seed 002's "
             "branch-divergent)")
    lane_policies = seed.get("lanes", {}).get("policies", [])
    if any(p not in seed["grid"] for p in lane_policies):
        fail(f"lanes.policies {lane_policies} must be policies of the grid")
    w = seed["workloads"]
    if ("suite" in w) == ("list" in w):
        fail("workloads needs exactly one of suite (barrier|other|all) or list")
    if "suite" in w and w["suite"] not in ("barrier", "other", "all"):
        fail(f"workloads.suite '{w['suite']}' is not barrier, other or all")
    if not w.get("quick"):
        fail("workloads.quick (the --quick subset) must be a non-empty list")
    for k in ("sweep", "report", "doc"):
        if not seed["outputs"].get(k):
            fail(f"outputs.{k} is missing")
    if "{size}" not in seed["outputs"]["sweep"]:
        fail("outputs.sweep must contain {size}")
    unknown = [s for s in seed["sections"] if s not in SECTIONS]
    if unknown:
        fail(f"sections {unknown} are not among {SECTIONS}")
    if "timeline" in seed["sections"] and not seed.get("timeline", {}).get("policies"):
        fail("the timeline section needs timeline.workload, timeline.quick_workload and timeline.policies")
    for t in seed.get("rank_tables", []):
        if t.get("policy") not in t.get("among", []):
            fail(f"rank table of '{t.get('policy')}': the policy must be one of among {t.get('among')}")
        if not t.get("against") or t["policy"] in t["against"]:
            fail(f"rank table of '{t['policy']}': against must name other policies")
    files = {p["file"] for p in seed["papers"]}
    for c in seed["claims"]:
        name = c.get("claim")
        if c.get("paper") not in files:
            fail(f"claim '{name}': paper '{c.get('paper')}' is not one of the seed's papers")
        if c.get("compare") not in CLAIM_FIELDS:
            fail(f"claim '{name}': compare '{c.get('compare')}' is not one of {sorted(CLAIM_FIELDS)}")
        absent = [k for k in ["claim", "policy", "workloads", "quotes"] + CLAIM_FIELDS[c["compare"]] if k not in c]
        if absent:
            fail(f"claim '{name}' ({c['compare']}): missing {', '.join(absent)}")
        if c["compare"] == "rank_share" and c["policy"] not in c["among"]:
            fail(f"claim '{name}': policy '{c['policy']}' is not among {c['among']}")
    return seed


def load(seed=DEFAULT):
    """The seed's description, validated; SeedError on any problem."""
    path = path_of(seed)
    try:
        with open(path) as f:
            data = json.load(f)
    except json.JSONDecodeError as e:
        raise SeedError(f"{path}: not JSON: {e}") from e
    data = validate(data, path)
    stem = os.path.basename(path)[:-len(".json")]
    if os.path.dirname(os.path.abspath(path)) == SEEDS_DIR and data["name"] != stem:
        raise SeedError(f"{path}: name '{data['name']}' is not the file's name '{stem}'")
    data["path"] = path
    return data


def bash_array(name, values):
    return f"{name}=(" + " ".join(shlex.quote(v) for v in values) + ")"


def configs(seed):
    """The seed's config names, the claims' first; none: the built-in gtx480."""
    c = seed.get("config", [])
    return ([c] if c else []) if isinstance(c, str) else c


def shell(seed):
    """Bash assignments scripts/reproduce evals."""
    s = load(seed)
    w, o, t = s["workloads"], s["outputs"], s.get("timeline", {})
    lines = [
        f"SEED_NAME={shlex.quote(s['name'])}",
        f"SEED_FILE={shlex.quote(s['path'])}",
        bash_array("GRID", s["grid"]),
        bash_array("SUITE_SELECTION", ["--suite", w["suite"]] if "suite" in w else ["--workload"] + w["list"]),
        bash_array("QUICK_WORKLOADS", w["quick"]),
        f"OUT_PATTERN={shlex.quote(o['sweep'])}",
        f"PAPER_REPORT={shlex.quote(o['report'])}",
        f"PAPER_DOC={shlex.quote(o['doc'])}",
        f"TIMELINE_WORKLOAD={shlex.quote(t.get('workload', ''))}",
        f"TIMELINE_QUICK_WORKLOAD={shlex.quote(t.get('quick_workload', t.get('workload', '')))}",
        bash_array("TIMELINE_POLICIES", t.get("policies", [])),
        bash_array("SEED_CONFIGS", configs(s)),
        f"SEED_SIZE={shlex.quote(s.get('size', 'paper'))}",
    ]
    return "\n".join(lines) + "\n"


def main(argv):
    try:
        if argv[1:2] == ["list"] and len(argv) == 2:
            for n in names():
                print(f"{n:12} {load(n)['title']}")
        elif argv[1:2] == ["shell"] and len(argv) == 3:
            sys.stdout.write(shell(argv[2]))
        elif argv[1:2] == ["check"]:
            seeds = argv[2:] or names()
            if not seeds:
                raise SeedError(f"no seed files in {SEEDS_DIR}")
            for s in seeds:
                load(s)
            print(f"{len(seeds)} seed files valid: {', '.join(seeds)}")
        else:
            print("usage: seed_file.py list | shell SEED | check SEED...", file=sys.stderr)
            return 2
    except SeedError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
