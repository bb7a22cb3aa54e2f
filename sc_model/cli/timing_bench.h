// `scwarp bench` on the timing model: each workload runs as `scwarp run` in
// a child process; the bench gathers their reports into one speed table.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sc_model/cli/child_process.h"
#include "sc_model/cli/run_config.h"

namespace scwarp::cli {

struct TimingBenchRequest {
  std::vector<std::string> workloads;  // empty: every workload
  std::string size;
  uint64_t seed = 1;
  ConfigChoice config;
  std::string json_path;
  std::string against;  // another build's scwarp to race (`bench --against`); empty: none
  uint32_t reps = 1;    // runs of each workload (by each build); the least time is kept
};

// One workload's run, from its child's JSON report (or its error).
struct BenchRow {
  std::string workload;
  bool completed = false, verified = false;
  std::string error;
  uint64_t cycles = 0, thread_instructions = 0, warp_instructions = 0, peak_bytes = 0;
  double launch_seconds = 0;      // wall clock inside launches
  double launch_cpu_seconds = 0;  // the run's own CPU time inside launches (steadier on a loaded machine)
  double per_second(uint64_t count) const { return launch_seconds > 0 ? double(count) / launch_seconds : 0; }
  double thread_rate() const { return per_second(thread_instructions); }
  double thread_cpu_rate() const {
    return launch_cpu_seconds > 0 ? double(thread_instructions) / launch_cpu_seconds : 0;
  }
};

// Runs `workload` as `program run ... --json` in a child process.
BenchRow run_bench_row(const TimingBenchRequest& request, const std::string& workload,
                       const std::string& program = kThisProgram);

// Folds another run of the same workload into `best`, which holds the runs
// so far: the least launch times (a busy machine only ever adds time), the
// largest peak memory. A failed run replaces it; a run that simulated
// differently (other cycles or instructions: the runs must be
// deterministic) turns it into a failure saying so.
void fold_run(BenchRow& best, BenchRow run);
// The workload run request.reps times by `program`, folded.
BenchRow run_best_row(const TimingBenchRequest& request, const std::string& workload,
                      const std::string& program = kThisProgram);

// The row's speed and counts as the JSON report holds them.
nlohmann::json bench_row_json(const BenchRow& row);

// Mean over the suite's workloads (microbenchmarks left out) of each run's
// thread instructions per second: the figure the speed target is set on.
double suite_mean_rate(const std::vector<BenchRow>& rows);

// "the config's" when a policy was left to the config, else the name given.
std::string bench_heading(const TimingBenchRequest& request);

// Returns the exit status: ok when every run completed and verified.
int run_timing_bench(const TimingBenchRequest& request);

}  // namespace scwarp::cli
