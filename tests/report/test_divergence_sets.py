#!/usr/bin/env python3
"""scripts/divergence_sets.py: Table 1's counting on known spreads, and the
set rule against seed 004's own data: applied to Table 1's counts it must put
50 of the 51 kernels in the set Table 4 lists them in, mergepack being the one
exception (its documented one). Exit 77 when the paper text is absent.

  test_divergence_sets.py SCRIPTS_DIR PAPERS_DIR
"""
import os
import re
import sys

FAILS = []


def check(cond, what):
    if not cond:
        FAILS.append(what)
        print("FAIL:", what)


def table_rows(lines, first, last):
    """Cells of the markdown table rows between lines first..last."""
    return [[c.strip() for c in l.strip().strip("|").split("|")] for l in lines[first:last] if l.startswith("|")]


def paper_tables(text):
    """Table 1 as (kernel, TBs, instruction 5%+, cycle 5%+) and Table 4's
    set of each kernel, in order (Table 4 closes each set with GMEAN<n>)."""
    lines = text.splitlines()
    t1 = lines.index("Table 1: Warp Divergence in Kernels")
    t4 = lines.index("Table 4: Performance of VTW")
    table1 = [(c[1], int(c[2]), int(c[8]), int(c[12])) for c in table_rows(lines, t1, t1 + 60)
              if len(c) == 13 and c[2].isdigit()]
    sets, current = [], []
    for c in table_rows(lines, t4, t4 + 70):
        m = re.fullmatch(r"GMEAN(\d)", c[0])
        if m:
            sets += [int(m.group(1))] * len(current)
            current = []
        elif re.fullmatch(r"[\d.]+", c[1] if len(c) > 1 else ""):
            current.append(c[0])
    return table1, sets


def main():
    scripts, papers = sys.argv[1:3]
    sys.path.insert(0, scripts)
    import divergence_sets as d

    check(d.counts([(100, 151), (100, 126), (100, 111), (100, 106), (100, 105)]) == {50: 1, 25: 2, 10: 3, 5: 4},
          "Table 1 counts a spread strictly above the level")
    check([d.divergence_set(100, 25, 3), d.divergence_set(100, 24, 3), d.divergence_set(100, 25, 2),
           d.divergence_set(100, 0, 0)] == [1, 2, 3, 4], "the four sets at the rule's thresholds")
    path = os.path.join(papers, "004_0da6b8b480bd0740.txt")
    if not os.path.exists(path):
        print("skipped: %s is absent" % path)
        return 77
    table1, sets = paper_tables(open(path).read())
    check(len(table1) == 51 and len(sets) == 51, "51 kernels in Tables 1 and 4 (%d, %d)" % (len(table1), len(sets)))
    wrong = [name for (name, tbs, i5, c5), s in zip(table1, sets) if d.divergence_set(tbs, i5, c5) != s]
    check(wrong == ["mergepack"], "the rule reproduces Table 4's sets except mergepack: %s" % wrong)
    print("%d failures" % len(FAILS))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
