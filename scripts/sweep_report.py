#!/usr/bin/python3
"""Turns a `scwarp sweep` folder into markdown tables and PNG plots.

    /usr/bin/python3 scripts/sweep_report.py SWEEP_DIR [--out DIR] [--baseline lrr]
        [--timeline-workload W] [--timeline-policy P] [--barrier-set measured|label]
        [--seed NAME|FILE] [--claims FILE [--claims-command TEXT] [--before OLD]
        [--unregistered P ...]]

Writes, per config in the sweep, into --out (default SWEEP_DIR/report):
  report.md                      every table below, with the plots linked
  speedup_<config>.png           speedup over the baseline per workload, geometric means
  stalls_gpgpu_<config>.png      GPGPU-Sim stall breakdown (idle/scoreboard/pipeline)
  stalls_hazards_<config>.png    seed 001's hazard breakdown (control/data/structural/
                                 barrier/exit/fetch), both normalised to the baseline
  timeline_<config>_<W>_<P>.png  TB start/end per SM, baseline vs policy P, workload W
  rtru_<config>.png              seed 001's RTRU per barrier-intensive workload and policy
  lanes_per_instruction_<config>.png, lanes_per_scheduler_cycle_<config>.png
                                 seed 002's Figs. 1 and 9: lanes filled per issued
                                 instruction and per scheduler-cycle, per policy
and rank tables (seed 003's Tables VI and X: per rank of a policy among
others, how many workloads and its mean speedups there). Which of these
sections are written, the rank tables and the claims come from the seed file
(--seed, default pro_baws: scripts/seeds/<name>.json, see seed_file.py).
Barrier-intensive means seed 001's rule measured on the sweep's LRR runs
(--barrier-set label: the suite's hand labels). With --claims it also writes
the seed's claims beside this sweep's numbers, and with --before beside an
older grid's too.

Only /usr/bin/python3 has Debian's matplotlib. Any policy set works; a
referenced policy that the sweep lacks is named as missing, never invented.
"""
import argparse
import itertools
import json
import math
import os
import re
import sys

import matplotlib

import divergence_sets
import seed_file

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

GPGPU_STALLS = ["idle", "scoreboard", "pipeline"]
HAZARD_STALLS = ["control", "data", "structural", "barrier", "exit", "fetch"]
# Seed 001 Sec. 5: "we define a workload as a barrier-intensive benchmark when
# the fraction of stall cycles of a warp due to barriers exceeds 15% of the
# total execution time".
BARRIER_INTENSIVE = 0.15
# Seed 002 splits its Fig. 8 into branch-intensive and latency-bound
# benchmarks without a number; ours: a workload is branch-divergent when its
# warp instructions under LRR fill fewer than 90% of the 32 lanes on average.
BRANCH_DIVERGENT = 0.90
# Seed 002 Fig. 9's buckets of active lanes ("active FUs") per cycle.
LANE_BUCKETS = [(0, 0), (1, 7), (8, 15), (16, 23), (24, 31), (32, 32)]


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
        self.labelled = {r["workload"]: r["barrier_intensive"] for r in self.runs}
        self.barrier = self.labelled  # the set the tables use; see classify()
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
        """The parts of a run's report the tables use: its stalls, metrics and lane histograms."""
        key = run["report"]
        if key not in self._kept:
            report = self.report(run)
            self._kept[key] = {k: report[k] for k in ("stalls", "metrics", "scheduler_cycles", "issued",
                                                      "thread_instructions", "kernels", "simd")}
            for k in self._kept[key]["kernels"]:
                k.pop("tbs", None)
        return self._kept[key]

    def measure_of(self, config, measure):
        """measure(policy, workload) of the verified runs: 'cycles', 'stall_cycles'
        (scheduler-cycles without an issue, summed over the SMs) or
        'thread_instructions'; None for the others."""
        def value(policy, workload):
            run = self.verified(config, policy, workload)
            if run is None:
                return None
            if measure == "cycles":
                return run["cycles"]
            kept = self.kept(run)
            return kept["scheduler_cycles"] - kept["issued"] if measure == "stall_cycles" else kept[measure]
        return value

    def divergence_set(self, config, workload):
        """Seed 004's set (1-4) of a workload: that of its kernel with the most
        TBs under LRR (scripts/divergence_sets.py); None without a verified LRR run."""
        run = self.verified(config, "lrr", workload)
        if run is None:
            return None
        rows = divergence_rows(self.report(run))
        return max(rows, key=lambda r: r[2])[-1] if rows else None

    def stalls(self, run):
        return self.kept(run)["stalls"]

    def metrics(self, run):
        return self.kept(run)["metrics"]

    def cycles_of(self, config):
        """cycles(policy, workload) of the verified runs of a config, None for the others."""
        def cycles(policy, workload):
            run = self.verified(config, policy, workload)
            return None if run is None else run["cycles"]
        return cycles

    def barrier_fraction(self, config, workload):
        """Seed 001's barrier intensity of a workload: under LRR, the share of
        warp time spent waiting at barriers (metrics.barrier_stall_fraction:
        barrier-wait cycles over warp lifetimes, summed over all warps); None
        without a verified LRR run."""
        run = self.verified(config, "lrr", workload)
        return None if run is None else self.metrics(run)["barrier_stall_fraction"]

    def barrier_hazard_share(self, config, workload):
        """The other view of it: LRR's scheduler-cycles lost to barrier hazards."""
        run = self.verified(config, "lrr", workload)
        if run is None:
            return None
        kept = self.kept(run)
        return kept["stalls"]["hazards"]["barrier"] / kept["scheduler_cycles"] if kept["scheduler_cycles"] else 0.0

    def classify(self, config, barrier_set, split="barrier"):
        """Sets self.barrier, the barrier-intensive flag of every workload the
        tables and claims use: 'label' keeps the suite's hand label; 'measured'
        applies seed 001's threshold to this sweep's LRR runs, keeping the label
        (and returning those workloads) where no LRR run verified. Then sets
        the split the geometric-mean rows use (self.in_split, self.split_name):
        'barrier' is that flag; 'branch' is seed 002's Fig. 8 split, measured
        (branch_divergent())."""
        self.barrier = dict(self.labelled)
        unmeasured = [] if barrier_set == "label" else [
            w for w in self.workloads if self.barrier_fraction(config, w) is None]
        if barrier_set != "label":
            for w in self.workloads:
                if w not in unmeasured:
                    self.barrier[w] = self.barrier_fraction(config, w) > BARRIER_INTENSIVE
        if split == "branch":
            self.split_name = "branch-divergent"
            self.in_split = {w: bool(self.branch_divergent(config, w)) for w in self.workloads}
        else:
            self.split_name = "barrier-intensive"
            self.in_split = self.barrier
        return unmeasured

    def lanes(self, run, key):
        """A run's lane histogram: 'lanes_per_instruction' (issued warp
        instructions by active lanes, seed 002 Fig. 1) or
        'lanes_per_scheduler_cycle' (scheduler-cycles by lanes issued, Fig. 9)."""
        return self.kept(run)["simd"][key]

    def issued_lane_share(self, config, workload, policy="lrr"):
        """Mean active lanes per issued warp instruction over the lanes of a
        warp; None without a verified run."""
        run = self.verified(config, policy, workload)
        if run is None:
            return None
        h = self.lanes(run, "lanes_per_instruction")
        issued = sum(h)
        return sum(i * n for i, n in enumerate(h)) / ((len(h) - 1) * issued) if issued else None

    def idle_share(self, config, workload, policy="lrr"):
        """Share of scheduler-cycles that issued nothing (Fig. 9's 0 active FUs)."""
        run = self.verified(config, policy, workload)
        if run is None:
            return None
        h = self.lanes(run, "lanes_per_scheduler_cycle")
        return h[0] / sum(h) if sum(h) else None

    def branch_divergent(self, config, workload):
        """Seed 002's branch-intensive class, measured: LRR's issued warp
        instructions fill fewer than BRANCH_DIVERGENT of their lanes on average;
        None without a verified LRR run."""
        share = self.issued_lane_share(config, workload)
        return None if share is None else share < BRANCH_DIVERGENT


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def fmt_ratio(v):
    return "-" if v is None else f"{v:.3f}"


def md_table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def ratio(cycles, policy, baseline, workload):
    """cycles(baseline) / cycles(policy) when both are known, else None."""
    base, run = cycles(baseline, workload), cycles(policy, workload)
    return None if base is None or run is None else base / run


def mean_speedup(cycles, policy, baseline, workloads):
    """(geometric mean of the ratios, how many workloads it covers)."""
    ratios = [ratio(cycles, policy, baseline, w) for w in workloads]
    ratios = [r for r in ratios if r is not None]
    return geomean(ratios), len(ratios)


def speedup(sweep, config, policy, baseline, workload):
    """cycles(baseline) / cycles(policy) when both runs verified, else None."""
    return ratio(sweep.cycles_of(config), policy, baseline, workload)


def geomean_speedup(sweep, config, policy, baseline, workloads):
    return mean_speedup(sweep.cycles_of(config), policy, baseline, workloads)


def workload_groups(sweep):
    """(label, workloads) for the geometric-mean rows: each class present, then all."""
    groups = []
    inside = [w for w in sweep.workloads if sweep.in_split[w]]
    other = [w for w in sweep.workloads if not sweep.in_split[w]]
    if inside and other:
        groups += [(f"geomean ({sweep.split_name})", inside), ("geomean (other)", other)]
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
    rows = [[w, "yes" if sweep.in_split[w] else "no"] + [cell(sweep, config, p, baseline, w) for p in others]
            for w in sweep.workloads]
    for label, group in workload_groups(sweep):
        means = [geomean_speedup(sweep, config, p, baseline, group) for p in others]
        rows.append([label, f"{len(group)} workload{'s' if len(group) != 1 else ''}"] + [f"{fmt_ratio(g)} (n={n})" for g, n in means])
    text = f"### Speedup over {baseline} (cycles of {baseline} / cycles of the policy)\n\n"
    text += md_table(["workload", sweep.split_name] + others, rows)
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


def config_section(sweep, config, baseline, args, seed):
    """The sections the seed asks for (seed_file.SECTIONS order) of one config."""
    sections = seed["sections"]
    unmeasured = sweep.classify(config, args.barrier_set, seed.get("split", "barrier"))
    text = f"## Config {config}\n\n"
    if unmeasured and "barrier" in sections:
        text += (f"**Note:** no verified LRR run to measure barrier intensity on for {', '.join(unmeasured)}: "
                 "the suite's label is used for it.\n\n")
    if "barrier" in sections:
        text += barrier_section(sweep, config)
    if "divergence" in sections:
        text += divergence_section(sweep, config)
        text += "".join(divergence_section(sweep, config, p) for p in sweep.policies if p.startswith("lrr@"))
    if "vtw" in sections:
        text += vtw_section(sweep, config)
    if "lanes" in sections:
        text += lanes_section(sweep, config, seed.get("lanes", {}).get("policies", sweep.policies[:4]), args.out)
    if baseline and "speedup" in sections:
        text += speedup_section(sweep, config, baseline, args.out)
    if "cycles" in sections:
        text += cycles_section(sweep, config)
    if "ranks" in sections:
        text += "".join(rank_section(sweep.cycles_of(config), sweep.workloads, sweep.policies, t, "###")
                        for t in seed.get("rank_tables", []))
    if "stalls" in sections:
        text += stall_section(sweep, config, baseline, "gpgpu", GPGPU_STALLS, "GPGPU-Sim taxonomy", args.out)
        text += stall_section(sweep, config, baseline, "hazards", HAZARD_STALLS, "hazard taxonomy (seed 001)", args.out)
    if "rtru" in sections:
        text += metrics_section(sweep, config, args.out)
    workload, policy = default_timeline(sweep, baseline, args)
    if "timeline" in sections and workload in sweep.workloads and (policy is None or policy in sweep.policies):
        text += timeline_section(sweep, config, baseline, workload, policy, args.out)
    return text


def divergence_rows(report):
    """Per kernel of a run report, its launches together: [name, launches,
    TBs, resident, iters, instruction counts at 50/25/10/5%, cycle counts,
    DWR, DWS, set]. DWR and DWS average the launches' values weighted by the
    TBs each counted over."""
    by_name = {}
    for k, kernel in enumerate(report["kernels"]):
        by_name.setdefault(kernel["name"], []).append(k)
    rows = []
    for name, launches in by_name.items():
        kernels = [report["kernels"][k] for k in launches]
        tbs = [t for t in report["tbs"] if t["kernel"] in launches]
        inst = divergence_sets.counts([tuple(t["warp_instructions_min_max"]) for t in tbs])
        cyc = divergence_sets.counts([tuple(t["warp_cycles_min_max"]) for t in tbs])
        resident = max(k["max_resident_tbs"] for k in kernels)
        blocks = max(k["blocks"] for k in kernels)
        rows.append([name, len(launches), len(tbs), resident, -(-blocks // resident) if resident else 0]
                    + [inst[p] for p in divergence_sets.LEVELS] + [cyc[p] for p in divergence_sets.LEVELS]
                    + [weighted(kernels, "dwr", "dwr_tbs"), weighted(kernels, "dws", "dws_tbs"),
                       divergence_sets.divergence_set(len(tbs), inst[5], cyc[5])])
    return rows


def weighted(kernels, value, weight):
    total = sum(k[weight] for k in kernels)
    return f"{sum(k[value] * k[weight] for k in kernels) / total:.2f}" if total else "-"


def divergence_section(sweep, config, policy="lrr"):
    """Seed 004's Tables 1 and 2 for every kernel of the LRR runs (the
    paper measured divergence under LRR, the fairest scheduler), with the set
    each falls in (scripts/divergence_sets.py); with policy `lrr@vtw:same`,
    the same for the transformed kernels' virtual TBs."""
    rows, missing = [], []
    for w in sweep.workloads:
        run = sweep.verified(config, policy, w)
        if run is None:
            missing.append(w)
            continue
        rows += [[w] + r for r in divergence_rows(sweep.report(run))]
    if not rows:
        return ""
    levels = [f"{p}%+" for p in divergence_sets.LEVELS]
    header = (["workload", "kernel", "launches", "TBs", "resident", "iters"] + [f"instr {x}" for x in levels]
              + [f"cycles {x}" for x in levels] + ["DWR", "DWS", "set"])
    text = (f"### Warp divergence under {policy} (seed 004 Tables 1 and 2)\n\n"
            + ("The transformed kernels: a TB is a virtual TB, which runs several logical TBs in turn; its warps "
               "finish their last iteration apart, where VTW leaves them no siblings to wait for.\n\n"
               if "@" in policy else "")
            + "Per kernel (its launches together; iters: TBs of its largest launch over the most resident): "
            "TBs whose warps' instructions / cycles to exit spread by more than 50/25/10/5% "
            "of the smallest; DWR and DWS over the first N - R finishing TBs of each launch; the set (1: instruction and "
            "cycle divergence, 2: cycle only, 3: instruction only, 4: neither) by the rule in "
            "scripts/divergence_sets.py.\n\n" + md_table(header, rows))
    if missing:
        text += f"\nNo verified {policy} run for {', '.join(missing)}.\n"
    return text + "\n"


def bucket_shares(histogram):
    """A lane histogram's shares in LANE_BUCKETS."""
    total = sum(histogram)
    return [sum(histogram[lo:hi + 1]) / total if total else 0.0 for lo, hi in LANE_BUCKETS]


LANE_VIEWS = {
    "lanes_per_instruction": ("issued warp instructions by active lanes (seed 002 Fig. 1)", "share of issued instructions"),
    "lanes_per_scheduler_cycle": ("scheduler-cycles by lanes issued, 0: idle (seed 002 Fig. 9's active FUs)",
                                  "share of scheduler-cycles"),
}


def lanes_section(sweep, config, policies, out):
    """Seed 002's Figs. 1 and 9: per workload and policy, the mean share of
    a warp's lanes an issued instruction fills and the share of idle
    scheduler-cycles, the class the split uses, and both histograms plotted."""
    policies = [p for p in policies if p in sweep.policies]
    if not policies:
        return ""

    def pct(v):
        return "-" if v is None else f"{100 * v:.1f}%"

    rows = [[w, "yes" if sweep.in_split[w] else "no"]
            + [f"{pct(sweep.issued_lane_share(config, w, p))} / {pct(sweep.idle_share(config, w, p))}"
               for p in policies] for w in sweep.workloads]
    text = ("### SIMD lanes: filled per issued instruction / idle scheduler-cycles\n\n"
            f"Branch-divergent: LRR's issued warp instructions fill under {100 * BRANCH_DIVERGENT:.0f}% of "
            "the lanes on average (our measure for seed 002's branch-intensive benchmarks, Fig. 8's left "
            "group). A large warp's sub-warp counts as one issued instruction.\n\n"
            + md_table(["workload", "branch-divergent"] + policies, rows))
    for key, (title, ylabel) in LANE_VIEWS.items():
        png = f"{key}_{config}.png"
        plot_lanes(sweep, config, policies, key, f"{config}: {title}", ylabel, os.path.join(out, png))
        text += f"\n![{title}]({png})\n"
    return text + "\n"


def plot_lanes(sweep, config, policies, key, title, ylabel, path):
    """One row per policy: each workload's histogram in LANE_BUCKETS, stacked."""
    workloads = sweep.workloads
    fig, axes = plt.subplots(len(policies), 1, figsize=(max(8, 0.45 * len(workloads) + 3), 1.2 + 1.9 * len(policies)),
                             sharex=True, squeeze=False)
    colours = plt.get_cmap("viridis")
    for ax, policy in zip(axes[:, 0], policies):
        runs = [sweep.verified(config, policy, w) for w in workloads]
        shares = [bucket_shares(sweep.lanes(r, key)) if r else [0.0] * len(LANE_BUCKETS) for r in runs]
        bottoms = [0.0] * len(workloads)
        for b, (lo, hi) in enumerate(LANE_BUCKETS):
            values = [s[b] for s in shares]
            ax.bar(range(len(workloads)), values, 0.7, bottom=bottoms, color=colours(b / (len(LANE_BUCKETS) - 1)),
                   label=str(lo) if lo == hi else f"{lo}-{hi}")
            bottoms = [x + v for x, v in zip(bottoms, values)]
        ax.set_ylim(0, 1)
        ax.set_ylabel(ylabel, fontsize="x-small")
        ax.set_title(policy, fontsize="small")
    axes[0, 0].legend(fontsize="x-small", loc="upper left", bbox_to_anchor=(1.0, 1.0), title="lanes")
    axes[-1, 0].set_xticks(range(len(workloads)))
    axes[-1, 0].set_xticklabels(workloads, rotation=45, ha="right")
    fig.suptitle(title + " (runs that did not verify are empty)", fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


RESOURCES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tb", "workloads", "ptx", "resources.json")


def set_groups(sweep, config):
    """(label, workloads) for seed 004's GMEAN1..4 rows and the overall one."""
    sets = {w: sweep.divergence_set(config, w) for w in sweep.workloads}
    groups = [(f"GMEAN{s}", [w for w in sweep.workloads if sets[w] == s]) for s in (1, 2, 3, 4)]
    return sets, [g for g in groups if g[1]] + [("GMEAN", sweep.workloads)]


def kernel_residency(sweep, config, policy, workload):
    """{kernel name: most TBs resident at once over its launches} of a verified run."""
    run = sweep.verified(config, policy, workload)
    out = {}
    for k in ([] if run is None else sweep.kept(run)["kernels"]):
        out[k["name"]] = max(out.get(k["name"], 0), k["max_resident_tbs"])
    return out


def register_rows(sweep, config, reference, transformed):
    """Seed 004 Table 7: per kernel, ptxas's registers before and after the
    transformation and the TBs resident on the GPU at once (the original under
    the reference policy; the transformed kernel's virtual TBs, all resident)."""
    with open(RESOURCES) as f:
        resources = json.load(f)
    prefix = transformed.split("@", 1)[1] + "/"
    rows, same = [], 0
    for w in sweep.workloads:
        before = kernel_residency(sweep, config, reference, w)
        after = kernel_residency(sweep, config, transformed, w)
        for name in sorted(set(before) & set(after)):
            regs, vregs = resources.get(name, {}).get("registers"), resources.get(prefix + name, {}).get("registers")
            res, vres = before[name], after[name]
            if res == vres:
                same += 1
                continue
            rows.append([w, name, regs, vregs, res, vres])
    return rows, same


def vtw_section(sweep, config):
    """Seed 004's Tables 4, 6 and 7 on this sweep: every policy normalised to
    GTO on the original kernels, per workload and per divergence set; vInstr;
    stall cycles over GTO's; registers and residency before and after."""
    reference = "gto"
    transformed = next((p for p in sweep.policies if p.startswith("vtw@")), None)
    if reference not in sweep.policies or transformed is None:
        return ""
    others = [p for p in sweep.policies if p != reference]
    cycles = sweep.cycles_of(config)
    stalls = sweep.measure_of(config, "stall_cycles")
    instructions = sweep.measure_of(config, "thread_instructions")
    sets, groups = set_groups(sweep, config)
    rows = [[w, sets[w] or "-"] + [fmt_ratio(ratio(cycles, p, reference, w)) for p in others]
            + [fmt_ratio(ratio(instructions, reference, transformed, w))] for w in sweep.workloads]
    for label, group in groups:
        rows.append([label, f"{len(group)}"] + [fmt_ratio(mean_speedup(cycles, p, reference, group)[0]) for p in others]
                    + [fmt_ratio(mean_speedup(instructions, reference, transformed, group)[0])])
    text = (f"### VTW: performance over {reference} (seed 004 Table 4)\n\n"
            f"cycles({reference}) / cycles(policy); a policy `P@vtw:MODE` runs the transformed kernels (vGTO is "
            f"`gto@vtw:same`, vLRR `lrr@vtw:same`). vInstr: thread instructions of `{transformed}` over {reference}'s "
            "on the original kernels. Set: seed 004's divergence set of the workload's kernel with the most TBs, "
            "measured under LRR (Tables 1-2 above); GMEANk over the workloads of set k.\n\n"
            + md_table(["workload", "set"] + others + ["vInstr"], rows))
    stall_rows = [[label] + [fmt_ratio(mean_speedup(stalls, reference, p, group)[0]) for p in others]
                  for label, group in groups]
    text += (f"\n### VTW: stall cycles over {reference}'s (seed 004 Table 6; lower is better)\n\n"
             "Scheduler-cycles without an issue, summed over the SMs, geometric mean of the ratios.\n\n"
             + md_table(["set"] + others, stall_rows))
    reg_rows, same = register_rows(sweep, config, reference, transformed)
    text += (f"\n### VTW: registers and residency (seed 004 Table 7)\n\n"
             f"ptxas's registers per thread of each kernel before and after `{transformed.split('@', 1)[1]}` "
             "(tb/workloads/ptx/resources.json), the most TBs resident at once on the GPU under "
             f"{reference}, and the virtual TBs the transformed kernel ran with. Kernels whose residency did not "
             f"change ({same}) are left out, as in the paper.\n\n"
             + (md_table(["workload", "kernel", "Regs", "vRegs", "Res", "vRes"], reg_rows) if reg_rows
                else "None changed.\n"))
    return text + "\n"


def ranks(cycles, policy, among, workloads):
    """{workload: rank of policy among the `among` policies} by cycles, fewest
    first, on the workloads where every one of them has cycles (verified).
    Rank = 1 + the number of the others with strictly fewer cycles: a tie
    shares the better rank (two policies with the same fewest cycles are both
    rank 1, the next is rank 3)."""
    out = {}
    for w in workloads:
        cs = {p: cycles(p, w) for p in among}
        if any(c is None for c in cs.values()):
            continue
        out[w] = 1 + sum(1 for p in among if p != policy and cs[p] < cs[policy])
    return out


def rank_rows(cycles, workloads, table):
    """Seed 003 Table VI's rows: per rank 1..len(among), [rank, workloads at it,
    geomean speedup of the policy over each `against` policy on them], then
    'Overall' over every ranked workload; and the number of workloads left out
    (some `among` policy without a verified run)."""
    policy, against = table["policy"], table["against"]
    ranked = ranks(cycles, policy, table["among"], workloads)
    groups = [(str(r), [w for w in workloads if ranked.get(w) == r]) for r in range(1, len(table["among"]) + 1)]
    groups.append(("Overall", [w for w in workloads if w in ranked]))
    rows = []
    for label, group in groups:
        means = [mean_speedup(cycles, policy, a, group)[0] for a in against]
        rows.append([label, len(group)] + [fmt_ratio(m) for m in means])
    return rows, len(workloads) - len(ranked)


def rank_section(cycles, workloads, policies, table, heading, unregistered=()):
    """The rank table of one seed rank_tables entry, or why it is not computed."""
    policy, among, against = table["policy"], table["among"], table["against"]
    source = f" ({table['paper_table']})" if table.get("paper_table") else ""
    text = f"{heading} Rank of {policy} among {', '.join(among)}{source}\n\n"
    absent = [p for p in dict.fromkeys(among + against) if p not in policies]
    if absent:
        return text + "Not computed: " + ", ".join(
            f"`{p}` " + ("not registered in scwarp yet" if p in unregistered else "not in this sweep")
            for p in absent) + ".\n\n"
    rows, left_out = rank_rows(cycles, workloads, table)
    text += (f"Per workload, {policy}'s rank among these {len(among)} policies by cycles (fewest = rank 1; a tie "
             f"shares the better rank). Per rank: how many workloads, and the geometric mean over them of "
             f"cycles(P) / cycles({policy}) for each P; Overall: over every ranked workload.")
    if left_out:
        text += f" {left_out} workload{'s' if left_out != 1 else ''} without a verified run of all of them left out."
    return text + "\n\n" + md_table(["rank", "workloads"] + [f"{policy} over {a}" for a in against], rows) + "\n"


def claim_source(claim):
    return f"seed {claim['paper'][:3]}"


def claim_workloads(sweep, config, claim):
    """all, barrier, divergent (the seed's split: seed 001's barrier-intensive
    or seed 002's branch-divergent), other, or set1..set4 (seed 004's
    divergence sets, measured under LRR)."""
    group = claim["workloads"]
    if group.startswith("set"):
        return [w for w in sweep.workloads if sweep.divergence_set(config, w) == int(group[3:])]
    return [w for w in sweep.workloads if group == "all" or (group != "other") == sweep.in_split[w]]


def claim_policies(claim):
    """The policies a claim's value needs runs of."""
    if claim["compare"] == "rank_share":
        return [claim["policy"]] + claim["among"]
    extra = ["lrr"] if claim["compare"] == "difference_over_lrr" else []
    return [claim["policy"], claim["reference"]] + extra


# Claim kinds that compare another measure than cycles: the geometric mean of
# measure(policy) / measure(reference) (lower is better for both).
MEASURED = {"stall_ratio": "stall_cycles", "instruction_ratio": "thread_instructions"}


def claim_measure(cycles, claim, workloads, measure=None):
    """(our value computed the way the paper computed its, workloads covered).
    'ratio': mean of cycles(reference) / cycles(policy). 'difference_over_lrr':
    1 + (policy's mean speedup over LRR) - (reference's), on the workloads
    where all three verified (seed 001 Sec. 6.1's "improves upon GTO by 7.8%"
    is 16.2% - 8.4%). 'rank_share': the share of the workloads where all of
    `among` verified on which the policy is at rank 1..rank_at_most (ranks())."""
    if claim["compare"] == "rank_share":
        ranked = ranks(cycles, claim["policy"], claim["among"], workloads)
        if not ranked:
            return None, 0
        return sum(1 for r in ranked.values() if r <= claim["rank_at_most"]) / len(ranked), len(ranked)
    if claim["compare"] == "ratio":
        return mean_speedup(cycles, claim["policy"], claim["reference"], workloads)
    if claim["compare"] in MEASURED:
        return mean_speedup(measure, claim["reference"], claim["policy"], workloads)
    common = [w for w in workloads if all(cycles(p, w) is not None for p in claim_policies(claim))]
    if not common:
        return None, 0
    ours = mean_speedup(cycles, claim["policy"], "lrr", common)[0]
    theirs = mean_speedup(cycles, claim["reference"], "lrr", common)[0]
    return 1 + ours - theirs, len(common)


def gain_gap(ours, reference):
    """ours - reference as gains (ratio - 1), in percentage points."""
    return "-" if ours is None or reference is None else f"{100 * (ours - reference):+.1f} pp"


def compare_text(claim):
    if claim["compare"] == "rank_share":
        return f"rank 1..{claim['rank_at_most']} of {len(claim['among'])}, share"
    return {"ratio": "ratio", "difference_over_lrr": "difference over LRR",
            "stall_ratio": "stall cycles / reference's", "instruction_ratio": "instructions / reference's"}[claim["compare"]]


def paper_value(claim):
    """The paper's value as a ratio, or for rank_share the share count / of."""
    return claim["count"] / claim["of"] if claim["compare"] == "rank_share" else claim["value"]


def fmt_value(claim, value, n):
    """Our value: a ratio, or for rank_share 'K/N (share)'."""
    if value is None or claim["compare"] != "rank_share":
        return fmt_ratio(value)
    return f"{round(value * n)}/{n} ({value:.3f})"


def claim_row(sweep, config, claim, unregistered, before):
    """[claim, source, paper, how, (before,) ours, ours - paper, (ours - before,) n]."""
    paper = (f"{claim['count']}/{claim['of']} ({paper_value(claim):.3f})" if claim["compare"] == "rank_share"
             else f"{claim['value']:.3f}")
    head = [claim["claim"], claim_source(claim), paper, compare_text(claim)]
    blank = ["-"] * (4 if before else 2)
    absent = [p for p in dict.fromkeys(claim_policies(claim)) if p not in sweep.policies]
    if absent:
        why = ", ".join(f"`{p}` " + ("not registered in scwarp yet" if p in unregistered else "not in the sweep")
                        for p in absent)
        return head + [f"missing: {why}"] + blank
    workloads = claim_workloads(sweep, config, claim)
    if not workloads:
        return head + [f"missing: no {claim['workloads']} workloads in the sweep"] + blank
    ours, n = claim_measure(sweep.cycles_of(config), claim, workloads, sweep.measure_of(config, MEASURED[claim["compare"]])
                            if claim["compare"] in MEASURED else None)
    if not before:
        return head + [fmt_value(claim, ours, n), gain_gap(ours, paper_value(claim)), f"{n}/{len(workloads)}"]
    old, old_n = claim_measure(before, claim, workloads) if claim["compare"] not in MEASURED else (None, 0)
    return head + [fmt_value(claim, old, old_n), fmt_value(claim, ours, n), gain_gap(ours, paper_value(claim)),
                   gain_gap(ours, old), f"{old_n}, {n}/{len(workloads)}"]


def claims_header(before):
    if before:
        return ["claim", "source", "paper", "how", "before", "after", "after - paper", "after - before",
                "n (before, after)"]
    return ["claim", "source", "paper", "how", "ours", "ours - paper", "n"]


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


def barrier_set_text(sweep, config):
    """Seed 001's barrier-intensive set as measured on this sweep's LRR runs,
    beside the suite's hand labels (`barrier_intensive()` in tb/workloads), naming every
    workload where the two disagree."""
    measured = [w for w in sweep.workloads if sweep.barrier_fraction(config, w) is not None]
    if not measured:
        return ""

    def listed(ws):
        return ", ".join(ws) if ws else "none"

    above = [w for w in measured if sweep.barrier_fraction(config, w) > BARRIER_INTENSIVE]
    labelled = [w for w in sweep.workloads if sweep.labelled[w]]
    differ = [w for w in measured if (w in above) != sweep.labelled[w]]
    text = (f"Barrier-intensive by seed 001's definition (Sec. 5: a warp's barrier stall cycles exceed "
            f"{100 * BARRIER_INTENSIVE:.0f}% of its execution time), measured on this sweep's LRR runs: "
            f"{listed(above)}. The suite's hand labels: {listed(labelled)}.")
    if differ:
        text += " They differ on " + ", ".join(
            f"{w} (labelled {'yes' if sweep.labelled[w] else 'no'}, "
            f"{100 * sweep.barrier_fraction(config, w):.1f}%)" for w in differ) + "."
    return text + "\n\n"


def barrier_section(sweep, config):
    """Per workload: the suite's label, LRR's barrier-stall fraction (the
    measure seed 001 classifies by) and LRR's scheduler-cycles lost to barrier
    hazards (the issue-slot view), and the class the tables use."""
    def percent(v):
        return "-" if v is None else f"{100 * v:.1f}%"

    rows = [[w, "yes" if sweep.labelled[w] else "no", percent(sweep.barrier_fraction(config, w)),
             percent(sweep.barrier_hazard_share(config, w)), "yes" if sweep.barrier[w] else "no"]
            for w in sweep.workloads]
    return ("### Barrier-intensive workloads\n\n" + barrier_set_text(sweep, config)
            + md_table(["workload", "suite label", "LRR: warp time at barriers", "LRR: barrier-hazard cycles",
                        "barrier-intensive in these tables"], rows) + "\n")


def report_md_cycles(path):
    """cycles(policy, workload) from the first cycles table of a report.md this
    script wrote (a committed grid survives only as that: `git show
    COMMIT:docs/results/pro_baws/report.md`). The table shows unverified runs'
    cycles too; failed and missing runs are None."""
    with open(path) as f:
        lines = f.read().splitlines()
    if "### Cycles (thread IPC)" not in lines:
        sys.exit(f"sweep_report.py: error: {path} has no '### Cycles (thread IPC)' table")
    at = lines.index("### Cycles (thread IPC)") + 2
    policies = [c.strip() for c in lines[at].strip("|").split("|")][1:]
    table = {}
    for line in itertools.takewhile(lambda l: l.startswith("|"), lines[at + 2:]):
        workload, *cells = [c.strip() for c in line.strip("|").split("|")]
        for policy, c in zip(policies, cells):
            if re.match(r"\d+ \(", c):
                table[(policy, workload)] = int(c.split()[0])
    return lambda policy, workload: table.get((policy, workload))


def before_cycles(path):
    """cycles(policy, workload) of an older grid: a sweep folder, its
    sweep.json (verified runs of its first config) or a report.md."""
    if path.endswith(".md"):
        return report_md_cycles(path)
    old = Sweep(path if os.path.isdir(path) else os.path.dirname(path))
    return old.cycles_of(old.configs[0])


def shown_path(path):
    """A path relative to the repository root when it is inside it."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    rel = os.path.relpath(os.path.abspath(path), root)
    return path if rel.startswith("..") else rel


def claims_intro(sweep, config, args, seed):
    s = sweep.summary
    papers = "the papers'" if len(seed["papers"]) > 1 else "the paper's"
    text = f"# {seed['title']}: our numbers beside {papers} claims\n\n"
    text += "Generated by `scripts/reproduce"
    text += f" {args.claims_command}`" if args.claims_command else "`"
    text += (f" (sweep: size `{s['size']}`, seed {s['seed']}, config `{config}`, {len(s['workloads'])} workloads, "
             f"{len(s['policies'])} policies). Our values are geometric means over the workloads of "
             "cycles(reference) / cycles(policy), counting only workloads where the runs verified (n); ")
    kinds = {c["compare"] for c in seed["claims"]}
    if "difference_over_lrr" in kinds:
        text += ("where the paper's value is the difference of two speedups over LRR (how: \"difference over "
                 "LRR\", seed 001 Sec. 6.1: \"improves upon GTO by 7.8%\" = 16.2% - 8.4%), ours is computed the "
                 "same way. ")
    if "rank_share" in kinds:
        text += ("where the paper counts the kernels on which a policy is best or second best (how: \"rank 1..2 "
                 "of 4, share\"), ours is the share of our workloads (those where all the ranked policies verified) "
                 "on which it is at those ranks by cycles, a tie sharing the better rank. ")
    shares = ", or the shares," if "rank_share" in kinds else ""
    text += (f"Differences compare the gains (ratio - 1){shares} in percentage points. The paper values and "
             f"their quotes are in `{shown_path(seed['path'])}`. "
             "The tables are generated: rerun the script rather than edit "
             "them; the discussion after them is written by hand and kept.\n\n")
    if args.before:
        text += (f"\"before\" is the older grid `{args.before}`, on the workload sets of this one (\"after\").\n\n")
    if s["sets"]:
        text += "Options set on every run: " + ", ".join(f"`{x}`" for x in s["sets"]) + ".\n\n"
    if s["size"] != seed.get("size", "paper"):
        text += (f"**Size `{s['size']}`, not `{seed.get('size', 'paper')}`:** these figures check the pipeline, "
                 "not the papers' claims; kernels this small fill few waves, where scheduling matters little.\n\n")
    if seed.get("size_why"):
        text += seed["size_why"] + "\n\n"
    if len(s["configs"]) > 1:
        text += (f"The claims are measured on `{config}`; the report has the same tables for "
                 + ", ".join(f"`{c}`" for c in s["configs"][1:]) + ".\n\n")
    return text


def write_claims(sweep, args, before, seed):
    config = sweep.configs[0]
    sweep.classify(config, args.barrier_set, seed.get("split", "barrier"))
    rows = [claim_row(sweep, config, c, set(args.unregistered), before) for c in seed["claims"]]
    text = claims_intro(sweep, config, args, seed)
    text += md_table(claims_header(before), rows) + "\n"
    if "barrier" in seed["sections"]:
        text += barrier_set_text(sweep, config)
    if any(c["workloads"] != "all" for c in seed["claims"]):
        text += ("The claims' barrier-intensive and other workloads are "
                 + ("that measured set" if args.barrier_set == "measured" else "the suite's labels")
                 + f" (`--barrier-set {args.barrier_set}`).\n\n")
    if "ranks" in seed["sections"]:
        text += "".join(rank_section(sweep.cycles_of(config), sweep.workloads, sweep.policies, t, "##",
                                     set(args.unregistered))
                        for t in seed.get("rank_tables", []))
    text += (f"Full tables and plots: [report.md]({os.path.relpath(os.path.join(args.out, 'report.md'), os.path.dirname(args.claims))}).\n")
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
    p.add_argument("--barrier-set", choices=["measured", "label"], default="measured",
                   help="barrier-intensive workloads: measured on the sweep's LRR runs (seed 001's 15%% rule; "
                        "default) or the suite's hand labels")
    p.add_argument("--seed", default=seed_file.DEFAULT,
                   help="the seed file: a name in scripts/seeds/ or a .json path (default: pro_baws); its "
                        "sections, rank tables and claims are used")
    p.add_argument("--claims", help="also write the seed's claims table to this markdown file")
    p.add_argument("--claims-command", default="", help="the reproduce options to name in the claims file")
    p.add_argument("--before", help="with --claims: an older grid (sweep folder, sweep.json or report.md, "
                                    "which may be the report.md --out holds) to compare the claims with")
    p.add_argument("--unregistered", nargs="*", default=[], help="grid policies scwarp does not have yet")
    args = p.parse_args(argv)
    args.out = args.out or os.path.join(args.sweep, "report")
    if args.before and not args.claims:
        p.error("--before needs --claims")
    if args.before and not os.path.exists(args.before):
        p.error(f"--before '{args.before}' does not exist")
    return args


def main(argv):
    args = parse_args(argv)
    try:
        seed = seed_file.load(args.seed)
    except seed_file.SeedError as e:
        sys.exit(f"sweep_report.py: error: {e}")
    sweep = Sweep(args.sweep)
    # Read before report.md is rewritten: --before may name the one --out holds.
    before = before_cycles(args.before) if args.before else None
    os.makedirs(args.out, exist_ok=True)
    notes, baseline = check_references(sweep, args)
    for n in notes:
        print(f"sweep_report.py: note: {n}", file=sys.stderr)
    text = overview(sweep, notes) + "".join(config_section(sweep, c, baseline, args, seed) for c in sweep.configs)
    with open(os.path.join(args.out, "report.md"), "w") as f:
        f.write(text)
    if args.claims:
        write_claims(sweep, args, before, seed)
    print(f"wrote {os.path.join(args.out, 'report.md')}")


if __name__ == "__main__":
    main(sys.argv[1:])
