#!/usr/bin/python3
"""Checks scripts/pro_baws_claims.json against the papers' text: every quote
must appear in its paper (compared without whitespace and hyphens, since the
text files break lines and words anywhere), the first quote must write the
claim's value (1.12 as "1.12x", 1.162 as "16.2%"), and each claim must name a
known workload set and way of comparing. Exits 77 (skipped) when the papers
folder is absent.

    check_claims.py CLAIMS_JSON PAPERS_DIR
"""
import json
import os
import re
import sys

WORKLOAD_SETS = {"all", "barrier", "other"}
COMPARISONS = {"ratio", "difference_over_lrr"}
SKIPPED = 77


def squeezed(text):
    """The text without whitespace and hyphens: 'per-\\nformance' == 'performance'."""
    return re.sub(r"[\s\-]+", "", text)


def written_forms(value):
    """How a paper writes a speedup ratio: '1.12x' or its gain '12%'."""
    gain = round((value - 1) * 100, 3)
    return [f"{value:g}x", f"{gain:g}%"]


def problems(claim, papers_dir, texts):
    name = claim["claim"]
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
        found.append(f"{name}: compare '{claim['compare']}' is not one of {sorted(COMPARISONS)}")
    found += [f"{name}: quote not in {claim['paper']}: {q!r}" for q in claim["quotes"] if squeezed(q) not in texts[path]]
    if not any(re.search(r"(?<![\d.])" + re.escape(form), claim["quotes"][0]) for form in written_forms(claim["value"])):
        found.append(f"{name}: value {claim['value']} (written {' or '.join(written_forms(claim['value']))}) "
                     f"is not in the first quote {claim['quotes'][0]!r}")
    return found


def main(argv):
    if len(argv) != 3:
        sys.exit("usage: check_claims.py CLAIMS_JSON PAPERS_DIR")
    claims_path, papers_dir = argv[1], argv[2]
    if not os.path.isdir(papers_dir):
        print(f"SKIP: papers folder {papers_dir} is absent")
        return SKIPPED
    with open(claims_path) as f:
        claims = json.load(f)["claims"]
    texts, found = {}, []
    for claim in claims:
        found += problems(claim, papers_dir, texts)
    for p in found:
        print("FAIL: " + p)
    print(f"{len(claims)} claims checked, {len(found)} problems")
    return 1 if found or not claims else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
