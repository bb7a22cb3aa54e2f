#!/usr/bin/python3
"""Checks the claims of every seed file (scripts/seeds/*.json) against the
papers' text: every quote must appear in its paper (compared without
whitespace and hyphens, since the text files break lines and words
anywhere), the first quote must write the claim's value, and each claim must
name one of its seed's papers, a known workload set and a known way of
comparing. Exits 77 (skipped) when the papers folder is absent.

How the first quote writes the value:
  ratio, difference_over_lrr   1.12 as "1.12x" or "12%" (1.162 as "16.2%"); with
                               "table_column": i, the quote is a table row and its
                               whitespace-separated field i is the value, "1.00"
  rank_share                   "K out of N", "K / N" or the rounded percentage
                               ("80%"); "counts" (kernels per rank, the paper's
                               table) must sum to K over ranks 1..rank_at_most
                               and to N over all, and each rank's row must be a
                               quote starting with the rank and ending with its count

    check_claims.py SEEDS (a seed .json, or a folder of them) PAPERS_DIR
"""
import json
import os
import re
import sys

WORKLOAD_SETS = {"all", "barrier", "other", "set1", "set2", "set3", "set4"}
COMPARISONS = {"ratio", "difference_over_lrr", "rank_share", "stall_ratio", "instruction_ratio"}
SKIPPED = 77


def squeezed(text):
    """The text without whitespace and hyphens: 'per-\\nformance' == 'performance'."""
    return re.sub(r"[\s\-]+", "", text)


def written_forms(value):
    """How a paper writes a ratio: '1.12x' or its gain '12%'; below 1 also the
    reduction '7%' (0.93: "7% reduction in stalls", "3% fewer instructions")."""
    gain = round((value - 1) * 100, 3)
    return [f"{value:g}x", f"{gain:g}%"] + ([f"{-gain:g}%"] if gain < 0 else [])


def share_forms(count, of):
    """How a paper writes 'K of N': '47 out of 59', '47 / 59' or '80%'."""
    return [f"{count} out of {of}", f"{count} / {of}", f"{count}/{of}", f"{round(100 * count / of)}%"]


def writes(quote, forms):
    return any(re.search(r"(?<![\d.])" + re.escape(form) + r"(?![\d])", quote) for form in forms)


def value_problems(claim):
    name, first = claim["claim"], claim["quotes"][0]
    if claim["compare"] == "rank_share":
        return rank_share_problems(claim)
    if "table_column" in claim:
        fields = first.split()
        i = claim["table_column"]
        cell = fields[i] if 0 <= i < len(fields) else None
        if cell != f"{claim['value']:.2f}":
            return [f"{name}: value {claim['value']:.2f} is not field {i} of the table row {first!r} (it is {cell!r})"]
        return []
    if not writes(first, written_forms(claim["value"])):
        return [f"{name}: value {claim['value']} (written {' or '.join(written_forms(claim['value']))}) "
                f"is not in the first quote {first!r}"]
    return []


def rank_share_problems(claim):
    name, found = claim["claim"], []
    among, k = claim.get("among", []), claim.get("rank_at_most")
    if claim["policy"] not in among:
        found.append(f"{name}: policy '{claim['policy']}' is not among {among}")
    if not isinstance(k, int) or not 1 <= k < len(among):
        found.append(f"{name}: rank_at_most {k!r} must be 1..{len(among) - 1} (among {len(among)} policies)")
        return found
    count, of = claim.get("count"), claim.get("of")
    if not isinstance(count, int) or not isinstance(of, int) or not 0 <= count <= of or of == 0:
        return found + [f"{name}: count {count!r} of {of!r} is not 0 <= count <= of, of > 0"]
    if not writes(claim["quotes"][0], share_forms(count, of)):
        found.append(f"{name}: {count} of {of} (written {' or '.join(share_forms(count, of))}) "
                     f"is not in the first quote {claim['quotes'][0]!r}")
    counts = claim.get("counts")
    if counts is None:
        return found
    ranks = {int(r): n for r, n in counts.items()}
    if max(ranks) > len(among) or min(ranks) < 1:
        found.append(f"{name}: counts name ranks outside 1..{len(among)}")
    if sum(n for r, n in ranks.items() if r <= k) != count:
        found.append(f"{name}: counts {counts} of ranks 1..{k} do not sum to count {count}")
    if sum(ranks.values()) != of:
        found.append(f"{name}: counts {counts} do not sum to of {of}")
    rows = [q.split() for q in claim["quotes"]]
    for r, n in sorted(ranks.items()):
        if not any(len(f) >= 2 and f[0] == str(r) and f[-1] == str(n) for f in rows):
            found.append(f"{name}: no quote is the table row of rank {r} with {n} kernels ('{r} ... {n}')")
    return found


def problems(claim, papers, papers_dir, texts):
    name = claim["claim"]
    if claim["paper"] not in papers:
        return [f"{name}: paper {claim['paper']} is not one of the seed's papers {sorted(papers)}"]
    path = os.path.join(papers_dir, claim["paper"])
    if path not in texts:
        if not os.path.exists(path):
            return [f"{name}: paper file {path} does not exist"]
        with open(path, encoding="utf-8") as f:
            texts[path] = squeezed(f.read())
    found = []
    if claim["workloads"] not in WORKLOAD_SETS:
        found.append(f"{name}: workloads '{claim['workloads']}' is not one of {sorted(WORKLOAD_SETS)}")
    if claim["compare"] not in COMPARISONS:
        return found + [f"{name}: compare '{claim['compare']}' is not one of {sorted(COMPARISONS)}"]
    if not claim["quotes"]:
        return found + [f"{name}: no quotes"]
    found += [f"{name}: quote not in {claim['paper']}: {q!r}" for q in claim["quotes"] if squeezed(q) not in texts[path]]
    return found + value_problems(claim)


def seed_files(arg):
    if os.path.isdir(arg):
        return sorted(os.path.join(arg, f) for f in os.listdir(arg) if f.endswith(".json"))
    return [arg]


def main(argv):
    if len(argv) != 3:
        sys.exit("usage: check_claims.py SEEDS (a seed .json or a folder of them) PAPERS_DIR")
    seeds, papers_dir = seed_files(argv[1]), argv[2]
    if not os.path.isdir(papers_dir):
        print(f"SKIP: papers folder {papers_dir} is absent")
        return SKIPPED
    if not seeds:
        print(f"FAIL: no seed files in {argv[1]}")
        return 1
    texts, failed = {}, False
    for path in seeds:
        with open(path) as f:
            seed = json.load(f)
        claims = seed.get("claims", [])
        papers = {p["file"] for p in seed.get("papers", [])}
        found = [p for claim in claims for p in problems(claim, papers, papers_dir, texts)]
        if not claims:
            found.append("no claims")
        for p in found:
            print(f"FAIL: {os.path.basename(path)}: {p}")
        print(f"{os.path.basename(path)}: {len(claims)} claims checked, {len(found)} problems")
        failed = failed or bool(found)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
