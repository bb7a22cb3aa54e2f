#!/usr/bin/python3
"""Unit test of check_claims.py: on a made-up paper text, a seed whose
claims are right passes, and each kind of wrong claim (a quote not in the
paper, a value the first quote does not write, a table cell, a 'K of N'
share and its per-rank counts, a paper that is not the seed's) is reported.
Needs no papers folder.

    test_check_claims.py
"""
import copy
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_claims  # noqa: E402

PAPER = """Our sched-
uler is 1.05x faster than LRR
and 7.8% faster than GTO. For about 80% (47 out of
59) kernels it is best or second best.

Table 9: Rank
Rank NEW LRR Kernels
1 1.04 1.02 13
2 1.08 0.98 34
3 0.97 0.98 12
Overall 1.06 1.00
"""

GOOD = {
    "papers": [{"file": "paper.txt"}],
    "claims": [
        {"claim": "ratio", "paper": "paper.txt", "policy": "new", "reference": "lrr", "workloads": "all",
         "value": 1.05, "compare": "ratio", "quotes": ["Our scheduler is 1.05x faster than LRR"]},
        {"claim": "gain", "paper": "paper.txt", "policy": "new", "reference": "gto", "workloads": "barrier",
         "value": 1.078, "compare": "difference_over_lrr", "quotes": ["and 7.8% faster than GTO."]},
        {"claim": "cell", "paper": "paper.txt", "policy": "new", "reference": "lrr", "workloads": "all",
         "value": 1.00, "compare": "ratio", "table_column": 2, "quotes": ["Overall 1.06 1.00"]},
        {"claim": "share", "paper": "paper.txt", "policy": "new", "among": ["lrr", "gto", "new"],
         "workloads": "all", "compare": "rank_share", "rank_at_most": 2, "count": 47, "of": 59,
         "counts": {"1": 13, "2": 34, "3": 12},
         "quotes": ["For about 80% (47 out of 59) kernels it is best or second best.",
                    "1 1.04 1.02 13", "2 1.08 0.98 34", "3 0.97 0.98 12"]},
    ],
}


def run(folder, seed):
    path = os.path.join(folder, "seed.json")
    with open(path, "w") as f:
        json.dump(seed, f)
    return check_claims.main(["check_claims.py", path, folder])


def broken(index, **changes):
    seed = copy.deepcopy(GOOD)
    seed["claims"][index].update(changes)
    return seed


def main():
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, "paper.txt"), "w") as f:
            f.write(PAPER)
        if run(folder, GOOD) != 0:
            failures.append("the good seed was rejected")
        cases = {
            "a quote not in the paper": broken(0, quotes=["Our scheduler is 1.50x faster than LRR"]),
            "a value the quote does not write": broken(0, value=1.5),
            "a value written only as part of a longer number": broken(0, value=5.0, quotes=["uler is 1.05x"]),
            "a gain the quote does not write": broken(1, value=1.087),
            "a table cell in another column": broken(2, table_column=1),
            "a table cell with another value": broken(2, value=0.99),
            "a share the quote does not write": broken(3, count=46),
            "counts that do not sum to the count": broken(3, counts={"1": 14, "2": 34, "3": 11}),
            "counts that do not sum to the total": broken(3, counts={"1": 13, "2": 34, "3": 13}),
            "a count with no table row quoted": broken(3, quotes=GOOD["claims"][3]["quotes"][:3]),
            "rank_at_most as large as the set": broken(3, rank_at_most=3),
            "a policy not among the ranked ones": broken(3, policy="other"),
            "an unknown workload set": broken(0, workloads="memory"),
            "an unknown comparison": broken(0, compare="mean"),
            "a paper that is not the seed's": broken(0, paper="other.txt"),
        }
        for what, seed in cases.items():
            if run(folder, seed) != 1:
                failures.append(f"not rejected: {what}")
        empty = copy.deepcopy(GOOD)
        empty["claims"] = []
        if run(folder, empty) != 1:
            failures.append("not rejected: a seed with no claims")
        if check_claims.main(["check_claims.py", os.path.join(folder, "seed.json"),
                              os.path.join(folder, "absent")]) != check_claims.SKIPPED:
            failures.append("an absent papers folder is not a skip")
    for f in failures:
        print("FAIL: " + f)
    print(f"{len(cases) + 3} cases, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
