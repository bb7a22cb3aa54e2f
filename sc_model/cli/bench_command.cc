// `scwarp bench`: runs workloads and reports how fast the simulator ran them:
// on the timing model (each run in its own child process, since SystemC
// elaborates one GPU per process) or, with --functional, on the functional
// engine. A measurement only: nothing here judges speed.
#include "sc_model/cli/bench_command.h"

#include <fmt/core.h>
#include <sys/stat.h>
#include <unistd.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "sc_model/cli/bench_against.h"
#include "sc_model/cli/exit_status.h"
#include "sc_model/cli/json_file.h"
#include "sc_model/cli/peak_memory.h"
#include "sc_model/cli/run_config.h"
#include "sc_model/cli/timing_bench.h"
#include "sc_model/cli/unsigned_text.h"
#include "sc_model/cli/workload_run.h"
#include "tb/workloads/workload.h"

namespace scwarp::cli {
namespace {

struct BenchOptions {
  std::string size = "paper";
  std::vector<std::string> workloads;  // empty: every registered workload
  uint64_t seed = 1;
  bool functional = false;
  ConfigChoice config;                 // timing mode only
  std::string json_path;
  std::string against;                 // timing mode only: another build's scwarp
  uint32_t reps = 1;                   // timing mode only: runs per workload and build
};

struct BenchTotals {
  uint64_t thread_instructions = 0;
  double host_seconds = 0;
  double launch_seconds = 0;
  double launch_cpu_seconds = 0;
  bool all_verified = true;

  void add(const WorkloadRun& run) {
    thread_instructions += run.totals.thread_instructions;
    host_seconds += run.host_seconds;
    launch_seconds += run.launch_seconds;
    launch_cpu_seconds += run.launch_cpu_seconds;
    all_verified = all_verified && run.verification.ok;
  }
  double thread_instructions_per_second() const {
    return launch_seconds > 0 ? double(thread_instructions) / launch_seconds : 0.0;
  }
};

constexpr const char* kRowFormat = "{:<16} {:>8} {:>14} {:>9} {:>9} {:>9} {:>14}\n";

struct Row {
  std::string name, verified;
  uint64_t thread_instructions;
  double host_seconds, launch_seconds, launch_cpu_seconds, rate;
};

void print_row(const Row& r) {
  const auto secs = [](double s) { return fmt::format("{:.3f}", s); };
  fmt::print(kRowFormat, r.name, r.verified, r.thread_instructions, secs(r.host_seconds),
             secs(r.launch_seconds), secs(r.launch_cpu_seconds), fmt::format("{:.2f}", r.rate / 1e6));
}

nlohmann::json report_json(const BenchOptions& opts, const std::vector<WorkloadRun>& runs,
                           const BenchTotals& totals) {
  nlohmann::json report;
  report["size"] = opts.size;
  report["seed"] = opts.seed;
  report["mode"] = "functional";
  report["runs"] = nlohmann::json::array();
  for (const auto& run : runs) report["runs"].push_back(to_json(run));
  report["total"] = {
      {"verified", totals.all_verified},
      {"thread_instructions", totals.thread_instructions},
      {"host_seconds", totals.host_seconds},
      {"launch_seconds", totals.launch_seconds},
      {"launch_cpu_seconds", totals.launch_cpu_seconds},
      {"thread_instructions_per_second", totals.thread_instructions_per_second()},
  };
  report["peak_resident_bytes"] = peak_resident_bytes();
  report["host_cpus"] = std::thread::hardware_concurrency();
  return report;
}

int bench_functional(const BenchOptions& opts) {
  const workloads::Size size = workloads::parse_size(opts.size);
  const std::vector<std::string> names =
      opts.workloads.empty() ? workloads::workload_names() : opts.workloads;
  fmt::print("functional benchmark, size {}, seed {}\n", opts.size, opts.seed);
  fmt::print(kRowFormat, "workload", "verified", "thread instr", "host s", "launch s",
             "cpu s", "M thr-instr/s");
  std::vector<WorkloadRun> runs;
  BenchTotals totals;
  for (const auto& name : names) {
    runs.push_back(run_workload_functional(name, size, opts.seed));
    const WorkloadRun& run = runs.back();
    totals.add(run);
    print_row({name, run.verification.ok ? "yes" : "NO", run.totals.thread_instructions,
               run.host_seconds, run.launch_seconds, run.launch_cpu_seconds,
               run.thread_instructions_per_second()});
  }
  print_row({"total", totals.all_verified ? "yes" : "NO", totals.thread_instructions,
             totals.host_seconds, totals.launch_seconds, totals.launch_cpu_seconds,
             totals.thread_instructions_per_second()});
  fmt::print("peak resident memory {:.1f} MiB\n", double(peak_resident_bytes()) / (1 << 20));
  if (!opts.json_path.empty()) write_json_file(opts.json_path, report_json(opts, runs, totals));
  return totals.all_verified ? kExitOk : kExitVerificationFailed;
}

int bench_timing(const BenchOptions& opts) {
  const TimingBenchRequest request{opts.workloads, opts.size, opts.seed, opts.config, opts.json_path,
                                   opts.against, opts.reps};
  return opts.against.empty() ? run_timing_bench(request) : run_bench_against(request);
}

// An executable regular file, checked before any run starts.
CLI::Validator executable_file() {
  return CLI::Validator(
      [](std::string& path) -> std::string {
        struct stat st {};
        if (stat(path.c_str(), &st) != 0) return "'" + path + "' does not exist";
        if (!S_ISREG(st.st_mode) || access(path.c_str(), X_OK) != 0)
          return "'" + path + "' is not an executable file";
        return "";
      },
      "EXECUTABLE");
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_status) {
  auto opts = std::make_shared<BenchOptions>();
  CLI::App* cmd = app.add_subcommand(
      "bench", "Measure simulation speed: simulated cycles, thread and warp instructions per host "
               "second, and peak memory, per workload");
  cmd->add_option("--size", opts->size, "Problem size (timing runs default to paper too: "
                                         "expect minutes)")
      ->check(CLI::IsMember(size_names()))
      ->capture_default_str();
  cmd->add_option("--workload", opts->workloads,
                  "Workload to run; repeat for several (default: every workload)")
      ->check(CLI::IsMember(workloads::workload_names()));
  cmd->add_option("--seed", opts->seed, "Seed of the workloads' input generators")
      ->check(unsigned_text())
      ->capture_default_str();
  CLI::Option* config = cmd->add_option("--config", opts->config.config,
                                        "GPU config file or name in configs/ (default: built-in gtx480)");
  CLI::Option* sched = cmd->add_option("--sched", opts->config.scheduler, "Issue scheduler policy");
  CLI::Option* fetch = cmd->add_option("--fetch", opts->config.fetch_policy, "Fetch policy");
  CLI::Option* impl = cmd->add_option("--sched-impl", opts->config.sched_impl,
                                      "Who runs the policies: cpp, rtl or lockstep (the cost of RTL in the loop)");
  CLI::Option* set = cmd->add_option("--set", opts->config.sets, "Override a config option, NAME=VALUE");
  CLI::Option* against =
      cmd->add_option("--against", opts->against,
                      "Another build's scwarp binary: run each workload on it and on this build, "
                      "interleaved, and print both rates, their ratio and whether the cycles agree")
          ->check(executable_file());
  CLI::Option* reps =
      cmd->add_option("--reps", opts->reps,
                      "Runs of each workload (by each build with --against, interleaved); the least time "
                      "is kept, which a busy machine only ever adds to")
          ->check(CLI::Range(1u, 100u))
          ->capture_default_str();
  cmd->add_flag("--functional", opts->functional, "Measure the functional engine alone")
      ->excludes(against)
      ->excludes(reps)
      ->excludes(config)
      ->excludes(sched)
      ->excludes(fetch)
      ->excludes(impl)
      ->excludes(set);
  cmd->add_option("--json", opts->json_path, "Also write the report to this JSON file");
  cmd->callback([opts, &exit_status] {
    exit_status = opts->functional ? bench_functional(*opts) : bench_timing(*opts);
  });
}

}  // namespace scwarp::cli
