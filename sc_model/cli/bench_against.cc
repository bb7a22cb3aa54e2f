#include "sc_model/cli/bench_against.h"

#include <fmt/core.h>
#include <fmt/format.h>

#include <cmath>
#include <string>
#include <vector>

#include "sc_model/cli/exit_status.h"
#include "sc_model/cli/json_file.h"
#include "tb/workloads/workload.h"

namespace scwarp::cli {
namespace {

constexpr const char* kRowFormat = "{:<16} {:>8} {:>11} {:>11} {:>11} {:>8} {:>9} {:>7}\n";

// One workload, run once by each build.
struct RacePair {
  BenchRow self, other;
  bool completed() const { return self.completed && other.completed; }
  // The simulated result, everything but host time, is the same on both.
  bool same_result() const {
    return self.cycles == other.cycles && self.thread_instructions == other.thread_instructions &&
           self.warp_instructions == other.warp_instructions && self.verified == other.verified;
  }
  double ratio() const { return other.thread_rate() > 0 ? self.thread_rate() / other.thread_rate() : 0; }
  // The same by CPU time: on a machine other work shares, wall-clock rates
  // also measure the neighbours; CPU time much less so.
  double cpu_ratio() const {
    return other.thread_cpu_rate() > 0 ? self.thread_cpu_rate() / other.thread_cpu_rate() : 0;
  }
};

// Alternates which build goes first, from workload to workload and from
// run to run, so that a machine slowing down or speeding up over the bench
// weighs on both alike; each build's runs of the workload are folded.
RacePair race(const TimingBenchRequest& req, const std::string& workload, bool self_first) {
  RacePair pair;
  for (uint32_t r = 0; r < req.reps; ++r) {
    const auto take = [r](BenchRow& into, BenchRow run) {
      if (r == 0)
        into = std::move(run);
      else
        fold_run(into, std::move(run));
    };
    const bool self_now = self_first == (r % 2 == 0);
    if (self_now) take(pair.self, run_bench_row(req, workload));
    take(pair.other, run_bench_row(req, workload, req.against));
    if (!self_now) take(pair.self, run_bench_row(req, workload));
  }
  return pair;
}

void print_pair(const RacePair& p, const std::string& other_path) {
  if (!p.self.completed) fmt::print("{:<16} FAILED   this build: {}\n", p.self.workload, p.self.error);
  if (!p.other.completed) fmt::print("{:<16} FAILED   {}: {}\n", p.other.workload, other_path, p.other.error);
  if (!p.completed()) return;
  fmt::print(kRowFormat, p.self.workload, p.self.verified && p.other.verified ? "yes" : "NO", p.self.cycles,
             fmt::format("{:.2f}", p.self.thread_rate() / 1e6), fmt::format("{:.2f}", p.other.thread_rate() / 1e6),
             fmt::format("{:.3f}", p.ratio()), fmt::format("{:.3f}", p.cpu_ratio()), p.same_result() ? "yes" : "NO");
}

// One build's rows of the workloads both builds completed, so that the two
// suite means average the same workloads.
std::vector<BenchRow> side(const std::vector<RacePair>& pairs, BenchRow RacePair::*which) {
  std::vector<BenchRow> rows;
  for (const RacePair& p : pairs)
    if (p.completed()) rows.push_back(p.*which);
  return rows;
}

uint64_t peak_of(const std::vector<BenchRow>& rows) {
  uint64_t peak = 0;
  for (const BenchRow& r : rows) peak = std::max(peak, r.peak_bytes);
  return peak;
}

// Geometric mean of a per-workload ratio (every workload both builds ran).
double geomean(const std::vector<RacePair>& pairs, double (RacePair::*ratio)() const) {
  double log_sum = 0;
  int n = 0;
  for (const RacePair& p : pairs) {
    if (!p.completed() || (p.*ratio)() <= 0) continue;
    log_sum += std::log((p.*ratio)());
    ++n;
  }
  return n ? std::exp(log_sum / n) : 0;
}

std::vector<std::string> differing(const std::vector<RacePair>& pairs) {
  std::vector<std::string> names;
  for (const RacePair& p : pairs)
    if (p.completed() && !p.same_result()) names.push_back(p.self.workload);
  return names;
}

nlohmann::json report_json(const TimingBenchRequest& req, const std::vector<RacePair>& pairs) {
  const std::vector<BenchRow> self = side(pairs, &RacePair::self), other = side(pairs, &RacePair::other);
  nlohmann::json report = {{"mode", "timing-against"},
                           {"against", req.against},
                           {"size", req.size},
                           {"seed", req.seed},
                           {"reps", req.reps},
                           {"config", req.config.config.empty() ? "gtx480" : req.config.config},
                           {"runs", nlohmann::json::array()},
                           {"suite_mean_thread_instructions_per_second",
                            {{"this", suite_mean_rate(self)}, {"other", suite_mean_rate(other)}}},
                           {"geomean_ratio", geomean(pairs, &RacePair::ratio)},
                           {"geomean_cpu_ratio", geomean(pairs, &RacePair::cpu_ratio)},
                           {"same_results", !self.empty() && differing(pairs).empty()},
                           {"peak_resident_bytes", {{"this", peak_of(self)}, {"other", peak_of(other)}}}};
  for (const RacePair& p : pairs) {
    nlohmann::json run = {{"workload", p.self.workload},
                          {"this", bench_row_json(p.self)},
                          {"other", bench_row_json(p.other)}};
    if (p.completed())
      run.update({{"ratio", p.ratio()}, {"cpu_ratio", p.cpu_ratio()}, {"same_result", p.same_result()}});
    report["runs"].push_back(run);
  }
  return report;
}

void print_summary(const std::vector<RacePair>& pairs) {
  const std::vector<BenchRow> self = side(pairs, &RacePair::self), other = side(pairs, &RacePair::other);
  const double self_mean = suite_mean_rate(self), other_mean = suite_mean_rate(other);
  fmt::print("suite mean           this {:.2f}, other {:.2f} M thread-instr/s, ratio {:.3f} "
             "(microbenchmarks and failed runs excluded)\n",
             self_mean / 1e6, other_mean / 1e6, other_mean > 0 ? self_mean / other_mean : 0.0);
  fmt::print("geomean ratio        {:.3f} wall clock, {:.3f} CPU time (this/other, every workload both ran)\n",
             geomean(pairs, &RacePair::ratio), geomean(pairs, &RacePair::cpu_ratio));
  fmt::print("peak resident memory this {:.1f} MiB, other {:.1f} MiB (largest run)\n",
             double(peak_of(self)) / (1 << 20), double(peak_of(other)) / (1 << 20));
  const std::vector<std::string> differ = differing(pairs);
  if (self.empty())
    fmt::print("same results         unknown: no workload completed on both builds\n");
  else if (differ.empty())
    fmt::print("same results         yes: both builds simulated the same cycles and instructions on every "
               "workload both ran\n");
  else
    fmt::print("RESULTS DIFFER       on {}: the two builds simulate differently (cycles or instructions)\n",
               fmt::join(differ, ", "));
}

}  // namespace

int run_bench_against(const TimingBenchRequest& req) {
  const std::vector<std::string> names = req.workloads.empty() ? workloads::workload_names() : req.workloads;
  fmt::print("timing benchmark against {}, {}\n", req.against, bench_heading(req));
  fmt::print(kRowFormat, "workload", "verified", "cycles", "this M/s", "other M/s", "ratio", "cpu ratio", "same");
  std::vector<RacePair> pairs;
  for (size_t i = 0; i < names.size(); ++i) {
    pairs.push_back(race(req, names[i], i % 2 == 0));
    print_pair(pairs.back(), req.against);
  }
  print_summary(pairs);
  if (!req.json_path.empty()) write_json_file(req.json_path, report_json(req, pairs));
  bool all_completed = true, all_verified = true;
  for (const RacePair& p : pairs) {
    all_completed = all_completed && p.completed();
    all_verified = all_verified && p.self.verified && p.other.verified;
  }
  if (!all_completed) return kExitError;
  return all_verified && differing(pairs).empty() ? kExitOk : kExitVerificationFailed;
}

}  // namespace scwarp::cli
