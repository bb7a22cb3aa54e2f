#include "sc_model/cli/timing_bench.h"

#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

#include "sc_model/cli/child_process.h"
#include "sc_model/cli/exit_status.h"
#include "sc_model/cli/json_file.h"
#include "sc_model/common/error.h"
#include "tb/workloads/workload.h"

namespace scwarp::cli {
namespace {

constexpr const char* kRowFormat = "{:<16} {:>8} {:>12} {:>11} {:>8} {:>9} {:>9} {:>9} {:>8}\n";

std::vector<std::string> child_args(const TimingBenchRequest& req, const std::string& workload,
                                    const std::string& json_path) {
  std::vector<std::string> args{"run", "--workload", workload, "--size", req.size, "--seed",
                                std::to_string(req.seed), "--json", json_path};
  if (!req.config.config.empty()) args.insert(args.end(), {"--config", req.config.config});
  if (!req.config.scheduler.empty()) args.insert(args.end(), {"--sched", req.config.scheduler});
  if (!req.config.fetch_policy.empty()) args.insert(args.end(), {"--fetch", req.config.fetch_policy});
  if (!req.config.sched_impl.empty()) args.insert(args.end(), {"--sched-impl", req.config.sched_impl});
  for (const std::string& set : req.config.sets) args.insert(args.end(), {"--set", set});
  return args;
}

void print_row(const BenchRow& r) {
  if (!r.completed) {
    fmt::print("{:<16} FAILED   {}\n", r.workload, r.error);
    return;
  }
  fmt::print(kRowFormat, r.workload, r.verified ? "yes" : "NO", r.thread_instructions, r.cycles,
             fmt::format("{:.2f}", r.launch_seconds), fmt::format("{:.2f}", r.per_second(r.thread_instructions) / 1e6),
             fmt::format("{:.3f}", r.per_second(r.warp_instructions) / 1e6),
             fmt::format("{:.1f}", r.per_second(r.cycles) / 1e3),
             fmt::format("{:.0f}", double(r.peak_bytes) / (1 << 20)));
}

}  // namespace

BenchRow run_bench_row(const TimingBenchRequest& req, const std::string& workload, const std::string& program) {
  const std::string json_path = fmt::format("/tmp/scwarp-bench-{}-{}.json", getpid(), workload);
  BenchRow row;
  row.workload = workload;
  const ChildResult child = run_self(child_args(req, workload, json_path), program);
  if (child.exit_status != kExitOk && child.exit_status != kExitVerificationFailed) {
    row.error = child.stderr_text.substr(0, child.stderr_text.find('\n'));
    if (row.error.empty()) row.error = fmt::format("exited with status {} and said nothing", child.exit_status);
    std::remove(json_path.c_str());
    return row;
  }
  // Another build's binary may not be scwarp at all, or write an older
  // report: say so rather than fail on the parse.
  try {
    std::ifstream in(json_path);
    if (!in) throw Error("it wrote no JSON report");
    const nlohmann::json report = nlohmann::json::parse(in);
    row.verified = report.at("verified").get<bool>();
    row.cycles = report.at("cycles").get<uint64_t>();
    row.thread_instructions = report.at("thread_instructions").get<uint64_t>();
    row.warp_instructions = report.at("warp_instructions").get<uint64_t>();
    row.launch_seconds = report.at("host").at("launch_seconds").get<double>();
    row.launch_cpu_seconds = report.at("host").at("launch_cpu_seconds").get<double>();
    row.peak_bytes = report.at("host").at("peak_resident_bytes").get<uint64_t>();
    row.completed = true;
  } catch (const std::exception& e) {
    row.error = fmt::format("no usable run report: {}", e.what());
  }
  std::remove(json_path.c_str());
  return row;
}

void fold_run(BenchRow& best, BenchRow run) {
  if (!best.completed) return;  // the first failure stands
  if (!run.completed) {
    best = std::move(run);
    return;
  }
  if (run.cycles != best.cycles || run.thread_instructions != best.thread_instructions ||
      run.warp_instructions != best.warp_instructions || run.verified != best.verified) {
    best.completed = false;
    best.error = fmt::format("two runs simulated differently ({} and {} cycles, {} and {} thread instructions): "
                             "a run must be deterministic",
                             best.cycles, run.cycles, best.thread_instructions, run.thread_instructions);
    return;
  }
  best.launch_seconds = std::min(best.launch_seconds, run.launch_seconds);
  best.launch_cpu_seconds = std::min(best.launch_cpu_seconds, run.launch_cpu_seconds);
  best.peak_bytes = std::max(best.peak_bytes, run.peak_bytes);
}

BenchRow run_best_row(const TimingBenchRequest& req, const std::string& workload, const std::string& program) {
  BenchRow best = run_bench_row(req, workload, program);
  for (uint32_t r = 1; r < req.reps; ++r) fold_run(best, run_bench_row(req, workload, program));
  return best;
}

nlohmann::json bench_row_json(const BenchRow& r) {
  nlohmann::json j = {{"workload", r.workload}, {"completed", r.completed}};
  if (!r.completed) {
    j["error"] = r.error;
    return j;
  }
  j.update({{"verified", r.verified},
            {"cycles", r.cycles},
            {"thread_instructions", r.thread_instructions},
            {"warp_instructions", r.warp_instructions},
            {"launch_seconds", r.launch_seconds},
            {"launch_cpu_seconds", r.launch_cpu_seconds},
            {"thread_instructions_per_second", r.per_second(r.thread_instructions)},
            {"warp_instructions_per_second", r.per_second(r.warp_instructions)},
            {"cycles_per_second", r.per_second(r.cycles)},
            {"peak_resident_bytes", r.peak_bytes}});
  return j;
}

double suite_mean_rate(const std::vector<BenchRow>& rows) {
  const std::vector<std::string> suite = workloads::suite_workload_names();
  double sum = 0;
  int n = 0;
  for (const BenchRow& r : rows) {
    if (!r.completed || std::find(suite.begin(), suite.end(), r.workload) == suite.end()) continue;
    sum += r.thread_rate();
    ++n;
  }
  return n ? sum / n : 0;
}

std::string bench_heading(const TimingBenchRequest& req) {
  const auto given = [](const std::string& v) { return v.empty() ? std::string("the config's") : v; };
  const std::string reps = req.reps > 1 ? fmt::format(", best of {} runs", req.reps) : "";
  return fmt::format("config {}, size {}, seed {}, sched {}, fetch {}, sched-impl {}{}",
                     req.config.config.empty() ? "gtx480 (built-in)" : req.config.config, req.size, req.seed,
                     given(req.config.scheduler), given(req.config.fetch_policy), given(req.config.sched_impl), reps);
}

int run_timing_bench(const TimingBenchRequest& req) {
  const std::vector<std::string> names = req.workloads.empty() ? workloads::workload_names() : req.workloads;
  fmt::print("timing benchmark, {}\n", bench_heading(req));
  fmt::print(kRowFormat, "workload", "verified", "thread instr", "cycles", "sim s", "M thr/s",
             "M warp/s", "K cyc/s", "peak MiB");
  std::vector<BenchRow> rows;
  bool all_ok = true;
  uint64_t peak = 0;
  for (const std::string& name : names) {
    rows.push_back(run_best_row(req, name));
    print_row(rows.back());
    all_ok = all_ok && rows.back().completed && rows.back().verified;
    peak = std::max(peak, rows.back().peak_bytes);
  }
  const double suite_rate = suite_mean_rate(rows);
  fmt::print("suite mean           {:.2f} M thread-instr/s (microbenchmarks excluded)\n", suite_rate / 1e6);
  fmt::print("peak resident memory {:.1f} MiB (largest run)\n", double(peak) / (1 << 20));
  if (!req.json_path.empty()) {
    nlohmann::json report = {{"mode", "timing"},
                             {"size", req.size},
                             {"seed", req.seed},
                             {"reps", req.reps},
                             {"config", req.config.config.empty() ? "gtx480" : req.config.config},
                             {"runs", nlohmann::json::array()},
                             {"suite_mean_thread_instructions_per_second", suite_rate},
                             {"peak_resident_bytes", peak}};
    for (const BenchRow& r : rows) report["runs"].push_back(bench_row_json(r));
    write_json_file(req.json_path, report);
  }
  return all_ok ? kExitOk : kExitVerificationFailed;
}

}  // namespace scwarp::cli
