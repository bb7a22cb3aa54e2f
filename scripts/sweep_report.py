#!/usr/bin/python3
"""Turns a `scwarp sweep` folder into markdown tables and PNG plots.

    /usr/bin/python3 scripts/sweep_report.py SWEEP_DIR [--out DIR] [--baseline lrr]
        [--timeline-workload W] [--timeline-policy P]
        [--claims FILE [--claims-command TEXT] [--unregistered P ...]]

Writes, per config in the sweep, into --out (default SWEEP_DIR/report):
  report.md                      every table below, with the plots linked
  speedup_<config>.png           speedup over the baseline per workload, geometric means
  stalls_gpgpu_<config>.png      GPGPU-Sim stall breakdown (idle/scoreboard/pipeline)
  stalls_hazards_<config>.png    seed 001's hazard breakdown (control/data/structural/
                                 barrier/exit/fetch), both normalised to the baseline
  timeline_<config>_<W>_<P>.png  TB start/end per SM, baseline vs policy P, workload W
  rtru_<config>.png              seed 001's RTRU per barrier-intensive workload and policy
With --claims it also writes the papers' headline claims (PRO, seed 000;
BAWS, seed 001) beside this sweep's numbers.

Only /usr/bin/python3 has Debian's matplotlib. Any policy set works; a
referenced policy that the sweep lacks is named as missing, never invented.
"""
import argparse
import json
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

GPGPU_STALLS = ["idle", "scoreboard", "pipeline"]
HAZARD_STALLS = ["control", "data", "structural", "barrier", "exit", "fetch"]


class Sweep:
    """sweep.json plus the per-run reports it points at (loaded on demand)."""

    def __init__(self, folder):
        self.folder = folder
        path = os.path.join(folder, "sweep.json")
        if not os.path.exists(path):
            sys.exit(f"sweep_report.py: error: {path} does not exist (run `scwarp sweep --out {folder}` first)")
        with open(path) as f:
            self.summary = json.load(f)
        self.runs = self.summary["runs"]
        self.configs = self.summary["configs"]
        self.policies = self.summary["policies"]
        self.workloads = self.summary["workloads"]
        self.barrier = {r["workload"]: r["barrier_intensive"] for r in self.runs}
        self._kept = {}

    def run(self, config, policy, workload):
        for r in self.runs:
            if (r["config"], r["policy"], r["workload"]) == (config, policy, workload):
                return r
        return None

    def verified(self, config, policy, workload):
        r = self.run(config, policy, workload)
        return r if r is not None and r["status"] == "verified" else None

    def report(self, run):
        """The run's full `scwarp run` report (read each time: paper-size
        reports carry thousands of TBs, so only their stalls are kept)."""
        with open(os.path.join(self.folder, run["report"])) as f:
            return json.load(f)

    def kept(self, run):
        """The parts of a run's report the tables use: its stalls and metrics."""
        key = run["report"]
        if key not in self._kept:
            report = self.report(run)
            self._kept[key] = {"stalls": report["stalls"], "metrics": report["metrics"]}
        return self._kept[key]

    def stalls(self, run):
        return self.kept(run)["stalls"]

    def metrics(self, run):
        return self.kept(run)["metrics"]


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def fmt_ratio(v):
    return "-" if v is None else f"{v:.3f}"


def md_table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def speedup(sweep, config, policy, baseline, workload):
    """cycles(baseline) / cycles(policy) when both runs verified, else None."""
    base, run = sweep.verified(config, baseline, workload), sweep.verified(config, policy, workload)
    if base is None or run is None:
        return None
    return base["cycles"] / run["cycles"]


def geomean_speedup(sweep, config, policy, baseline, workloads):
    ratios = [speedup(sweep, config, policy, baseline, w) for w in workloads]
    ratios = [r for r in ratios if r is not None]
    return geomean(ratios), len(ratios)


def workload_groups(sweep):
    """(label, workloads) for the geometric-mean rows: each class present, then all."""
    groups = []
    barrier = [w for w in sweep.workloads if sweep.barrier[w]]
    other = [w for w in sweep.workloads if not sweep.barrier[w]]
    if barrier and other:
        groups += [("geomean (barrier-intensive)", barrier), ("geomean (other)", other)]
    groups.append(("geomean", sweep.workloads))
    return groups


def cell(sweep, config, policy, baseline, workload):
    run = sweep.run(config, policy, workload)
    if run is None:
        return "missing"
    if run["status"] != "verified":
        return run["status"]
    s = speedup(sweep, config, policy, baseline, workload)
    return "-" if s is None else f"{s:.3f}"


def speedup_section(sweep, config, baseline, out):
    others = [p for p in sweep.policies if p != baseline]
    rows = [[w, "yes" if sweep.barrier[w] else "no"] + [cell(sweep, config, p, baseline, w) for p in others]
            for w in sweep.workloads]
    for label, group in workload_groups(sweep):
        means = [geomean_speedup(sweep, config, p, baseline, group) for p in others]
        rows.append([label, f"{len(group)} workload{'s' if len(group) != 1 else ''}"] + [f"{fmt_ratio(g)} (n={n})" for g, n in means])
    text = f"### Speedup over {baseline} (cycles of {baseline} / cycles of the policy)\n\n"
    text += md_table(["workload", "barrier-intensive"] + others, rows)
    png = f"speedup_{config}.png"
    plot_speedups(sweep, config, baseline, others, os.path.join(out, png))
    return text + f"\n![speedup over {baseline}]({png})\n\n"


def plot_speedups(sweep, config, baseline, others, path):
    labels = sweep.workloads + ["geomean"]
    fig, ax = plt.subplots(figsize=(min(16, max(6, 2 + 0.2 * len(labels) * max(1, len(others)))), 4.5))
    width = 0.8 / max(1, len(others))
    for i, p in enumerate(others):
        values = [speedup(sweep, config, p, baseline, w) or 0 for w in sweep.workloads]
        values.append(geomean_speedup(sweep, config, p, baseline, sweep.workloads)[0] or 0)
        ax.bar([x + i * width for x in range(len(labels))], values, width, label=p)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks([x + width * (len(others) - 1) / 2 for x in range(len(labels))])
    ax.set_xticklabels(labels, rotation=45, ha="right")
    ax.set_ylabel(f"speedup over {baseline}")
    ax.set_title(f"{config}: speedup over {baseline} (missing or unverified runs at 0)")
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def cycles_section(sweep, config):
    def value(p, w):
        r = sweep.run(config, p, w)
        if r is None:
            return "missing"
        return f"{r['cycles']} ({r['ipc']:.1f})" if r["status"] != "failed" else "failed"

    rows = [[w] + [value(p, w) for p in sweep.policies] for w in sweep.workloads]
    return "### Cycles (thread IPC)\n\n" + md_table(["workload"] + sweep.policies, rows) + "\n"


def metrics_section(sweep, config, out):
    """Seed 001's RTRU (Eq. 1, mean over warp-phases) and fraction of warp time
    stalled on barriers (its Fig. 1), per barrier-intensive workload."""
    workloads = [w for w in sweep.workloads if sweep.barrier[w]]
    if not workloads:
        return ""

    def value(p, w):
        r = sweep.verified(config, p, w)
        if r is None:
            return "missing"
        m = sweep.metrics(r)
        return f"{m['rtru']:.3f} / {100 * m['barrier_stall_fraction']:.1f}%"

    rows = [[w] + [value(p, w) for p in sweep.policies] for w in workloads]
    text = ("### RTRU / time stalled on barriers (barrier-intensive workloads; smaller is better)\n\n"
            + md_table(["workload"] + sweep.policies, rows))
    png = f"rtru_{config}.png"
    plot_rtru(sweep, config, workloads, os.path.join(out, png))
    return text + f"\n![RTRU]({png})\n\n"


def plot_rtru(sweep, config, workloads, path):
    fig, ax = plt.subplots(figsize=(min(16, 4 + 0.6 * len(workloads) * max(1, len(sweep.policies)) / 3), 4.5))
    width = 0.8 / max(1, len(sweep.policies))
    for i, p in enumerate(sweep.policies):
        values = []
        for w in workloads:
            r = sweep.verified(config, p, w)
            values.append(sweep.metrics(r)["rtru"] if r is not None else 0)
        ax.bar([x + i * width for x in range(len(workloads))], values, width, label=p)
    ax.set_xticks([x + width * (len(sweep.policies) - 1) / 2 for x in range(len(workloads))])
    ax.set_xticklabels(workloads, rotation=45, ha="right")
    ax.set_ylabel("RTRU (seed 001 Eq. 1)")
    ax.set_title(f"{config}: RTRU per barrier-intensive workload (missing runs at 0)")
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def stall_counts(sweep, run, taxonomy, categories):
    stalls = sweep.stalls(run)[taxonomy]
    return [stalls[c] for c in categories]


def stall_breakdown(sweep, config, policy, baseline, taxonomy, categories):
    """Per category: the mean over workloads of policy's count / baseline's total
    (baseline None: counts summed over workloads). None when no workload has both."""
    shares, n = [0.0] * len(categories), 0
    for w in sweep.workloads:
        run = sweep.verified(config, policy, w)
        base = sweep.verified(config, baseline, w) if baseline else run
        if run is None or base is None:
            continue
        counts = stall_counts(sweep, run, taxonomy, categories)
        total = sum(stall_counts(sweep, base, taxonomy, categories)) if baseline else 1
        if total == 0:
            continue
        shares = [s + c / total for s, c in zip(shares, counts)]
        n += 1
    if n == 0:
        return None
    return [s / n for s in shares] if baseline else shares


def stall_section(sweep, config, baseline, taxonomy, categories, title, out):
    table, plotted = [], []
    for p in sweep.policies:
        b = stall_breakdown(sweep, config, p, baseline, taxonomy, categories)
        if b is None:
            table.append([p] + ["-"] * (len(categories) + 1))
            continue
        plotted.append((p, b))
        fmt_value = (lambda v: f"{v:.3f}") if baseline else (lambda v: f"{v:.0f}")
        table.append([p] + [fmt_value(v) for v in b] + [fmt_value(sum(b))])
    how = (f"each workload's counts divided by {baseline}'s total for that workload, averaged over workloads"
           if baseline else "scheduler-cycles summed over workloads (no baseline to normalise to)")
    text = f"### Stalls, {title} ({how})\n\n" + md_table(["policy"] + categories + ["total"], table)
    png = f"stalls_{taxonomy}_{config}.png"
    plot_stalls(plotted, categories, f"{config}: {title}", baseline, os.path.join(out, png))
    return text + f"\n![{title}]({png})\n\n"


def plot_stalls(plotted, categories, title, baseline, path):
    fig, ax = plt.subplots(figsize=(max(5, 0.7 * len(plotted) + 2), 4))
    bottoms = [0.0] * len(plotted)
    for i, c in enumerate(categories):
        values = [b[i] for _, b in plotted]
        ax.bar(range(len(plotted)), values, 0.6, bottom=bottoms, label=c)
        bottoms = [x + v for x, v in zip(bottoms, values)]
    ax.set_xticks(range(len(plotted)))
    ax.set_xticklabels([p for p, _ in plotted], rotation=45, ha="right")
    ax.set_ylabel(f"stalls / {baseline}'s total" if baseline else "scheduler-cycles")
    ax.set_title(title)
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def tb_lanes(tbs):
    """Per SM, each TB's lane: the lowest lane free when it starts."""
    lanes, lane_end = [], {}
    for tb in sorted(tbs, key=lambda t: (t["sm"], t["start_cycle"], t["end_cycle"])):
        ends = lane_end.setdefault(tb["sm"], [])
        lane = next((i for i, e in enumerate(ends) if e <= tb["start_cycle"]), len(ends))
        if lane == len(ends):
            ends.append(0)
        ends[lane] = tb["end_cycle"]
        lanes.append((tb, lane))
    return lanes, max((len(v) for v in lane_end.values()), default=1)


def plot_timeline(sweep, config, workload, policies, path):
    fig, axes = plt.subplots(len(policies), 1, figsize=(10, 2 + 2.5 * len(policies)), sharex=True, squeeze=False)
    colours = plt.get_cmap("tab10")
    for ax, (policy, run) in zip(axes[:, 0], policies):
        lanes, width = tb_lanes(sweep.report(run)["tbs"])
        kernels = sorted({tb["kernel"] for tb, _ in lanes})
        for tb, lane in lanes:
            y = tb["sm"] + lane / width
            ax.broken_barh([(tb["start_cycle"], tb["end_cycle"] - tb["start_cycle"])], (y, 0.9 / width),
                           facecolors=colours(kernels.index(tb["kernel"]) % 10), edgecolor="black", linewidth=0.2)
        sms = 1 + max((tb["sm"] for tb, _ in lanes), default=0)
        ax.set_ylim(0, sms)
        ax.set_yticks([s + 0.5 for s in range(sms)])
        ax.set_yticklabels([str(s) for s in range(sms)], fontsize="small")
        ax.set_ylabel("SM")
        ax.set_title(f"{workload} under {policy}: {run['cycles']} cycles ({width} TB slots per SM)")
        if len(kernels) > 1:
            ax.legend(handles=[Patch(color=colours(i % 10), label=str(k)) for i, k in enumerate(kernels)],
                      fontsize="x-small", loc="upper left", bbox_to_anchor=(1.0, 1.0), title="kernel")
    axes[-1, 0].set_xlabel("cycle")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def timeline_section(sweep, config, baseline, workload, policy, out):
    wanted = [p for p in (baseline, policy) if p]
    runs = [(p, sweep.verified(config, p, workload)) for p in wanted]
    missing = [p for p, r in runs if r is None]
    if missing:
        return (f"### TB timeline of {workload}\n\nNot drawn: no verified run of {workload} under "
                f"{', '.join(missing)} in this sweep.\n\n")
    png = f"timeline_{config}_{workload}_{policy or baseline}.png"
    plot_timeline(sweep, config, workload, runs, os.path.join(out, png))
    return (f"### TB timeline of {workload}: {' vs '.join(wanted)}\n\n"
            f"Each bar is one TB from its start to its end cycle, per SM (lanes are concurrent TBs); "
            f"colours are kernel launches.\n\n![timeline]({png})\n\n")


def overview(sweep, notes):
    s = sweep.summary
    c = s["summary"]
    text = "# Sweep report\n\n"
    text += (f"Sweep `{sweep.folder}`: size `{s['size']}`, seed {s['seed']}, configs {', '.join(s['configs'])}, "
             f"{len(s['policies'])} policies, {len(s['workloads'])} workloads; {c['runs']} runs: "
             f"{c['verified']} verified, {c['unverified']} unverified, {c['failed']} failed.\n\n")
    if s["sets"]:
        text += "Options set on every run: " + ", ".join(f"`{x}`" for x in s["sets"]) + "\n\n"
    failed = [r for r in sweep.runs if r["status"] == "failed"]
    if failed:
        text += "Failed runs (details in the sweep's `failed/` folder):\n\n"
        text += "".join(f"- {r['config']} {r['policy']} {r['workload']}: {r['error']}\n" for r in failed) + "\n"
    text += "".join(f"**Note:** {n}\n\n" for n in notes)
    return text


def default_timeline(sweep, baseline, args):
    workload = args.timeline_workload or sweep.workloads[0]
    policy = args.timeline_policy or next((p for p in sweep.policies if p != baseline), None)
    return workload, policy


def check_references(sweep, args):
    """Notes for every referenced policy or workload the sweep lacks; the baseline to use."""
    notes, baseline = [], args.baseline
    if baseline not in sweep.policies:
        notes.append(f"baseline policy '{baseline}' is not in this sweep (policies: {', '.join(sweep.policies)}); "
                     "speedups are not computed and stalls are not normalised.")
        baseline = None
    if args.timeline_policy and args.timeline_policy not in sweep.policies:
        notes.append(f"timeline policy '{args.timeline_policy}' is not in this sweep.")
    if args.timeline_workload and args.timeline_workload not in sweep.workloads:
        notes.append(f"timeline workload '{args.timeline_workload}' is not in this sweep.")
    return notes, baseline


def config_section(sweep, config, baseline, args):
    text = f"## Config {config}\n\n"
    if baseline:
        text += speedup_section(sweep, config, baseline, args.out)
    text += cycles_section(sweep, config)
    text += stall_section(sweep, config, baseline, "gpgpu", GPGPU_STALLS, "GPGPU-Sim taxonomy", args.out)
    text += stall_section(sweep, config, baseline, "hazards", HAZARD_STALLS, "hazard taxonomy (seed 001)", args.out)
    text += metrics_section(sweep, config, args.out)
    workload, policy = default_timeline(sweep, baseline, args)
    if workload in sweep.workloads and (policy is None or policy in sweep.policies):
        text += timeline_section(sweep, config, baseline, workload, policy, args.out)
    return text


# The papers' headline claims: (claim, source, policy, reference, workload set, paper's ratio).
CLAIMS = [
    ("PRO over LRR", "seed 000", "pro", "lrr", "all", 1.12),
    ("PRO over two-level", "seed 000", "pro", "two_level", "all", 1.13),
    ("PRO over GTO", "seed 000", "pro", "gto", "all", 1.02),
    ("BAWS over LRR, barrier-intensive (MWF(LRR)+CFF)", "seed 001", "mwf_lrr+cff", "lrr", "barrier", 1.17),
    ("BAWS over LRR, barrier-intensive (MWF(GTO)+CFF)", "seed 001", "mwf_gto+cff", "lrr", "barrier", 1.17),
    ("BAWS over GTO, barrier-intensive (MWF(LRR)+CFF)", "seed 001", "mwf_lrr+cff", "gto", "barrier", 1.09),
    ("BAWS over GTO, barrier-intensive (MWF(GTO)+CFF)", "seed 001", "mwf_gto+cff", "gto", "barrier", 1.09),
    ("BAWS over LRR, other workloads (MWF(LRR)+CFF)", "seed 001", "mwf_lrr+cff", "lrr", "other", 1.057),
    ("BAWS over LRR, other workloads (MWF(GTO)+CFF)", "seed 001", "mwf_gto+cff", "lrr", "other", 1.057),
    ("CFF added to MWF(LRR), barrier-intensive", "seed 001", "mwf_lrr+cff", "mwf_lrr", "barrier", "1.067-1.071"),
    ("CFF added to MWF(GTO), barrier-intensive", "seed 001", "mwf_gto+cff", "mwf_gto", "barrier", "1.067-1.071"),
]


def claim_row(sweep, config, claim, unregistered):
    text, source, policy, reference, group, paper = claim
    workloads = [w for w in sweep.workloads
                 if group == "all" or (group == "barrier") == sweep.barrier[w]]
    absent = [p for p in (policy, reference) if p not in sweep.policies]
    paper_text = paper if isinstance(paper, str) else f"{paper:.3f}"
    if absent:
        why = ", ".join(f"`{p}` " + ("not registered in scwarp yet" if p in unregistered else "not in the sweep")
                        for p in absent)
        return [text, source, paper_text, f"missing: {why}", "-", "-"]
    if not workloads:
        return [text, source, paper_text, f"missing: no {group} workloads in the sweep", "-", "-"]
    g, n = geomean_speedup(sweep, config, policy, reference, workloads)
    return [text, source, paper_text, fmt_ratio(g), claim_gap(g, paper), f"{n}/{len(workloads)}"]


def claim_gap(ours, paper):
    """Our speedup's gain (ratio - 1) less the paper's, in percentage points;
    for a range, against its nearer end (0 inside it)."""
    if ours is None:
        return "-"
    low, high = (float(x) for x in paper.split("-")) if isinstance(paper, str) else (paper, paper)
    nearest = min(max(ours, low), high)
    return f"{100 * (ours - nearest):+.1f} pp"


# Everything from this line on in the claims file is written by hand (why our
# numbers differ) and kept when the script rewrites the generated part above it.
DISCUSSION_MARKER = "<!-- written by hand from here on; scripts/reproduce keeps it when it rewrites the tables above -->"


def kept_discussion(path):
    if not os.path.exists(path):
        return ""
    with open(path) as f:
        text = f.read()
    at = text.find(DISCUSSION_MARKER)
    return "" if at < 0 else "\n" + text[at:]


def write_claims(sweep, args):
    config = sweep.configs[0]
    rows = [claim_row(sweep, config, c, set(args.unregistered)) for c in CLAIMS]
    s = sweep.summary
    text = "# PRO and BAWS: our numbers beside the papers' claims\n\n"
    text += "Generated by `scripts/reproduce"
    text += f" {args.claims_command}`" if args.claims_command else "`"
    text += (f" (sweep: size `{s['size']}`, seed {s['seed']}, config `{config}`, {len(s['workloads'])} workloads, "
             f"{len(s['policies'])} policies). Ratios are geometric means over the workloads of cycles(reference) / "
             "cycles(policy), counting only workloads where both runs verified (n); "
             "\"ours - paper\" compares the gains (ratio - 1) in percentage points. The tables are generated: rerun "
             "the script rather than edit them; the discussion after them is written by hand and kept.\n\n")
    if s["sets"]:
        text += "Options set on every run: " + ", ".join(f"`{x}`" for x in s["sets"]) + ".\n\n"
    if s["size"] != "paper":
        text += (f"**Size `{s['size']}`, not `paper`:** these figures check the pipeline, not the papers' claims; "
                 "kernels this small fill few waves, where scheduling matters little.\n\n")
    text += md_table(["claim", "source", "paper", "ours", "ours - paper", "n"], rows)
    text += (f"\nFull tables and plots: [report.md]({os.path.relpath(os.path.join(args.out, 'report.md'), os.path.dirname(args.claims))}).\n")
    if args.unregistered:
        text += ("\nPolicies of the headline grid not registered in this build (so not run): "
                 + ", ".join(f"`{p}`" for p in args.unregistered) + ".\n")
    text += kept_discussion(args.claims)
    with open(args.claims, "w") as f:
        f.write(text)


def parse_args(argv):
    p = argparse.ArgumentParser(description="Markdown tables and PNG plots from a `scwarp sweep` folder.")
    p.add_argument("sweep", help="the folder given to `scwarp sweep --out`")
    p.add_argument("--out", help="output folder (default: SWEEP/report)")
    p.add_argument("--baseline", default="lrr", help="policy speedups and stalls are relative to (default: lrr)")
    p.add_argument("--timeline-workload", help="workload of the TB timeline (default: the sweep's first)")
    p.add_argument("--timeline-policy", help="policy drawn beside the baseline (default: the first other one)")
    p.add_argument("--claims", help="also write the PRO/BAWS claims table to this markdown file")
    p.add_argument("--claims-command", default="", help="the reproduce options to name in the claims file")
    p.add_argument("--unregistered", nargs="*", default=[], help="grid policies scwarp does not have yet")
    args = p.parse_args(argv)
    args.out = args.out or os.path.join(args.sweep, "report")
    return args


def main(argv):
    args = parse_args(argv)
    sweep = Sweep(args.sweep)
    os.makedirs(args.out, exist_ok=True)
    notes, baseline = check_references(sweep, args)
    for n in notes:
        print(f"sweep_report.py: note: {n}", file=sys.stderr)
    text = overview(sweep, notes) + "".join(config_section(sweep, c, baseline, args) for c in sweep.configs)
    with open(os.path.join(args.out, "report.md"), "w") as f:
        f.write(text)
    if args.claims:
        write_claims(sweep, args)
    print(f"wrote {os.path.join(args.out, 'report.md')}")


if __name__ == "__main__":
    main(sys.argv[1:])
